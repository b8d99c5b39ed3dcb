"""Restart-proof buttons: their state lives in the custom_id; the cogs handle the clicks."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord
from discord.ext import commands

from cogs.replies import answer_failure
from players import LEVELS


async def _handoff(interaction: discord.Interaction, cog: str, method: str, **fields: Any) -> None:
    """Hand a click to the cog that owns this kind of button."""
    handler = getattr(interaction.client.get_cog(cog), method)  # type: ignore[attr-defined]
    try:
        await handler(interaction, **fields)
    except Exception as e:
        # discord.py only logs what a DynamicItem's callback raises; the member deserves an answer.
        await answer_failure(interaction, e)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:lobby:(?P<action>join|start|cancel):(?P<match>\d+)",
):
    """Join, Start or Cancel on a lobby message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, action: str, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=action.capitalize(),
                style=self.STYLES[action],
                custom_id=f"qr:lobby:{action}:{match_id}",
            )
        )
        self.action, self.match_id = action, match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(match["action"], int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction, "Lobby", "on_lobby_button", action=self.action, match_id=self.match_id
        )


class ComputerSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"qr:computer:(?P<match>\d+)",
):
    """The lobby's menu to seat a computer of a level, or take the last one out."""

    CHOICES: ClassVar[tuple[tuple[str, str, str], ...]] = (
        *((lv.name, f"Add computer ({lv.name})", lv.description) for lv in LEVELS.values()),
        ("remove", "Remove a computer", "Takes the last computer seated out"),
    )

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder="Add computer…",
                custom_id=f"qr:computer:{match_id}",
                options=[
                    discord.SelectOption(label=label, value=value, description=text)
                    for value, label, text in self.CHOICES
                ],
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ComputerSelect:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction,
            "Lobby",
            "on_computer_choice",
            match_id=self.match_id,
            choice=self.item.values[0] if self.item.values else "",
        )


class DigitButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:digit:(?P<match>\d+):(?P<step>\d+):(?P<digit>[01])",
):
    """A 0 or 1 button for the step it was posted for; an old button is refused."""

    def __init__(self, match_id: int, step: int, digit: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=digit,
                style=discord.ButtonStyle.secondary,
                custom_id=f"qr:digit:{match_id}:{step}:{digit}",
            )
        )
        self.match_id, self.step, self.digit = match_id, step, digit

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DigitButton:
        return cls(int(match["match"]), int(match["step"]), match["digit"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction,
            "Play",
            "on_digit_button",
            match_id=self.match_id,
            step=self.step,
            digit=self.digit,
        )


class SecretButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:secret:(?P<match>\d+):(?P<user>\d+)",
):
    """Opens a private form for a sealed move, for a member whose DMs are closed."""

    def __init__(self, match_id: int, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Submit secret move",
                style=discord.ButtonStyle.primary,
                custom_id=f"qr:secret:{match_id}:{user_id}",
            )
        )
        self.match_id, self.user_id = match_id, user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SecretButton:
        return cls(int(match["match"]), int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction, "Play", "on_secret_button", match_id=self.match_id, user_id=self.user_id
        )


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:vote:(?P<match>\d+):(?P<step>\d+):(?P<choice>yes|no)",
):
    """A player's answer to the host's proposal to cancel, for the step it was made at."""

    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "yes": ("Agree to cancel", discord.ButtonStyle.danger),
        "no": ("Keep playing", discord.ButtonStyle.secondary),
    }

    def __init__(self, match_id: int, step: int, choice: str) -> None:
        label, style = self.LABELS[choice]
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"qr:vote:{match_id}:{step}:{choice}"
            )
        )
        self.match_id, self.step, self.choice = match_id, step, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> VoteButton:
        return cls(int(match["match"]), int(match["step"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction,
            "Lobby",
            "on_vote_button",
            match_id=self.match_id,
            step=self.step,
            agree=self.choice == "yes",
        )


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:rematch:(?P<match>\d+)",
):
    """On a finished game's final post: open its rematch lobby, or join the open one."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Rematch",
                style=discord.ButtonStyle.primary,
                custom_id=f"qr:rematch:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(interaction, "Lobby", "on_rematch_button", match_id=self.match_id)


class ForgetButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:forget:(?P<user>\d+)",
):
    """Confirms `/forget-me` for the member who asked; nobody else."""

    def __init__(self, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Forget me",
                style=discord.ButtonStyle.danger,
                custom_id=f"qr:forget:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ForgetButton:
        return cls(int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(interaction, "Privacy", "on_forget_button", user_id=self.user_id)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:replay:(?P<match>\d+):(?P<to>first|previous|next|last|animation):(?P<step>\d+)",
):
    """Under a replay: go to the first, previous, next or last step from the step shown, or
    attach an animation of the whole game."""

    LOOKS: ClassVar[dict[str, tuple[str, str]]] = {
        "first": ("First", "⏮"),
        "previous": ("Previous", "◀"),
        "next": ("Next", "▶"),
        "last": ("Last", "⏭"),
        "animation": ("Animation", "🎞"),
    }

    def __init__(self, match_id: int, to: str, step: int, disabled: bool = False) -> None:
        label, emoji = self.LOOKS[to]
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=f"qr:replay:{match_id}:{to}:{step}",
                disabled=disabled,
            )
        )
        self.match_id, self.to, self.step = match_id, to, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["match"]), match["to"], int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction,
            "Replay",
            "on_replay_button",
            match_id=self.match_id,
            to=self.to,
            step=self.step,
        )


DYNAMIC_ITEMS = (
    LobbyButton,
    ComputerSelect,
    DigitButton,
    SecretButton,
    VoteButton,
    RematchButton,
    ForgetButton,
    ReplayButton,
)


async def setup(bot: commands.Bot) -> None:
    """Register the buttons, so clicks on them work after any restart."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
