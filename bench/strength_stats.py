"""What the strength section's games add up to: each pairing's results, and every
contestant's rating on the bot's own scale."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bench.strength_games import GameResult, Pairing, lowest_wins
from referee.standings import MODEL, shown_rating


@dataclass
class Tally:
    """One pairing's results, counted for its first-named contestant."""

    pairing: Pairing
    wins: int = 0
    """Games it ended alone best."""
    draws: int = 0
    """Games it ended best beside others."""
    losses: int = 0
    points: int = 0
    """Its total points over its games."""
    other_points: float = 0.0
    """The other seats' average total, summed over the games."""

    @property
    def games(self) -> int:
        """How many games were played."""
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        """Wins plus half the draws, over the games."""
        return (self.wins + self.draws / 2) / self.games if self.games else float("nan")

    @property
    def alone_best(self) -> float:
        """The share of games it ended alone best."""
        return self.wins / self.games if self.games else float("nan")

    @property
    def score_share(self) -> float:
        """Its share of its total and the others' average; where lowest wins, the others'
        share (the part of the points it avoided), so higher is better either way."""
        total = self.points + self.other_points
        if not total:
            return 0.5
        mine = self.other_points if lowest_wins(self.pairing.table.slug) else self.points
        return mine / total

    def add(self, result: GameResult) -> None:
        """Count one game."""
        seat, winners = result.seat, result.winners
        if winners == (seat,):
            self.wins += 1
        elif seat in winners:
            self.draws += 1
        else:
            self.losses += 1
        self.points += result.totals[seat]
        others = [t for s, t in enumerate(result.totals) if s != seat]
        self.other_points += sum(others) / len(others)


def tallies(results: Iterable[GameResult]) -> dict[Pairing, Tally]:
    """Each pairing's tally, in the order the results come."""
    out: dict[Pairing, Tally] = {}
    for result in results:
        out.setdefault(result.pairing, Tally(result.pairing)).add(result)
    return out


@dataclass(frozen=True)
class Rating:
    """A contestant's rating from the two-player games at default options."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> int:
        """The rating as the bot shows it (a newcomer has 1000)."""
        return shown_rating(self.mu, self.sigma)


def paced(results: Iterable[GameResult]) -> list[GameResult]:
    """The games as if every pairing were played side by side at an even pace: each game at
    its place within its pairing, whatever order the results came in."""
    by_pairing: dict[Pairing, list[GameResult]] = {}
    for result in results:
        by_pairing.setdefault(result.pairing, []).append(result)
    placed: list[tuple[float, GameResult]] = []
    for games in by_pairing.values():
        games.sort(key=lambda r: r.index)
        placed += [((rank + 0.5) / len(games), r) for rank, r in enumerate(games)]
    # The pairing breaks a tie of places, so that the order of the results given never counts.
    placed.sort(
        key=lambda p: (p[0], p[1].pairing.table.label, p[1].pairing.first, p[1].pairing.other)
    )
    return [r for _, r in placed]


def ratings(results: Iterable[GameResult], slug: str | None = None) -> list[Rating]:
    """OpenSkill ratings of every contestant over the two-player games at default options
    (of one game, or of all), best first. The model rates one game after another, so the
    games go in paced order: rated a pairing at a time, whichever pairing came last would
    move its two contestants most."""
    state: dict[str, tuple[float, float, int]] = {}
    for result in paced(results):
        table = result.pairing.table
        if not table.default or (slug is not None and table.slug != slug):
            continue
        names = result.names
        teams = []
        for name in names:
            mu, sigma, _ = state.get(name, (MODEL.mu, MODEL.sigma, 0))
            teams.append([MODEL.rating(mu=mu, sigma=sigma)])
        ranks = [1.0 if seat in result.winners else 2.0 for seat in range(len(names))]
        for name, team in zip(names, MODEL.rate(teams, ranks=ranks), strict=True):
            games = state.get(name, (0.0, 0.0, 0))[2]
            state[name] = (team[0].mu, team[0].sigma, games + 1)
    out = [Rating(name, mu, sigma, games) for name, (mu, sigma, games) in state.items()]
    return sorted(out, key=lambda r: -(r.mu - 3 * r.sigma))
