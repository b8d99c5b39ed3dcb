"""Binary Scramble as a picture: the list, and the history of lists with their run lengths."""

from __future__ import annotations

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
    WIDTH,
    blend,
    marker,
    players,
    seat_name,
    text_width,
)
from boards.pictures.page import Canvas
from boards.words import N_, Translate
from rules.binary_scramble import partitions, shape_of, show_shape

NUMBER_W = 64
"""The column of move numbers on the left of the history."""
ROW_H = 50


BESIDE = 330
"""Room for a list's run lengths and its move on the same line as the list."""


def cell_width(length: int) -> tuple[int, bool]:
    """The width of one digit's cell, and whether the run lengths fit beside the list."""
    beside = (INNER - NUMBER_W - 24 - BESIDE) // length
    if beside >= 30:
        return min(46, beside), True
    return min(46, (INNER - NUMBER_W - 40) // length), False


def draw(view: Mapping[str, Any], names: Sequence[str], result: str | None, t: Translate) -> bytes:
    """The picture of a Binary Scramble view."""
    length, digits = view["length"], view["digits"]
    target = t(N_("first to a score of {target} wins")).format(target=view["target"])
    if view["target"] is None:
        target = t(N_("no target"))
    canvas = Canvas(1000 + 2 * ROW_H * (len(view["history"]) + 2), t)
    part = (
        N_("Part 1: building the list") if len(digits) < length else N_("Part 2: flipping digits")
    )
    if view["end"] or view["to_move"] is None:
        part = N_("Game over")
    digits_said = t(N_("{length} digits")).format(length=length)
    canvas.heading("Binary Scramble", f"{t(part)} · {digits_said} · {target}", result)
    to_move = [] if view["to_move"] is None else [view["to_move"]]
    canvas.legend(players(names, view["scores"], view, to_move, t=t))
    if len(digits) < length:
        _building(canvas, view, names)
    else:
        _history(canvas, view, names)
    canvas.rule()
    canvas.paragraph(_footer(view, names, t))
    return canvas.finish()


def _building(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str]) -> None:
    length, digits, p = view["length"], view["digits"], view["players"]
    canvas.room(46 + 64 + 44)
    said = canvas.t(N_("The list: {count} of {length} digits"))
    canvas.text((MARGIN, canvas.y), said.format(count=len(digits), length=length), BODY, "bold")
    canvas.y += 46
    cell = min(64, INNER // length)
    for i in range(length):
        x, y = MARGIN + i * cell, canvas.y
        box = (x + 3, y, x + cell - 3, y + cell)
        # Part 1 goes in seat order from seat 0, so digit i is seat i's modulo the players.
        seat = i % p
        if i < len(digits):
            fill = blend(PLAYER_COLOURS[seat], PAPER, TINT)
            canvas.box(box, digits[i], fill, PLAYER_COLOURS[seat], 30, "bold", width=3)
            marker(canvas.draw, seat, x + cell / 2, y + cell + 16, 9, PLAYER_COLOURS[seat], INK, 2)
        else:
            canvas.box(
                box,
                "",
                PAPER,
                INK if i == len(digits) else FAINT,
                width=4 if i == len(digits) else 2,
            )
    canvas.y += cell + 44


def _history(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str]) -> None:
    length, history = view["length"], view["history"]
    cell, wide = cell_width(length)
    left = MARGIN + NUMBER_W
    beside = left + length * cell + 24
    t = canvas.t
    title = t(N_("Lists reached: {count} (the newest last; ★ = a point)"))
    title = title.format(count=view["flips"] + 1)
    canvas.room(44 + 34)
    canvas.text((MARGIN, canvas.y), title, BODY, "bold")
    canvas.y += 44
    # Narrow cells have no room for two-digit numbers side by side: every other one then.
    step = 1 if cell >= 36 or length < 10 else 2
    for i in range(0, length, step):
        x = left + i * cell + cell / 2
        canvas.text((x, canvas.y), str(i + 1), SMALL, "sans", MUTED, "ma")
    canvas.y += 34
    first = view["flips"] - len(history) + 1
    rows: list[tuple[str, str, int | None, int | None, bool]] = [
        (t(N_("start")), view["start"], None, None, False)
    ]
    rows += [
        (str(first + n), d, seat, pos, scored) for n, (seat, pos, d, scored) in enumerate(history)
    ]
    newest = len(rows) - 1
    for r, (label, digits, seat, pos, scored) in enumerate(rows):
        canvas.room(38 + ROW_H + 36)
        if r == 1 and first > 1:
            earlier = t(N_("… earlier flips: {count}")).format(count=first - 1)
            canvas.text((left, canvas.y + 4), earlier, SMALL, "sans", MUTED)
            canvas.y += 38
        y = canvas.y
        if r == newest and r:
            canvas.draw.rounded_rectangle(
                (MARGIN - 10, y - 5, WIDTH - MARGIN + 10, y + ROW_H - 3 + (0 if wide else 36)),
                radius=8,
                fill=SPOT,
            )
        canvas.text((left - 14, y + ROW_H / 2 - 4), label, SMALL, "bold", MUTED, "rm")
        for i, digit in enumerate(digits):
            x = left + i * cell
            box = (x + 2, y, x + cell - 2, y + ROW_H - 8)
            if pos == i + 1 and seat is not None:
                canvas.box(
                    box, digit, blend(PLAYER_COLOURS[seat], PAPER, 0.5), INK, BODY, "bold", width=3
                )
            else:
                canvas.box(box, digit, PAPER, FAINT, BODY, "mono")
        runs = t(N_("runs {lengths}")).format(
            lengths=show_shape(shape_of(digits)).replace("x", "×")
        )
        tx, ty = (beside, y + ROW_H / 2 - 4) if wide else (left, y + ROW_H + 14)
        if seat is not None:
            marker(canvas.draw, seat, tx + 10, ty, 10, PLAYER_COLOURS[seat], INK, 2)
            tx += 28
        tx += canvas.text((tx, ty), runs, SMALL, "sans", INK, "lm")
        if scored:
            room = WIDTH - MARGIN + 10 - tx - 14
            point = t(N_("★ point"))
            said = point if text_width(point, "bold", SMALL) <= room else "★"
            canvas.text((tx + 14, ty), said, SMALL, "bold", INK, "lm")
        canvas.y += ROW_H + (0 if wide else 36)
    seen = t(N_("{seen} of the {sets} possible sets of run lengths have been seen."))
    seen = seen.format(seen=view["shapes"], sets=partitions(length))
    canvas.y += 8
    canvas.paragraph(seen, SMALL, MUTED)


def _footer(view: Mapping[str, Any], names: Sequence[str], t: Translate) -> str:
    end = view["end"]
    if end == "target":
        mover = seat_name(names, (view["flips"] - 1) % view["players"], 260)
        return t(N_("Game over: {player} reached the target.")).format(player=mover)
    if end:
        stuck = seat_name(names, view["flips"] % view["players"], 260)
        stuck_said = N_("Game over: {player} had no flip left that makes a new list.")
        return t(stuck_said).format(player=stuck)
    if view["to_move"] is None:
        return t(N_("Game over."))
    who = seat_name(names, view["to_move"])
    if len(view["digits"]) < view["length"]:
        return t(N_("Next: {player} appends 0 or 1.")).format(player=who)
    flips = N_(
        "Next: {player} flips one digit (by its position). The new list must be one never "
        "reached; run lengths seen before score a point."
    )
    return t(flips).format(player=who)
