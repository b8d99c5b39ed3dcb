"""The referee: runs matches for the front ends, one committed transaction per action."""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, ParamSpec

from referee.book import Book
from referee.clock import Clock
from referee.computers import Computers
from referee.lobby import Lobbies
from referee.notices import Outcome
from referee.play import Play
from referee.privacy import Privacy
from referee.records import Records
from referee.rematch import Rematches
from referee.season_records import SeasonRecords
from referee.store import Store
from referee.thinker import Thinker
from referee.tournaments import Tournaments

P = ParamSpec("P")


class Referee:
    """Matches without Discord: the services around one book of open games, and the actions
    the front ends call, each owned by one service (see which below)."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.thinker = thinker or Thinker()
        """Where computer seats work out their moves."""
        self.book = Book(store, clock)
        self.lobbies = Lobbies(self.book)
        self.play = Play(self.book, rng or random.Random())
        self.timekeeper = Clock(self.book, self.lobbies, self.play)
        self.rematches = Rematches(self.book, self.lobbies)
        self.computers = Computers(self.book, self.play, self.thinker)
        self.privacy = Privacy(self.book, self.lobbies)
        self.records = Records(store)
        self.tournaments = Tournaments(self.book, self.lobbies, self.play)
        self.season_records = SeasonRecords(store, clock)

        # The actions the front ends call, by the service that owns each.
        self.get = self.book.get
        self.get_many = self.book.get_many
        self.watch = self.book.watch
        self.changed = self.book.changed
        self.lost = self.book.lost
        self.current = self.book.current
        self.open_matches = self.book.open_matches
        self.known_open_matches = self.book.known_open_matches
        self.matches_of = self.book.matches_of
        self.matches_of_in = self.book.matches_of_in
        self.new_match = self.lobbies.new_match
        self.add_computer = self.lobbies.add_computer
        self.remove_computer = self.lobbies.remove_computer
        self.join = self.lobbies.join
        self.leave = self.lobbies.leave
        self.start = self.lobbies.start
        self.cancel = self.lobbies.cancel
        self.vote = self.lobbies.vote
        self.set_lobby_message = self.lobbies.set_lobby_message
        self.move = self._following(self.play.move)
        self.resign = self._following(self.play.resign)
        self.choices = self.play.choices
        self.remove_player = self._following(self.play.remove_player)
        self.tick = self._following(self.timekeeper.tick)
        self.next_wakeup = self.timekeeper.next_wakeup
        self.reminders = self.timekeeper.reminders
        self.rematch = self.rematches.rematch
        self.computer_moves = self._following(self.computers.computer_moves)
        self.computers_to_resume = self.computers.computers_to_resume
        self.forget_question = self.privacy.forget_question
        self.forget = self.privacy.forget
        self.standings = self.records.standings
        self.versus_standings = self.records.versus_standings
        self.member_stats = self.records.member_stats
        self.solitaire_bests = self.records.solitaire_bests
        self.create_tournament = self.tournaments.create
        self.enter_tournament = self.tournaments.join
        self.enter_computer = self.tournaments.add_computer
        self.leave_tournament = self.tournaments.leave
        self.start_tournament = self.tournaments.start
        self.cancel_tournament = self.tournaments.cancel
        self.find_tournament = self.tournaments.find
        self.tournament_view = self.tournaments.view
        self.tournaments_to_resume = self.tournaments.to_resume
        self.set_tournament_message = self.tournaments.set_message
        self.set_season_length = self.season_records.set_length
        self.season_board = self.season_records.board
        self.seasons = self.season_records.seasons
        self.season_now = self.season_records.current
        self.season_overview = self.season_records.overview

    def _following(
        self, action: Callable[P, Awaitable[Outcome]]
    ) -> Callable[P, Coroutine[Any, Any, Outcome]]:
        """An action that may end games of tournaments, followed by what their ends make (the
        next rounds), in the same outcome."""

        async def run(*args: P.args, **kwargs: P.kwargs) -> Outcome:
            return await self.tournaments.follow(await action(*args, **kwargs))

        return run

    @property
    def on_deadline(self) -> Callable[[], None]:
        """Called when a new deadline is set, so a sleeping timekeeper can look again."""
        return self.book.on_deadline

    @on_deadline.setter
    def on_deadline(self, wake: Callable[[], None]) -> None:
        self.book.on_deadline = wake
