"""A table of members around the bot in simcord, and helpers to play whole games through it."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from bot import RefereeBot
from referee.match import Match
from rules.record import replay_text


def close_dms(env: Any, member: Any) -> None:
    """The member's DMs refuse the bot from now on, as closed DMs do on Discord."""
    env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")


def staying_move(game: Any, state: Any, seat: int, rng: random.Random) -> str:
    """A random legal move that keeps the seat in the game, where it has one (a move that
    leaves asks the member to confirm first, which players that stay in never meet)."""
    move = str(game.sample(state, seat, rng))
    if move in game.leaving_moves(state, seat):
        move = game.auto_move(state, seat, rng, resigned=False)
    return move


@dataclass
class Table:
    """A server, a channel and members who play."""

    env: Any
    guild: Any
    channel: Any
    members: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def make(
        cls, env: Any, guild_name: str = "home", players: int = 8, shard_id: int | None = None
    ) -> Table:
        """A guild (on that shard, if given) with a #games channel and the first `players`
        members of NAMES."""
        guild = env.create_guild(guild_name, shard_id=shard_id)
        channel = guild.create_text_channel("games")
        table = cls(env, guild, channel)
        for name in NAMES[:players]:
            table.members[name] = guild.add_member(env.create_user(f"{name}-{guild_name}"))
        return table

    @property
    def bot(self) -> RefereeBot:
        """The bot currently running."""
        return self.env.bot

    def member(self, seat_user_id: int) -> Any:
        """The member with this user id."""
        return next(m for m in self.members.values() if m.id == seat_user_id)

    async def open(self, host: str, slug: str, **options: Any) -> int:
        """/newgame by host; returns the new match id."""
        result = await self.members[host].slash(self.channel, f"newgame {slug}", **options)
        assert result.ephemeral and "Opened" in result.response.content, result.response.content
        found = re.search(r"#(\d+)", result.response.content)
        assert found, result.response.content
        return int(found[1])

    async def resign(self, member: Any, **options: Any) -> Any:
        """A member's `/resign`, confirmed with the button of its private question; the click's
        answer."""
        question = await member.slash(self.channel, "resign", **options)
        assert question.ephemeral and "Press Resign to confirm" in question.response.content
        return await member.click(question.response, label="Resign")

    async def seat(self, match_id: int, names: list[str]) -> None:
        """The named members join by clicking Join on the lobby message."""
        for name in names:
            lobby = self.lobby_message(match_id)
            result = await self.members[name].click(lobby, label="Join")
            assert result.ephemeral, result
            assert "joined" in result.response.content, result.response.content

    def lobby_message(self, match_id: int) -> Any:
        """The lobby message of a match: the one with its Join button, else its last post titled
        as a lobby."""
        join = f"qr:lobby:join:{match_id}"
        for message in reversed(self.channel.history()):
            ids = {
                getattr(c, "custom_id", None) for row in message.components for c in row.children
            }
            if join in ids:
                return message
        for message in reversed(self.channel.history()):
            if message.embeds and message.embeds[0].title == self.title(match_id, "lobby"):
                return message
        raise AssertionError(f"no lobby message for #{match_id}")

    def title(self, match_id: int, suffix: str) -> str:
        """A post title such as 'Numbers To Number #3: lobby'."""
        for m in self.channel.history():
            if m.embeds and f"#{match_id}:" in (m.embeds[0].title or ""):
                return f"{m.embeds[0].title.split(':')[0]}: {suffix}"
        raise AssertionError(f"no post for #{match_id}")

    async def match(self, match_id: int) -> Match:
        """The referee's view of a match (read only)."""
        return await self.bot.referee.get(match_id)

    async def play_out(self, match_id: int, rng: random.Random, by_dm_prefix: bool = False) -> int:
        """Play random legal moves through Discord until the game ends, check that its stored
        result is the replay of its record, and return the move count."""
        count = 0
        while True:
            match = await self.match(match_id)
            if match.status != "active":
                if match.status == "over":
                    await self.result_is_the_replay(match_id, next(iter(self.members)))
                return count
            p = match.require_progress()
            mine = [s for s in sorted(match.awaited_seats()) if not match.seats[s].computer]
            if not mine:
                # Only computers are awaited: they move by themselves.
                await self.env.settle()
                assert (await self.match(match_id)) != match, "the computers did not move"
                continue
            for seat in mine:
                move = p.game.sample(p.state, seat, rng)
                member = self.member(match.seats[seat].member_id)
                leaving = move in p.game.leaving_moves(p.state, seat)
                if match.is_sealed():
                    text = f"#{match_id} {move}" if by_dm_prefix else move
                    dms = member.user.dm_channel
                    before = len(dms.history())
                    await member.send_dm(text)
                    if leaving:
                        # A move that leaves the game is confirmed with the button of its question.
                        question = dms.history()[-1]
                        assert "Press Leave the game to confirm" in question.content, question
                        before = len(dms.history())
                        confirmed = await member.user.click(question, label="Leave the game")
                        replies = [confirmed.response.content]
                    else:
                        replies = [m.content for m in dms.history()[before + 1 :]]
                    # The mover is told their move is in (in their own language), naming it.
                    assert replies and f"`{move}`" in replies[0], replies
                else:
                    result = await member.slash(self.channel, "move", move=move, game=match_id)
                    if leaving:
                        assert "Press Leave the game to confirm" in result.response.content
                        result = await member.click(result.response, label="Leave the game")
                    # A turn move is answered in public by the post of what it did.
                    assert not result.ephemeral and result.response.embeds, result
                count += 1

    async def history(self, member: str, match_id: int) -> dict[str, Any]:
        """The /history attachment of a match, as JSON."""
        result = await self.members[member].slash(self.channel, "history", game=match_id)
        assert result.ephemeral
        attachment = result.response.attachments[0]
        data = await attachment.read()
        return json.loads(data)

    async def replayed(self, member: str, match_id: int) -> dict[str, Any]:
        """`python -m rules replay` of the game's own /history record."""
        record = await self.history(member, match_id)
        return replay_text(json.dumps(record))

    async def result_is_the_replay(self, match_id: int, member: str = "alice") -> dict[str, Any]:
        """Check that the result stored for a finished game is exactly the replay of its
        /history record; return it."""
        data = await self.bot.referee.store.load_match(match_id)
        assert data is not None and data.row.status == "over", data
        replayed = await self.replayed(member, match_id)
        assert replayed["over"] is True
        assert data.row.result == replayed, (data.row.result, replayed)
        return replayed
