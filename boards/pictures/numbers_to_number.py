"""Numbers To Number as a picture: the round's numbers, its binary list and the set D."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boards.pictures.canvas import (
    BODY,
    INK,
    INNER,
    LINE,
    MARGIN,
    MUTED,
    PAPER,
    PLAYER_COLOURS,
    SHADE,
    SMALL,
    SPOT,
    marker,
    players,
    seat_name,
)
from boards.pictures.page import Canvas
from rules.numbers_to_number import d_values, in_d, symbol

LABEL = 190
"""The width of the column of row names."""
D_SHOWN = 12
"""The smallest members of D listed; the rest are counted."""


def draw(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """The picture of a Numbers To Number view."""
    m, rounds = view["m"], view["rounds"]
    top = 2**m - 1
    canvas = Canvas(1500)
    number = min(view["round"] + 1, rounds)
    status = " · game over" if view["over"] else ""
    canvas.heading("Numbers To Number", f"Round {number} of {rounds} · numbers 1 to {top}{status}")
    to_move = [] if view["over"] else [0, 1]
    canvas.legend(players(names, view["scores"], view, to_move))
    if view["pairs"] or not view["last_pairs"]:
        pairs, title = view["pairs"], f"Round {number}: move {len(view['pairs']) + 1} of {m} next"
        if view["over"]:
            title = "No round under way"
    else:
        pairs, title = view["last_pairs"], f"Round {view['round']} as it ended"
    canvas.room(LINE + 6)
    canvas.text((MARGIN, canvas.y), title, BODY, "bold")
    canvas.y += LINE + 6
    symbols = "".join(symbol((a, b)) for a, b in pairs)
    _table(canvas, m, pairs, symbols, names)
    if len(symbols) == m:
        _scoring(canvas, pairs, symbols, names)
    elif not view["over"]:
        first = seat_name(names, 0)
        canvas.paragraph(
            f"The list gets 1 where {first}'s number is larger, 0 where smaller, _ where "
            "equal; D is known when it is full.",
            SMALL,
            MUTED,
        )
        if view["last_pairs"]:
            canvas.paragraph(_last_round(view["round"], view["last_pairs"], names), SMALL, MUTED)
    if view["private"] is not None:
        _private(canvas, view["private"], top)
    canvas.rule()
    if view["over"]:
        canvas.paragraph("Game over: the highest total wins.")
    else:
        canvas.paragraph("Next: both players pick, in secret, a number they have not played yet.")
    return canvas.finish()


def _table(
    canvas: Canvas, m: int, pairs: Sequence[Sequence[int]], symbols: str, names: Sequence[str]
) -> None:
    cell = max(62, 15 * len(str(2**m - 1)) + 24)
    per_block = max(1, (INNER - LABEL) // cell)
    full = len(symbols) == m
    for start in range(0, m, per_block):
        columns = range(start, min(m, start + per_block))
        canvas.room(36 + 2 * 56 + 76)
        y = canvas.y
        for i in columns:
            x = MARGIN + LABEL + (i - start) * cell
            canvas.text((x + cell / 2, y), f"{i + 1}", SMALL, "sans", MUTED, "ma")
        y += 36
        for seat in (0, 1):
            colour = PLAYER_COLOURS[seat]
            marker(canvas.draw, seat, MARGIN + 14, y + 23, 13, colour, INK, 2)
            canvas.text(
                (MARGIN + 36, y + 23), seat_name(names, seat, LABEL - 44), BODY, "sans", INK, "lm"
            )
            for i in columns:
                x = MARGIN + LABEL + (i - start) * cell
                box = (x + 4, y, x + cell - 4, y + 46)
                if i >= len(pairs):
                    canvas.box(box, "", PAPER)
                    continue
                value = pairs[i][seat]
                scored = full and in_d(value, symbols)
                canvas.box(
                    box, str(value), SPOT if scored else SHADE, INK if scored else None,
                    face="bold" if scored else "mono", width=3,
                )  # fmt: skip
            y += 56
        canvas.text((MARGIN, y + 28), "list", BODY, "bold", INK, "lm")
        for i in columns:
            x = MARGIN + LABEL + (i - start) * cell
            box = (x + 4, y, x + cell - 4, y + 56)
            if i < len(symbols):
                canvas.box(box, symbols[i], PAPER, INK, 36, "bold", width=3)
            else:
                canvas.box(box, "", PAPER, MUTED, width=2)
        canvas.y = y + 76


def _scoring(
    canvas: Canvas, pairs: Sequence[Sequence[int]], symbols: str, names: Sequence[str]
) -> None:
    first, size = d_values(symbols, D_SHOWN)
    more = f", … ({size} numbers)" if size > len(first) else ""
    canvas.paragraph(f"D = {{{', '.join(map(str, first))}{more}}}", BODY, INK, "bold")
    for seat in (0, 1):
        hits = [p[seat] for p in pairs if in_d(p[seat], symbols)]
        why = f" for {', '.join(map(str, hits))} (lit up above)" if hits else ": none of D played"
        canvas.paragraph(f"{seat_name(names, seat)} +{len(hits)}{why}")


def _last_round(number: int, pairs: Sequence[Sequence[int]], names: Sequence[str]) -> str:
    symbols = "".join(symbol((a, b)) for a, b in pairs)
    gains = (sum(in_d(p[seat], symbols) for p in pairs) for seat in (0, 1))
    said = ", ".join(f"{seat_name(names, s, 240)} +{g}" for s, g in enumerate(gains))
    return f"Round {number}: list {symbols}, {said}."


def _private(canvas: Canvas, private: Mapping[str, Any], top: int) -> None:
    played, used = private["played"], private["used"]
    if not played:
        text = f"You have played no number yet: all of 1 to {top} are yours to play."
    elif used is None:
        text = f"You have played {played} numbers; {top - played} of 1 to {top} are left."
    else:
        text = f"You have played {played}: " + ", ".join(map(str, sorted(used))) + "."
    canvas.y += 12
    with canvas.aside("Only you see this"):
        canvas.paragraph(text)
