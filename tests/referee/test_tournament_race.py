"""Two referees on one PostgreSQL database end a tournament round's last two games at the same
instant: the next round is paired once, whichever process pairs it."""

from __future__ import annotations

import pytest

from referee import Referee
from referee.codes import Line
from tests.referee.test_races import CHANNEL, GUILD, settle
from tests.referee.test_shared_store import clock, known_to_both, pair, play_until_one_move_left

__all__ = ["clock", "pair"]

MEMBERS = [(7001 + i, f"member {i}") for i in range(4)]
ROUNDS = 5


async def round_robin_of_four(referee: Referee) -> int:
    """A started round robin of four members at Lengths Of Lengths Of Lengths; its number."""
    host, *others = MEMBERS
    out = await referee.create_tournament(
        GUILD,
        CHANNEL,
        host[0],
        host[1],
        "lengths-of-lengths",
        {"n": 4},
        "round-robin",
        2,
        None,
        None,
        "auto",
    )
    assert out.reply is not None
    number = out.reply.field("tournament")
    assert isinstance(number, int)
    for user_id, name in others:
        await referee.enter_tournament(number, user_id, name)
    await referee.start_tournament(number, host[0], False)
    return number


@pytest.mark.postgres
async def test_two_processes_ending_a_round_at_once_pair_the_next_once(
    pair: tuple[Referee, Referee],
) -> None:
    """Round 1's two games are each one move from the end; the last moves reach the two
    processes at once: round 2 opens once, with two games, announced once."""
    one, two = pair
    for _ in range(ROUNDS):
        number = await round_robin_of_four(one)
        data = await one.store.load_tournament(number)
        assert data is not None
        last = []
        for game in data.games:
            assert game.match_id is not None
            user, move = await play_until_one_move_left(one, game.match_id)
            await known_to_both(pair, game.match_id)
            last.append((game.match_id, user, move))
        (a, ua, ma), (b, ub, mb) = last
        done, refused = await settle([one.move(a, ua, ma), two.move(b, ub, mb)])
        assert len(done) == 2 and not refused
        data = await two.store.load_tournament(number)
        assert data is not None and data.row.round == 2
        assert [g.round for g in data.games] == [1, 1, 2, 2]
        titles = [p.title for o in done for p in o.posts if p.title.code is Line.ROUND_TITLE]
        assert len(titles) == 1
