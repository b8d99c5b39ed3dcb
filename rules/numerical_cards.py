"""Numerical Card Game: paired players reveal sealed cards and score on divisors and gcds.

What a reveal scores, and whether any point is left, lives in rules/numerical_cards_scoring.py.
"""

from __future__ import annotations

import bisect
import random
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
    PhraseField,
    Seat,
    SeatRef,
    Translate,
    clip,
    name_of,
    parse_int,
    same,
)
from rules.numerical_cards_scoring import Pile, no_points_left, outcome, reason

CARDS_GO = {
    "back": Phrase("cards kept"),
    "moldy": Phrase("both moldy"),
    "exchange": Phrase("exchanged"),
}
"""Where the cards of a reveal went, in a board's few words."""


@dataclass(frozen=True)
class State:
    """A game of Numerical Card Game."""

    m: int
    max_moves: int
    fresh: tuple[Pile, ...]
    moldy: tuple[Pile, ...]
    scores: tuple[int, ...]
    active: tuple[bool, ...]
    entry: int
    """Index in the pairing cycle of the pair to move now."""
    moves: int
    end: str
    """"" while the game goes on, else why it ended: "players", "stuck" or "limit"."""
    last: tuple[int, int, str, str] | None
    """The last move as revealed: seats i < j and what each showed ("" = sealed, not shown)."""


@cache
def cycle(players: int) -> tuple[tuple[int, int], ...]:
    """The pairing cycle: every pair (i, j), i < j, in lexicographic order."""
    return tuple((i, j) for i in range(players) for j in range(i + 1, players))


def pile_text(pile: Pile, limit: int = 30) -> PhraseField:
    """A pile for a message: every card, or `7×2` groups when it is long."""
    if not pile:
        return Phrase("nothing")
    if len(pile) <= limit:
        return ", ".join(map(str, pile))
    counts = ((c, pile.count(c)) for c in dict.fromkeys(pile))
    return ", ".join(f"{c}×{n}" if n > 1 else str(c) for c, n in counts)


def moved(pile: Pile, out: int | None, into: int | None = None) -> Pile:
    """The pile with one card `out` removed and one card `into` added (either may be None)."""
    lst = list(pile)
    if out is not None:
        lst.remove(out)
    if into is not None:
        bisect.insort(lst, into)
    return tuple(lst)


def end_text(
    end: str, active: Sequence[bool], who: Sequence[str], translate: Translate = same
) -> str:
    """Why the game ended, as a sentence naming the players by `who`."""
    return end_phrase(end, active).say(who, translate)


def end_phrase(end: str, active: Sequence[bool]) -> Phrase:
    """Why the game ended."""
    if end == "players":
        left = [k for k, on in enumerate(active) if on]
        if left:
            return Phrase("Game over: only {player} is left.", player=SeatRef(left[0]))
        return Phrase("Game over: nobody is left.")
    if end == "stuck":
        return Phrase(
            "Game over: no point can be scored any more (no 1 left in play, and the fresh "
            "cards are pairwise coprime)."
        )
    return Phrase("Game over: the move limit is reached.")


def gain_text(x: int, y: int, i: Seat, j: Seat) -> Phrase:
    """Who scores what when seat i shows x and seat j shows y."""
    pi, pj, _ = outcome(x, y)
    if pi and pi == pj:
        return Phrase("both +{points}", points=pi)
    if pi or pj:
        return Phrase("{player} +2", player=SeatRef(i if pi else j))
    return Phrase("no points")


def next_entry(active: Sequence[bool], entry: int) -> int:
    """The next entry of the cycle after `entry` whose two players are both still in."""
    pairs = cycle(len(active))
    for k in range(1, len(pairs) + 1):
        e = (entry + k) % len(pairs)
        i, j = pairs[e]
        if active[i] and active[j]:
            return e
    return entry


class NumericalCards(Game[State]):
    """Numerical Card Game."""

    slug = "numerical-cards"
    title = "Numerical Card Game"
    min_players, max_players = 2, 8
    options = (
        Option("m", Phrase("deck size: each player starts with cards 1..m"), 2, 60, Phrase("20")),
        Option(
            "max_moves",
            Phrase("moves (pairings played) before the game stops"),
            1,
            100_000,
            Phrase("3·m·p(p-1)/2"),
        ),
    )
    notation = Phrase("a card number from your fresh pile, e.g. `12`, or `drop` to leave the game")
    summary = Phrase(
        "Each player has a fresh pile of cards 1..m. Pairs of players meet in a fixed cycle; "
        "each pair secretly picks one card each, then both are revealed. Both 1: both +2, cards "
        "stay. One 1: its owner +2, the cards are exchanged. Equal cards > 1: both +2. One divides "
        "the other: the divisor's owner +2. Common factor, neither divides: both +1. In those "
        "three cases both cards go to the moldy piles. Coprime, both > 1: the cards are exchanged, "
        "no points. An empty fresh pile leaves the game; `drop` leaves it too (no points that "
        "move). Ends with one player left, when no point can be scored any more, or at "
        "`max_moves`. Players who left keep their score. Highest total wins. "
        "Move: a card number, e.g. `12`, or `drop`."
    )
    state_type = State

    def _settle(self, players: int, given: dict[str, OptionValue]) -> dict[str, Any]:
        m = given.get("m")
        if m is None:
            m = 20
        max_moves = given.get("max_moves")
        if max_moves is None:
            max_moves = 3 * m * players * (players - 1) // 2
        return {"m": m, "max_moves": max_moves}

    def start(self, players: int, options: Mapping[str, Any]) -> State:
        m = int(options["m"])
        return State(
            m,
            int(options["max_moves"]),
            (tuple(range(1, m + 1)),) * players,
            ((),) * players,
            (0,) * players,
            (True,) * players,
            0,
            0,
            "",
            None,
        )

    def to_move(self, s: State) -> frozenset[Seat]:
        return frozenset() if s.end else frozenset(cycle(len(s.scores))[s.entry])

    def is_sealed(self, s: State) -> bool:
        return True

    def legal(self, s: State, seat: Seat) -> Iterator[Move]:
        if seat not in self.to_move(s):
            return
        for c in sorted(set(s.fresh[seat])):
            yield str(c)
        yield "drop"

    def leaving_moves(self, s: State, seat: Seat) -> tuple[Move, ...]:
        return ("drop",) if seat in self.to_move(s) else ()

    def sample(self, s: State, seat: Seat, rng: random.Random) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        # Each card of the pile (repeats count) and `drop` are equally likely: dropping stays
        # rare for an automatic move, yet random games do end.
        pile = s.fresh[seat]
        k = rng.randrange(len(pile) + 1)
        return str(pile[k]) if k < len(pile) else "drop"

    def max_steps(self, players: int, options: Mapping[str, Any]) -> int:
        return int(options["max_moves"])

    def _parse(self, s: State, seat: Seat, text: str) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        if text.strip().lower() == "drop":
            return "drop"
        pile = s.fresh[seat]
        held = pile_text(pile)
        try:
            x = parse_int(text)
        except IllegalMove:
            if text.strip():
                why = Phrase(
                    "`{text}` is not a card number or `drop`; you hold: {pile}.",
                    text=clip(text),
                    pile=held,
                )
            else:
                why = Phrase("Send a card number or `drop`; you hold: {pile}.", pile=held)
            raise IllegalMove(why) from None
        if x not in pile:
            raise IllegalMove(
                Phrase("{x} is not in your fresh pile; you hold: {pile}.", x=x, pile=held)
            )
        return str(x)

    def _apply(self, s: State, moves: Mapping[Seat, Move]) -> State:
        i, j = cycle(len(s.scores))[s.entry]
        a, b = moves[i], moves[j]
        fresh, moldy = list(s.fresh), list(s.moldy)
        scores, active = list(s.scores), list(s.active)
        if "drop" in (a, b):
            for seat, mv in ((i, a), (j, b)):
                if mv == "drop":
                    active[seat] = False
            last = (i, j, a if a == "drop" else "", b if b == "drop" else "")
        else:
            x, y = int(a), int(b)
            pi, pj, where = outcome(x, y)
            scores[i] += pi
            scores[j] += pj
            if where == "exchange":
                fresh[i], fresh[j] = moved(fresh[i], x, y), moved(fresh[j], y, x)
            elif where == "moldy":
                fresh[i], fresh[j] = moved(fresh[i], x), moved(fresh[j], y)
                moldy[i], moldy[j] = moved(moldy[i], None, x), moved(moldy[j], None, y)
            last = (i, j, a, b)
        for seat in (i, j):
            if active[seat] and not fresh[seat]:
                active[seat] = False
        count = s.moves + 1
        left = [seat for seat, on in enumerate(active) if on]
        end = ""
        if len(left) <= 1:
            end = "players"
        elif no_points_left(fresh[seat] for seat in left):
            end = "stuck"
        elif count >= s.max_moves:
            end = "limit"
        entry = s.entry if end else next_entry(active, s.entry)
        return replace(
            s,
            fresh=tuple(fresh),
            moldy=tuple(moldy),
            scores=tuple(scores),
            active=tuple(active),
            entry=entry,
            moves=count,
            end=end,
            last=last,
        )

    def is_over(self, s: State) -> bool:
        return bool(s.end)

    def scores(self, s: State) -> tuple[int, ...]:
        return s.scores

    def public_view(self, s: State) -> dict[str, Any]:
        return {
            "m": s.m,
            "max_moves": s.max_moves,
            "moves": s.moves,
            "over": bool(s.end),
            "end": s.end,
            "scores": list(s.scores),
            "active": list(s.active),
            "fresh_sizes": [len(p) for p in s.fresh],
            "moldy": [list(p) for p in s.moldy],
            "cycle": [list(p) for p in cycle(len(s.scores))],
            "current": None if s.end else s.entry,
            "last": None if s.last is None else list(s.last),
        }

    def private_view(self, s: State, seat: Seat) -> dict[str, Any]:
        return {"seat": seat, "fresh": list(s.fresh[seat])}

    def draw(
        self,
        view: Mapping[str, Any],
        names: Sequence[str] | None,
        compact: bool,
        translate: Translate = same,
    ) -> str:
        p = len(view["scores"])
        who = [clip(name_of(names, k), 16) for k in range(p)]

        def say(phrase: Phrase) -> str:
            return phrase.say(who, translate)

        move = Phrase("move {move} of {n}", move=view["moves"], n=view["max_moves"])
        lines = [f"Numerical Card Game  m={view['m']}  {say(move)}"]
        if view["over"]:
            lines.append(end_text(view["end"], view["active"], who, translate))
        else:
            i, j = view["cycle"][view["current"]]
            now = Phrase("Now: {a} vs {b} (sealed cards)", a=SeatRef(i), b=SeatRef(j))
            lines.append(say(now))
        if view["last"] is not None:
            lines.append(say(Phrase("Last: {move}", move=_last_phrase(view["last"]))))
        player, *counts = (
            say(x) for x in (Phrase("player"), Phrase("score"), Phrase("fresh"), Phrase("moldy"))
        )
        # Each column is as wide as its heading in the reader's language (5 at least).
        w = max(len(player), *map(len, who))
        cw = [max(5, len(c)) for c in counts]
        left, you = say(Phrase("(left)")), say(Phrase("<- you"))
        heads = "  ".join(f"{c:>{n}}" for c, n in zip(counts, cw, strict=True))
        lines += ["", f" #  {player:<{w}}  {heads}"]
        for k in range(p):
            numbers = (view["scores"][k], view["fresh_sizes"][k], len(view["moldy"][k]))
            shown = "  ".join(f"{x:>{n}}" for x, n in zip(numbers, cw, strict=True))
            row = f"{k + 1:>2}  {who[k]:<{w}}  {shown}" + ("" if view["active"][k] else f"  {left}")
            row += f"  {you}" if view.get("viewer") == k else ""
            lines.append(row)
        if not compact and any(view["moldy"]):
            lines += ["", say(Phrase("Moldy piles (revealed cards):"))]
            for k in range(p):
                if view["moldy"][k]:
                    lines += _wrapped(f" {who[k]:<{w}}:", view["moldy"][k])
        lines += ["", say(Phrase("Pairing cycle ([now], ~x-y~ skipped: a player left):"))]
        cells = []
        for e, (i, j) in enumerate(view["cycle"]):
            cell = f"{i + 1}-{j + 1}"
            if not (view["active"][i] and view["active"][j]):
                cell = f"~{cell}~"
            cells.append(f"[{cell}]" if e == view["current"] else cell)
        lines += _wrapped("", cells)
        private = view["private"]
        if private is not None:
            fresh = Phrase("Your fresh pile ({count}):", count=len(private["fresh"]))
            lines += ["", *_wrapped(say(fresh), private["fresh"])]
        return "\n".join(lines)

    def describe(self, before: State, moves: Mapping[Seat, Move], after: State) -> list[Phrase]:
        i, j = cycle(len(before.scores))[before.entry]
        a, b = SeatRef(i), SeatRef(j)
        out = []
        if moves[i] == "drop" and moves[j] == "drop":
            out.append(Phrase("{a} and {b} both drop out of the game; no points.", a=a, b=b))
        elif "drop" in (moves[i], moves[j]):
            quitter, other = (a, b) if moves[i] == "drop" else (b, a)
            out.append(
                Phrase(
                    "{quitter} drops out of the game; {other}'s sealed card stays, unrevealed, "
                    "in its fresh pile; no points.",
                    quitter=quitter,
                    other=other,
                )
            )
        else:
            x, y = int(moves[i]), int(moves[j])
            pi, pj, where = outcome(x, y)
            goes = {
                "back": Phrase("the cards go back to their fresh piles."),
                "moldy": Phrase("both cards go moldy."),
                "exchange": Phrase(
                    "the cards are exchanged ({a} gets {y}, {b} gets {x}).", a=a, b=b, x=x, y=y
                ),
            }[where]
            out.append(
                Phrase(
                    "{a} {x} vs {b} {y}: {reason}: {gain}; {goes}",
                    a=a,
                    x=x,
                    b=b,
                    y=y,
                    reason=reason(x, y),
                    gain=gain_text(x, y, i, j),
                    goes=goes,
                )
            )
            if pi or pj:
                out.append(
                    Phrase(
                        "Totals: {a} {total_a}, {b} {total_b}.",
                        a=a,
                        b=b,
                        total_a=after.scores[i],
                        total_b=after.scores[j],
                    )
                )
        for seat in (i, j):
            if before.active[seat] and not after.active[seat] and moves[seat] != "drop":
                out.append(
                    Phrase(
                        "{player}'s fresh pile is empty: {player} leaves the game.",
                        player=SeatRef(seat),
                    )
                )
        if after.end:
            out.append(end_phrase(after.end, after.active))
        return out

    def prompt(self, s: State, seat: Seat) -> Phrase:
        if seat not in self.to_move(s):
            return NOT_YOUR_MOVE
        i, j = cycle(len(s.scores))[s.entry]
        return Phrase(
            "Move {move}: you are paired with {other}. Send a card from your fresh pile "
            "({pile}) or `drop` to leave the game.",
            move=s.moves + 1,
            other=SeatRef(j if seat == i else i),
            pile=pile_text(s.fresh[seat]),
        )


def _last_phrase(last: Sequence[Any]) -> Phrase:
    """The last move, revealed, in a board's few words."""
    i, j, a, b = last
    if "drop" in (a, b):
        quit = [SeatRef(k) for k, mv in ((i, a), (j, b)) if mv == "drop"]
        if len(quit) == 1:
            return Phrase("{player} dropped out", player=quit[0])
        return Phrase("{player} and {other} both dropped out", player=quit[0], other=quit[1])
    x, y = int(a), int(b)
    return Phrase(
        "{a} {x} vs {b} {y}: {reason}; {points}, {goes}",
        a=SeatRef(i),
        x=x,
        b=SeatRef(j),
        y=y,
        reason=reason(x, y),
        points=gain_text(x, y, i, j),
        goes=CARDS_GO[outcome(x, y)[2]],
    )


def _wrapped(label: str, items: Sequence[Any], width: int = 64) -> list[str]:
    """Items after a label, wrapped in lines of at most `width` characters."""
    lines, line = [], label
    for item in items:
        text = str(item)
        if len(line) + 1 + len(text) > width and line.strip():
            lines.append(line)
            line = " " * (len(label) if label.strip() else 0)
        line += (" " if line else "") + text
    lines.append(line)
    return lines


GAME = NumericalCards()
