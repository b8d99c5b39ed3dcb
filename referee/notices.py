"""What the referee wants said, to whom: posts, private messages and replies as data (codes
and fields, `referee.speech`) that a front end turns into messages in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from referee.speech import Text
from referee.tournament_view import TournamentView
from rules.placements import Result


class Style(Enum):
    """What kind of channel post this is (the Discord layer picks colours and buttons)."""

    LOBBY = "lobby"
    PROGRESS = "progress"
    RESULT = "result"
    FINAL = "final"
    CANCELLED = "cancelled"
    NOTICE = "notice"


class Controls(Enum):
    """What a post lets its readers do: the front end draws its buttons and says how to use
    them (and how to send a secret move)."""

    NONE = "none"
    LOBBY = "lobby"
    DIGITS = "digits"
    SECRET = "secret"
    """Members are to send secret moves for this step, privately."""
    PICK = "pick"
    """The member to move may pick their move from the post's `choices`."""
    VOTE = "vote"
    REMATCH = "rematch"
    ENTER = "enter"
    """A tournament's entries: members enter, its host starts it (`Post.tournament_id`)."""


@dataclass(frozen=True)
class Board:
    """A board as one viewer may see it, as data: the front end draws it (text or picture)."""

    game: str
    view: Mapping[str, Any]
    """The game's view for that viewer (`Game.view`): no secret of anyone else."""
    names: tuple[str, ...]
    """The seats' names as boards show them."""
    result: Result | None = None
    """How the game ended, once it has: a finished board names it and shows nobody to move."""
    computers: tuple[bool, ...] = ()
    """Which seats are computers' (their names are the referee's, worded by the front end)."""


@dataclass(frozen=True)
class Post:
    """A message in a match's channel, seen by everyone there."""

    channel_id: int
    match_id: int
    title: Text
    lines: tuple[Text, ...]
    board: Board | None = None
    style: Style = Style.PROGRESS
    controls: Controls = Controls.NONE
    step: int = 0
    mentions: tuple[int, ...] = ()
    players: tuple[int, ...] = ()
    """Who to tell by DM instead, if the post cannot be made in the channel."""
    replaces: int | None = None
    """The message this post takes the place of (a lobby's), edited rather than posted anew."""
    choices: tuple[str, ...] = ()
    """The legal moves of the member to move, when they are few (`Controls.PICK`)."""
    tournament: TournamentView | None = None
    """A tournament's standings (and bracket) to show with the post, as a table and picture."""
    tournament_id: int = 0
    """The tournament a post is about (0: a match's post)."""


@dataclass(frozen=True)
class Direct:
    """A private message to one member; a sealed-move prompt must reach them some way."""

    user_id: int
    match_id: int
    text: Text
    board: Board | None = None
    prompt: bool = False
    channel_id: int = 0
    step: int = 0
    title: Text | None = None
    """The match it is about (`Numbers To Number #3`), if any."""
    choices: tuple[str, ...] = ()
    """A prompt's legal moves for this member alone, when they are few."""


@dataclass
class Outcome:
    """The result of one action: a private reply to the actor, posts and direct messages."""

    reply: Text | None = None
    posts: list[Post] = field(default_factory=list)
    directs: list[Direct] = field(default_factory=list)
    computers: list[int] = field(default_factory=list)
    """Matches whose computers are now to move: the bot asks the referee for their moves once
    this outcome is delivered (`Referee.computer_moves`)."""
    tournaments: list[int] = field(default_factory=list)
    """Tournaments a game of which ended in this action: the referee pairs what follows."""

    def extend(self, other: Outcome) -> Outcome:
        """Append another outcome's posts, messages and matches awaiting computers (keeping
        this reply)."""
        self.posts += other.posts
        self.directs += other.directs
        self.computers += [m for m in other.computers if m not in self.computers]
        self.tournaments += [t for t in other.tournaments if t not in self.tournaments]
        return self
