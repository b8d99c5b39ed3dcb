"""The open games in memory: the copy of each match, its lock, and the versioned write."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from referee.codes import Refusal
from referee.errors import RefereeError
from referee.match import ACTIVE, LOBBY, Match
from referee.notices import Outcome
from referee.rows import Deadline, MatchData
from referee.store import StaleStep, Store

log = logging.getLogger(__name__)

REMINDER_LEAD = 3600
"""Waiting players are reminded this long before a deadline (a quarter of shorter ones)."""
ATTEMPTS = 8
"""How often an action is decided again on fresh data when the match changed first."""
HEARD = 4096
"""How many recently changed matches' versions are remembered: a copy read while one changed
elsewhere is not kept (past these, the versioned write still catches it)."""
REPLAYS_AT_ONCE = 200
"""Loading every open game replays them on the event loop, a few milliseconds per this many."""

Action = Callable[[Match], Awaitable[Outcome]]


def deadline_after(seconds: int | None, now: float) -> Deadline:
    """The deadline of a step that opens now and lasts `seconds`, with its reminder (none
    without seconds)."""
    if not seconds:
        return Deadline()
    at = now + seconds
    return Deadline(at, at - min(REMINDER_LEAD, seconds / 4))


class Book:
    """The open games this process keeps in memory: a copy of each, its lock, and the one way to
    change one (`act`: decide on the copy, write once, decide again if the copy was stale)."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.clock = clock
        self._cache: dict[int, Match] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._seated: dict[int, frozenset[int]] = {}
        """Members of each open match this process knows of."""
        self._playing: dict[int, set[int]] = {}
        """The open matches of each member: _seated turned around."""
        self._knows_all = False
        """True once every open match is known (then lookups need no query): after loading them
        all, on a shared store only while watching it (other processes open matches too)."""
        self._watching = False
        """True while the store tells this process of other processes' changes."""
        self._where: dict[int, tuple[int, int]] = {}
        """The server and channel of each open match this process knows of."""
        self._active: set[int] = set()
        """Open matches indexed from an active copy: their seats no longer change."""
        self._unindexed: set[int] = set()
        """Matches changed elsewhere whose seats the index may not have (lobbies, new ones)."""
        self._loading = False
        """True while every open match is being loaded (changes heard meanwhile are marked)."""
        self.losses = 0
        """How often changes may have gone unheard (the watch was cut; the metrics read it)."""
        self.changes_heard = 0
        """Changes to matches by other processes heard since the start (the metrics read it)."""
        self._kept_index = False
        """True once the index was whole: after a cut watch it is read again whole."""
        self._rebuilding: asyncio.Task[None] | None = None
        """Reading every open match again after a cut watch, so the index is whole again."""
        self._heard: OrderedDict[int, int] = OrderedDict()
        """The newest version heard of each recently changed match (the last HEARD)."""
        self.on_deadline: Callable[[], None] = lambda: None
        """Called when a new deadline is set, so a sleeping timekeeper can look again."""

    def lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def act(self, match_id: int, action: Action) -> Outcome:
        """Run an action on a match, one at a time in this process. The action decides on the
        match as this process knows it and makes at most one write, named by the version it
        decided on; if the match changed first (elsewhere), it is reloaded and the action
        decided again, so a stale copy never costs a member their move or wins a refusal."""
        async with self.lock(match_id):
            for _ in range(ATTEMPTS):
                match = await self.get(match_id)
                try:
                    return await action(match)
                except StaleStep:
                    log.info("Match %s changed meanwhile; deciding again", match_id)
                except RefereeError:
                    if await self.is_current(match):
                        raise
                    log.info("Match %s: refusing on a stale copy; deciding again", match_id)
                self._cache.pop(match_id, None)
        raise RefereeError(Refusal.CHANGING_FAST, number=match_id)

    async def current(self, matches: list[Match]) -> list[Match]:
        """These matches as stored now: on a shared store, a copy behind the database's version
        is read again, so a refusal is never decided on a stale copy alone."""
        if not self.store.shared:
            return matches
        out = []
        for match in matches:
            if not await self.is_current(match):
                self._cache.pop(match.id, None)
                match = await self.get(match.id)
            out.append(match)
        return out

    async def is_current(self, match: Match) -> bool:
        """True when the match is as stored (always, unless other processes share the store)."""
        return not self.store.shared or await self.store.version_of(match.id) == match.row.version

    async def watch(self) -> None:
        """Hear of other processes' changes from the store (never any, on SQLite): copies follow
        them, and the index of who sits where stays whole."""
        await self.store.watch(self.changed, self.lost)
        self._watching = True

    def changed(self, match_id: int, version: int) -> None:
        """Another process changed a match: forget an older copy of it, note its seats for the
        index (unless it was active), and remember the version heard, so a copy read meanwhile
        (before the change) is not kept."""
        self.changes_heard += 1
        cached = self._cache.get(match_id)
        if cached is None or cached.row.version < version:
            self._cache.pop(match_id, None)
            if match_id not in self._active:
                self._unindex(match_id)
        if version > self._heard.get(match_id, -1):
            self._heard[match_id] = version
            self._heard.move_to_end(match_id)
            if len(self._heard) > HEARD:
                self._heard.popitem(last=False)

    def _unindex(self, match_id: int) -> None:
        """Have the next lookup read the match again for the index (while there is one)."""
        if self._knows_all or self._loading:
            self._unindexed.add(match_id)

    def lost(self) -> None:
        """Changes may have gone unheard (the watch was cut): every copy is stale, and lookups
        ask the store until the index, if there was one, is read again whole."""
        self._cache.clear()
        self._knows_all = False
        self._unindexed.clear()
        self.losses += 1
        if self._kept_index and self._rebuilding is None:
            self._rebuilding = asyncio.get_running_loop().create_task(self._rebuild())

    async def _rebuild(self) -> None:
        """Forget the index and read every open match again (lookups ask the store meanwhile);
        a match that ended unheard leaves no trace, one opened unheard is found."""
        try:
            while not self._knows_all:
                self._where.clear()
                self._seated.clear()
                self._playing.clear()
                self._active.clear()
                await self.known_open_matches()
        except Exception:
            log.exception("Reading the open matches again after a cut watch failed")
        finally:
            self._rebuilding = None

    async def get(self, match_id: int) -> Match:
        """A match by id, or RefereeError if there is none."""
        cached = self._cache.get(match_id)
        if cached is not None:
            return cached
        data = await self.store.load_match(match_id)
        if data is None:
            raise RefereeError(Refusal.NO_GAME_NUMBER, number=match_id)
        return self.known(data)

    def known(self, data: MatchData) -> Match:
        """The match in memory (it may have moved on while this data was read), else rebuilt
        from the data and remembered if open."""
        cached = self._cache.get(data.row.id)
        if cached is not None:
            return cached
        match = Match.from_data(data)
        self._seat(match)
        if match.row.version < self._heard.get(match.id, -1):
            # Read before a change this process has heard of: a copy to use once, not to keep;
            # the index looks at the match again at its next lookup.
            self._unindex(match.id)
            return match
        if match.status in (LOBBY, ACTIVE):
            self._cache[match.id] = match
        return match

    def keep(self, match: Match) -> Match:
        if match.status in (LOBBY, ACTIVE):
            self._cache[match.id] = match
        else:
            self._cache.pop(match.id, None)
            self._locks.pop(match.id, None)
        self._seat(match)
        return match

    def _seat(self, match: Match) -> None:
        """Index where the match is and who sits at it while it is open (nothing once over)."""
        match_id = match.id
        is_open = match.status in (LOBBY, ACTIVE)
        members = frozenset(match.members()) if is_open else frozenset()
        if is_open:
            self._where[match_id] = (match.row.guild_id, match.row.channel_id)
        else:
            self._where.pop(match_id, None)
        if match.status == ACTIVE:
            self._active.add(match_id)
        else:
            self._active.discard(match_id)
        before = self._seated.pop(match_id, frozenset())
        for user in before - members:
            self._playing[user].discard(match_id)
            if not self._playing[user]:
                del self._playing[user]
        for user in members - before:
            self._playing.setdefault(user, set()).add(match_id)
        if members:
            self._seated[match_id] = members

    async def reload(self, match_id: int) -> Match:
        self._cache.pop(match_id, None)
        return await self.get(match_id)

    async def known_open_matches(self) -> list[Match]:
        """Every open match; the first call loads them all, so that finding a member's games
        needs no query from then on."""
        if self._knows_all:
            return await self.get_many(sorted(self._where))
        known = []
        losses = self.losses
        self._loading = True
        try:
            for count, data in enumerate(await self.store.load_open_matches(), 1):
                known.append(self.known(data))
                if count % REPLAYS_AT_ONCE == 0:
                    await asyncio.sleep(0)  # thousands of replays take a second: moves go between
        finally:
            self._loading = False
        # A change heard meanwhile marked its match for the index; one not heard would not be.
        self._knows_all = not self.store.shared or (self._watching and losses == self.losses)
        self._kept_index = self._kept_index or self._knows_all
        return known

    async def _indexed(self) -> bool:
        """True when the index of who sits where is whole, the matches changed elsewhere since
        the last lookup read again first; False when lookups must ask the store."""
        if self._knows_all and self._unindexed:
            ids = sorted(self._unindexed)
            self._unindexed.clear()
            await self.get_many(ids)  # each one read is indexed (`known`)
        return self._knows_all

    def step_deadline(self, match: Match, now: float) -> Deadline:
        """The deadline of a step that opens now (none when the match has no move deadline)."""
        deadline = deadline_after(match.row.move_seconds, now)
        if deadline.at is not None:
            self.on_deadline()
        return deadline

    async def get_many(self, match_ids: list[int]) -> list[Match]:
        """Matches by id, in that order: those not in memory are loaded together."""
        missing = [i for i in match_ids if i not in self._cache]
        loaded = {}
        if missing:
            loaded = {d.row.id: self.known(d) for d in await self.store.load_matches(missing)}
        found = (self._cache.get(i) or loaded.get(i) for i in match_ids)
        return [m for m in found if m is not None]

    async def open_matches(self, guild_id: int, stored: bool = False) -> list[Match]:
        """This server's lobbies and active matches (`stored`: as the store lists them, not the
        index, before a refusal)."""
        if not stored and await self._indexed():
            ids = sorted(i for i, (guild, _) in self._where.items() if guild == guild_id)
        else:
            ids = [d.row.id for d in await self.store.open_matches(guild_id)]
        return [
            m
            for m in await self.get_many(ids)
            if m.row.guild_id == guild_id and m.status in (LOBBY, ACTIVE)
        ]

    async def matches_of_in(self, user_id: int, channel_id: int) -> list[Match]:
        """A member's lobbies and active matches in one channel."""
        if await self._indexed():
            here = [i for i in self._playing.get(user_id, ()) if self._where[i][1] == channel_id]
            return [m for m in await self.get_many(sorted(here)) if m.status in (LOBBY, ACTIVE)]
        return await self.get_many(await self.store.open_matches_of_in(user_id, channel_id))

    async def matches_of(self, user_id: int, stored: bool = False) -> list[Match]:
        """The active matches in which a member has a seat (`stored`: as the store lists them,
        not the index, before a refusal)."""
        if not stored and await self._indexed():
            mine = await self.get_many(sorted(self._playing.get(user_id, ())))
            return [m for m in mine if m.status == ACTIVE]
        return await self.get_many(await self.store.active_matches_of(user_id))

    async def unseat(self, match: Match, user_id: int) -> Match:
        """Take a member's seat in a lobby; the lobby as it is now."""
        await self.store.remove_seat(match.id, match.row.version, user_id, self.clock())
        return self.keep(await self.reload(match.id))

    async def follow(self, match_id: int, version: int, change: Callable[[Match], Match]) -> None:
        """After a write made outside `act` that left the match at `version`: the copy follows
        it if it was the version just before, else it is forgotten (another change came
        between, so it is no longer the stored match)."""
        async with self.lock(match_id):
            cached = self._cache.get(match_id)
            if cached is not None and cached.row.version == version - 1:
                self.keep(change(cached))
            else:
                self._cache.pop(match_id, None)

    def held(self) -> list[Match]:
        """The open matches this process holds a copy of (every one, on SQLite, once the bot
        has started)."""
        return list(self._cache.values())

    def playing(self, user_id: int) -> list[int]:
        """The open matches this process knows a member sits in."""
        return sorted(self._playing.get(user_id, ()))
