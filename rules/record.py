"""Game records, a step-by-step driver for sealed and turn moves, and deterministic replay."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.base import BadOption, Game, IllegalMove, Move, RulesError, Seat


class RecordError(RulesError):
    """A record that cannot be replayed; `index` is the offending move, or None."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


@dataclass(frozen=True)
class Progress:
    """A game state plus the sealed moves already submitted for the current step."""

    game: Game[Any]
    state: Any
    pending: Mapping[Seat, Move] = field(default_factory=dict)

    @classmethod
    def begin(cls, game: Game[Any], players: int, options: Mapping[str, Any]) -> Progress:
        """A new game; options are checked and completed with their defaults."""
        settled = game.settle_options(players, options)
        return cls(game, game.start(players, settled))

    def awaited(self) -> frozenset[Seat]:
        """Seats whose move is still awaited in this step."""
        if self.game.is_over(self.state):
            return frozenset()
        return self.game.to_move(self.state) - set(self.pending)

    def check(self, seat: Seat, text: str, allow_change: bool = False) -> Move:
        """The canonical move a seat would submit now, or IllegalMove saying why not."""
        if self.game.is_over(self.state):
            raise IllegalMove("The game is over.")
        step = self.game.to_move(self.state)
        if seat not in step:
            raise IllegalMove("It is not your move.")
        if seat in self.pending and not allow_change:
            raise IllegalMove("You have already moved in this step.")
        return self.game.parse(self.state, seat, text)

    def submit(self, seat: Seat, text: str, allow_change: bool = False) -> Progress:
        """Submit a seat's move; the step resolves once every awaited seat has moved."""
        move = self.check(seat, text, allow_change)
        pending = {**self.pending, seat: move}
        if set(pending) == set(self.game.to_move(self.state)):
            return Progress(self.game, self.game.apply(self.state, pending))
        return replace(self, pending=pending)

    def result(self) -> dict[str, Any]:
        """The replay summary: game, over, scores, winners, to_move."""
        g, s = self.game, self.state
        return {
            "game": g.slug,
            "over": g.is_over(s),
            "scores": list(g.scores(s)),
            "winners": sorted(g.winners(s)),
            "to_move": sorted(self.awaited()),
        }


@dataclass(frozen=True)
class Record:
    """A game's options, player count and moves in the order they were made."""

    game: str
    players: int
    options: Mapping[str, Any]
    moves: tuple[tuple[Seat, Move], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The record as the JSON object of RULES.md."""
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "moves": [[seat, move] for seat, move in self.moves],
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
            raise RecordError('"moves" must be a list of [seat, move] pairs.')
        parsed = []
        for i, m in enumerate(moves):
            ok = isinstance(m, list) and len(m) == 2 and type(m[0]) is int
            if not ok or not isinstance(m[1], str):
                raise RecordError("A move must be [seat, move text].", i)
            parsed.append((m[0], m[1]))
        return cls(game, players, options, tuple(parsed))


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
    for i, (seat, text) in enumerate(record.moves):
        if not 0 <= seat < record.players:
            raise RecordError(f"Seat {seat} does not exist (seats 0..{record.players - 1}).", i)
        try:
            progress = progress.submit(seat, text)
        except IllegalMove as e:
            raise RecordError(f"Seat {seat} {text!r}: {e}", i) from None
    return progress


def replay_text(text: str) -> dict[str, Any]:
    """Replay a record given as JSON text; raise RecordError."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        # ValueError also covers integer literals longer than Python will convert.
        raise RecordError(f"Not valid JSON: {e}") from None
    return replay(Record.from_json(data)).result()
