"""The rating history and the read behind /stats, on each engine: a game's ratings kept in its
ending's transaction, once, never for a refused ending; one member's games read at one moment;
/forget-me deleting them."""

from __future__ import annotations

import pytest

from db.sql import INTEGRITY_ERRORS
from referee.rows import (
    ALL_GAMES,
    Deadline,
    MatchEnd,
    MemberStats,
    NewMatch,
    RatingAfter,
    RatingPoint,
    Standing,
    VersusChange,
    VersusRating,
    VersusStanding,
)
from referee.store import StaleStep
from tests.db.backends import Backend
from tests.db.test_store import CHANNEL, GUILD, active, at, change, finish

N2N = "numbers-to-number"


def rated(user: int, mu: float, vs: str = "members") -> list[RatingAfter]:
    """A member's new rating in numbers-to-number and over all games."""
    return [RatingAfter(g, user, vs, mu, 7.0) for g in (N2N, ALL_GAMES)]


def ending(scores: list[int], resigned: list[int] | None = None) -> MatchEnd:
    """A two-member game's end: member 10 won, both rated."""
    result = {"scores": scores, "winners": [0], "resigned": resigned or []}
    return MatchEnd(
        "over",
        result,
        [change(u, p, g) for u, p in ((10, 5), (11, 3)) for g in (N2N, ALL_GAMES)],
        history=rated(10, 30.0) + rated(11, 20.0),
    )


async def test_a_games_ratings_are_kept_once_in_its_ending(backend: Backend) -> None:
    """A finished game keeps each member's rating after it, per game and over all, at its end's
    time; a refused ending keeps none; an ending whose history a key refuses writes nothing."""
    store = backend.store
    match_id = await active(store, 10, 11)
    before = await backend.rows()
    with pytest.raises(StaleStep):
        await store.end_match(match_id, 0, ending([5, 3]), 4.0)
    assert await backend.rows() == before
    twice = ending([5, 3])
    twice = MatchEnd(twice.status, twice.result, twice.changes, history=[*twice.history] * 2)
    with pytest.raises(INTEGRITY_ERRORS):
        await finish(store, match_id, twice, 4.0)
    assert await backend.rows() == before

    await finish(store, match_id, ending([5, 3]), 4.0)
    kept = (await backend.rows())["rating_history"]
    assert len(kept) == 4
    stats = await store.member_stats(GUILD, 10)
    assert stats.history == (
        RatingPoint(ALL_GAMES, "members", match_id, 30.0, 7.0, 4.0),
        RatingPoint(N2N, "members", match_id, 30.0, 7.0, 4.0),
    )
    with pytest.raises(StaleStep):
        await finish(store, match_id, ending([5, 3]), 5.0)
    assert (await backend.rows())["rating_history"] == kept


async def test_a_members_stats_in_one_server(backend: Backend) -> None:
    """Standings and records by game, the highest and lowest total of games played to the end
    (a resigned seat's left out), and the history in order; another server's stay apart."""
    store = backend.store
    assert await store.member_stats(GUILD, 10) == MemberStats()
    first = await active(store, 10, 11)
    await finish(store, first, ending([5, 3]), 4.0)
    second = await active(store, 11, 10)
    await finish(store, second, ending([9, 2]), 5.0)
    third = await active(store, 10, 11)
    await finish(store, third, ending([1, 40], resigned=[0]), 6.0)
    elsewhere = await active(store, 10, 11, guild=7)
    await finish(store, elsewhere, ending([99, 0]), 7.0)

    row = await store.create_match(NewMatch(GUILD, CHANNEL, N2N, {}, 10, "u10", None, "auto", 1.0))
    await store.add_computers(row.id, 0, "easy", ["Computer (easy)"], 2.0)
    await store.start_match(row.id, 1, {"m": 2, "rounds": 1}, Deadline(), 3.0)
    versus = [VersusChange(g, 10, "u10", "easy", False, True) for g in (N2N, ALL_GAMES)]
    ratings = [VersusRating(g, "10", 26.0, 8.0) for g in (N2N, ALL_GAMES)]
    history = rated(10, 26.0, "computer")
    end = MatchEnd(
        "over",
        {"scores": [4, 4], "resigned": []},
        versus=versus,
        versus_ratings=ratings,
        history=history,
    )
    await store.end_match(row.id, await at(store, row.id), end, 8.0)

    stats = await store.member_stats(GUILD, 10)
    assert stats.standings == {
        g: Standing(10, "u10", 3, 3, 0, 15, 30.0, 7.0) for g in (N2N, ALL_GAMES)
    }
    assert stats.versus == {
        g: VersusStanding(10, "u10", 26.0, 8.0, {"easy": (1, 0, 1)}, 1) for g in (N2N, ALL_GAMES)
    }
    assert stats.totals == {N2N: (5, 2)}
    assert [(p.match_id, p.vs) for p in stats.history] == [
        (m, vs)
        for m, vs in (
            (first, "members"),
            (second, "members"),
            (third, "members"),
            (row.id, "computer"),
        )
        for _ in range(2)
    ]
    assert (await store.member_stats(7, 10)).totals == {N2N: (99, 99)}


async def test_forgetting_a_member_deletes_their_history(backend: Backend) -> None:
    """/forget-me counts a member's rated games and deletes their history in every server; the
    other player's stays."""
    store = backend.store
    for guild in (GUILD, 7):
        match_id = await active(store, 10, 11, guild=guild)
        await finish(store, match_id, ending([5, 3]), 4.0)
    held = await store.member_data(10)
    assert held.rated == 2
    assert (await store.forget_member(10)).rated == 2
    assert (await store.member_stats(GUILD, 10)).history == ()
    assert {r[2] for r in (await backend.rows())["rating_history"]} == {11}
    assert len((await store.member_stats(7, 11)).history) == 2
