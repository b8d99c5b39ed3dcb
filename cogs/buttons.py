"""Restart-proof buttons: their state lives in the custom_id; the cogs handle the clicks."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

import discord
from discord.ext import commands

from cogs.catalogue import N_
from cogs.picker import MENU_OPTIONS, groups
from cogs.replies import answer_failure, hear, words_for
from cogs.servers import match_in
from cogs.speech import Words
from players import LEVELS

LOBBY_LABELS = {"join": N_("Join"), "start": N_("Start"), "cancel": N_("Cancel")}
ADD_COMPUTER = N_("Add computer…")
ADD_LEVEL = N_("Add computer ({level})")
REMOVE_COMPUTER = N_("Remove a computer")
REMOVE_COMPUTER_HELP = N_("Takes the last computer seated out")
LEVEL_HELP = {
    "easy": N_("A legal move with a simple preference"),
    "medium": N_("Searches a hundred random games ahead"),
    "hard": N_("Searches games played with the game's know-how"),
    "expert": N_("Thinks up to two seconds a move; the strongest"),
}
"""What a member is told of each level (players/ describes them in English for its own use)."""
SUBMIT_SECRET = N_("Submit secret move")
PICK_MOVE = N_("Pick your move…")
VOTE_LABELS = {"yes": N_("Agree to cancel"), "no": N_("Keep playing")}
REMATCH = N_("Rematch")
TOURNAMENT_LABELS = {"join": N_("Enter"), "start": N_("Start")}
FORGET_ME = N_("Forget me")
LEAVE_LABELS = {"": N_("Resign"), "move": N_("Leave the game")}
"""The confirmation of `/resign`, and of a move that leaves the game (by its kind)."""
REPLAY_LABELS = {
    "first": N_("First"),
    "previous": N_("Previous"),
    "next": N_("Next"),
    "last": N_("Last"),
    "animation": N_("Animation"),
}


async def _handoff(interaction: discord.Interaction, cog: str, method: str, **fields: Any) -> None:
    """Hand a click to the cog that owns this kind of button."""
    hear(interaction)
    handler = getattr(interaction.client.get_cog(cog), method)  # type: ignore[attr-defined]
    try:
        if "match_id" in fields:
            referee = interaction.client.referee  # type: ignore[attr-defined]
            await match_in(referee, interaction.guild_id, fields["match_id"])
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

    def __init__(self, action: str, match_id: int, words: Words) -> None:
        super().__init__(
            discord.ui.Button(
                label=words(LOBBY_LABELS[action]),
                style=self.STYLES[action],
                custom_id=f"qr:lobby:{action}:{match_id}",
            )
        )
        self.action, self.match_id = action, match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(match["action"], int(match["match"]), words_for(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction, "Lobby", "on_lobby_button", action=self.action, match_id=self.match_id
        )


class ComputerSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"qr:computer:(?P<match>\d+)",
):
    """The lobby's menu to seat a computer of a level, or take the last one out."""

    def __init__(self, match_id: int, words: Words) -> None:
        choices = [
            (lv.name, words(ADD_LEVEL, level=words.level(lv.name)), words(LEVEL_HELP[lv.name]))
            for lv in LEVELS.values()
        ]
        choices.append(("remove", words(REMOVE_COMPUTER), words(REMOVE_COMPUTER_HELP)))
        super().__init__(
            discord.ui.Select(
                placeholder=words(ADD_COMPUTER),
                custom_id=f"qr:computer:{match_id}",
                options=[
                    discord.SelectOption(label=label, value=value, description=text)
                    for value, label, text in choices
                ],
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ComputerSelect:
        return cls(int(match["match"]), words_for(interaction))

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


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"qr:pick:(?P<match>\d+):(?P<step>\d+)",
):
    """A menu of the mover's legal moves for the step it was sent for; an old pick is refused."""

    def __init__(self, match_id: int, step: int, moves: Sequence[str], words: Words) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=words(PICK_MOVE),
                custom_id=f"qr:pick:{match_id}:{step}",
                options=[discord.SelectOption(label=m, value=m) for m in moves],
            )
        )
        self.match_id, self.step = match_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickSelect:
        # The moves are the message's own: only the picked one is needed.
        moves = [o.value for o in getattr(item, "options", [])]
        return cls(int(match["match"]), int(match["step"]), moves, words_for(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction,
            "Play",
            "on_pick",
            match_id=self.match_id,
            step=self.step,
            move=self.item.values[0] if self.item.values else "",
        )


class GroupSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"qr:group:(?P<match>\d+):(?P<step>\d+)",
):
    """The first of two menus, when the moves do not fit one: a group of them, whose moves a
    private menu then offers (`cogs.picker`)."""

    def __init__(self, match_id: int, step: int, labels: Sequence[str], words: Words) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=words(PICK_MOVE),
                custom_id=f"qr:group:{match_id}:{step}",
                options=[
                    discord.SelectOption(label=label, value=str(i))
                    for i, label in enumerate(labels)
                ],
            )
        )
        self.match_id, self.step = match_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GroupSelect:
        labels = [o.label for o in getattr(item, "options", [])]
        return cls(int(match["match"]), int(match["step"]), labels, words_for(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = self.item.values[0] if self.item.values else ""
        await _handoff(
            interaction,
            "Play",
            "on_group",
            match_id=self.match_id,
            step=self.step,
            group=int(picked) if picked.isdigit() else -1,
        )


def pick_view(
    match_id: int, step: int, moves: Sequence[str], words: Words
) -> discord.ui.View | None:
    """A view with the menu of these moves if one menu holds them all, else with the menu of
    their groups if they fall into groups that fit; None otherwise."""
    if not moves:
        return None
    view = discord.ui.View(timeout=None)
    if len(moves) <= MENU_OPTIONS:
        view.add_item(PickSelect(match_id, step, moves, words))
        return view
    found = groups(moves)
    if not found:
        return None
    view.add_item(GroupSelect(match_id, step, [label for label, _ in found], words))
    return view


class SecretButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:secret:(?P<match>\d+):(?P<user>\d+)",
):
    """Opens a private form for a sealed move, for a member whose DMs are closed."""

    def __init__(self, match_id: int, user_id: int, words: Words) -> None:
        super().__init__(
            discord.ui.Button(
                label=words(SUBMIT_SECRET),
                style=discord.ButtonStyle.primary,
                custom_id=f"qr:secret:{match_id}:{user_id}",
            )
        )
        self.match_id, self.user_id = match_id, user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SecretButton:
        return cls(int(match["match"]), int(match["user"]), words_for(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction, "Play", "on_secret_button", match_id=self.match_id, user_id=self.user_id
        )


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:vote:(?P<match>\d+):(?P<step>\d+):(?P<choice>yes|no)",
):
    """A player's answer to the host's proposal to cancel, for the step it was made at."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "yes": discord.ButtonStyle.danger,
        "no": discord.ButtonStyle.secondary,
    }

    def __init__(self, match_id: int, step: int, choice: str, words: Words) -> None:
        super().__init__(
            discord.ui.Button(
                label=words(VOTE_LABELS[choice]),
                style=self.STYLES[choice],
                custom_id=f"qr:vote:{match_id}:{step}:{choice}",
            )
        )
        self.match_id, self.step, self.choice = match_id, step, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> VoteButton:
        return cls(int(match["match"]), int(match["step"]), match["choice"], words_for(interaction))

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

    def __init__(self, match_id: int, words: Words) -> None:
        super().__init__(
            discord.ui.Button(
                label=words(REMATCH),
                style=discord.ButtonStyle.primary,
                custom_id=f"qr:rematch:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["match"]), words_for(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(interaction, "Lobby", "on_rematch_button", match_id=self.match_id)


class ForgetButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:forget:(?P<user>\d+)",
):
    """Confirms `/forget-me` for the member who asked; nobody else."""

    def __init__(self, user_id: int, words: Words) -> None:
        super().__init__(
            discord.ui.Button(
                label=words(FORGET_ME),
                style=discord.ButtonStyle.danger,
                custom_id=f"qr:forget:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ForgetButton:
        return cls(int(match["user"]), words_for(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(interaction, "Privacy", "on_forget_button", user_id=self.user_id)


class LeaveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:leave:(?P<match>\d+):(?P<user>\d+):(?P<step>\d+):(?P<move>[a-z]*)",
):
    """Confirms, for the member who asked and nobody else, that they resign from a game
    (`move` empty) or play a move that leaves it (`drop`) at the step they asked at."""

    def __init__(self, match_id: int, user_id: int, step: int, move: str, words: Words) -> None:
        super().__init__(
            discord.ui.Button(
                label=words(LEAVE_LABELS["move" if move else ""]),
                style=discord.ButtonStyle.danger,
                custom_id=f"qr:leave:{match_id}:{user_id}:{step}:{move}",
            )
        )
        self.match_id, self.user_id, self.step, self.move = match_id, user_id, step, move

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaveButton:
        found = (int(match["match"]), int(match["user"]), int(match["step"]), match["move"])
        return cls(*found, words_for(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        fields = {"match_id": self.match_id, "user_id": self.user_id, "step": self.step}
        await _handoff(interaction, "Play", "on_leave_button", move=self.move, **fields)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:replay:(?P<match>\d+):(?P<to>first|previous|next|last|animation):(?P<step>\d+)",
):
    """Under a replay: go to the first, previous, next or last step from the step shown, or
    attach an animation of the whole game."""

    EMOJIS: ClassVar[dict[str, str]] = {
        "first": "⏮",
        "previous": "◀",
        "next": "▶",
        "last": "⏭",
        "animation": "🎞",
    }

    def __init__(
        self, match_id: int, to: str, step: int, words: Words, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=words(REPLAY_LABELS[to]),
                emoji=self.EMOJIS[to],
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
        return cls(int(match["match"]), match["to"], int(match["step"]), words_for(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction,
            "Replay",
            "on_replay_button",
            match_id=self.match_id,
            to=self.to,
            step=self.step,
        )


class TournamentButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"qr:tournament:(?P<action>join|start):(?P<tournament>\d+)",
):
    """Enter or Start on a tournament's entries message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, action: str, tournament_id: int, words: Words) -> None:
        super().__init__(
            discord.ui.Button(
                label=words(TOURNAMENT_LABELS[action]),
                style=self.STYLES[action],
                custom_id=f"qr:tournament:{action}:{tournament_id}",
            )
        )
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TournamentButton:
        return cls(match["action"], int(match["tournament"]), words_for(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handoff(
            interaction,
            "Rounds",
            "on_tournament_button",
            action=self.action,
            tournament_id=self.tournament_id,
        )


DYNAMIC_ITEMS = (
    LobbyButton,
    ComputerSelect,
    DigitButton,
    PickSelect,
    GroupSelect,
    SecretButton,
    VoteButton,
    RematchButton,
    ForgetButton,
    LeaveButton,
    ReplayButton,
    TournamentButton,
)


async def setup(bot: commands.Bot) -> None:
    """Register the buttons, so clicks on them work after any restart."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
