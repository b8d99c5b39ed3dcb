"""Labyrinthine Loop: grow a spanning tree on a grid of dots; the offense closes one loop.

The grid itself (adjacency, dot names, segment texts, tree paths) lives in
rules/labyrinthine_geometry.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import (
    NOT_YOUR_MOVE,
    Game,
    IllegalMove,
    Move,
    Option,
    OptionValue,
    Phrase,
    Seat,
    SeatRef,
    Translate,
    clip,
    name_of,
    same,
)
from rules.labyrinthine_geometry import (
    COLUMNS,
    dot_name,
    joined,
    move_text,
    neighbours,
    pairs,
    texts,
    tree_path,
)

UNREACHED = -1
_ONE = tuple(frozenset((seat,)) for seat in range(8))
_NOBODY: frozenset[int] = frozenset()
_MOVE = re.compile(r"([a-z])([0-9]{1,3})\s*[-,\s]\s*([a-z])([0-9]{1,3})", re.ASCII)


@dataclass(frozen=True)
class State:
    """A game of Labyrinthine Loop; dots are numbered row by row, r * n + c."""

    n: int
    players: int
    rounds: int
    round: int
    parent: tuple[int, ...]
    """Per dot: UNREACHED, itself for the round's first dot, else the dot it grew from."""
    reached: int
    """How many dots of the current round have a segment (kept to spare a scan per call)."""
    order: tuple[int, ...]
    """The current round's dots in the order they were reached, so who drew each segment shows."""
    scores: tuple[int, ...]
    last_parent: tuple[int, ...]
    """The finished round's tree (empty until a round ends)."""
    last_order: tuple[int, ...]
    last_close: tuple[int, ...]
    last_loop: tuple[int, ...]
    """The finished round's loop, its dots in order from one end of the closing segment."""


def offense(s: State) -> Seat:
    """The offense of the current round."""
    return s.round % s.players


class LabyrinthineLoop(Game[State]):
    """Labyrinthine Loop."""

    slug = "labyrinthine-loop"
    title = "Labyrinthine Loop"
    min_players = 2
    max_players = 8
    options = (
        Option("n", Phrase("the grid has n×n dots"), 2, 12, Phrase("6")),
        Option("rounds", Phrase("rounds as offense per player"), 1, 10, Phrase("1")),
    )
    notation = Phrase(
        "two adjacent dots, e.g. `b2 c3` (columns a, b, c... from the left, rows from the top)"
    )
    summary = Phrase(
        "2 to 8 players, an n×n grid of dots; dots are adjacent in the 8 king directions. Each "
        "round, on a fresh grid, the offense draws a segment between two adjacent dots; then "
        "everyone in turn (starting after the offense) draws a segment from a dot that has one "
        "to an adjacent dot that has none, until every dot is reached. Diagonals may cross. "
        "Then the offense joins two adjacent dots not already joined and scores the number of "
        "dots on the loop this closes. Every player is offense `rounds` times; highest total "
        "wins. A move is two dots: `b2 c3` (also `b2-c3`); columns a, b, c... from the left, "
        "rows 1..n from the top."
    )
    state_type = State

    def _settle(self, players: int, given: dict[str, OptionValue]) -> dict[str, Any]:
        n, rounds = given.get("n"), given.get("rounds")
        return {"n": 6 if n is None else n, "rounds": 1 if rounds is None else rounds}

    def start(self, players: int, options: Mapping[str, Any]) -> State:
        n = int(options["n"])
        fresh = (UNREACHED,) * (n * n)
        rounds = int(options["rounds"])
        return State(n, players, rounds, 0, fresh, 0, (), (0,) * players, (), (), (), ())

    def to_move(self, s: State) -> frozenset[Seat]:
        # Inlined: replays call this several times per move.
        p, k = s.players, s.reached
        if s.round >= p * s.rounds:
            return _NOBODY
        if k == 0 or k == s.n * s.n:
            return _ONE[s.round % p]
        return _ONE[(s.round + k - 1) % p]

    def legal(self, s: State, seat: Seat) -> Iterator[Move]:
        if seat not in self.to_move(s):
            return
        n, parent, k = s.n, s.parent, s.reached
        if k == 0:
            yield from (move_text(n, a, b) for a, b in pairs(n))
        elif k == n * n:
            yield from (move_text(n, a, b) for a, b in pairs(n) if not joined(parent, a, b))
        else:
            for a, near in enumerate(neighbours(n)):
                if parent[a] != UNREACHED:
                    for b in near:
                        if parent[b] == UNREACHED:
                            yield move_text(n, a, b)

    def _parse(self, s: State, seat: Seat, text: str) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        n, parent, k = s.n, s.parent, s.reached
        a, b = self._dots(n, text)
        why = ""
        if a == b:
            why = "same"
        elif b not in neighbours(n)[a]:
            why = "apart"
        elif k == n * n:
            if joined(parent, a, b):
                why = "joined"
        elif k:
            has_a, has_b = parent[a] != UNREACHED, parent[b] != UNREACHED
            if has_a and has_b:
                why = "both"
            elif not (has_a or has_b):
                why = "neither"
        if why:
            raise IllegalMove(
                Phrase("{why}; {hint}", why=_refusal(why, n, a, b), hint=self._hint(s))
            )
        return move_text(n, a, b)

    def _dots(self, n: int, text: str) -> tuple[int, int]:
        known = texts(n)[1].get(text)  # replays and buttons send canonical text: skip the regex
        if known is not None:
            return known
        t = text.strip()
        m = _MOVE.fullmatch(t.lower()) if t.isascii() else None
        if m is None:
            raise IllegalMove(
                Phrase(
                    "`{text}` is not two dots; write two adjacent dots like `b2 c3`.",
                    text=clip(text),
                )
            )
        dots = []
        for col, row in ((m[1], m[2]), (m[3], m[4])):
            c, r = COLUMNS.index(col), int(row)
            if c >= n or not 1 <= r <= n or row.startswith("0"):
                raise IllegalMove(
                    Phrase(
                        "{dot} is not on the {n}×{n} grid (a1..{last}).",
                        dot=f"{col}{row}",
                        n=n,
                        last=dot_name(n, n * n - 1),
                    )
                )
            dots.append((r - 1) * n + c)
        return dots[0], dots[1]

    def _hint(self, s: State) -> Phrase:
        """What is allowed now, with one legal example."""
        example = next(iter(self.legal(s, next(iter(self.to_move(s))))))
        k = s.reached
        if k == 0:
            what = Phrase("draw a segment between any two adjacent dots")
        elif k == s.n * s.n:
            what = Phrase("join two adjacent dots that are not already joined, closing a loop")
        else:
            what = Phrase("draw from a dot that has a segment to an adjacent dot that has none")
        return Phrase("{what}, e.g. `{example}`.", what=what, example=example)

    def _apply(self, s: State, moves: Mapping[Seat, Move]) -> State:
        (move,) = moves.values()
        n, parent, k = s.n, s.parent, s.reached
        a, b = self._dots(n, move)
        if k == 0:
            grown = list(parent)
            grown[a], grown[b] = a, a
            return _replace_tree(s, tuple(grown), 2, (a, b))
        if k < n * n:
            if parent[a] == UNREACHED:
                a, b = b, a
            return _replace_tree(s, _put(parent, b, a), k + 1, (*s.order, b))
        loop = tuple(tree_path(parent, a, b))
        seat = offense(s)
        scores = _put(s.scores, seat, s.scores[seat] + len(loop))
        fresh = (UNREACHED,) * (n * n)
        return State(
            n, s.players, s.rounds, s.round + 1, fresh, 0, (), scores, parent, s.order, (a, b), loop
        )

    def is_over(self, s: State) -> bool:
        return s.round >= s.players * s.rounds

    def scores(self, s: State) -> tuple[int, ...]:
        return s.scores

    def max_steps(self, players: int, options: Mapping[str, Any]) -> int:
        return players * int(options["rounds"]) * int(options["n"]) ** 2

    def public_view(self, s: State) -> dict[str, Any]:
        over = self.is_over(s)
        k = s.reached
        phase = "over" if over else "first" if k == 0 else "close" if k == s.n**2 else "grow"
        last = None
        if s.last_parent:
            last = {
                "offense": (s.round - 1) % s.players,
                "parent": list(s.last_parent),
                "order": list(s.last_order),
                "close": list(s.last_close),
                "loop": list(s.last_loop),
            }
        return {
            "n": s.n,
            "rounds": s.players * s.rounds,
            "round": s.round,
            "over": over,
            "phase": phase,
            "offense": None if over else offense(s),
            "to_move": None if over else next(iter(self.to_move(s))),
            "segments": max(k - 1, 0),
            "parent": list(s.parent),
            "order": list(s.order),
            "scores": list(s.scores),
            "last": last,
        }

    def draw(
        self,
        view: Mapping[str, Any],
        names: Sequence[str] | None,
        compact: bool,
        translate: Translate = same,
    ) -> str:
        n, total = view["n"], view["rounds"]

        def say(phrase: Phrase) -> str:
            return phrase.say(names, translate)

        number = Phrase(
            "round {round} of {rounds}", round=min(view["round"] + 1, total), rounds=total
        )
        lines = [f"Labyrinthine Loop {n}x{n}, {say(number)}"]
        lines += _score_lines(view, names, translate)
        last, phase = view["last"], view["phase"]
        if last is not None and phase in ("first", "over"):
            lines += ["", *grid_lines(n, last["parent"], last["close"], last["loop"], compact)]
            lines.append(say(Phrase("{closed} (the @ dots)", closed=_last_phrase(view))))
        else:
            lines += ["", *grid_lines(n, view["parent"], [], [], compact)]
            if last is not None:
                lines.append(say(_last_phrase(view)))
        if phase == "over":
            lines.append(say(Phrase("Game over.")))
            return "\n".join(lines)
        who = SeatRef(view["to_move"])
        if phase == "first":
            what = Phrase(
                "To move: {player} (offense) draws the first segment on a fresh grid.", player=who
            )
        elif phase == "close":
            what = Phrase(
                "To move: {player} (offense) closes a loop: join two adjacent dots not joined yet.",
                player=who,
            )
        else:
            what = Phrase(
                "To move: {player} draws segment {segment} of {all} (from an o to a .).",
                player=who,
                segment=view["segments"] + 1,
                all=n * n - 1,
            )
        lines.append(say(what))
        return "\n".join(lines)

    def describe(self, before: State, moves: Mapping[Seat, Move], after: State) -> list[Phrase]:
        ((seat, move),) = moves.items()
        n, who = before.n, SeatRef(seat)
        a, b = self._dots(n, move)
        k = before.reached
        total = before.players * before.rounds
        if k == n * n:
            loop = len(after.last_loop)
            out = [
                Phrase(
                    "{player} (offense) closes {segment}: a loop of {dots} dots, +{dots} "
                    "(total {total}).",
                    player=who,
                    segment=f"{dot_name(n, a)}-{dot_name(n, b)}",
                    dots=loop,
                    total=after.scores[seat],
                )
            ]
            if self.is_over(after):
                out.append(
                    Phrase("That was round {rounds} of {rounds}: the game is over.", rounds=total)
                )
            else:
                out.append(
                    Phrase(
                        "Round {round} of {rounds}: {player} is the offense.",
                        round=after.round + 1,
                        rounds=total,
                        player=SeatRef(offense(after)),
                    )
                )
            return out
        if k and before.parent[a] == UNREACHED:
            a, b = b, a
        drawn = f"{dot_name(n, a)}-{dot_name(n, b)}"
        if k == 0:
            return [
                Phrase(
                    "{player} (offense) draws {segment}, the first segment of round {round} "
                    "of {rounds}.",
                    player=who,
                    segment=drawn,
                    round=before.round + 1,
                    rounds=total,
                )
            ]
        out = [
            Phrase(
                "{player} draws {segment} ({k} of {segments} segments).",
                player=who,
                segment=drawn,
                k=k,
                segments=n * n - 1,
            )
        ]
        if after.reached == n * n:
            out.append(
                Phrase(
                    "Every dot is reached: {player} (offense) closes a loop.",
                    player=SeatRef(offense(after)),
                )
            )
        return out

    def prompt(self, s: State, seat: Seat) -> Phrase:
        if seat not in self.to_move(s):
            return NOT_YOUR_MOVE
        k, hint = s.reached, self._hint(s)
        if k == s.n * s.n:
            return Phrase(
                "Every dot is reached. You are the offense: {hint} You score the loop's dots.",
                hint=hint,
            )
        if k == 0:
            return Phrase("You are the offense of a fresh grid: {hint}", hint=hint)
        return Phrase("Segment {k} of {segments}: {hint}", k=k, segments=s.n * s.n - 1, hint=hint)


def _refusal(why: str, n: int, a: int, b: int) -> Phrase:
    """Why a segment between dots a and b is refused, by its key in `_parse`."""
    # Named only on a refusal: parsing a legal move is hot in replays.
    dots = {"a": dot_name(n, a), "b": dot_name(n, b)}
    if why == "same":
        return Phrase("{a} and {b} are the same dot", **dots)
    if why == "apart":
        return Phrase(
            "{a} and {b} are not adjacent (next to each other, diagonals included)", **dots
        )
    if why == "joined":
        return Phrase("{a} and {b} are already joined", **dots)
    if why == "both":
        return Phrase("{b} already has a segment (and so has {a})", **dots)
    return Phrase("{a} has no segment yet (nor has {b})", **dots)


def _put(values: tuple[int, ...], i: int, x: int) -> tuple[int, ...]:
    out = list(values)
    out[i] = x
    return tuple(out)


def _replace_tree(s: State, parent: tuple[int, ...], reached: int, order: tuple[int, ...]) -> State:
    # The constructor, not dataclasses.replace: a third faster, and replays call this a lot.
    return State(
        s.n,
        s.players,
        s.rounds,
        s.round,
        parent,
        reached,
        order,
        s.scores,
        s.last_parent,
        s.last_order,
        s.last_close,
        s.last_loop,
    )


def grid_lines(
    n: int, parent: Sequence[int], close: Sequence[int], loop: Sequence[int], compact: bool
) -> list[str]:
    """The dot grid with its segments: o reached, . not yet, @ on the loop, X crossing."""
    step = 2 if compact else 4
    width = step * (n - 1) + 1
    rows = [[" "] * width for _ in range(2 * n - 1)]
    on_loop = set(loop)
    for d, p in enumerate(parent):
        rows[2 * (d // n)][step * (d % n)] = "@" if d in on_loop else "." if p < 0 else "o"
    segments = [(d, p) for d, p in enumerate(parent) if p >= 0 and p != d]
    if close:
        segments.append((close[0], close[1]))
    for a, b in segments:
        (ra, ca), (rb, cb) = sorted((divmod(a, n), divmod(b, n)))
        if ra == rb:
            for x in range(step * min(ca, cb) + 1, step * max(ca, cb)):
                rows[2 * ra][x] = "-"
            continue
        y, x = 2 * ra + 1, step * min(ca, cb) + (0 if ca == cb else step // 2)
        mark = "|" if ca == cb else "\\" if cb > ca else "/"
        rows[y][x] = "X" if rows[y][x] not in (" ", mark) else mark
    head = "    " + "".join(f"{COLUMNS[c]:<{step}}" for c in range(n))
    out = [head.rstrip()]
    for y, row in enumerate(rows):
        label = f"{y // 2 + 1:>3} " if y % 2 == 0 else "    "
        out.append((label + "".join(row)).rstrip())
    return out


def _score_lines(
    view: Mapping[str, Any], names: Sequence[str] | None, translate: Translate
) -> list[str]:
    parts = []
    for seat, points in enumerate(view["scores"]):
        mark = "*" if seat == view["offense"] else ""
        parts.append(f"{name_of(names, seat)}{mark} {points}")
    label = Phrase("Scores:").say(names, translate)
    lines, line = [], label
    for i, part in enumerate(parts):
        if i and len(line) + len(part) > 60:
            lines.append(line + ",")
            line = " " * len(label)
        line += (", " if i and line.strip() else " ") + part
    lines.append(line)
    if view["offense"] is not None:
        lines.append(Phrase("(* = offense this round)").say(names, translate))
    return lines


def _last_phrase(view: Mapping[str, Any]) -> Phrase:
    n, last = view["n"], view["last"]
    a, b = last["close"]
    size = len(last["loop"])
    return Phrase(
        "Round {round}: {player} closed {a}-{b}, a loop of {size} dots, +{size}",
        round=view["round"],
        player=SeatRef(last["offense"]),
        a=dot_name(n, a),
        b=dot_name(n, b),
        size=size,
    )


GAME = LabyrinthineLoop()
