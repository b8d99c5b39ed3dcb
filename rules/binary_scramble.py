"""Binary Scramble: build a binary list, then flip digits; repeat a run-length multiset to score."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
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
    multiple_of_players,
    name_of,
    same,
)

Shape = tuple[int, ...]
"""A multiset of run lengths, as a tuple sorted in decreasing order."""

HISTORY = 12
"""Flips kept in the state for the board; older ones are only counted."""
COMPACT_HISTORY = 5
"""Flips the compact board shows."""
_RUNS = re.compile("0+|1+")


@dataclass(frozen=True)
class Flip:
    """One part-2 move, kept for the board: who flipped which position, and the list it gave."""

    seat: int
    pos: int
    digits: str
    scored: bool


@dataclass(frozen=True)
class State:
    """A game of Binary Scramble."""

    players: int
    length: int
    target: int | None
    digits: str
    """The current list (still growing in part 1)."""
    start: str
    """The list at the end of part 1 ("" before)."""
    visited: tuple[frozenset[int], ...]
    """Every list reached since part 1 ended, as an int, in buckets chosen by a hash."""
    shapes: frozenset[Shape]
    """The run-length multiset of every list reached since part 1 ended."""
    scores: tuple[int, ...]
    turn: int
    """Moves made so far, appends and flips."""
    history: tuple[Flip, ...]
    end: str
    """Why the game ended: "" while it runs, "target" or "stuck"."""


def shape_of(digits: str) -> Shape:
    """The multiset of run lengths of a list, largest first (colour does not matter)."""
    return tuple(sorted(map(len, _RUNS.findall(digits)), reverse=True))


def show_shape(shape: Sequence[int]) -> str:
    """Run lengths for a board: `3 2 1x4` (three or more equal lengths are counted)."""
    parts = []
    for size, group in itertools.groupby(shape):
        n = len(list(group))
        parts += [f"{size}x{n}"] if n >= 3 else [str(size)] * n
    return " ".join(parts)


@cache
def partitions(n: int) -> int:
    """The number of partitions of n: how many run-length multisets a list of n digits can have."""
    ways = [1] + [0] * n
    for part in range(1, n + 1):
        for total in range(part, n + 1):
            ways[total] += ways[total - part]
    return ways[n]


def flipped(digits: str, pos: int) -> str:
    """The list with the digit at position pos (1 = leftmost) flipped."""
    return digits[: pos - 1] + ("1" if digits[pos - 1] == "0" else "0") + digits[pos:]


def _bucket_bits(length: int) -> int:
    # Visited lists are split in up to 64 frozensets so a move copies one small set, not all.
    return max(0, min(6, length - 10))


def _bucket(x: int, bits: int) -> int:
    return ((x * 0x9E3779B1) & 0xFFFFFFFF) >> (32 - bits) if bits else 0


def was_reached(s: State, digits: str) -> bool:
    """True when this full-length list was reached before in part 2 (or ended part 1)."""
    x = int(digits, 2)
    return x in s.visited[_bucket(x, _bucket_bits(s.length))]


def _with_visit(visited: tuple[frozenset[int], ...], digits: str) -> tuple[frozenset[int], ...]:
    x = int(digits, 2)
    bits = _bucket_bits(len(digits))
    if not visited:
        visited = (frozenset(),) * (1 << bits)
    i = _bucket(x, bits)
    return (*visited[:i], visited[i] | {x}, *visited[i + 1 :])


def open_positions(s: State) -> Iterator[int]:
    """The positions whose flip gives a list not reached before (part 2 only), lazily."""
    # Bit L-i of the list read as a binary number is position i.
    x, length, bits, visited = int(s.digits, 2), s.length, _bucket_bits(s.length), s.visited
    for i in range(1, length + 1):
        y = x ^ (1 << (length - i))
        if y not in visited[_bucket(y, bits)]:
            yield i


class BinaryScramble(Game[State]):
    """Binary Scramble."""

    slug = "binary-scramble"
    title = "Binary Scramble"
    min_players = 2
    max_players = 8
    options = (
        Option(
            "length",
            Phrase("digits in the list, a multiple of the player count"),
            2,
            24,
            Phrase("the smallest multiple of the player count that is at least 8"),
        ),
        Option(
            "target",
            Phrase("points that win at once (none: play until stuck)"),
            1,
            1000,
            Phrase("5"),
            True,
        ),
    )
    notation = Phrase(
        "part 1: `0` or `1` to append; part 2: a position to flip, 1..L from the left"
    )
    summary = Phrase(
        "Part 1: in turn, players append a digit `0` or `1` until the list has L digits. "
        "Part 2: in turn, flip one digit by its position (`3` flips the third from the left); "
        "the new list must differ from every list reached before. You score 1 when the "
        "run lengths of the new list, in any order, are those of an earlier list "
        "(001110101 has runs 2,3,1,1,1,1). The game ends at once when someone reaches the "
        "target, or when the player to move has no legal flip. Highest total wins."
    )
    state_type = State

    def _settle(self, players: int, given: dict[str, OptionValue]) -> dict[str, Any]:
        option, length = self.option("length"), given.get("length")
        length = multiple_of_players(option, players, length, at_least=8)
        target = given.get("target", 5)  # an explicit None (no target) stays None
        return {"length": length, "target": target}

    def start(self, players: int, options: Mapping[str, Any]) -> State:
        return State(
            players=players,
            length=options["length"],
            target=options["target"],
            digits="",
            start="",
            visited=(),
            shapes=frozenset(),
            scores=(0,) * players,
            turn=0,
            history=(),
            end="",
        )

    def to_move(self, s: State) -> frozenset[Seat]:
        return frozenset() if s.end else frozenset((s.turn % s.players,))

    def legal(self, s: State, seat: Seat) -> Iterator[Move]:
        if seat not in self.to_move(s):
            return
        if len(s.digits) < s.length:
            yield from ("0", "1")
            return
        yield from map(str, open_positions(s))

    def _parse(self, s: State, seat: Seat, text: str) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        t = text.strip()
        if len(s.digits) < s.length:
            if t in ("0", "1"):
                return t
            raise IllegalMove(
                Phrase(
                    "`{text}` is not a digit to append: the list is still being built "
                    "({digits} of {length} digits), send `0` or `1`.",
                    text=clip(text),
                    digits=len(s.digits),
                    length=s.length,
                )
            )
        if not t or len(t) > 12 or not t.isascii() or not t.isdigit():
            raise IllegalMove(
                Phrase(
                    "`{text}` is not a position: send a position from 1 to {length} to flip, "
                    "counted from the left.",
                    text=clip(text),
                    length=s.length,
                )
            )
        pos = int(t)
        if not 1 <= pos <= s.length:
            raise IllegalMove(
                Phrase(
                    "{pos} is out of range: flip a position from 1 to {length}.",
                    pos=pos,
                    length=s.length,
                )
            )
        new = flipped(s.digits, pos)
        if was_reached(s, new):
            raise IllegalMove(
                Phrase(
                    "Flipping {pos} gives {list}, a list already reached; you can flip: {can}.",
                    pos=pos,
                    list=new,
                    can=_open_text(s),
                )
            )
        return str(pos)

    def _apply(self, s: State, moves: Mapping[Seat, Move]) -> State:
        seat = s.turn % s.players
        move = moves[seat]
        if len(s.digits) < s.length:
            digits = s.digits + move
            if len(digits) < s.length:
                return replace(s, digits=digits, turn=s.turn + 1)
            # Every flip of the part-1 list is new, so nobody can be stuck yet.
            return replace(
                s,
                digits=digits,
                start=digits,
                visited=_with_visit((), digits),
                shapes=frozenset((shape_of(digits),)),
                turn=s.turn + 1,
            )
        digits = flipped(s.digits, int(move))
        shape = shape_of(digits)
        scored = shape in s.shapes
        scores = s.scores
        if scored:
            scores = (*scores[:seat], scores[seat] + 1, *scores[seat + 1 :])
        after = State(
            players=s.players,
            length=s.length,
            target=s.target,
            digits=digits,
            start=s.start,
            visited=_with_visit(s.visited, digits),
            shapes=s.shapes if scored else s.shapes | {shape},
            scores=scores,
            turn=s.turn + 1,
            history=(*s.history[-(HISTORY - 1) :], Flip(seat, int(move), digits, scored)),
            end="",
        )
        if s.target is not None and scores[seat] >= s.target:
            return replace(after, end="target")
        if next(open_positions(after), None) is None:
            return replace(after, end="stuck")
        return after

    def is_over(self, s: State) -> bool:
        return bool(s.end)

    def scores(self, s: State) -> tuple[int, ...]:
        return s.scores

    def max_steps(self, players: int, options: Mapping[str, Any]) -> int:
        # Part 2 never revisits a list, and there are 2^L lists.
        return int(options["length"]) + 2 ** int(options["length"])

    def public_view(self, s: State) -> dict[str, Any]:
        part2 = len(s.digits) == s.length
        flips = s.turn - s.length if part2 else 0
        return {
            "length": s.length,
            "target": s.target,
            "players": s.players,
            "digits": s.digits,
            "start": s.start,
            "flips": flips,
            "history": [[f.seat, f.pos, f.digits, f.scored] for f in s.history],
            "shapes": len(s.shapes),
            "scores": list(s.scores),
            "to_move": None if s.end else s.turn % s.players,
            "end": s.end,
        }

    def draw(
        self,
        view: Mapping[str, Any],
        names: Sequence[str] | None,
        compact: bool,
        translate: Translate = same,
    ) -> str:
        length, scores = view["length"], view["scores"]

        def say(phrase: Phrase) -> str:
            return phrase.say(names, translate)

        target = Phrase("no target")
        if view["target"] is not None:
            target = Phrase("target {target}", target=view["target"])
        size = Phrase("length {length}", length=length)
        lines = [f"Binary Scramble   {say(size)}   {say(target)}"]
        digits, mover = view["digits"], view["to_move"]
        if view["end"]:
            lines.append(say(_end_phrase(view)))
        elif len(digits) < length:
            part = Phrase(
                "Part 1: appending digits, {count} of {length} so far.",
                count=len(digits),
                length=length,
            )
            lines.append(say(part))
        else:
            part = Phrase("Part 2: flip one digit; the new list must be one never reached.")
            lines.append(say(part))
        cells = [
            f"{'>' if i == mover else ' '} {name_of(names, i)} {x}" for i, x in enumerate(scores)
        ]
        lines += ["   ".join(cells[i : i + 4]) for i in range(0, len(cells), 4)]
        lines.append("")
        listed, pos = say(Phrase("list")), say(Phrase("pos"))
        # The labels' column is as wide as its longest label, so the digits stay in line.
        label = max(5, len(listed), len(pos))
        if len(digits) < length:
            lines.append(f"{listed:>{label}}  {digits}{'.' * (length - len(digits))}")
            lines += _ruler(length, pos, label)
            return "\n".join(lines)
        keep = COMPACT_HISTORY if compact else HISTORY
        lines += _history(view, names, keep, label, translate)
        lines += _ruler(length, pos, label)
        seen = Phrase(
            "{lists} lists reached, {seen} of {sets} run-length sets seen.",
            lists=view["flips"] + 1,
            seen=view["shapes"],
            sets=partitions(length),
        )
        lines.append(say(seen))
        return "\n".join(lines)

    def describe(self, before: State, moves: Mapping[Seat, Move], after: State) -> list[Phrase]:
        seat = before.turn % before.players
        who, move = SeatRef(seat), moves[seat]
        if len(before.digits) < before.length:
            if len(after.digits) < after.length:
                return [
                    Phrase(
                        "{player} appends {digit}: the list is {list} ({digits} of {length} "
                        "digits).",
                        player=who,
                        digit=move,
                        list=after.digits,
                        digits=len(after.digits),
                        length=after.length,
                    )
                ]
            return [
                Phrase(
                    "{player} appends {digit}: the list is complete, {list} (runs {runs}).",
                    player=who,
                    digit=move,
                    list=after.digits,
                    runs=show_shape(shape_of(after.digits)),
                ),
                Phrase("Part 2: flip digits by position; {player} flips first.", player=SeatRef(0)),
            ]
        out = [
            Phrase(
                "{player} flips {position}: {before} -> {after}, runs {runs}.",
                player=who,
                position=move,
                before=before.digits,
                after=after.digits,
                runs=show_shape(shape_of(after.digits)),
            )
        ]
        total = after.scores[seat]
        if total == before.scores[seat]:
            out.append(Phrase("Those run lengths are new: no point."))
        elif shape_of(before.digits) == shape_of(after.digits):
            out.append(
                Phrase(
                    "Those run lengths match the list just before: {player} scores 1 "
                    "(total {total}).",
                    player=who,
                    total=total,
                )
            )
        else:
            out.append(
                Phrase(
                    "Those run lengths match an earlier list: {player} scores 1 (total {total}).",
                    player=who,
                    total=total,
                )
            )
        if after.end == "target":
            # Points come one at a time: the total that reaches the target is the target.
            out.append(
                Phrase(
                    "{player} reaches the target {target}: game over.",
                    player=who,
                    target=after.scores[seat],
                )
            )
        elif after.end == "stuck":
            out.append(
                Phrase(
                    "{player} cannot flip: every flip gives a list already reached. Game over.",
                    player=SeatRef(after.turn % after.players),
                )
            )
        return out

    def prompt(self, s: State, seat: Seat) -> Phrase:
        if len(s.digits) < s.length:
            return Phrase(
                "Append a digit: send `0` or `1` (list so far: {list}, {digits} of {length}).",
                list=s.digits or Phrase("empty"),
                digits=len(s.digits),
                length=s.length,
            )
        return Phrase(
            "Flip a digit of {list}: send its position (from the left); you can flip {can}.",
            list=s.digits,
            can=_open_text(s),
        )


def _open_text(s: State) -> str:
    """The positions a flip may take now, as a list."""
    return ", ".join(map(str, open_positions(s)))


def _end_phrase(view: Mapping[str, Any]) -> Phrase:
    scores = view["scores"]
    best = max(scores)
    won = [SeatRef(i) for i, x in enumerate(scores) if x == best]
    result = (
        Phrase("Winner: {player}.", player=won[0])
        if len(won) == 1
        else Phrase("Draw: {players}.", players=tuple(won))
    )
    if view["end"] == "target":
        mover = SeatRef((view["flips"] - 1) % view["players"])
        return Phrase(
            "Game over: {player} reached the target. {result}", player=mover, result=result
        )
    stuck = SeatRef(view["flips"] % view["players"])
    return Phrase("Game over: {player} has no legal flip. {result}", player=stuck, result=result)


def _history(
    view: Mapping[str, Any],
    names: Sequence[str] | None,
    keep: int,
    label: int,
    translate: Translate,
) -> list[str]:
    def say(phrase: Phrase) -> str:
        return phrase.say(names, translate)

    rows: list[tuple[str, str, str, str]] = [("0", view["start"], "", say(Phrase("start")))]
    shown = view["history"][-keep:]
    first = view["flips"] - len(shown) + 1
    for n, (seat, pos, digits, scored) in enumerate(shown, start=first):
        flips = Phrase("{player} flips {position}", player=SeatRef(seat), position=pos)
        rows.append((str(n), digits, "*" if scored else "", say(flips)))
    runs = [show_shape(shape_of(d)) for _, d, _, _ in rows]
    width = max(len(r) for r in runs)
    listed = say(Phrase("list"))
    key = say(Phrase("runs (1x4 = four runs of 1; * = point)"))
    out = [f"{'#':>{label}}  {listed:<{view['length']}}  {key}"]
    for i, ((num, digits, mark, what), run) in enumerate(zip(rows, runs, strict=True)):
        out.append(f"{num:>{label}}  {digits}  {run:<{width}}  {mark:1} {what}".rstrip())
        if i == 0 and first > 1:
            earlier = Phrase("(earlier flips: {count})", count=first - 1)
            out.append(f"{'...':>{label}}  {say(earlier)}")
    return out


def _ruler(length: int, pos: str, label: int) -> list[str]:
    prefix = f"{pos:>{label}}  "
    units = "".join(str(i % 10) for i in range(1, length + 1))
    if length < 10:
        return [prefix + units]
    tens = "".join(str(i // 10) if i >= 10 else " " for i in range(1, length + 1))
    return [" " * len(prefix) + tens, prefix + units]


GAME = BinaryScramble()
