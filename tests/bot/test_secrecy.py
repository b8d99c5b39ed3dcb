"""No channel message, other player's DM, INFO log or /history shows a sealed move early."""

from __future__ import annotations

import json
import logging
import random
import re
from typing import Any

import pytest

from tests.bot.table import Table, staying_move

OURS = ("referee", "cogs", "db", "bot", "rules", "offline")


def visible_to_others(table: Table, others: list[Any]) -> dict[int, str]:
    """Every message in the channel and in the other players' DMs, as text by message id (the
    boards' text is their pictures' alt text)."""
    messages = list(table.channel.history())
    for member in others:
        messages += member.user.dm_channel.history()
    return {
        m.id: " ".join(
            [
                m.content,
                *(f"{e.title} {e.description}" for e in m.embeds),
                *(a.description or "" for a in m.attachments),
            ]
        ).strip()
        for m in messages
    }


@pytest.mark.parametrize(
    ("slug", "options", "players"),
    [
        ("numbers-to-number", {"m": 10, "rounds": 2}, 2),
        ("numerical-cards", {"m": 12}, 3),
    ],
)
async def test_sealed_moves_stay_secret_until_revealed(
    simcord_env: Any,
    caplog: pytest.LogCaptureFixture,
    slug: str,
    options: dict[str, int],
    players: int,
) -> None:
    """At every sealed step, what the first player locked in is nowhere the others can see."""
    caplog.set_level(logging.INFO)
    table = Table.make(simcord_env, players=players)
    names = list(table.members)[:players]
    match_id = await table.open(names[0], slug, **options)
    await table.seat(match_id, names[1:])
    if (await table.match(match_id)).status == "lobby":
        await table.members[names[0]].click(table.lobby_message(match_id), label="Start")
    rng = random.Random(7)
    used: set[str] = set()
    steps = 0
    while (match := await table.match(match_id)).status == "active":
        p = match.require_progress()
        first, *rest = sorted(match.awaited_seats())
        move = staying_move(p.game, p.state, first, rng)
        if slug == "numbers-to-number":
            while move in used or int(move) < 100:
                move = p.game.sample(p.state, first, rng)
            used.add(move)
        member = table.member(match.seats[first].member_id)
        others = [table.member(s.member_id) for s in match.seats if s.seat != first]
        before = visible_to_others(table, others)
        log_mark = len(caplog.records)
        await member.send_dm(move)
        after = [t for i, t in visible_to_others(table, others).items() if i not in before]
        # A sealed move is told to its mover alone: the channel hears of the step at its reveal.
        assert after == []
        waiting = ", ".join(f"<@{match.seats[s].user_id}>" for s in rest)
        assert f"waiting for {waiting}" in member.user.dm_channel.history()[-1].content
        ours = [r for r in caplog.records[log_mark:] if r.name.split(".")[0] in OURS]
        if slug == "numbers-to-number":
            assert not any(re.search(rf"\b{move}\b", t) for t in after)
        assert not ours, [r.getMessage() for r in ours]
        record = await table.history(names[-1], match_id)
        assert len(record["moves"]) == len(match.moves), "an open step must stay out of /history"
        assert json.dumps(record).count(f'"{move}"') == sum(1 for e in match.moves if e[1] == move)
        for seat in rest:
            other = table.member(match.seats[seat].member_id)
            await other.send_dm(staying_move(p.game, p.state, seat, rng))
        steps += 1
    assert steps > 3
    await table.result_is_the_replay(match_id, names[-1])
