"""Nothing a member does goes unanswered: a locked database, or any unexpected failure, gets a
private answer, changes nothing, and the same move counts once when tried again."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from cogs.replies import BUSY, UNEXPECTED
from tests.bot.table import Table, close_dms
from tests.sqlite_faults import count, dump, failing_inserts, write_lock

SLOW = pytest.mark.simcord(settle_timeout=30)
"""A move waits out a locked database for about 6 s of real time before it answers."""


async def two_games(table: Table) -> tuple[int, int]:
    """A sealed game of alice and bob, and a turn game in which bob moves first."""
    sealed = await table.open("alice", "numbers-to-number", m=2, rounds=1)
    await table.seat(sealed, ["bob"])
    turn = await table.open("bob", "lengths-of-lengths", n=4)
    await table.seat(turn, ["alice"])
    started = await table.members["bob"].click(table.lobby_message(turn), label="Start")
    assert "has started" in started.response.content
    return sealed, turn


def last_dm(member: Any) -> str:
    """The last message in a member's DM channel."""
    content: str = member.user.dm_channel.history()[-1].content
    return content


def answer_of(result: Any) -> str:
    """The private answer to an interaction (after a deferral too)."""
    assert result.ephemeral and result.response is not None, result
    content: str = result.response.content
    return content


async def untouched(table: Table, sealed: int, turn: int) -> None:
    """Neither game has a move: no sealed move is pending and the turn game's log is empty."""
    assert (await table.match(sealed)).require_progress().pending == {}
    assert (await table.match(turn)).moves == ()


async def moves_count_once(table: Table, database: Path, sealed: int, turn: int) -> None:
    """alice's secret move and bob's turn move go through now, and are stored once."""
    alice, bob = table.members["alice"], table.members["bob"]
    await alice.send_dm("1")
    assert "Locked in `1`" in last_dm(alice)
    played = await bob.slash(table.channel, "move", move="1", game=turn)
    # Answered in public by the post of what the move did.
    assert not played.ephemeral and "appended 1" in played.response.embeds[0].description
    assert (await table.match(sealed)).require_progress().pending == {0: "1"}
    assert (await table.match(turn)).moves == ((0, "1"),)
    assert count(database, "sealed") == count(database, "moves") == 1


@SLOW
async def test_a_locked_database_is_waited_for_then_answered(
    simcord_env: Any, database: Path
) -> None:
    """The file stays locked by another program past the wait: a DM move and /move both get
    the busy answer privately (the slow /move is deferred first), nothing is stored or half
    stored, and the same moves count once after the lock is gone."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    sealed, turn = await two_games(table)
    before = dump(database)
    # simcord runs one member action at a time, so the moves arrive one after the other and
    # each waits its ~6 s: the lock is held until both are answered (about 13 s), not a set time.
    with write_lock(database, seconds=60):
        await alice.send_dm("1")
        assert last_dm(alice) == BUSY
        calls = len(simcord_env.http_requests)
        moved = await bob.slash(table.channel, "move", move="1", game=turn)
        assert answer_of(moved) == BUSY
        assert dump(database) == before
    first = simcord_env.http_requests[calls]
    assert first.path.endswith("/callback") and first.json["type"] == 5, first
    await untouched(table, sealed, turn)
    await moves_count_once(table, database, sealed, turn)


async def test_an_unexpected_failure_is_answered_and_logged(
    simcord_env: Any, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite refuses every new move with an error the bot does not expect: a command, a
    button, a form and a DM each get the apology privately, the traceback is logged with the
    interaction or message id, nothing changes, and the moves count once when tried again."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    close_dms(simcord_env, bob)
    sealed, turn = await two_games(table)
    offer = next(m for m in table.channel.history() if m.content == bob.mention)
    digits = table.channel.history()[-1]
    before = dump(database)
    with failing_inserts(database, ("moves", "sealed")):
        command = await bob.slash(table.channel, "move", move="1", game=turn)
        click = await bob.click(digits, label="1")
        shown = await bob.click(offer, label="Submit secret move")
        form = await bob.submit_modal(shown, {"move": "2"})
        dm = await alice.send_dm("1")
    failed = [command, click, form]
    assert [answer_of(r) for r in failed] == [UNEXPECTED] * 3
    assert last_dm(alice) == UNEXPECTED
    assert dump(database) == before
    await untouched(table, sealed, turn)
    logged = {r.getMessage() for r in caplog.records if r.levelno == logging.ERROR and r.exc_info}
    about = [f"interaction {r.response.message.interaction_metadata.id}" for r in failed]
    assert logged == {f"Unexpected error answering {a}" for a in [*about, f"DM message {dm.id}"]}
    # simcord counts what reaches the command tree's and the form's error handlers as bot
    # errors; here they are the injected failure, answered above.
    errors = simcord_env.errors
    assert errors and all("integer overflow" in str(e) for e in errors), errors
    await moves_count_once(table, database, sealed, turn)
