"""What a server keeps of finished games: leaderboards, a member's statistics, one-player bests."""

from __future__ import annotations

from referee.rows import (
    ALL_GAMES,
    LevelRating,
    MemberStats,
    SolitaireBest,
    Standing,
    VersusStanding,
)
from referee.store import Store
from rules import GAMES


class Records:
    """Reading the standings and statistics the store keeps."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def standings(self, guild_id: int, game: str | None, limit: int = 10) -> list[Standing]:
        """A server's leaderboard for one game, or for all games."""
        return await self.store.standings(guild_id, game or ALL_GAMES, limit)

    async def versus_standings(
        self, guild_id: int, game: str | None, limit: int = 10
    ) -> tuple[list[VersusStanding], list[LevelRating]]:
        """A server's leaderboard against the computer (one game or all), and the levels'
        ratings there."""
        return await self.store.versus_standings(guild_id, game or ALL_GAMES, limit)

    async def member_stats(self, guild_id: int, user_id: int) -> MemberStats:
        """What a server keeps of one member's games: standings, records, totals, history."""
        return await self.store.member_stats(guild_id, user_id)

    async def solitaire_bests(self, guild_id: int) -> list[SolitaireBest]:
        """A server's best one-player scores, for every game that can be played alone."""
        out = []
        for slug, game in GAMES.items():
            if game.min_players == 1:
                out += await self.store.solitaire_bests(guild_id, slug)
        return out
