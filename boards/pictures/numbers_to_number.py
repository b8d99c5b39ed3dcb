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
from boards.pictures.page import ONLY_YOU, Canvas
from boards.words import N_, Translate
from rules.numbers_to_number import d_values, in_d, symbol

LABEL = 190
"""The width of the column of row names."""
D_SHOWN = 12
"""The smallest members of D listed; the rest are counted."""


def draw(view: Mapping[str, Any], names: Sequence[str], result: str | None, t: Translate) -> bytes:
    """The picture of a Numbers To Number view."""
    m, rounds = view["m"], view["rounds"]
    top = 2**m - 1
    canvas = Canvas(1500, t)
    number = min(view["round"] + 1, rounds)
    status = t(N_("Round {number} of {rounds} · numbers 1 to {top}"))
    status = status.format(number=number, rounds=rounds, top=top)
    if view["over"]:
        status += " · " + t(N_("game over"))
    canvas.heading("Numbers To Number", status, result)
    to_move = [] if view["over"] else [0, 1]
    canvas.legend(players(names, view["scores"], view, to_move, t=t))
    if view["pairs"] or not view["last_pairs"]:
        pairs = view["pairs"]
        title = t(N_("Round {number}: move {move} of {m} next"))
        title = title.format(number=number, move=len(pairs) + 1, m=m)
        if view["over"]:
            title = t(N_("No round under way"))
    else:
        pairs = view["last_pairs"]
        title = t(N_("Round {number} as it ended")).format(number=view["round"])
    canvas.room(LINE + 6)
    canvas.text((MARGIN, canvas.y), title, BODY, "bold")
    canvas.y += LINE + 6
    symbols = "".join(symbol((a, b)) for a, b in pairs)
    _table(canvas, m, pairs, symbols, names)
    if len(symbols) == m:
        _scoring(canvas, pairs, symbols, names)
    elif not view["over"]:
        first = seat_name(names, 0)
        explained = N_(
            "The list gets 1 where {player}'s number is larger, 0 where smaller, _ where "
            "equal; D is known when it is full."
        )
        canvas.paragraph(t(explained).format(player=first), SMALL, MUTED)
        if view["last_pairs"]:
            last = _last_round(view["round"], view["last_pairs"], names, t)
            canvas.paragraph(last, SMALL, MUTED)
    if view["private"] is not None:
        _private(canvas, view["private"], top)
    canvas.rule()
    if view["over"]:
        canvas.paragraph(t(N_("Game over: the highest total wins.")))
    else:
        next_step = N_("Next: both players pick, in secret, a number they have not played yet.")
        canvas.paragraph(t(next_step))
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
        canvas.text((MARGIN, y + 28), canvas.t(N_("list")), BODY, "bold", INK, "lm")
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
    t = canvas.t
    first, size = d_values(symbols, D_SHOWN)
    more = ", " + t(N_("… ({size} numbers)")).format(size=size) if size > len(first) else ""
    canvas.paragraph(f"D = {{{', '.join(map(str, first))}{more}}}", BODY, INK, "bold")
    for seat in (0, 1):
        hits = [p[seat] for p in pairs if in_d(p[seat], symbols)]
        why = N_("{player} +{points} for {numbers} (lit up above)")
        if not hits:
            why = N_("{player} +{points}: none of D played")
        numbers = ", ".join(map(str, hits))
        canvas.paragraph(
            t(why).format(player=seat_name(names, seat), points=len(hits), numbers=numbers)
        )


def _last_round(
    number: int, pairs: Sequence[Sequence[int]], names: Sequence[str], t: Translate
) -> str:
    symbols = "".join(symbol((a, b)) for a, b in pairs)
    gains = (sum(in_d(p[seat], symbols) for p in pairs) for seat in (0, 1))
    said = ", ".join(f"{seat_name(names, s, 240)} +{g}" for s, g in enumerate(gains))
    return t(N_("Round {number}: list {symbols}, {gains}.")).format(
        number=number, symbols=symbols, gains=said
    )


def _private(canvas: Canvas, private: Mapping[str, Any], top: int) -> None:
    t = canvas.t
    played, used = private["played"], private["used"]
    if not played:
        text = t(N_("You have played no number yet: all of 1 to {top} are yours to play."))
    elif used is None:
        text = t(N_("You have played {played} numbers; {left} of 1 to {top} are left."))
    else:
        text = t(N_("You have played {played}: {numbers}."))
    numbers = ", ".join(map(str, sorted(used or ())))
    text = text.format(top=top, played=played, left=top - played, numbers=numbers)
    canvas.y += 12
    with canvas.aside(t(ONLY_YOU)):
        canvas.paragraph(text)
