"""A member's statistics in a server, game by game, from what the store keeps of them."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rows import ALL_GAMES, MemberStats, RatingPoint, VersusStanding
from referee.standings import provisional, shown_rating
from rules import GAMES

VS = ("members", "computer")
"""The two kinds of rating: among members, and from games with a computer."""


@dataclass(frozen=True)
class GameStats:
    """One line of /stats: a game ('*' = all games) among members, and the best total."""

    game: str
    games: int
    wins: int
    draws: int
    rating: int | None
    """Among members, as shown; None before a rated game among members."""
    provisional: bool
    best: int | None
    """The best total in one game played to the end; None over all games (they don't compare)."""
    versus: VersusStanding | None

    @property
    def win_rate(self) -> float | None:
        """Wins per game among members, or None before any."""
        return self.wins / self.games if self.games else None


def game_stats(stats: MemberStats) -> list[GameStats]:
    """All games first, then each game the member finished, in the games' own order."""
    kept = (stats.standings, stats.versus, stats.totals)
    games = [ALL_GAMES] + [slug for slug in GAMES if any(slug in k for k in kept)]
    out = []
    for game in games:
        row = stats.standings.get(game)
        best = None
        if game in stats.totals:
            high, low = stats.totals[game]
            best = low if GAMES[game].lowest_wins else high
        out.append(
            GameStats(
                game,
                row.games if row else 0,
                row.wins if row else 0,
                row.draws if row else 0,
                shown_rating(row.mu, row.sigma) if row else None,
                provisional(row.games) if row else False,
                best,
                stats.versus.get(game),
            )
        )
    return out


def has_games(stats: MemberStats) -> bool:
    """True when the member finished at least one game in the server."""
    return bool(stats.standings or stats.versus or stats.totals)


def rating_series(stats: MemberStats, vs: str, game: str) -> list[tuple[int, int, RatingPoint]]:
    """Ratings of one kind and game as (nth game of that kind overall, shown rating, point)."""
    order = {
        p.match_id: n
        for n, p in enumerate((p for p in stats.history if p.vs == vs and p.game == ALL_GAMES), 1)
    }
    return [
        (order[p.match_id], shown_rating(p.mu, p.sigma), p)
        for p in stats.history
        if p.vs == vs and p.game == game and p.match_id in order
    ]
