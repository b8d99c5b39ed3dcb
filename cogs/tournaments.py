"""Tournaments on Discord: `/tournament create <game>`, join, computer, start, standings,
withdraw and cancel."""

from __future__ import annotations

import inspect
import logging
from typing import TYPE_CHECKING, Any, Literal, Optional, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.boards import code_block
from cogs.context import act, bot_of, is_moderator
from cogs.delivery import deliver
from cogs.games import (
    given_options,
    interaction_parameter,
    keyword,
    option_description,
    option_parameters,
    timing,
    timing_parameters,
)
from cogs.replies import answer_failure, defer
from cogs.speech import Words
from cogs.tournament_tables import draw_tournament
from players import LEVELS
from referee.codes import Line
from referee.errors import RefereeError
from referee.notices import Outcome
from referee.pairings import FORMATS
from referee.speech import say
from rules import GAMES
from rules.base import Game

if TYPE_CHECKING:
    from bot import RefereeBot

log = logging.getLogger(__name__)

NUMBER = "the tournament's number; not needed when only one is under way in this server"
MAX_ROUNDS = 20
TOURNAMENT_OPTIONS = {
    "format": "swiss (any number), round-robin (everyone meets), knockout (one loss and out)",
    "players": "players at each game (default 2)",
    "swiss_rounds": "rounds of a Swiss tournament (default: enough to find a winner)",
    "deadline": "minutes each player has per move (default 1440 = 24 h; 0 for none)",
    "on_timeout": "at the deadline: auto (the easy computer moves for you) or forfeit (you leave)",
}

LEVELS_OFFERED = [app_commands.Choice(name=level, value=level) for level in LEVELS]
"""The levels as declared with the players: a new level needs no change here."""

TOURNAMENT = app_commands.Group(
    name="tournament", description="Tournaments in this server.", guild_only=True
)
CREATE = app_commands.Group(
    name="create", description="Open a tournament for a game in this channel.", parent=TOURNAMENT
)


def guild_of(interaction: discord.Interaction) -> int:
    """The server a command was used in (the group is for servers only)."""
    return interaction.guild_id or 0


def create_command(game: Game[Any]) -> app_commands.Command[Any, Any, None]:
    """`/tournament create <game>`: the format, the table's size, the game's own options."""

    async def create(interaction: discord.Interaction, **values: Any) -> None:
        fmt = values.pop("format")
        players = values.pop("players", None) or 2
        rounds = values.pop("swiss_rounds", None)
        seconds, policy = timing(values)
        given = given_options(game, values)
        referee = bot_of(interaction).referee
        await act(
            interaction,
            lambda: referee.create_tournament(
                guild_of(interaction),
                interaction.channel_id or 0,
                interaction.user.id,
                interaction.user.display_name,
                game.slug,
                given,
                fmt,
                players,
                rounds,
                seconds,
                policy,
            ),
        )

    params = [
        interaction_parameter(),
        inspect.Parameter(
            "format",
            inspect.Parameter.KEYWORD_ONLY,
            # The formats as the referee declares them: a new one needs no change here.
            annotation=cast(Any, Literal)[tuple(FORMATS)],
        ),
        keyword("players", Optional[app_commands.Range[int, 2, game.max_players]]),  # noqa: UP045
        keyword("swiss_rounds", Optional[app_commands.Range[int, 1, MAX_ROUNDS]]),  # noqa: UP045
        *option_parameters(game),
        *timing_parameters(),
    ]
    create.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    create.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        **{opt.name: option_description(opt) for opt in game.options},
        **TOURNAMENT_OPTIONS,
    }
    return app_commands.Command(
        name=game.slug, description=f"A tournament of {game.title}"[:100], callback=create
    )


async def number_of(interaction: discord.Interaction, number: int | None) -> int:
    """The tournament a command means: by number, else the only one under way here."""
    data = await bot_of(interaction).referee.find_tournament(guild_of(interaction), number)
    return int(data.row.id)


@TOURNAMENT.command(name="join", description="Enter a tournament that takes entries.")
@app_commands.describe(tournament=NUMBER)
async def join(interaction: discord.Interaction, tournament: int | None = None) -> None:
    async def run() -> Outcome:
        number = await number_of(interaction, tournament)
        user = interaction.user
        return await bot_of(interaction).referee.enter_tournament(
            number, user.id, user.display_name
        )

    await act(interaction, run)


@TOURNAMENT.command(
    name="computer", description="Enter a computer in your tournament (host or moderator)."
)
@app_commands.describe(level="how strongly it plays", tournament=NUMBER)
@app_commands.choices(level=LEVELS_OFFERED)
async def computer(
    interaction: discord.Interaction,
    level: str,
    tournament: int | None = None,
) -> None:
    async def run() -> Outcome:
        number = await number_of(interaction, tournament)
        return await bot_of(interaction).referee.enter_computer(
            number, interaction.user.id, is_moderator(interaction), level
        )

    await act(interaction, run)


@TOURNAMENT.command(
    name="start", description="Start your tournament: round 1 opens (host or moderator)."
)
@app_commands.describe(tournament=NUMBER)
async def start(interaction: discord.Interaction, tournament: int | None = None) -> None:
    async def run() -> Outcome:
        number = await number_of(interaction, tournament)
        return await bot_of(interaction).referee.start_tournament(
            number, interaction.user.id, is_moderator(interaction)
        )

    await act(interaction, run)


@TOURNAMENT.command(
    name="withdraw",
    description="Leave a tournament (once it runs, your remaining games are forfeited).",
)
@app_commands.describe(tournament=NUMBER)
async def withdraw(interaction: discord.Interaction, tournament: int | None = None) -> None:
    async def run() -> Outcome:
        number = await number_of(interaction, tournament)
        return await bot_of(interaction).referee.leave_tournament(number, interaction.user.id)

    await act(interaction, run)


@TOURNAMENT.command(name="cancel", description="Cancel a tournament (its host or a moderator).")
@app_commands.describe(tournament=NUMBER)
async def cancel(interaction: discord.Interaction, tournament: int | None = None) -> None:
    async def run() -> Outcome:
        number = await number_of(interaction, tournament)
        return await bot_of(interaction).referee.cancel_tournament(
            number, interaction.user.id, is_moderator(interaction)
        )

    await act(interaction, run)


@TOURNAMENT.command(
    name="standings", description="A tournament's standings, with its table or bracket."
)
@app_commands.describe(tournament="the tournament's number; the one under way by default")
async def standings(interaction: discord.Interaction, tournament: int | None = None) -> None:
    words = Words.of(interaction.locale)
    try:
        view = await bot_of(interaction).referee.tournament_view(guild_of(interaction), tournament)
    except RefereeError as e:
        await answer_failure(interaction, e)
        return
    await defer(interaction)
    title = words.text(
        say(Line.STANDINGS_TITLE, tournament=view.id, round=view.round, rounds=view.rounds)
    )
    drawn = await draw_tournament(view, words, title)
    text = f"**{title}**\n{code_block(drawn.text)}"
    await interaction.followup.send(text[:2000], files=drawn.files(), ephemeral=True)


class Rounds(commands.Cog):
    """After a start, the rounds whose last game ended while no process was there to pair the
    next."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    async def on_tournament_button(
        self, interaction: discord.Interaction, action: str, tournament_id: int
    ) -> None:
        """A click on Enter or Start under a tournament's entries."""
        referee = self.bot.referee
        user = interaction.user
        number = await number_of(interaction, tournament_id)
        if action == "join":
            await act(
                interaction, lambda: referee.enter_tournament(number, user.id, user.display_name)
            )
        else:
            moderator = is_moderator(interaction)
            await act(interaction, lambda: referee.start_tournament(number, user.id, moderator))

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        try:
            outcome = await self.bot.referee.tournaments_to_resume(self.bot.owns_guild)
        except Exception:
            log.exception("Could not resume the tournaments")
            return
        await deliver(self.bot, outcome)


async def setup(bot: RefereeBot) -> None:
    """Add `/tournament`, with a `create` command per game of two or more players."""
    for game in GAMES.values():
        if game.max_players >= 2:
            CREATE.add_command(create_command(game), override=True)
    bot.tree.add_command(TOURNAMENT, override=True)
    await bot.add_cog(Rounds(bot))


async def teardown(bot: RefereeBot) -> None:
    """Empty `create` so the extension can be loaded again."""
    for name in list(CREATE._children):
        CREATE.remove_command(name)
