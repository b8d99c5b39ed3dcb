"""What the pairing transaction makes of a tournament: pure functions of the tournament as that
transaction reads it (so every process decides alike), built on the formats' pairings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from referee.pairings import FORMATS, Entrant, Format, Played
from referee.rows import Deadline
from referee.standings import MODEL, shown_rating
from referee.tournament_rows import (
    DONE,
    OPEN,
    RUNNING,
    GameRow,
    NewTable,
    RoundPlan,
    TournamentData,
)
from rules import GAMES

Deadlines = Callable[[], Deadline]
"""The deadline of a game's first step, for games that open now."""


def entrants(data: TournamentData) -> list[Entrant]:
    """The entries as the formats see them."""
    return [Entrant(e.entrant, e.rating, e.withdrawn) for e in data.entrants]


def played(data: TournamentData) -> list[Played]:
    """Every game so far as the formats see it."""
    return [
        Played(g.round, g.entrants, g.places, forfeit=g.match_id is None, tiebreak=g.tiebreak)
        for g in data.games
    ]


def format_of(data: TournamentData) -> Format:
    """The tournament's format."""
    return FORMATS[data.row.format]


def rounds_of(data: TournamentData) -> int:
    """How many rounds the tournament plays with its entries."""
    return format_of(data).rounds(len(data.entrants), data.row.table_size, data.row.rounds)


def most_entrants(data: TournamentData) -> int:
    """The most entrants the tournament's format can pair at its table size."""
    fmt, row = format_of(data), data.row
    most = needed(row.table_size)
    while most < len(data.entrants):
        try:
            fmt.rounds(most + 1, row.table_size, row.rounds)
        except ValueError:
            break
        most += 1
    return most


def still_in(data: TournamentData) -> list[int]:
    """The entrants who have not withdrawn."""
    return [e.entrant for e in data.entrants if e.withdrawn is None]


def seeds(data: TournamentData) -> dict[int, float]:
    """Each entrant's seeding rating: their rating in the game on this server, a newcomer's
    where they have none."""
    return {
        e.entrant: float(shown_rating(*data.ratings.get(e.entrant, (MODEL.mu, MODEL.sigma))))
        for e in data.entrants
    }


def start(data: TournamentData, deadline: Deadlines) -> RoundPlan | None:
    """The first round, with the entrants seeded, if the tournament still takes entries and
    has enough of them (else nothing: another process started or cancelled it)."""
    if data.row.status != OPEN or len(data.entrants) < needed(data.row.table_size):
        return None
    seeded = seeds(data)
    ready = TournamentData(
        data.row,
        tuple(replace(e, rating=seeded[e.entrant]) for e in data.entrants),
    )
    plan = _pair(ready, 1, deadline)
    return RoundPlan(plan.round, plan.tables, plan.byes, plan.forfeits, seeds=seeded)


def needed(table_size: int) -> int:
    """The fewest entrants a tournament starts with."""
    return max(2, table_size)


def advance(data: TournamentData, deadline: Deadlines) -> RoundPlan | None:
    """Once every game of the current round is over: its tie-break games if the format asks
    for them, else the next round, else the end; nothing while a game of the round goes on."""
    row = data.row
    if row.status != RUNNING:
        return None
    if any(g.places is None for g in data.games if g.round == row.round):
        return None
    fmt = format_of(data)
    replays = fmt.replays(entrants(data), played(data), row.round, row.table_size)
    if replays:
        first = 1 + max((g.table for g in data.games if g.round == row.round), default=0)
        tables = tuple(
            _table(data, first + i, table, deadline, tiebreak=True)
            for i, table in enumerate(replays)
        )
        return RoundPlan(row.round, tables)
    if row.round >= rounds_of(data) or len(still_in(data)) < 2:
        return finish(data)
    plan = _pair(data, row.round + 1, deadline)
    if not plan.tables and not plan.forfeits:
        return finish(data)
    return plan


def finish(data: TournamentData) -> RoundPlan:
    """The end: the tournament is over, its champions named in its result."""
    rows = format_of(data).standings(entrants(data), played(data), data.byes, data.row.table_size)
    champions = [r.entrant for r in rows if r.rank == 1]
    return RoundPlan(data.row.round, status=DONE, result={"champions": champions})


def _pair(data: TournamentData, round: int, deadline: Deadlines) -> RoundPlan:
    """A round's games, byes and games decided without play, as the format pairs them."""
    row = data.row
    pairing = format_of(data).pair(entrants(data), played(data), data.byes, round, row.table_size)
    tables = tuple(_table(data, i + 1, table, deadline) for i, table in enumerate(pairing.tables))
    start_at = len(tables) + 1
    forfeits = tuple(
        GameRow(round, start_at + i, f.table, None, f.places)
        for i, f in enumerate(pairing.forfeits)
    )
    return RoundPlan(round, tables, tuple(pairing.byes), forfeits)


def _table(
    data: TournamentData,
    number: int,
    table: tuple[int, ...],
    deadline: Deadlines,
    tiebreak: bool = False,
) -> NewTable:
    """One game to open: its seats (the entrants in the pairing's order) and settled options."""
    by_id = {e.entrant: e for e in data.entrants}
    seats = tuple((by_id[i].user_id, by_id[i].computer, by_id[i].name) for i in table)
    game = GAMES[data.row.game]
    settled = game.settle_options(len(table), data.row.options)
    return NewTable(number, table, seats, settled, deadline(), tiebreak)
