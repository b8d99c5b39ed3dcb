"""What several parts of the referee decide alike: a refusal of an action that came too late, and
the end of a match with its changes to the standings."""

from __future__ import annotations

import logging

from referee.codes import Refusal
from referee.errors import RefereeError
from referee.match import CANCELLED, OVER, Match
from referee.rows import (
    ALL_GAMES,
    MatchEnd,
    RatingAfter,
    Ratings,
)
from referee.standings import final, solitaire_score, standing_changes
from referee.versus import rated_as, versus_changes

log = logging.getLogger(__name__)

LOBBY_SECONDS = 6 * 3600
"""A lobby that nobody starts closes after this long."""


def already(match: Match) -> RefereeError:
    """The refusal of an action on a match that has already started, ended or been cancelled."""
    code = {OVER: Refusal.ALREADY_ENDED, CANCELLED: Refusal.ALREADY_CANCELLED}.get(
        match.status, Refusal.ALREADY_STARTED
    )
    return RefereeError(code, game=match.ref)


def match_end(match: Match) -> MatchEnd:
    """The result of a match that is over, exactly the replay of its record, and how it changes
    the standings: worked out inside the transaction that ends it, from the ratings there."""
    progress = match.require_progress()
    result = progress.result()
    if progress.players == 1:
        return MatchEnd(OVER, result, solitaire=solitaire_score(match))
    games = (match.row.game, ALL_GAMES)

    def rate(ratings: Ratings) -> MatchEnd:
        if match.has_computer():
            # A game with a computer changes nothing among members: it has its own table.
            players = [rated_as(match, s.seat) for s in match.seats]
            known = ratings.of_players(games, players)
            versus, rated = versus_changes(match, known)
            members = {str(s.user_id): s.user_id for s in match.seats if s.user_id is not None}
            history = [
                RatingAfter(r.game, members[r.player], "computer", r.mu, r.sigma)
                for r in rated
                if r.player in members
            ]
            return MatchEnd(OVER, result, versus=versus, versus_ratings=rated, history=history)
        seated = list(match.members())
        changes = standing_changes(match, ratings.of_members(games, seated))
        history = [RatingAfter(c.game, c.user_id, "members", c.mu, c.sigma) for c in changes]
        season = ratings.season
        # The season's table is rated like the all-time one, from the season's own ratings.
        in_season = (
            standing_changes(match, ratings.of_members_in_season(games, seated))
            if season is not None
            else []
        )
        return MatchEnd(
            OVER, result, changes, history=history, season=season, season_changes=in_season
        )

    # A tournament's game leaves its places in the tournament's table, in the same write.
    places = tuple(final(match).places) if match.row.tournament_id is not None else ()
    return MatchEnd(OVER, result, rate=rate, places=places)
