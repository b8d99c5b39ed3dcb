"""Numbers To Number: sealed numbers build a binary list; score the numbers it can read as."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import (
    NOT_YOUR_MOVE,
    BadOption,
    Game,
    IllegalMove,
    Move,
    Option,
    OptionValue,
    Phrase,
    Seat,
    SeatRef,
    Translate,
    a_number_from,
    name_of,
    parse_int,
    same,
)
from rules.number_sets import NumberSet, RangeMoves

Pair = tuple[int, int]
NO_MOVES = RangeMoves(1, 0)
"""The legal moves of a seat that is not to move."""
LISTED = 40
"""A player's board lists the numbers they played up to this many; beyond, it counts them."""


@dataclass(frozen=True)
class State:
    """A game of Numbers To Number."""

    m: int
    rounds: int
    round: int
    used: tuple[NumberSet, NumberSet]
    pairs: tuple[Pair, ...]
    last_pairs: tuple[Pair, ...]
    scores: tuple[int, int]


def symbol(pair: Pair) -> str:
    """The list symbol of one reveal: 1 if seat 0's number is larger, 0 if smaller, _ if equal."""
    a, b = pair
    return "1" if a > b else "0" if a < b else "_"


def fixed_mask(symbols: str) -> tuple[int, int]:
    """(mask, value) of the non-`_` positions: x is in D iff x & mask == value."""
    mask = value = 0
    for ch in symbols:
        mask, value = mask << 1, value << 1
        if ch != "_":
            mask |= 1
            value |= ch == "1"
    return mask, value


def in_d(x: int, symbols: str) -> bool:
    """True when x is one of the numbers the binary list can be read as (O(m), no listing)."""
    if x >> len(symbols):
        return False
    mask, value = fixed_mask(symbols)
    return x & mask == value


def d_values(symbols: str, limit: int = 8) -> tuple[list[int], int]:
    """The smallest `limit` members of D, and |D|."""
    free = [len(symbols) - 1 - i for i, ch in enumerate(symbols) if ch == "_"]
    _, base = fixed_mask(symbols)
    size = 1 << len(free)
    out = []
    for j in range(min(size, limit)):
        x = base
        for bit, pos in enumerate(reversed(free)):
            if j >> bit & 1:
                x |= 1 << pos
        out.append(x)
    return sorted(out), size


def round_points(pairs: Sequence[Pair]) -> tuple[int, int]:
    """Points of each seat for a finished round's reveals."""
    symbols = "".join(symbol(p) for p in pairs)
    return (
        sum(in_d(a, symbols) for a, _ in pairs),
        sum(in_d(b, symbols) for _, b in pairs),
    )


class NumbersToNumber(Game[State]):
    """Numbers To Number."""

    slug = "numbers-to-number"
    title = "Numbers To Number"
    min_players = max_players = 2
    options = (
        Option("m", Phrase("moves per round; numbers are 1..2^m-1"), 2, 16, Phrase("6")),
        Option(
            "rounds",
            Phrase("number of rounds, at most (2^m-1)/m"),
            1,
            (2**16 - 1) // 16,
            Phrase("floor((2^m-1)/m)"),
        ),
    )
    notation = Phrase("a number you have not played yet, e.g. `17`")
    summary = Phrase(
        "Two players. Each move, both secretly pick a number from 1 to 2^m-1 that they have "
        "not picked before in this game. The reveal appends 1 to the round's binary list if "
        "the first player's number is larger, 0 if smaller, _ if equal. After m moves the list "
        "is read as a binary number, each _ as 0 or 1: that gives the set D. Each player scores "
        "1 for every number of D they played this round. Highest total wins."
    )
    state_type = State

    def _settle(self, players: int, given: dict[str, OptionValue]) -> dict[str, Any]:
        m = given.get("m")
        if m is None:
            m = 6
        top = (2**m - 1) // m
        rounds = given.get("rounds")
        if rounds is None:
            rounds = top
        if rounds > top:
            raise BadOption(
                Phrase(
                    "`rounds` must be from 1 to {top} when m is {m}; got {rounds}.",
                    top=top,
                    m=m,
                    rounds=rounds,
                )
            )
        return {"m": m, "rounds": rounds}

    def start(self, players: int, options: Mapping[str, Any]) -> State:
        return State(options["m"], options["rounds"], 0, (NumberSet(), NumberSet()), (), (), (0, 0))

    def to_move(self, s: State) -> frozenset[Seat]:
        return frozenset() if self.is_over(s) else frozenset((0, 1))

    def is_sealed(self, s: State) -> bool:
        return True

    def legal(self, s: State, seat: Seat) -> RangeMoves:
        # A range test, not a listing: at m=16 a seat has up to 65,535 moves.
        if seat not in self.to_move(s):
            return NO_MOVES
        return RangeMoves(1, 2**s.m - 1, s.used[seat])

    def _parse(self, s: State, seat: Seat, text: str) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        top = 2**s.m - 1
        x = parse_int(text, a_number_from(1, top))
        if not 1 <= x <= top:
            raise IllegalMove(
                Phrase("{x} is out of range: pick a number from 1 to {top}.", x=x, top=top)
            )
        if x in s.used[seat]:
            raise IllegalMove(
                Phrase("You have already played {x}; pick a number you have not played.", x=x)
            )
        return str(x)

    def _apply(self, s: State, moves: Mapping[Seat, Move]) -> State:
        pair = (int(moves[0]), int(moves[1]))
        used = (s.used[0].add(pair[0]), s.used[1].add(pair[1]))
        pairs = (*s.pairs, pair)
        if len(pairs) < s.m:
            return State(s.m, s.rounds, s.round, used, pairs, s.last_pairs, s.scores)
        pts = round_points(pairs)
        scores = (s.scores[0] + pts[0], s.scores[1] + pts[1])
        return State(s.m, s.rounds, s.round + 1, used, (), pairs, scores)

    def is_over(self, s: State) -> bool:
        return s.round >= s.rounds

    def scores(self, s: State) -> tuple[int, ...]:
        return s.scores

    def sample(self, s: State, seat: Seat, rng: random.Random) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        top, used = 2**s.m - 1, s.used[seat]
        if len(used) < top // 2:
            while True:
                x = rng.randint(1, top)
                if x not in used:
                    return str(x)
        return rng.choice(list(self.legal(s, seat)))

    def max_steps(self, players: int, options: Mapping[str, Any]) -> int:
        return int(options["m"]) * int(options["rounds"])

    def public_view(self, s: State) -> dict[str, Any]:
        return {
            "m": s.m,
            "rounds": s.rounds,
            "round": s.round,
            "over": self.is_over(s),
            "pairs": [list(p) for p in s.pairs],
            "last_pairs": [list(p) for p in s.last_pairs],
            "scores": list(s.scores),
        }

    def private_view(self, s: State, seat: Seat) -> dict[str, Any]:
        used = s.used[seat]
        # The board lists played numbers only while they are few; then it counts them.
        return {"played": len(used), "used": list(used) if len(used) <= LISTED else None}

    def draw(
        self,
        view: Mapping[str, Any],
        names: Sequence[str] | None,
        compact: bool,
        translate: Translate = same,
    ) -> str:
        m, a, b = view["m"], name_of(names, 0), name_of(names, 1)
        width = max(len(a), len(b), 4)
        number = min(view["round"] + 1, view["rounds"])
        progress = Phrase("round {round}/{rounds}", round=number, rounds=view["rounds"])
        head = f"Numbers To Number  m={m}  {progress.say(names, translate)}"
        if view["over"]:
            over = Phrase("game over")
            head += f"  ({over.say(names, translate)})"
        pts = Phrase("pts").say(names, translate)
        scores = view["scores"]
        lines = [head, f"{a:<{width}} {scores[0]:>4} {pts}   {b:<{width}} {scores[1]:>4} {pts}", ""]
        if view["pairs"] or not view["last_pairs"]:
            pairs = view["pairs"]
            title = Phrase("This round: list {list}", list=_shown(pairs, m))
        else:
            pairs = view["last_pairs"]
            title = Phrase("Last round: list {list}", list=_shown(pairs, m))
        lines += _draw_round(title.say(names, translate), pairs, m, (a, b), width, compact)
        if view["private"] is not None:
            lines += ["", _unused_line(view["private"], m, compact).say(names, translate)]
        return "\n".join(lines)

    def describe(self, before: State, moves: Mapping[Seat, Move], after: State) -> list[Phrase]:
        a, b = SeatRef(0), SeatRef(1)
        x, y = int(moves[0]), int(moves[1])
        out = [
            Phrase(
                "{a} played {x}, {b} played {y}: the list gets `{symbol}`.",
                a=a,
                x=x,
                b=b,
                y=y,
                symbol=symbol((x, y)),
            )
        ]
        if after.round > before.round:
            symbols = "".join(symbol(p) for p in after.last_pairs)
            first, size = d_values(symbols, 8)
            shown = ", ".join(map(str, first)) + (", …" if size > len(first) else "")
            out.append(
                Phrase(
                    "Round {round} ends: list `{symbols}`, D = {{{shown}}}.",
                    round=before.round + 1,
                    symbols=symbols,
                    shown=shown,
                )
            )
            for seat in (0, 1):
                hits = tuple(p[seat] for p in after.last_pairs if in_d(p[seat], symbols))
                gained = after.scores[seat] - before.scores[seat]
                total = after.scores[seat]
                if hits:
                    line = Phrase(
                        "{player} +{gained} for {hits} (total {total}).",
                        player=SeatRef(seat),
                        gained=gained,
                        hits=hits,
                        total=total,
                    )
                else:
                    line = Phrase(
                        "{player} +{gained} (total {total}).",
                        player=SeatRef(seat),
                        gained=gained,
                        total=total,
                    )
                out.append(line)
        return out

    def prompt(self, s: State, seat: Seat) -> Phrase:
        return Phrase(
            "Move {move}/{m} of round {round}: send a number from 1 to {top} that you have not "
            "played yet.",
            move=len(s.pairs) + 1,
            m=s.m,
            round=s.round + 1,
            top=2**s.m - 1,
        )


def _shown(pairs: Sequence[Sequence[int]], m: int) -> str:
    """A round's list so far, a dot for each move still to come."""
    symbols = "".join(symbol((p[0], p[1])) for p in pairs)
    return symbols + "." * (m - len(symbols))


def _draw_round(
    title: str,
    pairs: Sequence[Sequence[int]],
    m: int,
    names: tuple[str, str],
    width: int,
    compact: bool,
) -> list[str]:
    symbols = "".join(symbol((p[0], p[1])) for p in pairs)
    lines = [title]
    if not compact or m <= 8:
        cell = len(str(2**m - 1)) + 1
        for seat, name in enumerate(names):
            row = "".join(f"{p[seat]:>{cell}}" for p in pairs)
            lines.append(f"  {name:<{width}}{row}")
        lines.append(f"  {'':<{width}}" + "".join(f"{c:>{cell}}" for c in symbols))
    if len(symbols) == m:
        first, size = d_values(symbols, 6)
        tail = ", …" if size > len(first) else ""
        lines.append(f"  D = {{{', '.join(map(str, first))}{tail}}}  (|D| = {size})")
    return lines


def _unused_line(private: Mapping[str, Any], m: int, compact: bool) -> Phrase:
    top, played, used = 2**m - 1, private["played"], private["used"]
    if not played:
        return Phrase("Your unused numbers: 1..{top} (all)", top=top)
    if used is None or compact:
        return Phrase(
            "Your unused numbers: {left} of 1..{top}; played {played}",
            left=top - played,
            top=top,
            played=played,
        )
    return Phrase(
        "Your unused numbers: 1..{top} except {used}", top=top, used=", ".join(map(str, used))
    )


GAME = NumbersToNumber()
