"""Games with a computer: each member's record against each level, and ratings on one scale for
members and levels, kept apart from the standings among members."""

from __future__ import annotations

from collections.abc import Mapping

from referee.match import Match
from referee.rows import ALL_GAMES, VersusChange, VersusRating
from referee.safe_text import clean_name
from referee.standings import MODEL, ranks


def rated_as(match: Match, seat: int) -> str:
    """Who a seat is for the ratings of games with a computer: its level, or the member's id."""
    row = match.seats[seat]
    return row.computer or str(row.user_id)


def versus_changes(
    match: Match, ratings: Mapping[str, Mapping[str, tuple[float, float]]]
) -> tuple[list[VersusChange], list[VersusRating]]:
    """What a finished game with a computer adds: for each member and each level at the table,
    a win (the member placed above every computer of that level), a draw (level with the best
    of them) or a loss; and the new ratings of everyone at the table, for this game and all."""
    seat_ranks = ranks(match)
    levels = {s.computer for s in match.seats if s.computer}
    best_of_level = {
        level: min(seat_ranks[s.seat] for s in match.seats if s.computer == level)
        for level in levels
    }
    changes, rated = [], []
    for game in (match.row.game, ALL_GAMES):
        for s in match.seats:
            if s.user_id is None:
                continue
            for level in sorted(levels):
                mine, theirs = seat_ranks[s.seat], best_of_level[level]
                changes.append(
                    VersusChange(
                        game, s.user_id, clean_name(s.name), level, mine < theirs, mine == theirs
                    )
                )
        rated += _rated(match, seat_ranks, game, ratings.get(game, {}))
    return changes, rated


def _rated(
    match: Match, seat_ranks: list[int], game: str, known: Mapping[str, tuple[float, float]]
) -> list[VersusRating]:
    """The new ratings of everyone at the table in one game; two computers of one level share
    the mean of their new ratings."""
    players = [rated_as(match, s.seat) for s in match.seats]
    start = (MODEL.mu, MODEL.sigma)
    teams = [[MODEL.rating(*known.get(p, start))] for p in players]
    new = MODEL.rate(teams, ranks=[float(r) for r in seat_ranks])
    by_player: dict[str, list[tuple[float, float]]] = {}
    for player, team in zip(players, new, strict=True):
        by_player.setdefault(player, []).append((team[0].mu, team[0].sigma))
    return [
        VersusRating(
            game,
            player,
            sum(mu for mu, _ in values) / len(values),
            sum(sigma for _, sigma in values) / len(values),
        )
        for player, values in by_player.items()
    ]
