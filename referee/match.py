"""A match in memory: its stored row, seats, and rules progress rebuilt from the log."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from referee import snapshots
from referee.codes import Refusal
from referee.errors import RefereeError
from referee.rows import MatchData, MatchRow, SeatRow
from referee.speech import GameRef
from rules import GAMES
from rules.base import Game, Seat
from rules.record import Entry, Progress, Record

LOBBY, ACTIVE, OVER, CANCELLED = "lobby", "active", "over", "cancelled"


@dataclass(frozen=True)
class Match:
    """One match: lobby, active or ended. Immutable; every change makes a new one."""

    row: MatchRow
    seats: tuple[SeatRow, ...]
    progress: Progress | None
    moves: tuple[Entry, ...] = ()
    """The log: the record's entries, resignations included."""
    votes: frozenset[int] = frozenset()
    """Players who agreed, at the current step, to cancel the match."""
    invited: tuple[int, ...] = ()
    """Members a lobby invites (a rematch's other players), joined or not."""

    @classmethod
    def from_data(cls, data: MatchData) -> Match:
        """Rebuild a match from the store: from its snapshot, else by replaying its log."""
        row = data.row
        game = GAMES[row.game]
        progress = None
        if row.settled is not None and row.status != LOBBY:
            progress = snapshots.restore(game, data)
            if progress is None:
                progress = Progress(game, game.start(len(data.seats), row.settled))
                for entry in data.moves:
                    progress = progress.enter(entry)
            if row.status == ACTIVE:
                for seat, move in data.sealed:
                    progress = progress.submit(seat, move)
        return cls(row, data.seats, progress, data.moves, data.votes, data.invited)

    @property
    def id(self) -> int:
        """The match id players see as #id."""
        return self.row.id

    @property
    def game(self) -> Game[Any]:
        """The rules of this match."""
        return GAMES[self.row.game]

    @property
    def status(self) -> str:
        """lobby, active, over or cancelled."""
        return self.row.status

    @property
    def names(self) -> list[str]:
        """Display names by seat."""
        return [s.name for s in self.seats]

    @property
    def label(self) -> str:
        """The game's title and number, e.g. 'Numbers To Number #3' (for logs)."""
        return f"{self.game.title} #{self.id}"

    @property
    def ref(self) -> GameRef:
        """The match as a message names it ('Numbers To Number #3')."""
        return GameRef(self.row.game, self.id)

    def player_counts(self) -> list[int]:
        """The player counts this match can start with, given its options."""
        return self.game.player_counts(self.row.options)

    def seat_of(self, user_id: int) -> SeatRow | None:
        """The seat of a member, or None."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    def members(self, seats: Iterable[Seat] | None = None) -> tuple[int, ...]:
        """The user ids of the members in these seats (all seats by default): computers have
        none, and are never mentioned or sent a message."""
        chosen = range(len(self.seats)) if seats is None else seats
        return tuple(u for u in (self.seats[s].user_id for s in chosen) if u is not None)

    def awaited_invitees(self) -> tuple[int, ...]:
        """The invited members who have not taken a seat yet."""
        return tuple(u for u in self.invited if self.seat_of(u) is None)

    def has_computer(self) -> bool:
        """True when a computer has a seat."""
        return any(s.computer for s in self.seats)

    def thinking(self) -> list[Seat]:
        """The computer seats whose move the current step awaits (they are still in the game
        and have not sealed one)."""
        return [s for s in self.waiting_on() if self.seats[s].computer]

    def require_progress(self) -> Progress:
        """The rules progress of an active or ended match."""
        if self.progress is None:
            raise RefereeError(Refusal.NOT_STARTED, game=self.ref)
        return self.progress

    def awaited_seats(self) -> frozenset[Seat]:
        """Seats whose move is still awaited in the current step."""
        if self.status != ACTIVE or self.progress is None:
            return frozenset()
        return self.progress.awaited()

    def waiting_on(self) -> list[Seat]:
        """The awaited seats of players still in the game (the referee plays for the others)."""
        return sorted(s for s in self.awaited_seats() if not self.resigned(s))

    def step_seats(self) -> frozenset[Seat]:
        """Every seat of the current step, submitted or not."""
        if self.status != ACTIVE or self.progress is None:
            return frozenset()
        return self.progress.game.to_move(self.progress.state)

    def is_sealed(self) -> bool:
        """True when the current step is sealed (moves secret until all are in)."""
        p = self.progress
        return p is not None and self.status == ACTIVE and p.game.is_sealed(p.state)

    def resigned(self, seat: Seat) -> bool:
        """True when a seat has left the game (resigned, removed or out of time)."""
        return self.progress is not None and seat in self.progress.resigned

    def active_seats(self) -> list[SeatRow]:
        """Seats that have not resigned."""
        return [s for s in self.seats if not self.resigned(s.seat)]

    def moved(self, progress: Progress, entries: tuple[Entry, ...] = ()) -> Match:
        """This match with new progress and entries added to its log (the votes lapse when a
        step resolves)."""
        same_step = progress.state is self.require_progress().state
        votes = self.votes if same_step else frozenset()
        return replace(self, progress=progress, moves=(*self.moves, *entries), votes=votes)

    def record(self) -> Record:
        """The game record of the resolved moves (sealed moves of an open step stay out)."""
        return Record(self.row.game, len(self.seats), self.row.settled or {}, self.moves)

    def history(self) -> dict[str, Any]:
        """The game record as JSON (what `python -m rules replay` reads), with who sat in each
        seat: a member's name, or a computer's name and level."""
        seats = [
            {"seat": s.seat, "name": s.name, **({"computer": s.computer} if s.computer else {})}
            for s in self.seats
        ]
        return {**self.record().to_json(), "seats": seats}

    def with_row(self, **changes: Any) -> Match:
        """This match with some stored fields changed."""
        return replace(self, row=replace(self.row, **changes))

    def stored(self, **changes: Any) -> Match:
        """This match after one write to the store: its version one more, and these fields."""
        return self.with_row(version=self.row.version + 1, **changes)
