"""One cog per game: its `/newgame <game>` subcommand, typed and bounded from the option spec."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Literal, Optional, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.context import act, bot_of
from players import LEVELS
from referee.policies import DEFAULT_POLICY, POLICIES
from rules import GAMES
from rules.base import Game, Option

if TYPE_CHECKING:
    from bot import RefereeBot

DEFAULT_DEADLINE_MINUTES = 24 * 60
MAX_DEADLINE_MINUTES = 7 * 24 * 60
MATCH_OPTIONS = {
    "deadline": "minutes each player has per move (default 1440 = 24 h; 0 for none)",
    "on_timeout": "at the deadline: auto (the easy computer moves for you) or forfeit (you leave)",
    "computer": "play the computer at this level: it fills the other seats and the game starts",
}

NEWGAME = app_commands.Group(
    name="newgame", description="Open a lobby for a game in this channel.", guild_only=True
)


def option_annotation(opt: Option) -> Any:
    """The slash-command type of an option: an optional integer bounded like the rules."""
    low = 0 if opt.none_allowed else opt.low
    return Optional[app_commands.Range[int, low, opt.high]]  # noqa: UP045 (discord.py reads it)


def option_description(opt: Option) -> str:
    """The option's help, its default, and how to say 'none' where allowed."""
    text = f"{opt.help.english()} (default {opt.default_help.english()})"
    if opt.none_allowed:
        text += "; 0 for none"
    return text[:100]


def keyword(name: str, annotation: Any) -> inspect.Parameter:
    """An optional keyword parameter of a slash command built at run time."""
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation
    )


def interaction_parameter() -> inspect.Parameter:
    """A slash command callback's first parameter."""
    return inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )


def option_parameters(game: Game[Any]) -> list[inspect.Parameter]:
    """The game's own options as typed, bounded slash-command parameters."""
    return [keyword(opt.name, option_annotation(opt)) for opt in game.options]


def timing_parameters() -> list[inspect.Parameter]:
    """The move deadline (minutes) and the timeout policy of a game or tournament."""
    return [
        keyword(
            "deadline",
            Optional[app_commands.Range[int, 0, MAX_DEADLINE_MINUTES]],  # noqa: UP045
        ),
        # The policies as the referee declares them: a new one needs no change here.
        keyword("on_timeout", Optional[cast(Any, Literal)[tuple(POLICIES)]]),  # noqa: UP045
    ]


def given_options(game: Game[Any], values: dict[str, Any]) -> dict[str, int | None]:
    """The game options a member gave, 0 read as 'none' where an option allows none."""
    return {
        opt.name: None if (opt.none_allowed and values[opt.name] == 0) else values[opt.name]
        for opt in game.options
        if values.get(opt.name) is not None
    }


def timing(values: dict[str, Any]) -> tuple[int | None, str]:
    """The move deadline in seconds (None for none; 24 h when not given) and the timeout
    policy, taken out of a command's values."""
    minutes = values.pop("deadline", None)
    minutes = DEFAULT_DEADLINE_MINUTES if minutes is None else minutes
    return minutes * 60 or None, values.pop("on_timeout", None) or DEFAULT_POLICY


class GameCog(commands.Cog):
    """A game's slash commands."""

    def __init__(self, bot: RefereeBot, game: Game[Any]) -> None:
        self.bot = bot
        self.game = game
        self.newgame = self._newgame_command()

    def _newgame_command(self) -> app_commands.Command[Any, Any, None]:
        game = self.game

        async def newgame(interaction: discord.Interaction, **values: Any) -> None:
            seconds, policy = timing(values)
            computer = values.pop("computer", None)
            given = given_options(game, values)
            referee = bot_of(interaction).referee
            assert interaction.guild_id is not None and interaction.channel_id is not None
            await act(
                interaction,
                lambda: referee.new_match(
                    interaction.guild_id or 0,
                    interaction.channel_id or 0,
                    interaction.user.id,
                    interaction.user.display_name,
                    game.slug,
                    given,
                    seconds,
                    policy,
                    computer,
                ),
            )

        params = [
            interaction_parameter(),
            *option_parameters(game),
            *timing_parameters(),
            # The levels as declared with the players: a new level needs no change here.
            keyword("computer", Optional[cast(Any, Literal)[tuple(LEVELS)]]),  # noqa: UP045
        ]
        newgame.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        newgame.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
            **{opt.name: option_description(opt) for opt in game.options},
            **MATCH_OPTIONS,
        }
        players = game.player_range()
        return app_commands.Command(
            name=game.slug,
            description=f"{game.title} ({players} players)"[:100],
            callback=newgame,
        )


async def setup(bot: RefereeBot) -> None:
    """Add a cog per game, each contributing its subcommand to /newgame."""
    for game in GAMES.values():
        # A class per game, so each game is a cog of its own name.
        cls = cast(
            type[GameCog], commands.CogMeta(f"{game.slug}-cog", (GameCog,), {}, name=game.title)
        )
        cog = cls(bot, game)
        NEWGAME.add_command(cog.newgame)
        await bot.add_cog(cog, override=True)
    bot.tree.add_command(NEWGAME, override=True)


async def teardown(bot: RefereeBot) -> None:
    """Remove the /newgame subcommands so the extension can be loaded again."""
    for name in list(NEWGAME._children):
        NEWGAME.remove_command(name)
