"""Numerical Card Game as a picture: the last reveal, every pile, the pairings, your own cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from boards.pictures.canvas import (
    BODY,
    FAINT,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    PLAYER_COLOURS,
    SHADE,
    SMALL,
    SPOT,
    WIDTH,
    fit,
    marker,
    players,
    seat_name,
)
from boards.pictures.page import LEFT, Canvas, wrapped
from boards.words import N_, Translate
from rules.numerical_cards import end_text
from rules.numerical_cards_scoring import outcome, reason

NAME_W = 270
"""The width of the column of names in the table of piles."""
CHIP_W, CHIP_H = 46, 40
"""A revealed (moldy) card."""
CARD_W, CARD_H = 62, 84
"""A card of your own fresh pile, and of the last reveal."""
GOES = {
    "back": N_("the cards go back to their piles"),
    "moldy": N_("both cards go moldy"),
    "exchange": N_("the cards are exchanged"),
}


def draw(view: Mapping[str, Any], names: Sequence[str], result: str | None, t: Translate) -> bytes:
    """The picture of a Numerical Card Game view."""
    p = len(view["scores"])
    canvas = Canvas(900 + 160 * p + _private_height(view), t)
    status = t(N_("Move {move} of {moves} · cards 1 to {m}"))
    status = status.format(move=view["moves"], moves=view["max_moves"], m=view["m"])
    if view["over"]:
        status += " · " + t(N_("game over"))
    canvas.heading("Numerical Card Game", status, result)
    left = [k for k, on in enumerate(view["active"]) if not on]
    pair = [] if view["over"] else view["cycle"][view["current"]]
    notes = dict.fromkeys(left, t(LEFT))
    canvas.legend(players(names, view["scores"], view, pair, notes, left, t))
    who = [seat_name(names, k, 260) for k in range(p)]
    if view["over"]:
        canvas.paragraph(end_text(view["end"], view["active"], who, t), BODY, INK, "bold")
    else:
        i, j = pair
        now = t(N_("Now: {player} and {other} each pick a card in secret."))
        canvas.paragraph(now.format(player=who[i], other=who[j]), face="bold")
    if view["last"] is not None:
        _last(canvas, view["last"], who)
    canvas.rule()
    _piles(canvas, view, who)
    canvas.rule()
    _cycle(canvas, view)
    if view["private"] is not None:
        _own_pile(canvas, view["private"]["fresh"])
    return canvas.finish()


def _last(canvas: Canvas, last: Sequence[Any], who: Sequence[str]) -> None:
    t = canvas.t
    i, j, a, b = last
    canvas.y += 6
    if "drop" in (a, b):
        gone = [who[k] for k, move in ((i, a), (j, b)) if move == "drop"]
        dropped = N_("Last move: {player} dropped out; no points.")
        if len(gone) > 1:
            dropped = N_("Last move: {player} and {other} both dropped out; no points.")
        canvas.paragraph(t(dropped).format(player=gone[0], other=gone[-1]))
        return
    x, y = int(a), int(b)
    pi, pj, where = outcome(x, y)
    canvas.room(36 + CARD_H + 22)
    canvas.text((MARGIN, canvas.y), t(N_("Last move")), SMALL, "bold", MUTED)
    canvas.y += 36
    top = canvas.y
    left = MARGIN
    for seat, card in ((i, x), (j, y)):
        marker(canvas.draw, seat, left + 14, top + CARD_H / 2, 13, PLAYER_COLOURS[seat], INK, 2)
        left += 34
        canvas.box(
            (left, top, left + CARD_W, top + CARD_H), str(card), PAPER, INK, 36, "bold", width=3
        )
        left += CARD_W + 14
        if seat == i:
            canvas.text((left + 6, top + CARD_H / 2), t(N_("vs")), BODY, "sans", MUTED, "lm")
            left += 54
    pts = t(N_("{player} +{points}")).format(player=who[i] if pi else who[j], points=pi or pj)
    if pi and pi == pj:
        pts = t(N_("both +{points}")).format(points=pi)
    if not (pi or pj):
        pts = t(N_("no points"))
    # Why it scored is the rules' own phrase, said in the reader's words; a longer wording
    # wraps in the room right of the cards.
    why = t(N_("{reason}: {points}")).format(reason=reason(x, y).say(who, t), points=pts)
    room = WIDTH - MARGIN - (left + 24)
    lines = [(line, "bold") for line in wrapped(why, "bold", BODY, room)]
    lines += [(line, "sans") for line in wrapped(t(GOES[where]), "sans", BODY, room)]
    canvas.room(40 * len(lines) + 22)
    for n, (line, face) in enumerate(lines):
        canvas.text((left + 24, top + 22 + 40 * n), line, BODY, face)
    canvas.y = top + max(CARD_H, 40 * len(lines) + 4) + 22


def _piles(canvas: Canvas, view: Mapping[str, Any], who: Sequence[str]) -> None:
    canvas.room(40)
    piles = canvas.t(N_("Piles: fresh cards are secret, moldy cards are shown"))
    canvas.text((MARGIN, canvas.y), piles, SMALL, "bold", MUTED)
    canvas.y += 40
    per_row = (WIDTH - MARGIN - (MARGIN + NAME_W + 90)) // (CHIP_W + 6)
    for seat, name in enumerate(who):
        canvas.room(-(-len(view["moldy"][seat]) // per_row) * (CHIP_H + 8) + 62)
        top = canvas.y
        faded = not view["active"][seat]
        marker(canvas.draw, seat, MARGIN + 14, top + 22, 13, PLAYER_COLOURS[seat], INK, 2)
        canvas.text(
            (MARGIN + 36, top + 22),
            fit(name, "sans", BODY, NAME_W - 44),
            BODY,
            "sans",
            MUTED if faded else INK,
            "lm",
        )
        x = MARGIN + NAME_W
        # Fresh cards are secret: a stack of card backs says only how many there are.
        for k in (2, 1, 0):
            canvas.box(
                (x + 4 * k, top + 2 - 3 * k, x + 56 + 4 * k, top + 44 - 3 * k),
                fill=SHADE,
                edge=MUTED,
            )
        canvas.text((x + 28, top + 23), str(view["fresh_sizes"][seat]), BODY, "bold", INK, "mm")
        chips = view["moldy"][seat]
        x0 = MARGIN + NAME_W + 90
        for n, card in enumerate(chips):
            row, col = divmod(n, per_row)
            cx, cy = x0 + col * (CHIP_W + 6), top + row * (CHIP_H + 8)
            canvas.box((cx, cy, cx + CHIP_W, cy + CHIP_H), str(card), PAPER, FAINT, SMALL, "sans")
        if not chips:
            none = canvas.t(N_("no moldy cards"))
            canvas.text((x0, top + 22), none, SMALL, "sans", MUTED, "lm")
        rows = max(1, -(-len(chips) // per_row))
        canvas.y = top + max(52, rows * (CHIP_H + 8)) + 10


def _cycle(canvas: Canvas, view: Mapping[str, Any]) -> None:
    canvas.room(40)
    pairings = canvas.t(N_("Pairings, in order (players by number; struck: a player left)"))
    canvas.text((MARGIN, canvas.y), pairings, SMALL, "bold", MUTED)
    canvas.y += 40
    x = MARGIN
    for e, (i, j) in enumerate(view["cycle"]):
        if x + 92 > WIDTH - MARGIN:
            x, canvas.y = MARGIN, canvas.y + 54
        canvas.room(70)
        box = (x, canvas.y, x + 86, canvas.y + 44)
        now = e == view["current"]
        gone = not (view["active"][i] and view["active"][j])
        fill, edge = (SPOT, INK) if now else (PAPER, FAINT)
        face, ink = ("bold" if now else "sans"), (MUTED if gone else INK)
        canvas.box(box, f"{i + 1}–{j + 1}", fill, edge, BODY, face, ink, 3 if now else 2)
        if gone:
            canvas.draw.line((x + 10, canvas.y + 22, x + 76, canvas.y + 22), fill=MUTED, width=3)
        x += 96
    canvas.y += 70


def _private_height(view: Mapping[str, Any]) -> int:
    if view["private"] is None:
        return 0
    return 200 + 100 * (len(set(view["private"]["fresh"])) // 12 + 1)


def _own_pile(canvas: Canvas, fresh: Sequence[int]) -> None:
    counts = sorted(Counter(fresh).items())
    t = canvas.t
    with canvas.aside(
        t(N_("Only you see this: your fresh pile ({count})")).format(count=len(fresh))
    ):
        left = MARGIN + canvas.indent
        per_row = (WIDTH - MARGIN - left) // (CARD_W + 8)
        canvas.room(-(-len(counts) // per_row) * (CARD_H + 30) + 20)
        top = canvas.y
        for n, (card, count) in enumerate(counts):
            row, col = divmod(n, per_row)
            x, y = left + col * (CARD_W + 8), top + row * (CARD_H + 30)
            canvas.box((x, y, x + CARD_W, y + CARD_H), str(card), PAPER, INK, 30, "bold", width=3)
            if count > 1:
                canvas.text((x + CARD_W / 2, y + CARD_H + 4), f"×{count}", SMALL, "bold", INK, "ma")
        rows = max(1, -(-len(counts) // per_row))
        if not counts:
            canvas.paragraph(t(N_("Your fresh pile is empty.")))
        else:
            canvas.y = top + rows * (CARD_H + 30)
