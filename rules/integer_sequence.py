"""An Integer Sequence Game: circle r(k), set m(k) = r(k)·m(k-1) + C, score a divisor of m(k)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.base import (
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
    a_number_from,
    name_of,
    parse_int,
    same,
)
from rules.primes import is_composite

PROVEN_FILE = Path(__file__).with_name("integer_sequence_proven.json")
"""The proven a(n): each with an order reaching it and how it was proven (written by
`python -m solver integer-sequence N --record`; the tests re-score every order)."""


def load_proven() -> list[dict[str, Any]]:
    """The entries of the proven values file, by n."""
    with PROVEN_FILE.open(encoding="utf-8") as f:
        return sorted(json.load(f)["values"], key=lambda e: e["n"])


PROVEN_BEST = {int(e["n"]): int(e["best"]) for e in load_proven()}
"""a(n), the best total of a one-player game on 1..n."""


@dataclass(frozen=True)
class State:
    """A game of An Integer Sequence Game."""

    n: int
    players: int
    circled: tuple[int, ...]
    """r(1), r(2), ...: the numbers circled so far, in order."""
    m: tuple[int, ...]
    """m(0) = 1, m(1), ..., m(k)."""
    composites: tuple[int, ...]
    """composites[i] = how many of m(0..i) are composite; the last one is the next move's C."""
    points: tuple[int, ...]
    """What each move scored."""
    scores: tuple[int, ...]


def next_m(prev: int, r: int, c: int) -> int:
    """m(k) = r(k)·m(k-1) + C."""
    return r * prev + c


def best_divisor(earlier: Sequence[int], value: int) -> tuple[int, int]:
    """(points, j): the largest earlier m(j) that divides value (the latest j on ties)."""
    best, where = 0, 0
    for j, x in enumerate(earlier):
        if x >= best and value % x == 0:
            best, where = x, j
    return best, where


def play(n: int, order: Sequence[int]) -> tuple[list[int], list[int]]:
    """(m(0..k), points of each move) of a one-player game that circles `order` (no checks)."""
    ms, points, c = [1], [], 0
    for r in order:
        value = next_m(ms[-1], r, c)
        points.append(best_divisor(ms, value)[0])
        ms.append(value)
        c += is_composite(value)
    return ms, points


def rows_shown(k: int, room: int) -> list[int]:
    """The moves a table of moves 0 to k shows with room for `room` of them: 0, then the latest."""
    start = max(1, k + 1 - room)
    # A line saying that move 1 is left out takes the room of move 1 itself.
    return [0, *range(1 if start == 2 else start, k + 1)]


def left_out(rows: Sequence[int]) -> int:
    """The last of the moves 1, 2, ... that a table showing `rows` (from `rows_shown`) leaves
    out, or 0 when it leaves none out."""
    return rows[1] - 1 if len(rows) > 1 else 0


def abbreviated(value: int | str, digits: int = 24, lead: int = 10) -> PhraseField:
    """The number in full, or its first `lead` digits and its length when longer than `digits`."""
    text = str(value)
    if len(text) <= digits:
        return text
    return Phrase("{start}…({length} digits)", start=text[:lead], length=len(text))


def abbreviate(
    value: int | str, digits: int = 24, translate: Translate = same, lead: int = 10
) -> str:
    """The number in full, or its first digits and its length, in the words of `translate`."""
    shown = abbreviated(value, digits, lead)
    return shown.say(None, translate) if isinstance(shown, Phrase) else str(shown)


def kind(ms: Sequence[int], composites: Sequence[int], k: int) -> str:
    """P (prime), C (composite) or - (for 1) for m(k), read from the running composite counts."""
    if ms[k] == 1:
        return "-"
    if composites[k] > composites[k - 1]:
        return "C"
    return "P"


class IntegerSequence(Game[State]):
    """An Integer Sequence Game."""

    slug = "integer-sequence"
    title = "An Integer Sequence Game"
    min_players = 1
    max_players = 8
    options = (
        Option(
            "n",
            Phrase("the r-list is 1..n; the game lasts n moves"),
            1,
            60,
            Phrase("max(8, 4·players)"),
        ),
    )
    notation = Phrase("the number to circle, e.g. `5`")
    summary = Phrase(
        "1 to 8 players (one player is a solitaire). The r-list is 1..n and m(0) = 1. On move k "
        "the player to move circles an uncircled number r(k) and m(k) = r(k)·m(k-1) + C, where "
        "C is how many of m(0), ..., m(k-1) are composite (1 is not). The mover scores the "
        "largest of m(0), ..., m(k-1) that divides m(k). Seats move in turn; the game ends after "
        "move n. Highest total wins. Move: the number to circle, e.g. `5`."
    )
    state_type = State

    def _settle(self, players: int, given: dict[str, OptionValue]) -> dict[str, Any]:
        n = given.get("n")
        return {"n": max(8, 4 * players) if n is None else n}

    def start(self, players: int, options: Mapping[str, Any]) -> State:
        return State(int(options["n"]), players, (), (1,), (0,), (), (0,) * players)

    def mover(self, s: State) -> Seat:
        """The seat that makes the next move."""
        return len(s.circled) % s.players

    def to_move(self, s: State) -> frozenset[Seat]:
        return frozenset() if self.is_over(s) else frozenset((self.mover(s),))

    def legal(self, s: State, seat: Seat) -> Iterator[Move]:
        if seat not in self.to_move(s):
            return
        used = set(s.circled)
        for r in range(1, s.n + 1):
            if r not in used:
                yield str(r)

    def _parse(self, s: State, seat: Seat, text: str) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        r = parse_int(text, a_number_from(1, s.n))
        if not 1 <= r <= s.n:
            raise IllegalMove(
                Phrase("{r} is not on the r-list: circle a number from 1 to {n}.", r=r, n=s.n)
            )
        if r in s.circled:
            raise IllegalMove(
                Phrase(
                    "{r} is already circled; uncircled: {uncircled}.",
                    r=r,
                    uncircled=_uncircled_text(s),
                )
            )
        return str(r)

    def _apply(self, s: State, moves: Mapping[Seat, Move]) -> State:
        seat = self.mover(s)
        r = int(moves[seat])
        c = s.composites[-1]
        value = next_m(s.m[-1], r, c)
        got, _ = best_divisor(s.m, value)
        scores = tuple(x + got if i == seat else x for i, x in enumerate(s.scores))
        return State(
            s.n,
            s.players,
            (*s.circled, r),
            (*s.m, value),
            (*s.composites, c + is_composite(value)),
            (*s.points, got),
            scores,
        )

    def is_over(self, s: State) -> bool:
        return len(s.circled) >= s.n

    def scores(self, s: State) -> tuple[int, ...]:
        return s.scores

    def proven_best(self, options: Mapping[str, Any]) -> int | None:
        return PROVEN_BEST.get(options["n"])

    def max_steps(self, players: int, options: Mapping[str, Any]) -> int:
        return int(options["n"])

    def public_view(self, s: State) -> dict[str, Any]:
        k = len(s.circled)
        return {
            "n": s.n,
            "players": s.players,
            "move": k,
            "over": self.is_over(s),
            "circled": list(s.circled),
            # Strings: m grows like n! and a big number is not safe in every JSON reader.
            "m": [str(x) for x in s.m],
            "kinds": [kind(s.m, s.composites, i) for i in range(k + 1)],
            "c": list(s.composites[:k]),
            "points": [str(x) for x in s.points],
            "next_c": s.composites[-1],
            "scores": list(s.scores),
        }

    def draw(
        self,
        view: Mapping[str, Any],
        names: Sequence[str] | None,
        compact: bool,
        translate: Translate = same,
    ) -> str:
        n, k, players = view["n"], view["move"], view["players"]

        def say(phrase: Phrase) -> str:
            return phrase.say(names, translate)

        def short(value: int | str) -> str:
            return abbreviate(value, digits, translate)

        status = (
            Phrase("game over") if view["over"] else Phrase("move {move} of {n}", move=k + 1, n=n)
        )
        lines = [f"An Integer Sequence Game  n={n}  {say(status)}", *_r_list(n, view["circled"])]
        rows = rows_shown(k, 7 if compact else k)
        digits = 10**9 if not compact else 16
        cells = [
            (
                str(i),
                "-" if i == 0 else str(view["circled"][i - 1]),
                short(view["m"][i]),
                view["kinds"][i],
                "-" if i == 0 else str(view["c"][i - 1]),
                "" if i == 0 else name_of(names, (i - 1) % players),
                "" if i == 0 else "+" + short(view["points"][i - 1]),
            )
            for i in rows
        ]
        head = ("k", "r(k)", "m(k)", "P/C", "C", say(Phrase("by")), say(Phrase("pts")))
        widths = [max(len(row[c]) for row in [head, *cells]) for c in range(len(head))]
        right = {0, 1, 4, 6}

        def fmt(row: Sequence[str]) -> str:
            return "  ".join(
                x.rjust(w) if c in right else x.ljust(w)
                for c, (x, w) in enumerate(zip(row, widths, strict=True))
            ).rstrip()

        lines += ["", fmt(head), fmt(cells[0])]
        if last := left_out(rows):
            lines.append("  " + say(Phrase("… moves 1 to {last}", last=last)))
        lines += [fmt(row) for row in cells[1:]]
        lines.append("")
        totals = ", ".join(
            f"{name_of(names, i)} {short(str(x))}" for i, x in enumerate(view["scores"])
        )
        if players == 1:
            lines.append(say(Phrase("Score: {totals}", totals=totals)))
        else:
            lines.append(say(Phrase("Scores: {totals}", totals=totals)))
        if not view["over"]:
            following = Phrase(
                "Next: {player}; m({next}) = r·m({k}) + {c}",
                player=SeatRef(k % players),
                next=k + 1,
                k=k,
                c=view["next_c"],
            )
            lines.append(say(following))
        return "\n".join(lines)

    def describe(self, before: State, moves: Mapping[Seat, Move], after: State) -> list[Phrase]:
        k = len(after.circled)
        r, c, prev, value = after.circled[-1], before.composites[-1], before.m[-1], after.m[-1]
        got, where = best_divisor(before.m, value)
        if is_composite(value):
            what = Phrase("composite")
        elif value > 1:
            what = Phrase("prime")
        else:
            what = Phrase("neither prime nor composite")
        if got == 1:
            scored = Phrase("{m} is divisible by 1 only among earlier m → +1", m=abbreviated(value))
        else:
            scored = Phrase(
                "the largest earlier m dividing it is m({j}) = {divisor} → +{divisor}",
                j=where,
                divisor=abbreviated(got),
            )
        out = [
            Phrase(
                "{player} circles {r}: m({k}) = {r}·{previous} + {c} = {m} ({what}); {scored}.",
                player=SeatRef(self.mover(before)),
                r=r,
                k=k,
                previous=abbreviated(prev),
                c=c,
                m=abbreviated(value),
                what=what,
                scored=scored,
            )
        ]
        if self.is_over(after):
            out.append(Phrase("That was move {k} of {n}: the game is over.", k=k, n=after.n))
        return out

    def prompt(self, s: State, seat: Seat) -> Phrase:
        k = len(s.circled)
        return Phrase(
            "Move {move} of {n}: circle a number; m({move}) = r·{previous} + {c}. "
            "Uncircled: {uncircled}.",
            move=k + 1,
            n=s.n,
            previous=abbreviated(s.m[-1]),
            c=s.composites[-1],
            uncircled=_uncircled_text(s),
        )


def _uncircled_text(s: State) -> str:
    used = set(s.circled)
    return ", ".join(str(r) for r in range(1, s.n + 1) if r not in used)


def _r_list(n: int, circled: Sequence[int]) -> list[str]:
    used = set(circled)
    cells = [f"({r})" if r in used else f" {r} " for r in range(1, n + 1)]
    width = max(len(x) for x in cells)
    rows = []
    for start in range(0, n, 20):
        rows.append(
            "r: " * (start == 0)
            + "   " * (start > 0)
            + " ".join(x.rjust(width) for x in cells[start : start + 20]).rstrip()
        )
    return rows


GAME = IntegerSequence()
