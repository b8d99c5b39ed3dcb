"""Snapshots: an open match loads from the state stored with it, to what replaying its log gives."""

from __future__ import annotations

import dataclasses
import logging
import os
import pickle
import random
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db import SqlStore, open_store
from referee import Referee
from referee.match import Match
from referee.rows import MatchData, Snapshot
from referee.snapshots import restore, rules_key
from rules import GAMES
from rules.base import Phrase
from tests.referee.test_races import BOB, CAROL, started


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqlStore]:
    """A store on a fresh SQLite file."""
    opened = await open_store(str(tmp_path / "snapshots.sqlite3"))
    yield opened
    await opened.close()


def replayed(data: MatchData) -> Match:
    """The match as its whole log replays it, the snapshot unused."""
    return Match.from_data(dataclasses.replace(data, snapshot=None))


async def loaded(store: SqlStore, match_id: int) -> MatchData:
    """The match as the store holds it."""
    data = await store.load_match(match_id)
    assert data is not None
    return data


async def play_one_move(referee: Referee, match_id: int, rng: random.Random) -> bool:
    """One awaited member moves (a random legal move); False once the match is over."""
    match = await referee.get(match_id)
    if match.status != "active":
        return False
    seat = match.waiting_on()[0]
    text = match.game.sample(match.require_progress().state, seat, rng)
    user = match.seats[seat].user_id
    assert user is not None
    await referee.move(match_id, user, text)
    return True


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_every_step_loads_from_its_snapshot_as_the_log_replays_it(
    store: SqlStore, slug: str
) -> None:
    """Through a whole game, after every move: the stored snapshot follows the whole log once
    its step resolved, and the match it restores (sealed moves of the open step included)
    equals the match the log replays."""
    referee = Referee(store)
    match_id = await started(referee, slug, {}, BOB)
    rng = random.Random(slug)
    snapshots_seen = 0
    while await play_one_move(referee, match_id, rng):
        data = await loaded(store, match_id)
        if data.row.status != "active":
            break
        if data.moves:
            assert data.snapshot is not None and data.snapshot.moves == len(data.moves)
            restored = restore(GAMES[slug], data)
            assert (
                restored is not None and restored.state == replayed(data).require_progress().state
            )
            snapshots_seen += 1
        assert Match.from_data(data) == replayed(data)
    assert snapshots_seen > 0


async def test_resignations_after_the_snapshot_are_applied_to_it(store: SqlStore) -> None:
    """A seat that leaves is logged after the snapshot: the restored match has it gone, as the
    replay does, and the match goes on from the same state."""
    referee = Referee(store)
    match_id = await started(referee, "lengths-of-lengths", {}, BOB, CAROL)
    rng = random.Random(3)
    for _ in range(4):
        await play_one_move(referee, match_id, rng)
    await referee.resign(match_id, CAROL)
    data = await loaded(store, match_id)
    assert data.snapshot is not None and data.snapshot.moves < len(data.moves)
    restored = Match.from_data(data)
    assert restored == replayed(data) and restored.resigned(2)
    while await play_one_move(referee, match_id, rng):
        pass
    assert (await referee.get(match_id)).status == "over"


async def test_a_snapshot_of_other_rules_code_is_not_trusted(store: SqlStore) -> None:
    """A snapshot whose key is not the running rules' own (written before the rules changed) is
    set aside: the log is replayed."""
    referee = Referee(store)
    match_id = await started(referee, "numbers-to-number", {}, BOB)
    rng = random.Random(5)
    for _ in range(2):
        await play_one_move(referee, match_id, rng)
    data = await loaded(store, match_id)
    assert data.snapshot is not None and restore(GAMES["numbers-to-number"], data) is not None
    key = rules_key()
    stale = bytes(b ^ 0xFF for b in key) + data.snapshot.state[len(key) :]
    old = dataclasses.replace(data, snapshot=Snapshot(data.snapshot.moves, stale))
    assert restore(GAMES["numbers-to-number"], old) is None
    assert Match.from_data(old) == replayed(data)


class Intruder:
    """What a tampered snapshot might hold: an object whose unpickling runs a command."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.system, (f"touch {self.marker}",)


async def test_a_snapshot_builds_nothing_but_the_rules_data(
    store: SqlStore, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A snapshot that names a function, even one of the rules, is refused before anything
    runs: the log is replayed and a warning says so; one of the rules' data classes is built."""
    referee = Referee(store)
    match_id = await started(referee, "numbers-to-number", {}, BOB)
    await play_one_move(referee, match_id, random.Random(1))
    await play_one_move(referee, match_id, random.Random(2))
    data = await loaded(store, match_id)
    assert data.snapshot is not None
    marker = tmp_path / "ran"
    intruders = [Intruder(marker), GAMES["numbers-to-number"].start, os.system]
    for intruder in intruders:
        state = rules_key() + pickle.dumps(intruder)
        tampered = dataclasses.replace(data, snapshot=Snapshot(data.snapshot.moves, state))
        with caplog.at_level(logging.WARNING, logger="referee.snapshots"):
            assert Match.from_data(tampered) == replayed(data)
        assert "its snapshot cannot be read" in caplog.text and "replaying its log" in caplog.text
        caplog.clear()
    assert not marker.exists()
    # A snapshot naming a rules module that is not loaded imports nothing.
    assert "rules.__main__" not in sys.modules
    unloaded = rules_key() + b"\x80\x04crules.__main__\nmain\n."
    tampered = dataclasses.replace(data, snapshot=Snapshot(data.snapshot.moves, unloaded))
    assert Match.from_data(tampered) == replayed(data)
    assert "rules.__main__" not in sys.modules
    phrase = Phrase("a rules data class")
    state = rules_key() + pickle.dumps(phrase)
    harmless = dataclasses.replace(data, snapshot=Snapshot(data.snapshot.moves, state))
    restored = restore(GAMES["numbers-to-number"], harmless)
    assert restored is not None and restored.state == phrase
