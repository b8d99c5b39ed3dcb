"""Lengths Of Lengths Of Lengths as a picture: the list being built and the cascade of runs."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from boards.pictures.canvas import (
    BODY,
    FAINT,
    INK,
    INNER,
    MARGIN,
    MUTED,
    PAPER,
    PLAYER_COLOURS,
    SMALL,
    SPOT,
    TINT,
    blend,
    marker,
    players,
    seat_name,
)
from boards.pictures.page import OFFENSE, Canvas
from boards.words import N_, Translate

LABEL = 64
"""Room on the left of each cascade level for its number."""
CELL = 40
GAP = 8
"""The space between two runs of a cascade level."""
ROW_GAP = 34
"""The space under a level: room for the links to the next level."""
Place = tuple[float, float, int]
"""Where a value's cell starts (x, y), and the value."""


def draw(view: Mapping[str, Any], names: Sequence[str], result: str | None, t: Translate) -> bytes:
    """The picture of a Lengths Of Lengths Of Lengths view."""
    n, total = view["n"], view["total_rounds"]
    last = view["last"]
    levels = last["levels"] if last is not None else []
    canvas = Canvas(1000 + 60 * n // 10 + sum(70 * (len(lv) // 18 + 1) for lv in levels), t)
    if view["over"]:
        subtitle = t(N_("Game over · {rounds} rounds · {n} digits a round"))
    else:
        subtitle = t(N_("Round {number} of {rounds} · {n} digits a round · offense: {player}"))
    offense = "" if view["offense"] is None else seat_name(names, view["offense"])
    subtitle = subtitle.format(number=view["round"] + 1, rounds=total, n=n, player=offense)
    canvas.heading("Lengths Of Lengths Of Lengths", subtitle, result)
    to_move = [] if view["to_move"] is None else [view["to_move"]]
    notes = {} if view["offense"] is None else {view["offense"]: t(OFFENSE)}
    canvas.legend(players(names, view["scores"], view, to_move, notes, t=t))
    if not view["over"]:
        _current(canvas, view, names)
    if last is not None:
        canvas.rule()
        _cascade(canvas, last, names)
    return canvas.finish()


def _current(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str]) -> None:
    n, p, digits, offense = view["n"], view["players"], view["digits"], view["offense"]
    canvas.room(46)
    t = canvas.t
    title = t(N_("Round {number}: {count} of {n} digits"))
    title = title.format(number=view["round"] + 1, count=len(digits), n=n)
    canvas.text((MARGIN, canvas.y), title, BODY, "bold")
    canvas.y += 46
    # Rows of equal length, at most 24 cells each.
    per_row = -(-n // -(-n // 24))
    cell = min(64, INNER // per_row)
    canvas.room(-(-n // per_row) * (cell + 34) + 10)
    for i in range(n):
        row, col = divmod(i, per_row)
        x, y = MARGIN + col * cell, canvas.y + row * (cell + 34)
        box = (x + 3, y, x + cell - 3, y + cell)
        # Digits are appended in seat order from the offense, so each cell's author is known.
        seat = (offense + i) % p
        if i < len(digits):
            fill = blend(PLAYER_COLOURS[seat], PAPER, TINT)
            canvas.box(box, digits[i], fill, PLAYER_COLOURS[seat], 30, "bold", width=3)
            marker(canvas.draw, seat, x + cell / 2, y + cell + 16, 9, PLAYER_COLOURS[seat], INK, 2)
        elif i == len(digits):
            canvas.box(box, "", PAPER, INK, width=4)
            canvas.text((x + cell / 2, y + cell + 16), t(N_("next")), SMALL, "sans", INK, "mm")
        else:
            canvas.box(box, "", PAPER, FAINT)
    rows = -(-n // per_row)
    canvas.y += rows * (cell + 34) + 10
    who = seat_name(names, view["to_move"])
    appends = N_("Next: {player} appends 0 or 1. Each cell shows who added its digit.")
    canvas.paragraph(t(appends).format(player=who))


def _cascade(canvas: Canvas, last: Mapping[str, Any], names: Sequence[str]) -> None:
    offense = seat_name(names, last["offense"])
    canvas.room(40)
    t = canvas.t
    title = t(N_("Round {number}: the cascade of run lengths")).format(number=last["round"])
    canvas.text((MARGIN, canvas.y), title, BODY, "bold")
    canvas.y += 40
    key = N_("Each line gives the lengths of the boxed runs above it, down to all 1s.")
    canvas.paragraph(t(key), SMALL, MUTED)
    canvas.y += 8
    levels = last["levels"]
    tree = _tree(levels)
    width = tree[0] if tree is not None else CELL
    for index, level in enumerate(levels):
        final = index == len(levels) - 1
        canvas.room((CELL + 16) * (len(level) // 12 + 1) + ROW_GAP)
        places: list[Place]
        if tree is not None:
            places = [(x, canvas.y, value) for x, value in zip(tree[1][index], level, strict=True)]
        else:
            places = _place(level, canvas.y)
        canvas.text(
            (MARGIN + LABEL - 16, canvas.y + CELL / 2), str(index), BODY, "bold", MUTED, "rm"
        )
        fill = SPOT if final else PAPER
        for run in _runs_of(places, level):
            (x0, y0, _), (x1, _, _) = run[0], run[-1]
            box = (x0 - 3, y0 - 3, x1 + width + 3, y0 + CELL + 3)
            canvas.draw.rounded_rectangle(
                box, radius=8, fill=fill, outline=INK if final else MUTED, width=2
            )
            for x, y, value in run:
                size = SMALL if value > 9 else BODY
                canvas.text((x + width / 2, y + CELL / 2), str(value), size, "bold", INK, "mm")
            for (xa, y, _), (xb, _, _) in itertools.pairwise(run):
                middle = (xa + width + xb) / 2
                canvas.draw.line((middle, y + 6, middle, y + CELL - 6), fill=FAINT, width=2)
            if tree is not None and not final:
                # The run's length sits right below it, on the next level.
                middle = (x0 + x1 + width) / 2
                canvas.draw.line(
                    (middle, y0 + CELL + 4, middle, y0 + CELL + ROW_GAP - 4), fill=MUTED, width=2
                )
        canvas.y = places[-1][1] + CELL + ROW_GAP
    score = last["score"]
    scored = t(N_("{player} (offense) scored {score}: the length of the last line, all ones."))
    canvas.paragraph(scored.format(player=offense, score=score), BODY, INK, "bold")


def _tree(levels: Sequence[Sequence[int]]) -> tuple[float, list[list[float]]] | None:
    """The cell width and each cell's left edge, lengths below their runs; None if too long."""
    for width, gap in ((CELL, GAP), (36, 6), (32, 5), (30, 4)):
        x: float = MARGIN + LABEL
        lefts: list[float] = []
        for i, value in enumerate(levels[0]):
            x += gap if i and value != levels[0][i - 1] else 0
            lefts.append(x)
            x += width
        if x <= MARGIN + INNER:
            break
    else:
        return None
    out = [lefts]
    for level, below in itertools.pairwise(levels):
        runs: list[list[float]] = []
        for i, left in enumerate(out[-1]):
            if runs and level[i] == level[i - 1]:
                runs[-1].append(left)
            else:
                runs.append([left])
        assert len(runs) == len(below)
        out.append([(run[0] + run[-1]) / 2 for run in runs])
    return width, out


def _place(level: Sequence[int], top: float) -> list[Place]:
    """Where each value of a level goes: runs apart from each other, wrapping at the margin."""
    right = MARGIN + INNER
    x: float = MARGIN + LABEL
    y = top
    out: list[Place] = []
    previous = None
    for value in level:
        if previous is not None and value != previous:
            x += GAP
        if x + CELL > right:
            x, y = MARGIN + LABEL, y + CELL + 16
        out.append((x, y, value))
        x += CELL
        previous = value
    return out


def _runs_of(places: list[Place], level: Sequence[int]) -> list[list[Place]]:
    """The placed values grouped by run (and by line, where a run wraps)."""
    out: list[list[Place]] = []
    for i, place in enumerate(places):
        if out and level[i] == level[i - 1] and out[-1][-1][1] == place[1]:
            out[-1].append(place)
        else:
            out.append([place])
    return out
