"""Who won a finished match, and what it changes in the server's standings and ratings."""

from __future__ import annotations

import json
from collections.abc import Mapping

from openskill.models import PlackettLuce

from referee.match import Match
from referee.rows import ALL_GAMES, SolitaireScore, StandingChange
from referee.safe_text import clean_name
from rules.placements import Result

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


def ranks(match: Match) -> list[int]:
    """A rank per seat of a finished match, for rating (1 = best; ties share; resigned seats
    come last): its placements."""
    return list(final(match).places)


def final(match: Match) -> Result:
    """The result of a finished match (its end is asserted)."""
    result = match.require_progress().final()
    assert result is not None, match.label
    return result


def standing_changes(
    match: Match, ratings: Mapping[str, Mapping[int, tuple[float, float]]]
) -> list[StandingChange]:
    """The standing changes of every player of a game of two or more, for this game and for
    all games (a one-player game changes no standings: it has its own table of bests)."""
    result = final(match)
    winners = result.winners
    out = []
    for game in (match.row.game, ALL_GAMES):
        known = ratings.get(game, {})
        teams = []
        for s in match.seats:
            mu, sigma = known.get(s.member_id, (MODEL.mu, MODEL.sigma))
            teams.append([MODEL.rating(mu=mu, sigma=sigma)])
        rated = MODEL.rate(teams, ranks=[float(r) for r in result.places])
        for s, team in zip(match.seats, rated, strict=True):
            total = result.scores[s.seat]
            out.append(
                StandingChange(
                    game=game,
                    user_id=s.member_id,
                    name=clean_name(s.name),
                    win=winners == (s.seat,),
                    draw=result.drawn and s.seat in winners,
                    points=total if isinstance(total, int) else 0,
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
