"""An Integer Sequence Game as a picture: the r-list, and the m(k) table with what scored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boards.pictures.canvas import (
    BODY,
    INK,
    INNER,
    MARGIN,
    MUTED,
    PAPER,
    PLAYER_COLOURS,
    SHADE,
    SMALL,
    SPOT,
    TINT,
    blend,
    marker,
    players,
    seat_name,
    text_width,
)
from boards.pictures.page import Canvas
from boards.words import N_, Translate
from rules.integer_sequence import abbreviate, left_out, rows_shown

ROWS_SHOWN = 22
"""The table shows m(0) and the newest moves up to this many rows."""
ROW_H = 40
COLUMNS = (
    ("k", 50),
    ("r(k)", 70),
    ("m(k)", 330),
    ("", 40),
    ("C", 50),
    (N_("by"), 50),
    (N_("points"), 322),
)
"""Each column's title and width; m(k) is marked P (prime) or C (composite) beside it."""


def scoring_divisor(ms: Sequence[str], k: int, points: str) -> int:
    """The j of the m(j) that scored move k: the latest earlier m equal to the points."""
    return max(j for j in range(k) if ms[j] == points)


def draw(view: Mapping[str, Any], names: Sequence[str], result: str | None, t: Translate) -> bytes:
    """The picture of a view of An Integer Sequence Game."""
    n, k, p = view["n"], view["move"], view["players"]
    rows = rows_shown(k, ROWS_SHOWN - 1)
    # One line more says which moves are left out.
    lines = len(rows) + (left_out(rows) > 0)
    canvas = Canvas(900 + (n // 15 + 1) * 60 + lines * ROW_H + 60, t)
    status = t(N_("game over")) if view["over"] else t(N_("move {move} of {n}"))
    status = t(N_("r-list 1 to {n} · {status}")).format(n=n, status=status.format(move=k + 1, n=n))
    canvas.heading("An Integer Sequence Game", status, result)
    to_move = [] if view["over"] else [k % p]
    canvas.legend(players(names, view["scores"], view, to_move, t=t))
    _r_list(canvas, n, view["circled"], p)
    canvas.rule()
    _table(canvas, view, rows)
    canvas.rule()
    if view["over"] and p == 1:
        canvas.paragraph(t(N_("Game over: a score of {score}.")).format(score=view["scores"][0]))
    elif view["over"]:
        canvas.paragraph(t(N_("Game over: the highest total wins.")))
    else:
        who = seat_name(names, k % p)
        circles = N_(
            "Next: {player} circles a number; m({next}) = r × m({k}) + {c}, and scores the "
            "largest of m(0) … m({k}) that divides it."
        )
        canvas.paragraph(t(circles).format(player=who, next=k + 1, k=k, c=view["next_c"]))
    return canvas.finish()


def _r_list(canvas: Canvas, n: int, circled: Sequence[int], p: int) -> None:
    canvas.room(40 + (n // 15 + 1) * 62 + 10)
    r_list = canvas.t(N_("The r-list (circled: played, by whom)"))
    canvas.text((MARGIN, canvas.y), r_list, SMALL, "bold", MUTED)
    canvas.y += 40
    by = {r: i % p for i, r in enumerate(circled)}
    per_row = 15
    step = INNER // per_row
    for r in range(1, n + 1):
        row, col = divmod(r - 1, per_row)
        x, y = MARGIN + col * step + step / 2, canvas.y + row * 62 + 26
        seat = by.get(r)
        if seat is None:
            canvas.text((x, y), str(r), BODY, "sans", MUTED, "mm")
            continue
        colour = PLAYER_COLOURS[seat]
        canvas.draw.ellipse(
            (x - 25, y - 25, x + 25, y + 25),
            fill=blend(colour, PAPER, TINT),
            outline=colour,
            width=4,
        )
        canvas.text((x, y), str(r), BODY, "bold", INK, "mm")
        marker(canvas.draw, seat, x + 20, y - 20, 8, colour, INK, 2)
    canvas.y += -(-n // per_row) * 62 + 10


def _table(canvas: Canvas, view: Mapping[str, Any], rows: Sequence[int]) -> None:
    k, p = view["move"], view["players"]
    ms, points = view["m"], view["points"]
    lit = {scoring_divisor(ms, k, points[k - 1])} if k else set()
    canvas.room(36)
    x = MARGIN
    for title, width in COLUMNS:
        canvas.text((x + 6, canvas.y), canvas.t(title) if title else "", SMALL, "bold", MUTED)
        x += width
    canvas.y += 36
    skipped = left_out(rows)
    for i in rows:
        canvas.room(2 * ROW_H)
        if skipped and i == skipped + 1:
            earlier = canvas.t(N_("… moves 1 to {last}")).format(last=skipped)
            canvas.text((MARGIN + 6, canvas.y + 4), earlier, SMALL, "sans", MUTED)
            canvas.y += ROW_H
        y = canvas.y
        if i == k and k:
            canvas.draw.rounded_rectangle(
                (MARGIN - 8, y - 2, MARGIN + INNER + 8, y + ROW_H - 4), radius=8, fill=SPOT
            )
        elif i % 2:
            canvas.draw.rectangle(
                (MARGIN - 8, y - 2, MARGIN + INNER + 8, y + ROW_H - 4), fill=SHADE
            )
        cells = _cells(view, i, canvas.t)
        x = MARGIN
        for (_, width), text in zip(COLUMNS, cells, strict=True):
            face = "mono" if text[:1].isdigit() or text[:1] == "+" else "sans"
            canvas.text((x + 6, y + ROW_H / 2 - 3), text, SMALL, face, INK, "lm")
            x += width
        if i in lit:
            # The m(j) that the newest move scored: ringed in its row.
            left = MARGIN + sum(w for _, w in COLUMNS[:2])
            right = left + 12 + text_width(cells[2], "mono", SMALL)
            canvas.draw.rounded_rectangle(
                (left - 2, y, right, y + ROW_H - 6), radius=6, outline=INK, width=3
            )
        if i:
            seat = (i - 1) % p
            bx = MARGIN + sum(w for _, w in COLUMNS[:5]) + 16
            marker(canvas.draw, seat, bx, y + ROW_H / 2 - 3, 11, PLAYER_COLOURS[seat], INK, 2)
        canvas.y += ROW_H
    canvas.y += 6
    key = N_(
        "P prime, C composite; column C counts the composites among m(0) … m(k−1); the "
        "ringed m is what the newest move scored."
    )
    canvas.paragraph(canvas.t(key), SMALL, MUTED)


def _m_cell(value: str, t: Translate) -> str:
    """m(k) for its column: as many leading digits as leave room for the reader's words."""
    room = COLUMNS[2][1] - 12
    for lead in range(10, 3, -1):
        text = abbreviate(value, 20, t, lead)
        if text_width(text, "mono", SMALL) <= room:
            break
    return text


def _cells(view: Mapping[str, Any], i: int, t: Translate) -> list[str]:
    ms, kinds = view["m"], view["kinds"]
    value = _m_cell(ms[i], t)
    if i == 0:
        return ["0", "–", value, kinds[0], "–", "", ""]
    got = view["points"][i - 1]
    j = scoring_divisor(ms, i, got)
    why = f"+{abbreviate(got, 12, t)}" + ("" if got == "1" else f"  = m({j})")
    return [str(i), str(view["circled"][i - 1]), value, kinds[i], str(view["c"][i - 1]), "", why]
