"""Scores and tie-breaks: what a game, a bye and a forfeit are worth, and the ranked standings.

One rule scores every game: a seat gets (opponents it beat + half those it tied with) / (table
size - 1), so a table of 2 gives 1, ½ or 0. A bye is a full point. In a forfeit the entrants
present beat the withdrawn ones, who get nothing. A game's win is first place alone, a draw a
shared first place, anything else a loss.

Tie-breaks read the games played (not byes, not forfeits), opponent by opponent, each pair at a
table weighing 1 / (table size - 1) so that a game weighs the same at every table size:
- buchholz: the final scores of the opponents met;
- sonneborn-berger: each opponent's final score times the result against them (1, ½, 0);
- head-to-head: the result against the opponents tied on score.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from referee.pairing_types import Byes, Entrant, Played, Row

HALF = Fraction(1, 2)


def versus(mine: int, theirs: int) -> Fraction:
    """The result of one place against another: 1 ahead, ½ level, 0 behind."""
    return Fraction(1) if mine < theirs else HALF if mine == theirs else Fraction(0)


def seat_scores(game: Played) -> tuple[Fraction, ...]:
    """Each seat's score in a finished game."""
    assert game.places is not None, game
    places = game.places
    last = max(places)
    out = []
    for seat, mine in enumerate(places):
        if game.forfeit and mine == last != min(places):
            # Withdrawn entrants tie with each other, but a forfeit gives them nothing.
            out.append(Fraction(0))
            continue
        won = sum((versus(mine, t) for s, t in enumerate(places) if s != seat), Fraction(0))
        out.append(won / (len(places) - 1))
    return tuple(out)


def meetings(games: Sequence[Played]) -> Iterator[tuple[int, int, Fraction, Fraction]]:
    """(entrant, opponent, result, weight) for each ordered pair at each finished game played."""
    for game in games:
        if game.places is None or game.forfeit:
            continue
        weight = Fraction(1, len(game.table) - 1)
        for me, mine in zip(game.table, game.places, strict=True):
            for them, theirs in zip(game.table, game.places, strict=True):
                if them != me:
                    yield me, them, versus(mine, theirs), weight


@dataclass
class Tally:
    """What one entrant has so far, before tie-breaks."""

    score: Fraction = Fraction(0)
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    forfeits: int = 0


def tally(entrants: Sequence[Entrant], games: Sequence[Played], byes: Byes) -> dict[int, Tally]:
    """Each entrant's score and counts from the finished games and the byes."""
    out = {e.id: Tally() for e in entrants}
    for _, entrant in byes:
        out[entrant].byes += 1
        out[entrant].score += 1
    for game in games:
        if game.places is None:
            continue
        best = min(game.places)
        shared = game.places.count(best) > 1
        for entrant, place, score in zip(game.table, game.places, seat_scores(game), strict=True):
            got = out[entrant]
            got.score += score
            if game.forfeit:
                got.forfeits += 1
                continue
            got.played += 1
            if place != best:
                got.losses += 1
            elif shared:
                got.draws += 1
            else:
                got.wins += 1
    return out


Tiebreak = Callable[[Mapping[int, Tally], Sequence[Played]], dict[int, Fraction]]


def buchholz(tallies: Mapping[int, Tally], games: Sequence[Played]) -> dict[int, Fraction]:
    """The sum of the final scores of the opponents met."""
    out = {e: Fraction(0) for e in tallies}
    for me, them, _, weight in meetings(games):
        out[me] += tallies[them].score * weight
    return out


def sonneborn_berger(tallies: Mapping[int, Tally], games: Sequence[Played]) -> dict[int, Fraction]:
    """The sum of the final scores of the opponents met, each times the result against them."""
    out = {e: Fraction(0) for e in tallies}
    for me, them, result, weight in meetings(games):
        out[me] += tallies[them].score * result * weight
    return out


def head_to_head(tallies: Mapping[int, Tally], games: Sequence[Played]) -> dict[int, Fraction]:
    """The score in the games among the entrants tied on score."""
    out = {e: Fraction(0) for e in tallies}
    for me, them, result, weight in meetings(games):
        if tallies[me].score == tallies[them].score:
            out[me] += result * weight
    return out


TIEBREAKS: dict[str, Tiebreak] = {
    "buchholz": buchholz,
    "sonneborn-berger": sonneborn_berger,
    "head-to-head": head_to_head,
}
"""The tie-breaks by the code word a format lists them under."""


def standings(
    entrants: Sequence[Entrant], games: Sequence[Played], byes: Byes, names: Sequence[str]
) -> list[Row]:
    """The standings by score, then by the named tie-breaks in order, then by entry number."""
    tallies = tally(entrants, games, byes)
    breaks = [TIEBREAKS[name](tallies, games) for name in names]
    keys = {e: (t.score, *(b[e] for b in breaks)) for e, t in tallies.items()}
    return ranked(tallies, keys, {e: tuple(b[e] for b in breaks) for e in tallies})


def ranked(
    tallies: Mapping[int, Tally],
    keys: Mapping[int, tuple[Fraction, ...]],
    tiebreaks: Mapping[int, tuple[Fraction, ...]],
    after: Mapping[int, int] | None = None,
) -> list[Row]:
    """Rows best key first; equal keys share a rank (1, 2, 2, 4), listed by `after` or number."""
    order = sorted(
        tallies,
        key=lambda e: (tuple(-k for k in keys[e]), after[e] if after is not None else e),
    )
    rows = []
    rank = 0
    for place, entrant in enumerate(order, 1):
        if place == 1 or keys[entrant] != keys[order[place - 2]]:
            rank = place
        t = tallies[entrant]
        rows.append(
            Row(
                entrant=entrant,
                rank=rank,
                score=t.score,
                played=t.played,
                wins=t.wins,
                draws=t.draws,
                losses=t.losses,
                byes=t.byes,
                tiebreaks=tiebreaks[entrant],
                forfeits=t.forfeits,
            )
        )
    return rows


def seat_lead(games: Sequence[Played]) -> dict[int, Fraction]:
    """How far each entrant has sat ahead so far: +1 a game in the first seat, -1 in the last."""
    lead: dict[int, Fraction] = defaultdict(Fraction)
    for game in games:
        last = len(game.table) - 1
        for seat, entrant in enumerate(game.table):
            lead[entrant] += Fraction(last - 2 * seat, last)
    return lead
