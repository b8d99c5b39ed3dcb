"""Seasons in the store, on each engine: a server's season length, the season a game counts for
decided in its ending's transaction from that setting and the time it ends, each season's
ratings read there afresh, the tables and their winners, and /forget-me taking the rows."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee.rows import ALL_GAMES, MatchEnd, Ratings, SeasonWinner, Standing, StandingChange
from referee.store import StaleStep
from tests.db.backends import Backend
from tests.db.test_store import GUILD, active, finish

N2N = "numbers-to-number"
JANUARY = datetime(2026, 1, 20, 12, tzinfo=UTC).timestamp()
FEBRUARY = datetime(2026, 2, 1, tzinfo=UTC).timestamp()
"""A moment in January 2026, and the first of February (UTC)."""


def moved(user: int, win: bool, points: int, mu: float, sigma: float) -> list[StandingChange]:
    """A member's change in numbers-to-number and over all games."""
    return [StandingChange(g, user, f"u{user}", win, False, points, mu, sigma) for g in (N2N, "*")]


class Seen:
    """What an ending's rating read: its season, and the season's ratings of its members."""

    def __init__(self) -> None:
        self.season: str | None = None
        self.known: dict[str, dict[int, tuple[float, float]]] = {}


def rated(seen: Seen, winner: int, loser: int) -> MatchEnd:
    """A two-member ending rated in its transaction: the season's standings change with the
    season's ratings it reads (30 and 20 for newcomers, then one more and one less), and the
    all-time ones alike."""

    def rate(ratings: Ratings) -> MatchEnd:
        seen.season = ratings.season
        seen.known = ratings.of_members_in_season([N2N, ALL_GAMES], [winner, loser])
        before = seen.known[ALL_GAMES]
        up = before.get(winner, (29.0, 8.0))[0] + 1
        down = before.get(loser, (21.0, 8.0))[0] - 1
        changes = moved(winner, True, 5, up, 7.0) + moved(loser, False, 3, down, 7.0)
        in_season = changes if ratings.season is not None else []
        return MatchEnd(
            "over",
            {"scores": [5, 3], "winners": [0]},
            changes,
            season=ratings.season,
            season_changes=in_season,
        )

    return MatchEnd("over", {}, rate=rate)


async def test_a_game_counts_for_the_season_it_ends_in(backend: Backend) -> None:
    """Without a setting there are no seasons; a monthly setting makes a game ending in January
    count for 2026-01 and one ending on the first of February for 2026-02, whose ratings start
    afresh; a refused ending writes no season row; the all-time table holds every game."""
    store = backend.store
    assert await store.season_length(GUILD) == "off"
    seen = Seen()
    before = await active(store, 10, 11)
    await finish(store, before, rated(seen, 10, 11), JANUARY)
    assert seen.season is None and seen.known == {N2N: {}, ALL_GAMES: {}}
    assert await store.seasons(GUILD) == []

    await store.set_season_length(GUILD, "monthly", JANUARY)
    assert await store.season_length(GUILD) == "monthly"
    assert await store.season_length(7) == "off"
    first = await active(store, 10, 11)
    rows = await backend.rows()
    with pytest.raises(StaleStep):
        await store.end_match(first, 0, rated(seen, 10, 11), JANUARY)
    assert await backend.rows() == rows
    await finish(store, first, rated(seen, 10, 11), JANUARY)
    assert seen.season == "2026-01" and seen.known[ALL_GAMES] == {}
    second = await active(store, 10, 11)
    await finish(store, second, rated(seen, 10, 11), JANUARY + 60)
    assert seen.known[ALL_GAMES] == {10: (30.0, 7.0), 11: (20.0, 7.0)}
    third = await active(store, 11, 12)
    await finish(store, third, rated(seen, 11, 12), FEBRUARY)
    assert seen.season == "2026-02" and seen.known == {N2N: {}, ALL_GAMES: {}}

    assert await store.seasons(GUILD) == ["2026-01", "2026-02"]
    assert await store.season_standings(GUILD, "2026-01", ALL_GAMES, 10) == [
        Standing(10, "u10", 2, 2, 0, 10, 31.0, 7.0),
        Standing(11, "u11", 2, 0, 0, 6, 19.0, 7.0),
    ]
    assert await store.season_standings(GUILD, "2026-02", N2N, 1) == [
        Standing(11, "u11", 1, 1, 0, 5, 30.0, 7.0)
    ]
    every = await store.standings(GUILD, ALL_GAMES, 10)
    assert {s.user_id: s.games for s in every} == {10: 3, 11: 4, 12: 1}
    assert await store.season_standings(7, "2026-01", ALL_GAMES, 10) == []


async def test_season_winners_and_exact_points(backend: Backend) -> None:
    """Each season's winners are the top of its table for a game, every member tied there
    with them; points add up beyond 64 bits; another server's seasons stay apart."""
    store = backend.store
    big = 60 * 10**80
    endings = [
        ("2026-01", [*moved(10, True, big, 30.0, 7.0), *moved(11, False, 0, 20.0, 7.0)]),
        ("2026-01", [*moved(10, True, big, 31.0, 6.0), *moved(12, False, 1, 20.0, 7.0)]),
        ("2026-02", [*moved(11, True, 2, 30.0, 7.0), *moved(12, True, 2, 30.0, 7.0)]),
    ]
    for season, changes in endings:
        match_id = await active(store, 10, 11)
        end = MatchEnd("over", {}, season=season, season_changes=changes)
        await finish(store, match_id, end, 5.0)
    elsewhere = await active(store, 10, 11, guild=7)
    await finish(
        store,
        elsewhere,
        MatchEnd("over", {}, season="2026-03", season_changes=moved(13, True, 1, 40.0, 1.0)),
        5.0,
    )

    top = await store.season_standings(GUILD, "2026-01", N2N, 10)
    assert top[0] == Standing(10, "u10", 2, 2, 0, 2 * big, 31.0, 6.0)
    assert await store.season_winners(GUILD, ALL_GAMES) == [
        SeasonWinner("2026-01", top[0]),
        SeasonWinner("2026-02", Standing(11, "u11", 1, 1, 0, 2, 30.0, 7.0)),
        SeasonWinner("2026-02", Standing(12, "u12", 1, 1, 0, 2, 30.0, 7.0)),
    ]
    assert [w.season for w in await store.season_winners(7, N2N)] == ["2026-03"]
    assert await store.season_winners(GUILD, "binary-scramble") == []


async def test_forgetting_a_member_deletes_their_season_rows(backend: Backend) -> None:
    """/forget-me counts a member's season standings (per game, season and server) and deletes
    them in every server; the other player's stay."""
    store = backend.store
    for guild in (GUILD, 7):
        await store.set_season_length(guild, "weekly", JANUARY)
        match_id = await active(store, 10, 11, guild=guild)
        await finish(store, match_id, rated(Seen(), 10, 11), JANUARY)
    assert (await store.member_data(10)).seasons == 2
    assert (await store.forget_member(10)).seasons == 2
    assert (await store.member_data(10)).seasons == 0
    assert {r[3] for r in (await backend.rows())["season_standings"]} == {11}
    assert [s.user_id for s in await store.season_standings(7, "2026-W04", N2N, 10)] == [11]
    assert await store.season_length(7) == "weekly"
