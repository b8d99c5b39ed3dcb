"""Seasons through the bot, on the simulated clock (which starts on 1 January 2026, UTC): a
moderator sets their length, games end in one month and the next, the leaderboard shows the
current season by default and a past one or the all-time table on request, `/season` names the
past season's winner; anyone else is refused privately; `/forget-me` takes the season rows."""

from __future__ import annotations

import random
from typing import Any

import discord

from referee.rows import ALL_GAMES
from tests.bot.table import Table

N2N = "numbers-to-number"
DAY = 24 * 3600


def moderator(table: Table) -> Any:
    """A member with Manage Server."""
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("mod"), roles=[mods])


async def won(table: Table, host: str, guest: str, seed: int) -> tuple[int, str]:
    """A Numbers To Number game of two members played to its end with one winner: its id and
    the winner's name."""
    while True:
        match_id = await table.open(host, N2N, m=2, rounds=1)
        await table.seat(match_id, [guest])
        await table.play_out(match_id, random.Random(seed))
        match = await table.match(match_id)
        assert match.row.result is not None
        winners = match.row.result["winners"]
        if len(winners) == 1:
            return match_id, match.seats[winners[0]].name
        seed += 100


def names_in(answer: Any) -> set[str]:
    """The members a leaderboard lists."""
    lines = answer.response.embeds[0].description.splitlines()
    rows = [line for line in lines if line.startswith("`") and "#" not in line]
    return {row.strip("`").split()[1] for row in rows}


async def test_monthly_seasons_from_one_month_to_the_next(simcord_env: Any) -> None:
    """A moderator sets monthly seasons; games end in January and in February. In February the
    leaderboard shows February's games only, saying so; January's table on request; the
    all-time table whole; `/season` names January's winner; February's ratings started afresh;
    a game with a computer changes no season's table."""
    table = Table.make(simcord_env, players=4)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    mod = moderator(table)
    referee = table.bot.referee
    guild = table.guild.id

    before = await bob.slash(table.channel, "leaderboard")
    assert before.ephemeral and "No finished games here yet." in before.response.content
    setting = await mod.slash(table.channel, "season", length="monthly")
    assert not setting.ephemeral
    said = setting.response.content
    assert said.startswith("Seasons are now monthly: the current season, January 2026, runs")
    assert "from 1 Jan 2026 to 31 Jan 2026 (UTC)" in said
    assert await referee.store.season_length(guild) == "monthly"

    _, january_winner = await won(table, "alice", "bob", seed=1)
    await simcord_env.advance_time(31 * DAY)
    await won(table, "alice", "carol", seed=2)
    await won(table, "carol", "dave", seed=3)
    versus = await table.open("bob", N2N, computer="easy", m=2, rounds=1)
    await table.play_out(versus, random.Random(4))

    current = await bob.slash(table.channel, "leaderboard")
    assert not current.ephemeral
    embed = current.response.embeds[0]
    assert embed.title == "Leaderboard: all games, February 2026"
    assert names_in(current) == {"alice-home", "carol-home", "dave-home"}
    assert "This season's table, February 2026: its ratings started afresh on 1 Feb 2026" in (
        embed.description
    )
    past = await bob.slash(table.channel, "leaderboard", season="2026-01")
    assert past.response.embeds[0].title == "Leaderboard: all games, January 2026"
    assert names_in(past) == {"alice-home", "bob-home"}
    assert "The table of a past season, January 2026" in past.response.embeds[0].description
    whole = await bob.slash(table.channel, "leaderboard", season="all-time")
    assert whole.response.embeds[0].title == "Leaderboard: all games, all-time"
    assert names_in(whole) == {"alice-home", "bob-home", "carol-home", "dave-home"}
    everyone = {s.user_id: s for s in await referee.standings(guild, None)}
    assert everyone[alice.id].games == 2

    # Each season's ratings start afresh: alice's one game of February leaves her season's
    # rating as unsure as bob's after his one game of January, both first games.
    store = referee.store
    january = {s.user_id: s for s in await store.season_standings(guild, "2026-01", ALL_GAMES, 9)}
    february = {s.user_id: s for s in await store.season_standings(guild, "2026-02", ALL_GAMES, 9)}
    assert february[alice.id].games == 1 and february[carol.id].games == 2
    assert february[alice.id].sigma == january[bob.id].sigma
    assert everyone[alice.id].sigma < february[alice.id].sigma
    assert await referee.store.seasons(guild) == ["2026-01", "2026-02"]

    seasons = await carol.slash(table.channel, "season")
    assert not seasons.ephemeral
    text = seasons.response.embeds[0].description
    assert seasons.response.embeds[0].title == "Seasons"
    assert text.startswith("Seasons here are monthly: each calendar month (UTC) is a season")
    assert "**Now: February 2026** (`2026-02`), from 1 Feb 2026 to 28 Feb 2026 (UTC)." in text
    assert "**Past winners: all games**" in text
    assert f"January 2026 (`2026-01`): 🏆 {january_winner}, rating " in text

    choices = await bob.autocomplete(table.channel, "leaderboard", "season", "")
    assert [c["value"] for c in choices] == ["2026-02", "2026-01", "all-time"]
    assert choices[0]["name"] == "February 2026 (2026-02), the current season"
    january_only = await bob.autocomplete(table.channel, "leaderboard", "season", "jan")
    assert [c["value"] for c in january_only] == ["2026-01"]


async def test_only_a_moderator_sets_the_length(simcord_env: Any) -> None:
    """A member without Manage Server is refused privately, told what is allowed, and nothing
    changes; the moderator turns seasons off, and the leaderboard is all-time again."""
    table = Table.make(simcord_env, players=2)
    bob = table.members["bob"]
    mod = moderator(table)
    referee = table.bot.referee
    refused = await bob.slash(table.channel, "season", length="weekly")
    assert refused.ephemeral
    assert refused.response.content.startswith(
        "Only a member with Manage Server can set how long seasons last (now: off); nothing "
        "changed."
    )
    assert await referee.store.season_length(table.guild.id) == "off"
    none = await bob.slash(table.channel, "season")
    assert none.response.embeds[0].description == (
        "This server has no seasons: `/leaderboard` shows the table of every game. A member "
        "with Manage Server can start seasons with `/season length:`."
    )
    asked = await bob.slash(table.channel, "leaderboard", season="2026-01")
    assert asked.ephemeral and asked.response.content.startswith("This server has no seasons")

    await mod.slash(table.channel, "season", length="weekly")
    again = await bob.slash(table.channel, "season", length="off")
    assert again.ephemeral and "(now: weekly)" in again.response.content
    assert await referee.store.season_length(table.guild.id) == "weekly"
    week = await bob.slash(table.channel, "season")
    assert "**Now: week 1 of 2026** (`2026-W01`), from 29 Dec 2025 to 4 Jan 2026" in (
        week.response.embeds[0].description
    )
    await won(table, "alice", "bob", seed=1)
    unknown = await bob.slash(table.channel, "leaderboard", season="2025-W52")
    assert unknown.ephemeral and unknown.response.content == (
        "This server has no season `2025-W52`; its seasons: `2026-W01` (or `all-time`, the "
        "table of every game)."
    )
    versus = await bob.slash(table.channel, "leaderboard", vs="computer", season="2026-W01")
    assert versus.ephemeral and "Games against the computer have no seasons" in (
        versus.response.content
    )

    off = await mod.slash(table.channel, "season", length="off")
    assert off.response.content.startswith("Seasons are off: `/leaderboard` shows the table")
    board = await bob.slash(table.channel, "leaderboard")
    assert board.response.embeds[0].title == "Leaderboard: all games"
    kept = await bob.slash(table.channel, "leaderboard", season="2026-w01")
    assert kept.response.embeds[0].title == "Leaderboard: all games, week 1 of 2026"


async def test_forget_me_takes_the_season_rows(simcord_env: Any) -> None:
    """/forget-me counts a member's season standings and deletes them; the other player's stay,
    and the season's winner is the best of those left."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    await moderator(table).slash(table.channel, "season", length="quarterly")
    await won(table, "alice", "bob", seed=1)
    referee = table.bot.referee
    assert (await referee.store.member_data(alice.id)).seasons == 1
    question = await alice.slash(table.channel, "forget-me")
    assert "- your standings in seasons (per game and season): 1" in question.response.content
    done = await alice.click(question.response, label="Forget me")
    assert "- your standings in seasons (per game and season): 1" in done.response.content
    left = await referee.store.season_standings(table.guild.id, "2026-Q1", ALL_GAMES, 10)
    assert [s.user_id for s in left] == [bob.id]
    assert (await referee.store.member_data(alice.id)).seasons == 0
    board = await bob.slash(table.channel, "leaderboard")
    assert board.response.embeds[0].title == "Leaderboard: all games, Q1 2026"
    assert names_in(board) == {"bob-home"}
