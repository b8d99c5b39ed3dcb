"""Lists that fit in a message: cut between entries, never inside one, keeping their frame."""

from __future__ import annotations

from collections.abc import Sequence

MESSAGE_TEXT = 2000
"""Discord's limit on the text of a message."""
EMBED_TEXT = 4000
"""The limit the bot keeps to for an embed's text (Discord allows 4,096)."""
MORE = "… and {} more"
"""What stands for the entries left out; {} is their number."""


def fit_list(
    entries: Sequence[str],
    limit: int,
    head: str = "",
    tail: str = "",
    sep: str = ", ",
    more: str = MORE,
) -> str:
    """`head`, the entries that fit whole within `limit`, `more` counting the rest, `tail`."""
    room = limit - len(head) - len(tail)
    kept, used = 0, 0
    for count, entry in enumerate(entries, 1):
        used += len(entry) + (len(sep) if count > 1 else 0)
        if used > room:
            break
        left = len(entries) - count
        if not left or used + len(sep) + len(more.format(left)) <= room:
            kept = count
    shown = list(entries[:kept])
    if kept < len(entries):
        shown.append(more.format(len(entries) - kept))
    return head + sep.join(shown) + tail
