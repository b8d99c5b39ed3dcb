"""Lengths Of Lengths Of Lengths: build a 0/1 list in turn; the offense scores its run cascade."""

from __future__ import annotations

import random
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
    multiple_of_players,
    name_of,
    same,
)

MAX_N = 60
MAX_PLAYERS = 8
COMPACT_WIDTH = 60
"""The compact board clips each cascade level to this many characters."""
COMPACT_LEVELS = 8
_NOBODY: frozenset[int] = frozenset()
_ONE_SEAT = tuple(frozenset({seat}) for seat in range(MAX_PLAYERS))


@dataclass(frozen=True)
class State:
    """A game of Lengths Of Lengths Of Lengths."""

    players: int
    n: int
    rounds: int
    round: int
    digits: str
    last: str
    scores: tuple[int, ...]


def run_lengths(values: Sequence[int]) -> tuple[int, ...]:
    """The lengths of the runs of equal adjacent values, left to right."""
    out: list[int] = []
    prev: int | None = None
    for x in values:
        if out and x == prev:
            out[-1] += 1
        else:
            out.append(1)
        prev = x
    return tuple(out)


def cascade(digits: str) -> list[tuple[int, ...]]:
    """Every level from the 0/1 list down to the first all-1s list (the 0/1 list is tested too)."""
    level = tuple(int(c) for c in digits)
    levels = [level]
    # Terminates: a list that is not all 1s has a run of 2+, so its run list is shorter.
    while any(x != 1 for x in level):
        level = run_lengths(level)
        levels.append(level)
    return levels


def round_score(digits: str) -> int:
    """What the offense scores for a finished round's list: the length of the all-1s level."""
    return len(cascade(digits)[-1])


def level_text(index: int, level: Sequence[int]) -> str:
    """One cascade level as written in the rules: digits for the 0/1 list, then commas."""
    return "".join(map(str, level)) if index == 0 else ",".join(map(str, level))


class LengthsOfLengths(Game[State]):
    """Lengths Of Lengths Of Lengths."""

    slug = "lengths-of-lengths"
    title = "Lengths Of Lengths Of Lengths"
    min_players = 2
    max_players = MAX_PLAYERS
    options = (
        Option(
            "n",
            Phrase("digits per round, a multiple of the player count"),
            2,
            MAX_N,
            Phrase("the smallest multiple of p that is at least 12"),
        ),
        Option("rounds", Phrase("rounds as offense per player"), 1, 10, Phrase("1")),
    )
    notation = Phrase("a digit, `0` or `1`")
    summary = Phrase(
        "2 to 8 players, p·rounds rounds; each player is the offense equally often, in seat "
        "order. In a round the list starts empty and players append one digit `0` or `1` in "
        "turn, the offense first, until it has n digits. Then L := the list; while L is not all "
        "1s, L becomes the lengths of its runs of equal values (1010110011101000111001011 → "
        "1,1,1,1,2,2,3,1,1,3,3,2,1,1,2 → 4,2,1,2,2,1,2,1 → 1,1,1,2,1,1,1 → 3,1,3 → 1,1,1). "
        "The offense scores the length of the final all-1s list (3 here; an all-1s 0/1 list "
        "scores n); nobody else scores. Highest total wins. Move: `0` or `1`."
    )
    state_type = State

    def _settle(self, players: int, given: dict[str, OptionValue]) -> dict[str, Any]:
        n = multiple_of_players(self.option("n"), players, given.get("n"), at_least=12)
        rounds = given.get("rounds")
        return {"n": n, "rounds": 1 if rounds is None else rounds}

    def start(self, players: int, options: Mapping[str, Any]) -> State:
        return State(players, options["n"], options["rounds"], 0, "", "", (0,) * players)

    def total_rounds(self, s: State) -> int:
        """How many rounds the whole game has: every player is offense `rounds` times."""
        return s.players * s.rounds

    def offense(self, s: State) -> Seat:
        """The offense of the current round."""
        return s.round % s.players

    def to_move(self, s: State) -> frozenset[Seat]:
        # Hot in replays (called several times per move), hence the shared frozensets.
        if s.round >= s.players * s.rounds:
            return _NOBODY
        return _ONE_SEAT[(s.round + len(s.digits)) % s.players]

    def is_sealed(self, s: State) -> bool:
        return False

    def legal(self, s: State, seat: Seat) -> Iterator[Move]:
        if seat in self.to_move(s):
            yield from ("0", "1")

    def sample(self, s: State, seat: Seat, rng: random.Random) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        return rng.choice(("0", "1"))

    def max_steps(self, players: int, options: Mapping[str, Any]) -> int:
        return players * int(options["rounds"]) * int(options["n"])

    def _parse(self, s: State, seat: Seat, text: str) -> Move:
        if seat not in self.to_move(s):
            raise IllegalMove(NOT_YOUR_MOVE)
        t = text.strip()
        if t not in ("0", "1"):
            raise IllegalMove(
                Phrase("`{text}` is not a digit you can append: send `0` or `1`.", text=clip(text))
            )
        return t

    def _apply(self, s: State, moves: Mapping[Seat, Move]) -> State:
        (move,) = moves.values()
        digits = s.digits + move
        if len(digits) < s.n:
            return State(s.players, s.n, s.rounds, s.round, digits, s.last, s.scores)
        off = self.offense(s)
        scores = list(s.scores)
        scores[off] += round_score(digits)
        return State(s.players, s.n, s.rounds, s.round + 1, "", digits, tuple(scores))

    def is_over(self, s: State) -> bool:
        return s.round >= self.total_rounds(s)

    def scores(self, s: State) -> tuple[int, ...]:
        return s.scores

    def public_view(self, s: State) -> dict[str, Any]:
        over = self.is_over(s)
        last = None
        if s.last:
            levels = cascade(s.last)
            last = {
                "round": s.round,
                "offense": (s.round - 1) % s.players,
                "levels": [list(x) for x in levels],
                "score": len(levels[-1]),
            }
        return {
            "players": s.players,
            "n": s.n,
            "round": s.round,
            "total_rounds": self.total_rounds(s),
            "over": over,
            "offense": None if over else self.offense(s),
            "to_move": None if over else min(self.to_move(s)),
            "digits": s.digits,
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
        n, p, total = view["n"], view["players"], view["total_rounds"]

        def say(phrase: Phrase) -> str:
            return phrase.say(names, translate)

        if view["over"]:
            status = Phrase("game over after {rounds} rounds", rounds=total)
        else:
            status = Phrase("round {round} of {rounds}", round=view["round"] + 1, rounds=total)
        lines = [f"{self.title}  n={n}  {say(status)}", ""]
        width = max(len(name_of(names, i)) for i in range(p))
        offense, to_play = say(Phrase("offense")), say(Phrase("<- to play"))
        for seat in range(p):
            mark = ""
            if seat == view["offense"]:
                mark += f"  {offense}"
            if seat == view["to_move"]:
                mark += f"  {to_play}"
            lines.append(
                f"{seat + 1}. {name_of(names, seat):<{width}} {view['scores'][seat]:>4}{mark}"
            )
        if not view["over"]:
            lines += ["", *_current_round(view, names, translate)]
        if view["last"] is not None:
            lines += ["", *_last_round(view["last"], names, compact, translate)]
        return "\n".join(lines)

    def describe(self, before: State, moves: Mapping[Seat, Move], after: State) -> list[Phrase]:
        ((seat, move),) = moves.items()
        digits = before.digits + move
        out = [
            Phrase(
                "{player} appended {digit}: `{digits}` ({length}/{n}).",
                player=SeatRef(seat),
                digit=move,
                digits=digits,
                length=len(digits),
                n=before.n,
            )
        ]
        if after.round > before.round:
            off = self.offense(before)
            levels = cascade(digits)
            out.append(
                Phrase(
                    "Round {round} of {rounds} ends. Cascade:",
                    round=before.round + 1,
                    rounds=self.total_rounds(before),
                )
            )
            out += [Phrase("`{level}`", level=level_text(i, lv)) for i, lv in enumerate(levels)]
            out.append(
                Phrase(
                    "{player} (offense) scores {points} (total {total}).",
                    player=SeatRef(off),
                    points=len(levels[-1]),
                    total=after.scores[off],
                )
            )
            if not self.is_over(after):
                out.append(
                    Phrase(
                        "Round {round}: {player} is the offense and plays first.",
                        round=after.round + 1,
                        player=SeatRef(self.offense(after)),
                    )
                )
        return out

    def prompt(self, s: State, seat: Seat) -> Phrase:
        off = self.offense(s)
        if seat == off:
            role = Phrase("you are the offense")
        else:
            role = Phrase("{player} is the offense", player=SeatRef(off))
        return Phrase(
            "Digit {digit} of {n} in round {round} of {rounds} ({role}): send `0` or `1`.",
            digit=len(s.digits) + 1,
            n=s.n,
            round=s.round + 1,
            rounds=self.total_rounds(s),
            role=role,
        )


def _current_round(
    view: Mapping[str, Any], names: Sequence[str] | None, translate: Translate
) -> list[str]:
    n, p, digits, off = view["n"], view["players"], view["digits"], view["offense"]
    who = "".join(str((off + i) % p + 1) for i in range(len(digits)))
    heading = Phrase(
        "Round {round}, offense {player}: {digits}/{n} digits, {mover} to play",
        round=view["round"] + 1,
        player=SeatRef(off),
        digits=len(digits),
        n=n,
        mover=SeatRef(view["to_move"]),
    )
    listed, by = Phrase("list").say(names, translate), Phrase("by").say(names, translate)
    # The two labels are as wide as each other so that each digit stands above its player.
    width = max(len(listed), len(by))
    return [
        heading.say(names, translate),
        f"  {listed:<{width}} {digits}{'.' * (n - len(digits))}",
        f"  {by:<{width}} {who}^",
    ]


def _last_round(
    last: Mapping[str, Any], names: Sequence[str] | None, compact: bool, translate: Translate
) -> list[str]:
    levels = last["levels"]
    texts = [level_text(i, lv) for i, lv in enumerate(levels)]
    if compact:
        texts = [t if len(t) <= COMPACT_WIDTH else t[: COMPACT_WIDTH - 1] + "…" for t in texts]
        if len(texts) > COMPACT_LEVELS:
            hidden = Phrase("… {count} more levels …", count=len(texts) - COMPACT_LEVELS + 1)
            texts = [*texts[: COMPACT_LEVELS - 2], hidden.say(names, translate), texts[-1]]
    off = SeatRef(last["offense"])
    heading = Phrase(
        "Round {round} (offense {player}): the run-length cascade", round=last["round"], player=off
    )
    scored = Phrase("{player} (offense) scored {score}", player=off, score=last["score"])
    return [
        heading.say(names, translate),
        *(f"  {t}" for t in texts),
        scored.say(names, translate),
    ]


GAME = LengthsOfLengths()
