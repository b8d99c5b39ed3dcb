"""How to act on Discord: the lines that go with what a post or message lets its readers do
(the referee says what happened and whose move it is; how to answer is the front end's)."""

from __future__ import annotations

from referee.notices import Controls, Direct, Post, Style

LOBBY = (
    "Press Join (or `/join`) to take a seat; the host can seat computers from the Add computer "
    "menu."
)
SECRET = "Send your secret move to me by DM."
REMATCH = "Rematch opens a lobby for the same game and options, inviting the players."


def cues(post: Post) -> list[str]:
    """The lines that tell a post's readers how to do what it invites."""
    out = []
    if post.controls is Controls.LOBBY:
        out.append(LOBBY)
    elif post.controls is Controls.SECRET:
        out.append(SECRET)
    if post.style is Style.FINAL:
        out.append(f"`/history {post.match_id}` gives the game record.")
        if post.controls is Controls.REMATCH:
            out.append(REMATCH)
    return out


def reply_cue(direct: Direct) -> str:
    """How to answer a secret-move prompt, with the game's number for members in several."""
    return (
        f"Reply here with your move (or `#{direct.match_id} <move>` if you are in several games)."
    )
