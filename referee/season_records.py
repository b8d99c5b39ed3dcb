"""A server's seasons: how long they last (a moderator's setting), each season's table, and the
winners of the seasons that are over. Which season a game counts for is decided in the
transaction that ends it (the store reads the setting there)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from referee.codes import Refusal, Reply
from referee.errors import RefereeError
from referee.rows import ALL_GAMES, Standing
from referee.seasons import ALL_TIME, LENGTHS, OFF, Season, newest_first, parse_season, season_at
from referee.speech import Day, LengthName, Listed, Quote, SeasonName, Text, say
from referee.store import Store


@dataclass(frozen=True)
class Board:
    """A leaderboard among members as asked for: a season's table, or the all-time one."""

    standings: list[Standing]
    season: Season | None = None
    """The season whose table it is; None: the all-time table."""
    current: bool = False
    """The season is the server's current one."""
    length: str = OFF
    """How long the server's seasons last now."""


@dataclass(frozen=True)
class Winners:
    """The top of a season's table (several where they tie)."""

    season: Season
    standings: list[Standing]


@dataclass(frozen=True)
class Overview:
    """What `/season` shows: the length, the current season and its leaders, the past seasons'
    winners (newest first)."""

    length: str
    current: Season | None
    leaders: list[Standing] = field(default_factory=list)
    past: list[Winners] = field(default_factory=list)


class SeasonRecords:
    """Seasons: setting their length, and reading their tables and winners."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def set_length(self, guild_id: int, length: str, moderator: bool) -> Text:
        """Set how long the server's seasons last (`off`: none), for the games that end from
        now on; a member without the moderator's right is refused, and nothing changes."""
        if length not in LENGTHS:
            names = Listed.of(LengthName(name) for name in LENGTHS)
            raise RefereeError(Refusal.NO_SUCH_LENGTH, length=Quote(length), lengths=names)
        if not moderator:
            now = await self.store.season_length(guild_id)
            raise RefereeError(Refusal.SEASONS_MODERATORS, length=LengthName(now))
        at = self.clock()
        await self.store.set_season_length(guild_id, length, at)
        season = season_at(length, at)
        if season is None:
            return say(Reply.SEASONS_OFF)
        return say(
            Reply.SEASONS_SET,
            length=LengthName(length),
            season=SeasonName(season.key),
            first=Day(season.first),
            last=Day(season.last),
        )

    async def current(self, guild_id: int) -> tuple[str, Season | None]:
        """The server's season length, and its season now (None without seasons)."""
        length = await self.store.season_length(guild_id)
        return length, season_at(length, self.clock())

    async def board(
        self, guild_id: int, game: str | None, season: str | None, limit: int = 10
    ) -> Board:
        """The leaderboard among members of one game or all: of the season asked for by its key,
        the all-time one for ALL_TIME, and when none is asked, of the current season if the
        server has seasons (else the all-time one). RefereeError for a season it never had."""
        game = game or ALL_GAMES
        length, now = await self.current(guild_id)
        if season is not None and season.strip().lower() == ALL_TIME:
            return Board(await self.store.standings(guild_id, game, limit), length=length)
        if season is None:
            if now is None:
                return Board(await self.store.standings(guild_id, game, limit), length=length)
            asked = now
        else:
            asked = await self._known(guild_id, season, now)
        rows = await self.store.season_standings(guild_id, asked.key, game, limit)
        return Board(rows, asked, asked == now, length)

    async def _known(self, guild_id: int, typed: str, now: Season | None) -> Season:
        """The season a member asked for, if the server has had it (or it is the current one)."""
        known = newest_first([*await self.store.seasons(guild_id), *([now.key] if now else [])])
        found = parse_season(typed)
        if found is not None and found in known:
            return found
        if not known:
            raise RefereeError(Refusal.NO_SEASONS)
        listed = Listed.of(Quote(s.key) for s in known)
        raise RefereeError(Refusal.NO_SUCH_SEASON, season=Quote(typed), seasons=listed)

    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's current season, then those with a table, newest first."""
        _, now = await self.current(guild_id)
        past = [s for s in newest_first(await self.store.seasons(guild_id)) if s != now]
        return [now, *past] if now is not None else past

    async def overview(self, guild_id: int, game: str | None) -> Overview:
        """The server's season length, its current season with who leads it, and the winners of
        its past seasons (for one game, or all games), newest first."""
        length, now = await self.current(guild_id)
        tops: dict[str, list[Standing]] = {}
        for won in await self.store.season_winners(guild_id, game or ALL_GAMES):
            tops.setdefault(won.season, []).append(won.standing)
        past = [
            Winners(s, tops[s.key]) for s in newest_first(tops) if now is None or s.key != now.key
        ]
        leaders = tops.get(now.key, []) if now is not None else []
        return Overview(length, now, leaders, past)
