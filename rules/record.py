"""Game records, a step-by-step driver for sealed and turn moves, and deterministic replay."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules.base import (
    GAME_OVER,
    NOT_YOUR_MOVE,
    BadOption,
    Game,
    IllegalMove,
    Move,
    Phrase,
    RulesError,
    Seat,
)
from rules.placements import Result


class RecordError(RulesError):
    """A record that cannot be replayed; `index` is the offending move, or None."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


RESIGN = "resign"
"""The move text of a resignation entry: `[seat, "resign", reason]`."""
AUTO = "auto"
"""The note on a move the referee played for a seat."""
REASONS = ("resigned", "removed", "timeout")
"""Why a seat left, as the referee notes it on a resignation entry."""

Entry = tuple[Seat, Move] | tuple[Seat, Move, str]
"""One entry of a record: [seat, move text] with an optional note."""


def departure(entry: Entry) -> tuple[Seat, str] | None:
    """The seat a resignation entry takes out of play and the reason it gives; None for a move."""
    if entry[1] != RESIGN:
        return None
    return entry[0], entry[2] if len(entry) > 2 else REASONS[0]


@dataclass(frozen=True)
class Progress:
    """A game state, the sealed moves already submitted for the current step, and the seats
    that left: everything a record replays to."""

    game: Game[Any]
    state: Any
    pending: Mapping[Seat, Move] = field(default_factory=dict)
    left: tuple[tuple[Seat, str], ...] = ()
    """The seats that left, in order, each with the reason its entry gives (`REASONS`)."""

    @classmethod
    def begin(cls, game: Game[Any], players: int, options: Mapping[str, Any]) -> Progress:
        """A new game; options are checked and completed with their defaults."""
        settled = game.settle_options(players, options)
        return cls(game, game.start(players, settled))

    @classmethod
    def resumed(cls, game: Game[Any], state: Any, entries: Sequence[Entry]) -> Progress:
        """The progress at `state`, the state that `entries` (whole steps) reach: the seats that
        left are read from them, nothing is replayed."""
        left = tuple(d for d in map(departure, entries) if d is not None)
        return cls(game, state, {}, left)

    @property
    def resigned(self) -> frozenset[Seat]:
        """The seats that left (resigned, removed or out of time)."""
        return frozenset(seat for seat, _ in self.left)

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return len(self.game.scores(self.state))

    def ended_by_resignation(self) -> bool:
        """True when resignations ended the game: a resigned solitaire, or one seat left."""
        if not self.left:  # asked at every step of a replay: the cheap answer first
            return False
        return self.players == 1 or self.players - len(self.resigned) <= 1

    def is_over(self) -> bool:
        """True when the game has ended, by its rules or by resignations."""
        return self.game.is_over(self.state) or self.ended_by_resignation()

    def final(self) -> Result | None:
        """The placements of a finished game and who left it; None before the end."""
        if not self.is_over():
            return None
        return Result.of(self.game.scores(self.state), self.left, self.game.lowest_wins)

    def winners(self) -> list[Seat]:
        """Who won: nobody before the end, nor in a resigned one-player game; else the seats
        placed first (the last seat left, when resignations ended the game)."""
        final = self.final()
        return list(final.winners) if final else []

    def awaited(self) -> frozenset[Seat]:
        """Seats whose move is still awaited in this step (resigned seats included)."""
        if self.is_over():
            return frozenset()
        return self.game.to_move(self.state) - set(self.pending)

    def check(self, seat: Seat, text: str, allow_change: bool = False) -> Move:
        """The canonical move a seat would submit now, or IllegalMove saying why not."""
        if self.is_over():
            raise IllegalMove(GAME_OVER)
        step = self.game.to_move(self.state)
        if seat not in step:
            raise IllegalMove(NOT_YOUR_MOVE)
        if seat in self.pending and not allow_change:
            raise IllegalMove(Phrase("You have already moved in this step."))
        return self.game.parse(self.state, seat, text)

    def submit(self, seat: Seat, text: str, allow_change: bool = False) -> Progress:
        """Submit a seat's move; the step resolves once every awaited seat has moved."""
        move = self.check(seat, text, allow_change)
        pending = {**self.pending, seat: move}
        if set(pending) == set(self.game.to_move(self.state)):
            # Each move was parsed on this state by `check`: replaying a long log parses once.
            return Progress(self.game, self.game.apply_parsed(self.state, pending), {}, self.left)
        return Progress(self.game, self.state, pending, self.left)

    def resign(self, seat: Seat, reason: str = REASONS[0]) -> Progress:
        """A seat leaves before the end (once), for a reason of `REASONS`; its sealed move of
        this step stands."""
        if self.is_over():
            raise IllegalMove(GAME_OVER)
        if seat in self.resigned:
            raise IllegalMove(Phrase("Seat {seat} has already resigned.", seat=seat))
        return replace(self, left=(*self.left, (seat, reason)))

    def enter(self, entry: Entry) -> Progress:
        """Apply one record entry: a move, or a resignation."""
        leaving = departure(entry)
        if leaving is not None:
            return self.resign(*leaving)
        return self.submit(entry[0], entry[1])

    def result(self) -> dict[str, Any]:
        """The replay summary: game, over, scores, winners, to_move, resigned."""
        return {
            "game": self.game.slug,
            "over": self.is_over(),
            "scores": list(self.game.scores(self.state)),
            "winners": self.winners(),
            "to_move": sorted(self.awaited()),
            "resigned": sorted(self.resigned),
        }


@dataclass(frozen=True)
class Record:
    """A game's options, player count and entries in the order they were made."""

    game: str
    players: int
    options: Mapping[str, Any]
    moves: tuple[Entry, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The record as the JSON object of RULES.md."""
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "moves": [list(entry) for entry in self.moves],
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record object, raising RecordError on a malformed one."""
        if not isinstance(data, dict):
            raise RecordError("A record must be a JSON object.")
        game, players = data.get("game"), data.get("players")
        options, moves = data.get("options", {}), data.get("moves", [])
        if not isinstance(game, str):
            raise RecordError('"game" must be a string naming a game.')
        if type(players) is not int:
            raise RecordError('"players" must be a whole number.')
        if not isinstance(options, dict):
            raise RecordError('"options" must be an object.')
        if not isinstance(moves, list):
            raise RecordError('"moves" must be a list of [seat, move] entries.')
        return cls(game, players, options, tuple(_entry(m, i) for i, m in enumerate(moves)))


def _entry(m: Any, index: int) -> Entry:
    """One record entry, checked: [seat, move text] or [seat, move text, note]."""
    if not isinstance(m, list) or len(m) not in (2, 3) or type(m[0]) is not int:
        raise RecordError("An entry must be [seat, move text] or [seat, move text, note].", index)
    if not all(isinstance(x, str) for x in m[1:]):
        raise RecordError("An entry's move text and note must be strings.", index)
    return (m[0], m[1]) if len(m) == 2 else (m[0], m[1], m[2])


def replay(record: Record) -> Progress:
    """Apply every move of a record; raise RecordError at the first bad one."""
    from rules import GAMES

    game = GAMES.get(record.game)
    if game is None:
        raise RecordError(f"Unknown game {record.game!r}; games: {', '.join(GAMES)}.")
    try:
        progress = Progress.begin(game, record.players, record.options)
    except BadOption as e:
        raise RecordError(str(e)) from None
    for i, entry in enumerate(record.moves):
        seat, text = entry[0], entry[1]
        if not 0 <= seat < record.players:
            raise RecordError(f"Seat {seat} does not exist (seats 0..{record.players - 1}).", i)
        try:
            progress = progress.enter(entry)
        except IllegalMove as e:
            what = "cannot resign" if text == RESIGN else f"{text!r}"
            raise RecordError(f"Seat {seat} {what}: {e}", i) from None
    return progress


def replay_text(text: str) -> dict[str, Any]:
    """Replay a record given as JSON text; raise RecordError."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        # ValueError also covers integer literals longer than Python will convert.
        raise RecordError(f"Not valid JSON: {e}") from None
    return replay(Record.from_json(data)).result()
