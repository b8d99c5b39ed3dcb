"""A French server plays a whole game in French with the catalogues the bot ships: the
commands, answers, posts, DMs and the result are each worded from the French catalogue."""

from __future__ import annotations

import random
import re
from datetime import date
from typing import Any

import discord
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where

from cogs.catalogue import LENGTH_NAMES, POLICY_NAMES
from cogs.commands import CommandWords
from cogs.speech import Words
from offline.terminal import members_speak
from referee.codes import Line, Refusal, Reply
from referee.policies import POLICIES
from referee.rows import FORMER_PLAYER
from referee.seasons import LENGTHS
from referee.speech import (
    Day,
    GameRef,
    LengthName,
    Listed,
    Person,
    PolicyName,
    Quote,
    SeasonName,
    Seconds,
    say,
)
from rules import GAMES
from tests.bot.table import NAMES, Table, staying_move

FRENCH = Words("fr")
ENGLISH_WORDS = ("Winner", " wins", "Locked in", "Opened", "lobby", "Options:", "to move")
"""English a French reader of this game must never meet."""


def french_table(env: Any) -> Table:
    """A server whose preferred language is French, with two members."""
    guild = env.create_guild("maison", preferred_locale="fr")
    table = Table(env, guild, guild.create_text_channel("parties"))
    for name in NAMES[:2]:
        table.members[name] = guild.add_member(env.create_user(f"{name}-maison"))
    return table


async def test_a_french_server_plays_in_french(simcord_env: Any) -> None:
    """alice and bob use Discord in French: every answer, DM and post is worded from the French
    catalogue, and the final post names the result in French."""
    table = french_table(simcord_env)
    alice, bob = table.members["alice"], table.members["bob"]
    with members_speak("fr"):
        opened = await alice.slash(table.channel, "newgame numbers-to-number", m=3, rounds=1)
        found = re.search(r"#(\d+)", opened.response.content)
        assert found, opened.response.content
        game = GameRef("numbers-to-number", int(found[1]))
        assert opened.response.content == FRENCH.text(say(Reply.OPENED, game=game))
        lobby = table.lobby_message(int(found[1]))
        assert lobby.embeds[0].title == FRENCH.text(say(Line.LOBBY_TITLE, game=game))
        joined = await bob.click(lobby, label=FRENCH("Join"))
        assert joined.response.content == FRENCH.text(say(Reply.JOINED, game=game, seat=2))

        await alice.send_dm("1")
        locked = alice.user.dm_channel.history()[-1].content
        waiting = Listed.of([Person("bob-maison", bob.id)])
        said = say(Reply.LOCKED_IN, move=Quote("1"), game=game, waiting=waiting)
        assert locked == FRENCH.text(said)
        await table.play_out(int(found[1]), random.Random(5))

    final = table.channel.history()[-1].embeds[0]
    assert final.title == FRENCH.text(say(Line.OVER_TITLE, game=game))
    shown = "\n".join((final.title, final.description or "", locked, opened.response.content))
    assert not [w for w in ENGLISH_WORDS if w in shown], shown


async def test_the_slash_commands_have_french_names() -> None:
    """Discord is given each command's French name and description from the shipped catalogue."""
    words = CommandWords()
    command: Any = None  # the translator reads only where a word is, not what it belongs to
    name: TranslationContext[Any, Any] = TranslationContext(Where.command_name, command)
    described: TranslationContext[Any, Any] = TranslationContext(Where.command_description, command)
    assert await words.translate(locale_str("resign"), discord.Locale.french, name) == "abandonner"
    about = await words.translate(
        locale_str("Give up a game you are playing."), discord.Locale.french, described
    )
    assert about and about != "Give up a game you are playing."


def test_computers_are_named_in_french_and_members_as_they_chose() -> None:
    """A computer's seat is named in the reader's language; a member who chose a computer's
    name keeps it as written."""
    assert FRENCH.seat_name("Computer 2 (hard)", computer=True) == "Ordinateur 2 (difficile)"
    assert FRENCH.seat_name("Computer (easy)", computer=True) == "Ordinateur (facile)"
    assert FRENCH.seat_name("Computer (hard)", computer=False) == "Computer (hard)"
    assert FRENCH.field(Person("Computer (medium)", computer=True)) == "Ordinateur (moyen)"
    assert FRENCH.field(Person(FORMER_PLAYER, -1)) == "ancien joueur"


async def test_the_rules_of_a_game_in_french(simcord_env: Any) -> None:
    """`/regles` gives the game's summary, options and notation in French, the options and the
    command to start it named as a French member types them."""
    table = french_table(simcord_env)
    with members_speak("fr"):
        answer = await table.members["alice"].slash(
            table.channel, "rules", game="numbers-to-number"
        )
    shown = answer.response.embeds[0].description or ""
    assert shown.startswith("Deux joueurs.")
    assert "`manches`" in shown and "/nouvellepartie numbers-to-number" in shown
    assert "`rounds`" not in shown and "/newgame" not in shown and "number of rounds" not in shown


SMALL = {
    "numbers-to-number": {"m": 3, "rounds": 1},
    "numerical-cards": {"m": 4},
    "lengths-of-lengths": {"n": 4},
    "binary-scramble": {"length": 4, "target": 2},
    "labyrinthine-loop": {"n": 3},
    "integer-sequence": {"n": 4},
    "arcs-and-marks": {"m": 4, "rounds": 1},
}
"""Every game, at a size that plays out in a few moves."""
ENGLISH_ANYWHERE = (
    *ENGLISH_WORDS,
    "To move",
    "Next:",
    "Now:",
    "Moldy",
    "moldy",
    "Your unused",
    "Your fresh",
    "Game over",
    "game over",
    "Scores:",
    "Totals:",
    "round ",
    "Round ",
    "offense",
    "Players:",
    "Host:",
    "Join",
    "Rematch",
    "Submit",
    "waiting for",
    "the game begins",
    "Send your",
    "secret move",
    "Reply here",
)
"""English that no message, post, DM, picture text or button of a French game may hold."""


def shown(message: Any) -> list[str]:
    """Everything a member reads of a message: its text, embeds, picture alt texts, buttons."""
    out = [message.content or ""]
    for embed in message.embeds:
        out += [embed.title or "", embed.description or ""]
        out += [f"{f.name} {f.value}" for f in embed.fields]
    out += [a.description or "" for a in message.attachments]
    for row in message.components:
        for c in getattr(row, "children", []):
            out.append(getattr(c, "label", None) or "")
            out += [o.label for o in getattr(c, "options", [])]
    return out


async def test_every_game_is_played_in_french(simcord_env: Any) -> None:
    """Each of the seven games, opened, joined, played to its end and shown on a French server:
    no answer, post, DM, button or board (its text as the picture's alt text) holds English
    beyond the games' own titles."""
    table = french_table(simcord_env)
    alice, bob = table.members["alice"], table.members["bob"]
    rng = random.Random(3)
    answers: list[Any] = []
    with members_speak("fr"):
        for slug, options in SMALL.items():
            opened = await alice.slash(table.channel, f"newgame {slug}", **options)
            found = re.search(r"#(\d+)", opened.response.content)
            assert found, opened.response.content
            match_id = int(found[1])
            answers.append(await bob.click(table.lobby_message(match_id), label=FRENCH("Join")))
            if (await table.match(match_id)).status == "lobby":
                lobby = table.lobby_message(match_id)
                answers.append(await alice.click(lobby, label=FRENCH("Start")))
            while (match := await table.match(match_id)).status == "active":
                p = match.require_progress()
                for seat in sorted(match.awaited_seats()):
                    member = table.member(match.seats[seat].member_id)
                    move = staying_move(p.game, p.state, seat, rng)
                    if match.is_sealed():
                        await member.send_dm(move)
                    else:
                        answers.append(
                            await member.slash(table.channel, "move", move=move, game=match_id)
                        )
            answers.append(await alice.slash(table.channel, "board", game=match_id))
            answers.append(await bob.slash(table.channel, "score", game=match_id))
    messages = [*table.channel.history(), *alice.user.dm_channel.history()]
    messages += [*bob.user.dm_channel.history()]
    messages += [a.response for a in answers if a.response is not None]
    text = "\n".join(t for m in messages for t in shown(m))
    for game in GAMES.values():
        text = text.replace(game.title, "")
    assert not [w for w in ENGLISH_ANYWHERE if w in text], [
        line for line in text.splitlines() if any(w in line for w in ENGLISH_ANYWHERE)
    ]


def test_every_timeout_policy_is_worded() -> None:
    """Each policy of the registry has a wording, and a lobby names it in French."""
    assert set(POLICY_NAMES) == set(POLICIES)
    line = say(Line.DEADLINE, seconds=Seconds(600), policy=PolicyName("forfeit"))
    assert FRENCH.text(line) == "Délai par coup\u00a0: 10 min (forfait à l'échéance)."


def test_every_season_length_and_season_is_worded() -> None:
    """Each length of the registry has a wording, and seasons are named in French."""
    assert set(LENGTH_NAMES) == set(LENGTHS)
    assert [FRENCH.field(LengthName(name)) for name in LENGTHS] == [
        "désactivées",
        "hebdomadaires",
        "mensuelles",
        "trimestrielles",
    ]
    assert [FRENCH.season(k) for k in ("2026-01", "2026-W05", "2026-Q1")] == [
        "janvier 2026",
        "semaine 5 de 2026",
        "T1 2026",
    ]


async def test_seasons_in_french(simcord_env: Any) -> None:
    """On a French server, a moderator sets monthly seasons and a member without the right is
    refused, each in French; after a game in January, `/saison` in February names January's
    winner in French, and `/classement` names the season's table in French."""
    table = french_table(simcord_env)
    alice, bob = table.members["alice"], table.members["bob"]
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    with members_speak("fr"):
        setting = await mod.slash(table.channel, "season", length="monthly")
        january = (date(2026, 1, 1), date(2026, 1, 31))
        assert setting.response.content == FRENCH.text(
            say(
                Reply.SEASONS_SET,
                length=LengthName("monthly"),
                season=SeasonName("2026-01"),
                first=Day(january[0]),
                last=Day(january[1]),
            )
        )
        assert "mensuelles\u00a0: la saison en cours, janvier 2026" in setting.response.content
        refused = await bob.slash(table.channel, "season", length="off")
        assert refused.ephemeral and refused.response.content == FRENCH.text(
            say(Refusal.SEASONS_MODERATORS, length=LengthName("monthly"))
        )

        opened = await alice.slash(table.channel, "newgame numbers-to-number", m=2, rounds=1)
        found = re.search(r"#(\d+)", opened.response.content)
        assert found, opened.response.content
        await bob.click(table.lobby_message(int(found[1])), label=FRENCH("Join"))
        await table.play_out(int(found[1]), random.Random(1))
        await simcord_env.advance_time(31 * 24 * 3600)

        seasons = await bob.slash(table.channel, "season")
        board = await bob.slash(table.channel, "leaderboard", season="2026-01")
    embed = seasons.response.embeds[0]
    assert embed.title == "Saisons"
    text = embed.description or ""
    assert text.startswith("Les saisons sont mensuelles ici\u00a0:")
    assert "**En cours\u00a0: février 2026** (`2026-02`)" in text
    assert "janvier 2026 (`2026-01`)\u00a0: 🏆 " in text
    assert board.response.embeds[0].title == "Classement\u00a0: tous les jeux, janvier 2026"
    shown = "\n".join((text, board.response.embeds[0].description or "", setting.response.content))
    english = ("Season", "season", "Past winners", "Leading", "rating", "Now:", "table")
    assert not [w for w in english if w in shown.replace("saison:all-time", "")], shown
