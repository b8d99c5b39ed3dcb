"""A game is named only in its own server: a form or button that names another server's game
(a client can send any custom id) is refused as a game that is not there, and changes nothing."""

from __future__ import annotations

from typing import Any

from cogs.catalogue import Ask
from cogs.speech import ENGLISH
from referee.speech import say
from tests.bot.table import Table, close_dms
from tests.bot.test_recovery import open_form
from tests.bot.test_scenarios import sealed_game


async def test_a_form_naming_another_servers_game_is_refused(simcord_env: Any) -> None:
    """bob plays in two servers; a secret-move form opened in one and sent with the other
    server's game in its id is answered as no such game here, and neither game changes."""
    home = Table.make(simcord_env, "home", players=2)
    alice, bob = home.members["alice"], home.members["bob"]
    close_dms(simcord_env, bob)
    home_id = await sealed_game(home)
    guild = simcord_env.create_guild("away")
    away = Table(simcord_env, guild, guild.create_text_channel("games"))
    away.members = {"alice": guild.add_member(alice.user), "bob": guild.add_member(bob.user)}
    away_id = await sealed_game(away)
    before = (await home.match(home_id), await away.match(away_id))

    shown = await open_form(home, bob)
    # What a tampered client sends: the form of this server's game, with the other's number.
    shown._interaction.modal["custom_id"] = f"qr:form:{away_id}:0"
    answer = await bob.submit_modal(shown, {"move": "1"})

    assert answer.ephemeral
    assert answer.response.content == ENGLISH.text(say(Ask.NO_GAME_HERE, number=away_id))
    assert (await home.match(home_id), await away.match(away_id)) == before
