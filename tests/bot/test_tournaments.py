"""Tournaments through Discord: created, entered and started with `/tournament`, every round's
games opened by the bot and played through simcord to the end, with a restart in the middle of
a round and a withdrawal; the standings, the leaderboard and the refusals."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from referee.pairings import FORMATS
from referee.tournament_plan import entrants, played
from referee.tournament_rows import TournamentData
from tests.bot.table import Table
from tests.bot.test_privacy import ask
from tests.conftest import make_bot

GAME = "lengths-of-lengths"
OPTIONS = {"n": 4}


async def created(table: Table, host: str, fmt: str, game: str = GAME, **options: Any) -> int:
    """`/tournament create` by the host (with OPTIONS for the usual game); its number."""
    given = {**OPTIONS, **options} if game == GAME else options
    answer = await table.members[host].slash(
        table.channel, f"tournament create {game}", format=fmt, **given
    )
    text = answer.response.content
    assert answer.ephemeral and text.startswith("Opened tournament #"), text
    return int(text.split("#")[1].split(".")[0])


async def entered(table: Table, names: list[str]) -> None:
    """The named members enter with `/tournament join`."""
    for name in names:
        answer = await table.members[name].slash(table.channel, "tournament join")
        assert answer.ephemeral and "You have entered" in answer.response.content, answer


async def stored(table: Table, number: int) -> TournamentData:
    """The tournament as stored."""
    data = await table.bot.referee.store.load_tournament(number)
    assert data is not None
    return data


async def play_round(table: Table, number: int, rng: random.Random) -> None:
    """Play every game of the tournament under way to its end."""
    data = await stored(table, number)
    for game in data.games:
        if game.match_id is not None and game.places is None:
            await table.play_out(game.match_id, rng)


async def play_to_the_end(table: Table, number: int, rng: random.Random) -> TournamentData:
    """Play round after round until the tournament is over; the tournament then."""
    for _ in range(40):
        data = await stored(table, number)
        if data.row.status != "running":
            return data
        await play_round(table, number, rng)
        await table.env.settle()
    raise AssertionError("the tournament did not end")


def pairs_met(data: TournamentData) -> list[frozenset[int]]:
    """Every pair of entrants who sat at one table, once per game."""
    return [frozenset(p) for g in data.games for p in combinations(g.entrants, 2)]


def posts_titled(table: Table, text: str) -> list[Any]:
    """The channel's posts whose title holds this text."""
    return [m for m in table.channel.history() if m.embeds and text in (m.embeds[0].title or "")]


async def test_a_swiss_tournament_of_eight_plays_to_its_end_through_a_restart(
    simcord_env: Any, database: Path
) -> None:
    """Eight members enter a Swiss tournament; three rounds are paired without a repeat, the
    bot restarts in the middle of round 2, and the last game's end posts the final standings
    with a picture; every game counts on the leaderboard."""
    table = Table.make(simcord_env, players=8)
    names = list(table.members)
    number = await created(table, "alice", "swiss")
    await entered(table, names[1:])
    answer = await table.members["alice"].slash(table.channel, "tournament start")
    assert "has started" in answer.response.content, answer.response.content
    assert posts_titled(table, f"Tournament #{number}: round 1 of 3")
    rng = random.Random(1)
    await play_round(table, number, rng)
    await table.env.settle()
    data = await stored(table, number)
    assert data.row.round == 2
    first = next(g for g in data.games if g.round == 2 and g.match_id is not None)
    assert first.match_id is not None
    await table.play_out(first.match_id, rng)
    await simcord_env.restart_bot(await make_bot(database))
    data = await play_to_the_end(table, number, rng)
    assert data.row.status == "over" and data.row.round == 3
    assert len(data.games) == 12
    assert len(set(pairs_met(data))) == 12, "a pair met twice"
    final = posts_titled(table, f"Tournament #{number} (Lengths Of Lengths Of Lengths) is over")
    assert len(final) == 1
    assert "wins the tournament" in final[0].embeds[0].description or "share first" in (
        final[0].embeds[0].description
    )
    assert final[0].attachments, "the final standings come with their picture"
    board = await table.bot.referee.standings(table.guild.id, GAME, 20)
    assert sum(s.games for s in board) == 24, "each of the 12 games counts for its 2 players"


async def test_standings_answer_with_a_table_and_a_picture(simcord_env: Any) -> None:
    """`/tournament standings` answers privately with the table in a code block and its
    picture; the ranks follow the format's own standings."""
    table = Table.make(simcord_env, players=4)
    number = await created(table, "alice", "round-robin")
    await entered(table, ["bob", "carol", "dave"])
    await table.members["alice"].slash(table.channel, "tournament start")
    await play_to_the_end(table, number, random.Random(2))
    answer = await table.members["bob"].slash(table.channel, "tournament standings")
    assert answer.ephemeral
    assert "```" in answer.response.content and "bob" in answer.response.content
    assert answer.response.attachments
    data = await stored(table, number)
    assert len(data.games) == 6 and len(set(pairs_met(data))) == 6
    rows = FORMATS["round-robin"].standings(entrants(data), played(data), data.byes, 2)
    assert sorted(r.rank for r in rows) == [r.rank for r in rows]


async def test_a_round_robin_with_a_computer_entrant(simcord_env: Any) -> None:
    """Three members and a hard computer play a round robin; the computer's games move by
    themselves, and the tournament ends after three rounds."""
    table = Table.make(simcord_env, players=3)
    number = await created(table, "alice", "round-robin")
    await entered(table, ["bob", "carol"])
    answer = await table.members["alice"].slash(table.channel, "tournament computer", level="easy")
    assert "enters tournament" in answer.response.content, answer.response.content
    await table.members["alice"].slash(table.channel, "tournament start")
    data = await play_to_the_end(table, number, random.Random(3))
    assert data.row.status == "over" and data.row.round == 3
    assert sum(1 for e in data.entrants if e.computer) == 1


async def test_a_swiss_of_five_gives_byes_and_a_withdrawal_forfeits(simcord_env: Any) -> None:
    """Five entrants: each round one bye, never twice to the same entrant; a member who
    withdraws in round 2 resigns their game under way and is not paired again."""
    table = Table.make(simcord_env, players=5)
    names = list(table.members)
    number = await created(table, "alice", "swiss")
    await entered(table, names[1:])
    await table.members["alice"].slash(table.channel, "tournament start")
    (post,) = posts_titled(table, f"Tournament #{number}: round 1 of 3")
    assert "has a bye (1 point)." in post.embeds[0].description
    rng = random.Random(4)
    await play_round(table, number, rng)
    await table.env.settle()
    data = await stored(table, number)
    assert data.row.round == 2
    leaver = next(
        e
        for e in data.entrants
        if any(g.round == 2 and e.entrant in g.entrants for g in data.games)
    )
    assert leaver.user_id is not None
    answer = await table.member(leaver.user_id).slash(table.channel, "tournament withdraw")
    assert "withdrawn" in answer.response.content, answer.response.content
    data = await play_to_the_end(table, number, rng)
    assert data.row.status == "over"
    byes = [e for _, e in data.byes]
    assert len(byes) == len(set(byes)), "a bye went twice to one entrant"
    later = [g for g in data.games if g.round > 2]
    assert all(leaver.entrant not in g.entrants for g in later)


async def test_a_swiss_of_rounds_set_by_its_host_says_so_and_plays_them(
    simcord_env: Any,
) -> None:
    """`swiss_rounds:2` is said on the entries message and ends the Swiss after round 2, where
    five entrants would otherwise play three rounds."""
    table = Table.make(simcord_env, players=5)
    number = await created(table, "alice", "swiss", swiss_rounds=2)
    assert "2 players a game; rounds: 2" in entries_message(table, number).embeds[0].description
    await entered(table, list(table.members)[1:])
    await table.members["alice"].slash(table.channel, "tournament start")
    data = await play_to_the_end(table, number, random.Random(2))
    assert data.row.status == "over" and max(g.round for g in data.games) == 2


async def test_a_knockout_of_eight_ends_with_one_champion(simcord_env: Any) -> None:
    """Eight members in a knockout: 4, 2 and 1 games (plus any tie-break), one champion."""
    table = Table.make(simcord_env, players=8)
    names = list(table.members)
    number = await created(table, "alice", "knockout")
    await entered(table, names[1:])
    await table.members["alice"].slash(table.channel, "tournament start")
    data = await play_to_the_end(table, number, random.Random(5))
    assert data.row.status == "over"
    plain = [g for g in data.games if not g.tiebreak]
    assert [sum(1 for g in plain if g.round == r) for r in (1, 2, 3)] == [4, 2, 1]
    assert data.row.result is not None and len(data.row.result["champions"]) == 1


async def test_a_knockout_bye_goes_on_to_the_next_round_and_says_so(simcord_env: Any) -> None:
    """Three members in a knockout: the top seed's bye takes it on to the final, and the round's
    post says so, where a Swiss bye is said as the point it is worth."""
    table = Table.make(simcord_env, players=3)
    number = await created(table, "alice", "knockout")
    await entered(table, list(table.members)[1:])
    await table.members["alice"].slash(table.channel, "tournament start")
    (post,) = posts_titled(table, f"Tournament #{number}: round 1 of 2")
    text = post.embeds[0].description
    assert "has a bye and goes on to round 2." in text and "point" not in text, text
    data = await play_to_the_end(table, number, random.Random(3))
    (bye,) = [entrant for _, entrant in data.byes]
    final = [g for g in data.games if g.round == 2 and not g.tiebreak]
    assert len(final) == 1 and bye in final[0].entrants


async def test_refusals_are_private_and_change_nothing(simcord_env: Any) -> None:
    """Joining twice, starting by another member or too early, a tournament game's cancel,
    and an unknown number: each is refused privately, saying why."""
    table = Table.make(simcord_env, players=3)
    number = await created(table, "alice", "swiss")
    alice, bob = table.members["alice"], table.members["bob"]
    again = await alice.slash(table.channel, "tournament join")
    assert again.ephemeral and "already entered" in again.response.content
    early = await alice.slash(table.channel, "tournament start")
    assert early.ephemeral and "needs at least 2 entrants" in early.response.content
    await entered(table, ["bob"])
    other = await bob.slash(table.channel, "tournament start")
    assert other.ephemeral and "or a moderator can do that" in other.response.content
    missing = await bob.slash(table.channel, "tournament join", tournament=999)
    assert missing.ephemeral and "no tournament #999" in missing.response.content
    await alice.slash(table.channel, "tournament start")
    data = await stored(table, number)
    match_id = data.games[0].match_id
    cancel = await alice.slash(table.channel, "cancel", game=match_id)
    assert cancel.ephemeral and f"game of tournament #{number}" in cancel.response.content
    late = await table.members["carol"].slash(table.channel, "tournament join")
    assert late.ephemeral and "takes no entries" in late.response.content
    assert len((await stored(table, number)).entrants) == 2


async def test_a_forgotten_member_leaves_every_tournament(simcord_env: Any) -> None:
    """Forgetting takes a member's entry out of a tournament that has not started, and in one
    that has, keeps the entry under a former player's name, withdrawn; nothing else changes."""
    table = Table.make(simcord_env, players=3)
    done = await created(table, "alice", "round-robin")
    await entered(table, ["bob", "carol"])
    await table.members["alice"].slash(table.channel, "tournament start")
    await play_to_the_end(table, done, random.Random(6))
    waiting = await created(table, "alice", "swiss")
    await entered(table, ["bob"])
    bob = table.members["bob"]
    question = await ask(bob, table)
    confirmed = await bob.click(question.response, label="Forget me")
    assert confirmed.ephemeral, confirmed
    assert [e.user_id for e in (await stored(table, waiting)).entrants] == [
        table.members["alice"].id
    ]
    finished = await stored(table, done)
    assert bob.id not in [e.user_id for e in finished.entrants]
    former = [e for e in finished.entrants if e.user_id is None]
    assert len(former) == 1 and former[0].name == "former player"
    assert len(finished.games) == 3 and finished.row.status == "over"


def entries_message(table: Table, number: int) -> Any:
    """The message that takes the tournament's entries."""
    found = posts_titled(table, f"Tournament #{number}: ")
    entries = [m for m in found if "Entrant" in (m.embeds[0].description or "")]
    assert len(entries) == 1, "one entries message, edited as entries change"
    return entries[0]


async def test_members_enter_and_start_with_the_buttons(simcord_env: Any) -> None:
    """The entries message carries Enter and Start: bob and carol press Enter, the message is
    edited to list them, bob's Start is refused, alice's starts round 1 and the buttons go."""
    table = Table.make(simcord_env, players=3)
    number = await created(table, "alice", "knockout")
    for name in ("bob", "carol"):
        answer = await table.members[name].click(entries_message(table, number), label="Enter")
        assert answer.ephemeral and "You have entered" in answer.response.content, answer
    message = entries_message(table, number)
    assert "Entrants (3)" in message.embeds[0].description
    plan = "2 players a game; rounds: as many as the format needs for its entrants"
    assert plan in message.embeds[0].description
    refused = await table.members["bob"].click(message, label="Start")
    assert refused.ephemeral and "or a moderator can do that" in refused.response.content
    started = await table.members["alice"].click(message, label="Start")
    assert "has started" in started.response.content, started.response.content
    assert not entries_message(table, number).components
    data = await stored(table, number)
    assert data.row.status == "running" and data.row.round == 1


@pytest.mark.parametrize(
    ("game", "options"), [(GAME, {}), ("numbers-to-number", {"m": 3, "rounds": 1})]
)
async def test_deadlines_end_a_round_without_its_players(
    simcord_env: Any, game: str, options: dict[str, Any]
) -> None:
    """A round robin with a 5-minute deadline and forfeits: nobody moves, yet every game ends
    (a secret step whose players are all gone is played on by the referee, never cancelled),
    and the tournament reaches its end by the clock alone; its games offer no rematch."""
    table = Table.make(simcord_env, players=3)
    number = await created(
        table, "alice", "round-robin", game, deadline=5, on_timeout="forfeit", **options
    )
    await entered(table, ["bob", "carol"])
    await table.members["alice"].slash(table.channel, "tournament start")
    for _ in range(200):
        data = await stored(table, number)
        if data.row.status != "running":
            break
        await simcord_env.advance_time(6 * 60)
    data = await stored(table, number)
    assert data.row.status == "over", data.row
    assert all(g.places is not None for g in data.games)
    finals = posts_titled(table, "game over")
    labels = [getattr(c, "label", "") for m in finals for r in m.components for c in r.children]
    assert finals and "Rematch" not in labels, "a tournament's game offers no rematch"
