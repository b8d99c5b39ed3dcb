"""A started game step by step from its record: the spectators' board and what happened at each
step. Built from the resolved record alone, so a sealed move not yet revealed is never in it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee import announce
from referee.codes import Line, Refusal
from referee.errors import RefereeError
from referee.match import ACTIVE, CANCELLED, LOBBY, Match
from referee.notices import Board
from referee.speech import Listed, Options, Text, say
from rules.base import Seat
from rules.record import AUTO, RESIGN, Entry, Progress

LEFT = {"resigned": Line.RESIGNED, "removed": Line.REMOVED, "timeout": Line.OUT_OF_TIME}
"""What a replay says of a seat leaving, by the reason its record gives."""


@dataclass(frozen=True)
class Frame:
    """The game after one step of its record: a resolved step, or a seat leaving."""

    progress: Progress
    entries: tuple[Entry, ...]
    """The record's entries of this step (none for the start)."""
    before: Any
    """The state the step was played from (the start's own state for the start)."""


@dataclass(frozen=True)
class Shown:
    """One step of a replay as a spectator sees it: where it is, what happened, the board."""

    step: int
    last: int
    lines: tuple[Text, ...]
    board: Board


def frames(match: Match) -> list[Frame]:
    """The start and the game after each step of a started match's resolved record."""
    if match.status == LOBBY or match.row.settled is None:
        code = Refusal.REPLAY_LOBBY if match.status == LOBBY else Refusal.REPLAY_NEVER_STARTED
        raise RefereeError(code, game=match.ref)
    game = match.game
    progress = Progress(game, game.start(len(match.seats), match.row.settled))
    out = [Frame(progress, (), progress.state)]
    group: list[Entry] = []
    before = progress.state
    for entry in match.record().moves:
        progress = progress.enter(entry)
        if entry[1] == RESIGN:
            out.append(Frame(progress, (entry,), progress.state))
            continue
        group.append(entry)
        if not progress.pending:  # the step resolved
            out.append(Frame(progress, tuple(group), before))
            group, before = [], progress.state
    # Sealed moves of a step that has not resolved stay out: they are not in the record, and
    # a record that holds some anyway shows nothing of them until their step resolves.
    return out


def check_step(match: Match, step: int, last: int) -> None:
    """Refuse a step outside 0..last, naming the range."""
    if not 0 <= step <= last:
        raise RefereeError(Refusal.NO_STEP, game=match.ref, last=last, step=step)


def shown(match: Match, step: int, all_frames: Sequence[Frame] | None = None) -> Shown:
    """Step `step` of a match's replay (0 is the start), for spectators: what happened (the
    rules' own account, as the channel said it) and the board after it."""
    found = list(all_frames) if all_frames is not None else frames(match)
    last = len(found) - 1
    check_step(match, step, last)
    frame = found[step]
    lines = step_lines(match, frame) if step else start_lines(match)
    if step == last:
        lines += end_lines(match, frame.progress)
    return Shown(step, last, tuple(lines), board_at(match, frame.progress))


def board_at(match: Match, progress: Progress) -> Board:
    """The spectators' board at a point of the game: the public view, no seat's secrets."""
    view = progress.game.view(progress.state, None)
    names, computers = announce.board_names(match), announce.computer_seats(match)
    return Board(match.row.game, view, names, progress.final(), computers)


def start_lines(match: Match) -> list[Text]:
    """What step 0 shows: the players and the options the game was played with."""
    players = Listed.of(
        say(Line.SEAT, number=s.seat + 1, player=announce.name(match, s.seat)) for s in match.seats
    )
    return [
        say(Line.REPLAY_START, players=players),
        say(Line.OPTIONS, options=Options.of(match.row.settled or {})),
    ]


def step_lines(match: Match, frame: Frame) -> list[Text]:
    """What a step did: a seat leaving, or the rules' account of the moves, with a note for
    each move the referee played."""
    entry = frame.entries[-1]
    if entry[1] == RESIGN:
        how = LEFT.get(entry[2] if len(entry) > 2 else "resigned", Line.RESIGNED)
        return [say(how, player=announce.name(match, entry[0]))]
    moves: dict[Seat, str] = {e[0]: e[1] for e in frame.entries}
    game, after = frame.progress.game, frame.progress.state
    lines = announce.describe_step(game, frame.before, moves, after, match)
    autos = [announce.name(match, e[0]) for e in frame.entries if len(e) > 2 and e[2] == AUTO]
    if autos:
        lines.append(say(Line.REFEREE_PLAYED, players=Listed.of(autos)))
    return lines


def end_lines(match: Match, progress: Progress) -> list[Text]:
    """How the replay ends: the result, a cancellation, or a game still going."""
    if match.status == ACTIVE:
        return [say(Line.REPLAY_GOING)]
    if match.status == CANCELLED:
        return [say(Line.REPLAY_CANCELLED)]
    result = progress.final()
    assert result is not None  # a match over is a finished record
    return [say(Line.REPLAY_OVER, result=announce.result_line(match, result, announce.name))]


class PublicViews(Sequence[dict[str, Any]]):
    """The spectators' view after each step, worked out only for the steps asked for (an
    animation draws a hundred of a game's thousands)."""

    def __init__(self, found: Sequence[Frame]) -> None:
        self.found = found

    def __len__(self) -> int:
        return len(self.found)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        progress = self.found[index].progress
        return progress.game.view(progress.state, None)
