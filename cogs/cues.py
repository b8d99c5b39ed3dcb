"""How to act on Discord: the lines that go with what a post or message lets its readers do
(the referee says what happened and whose move it is; how to answer is the front end's)."""

from __future__ import annotations

from cogs.catalogue import N_
from cogs.speech import Words
from referee.notices import Controls, Direct, Post, Style

LOBBY = N_(
    "Press Join (or `/join`) to take a seat; the host can seat computers from the Add computer "
    "menu."
)
SECRET = N_("Send your secret move to me by DM.")
REMATCH = N_("Rematch opens a lobby for the same game and options, inviting the players.")
HISTORY = N_("`/history game:{number}` gives the game record.")
ENTER = N_(
    "Press Enter (or `/tournament join`) to enter; the host starts it with Start (or "
    "`/tournament start`)."
)
REPLY_HERE = N_("Reply here with your move (or `#{number} <move>` if you are in several games).")


def cues(post: Post, words: Words) -> list[str]:
    """The lines that tell a post's readers how to do what it invites."""
    out = []
    if post.controls is Controls.LOBBY:
        out.append(words(LOBBY))
    elif post.controls is Controls.SECRET:
        out.append(words(SECRET))
    elif post.controls is Controls.ENTER:
        out.append(words(ENTER))
    if post.style is Style.FINAL and not post.tournament_id:
        out.append(words(HISTORY, number=post.match_id))
        if post.controls is Controls.REMATCH:
            out.append(words(REMATCH))
    return out


def reply_cue(direct: Direct, words: Words) -> str:
    """How to answer a secret-move prompt, with the game's number for members in several."""
    return words(REPLY_HERE, number=direct.match_id)
