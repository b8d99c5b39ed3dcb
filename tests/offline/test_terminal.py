"""The offline mode as a person uses it: `python main.py` with no token, in a terminal."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cogs.speech import Words
from offline import words as said
from offline.terminal import Terminal
from referee.codes import Line
from referee.speech import GameRef, say

ROOT = Path(__file__).resolve().parents[2]


class Session:
    """The bot's offline mode running in a pseudo-terminal."""

    def __init__(self, tmp: Path, language: str = "") -> None:
        master, slave = pty.openpty()
        env = {**os.environ, "DISCORD_TOKEN": "", "DATABASE_PATH": str(tmp / "referee.sqlite3")}
        if language:
            env["OFFLINE_LANGUAGE"] = language
        self.proc = subprocess.Popen(
            [sys.executable, "main.py"], cwd=ROOT, stdin=slave, stdout=slave, stderr=slave, env=env
        )
        os.close(slave)
        self.master = master
        self.screen = ""

    def type(self, line: str) -> None:
        """Type a line and press Enter."""
        os.write(self.master, (line + "\n").encode())

    def wait_for(self, *texts: str, timeout: float = 30.0) -> str:
        """Read the terminal until every text appears; return all read since the last wait."""
        start, seen = time.monotonic(), len(self.screen)
        while missing := [text for text in texts if text not in self.screen[seen:]]:
            left = timeout - (time.monotonic() - start)
            assert left > 0, f"{missing!r} never appeared; screen:\n{self.screen[seen:]}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.screen += os.read(self.master, 65536).decode(errors="replace")
                except OSError:
                    break
        return self.screen[seen:]

    def close(self) -> None:
        """Quit and wait for the process."""
        self.type("quit")
        self.proc.wait(timeout=30)
        os.close(self.master)


def test_offline_game_from_the_terminal(tmp_path: Path) -> None:
    """Open, join, play a whole sealed game by DM, quit, and find the game saved on restart."""
    s = Session(tmp_path)
    try:
        s.wait_for("offline mode")
        s.type("alice> /newgame numbers-to-number m:2 rounds:1")
        out = s.wait_for("[Join] [Start] [Cancel]")
        assert "(only alice sees)" in out and "Numbers To Number #1: lobby" in out
        s.type("bob> [Join]")
        out = s.wait_for("[DM to bob]")
        assert "Waiting for secret moves from @alice, @bob" in out
        s.type("alice dm> 3")
        out = s.wait_for("Locked in `3`", "waiting for @bob")
        assert "`3`" not in out.split("[DM to alice]")[0]
        s.type("bob dm> 9")
        assert "out of range: pick a number from 1 to 3" in s.wait_for("out of range")
        s.type("bob dm> 1")
        s.wait_for("the list gets `1`")
        s.type("alice> /move 1")
        s.wait_for("Locked in `1`")
        s.type("bob> /move move:2")
        out = s.wait_for("`/history game:1` gives the game record")
        assert "Numbers To Number #1: game over" in out and re.search(r"🏆 @\w+ wins \d+-\d+", out)
        s.type("carol> /leaderboard")
        out = s.wait_for("Rating: everyone starts at 1000")
        assert "alice" in out and "bob" in out
        s.type("alice> /forget-me")
        s.wait_for("[Forget me]")
        s.type("bob> [Forget me]")
        s.wait_for("has a [Forget me] button")
        s.type("alice> [Forget me]")
        out = s.wait_for("no other player's result or standing changes")
        assert "Forgotten. Removed:" in out and "your standings: 1 game in 1 server" in out
    finally:
        s.close()
    assert (tmp_path / "referee-offline.sqlite3").exists()


def test_offline_game_against_the_computer(tmp_path: Path) -> None:
    """Seat a computer from the lobby's menu, then play a game against the computer to its end;
    the computer's moves show up by themselves; its replay steps with the buttons; Rematch
    starts the next game at once."""
    s = Session(tmp_path)
    try:
        s.wait_for("offline mode")
        s.type("alice> /newgame numbers-to-number m:2 rounds:1")
        out = s.wait_for("[Remove a computer]")
        assert "[Add computer (easy)] [Add computer (medium)] [Add computer (hard)]" in out
        s.type("alice> [Add computer (easy)]")
        s.wait_for("Computer (easy) takes seat 2", "[DM to alice]")
        s.type("alice dm> 1")
        # The DM's header and its words may reach the terminal in separate reads: wait for words.
        s.wait_for("Locked in `1`")
        s.type("alice dm> 2")
        # The buttons are printed after the post's text, possibly in a later read: wait for them.
        out = s.wait_for("[Rematch]")
        assert "Numbers To Number #1: game over" in out
        assert "`/history game:1` gives the game record" in out
        s.type("alice> /replay game:1")
        out = s.wait_for("[First] [Previous] [Next] [Last] [Animation]")
        assert "(only alice sees)" in out and "replay, step 0 of 2" in out
        (start,) = re.findall(r"\[picture: (.+?)\]", out)
        s.type("alice> [Next]")
        out = s.wait_for("[Animation]")
        assert "replay, step 1 of 2" in out
        # The step's picture replaces the start's in the one message; each stays in its file.
        (step,) = re.findall(r"\[picture: (.+?)\]", out)
        assert step != start and Path(start).read_bytes() != Path(step).read_bytes()
        s.type("alice> [Last]")
        out = s.wait_for("[Animation]")
        assert "replay, step 2 of 2" in out and "Game over: " in out
        s.type("alice> [Animation]")
        out = s.wait_for("one for each step from the start")
        assert "replay.gif" in out
        s.type("alice> [Rematch]")
        s.wait_for(
            "Opened Numbers To Number #2, the rematch of #1 against Computer (easy)",
            "Numbers To Number #2: the game begins",
            "[DM to alice]",
        )
        s.type("alice> /leaderboard vs:computer")
        out = s.wait_for("Against each level")
        assert "Against the computer: all games" in out and "alice" in out
    finally:
        s.close()


def test_offline_game_in_french(tmp_path: Path) -> None:
    """With OFFLINE_LANGUAGE=fr the simulated server and its members speak French: the commands are
    typed by their French names, and the bot answers, posts and labels its buttons in French."""
    french = Words("fr")
    s = Session(tmp_path, language="fr")
    try:
        out = s.wait_for(french(said.STARTING))
        # The help may reach the terminal in several reads: its last words end it.
        out += s.wait_for(french(said.TYPE_HELP))
        assert "/nouvellepartie numbers-to-number" in out and "[Rejoindre]" in out
        s.type("alice> /nouvellepartie numbers-to-number m:2 manches:1")
        game = GameRef("numbers-to-number", 1)
        out = s.wait_for(f"[{french('Join')}]")
        assert french.text(say(Line.LOBBY_TITLE, game=game)) in out
        s.type(f"bob> [{french('Join')}]")
        s.wait_for(french(said.DM_TO, name="bob"))
        s.type("alice dm> 2")
        s.wait_for("`2`")
        s.type("bob> /jouer 1")
        s.wait_for("`1`")
        s.type("alice> /jouer jouer:1")
        s.wait_for("`1`")
        s.type("bob> /jouer 2")
        out = s.wait_for(french.text(say(Line.OVER_TITLE, game=game)))
        assert "Winner" not in out and " wins " not in out
    finally:
        s.close()


async def test_moves_picked_from_menus_in_the_terminal(simcord_env: Any, tmp_path: Path) -> None:
    """`name dm> [label]` picks a move in the menu of a secret-move prompt, as a tap does."""
    out = io.StringIO()
    terminal = Terminal(simcord_env, tmp_path, out=out)
    await terminal.act("alice> /newgame numerical-cards m:3")
    await terminal.act("bob> [Join]")
    await terminal.act("alice> [Start]")
    shown = out.getvalue()
    assert "[DM to alice]" in shown and "[1] [2] [3]" in shown
    await terminal.act("alice dm> [2]")
    assert "Locked in `2`" in out.getvalue()
    match = await simcord_env.bot.referee.get(1)
    assert match.require_progress().pending == {0: "2"}


async def test_a_line_the_bot_would_not_read_is_answered_with_what_to_type(
    simcord_env: Any, tmp_path: Path
) -> None:
    """A member's plain line in #games (the bot reads none) gets the command, the DM and the
    button that would say it, from the member's own words; `name> help` is the help."""
    out = io.StringIO()
    terminal = Terminal(simcord_env, tmp_path, out=out)
    await terminal.act("carol> 17")
    assert "`carol> /move 17`" in out.getvalue() and "`carol dm> 17`" in out.getvalue()
    await terminal.act("dave> " + "`b2 c3` " * 10)
    hint = out.getvalue().splitlines()[-1]
    assert "`dave> /move ˋb2 c3ˋ ˋb2 c3ˋ ˋb2…`" in hint, hint
    await terminal.act("bob> help")
    assert "alice dm> [17]" in out.getvalue() and "/newgame" in out.getvalue()
