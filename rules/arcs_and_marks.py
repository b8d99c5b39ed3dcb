"""Arcs And Marks: draw arcs between marks on a circle; each arc met costs a point, lowest wins.

The geometry (an exact crossing-or-touching test) lives in rules/arcs_geometry.py.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.arcs_geometry import max_k, meets
from rules.base import (
    BOARD_LIMIT,
    NOT_YOUR_MOVE,
    Game,
    IllegalMove,
    Move,
    Option,
    OptionValue,
    Phrase,
    PhraseField,
    Seat,
    SeatRef,
    Translate,
    clip,
    multiple_of_players,
    name_of,
    same,
)

ARC_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ#$%&=?~^"
"""The character of the round's t-th arc on the board (m <= 60 arcs per round)."""


@dataclass(frozen=True)
class RoundLog:
    """One round's arcs so far: move t is arc (first + t, ks[t]) and scored points[t]."""

    first: int
    ks: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class State:
    """A game of Arcs And Marks."""

    players: int
    m: int
    rounds: int
    round: int
    current: RoundLog | None
    """The round under way; None before its first move."""
    last: RoundLog | None
    """The round that ended last, kept for the board and the channel."""
    scores: tuple[int, ...]


def next_centre(view: Mapping[str, Any]) -> int | None:
    """The mark the next arc of the round is centred on, in a view (None before a round)."""
    current = view["current"]
    if current is None or view["over"]:
        return None
    return int((current["first"] + len(current["ks"])) % view["m"])


def touched(m: int, ks: Sequence[int], t: int) -> list[int]:
    """The indices of the arcs before move t of a round that arc t crosses or touches."""
    # Arc j is centred t - j marks before arc t (no wrap: a round has at most m arcs).
    k = ks[t]
    return [j for j in range(t) if meets(m, t - j, ks[j], k)]


def mover(s_round: int, players: int, t: int) -> Seat:
    """The seat that makes move t of a round: seat order from the round's first mover."""
    return (s_round + t) % players


def round_points(log: RoundLog, s_round: int, players: int) -> list[int]:
    """Each seat's points in one round."""
    pts = [0] * players
    for t, x in enumerate(log.points):
        pts[mover(s_round, players, t)] += x
    return pts


_SEATS = tuple(frozenset((seat,)) for seat in range(8))


class ArcsAndMarks(Game[State]):
    """Arcs And Marks."""

    slug = "arcs-and-marks"
    title = "Arcs And Marks"
    min_players, max_players = 2, 8
    lowest_wins = True
    options = (
        Option("m", Phrase("number of marks on the circle, a multiple of the player count"), 3, 60,
               Phrase("the smallest multiple of the player count that is at least 8")),
        Option("rounds", Phrase("number of rounds"), 1, 24, Phrase("the number of players")),
    )  # fmt: skip
    notation = Phrase("`k` (1 <= k < m/2), or on a round's first move `k@c` to centre it on mark c")
    summary = Phrase(
        "m marks sit evenly on a circle, numbered 0..m-1 clockwise. Arc (c, k), 1 <= k < m/2, "
        "is the piece inside that circle of the circle centred on mark c through marks c-k and "
        "c+k. Each round has m moves in seat order; its first mover picks the "
        "centre with `k@c` (plain `k` means mark 0), and each later move is centred on the next "
        "mark clockwise, so every mark is a centre once. Notation: `k`, or `k@c` on a round's "
        "first move. A new arc scores 1 point for each earlier arc of the round it crosses or "
        "touches (a shared end mark or a tangency counts). Round i starts with seat i. "
        "Lowest total wins."
    )
    state_type = State

    def _settle(self, players: int, given: dict[str, OptionValue]) -> dict[str, Any]:
        m = multiple_of_players(self.option("m"), players, given.get("m"), at_least=8)
        rounds = given.get("rounds")
        return {"m": m, "rounds": players if rounds is None else rounds}

    def start(self, players: int, options: Mapping[str, Any]) -> State:
        return State(players, options["m"], options["rounds"], 0, None, None, (0,) * players)

    def to_move(self, s: State) -> frozenset[Seat]:
        if s.round >= s.rounds:
            return frozenset()
        return _SEATS[(s.round + (0 if s.current is None else len(s.current.ks))) % s.players]

    def legal(self, s: State, seat: Seat) -> Iterator[Move]:
        if seat not in self.to_move(s):
            return
        ks = range(1, max_k(s.m) + 1)
        if s.current is None:
            yield from (f"{k}@{c}" for c in range(s.m) for k in ks)
        else:
            yield from map(str, ks)

    def sample(self, s: State, seat: Seat, rng: random.Random) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        k = rng.randint(1, max_k(s.m))
        return f"{k}@{rng.randrange(s.m)}" if s.current is None else str(k)

    def _parse(self, s: State, seat: Seat, text: str) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        m = s.m
        k_text, at, c_text = text.strip().partition("@")
        k = _whole(k_text)
        c = _whole(c_text) if at else 0
        if k is None or c is None:
            if s.current is None:
                why = Phrase(
                    "`{text}` is not a move: send k ({range}), or k@c.",
                    text=clip(text),
                    range=_k_range(m),
                )
            else:
                why = Phrase(
                    "`{text}` is not a move: send k ({range}).", text=clip(text), range=_k_range(m)
                )
            raise IllegalMove(why)
        if at and s.current is not None:
            centre = (s.current.first + len(s.current.ks)) % m
            raise IllegalMove(
                Phrase(
                    "the centre is only chosen on a round's first move; this arc's centre is "
                    "mark {centre}, so send just k ({range}).",
                    centre=centre,
                    range=_k_range(m),
                )
            )
        if not 1 <= k <= max_k(m):
            raise IllegalMove(Phrase("k must be {range} when m is {m}.", range=_k_range(m), m=m))
        if not 0 <= c < m:
            raise IllegalMove(Phrase("c must be a mark from 0 to {last}.", last=m - 1))
        return f"{k}@{c}" if s.current is None else str(k)

    def _apply(self, s: State, moves: Mapping[Seat, Move]) -> State:
        (move,) = moves.values()
        k_text, _, c_text = move.partition("@")
        prev = s.current or RoundLog(int(c_text), (), ())
        t, ks = len(prev.ks), (*prev.ks, int(k_text))
        # Only the earlier arcs of this round count, so scoring is O(m) per move.
        gained = len(touched(s.m, ks, t))
        log = RoundLog(prev.first, ks, (*prev.points, gained))
        who = mover(s.round, s.players, t)
        scores = tuple(x + gained * (i == who) for i, x in enumerate(s.scores))
        if len(log.ks) < s.m:
            return State(s.players, s.m, s.rounds, s.round, log, s.last, scores)
        return State(s.players, s.m, s.rounds, s.round + 1, None, log, scores)

    def is_over(self, s: State) -> bool:
        return s.round >= s.rounds

    def scores(self, s: State) -> tuple[int, ...]:
        return s.scores

    def max_steps(self, players: int, options: Mapping[str, Any]) -> int:
        return int(options["m"]) * int(options["rounds"])

    def public_view(self, s: State) -> dict[str, Any]:
        awaited = sorted(self.to_move(s))
        return {
            "players": s.players,
            "m": s.m,
            "rounds": s.rounds,
            "round": s.round,
            "over": self.is_over(s),
            "scores": list(s.scores),
            "current": _log_view(s.current),
            "last": _log_view(s.last),
            "to_move": awaited[0] if awaited else None,
        }

    def draw(
        self,
        view: Mapping[str, Any],
        names: Sequence[str] | None,
        compact: bool,
        translate: Translate = same,
    ) -> str:
        m, players = view["m"], view["players"]

        def say(phrase: Phrase) -> str:
            return phrase.say(names, translate)

        shown, finished = view["current"], False
        if shown is None and view["last"] is not None:
            shown, finished = view["last"], True
        number = view["round"] + (0 if not finished else -1) + 1
        progress = Phrase(
            "round {round}/{rounds}", round=min(number, view["rounds"]), rounds=view["rounds"]
        )
        status = Phrase("game over") if view["over"] else Phrase("lowest total wins")
        totals = [f"{name_of(names, i)} {x}" for i, x in enumerate(view["scores"])]
        head = [
            f"Arcs And Marks  m={m}  {say(progress)}  ({say(status)})",
            *_wrap(totals, say(Phrase("Totals:")) + " "),
        ]
        footer = say(_footer(view))
        if shown is None:
            foot = [say(Phrase("Round {number}: no arcs yet.", number=number)), footer]
            return "\n".join([*head, *foot])
        if finished:
            title = say(Phrase("Round {number} ended: mark, k, mover, points", number=number))
        else:
            title = say(Phrase("Round {number} so far: mark, k, mover, points", number=number))
        moves = []
        for t, (k, pts) in enumerate(zip(shown["ks"], shown["points"], strict=True)):
            who = name_of(names, (number - 1 + t) % players)
            moves.append((ARC_CHARS[t], f"@{(shown['first'] + t) % m:<2} k{k:<2} {who} +{pts}"))
        if not compact:
            grid = _grid(m, shown["first"], tuple(shown["ks"]))
            lines = [title, *_columns([f"{ch} {text}" for ch, text in moves], 52)]
            board = "\n".join([*head, *grid, *lines, footer])
            if len(board) <= BOARD_LIMIT:
                return board
        # Compact: no drawing (so no arc letters), the move list in three columns.
        lines = [title, *_columns([text for _, text in moves], 64)]
        return "\n".join([*head, *lines, footer])

    def describe(self, before: State, moves: Mapping[Seat, Move], after: State) -> list[Phrase]:
        (seat,) = moves
        who = SeatRef(seat)
        log = after.current if after.round == before.round else after.last
        assert log is not None
        t = len(log.ks) - 1
        m, k, centre = before.m, log.ks[t], (log.first + t) % before.m
        if t == 0:
            out = [
                Phrase(
                    "{player} starts round {round} with arc k={k} at mark {centre} → +0",
                    player=who,
                    round=before.round + 1,
                    k=k,
                    centre=centre,
                )
            ]
        else:
            hits = [(log.first + j) % m for j in touched(m, log.ks, t)]
            out = [
                Phrase(
                    "{player} draws arc k={k} at mark {centre}: {touches} → +{points}",
                    player=who,
                    k=k,
                    centre=centre,
                    touches=_touch_text(hits),
                    points=len(hits),
                )
            ]
        if after.round > before.round:
            pts = round_points(log, before.round, before.players)
            parts = tuple(
                Phrase(
                    "{player} +{points} ({total})",
                    player=SeatRef(i),
                    points=x,
                    total=after.scores[i],
                )
                for i, x in enumerate(pts)
            )
            out.append(
                Phrase(
                    "Round {round} of {rounds} ends: {points}.",
                    round=before.round + 1,
                    rounds=before.rounds,
                    points=parts,
                )
            )
        return out

    def prompt(self, s: State, seat: Seat) -> Phrase:
        m = s.m
        if s.current is None:
            return Phrase(
                "Round {round}/{rounds}, you start: send `k@c` for the arc with radius k centred "
                "on mark c (k {range}, c from 0 to {last}); plain `k` centres it on mark 0.",
                round=s.round + 1,
                rounds=s.rounds,
                range=_k_range(m),
                last=m - 1,
            )
        t = len(s.current.ks)
        return Phrase(
            "Round {round}/{rounds}, move {move}/{m}: your arc is centred on mark {centre}; send "
            "k ({range}).",
            round=s.round + 1,
            rounds=s.rounds,
            move=t + 1,
            m=m,
            centre=(s.current.first + t) % m,
            range=_k_range(m),
        )


def _footer(view: Mapping[str, Any]) -> Phrase:
    if view["over"]:
        return Phrase("Game over: the lowest total wins.")
    who = SeatRef(view["to_move"])
    centre = next_centre(view)
    if centre is None:
        return Phrase(
            "Next: {player} starts round {number} with k@c.", player=who, number=view["round"] + 1
        )
    return Phrase("Next: {player}, arc centred on mark {centre}.", player=who, centre=centre)


def _wrap(items: list[str], lead: str, width: int = 52) -> list[str]:
    lines, line = [], lead
    for item in items:
        if len(line) + len(item) > width and line.strip():
            lines.append(line.rstrip())
            line = " " * len(lead)
        line += item + "  "
    return [*lines, line.rstrip()]


def _columns(entries: list[str], width: int) -> list[str]:
    cell = max(map(len, entries)) + 2
    per_row = max(1, (width + 2) // cell)
    rows = [entries[i : i + per_row] for i in range(0, len(entries), per_row)]
    return ["".join(e.ljust(cell) for e in row).rstrip() for row in rows]


GRID_W, GRID_H = 43, 19
RX, RY = 16.0, 8.0
CX, CY = 21.0, 9.0


@lru_cache(maxsize=64)
def _grid(m: int, first: int, ks: tuple[int, ...]) -> tuple[str, ...]:
    """The circle, its marks (some numbered) and the round's arcs, newest on top."""
    # Every viewer gets the same board, and each arc's cells are reused across moves.
    cells = [list(row) for row in _frame(m)]
    for t, k in enumerate(ks):
        for row, col in _arc_cells(m, (first + t) % m, k):
            cells[row][col] = ARC_CHARS[t]
    for row, col in _mark_cells(m):
        cells[row][col] = "+"
    return tuple("".join(row).rstrip() for row in cells)


def _cell(x: float, y: float) -> tuple[int, int] | None:
    col, row = round(CX + x * RX), round(CY - y * RY)
    return (row, col) if 0 <= row < GRID_H and 0 <= col < GRID_W else None


@lru_cache(maxsize=64)
def _mark_cells(m: int) -> tuple[tuple[int, int], ...]:
    found = (_cell(math.sin(2 * math.pi * i / m), math.cos(2 * math.pi * i / m)) for i in range(m))
    return tuple(c for c in found if c is not None)


@lru_cache(maxsize=4096)
def _arc_cells(m: int, c: int, k: int) -> tuple[tuple[int, int], ...]:
    a = 2 * math.pi * c / m
    r, w = 2 * math.sin(math.pi * k / m), math.pi / 2 - math.pi * k / m
    steps = int(r * w * RX * 1.5) + 2
    out: dict[tuple[int, int], None] = {}
    for i in range(steps + 1):
        # Directions within w of the one from the centre mark towards the middle.
        d = a + math.pi - w + 2 * w * i / steps
        cell = _cell(math.sin(a) + r * math.sin(d), math.cos(a) + r * math.cos(d))
        if cell is not None:
            out[cell] = None
    return tuple(out)


@lru_cache(maxsize=64)
def _frame(m: int) -> tuple[str, ...]:
    """The main circle with its mark numbers (every mark up to 24 marks, else every few)."""
    cells = [[" "] * GRID_W for _ in range(GRID_H)]
    for i in range(160):
        cell = _cell(math.sin(2 * math.pi * i / 160), math.cos(2 * math.pi * i / 160))
        if cell is not None:
            cells[cell[0]][cell[1]] = "."
    for row, col in _mark_cells(m):
        cells[row][col] = "+"
    step = -(-m // 24)
    for i in range(0, m, step):
        a = 2 * math.pi * i / m
        _label(cells, str(i), math.sin(a), math.cos(a))
    return tuple("".join(row) for row in cells)


def _label(cells: list[list[str]], text: str, x: float, y: float) -> None:
    col, row = CX + x * (RX + 2.5), round(CY - y * (RY + 1.2))
    start = round(col - (len(text) - 1) * (0.5 - x / 2))
    if not 0 <= row < GRID_H or start < 0 or start + len(text) > GRID_W:
        return
    span = cells[row][max(0, start - 1) : start + len(text) + 1]
    if all(ch in " ." for ch in span):
        cells[row][start : start + len(text)] = list(text)


def _whole(text: str) -> int | None:
    t = text.strip()
    if not t or len(t) > 6 or not t.isascii() or not t.isdigit():
        return None
    return int(t)


def _k_range(m: int) -> PhraseField:
    top = max_k(m)
    return 1 if top == 1 else Phrase("from 1 to {top}", top=top)


def _touch_text(centres: list[int]) -> Phrase:
    if not centres:
        return Phrase("touches no earlier arc")
    if len(centres) == 1:
        return Phrase("touches 1 earlier arc (the one at mark {mark})", mark=centres[0])
    return Phrase(
        "touches {count} earlier arcs (those at marks {marks} and {last})",
        count=len(centres),
        marks=tuple(centres[:-1]),
        last=centres[-1],
    )


def _log_view(log: RoundLog | None) -> dict[str, Any] | None:
    if log is None:
        return None
    return {"first": log.first, "ks": list(log.ks), "points": list(log.points)}


GAME = ArcsAndMarks()
