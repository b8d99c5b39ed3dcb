"""Two referees on one PostgreSQL database, as two bot processes would be: each keeps its own copy
of the matches, and only the database decides. Every race ends with exactly one outcome."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any

import pytest

from cogs.catalogue import Ask
from cogs.play import dm_target
from db.open import open_store
from referee import Referee
from referee.codes import Line, Refusal, Reply
from referee.errors import RefereeError
from referee.notices import Outcome
from referee.rows import ALL_GAMES
from referee.speech import Code, codes
from tests.referee.test_races import ALICE, BOB, CAROL, CHANNEL, GUILD, settle, started

ROUNDS = 20


class Clock:
    """A clock both referees read, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    """The shared clock of the test."""
    return Clock()


@pytest.fixture
async def pair(postgres_url: str, clock: Clock) -> AsyncIterator[tuple[Referee, Referee]]:
    """Two referees, each with its own store (its own connections) on one fresh database."""
    one, two = await open_store(postgres_url), await open_store(postgres_url)
    yield Referee(one, clock=clock), Referee(two, clock=clock)
    await one.close()
    await two.close()


async def known_to_both(pair: tuple[Referee, Referee], match_id: int) -> None:
    """Both referees hold a copy of the match, so the race starts from copies that go stale."""
    for referee in pair:
        await referee.get(match_id)


async def play_until_one_move_left(referee: Referee, match_id: int) -> tuple[int, str]:
    """Play the first legal moves of a turn game until the next move ends it; that move's
    player and text."""
    while True:
        match = await referee.get(match_id)
        progress = match.require_progress()
        (seat,) = progress.game.to_move(progress.state)
        move = min(progress.game.legal(progress.state, seat))
        if progress.submit(seat, move).is_over():
            return match.seats[seat].member_id, move
        await referee.move(match_id, match.seats[seat].member_id, move)


def said(outcomes: list[Outcome], *said: Code) -> int:
    """How many posts and direct messages of these outcomes say one of these codes."""
    posts = sum(
        any(c in said for line in p.lines for c in codes(line)) for o in outcomes for p in o.posts
    )
    return posts + sum(any(c in said for c in codes(d.text)) for o in outcomes for d in o.directs)


@pytest.mark.postgres
async def test_the_last_sealed_moves_through_two_processes_resolve_the_step_once(
    pair: tuple[Referee, Referee],
) -> None:
    """Each player's secret move reaches a different process at the same instant: the step
    resolves every time, once, with both moves."""
    one, two = pair
    for _ in range(ROUNDS):
        match_id = await started(one, "numbers-to-number", {"m": 3, "rounds": 1}, BOB)
        await known_to_both(pair, match_id)
        done, refused = await settle([one.move(match_id, ALICE, "1"), two.move(match_id, BOB, "2")])
        assert len(done) == 2 and not refused
        data = await one.store.load_match(match_id)
        assert data is not None and data.row.step == 1 and data.sealed == ()
        assert sorted(data.moves) == [(0, "1"), (1, "2")]
        assert (
            sum(o.reply is not None and o.reply.code is Reply.LOCKED_AND_RESOLVED for o in done)
            == 1
        )


@pytest.mark.postgres
async def test_the_last_seat_of_a_lobby_goes_to_one_member(pair: tuple[Referee, Referee]) -> None:
    """Two members take the last seat through two processes: one sits, the game starts once."""
    one, two = pair
    for _ in range(ROUNDS // 2):
        await one.new_match(GUILD, CHANNEL, ALICE, "alice", "numbers-to-number", {"m": 3})
        match_id = (await one.open_matches(GUILD))[-1].id
        await known_to_both(pair, match_id)
        done, refused = await settle(
            [one.join(match_id, BOB, "bob"), two.join(match_id, CAROL, "c")]
        )
        assert len(done) == 1 and len(refused) == 1
        assert refused[0] in (Refusal.ALREADY_STARTED, Refusal.FULL)
        assert sum(p.title.code is Line.BEGINS_TITLE for o in done for p in o.posts) == 1
        data = await two.store.load_match(match_id)
        assert data is not None and data.row.status == "active" and len(data.seats) == 2


@pytest.mark.postgres
async def test_the_final_move_sent_twice_ends_the_game_once(pair: tuple[Referee, Referee]) -> None:
    """The same final move arrives at both processes: one ends the game, the standings count it
    once."""
    one, two = pair
    match_id = await started(one, "lengths-of-lengths", {"n": 4}, BOB)
    user, move = await play_until_one_move_left(one, match_id)
    await known_to_both(pair, match_id)
    done, refused = await settle([one.move(match_id, user, move), two.move(match_id, user, move)])
    assert len(done) == 1 and len(refused) == 1
    assert sum(p.title.code is Line.OVER_TITLE for o in done for p in o.posts) == 1
    for game in ("lengths-of-lengths", ALL_GAMES):
        rows = await one.standings(GUILD, game)
        assert sorted((s.user_id, s.games) for s in rows) == [(ALICE, 1), (BOB, 1)]


@pytest.mark.postgres
async def test_two_games_ending_at_once_rate_one_after_the_other(
    pair: tuple[Referee, Referee],
) -> None:
    """Two games of the same players end at the same instant in two processes: the second
    rating starts from the first (its uncertainty shrinks twice), never both from the old."""
    one, two = pair
    first = await started(one, "lengths-of-lengths", {"n": 4}, BOB)
    second = await started(two, "lengths-of-lengths", {"n": 4}, BOB)
    lone = await started(one, "lengths-of-lengths", {"n": 4}, BOB)
    finals = [await play_until_one_move_left(r, m) for r, m in ((one, first), (two, second))]
    user, move = await play_until_one_move_left(one, lone)
    await one.move(lone, user, move)
    after_one = {s.user_id: s.sigma for s in await one.standings(GUILD, ALL_GAMES)}
    done, refused = await settle(
        [one.move(first, *finals[0]), two.move(second, *finals[1])],
    )
    assert len(done) == 2 and not refused
    rows = await two.standings(GUILD, ALL_GAMES)
    assert sorted((s.user_id, s.games) for s in rows) == [(ALICE, 3), (BOB, 3)]
    for row in rows:
        assert row.sigma < after_one[row.user_id]


async def deadline_match(pair: tuple[Referee, Referee]) -> int:
    """A started two-player turn game with a one-minute move deadline, known to both."""
    one, _ = pair
    await one.new_match(
        GUILD, CHANNEL, ALICE, "alice", "lengths-of-lengths", {"n": 4}, move_seconds=60
    )
    match_id = (await one.open_matches(GUILD))[-1].id
    await one.join(match_id, BOB, "bob")
    await one.start(match_id, ALICE)
    await known_to_both(pair, match_id)
    return match_id


async def both_tick(pair: tuple[Referee, Referee]) -> list[Outcome]:
    """Both processes' timekeepers wake at the same instant."""
    calls: list[Coroutine[Any, Any, Outcome]] = [referee.tick() for referee in pair]
    done, refused = await settle(calls)
    assert not refused
    return done


@pytest.mark.postgres
async def test_a_reminder_and_a_deadline_fire_once_between_two_processes(
    pair: tuple[Referee, Referee], clock: Clock
) -> None:
    """Both timekeepers find the same reminder, then the same expired deadline: one reminder
    is sent, one move is played for the late player."""
    match_id = await deadline_match(pair)
    clock.now += 50
    reminders = (Line.REMINDER_AUTO, Line.REMINDER_FORFEIT)
    assert said(await both_tick(pair), *reminders) == 1 + 1  # the post and the DM
    clock.now += 20
    assert said(await both_tick(pair), Line.TIME_RAN_OUT) == 1
    data = await pair[1].store.load_match(match_id)
    assert data is not None and data.row.step == 1 and len(data.moves) == 1
    assert data.moves[0][2:] == ("auto",)


async def finished(referee: Referee, *others: int) -> int:
    """A Lengths Of Lengths Of Lengths game hosted by alice with the others, played to its end
    with the first legal moves."""
    match_id = await started(referee, "lengths-of-lengths", {"n": 4}, *others)
    user, move = await play_until_one_move_left(referee, match_id)
    await referee.move(match_id, user, move)
    assert (await referee.get(match_id)).status == "over"
    return match_id


@pytest.mark.postgres
async def test_two_players_asking_for_a_rematch_through_two_processes_open_one_lobby(
    pair: tuple[Referee, Referee],
) -> None:
    """Both players press Rematch at the same instant, each through a different process: one
    lobby opens, the other player joins it, and it starts once, with both seated."""
    one, two = pair
    for _ in range(ROUNDS // 2):
        old = await finished(one, BOB)
        done, refused = await settle(
            [one.rematch(old, GUILD, ALICE, "alice"), two.rematch(old, GUILD, BOB, "bob")]
        )
        assert len(done) == 2 and not refused
        opened = (Reply.REMATCH_OPENED, Reply.REMATCH_STARTED)
        assert sum(o.reply is not None and o.reply.code in opened for o in done) == 1
        assert sum(p.title.code is Line.BEGINS_TITLE for o in done for p in o.posts) == 1
        rematches = [
            d
            for d in await one.store.load_matches(list(range(old + 1, old + 4)))
            if d.row.rematch_of == old
        ]
        assert len(rematches) == 1
        lobby = rematches[0]
        assert lobby.row.status == "active" and lobby.row.options == {"n": 4}
        assert sorted(s.user_id for s in lobby.seats if s.user_id) == [ALICE, BOB]


@pytest.mark.postgres
async def test_a_dm_move_on_a_stale_copy_finds_its_game(pair: tuple[Referee, Referee]) -> None:
    """One process holds the lobby when the other starts it and has heard nothing of it (a
    notification lost): bob's DM move, bare or addressed, finds the game as stored, where the
    copy alone would refuse it."""
    here, there = pair
    await there.new_match(GUILD, CHANNEL, ALICE, "alice", "numerical-cards", {})
    match_id = (await there.open_matches(GUILD))[-1].id
    await there.join(match_id, BOB, "bob")
    assert (await here.get(match_id)).status == "lobby"
    await there.start(match_id, ALICE)

    for content in ("1", f"#{match_id} 1"):
        match, text = await dm_target(here, BOB, content)
        assert (match.id, match.status, text) == (match_id, "active", "1")


@pytest.mark.postgres
async def test_copies_that_may_have_missed_a_change_are_not_kept(
    pair: tuple[Referee, Referee],
) -> None:
    """A copy older than a change already heard of is used once and not kept; once changes
    may have gone unheard (the listener was cut), no copy is kept."""
    here, there = pair
    match_id = await started(there, "lengths-of-lengths", {"n": 4}, BOB)
    stored = (await there.get(match_id)).row.version
    here.changed(match_id, stored + 1)
    assert (await here.get(match_id)).row.version == stored
    assert match_id not in [m.id for m in here.book.held()]

    other = await started(there, "lengths-of-lengths", {"n": 4}, BOB)
    await here.get(other)
    assert other in [m.id for m in here.book.held()]
    here.lost()
    assert here.book.held() == []


@pytest.mark.postgres
async def test_a_computers_move_is_searched_once_across_processes(
    pair: tuple[Referee, Referee],
) -> None:
    """Both processes are asked for the computer's move of one step at once (each would have
    searched it): the step is searched once, and played once."""
    here, there = pair
    searches: list[str] = []
    for referee in pair:
        referee.thinker.on_decided = lambda level, how, seconds: searches.append(level)
    await there.new_match(GUILD, CHANNEL, ALICE, "alice", "arcs-and-marks", {}, computer="hard")
    match_id = (await there.open_matches(GUILD))[-1].id
    if not (await there.get(match_id)).thinking():
        await there.move(match_id, ALICE, "1@0")
    before = await there.get(match_id)
    assert before.thinking()

    await settle([here.computer_moves(match_id), there.computer_moves(match_id)])
    assert searches == ["hard"]
    after = await there.book.reload(match_id)
    assert len(after.moves) == len(before.moves) + 1


async def heard(check: Callable[[], Awaitable[bool]]) -> None:
    """Wait (a few seconds at most) until what another process did has been heard of here."""
    for _ in range(500):
        if await check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the change was never heard of")


@pytest.mark.postgres
async def test_a_watching_process_finds_members_games_without_asking_the_store(
    postgres_url: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Having loaded the open games and hearing the other processes, a process finds a
    member's games from its own index, those the others open too; only a refusal asks the
    store."""
    one, two = await open_store(postgres_url), await open_store(postgres_url)
    here, there = Referee(one, clock=clock), Referee(two, clock=clock)
    asked: list[str] = []
    for name in ("active_matches_of", "open_matches_of_in", "open_matches"):
        real = getattr(one, name)

        async def counted(*args: Any, name: str = name, real: Any = real) -> Any:
            asked.append(name)
            return await real(*args)

        monkeypatch.setattr(one, name, counted)
    try:
        await here.watch()
        assert await here.known_open_matches() == []
        match_id = await started(there, "numerical-cards", {}, BOB)

        async def bob_plays_here() -> bool:
            return [m.id for m in await here.matches_of(BOB)] == [match_id]

        await heard(bob_plays_here)
        assert [m.id for m in await here.matches_of_in(ALICE, CHANNEL)] == [match_id]
        assert [m.id for m in await here.open_matches(GUILD)] == [match_id]
        match, text = await dm_target(here, BOB, "1")
        assert (match.id, match.status, text) == (match_id, "active", "1") and asked == []

        with pytest.raises(RefereeError) as refused:
            await dm_target(here, CAROL, "1")
        assert refused.value.code is Ask.NO_SECRET_AWAITED and asked == ["active_matches_of"]

        await there.cancel(match_id, ALICE, True)

        async def gone_here() -> bool:
            return await here.matches_of(BOB) == []

        await heard(gone_here)
        assert await here.open_matches(GUILD) == []
    finally:
        await one.close()
        await two.close()


@pytest.mark.postgres
async def test_after_a_cut_watch_the_index_is_read_again_whole(
    postgres_url: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a process's watch was cut, a game ended and another began unheard: once it
    listens again, it reads every open game again and its lookups, answered from its own index
    without asking the store, know of both."""
    one, two = await open_store(postgres_url), await open_store(postgres_url)
    here, there = Referee(one, clock=clock), Referee(two, clock=clock)
    deaf = False
    hear = here.book.changed

    def changed(match_id: int, version: int) -> None:
        if not deaf:
            hear(match_id, version)

    monkeypatch.setattr(here.book, "changed", changed)
    asked: list[str] = []
    real = one.active_matches_of

    async def counted(*args: Any) -> Any:
        asked.append("active_matches_of")
        return await real(*args)

    monkeypatch.setattr(one, "active_matches_of", counted)
    try:
        await here.watch()
        await here.known_open_matches()
        ended = await started(there, "numerical-cards", {}, BOB)

        async def bob_plays_here(ids: list[int]) -> bool:
            asked.clear()
            return [m.id for m in await here.matches_of(BOB)] == ids and asked == []

        await heard(lambda: bob_plays_here([ended]))
        deaf = True
        await there.cancel(ended, ALICE, True)
        begun = await started(there, "numbers-to-number", {}, BOB)
        await asyncio.sleep(0.3)  # what the other process did is not heard here
        here.book.lost()  # what the watch says when it listens again after a cut
        deaf = False
        await heard(lambda: bob_plays_here([begun]))
    finally:
        await one.close()
        await two.close()
