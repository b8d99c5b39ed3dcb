"""Moves by tap when they do not fit one menu: a first menu of groups (the moves that start
alike, such as a segment's first dot or an arc's size, else runs of consecutive moves), then,
privately, a menu of the group's moves."""

from __future__ import annotations

from collections.abc import Sequence

MENU_OPTIONS = 25
"""Discord's most options in one select menu."""
SEPARATORS = (" ", "@")
"""Where a move's text splits into what it starts with and the rest ('b2 c3', '3@5')."""

Group = tuple[str, tuple[str, ...]]
"""A group's label and its moves."""


def groups(moves: Sequence[str]) -> list[Group]:
    """The moves in at most a menu of groups of at most a menu each, in their order: by what
    they start with where that fits, else in runs; none if they fit one menu or no two."""
    if len(moves) <= MENU_OPTIONS:
        return []
    for sep in SEPARATORS:
        if all(sep in m for m in moves):
            starts: dict[str, list[str]] = {}
            for m in moves:
                starts.setdefault(m.split(sep, 1)[0], []).append(m)
            if len(starts) <= MENU_OPTIONS and all(len(v) <= MENU_OPTIONS for v in starts.values()):
                return [(f"{start}{sep}…", tuple(v)) for start, v in starts.items()]
    runs = [tuple(moves[i : i + MENU_OPTIONS]) for i in range(0, len(moves), MENU_OPTIONS)]
    if len(runs) > MENU_OPTIONS:
        return []
    return [(f"{run[0]} – {run[-1]}" if len(run) > 1 else run[0], run) for run in runs]
