"""Offline mode: the real bot against a simulated Discord server, played from this terminal."""

from __future__ import annotations

import asyncio
import logging
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import discord
import simcord

from cogs.speech import Words, language_of
from offline import words as said
from ops.logs import log_handler
from rules.base import clip
from settings import DEFAULT_DATABASE, POSTGRES_SCHEMES, Settings

MEMBERS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
ACTION = re.compile(r"^\s*(?P<who>[a-z]+)(?P<dm>\s+dm)?\s*>\s*(?P<what>.*)$", re.IGNORECASE)
OPTION = re.compile(r"(\w+):(.*?)(?=\s+\w+:|$)")
DEFAULT_LOCALE = "en-US"
BUTTON = re.compile(r"^\[(?P<label>[^\]]+)\]\s*(?P<rest>.*)$")


@dataclass
class Screen:
    """What has been shown already, so each action prints only what is new."""

    seen: set[int] = field(default_factory=set)
    versions: set[tuple[Any, ...]] = field(default_factory=set)
    """Private answers shown, by id and what they show: a button that edits its own message (a
    replay's Next) shows it again."""

    def fresh(self, messages: list[discord.Message]) -> list[discord.Message]:
        """Messages not shown before, in order."""
        out = [m for m in messages if m.id not in self.seen]
        self.seen.update(m.id for m in out)
        return out


def show_message(
    prefix: str,
    message: discord.Message,
    names: dict[int, str],
    saved: list[Path] | None = None,
    words: Words | None = None,
) -> str:
    """A message as a person would read it in the Discord client, in plain text: a board's
    picture as its text (the picture's alt text) and the file it was saved to."""
    words = words or Words()
    lines = []
    author = words(said.REFEREE) if message.author.bot else message.author.name
    head = f"{prefix} {author}:"
    for embed in message.embeds:
        if embed.title:
            lines.append(f"  ┃ {embed.title}")
        for line in (embed.description or "").splitlines():
            lines.append(f"  ┃ {line}")
    if message.content:
        lines += [f"  {line}" for line in message.content.splitlines()]
    for attachment, path in zip(message.attachments, saved or [], strict=False):
        lines += [f"  {line}" for line in (attachment.description or "").splitlines()]
        lines.append("  " + words(said.PICTURE, path=path))
    buttons = [f"[{label}]" for label, _ in choices(message)]
    if buttons:
        lines.append("  " + " ".join(buttons))
    text = head + "\n" + "\n".join(lines)
    for user_id, name in names.items():
        text = text.replace(f"<@{user_id}>", f"@{name}")
    return re.sub(r"<#\d+>", "#games", text)


def choices(message: discord.Message) -> list[tuple[str, tuple[str, str] | None]]:
    """What a member can press on a message: each button's label (None), and each option of a
    menu, as its label with (the menu's custom id, the option's value)."""
    out: list[tuple[str, tuple[str, str] | None]] = []
    for row in message.components:
        for c in getattr(row, "children", []):
            if isinstance(c, discord.SelectMenu) and c.custom_id:
                out += [(o.label, (c.custom_id, o.value)) for o in c.options]
            elif getattr(c, "label", None):
                out.append((c.label, None))
    return out


class Terminal:
    """Reads actions, performs them as members, and prints what each member would see."""

    def __init__(
        self, env: Any, pictures: Path, out: Any = sys.stdout, locale: str = DEFAULT_LOCALE
    ) -> None:
        self.env = env
        self.out = out
        self.pictures = pictures
        """Where the boards' pictures are saved, one file per picture sent (an edit that
        replaces a picture keeps the one before)."""
        guild = env.create_guild("home", preferred_locale=locale)
        self.words = Words.of(locale)
        self.typed = TypedCommands(locale)
        self.channel = guild.create_text_channel("games")
        self.members = {n: guild.add_member(env.create_user(n)) for n in MEMBERS}
        self.names = {m.id: n for n, m in self.members.items()}
        self.screen = Screen()

    def say(self, text: str) -> None:
        """Print and flush."""
        print(text, file=self.out, flush=True)

    def refresh(self) -> None:
        """Print new channel messages and new DMs."""
        for message in self.screen.fresh(self.channel.history()):
            self.show("#games", message)
        for name, member in self.members.items():
            for message in self.screen.fresh(member.user.dm_channel.history()):
                if message.author.bot:
                    self.show(self.words(said.DM_TO, name=name), message)

    def show(self, prefix: str, message: discord.Message) -> None:
        """Print a message, saving its pictures."""
        self.say(show_message(prefix, message, self.names, self.save(message), self.words))

    def save(self, message: discord.Message) -> list[Path]:
        """Save a message's pictures in the pictures folder; their paths."""
        paths = []
        for attachment in message.attachments:
            data = self.env.backend.cdn.get(attachment.url)
            if data is None:
                continue
            self.pictures.mkdir(parents=True, exist_ok=True)
            path = self.pictures / f"{attachment.id}-{attachment.filename}"
            path.write_bytes(data)
            paths.append(path)
        return paths

    def show_result(self, name: str, result: Any) -> None:
        """Print an interaction's private answers (only that member sees them)."""
        if result is None:
            return
        replies = [result.response] if result.response is not None else []
        replies += list(result.followups)
        for r in replies:
            # The clock of the simulated server may not move between two presses, so an
            # edit is told by what the message shows.
            version = (r.id, r.message.content, tuple(a.url for a in r.message.attachments))
            if r.ephemeral and version not in self.screen.versions:
                self.screen.seen.add(r.id)
                self.screen.versions.add(version)
                shown = show_message(
                    self.words(said.ONLY_SEES, name=name),
                    r.message,
                    self.names,
                    self.save(r.message),
                    self.words,
                )
                self.say(shown)

    async def act(self, line: str) -> bool:
        """Perform one typed line; False to quit."""
        line = line.strip()
        if not line:
            return True
        if line in ("quit", "exit"):
            return False
        parsed = ACTION.match(line)
        what = parsed["what"].strip() if parsed else line
        if what == "help":
            self.show_help()
            return True
        if not parsed or parsed["who"].lower() not in self.members:
            self.say(self.words(said.NAME_FIRST, members=", ".join(MEMBERS)))
            return True
        name = parsed["who"].lower()
        member = self.members[name]
        try:
            if parsed["dm"] and (button := BUTTON.match(what)):
                # A menu under a DM (a secret-move prompt's moves) is chosen in that DM.
                await self.press(name, member.user, button["label"], button["rest"], dm=True)
            elif parsed["dm"]:
                await member.send_dm(what)
            elif what.startswith("/"):
                self.show_result(name, await self.slash(member, what[1:]))
            elif button := BUTTON.match(what):
                await self.press(name, member, button["label"], button["rest"])
            else:
                self.say(self.words(said.WHAT_TO_TYPE, name=name, text=clip(what, 20)))
        except (simcord.BackendError, simcord.SetupError, ValueError) as e:
            self.say(self.words(said.REFUSED, error=e))
        self.refresh()
        return True

    def show_help(self) -> None:
        """The terminal's help, with the slash commands the server offers."""
        commands = ", ".join(
            sorted({"/" + c for c in self.members["alice"].available_commands(self.channel)})
        )
        self.say(self.words(said.HELP, members=", ".join(MEMBERS), commands=commands))

    async def slash(self, member: Any, text: str) -> Any:
        """Invoke a slash command written as `newgame numbers-to-number m:6`."""
        first = OPTION.search(text)
        head = text[: first.start()] if first else text
        words = [self.typed.source(w) for w in head.split()]
        options: dict[str, Any] = {
            self.typed.source(k): _value(self.typed.source(k), self.typed.source(v.strip()))
            for k, v in OPTION.findall(text)
        }
        available = set(member.available_commands(self.channel))
        path = words
        while path and " ".join(path) not in available:
            path = path[:-1]
        if not path:
            raise ValueError(self.words(said.NO_SUCH_COMMAND, command=head.strip()))
        rest = " ".join(words[len(path) :])
        if rest and path == ["move"] and "move" not in options:
            options["move"] = rest
        elif rest:
            raise ValueError(self.words(said.OPTIONS_AS_PAIRS, rest=repr(rest)))
        return await member.slash(self.channel, " ".join(path), **options)

    async def press(self, name: str, member: Any, label: str, rest: str, dm: bool = False) -> None:
        """Press the newest button with this label the member sees in the channel (their own
        private answers included), or in their DMs; fill a form with `rest`."""
        seen = member.dm_channel.history() if dm else self.channel.history(viewer=member)
        for message in reversed(seen):
            found = dict(choices(message))
            if label in found and (option := found[label]) is not None:
                custom_id, value = option
                self.show_result(name, await member.select(message, [value], custom_id=custom_id))
                return
            if label in found:
                result = await member.click(message, label=label)
                if result.modal is not None:
                    if not rest:
                        self.say(self.words(said.FORM_NEEDS_MOVE))
                        return
                    result = await member.submit_modal(result, {"move": rest})
                self.show_result(name, result)
                return
        self.say(self.words(said.NO_SUCH_BUTTON, label=label))


class TypedCommands:
    """The commands as members of the offline server type them: in their language, as Discord
    would show them, each word mapped back to the name the bot registers."""

    def __init__(self, locale: str) -> None:
        from cogs.commands import source_words

        self.words = source_words(language_of(locale))

    def source(self, word: str) -> str:
        """The registered name of a command, parameter or choice as typed (else as typed)."""
        return self.words.get(word, word)


def _value(name: str, text: str) -> Any:
    # Every option is a whole number or yes/no (`animated:true`) except the move itself, which
    # is text ("17", "b2 c3").
    if name != "move" and text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if name != "move" and re.fullmatch(r"-?\d+", text) else text


async def read_line(prompt: str) -> str | None:
    """One line from standard input without blocking the simulated server."""
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(None, lambda: input(prompt))
    except EOFError:
        return None


def discord_locale(language: str | None) -> str:
    """The Discord locale of an OFFLINE_LANGUAGE setting: `fr` as is, `es` as `es-ES`."""
    if language is None:
        return DEFAULT_LOCALE
    known = [locale.value for locale in discord.Locale]
    if language in known:
        return language
    return next((k for k in known if k.split("-")[0] == language.split("-")[0]), DEFAULT_LOCALE)


@contextmanager
def members_speak(locale: str) -> Iterator[None]:
    """Every simulated member's interactions carry this locale while it lasts."""
    # simcord gives every interaction the locale en-US and offers no setting for it, so its
    # payloads are amended here (the offline mode only; the tests keep simcord as it is).
    interactions = simcord.interactions
    original: Callable[..., tuple[Any, dict[str, Any]]] = interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        payload["locale"] = locale
        if "guild_locale" in payload:
            payload["guild_locale"] = locale
        return record, payload

    interactions.base_payload = base_payload
    try:
        yield
    finally:
        interactions.base_payload = original


def offline_database(settings: Settings) -> Path:
    """The offline mode's own SQLite file, next to the configured one, never the real games'."""
    target = settings.database
    database = Path(DEFAULT_DATABASE if target.startswith(POSTGRES_SCHEMES) else target)
    return database.with_name(database.stem + "-offline" + database.suffix)


async def run_offline(settings: Settings) -> int:
    """Run the bot against a simulated Discord and let the terminal play as its members."""
    from bot import RefereeBot
    from cogs.delivery import deliver
    from db import open_store

    offline_db = offline_database(settings)
    log_file = offline_db.with_suffix(".log")
    log_file.parent.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        handlers=[log_handler(settings.log_format, log_file)],
    )
    # One process with one shard: the simulated server is small.
    offline = replace(settings, database=str(offline_db), shard_count=None, shard_ids=None)
    store = await open_store(offline.database)
    # Reminders wait until the simulated server exists (its ids are the same on every start).
    bot = RefereeBot(offline, store, remind_on_start=False, owns_process=True)
    locale = discord_locale(settings.language)
    words = Words(language_of(locale))
    print(words(said.STARTING))
    print(words(said.SAVED_IN, database=offline_db, log=log_file))
    print(words(said.PICTURES_IN, folder=offline_db.parent / "pictures"))
    try:
        with members_speak(locale):
            async with simcord.run(bot, check_errors=False) as env:
                terminal = Terminal(env, offline_db.parent / "pictures", locale=locale)
                await deliver(bot, await bot.referee.reminders())
                await env.settle()
                terminal.say(
                    words(said.HELP, members=", ".join(MEMBERS), commands=words(said.TYPE_HELP))
                )
                terminal.refresh()
                while True:
                    line = await read_line("> ")
                    if line is None or not await terminal.act(line):
                        break
    finally:
        # The simulated gateway does not close the bot; closing it stops its worker processes.
        await bot.close()
        await store.close()
    print(words(said.BYE))
    return 0
