"""Who won a finished match, and what it changes in the server's standings and ratings."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

from referee.match import Match
from referee.rows import ALL_GAMES, SolitaireScore, StandingChange
from referee.safe_text import clean_name

MODEL = PlackettLuce()
"""The rating model of every table: members among themselves, and games with a computer."""
CENTRE, STEP = 1000, 40
"""A rating as shown: CENTRE + STEP x (mu - 3 sigma), where a newcomer's mu - 3 sigma is 0."""
PROVISIONAL_GAMES = 5
"""Fewer rated games than this and a shown rating is marked provisional."""


def shown_rating(mu: float, sigma: float) -> int:
    """A rating as every table shows it: its conservative estimate, a newcomer at 1000."""
    # mu - 3 sigma rises as sigma shrinks, so a rating climbs as the bot grows sure of a player.
    return round(CENTRE + STEP * (mu - 3 * sigma))


def provisional(games: int) -> bool:
    """True when a rating rests on too few games to say much yet."""
    return games < PROVISIONAL_GAMES


def ranks(match: Match, winners: Sequence[int]) -> list[int]:
    """A rank per seat for rating (1 = best; ties share; resigned seats come last)."""
    p = match.require_progress()
    totals = p.game.scores(p.state)
    sign = 1 if p.game.lowest_wins else -1

    def key(seat: int) -> tuple[int, int, int]:
        resigned = match.resigned(seat)
        return (0 if seat in winners else 1, int(resigned), sign * totals[seat])

    order = sorted(range(len(match.seats)), key=key)
    out = [0] * len(order)
    rank = 0
    last: tuple[int, int, int] | None = None
    for position, seat in enumerate(order):
        if key(seat) != last:
            rank, last = position + 1, key(seat)
        out[seat] = rank
    return out


def standing_changes(
    match: Match,
    winners: Sequence[int],
    ratings: Mapping[str, Mapping[int, tuple[float, float]]],
) -> list[StandingChange]:
    """The standing changes of every player of a game of two or more, for this game and for
    all games (a one-player game changes no standings: it has its own table of bests)."""
    p = match.require_progress()
    totals = p.game.scores(p.state)
    seat_ranks = ranks(match, winners)
    out = []
    for game in (match.row.game, ALL_GAMES):
        known = ratings.get(game, {})
        teams = []
        for s in match.seats:
            mu, sigma = known.get(s.member_id, (MODEL.mu, MODEL.sigma))
            teams.append([MODEL.rating(mu=mu, sigma=sigma)])
        rated = MODEL.rate(teams, ranks=[float(r) for r in seat_ranks])
        for s, team in zip(match.seats, rated, strict=True):
            out.append(
                StandingChange(
                    game=game,
                    user_id=s.member_id,
                    name=clean_name(s.name),
                    win=list(winners) == [s.seat],
                    draw=len(winners) > 1 and s.seat in winners,
                    points=totals[s.seat] if isinstance(totals[s.seat], int) else 0,
                    mu=team[0].mu,
                    sigma=team[0].sigma,
                )
            )
    return out


def solitaire_score(match: Match) -> SolitaireScore | None:
    """A finished one-player game as a candidate best, unless it was resigned."""
    p = match.require_progress()
    if p.resigned:
        return None
    seat = match.seats[0]
    options = json.dumps(match.row.settled, sort_keys=True)
    moves = tuple(e[1] for e in match.moves)
    return SolitaireScore(
        match.row.game,
        options,
        seat.member_id,
        clean_name(seat.name),
        p.game.scores(p.state)[0],
        moves,
    )
