"""The audit after a kill test: what the database holds against what the players were told."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee.rows import ALL_GAMES
from rules.record import Entry, Progress, Record, RecordError, replay
from tests.kill.acks import Ack


class Connection(Protocol):
    """A DB-API connection that runs a statement itself (sqlite3's and psycopg's do)."""

    def execute(self, sql: str, /) -> Any: ...


@dataclass(frozen=True)
class Stored:
    """A move as stored: an entry of a match's log, or a sealed move of its open step."""

    step: int
    seat: int
    move: str
    note: str | None = None
    sealed: bool = False


@dataclass
class Tables:
    """The tables the audit reads, by match."""

    matches: dict[int, dict[str, Any]] = field(default_factory=dict)
    seats: dict[int, list[int | None]] = field(default_factory=lambda: defaultdict(list))
    log: dict[int, list[Stored]] = field(default_factory=lambda: defaultdict(list))
    sealed: dict[int, list[Stored]] = field(default_factory=lambda: defaultdict(list))
    standings: dict[tuple[int, str, int], tuple[int, int, int, str]] = field(default_factory=dict)

    @classmethod
    def read(cls, conn: Connection) -> Tables:
        """Everything the audit needs, read at once."""
        out = cls()
        columns = ("id", "guild_id", "game", "settled", "status", "step", "result")
        for row in conn.execute(f"SELECT {', '.join(columns)} FROM matches ORDER BY id"):
            out.matches[row[0]] = dict(zip(columns, row, strict=True))
        for match_id, user_id in conn.execute(
            "SELECT match_id, user_id FROM seats ORDER BY match_id, seat"
        ):
            out.seats[match_id].append(user_id)
        for match_id, step, seat, move, note in conn.execute(
            "SELECT match_id, step, seat, move, note FROM moves ORDER BY match_id, idx"
        ):
            out.log[match_id].append(Stored(step, seat, move, note))
        for match_id, step, seat, move in conn.execute(
            "SELECT match_id, step, seat, move FROM sealed ORDER BY match_id, step, seat"
        ):
            out.sealed[match_id].append(Stored(step, seat, move, sealed=True))
        for guild_id, game, user_id, games, wins, draws, points in conn.execute(
            "SELECT guild_id, game, user_id, games, wins, draws, points FROM standings"
        ):
            out.standings[(guild_id, game, user_id)] = (games, wins, draws, str(points))
        return out

    def replayed(self, match_id: int) -> Progress:
        """The replay of a match's record, as its log has it; RecordError if it has none."""
        match = self.matches[match_id]
        entries: list[Entry] = [
            (e.seat, e.move) if e.note is None else (e.seat, e.move, e.note)
            for e in self.log[match_id]
        ]
        settled = json.loads(match["settled"]) if match["settled"] else {}
        return replay(Record(match["game"], len(self.seats[match_id]), settled, tuple(entries)))


def audit(conn: Connection, acks: Sequence[Ack], interrupted: int, games: Sequence[str]) -> None:
    """Check the database after a kill test against the acks; every problem found is listed."""
    tables = Tables.read(conn)
    replays: dict[int, Progress] = {}
    problems = []
    for match_id, match in tables.matches.items():
        if match["status"] in ("active", "over"):
            try:
                replays[match_id] = tables.replayed(match_id)
            except RecordError as e:
                problems.append(f"#{match_id}'s log does not replay: {e} (entry {e.index})")
    problems += [
        *stuck_steps(tables, replays),
        *unmatched_acks(tables, acks, interrupted),
        *wrong_results(tables, replays),
        *wrong_standings(tables),
    ]
    # In the order they were opened (PostgreSQL's ids may skip one a rolled back insert took).
    opened = [m["game"] for m in tables.matches.values()]
    if opened != list(games[: len(opened)]):
        problems.append(f"games opened out of order: {opened}")
    problems += [
        f"#{i} is {m['status']}" for i, m in tables.matches.items() if m["status"] != "over"
    ]
    assert not problems, "\n".join(problems[:30])


def stuck_steps(tables: Tables, replays: dict[int, Progress]) -> list[str]:
    """Sealed moves that outlived their step, and steps with every sealed move in, unresolved."""
    problems = []
    for match_id, sealed in tables.sealed.items():
        match = tables.matches[match_id]
        if match["status"] != "active":
            problems.append(f"#{match_id} is {match['status']} with sealed moves left: {sealed}")
            continue
        if any(s.step != match["step"] for s in sealed):
            problems.append(f"#{match_id} at step {match['step']} has sealed moves {sealed}")
        progress = replays.get(match_id)
        if progress is None or progress.is_over():
            continue
        if progress.game.to_move(progress.state) <= {s.seat for s in sealed}:
            problems.append(f"#{match_id} step {match['step']}: every sealed move in, unresolved")
    return problems


def unmatched_acks(tables: Tables, acks: Sequence[Ack], interrupted: int) -> list[str]:
    """Acks with no stored move of their own, and more unacknowledged moves than interruptions."""
    # An ack names the step its player saw; its move is stored for that seat (in the log, not
    # as a move the referee played, or sealed in the open step) at that step or a later one.
    # Later, because a move command names no step: a move that found its step gone (a deadline
    # played it, or the same move came first the other way) is the seat's next move if it is
    # still legal when the seat is next awaited.
    stored: dict[tuple[int, int, str], list[tuple[int, int]]] = defaultdict(list)
    for match_id in tables.matches:
        moves = [e for e in tables.log[match_id] if e.note is None] + tables.sealed[match_id]
        for n, e in enumerate(moves):
            stored[(match_id, e.seat, e.move)].append((e.step, n))
    unclaimed = {key: sorted(found) for key, found in stored.items()}
    problems = []
    # Smallest step first, each taking the earliest move it can: if every ack can have a
    # stored move of its own, this finds one for each.
    for ack in sorted(acks, key=lambda a: a.step):
        key = (ack.match_id, ack.seat, ack.move)
        left = unclaimed.get(key, [])
        found = next((n for n, (step, _) in enumerate(left) if step >= ack.step), None)
        if found is not None:
            del left[found]
        elif any(step >= ack.step for step, _ in stored.get(key, [])):
            problems.append(f"move acknowledged twice: {ack}")
        else:
            problems.append(f"acknowledged move lost: {ack}")
    unacked = [(key, step) for key, left in unclaimed.items() for step, _ in left]
    if len(unacked) > interrupted:
        problems.append(
            f"{len(unacked)} unacknowledged moves stored after {interrupted} interrupted "
            f"actions, as ((match, seat, move), step): {unacked[:10]}"
        )
    return problems


def wrong_results(tables: Tables, replays: dict[int, Progress]) -> list[str]:
    """Finished games whose stored result is not the replay of their record."""
    problems = []
    for match_id, match in tables.matches.items():
        if match["status"] != "over" or match_id not in replays:
            continue
        replayed = json.loads(json.dumps(replays[match_id].result()))
        result = json.loads(match["result"] or "null")
        if replayed["over"] is not True or result != replayed:
            problems.append(f"#{match_id} stored {result}, its record replays to {replayed}")
    return problems


def wrong_standings(tables: Tables) -> list[str]:
    """Standings (games, wins, draws, points) not counting each finished game exactly once."""
    counts: Counter[tuple[int, str, int, str]] = Counter()
    points: Counter[tuple[int, str, int]] = Counter()
    for match_id, match in tables.matches.items():
        seats = tables.seats[match_id]
        if match["status"] != "over" or len(seats) < 2 or None in seats:
            continue
        result = json.loads(match["result"])
        winners, scores = result["winners"], result["scores"]
        for seat, user_id in enumerate(seats):
            assert user_id is not None
            for game in (match["game"], ALL_GAMES):
                key = (match["guild_id"], game, user_id)
                counts[(*key, "games")] += 1
                counts[(*key, "wins")] += winners == [seat]
                counts[(*key, "draws")] += len(winners) > 1 and seat in winners
                points[key] += scores[seat] if isinstance(scores[seat], int) else 0
    expected = {
        key: (counts[(*key, "games")], counts[(*key, "wins")], counts[(*key, "draws")], str(p))
        for key, p in points.items()
    }
    return [
        f"standings of {key}: stored {tables.standings.get(key)}, its games say {expected.get(key)}"
        for key in sorted(expected.keys() | tables.standings.keys(), key=str)
        if tables.standings.get(key) != expected.get(key)
    ]
