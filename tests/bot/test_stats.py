"""/stats through the bot: the numbers the standings and records hold, on the rating scale the
leaderboards use, a chart that decodes, a clear answer without games, and nothing left after
/forget-me."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from players import LEVELS
from referee.rows import ALL_GAMES
from referee.standings import shown_rating
from tests.bot.table import Table

N2N = "numbers-to-number"


async def played(table: Table) -> list[int]:
    """Two games between alice and bob, and one of alice against the easy computer."""
    ids = []
    for seed in range(2):
        match_id = await table.open("alice", N2N, m=2, rounds=1)
        await table.seat(match_id, ["bob"])
        await table.play_out(match_id, random.Random(seed))
        ids.append(match_id)
    versus = await table.open("alice", N2N, computer="easy", m=2, rounds=1)
    await table.play_out(versus, random.Random(5))
    return [*ids, versus]


def row_of(description: str, title: str) -> list[str]:
    """The cells of a table row of /stats, by its game's title."""
    line = next(ln for ln in description.splitlines() if ln.startswith(f"`{title} "))
    return line.strip("`")[len(title) :].split()


async def chart_of(result: Any) -> Image.Image:
    """The chart attached to a /stats answer, decoded."""
    (attachment,) = result.response.attachments
    assert attachment.filename == "rating.png" and attachment.description
    image = Image.open(io.BytesIO(await attachment.read()))
    image.load()
    return image


async def test_stats_say_what_the_standings_and_records_hold(simcord_env: Any) -> None:
    """After a few games, alice's /stats gives the games, wins, draws, win rate and rating of
    the standings (on the leaderboard's scale), her record against the computer, her best
    total, and a chart at least 800 pixels wide; one history row per member, game and table."""
    table = Table.make(simcord_env, players=3)
    alice, bob = table.members["alice"], table.members["bob"]
    ids = await played(table)
    guild = table.guild.id
    referee = table.bot.referee

    result = await alice.slash(table.channel, "stats")
    assert result.ephemeral
    text = result.response.embeds[0].description
    assert "alice-home" in text.splitlines()[0]
    for game, title in ((ALL_GAMES, "All games"), (N2N, "Numbers To Number")):
        row = next(r for r in await referee.standings(guild, game) if r.user_id == alice.id)
        cells = row_of(text, title)
        rate = f"{round(100 * row.wins / row.games)}%"
        rating = f"{shown_rating(row.mu, row.sigma)}?"
        assert cells[:5] == [str(row.games), str(row.wins), str(row.draws), rate, rating]
    assert row_of(text, "All games")[5] == "-"
    totals = []
    for match_id in ids:
        match = await table.match(match_id)
        seat = match.seat_of(alice.id)
        assert seat is not None and match.row.result is not None
        totals.append(match.row.result["scores"][seat.seat])
    assert row_of(text, "Numbers To Number")[5] == str(max(totals))

    versus, _ = await referee.versus_standings(guild, None)
    mine = next(v for v in versus if v.user_id == alice.id)
    games, wins, draws = mine.records["easy"]
    against = text.split("**Against the computer**")[1]
    assert row_of(against, "All games") == [
        f"{shown_rating(mine.mu, mine.sigma)}?",
        f"{wins}-{draws}-{games - wins - draws}",
        *["-"] * (len(LEVELS) - 1),  # a column per level; only easy was played
    ]
    chart = await chart_of(result)
    assert chart.format == "PNG" and chart.width >= 800

    stats = await referee.member_stats(guild, alice.id)
    assert [(p.match_id, p.vs) for p in stats.history if p.game == ALL_GAMES] == [
        (ids[0], "members"),
        (ids[1], "members"),
        (ids[2], "computer"),
    ]
    assert len(stats.history) == 6
    last = stats.history[-2] if stats.history[-1].game == ALL_GAMES else stats.history[-1]
    assert last.vs == "computer"

    chosen = await bob.slash(table.channel, "stats", member=alice, game=N2N)
    assert chosen.ephemeral and chosen.response.embeds[0].description == text
    (attachment,) = chosen.response.attachments
    assert "Numbers To Number now" in attachment.description


async def test_ratings_show_on_the_scale_never_raw(simcord_env: Any) -> None:
    """The winner of a first game shows above 1000 and the loser below, on the leaderboard and
    in /stats alike, as whole numbers."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    match_id = await table.open("alice", N2N, m=2, rounds=1)
    await table.seat(match_id, ["bob"])
    await table.play_out(match_id, random.Random(1))
    result = (await table.match(match_id)).row.result
    assert result is not None and len(result["winners"]) == 1
    winner = [alice, bob][result["winners"][0]]
    loser = bob if winner is alice else alice
    board = (await bob.slash(table.channel, "leaderboard")).response.embeds[0].description
    for member, above in ((winner, True), (loser, False)):
        name = "alice-home" if member is alice else "bob-home"
        line = next(ln for ln in board.splitlines() if f" {name} " in ln)
        shown = line.strip("`").split()[-1]
        assert shown.endswith("?") and "." not in shown
        assert (int(shown[:-1]) > 1000) is above
        cells = row_of(
            (await member.slash(table.channel, "stats")).response.embeds[0].description,
            "All games",
        )
        assert cells[4] == shown


async def test_no_games_get_a_clear_private_answer(simcord_env: Any) -> None:
    """A member without a finished game is told so privately, about themselves or another."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    mine = await alice.slash(table.channel, "stats")
    assert mine.ephemeral and "You have no finished games in this server yet" in (
        mine.response.content
    )
    theirs = await alice.slash(table.channel, "stats", member=bob)
    assert theirs.ephemeral and "bob-home has no finished games" in theirs.response.content


async def test_forget_me_takes_the_history_with_it(simcord_env: Any) -> None:
    """/forget-me names the rated games it removes; afterwards /stats finds none, and bob's
    history stays."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    await played(table)
    question = await alice.slash(table.channel, "forget-me")
    assert "your rating after each rated game (the chart of `/stats`): 3 games" in (
        question.response.content
    )
    done = await alice.click(question.response, label="Forget me")
    assert "Forgotten. Removed:" in done.response.content
    after = await alice.slash(table.channel, "stats")
    assert "You have no finished games" in after.response.content
    referee = table.bot.referee
    assert (await referee.member_stats(table.guild.id, alice.id)).history == ()
    assert len((await referee.member_stats(table.guild.id, bob.id)).history) == 4
    assert (await bob.slash(table.channel, "stats")).response.embeds


async def test_an_empty_leaderboard_says_why_and_help_says_how_ratings_work(
    simcord_env: Any,
) -> None:
    """The only finished game was against the computer: the members' leaderboard points to
    `vs:computer`; a server without such games is told how to start one; `/help` gives the
    rating's formula, which the leaderboard leaves out."""
    table = Table.make(simcord_env, players=1)
    alice = table.members["alice"]
    none = await alice.slash(table.channel, "leaderboard", vs="computer")
    assert none.ephemeral and "No finished game against the computer" in none.response.content
    match_id = await table.open("alice", "lengths-of-lengths", computer="easy", n=2)
    await table.play_out(match_id, random.Random(1))
    members = await alice.slash(table.channel, "leaderboard", game="lengths-of-lengths")
    assert members.ephemeral and "`/leaderboard vs:computer`" in members.response.content
    versus = await alice.slash(table.channel, "leaderboard", vs="computer")
    description = versus.response.embeds[0].description
    assert "alice-home" in description and "mu" not in description
    shown = await alice.slash(table.channel, "help")
    assert shown.ephemeral and "1000 + 40 × (mu − 3 sigma)" in shown.response.embeds[0].description
