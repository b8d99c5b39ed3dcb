"""Pictures of a tournament: its standings as a table, and a knockout as a bracket."""

# Every text here comes worded by the caller in the reader's language; member names are made
# drawable and cut to their room, so that no name can widen or break a picture.

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache

from PIL import Image

from boards.pictures.canvas import (
    BODY,
    FAINT,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    PLAYER_COLOURS,
    SHADE,
    SHAPES,
    SMALL,
    SPOT,
    TITLE,
    WIDTH,
    Colour,
    PaletteDraw,
    blank,
    blend,
    drawable,
    fit,
    palette_png,
    text_width,
    write,
)
from boards.pictures.page import Figure, wrapped

Rect = tuple[int, int, int, int]
"""A box's left, top, right and bottom edges, in pixels."""

WIDE = 1400
"""The widest a bracket grows (five rounds); narrower ones are WIDTH pixels wide."""
SUBTITLE = " — "
"""A title's first dash: what follows it is drawn under it, smaller and muted."""
MEDALS: tuple[Colour, ...] = (
    PLAYER_COLOURS[4],
    blend(MUTED, PAPER, 0.5),
    blend(INK, PLAYER_COLOURS[1], 0.25),
)
"""The bars beside ranks 1, 2 and 3: amber, silver grey and bronze (all in the palette)."""
CONNECTOR = blend(MUTED, PAPER, 0.5)
"""The lines from a pairing to the next round's, until someone goes on along them."""


def _write(
    draw: PaletteDraw,
    xy: tuple[float, float],
    text: str,
    face: str,
    size: int,
    fill: Colour,
    anchor: str,
) -> None:
    """Text drawn on the page, unless there is none (a name of hidden characters only)."""
    if text.strip():
        write(draw, xy, text, face, size, fill, anchor)


def _heading(draw: PaletteDraw, title: str, width: int) -> int:
    """The title (and the part after its first dash under it, muted); the y under them."""
    head, _, sub = title.partition(SUBTITLE)
    room = width - 2 * MARGIN
    _write(draw, (MARGIN, MARGIN), _cut(head, "bold", TITLE, room), "bold", TITLE, INK, "la")
    y = MARGIN + TITLE + 14
    if sub:
        _write(draw, (MARGIN, y), _cut(sub, "sans", BODY, room), "sans", BODY, MUTED, "la")
        y += BODY + 21
    return y + 12


def _heading_height(title: str) -> int:
    """The y under a title's heading, as `_heading` draws it."""
    return MARGIN + TITLE + 14 + (BODY + 21 if SUBTITLE in title else 0) + 12


def _cut(text: str, face: str, size: int, width: float) -> str:
    """Member text made drawable in a face and cut with an ellipsis to `width` pixels."""
    return fit(drawable(text, face), face, size, max(0.0, width))


# The standings table.


@dataclass(frozen=True)
class Table:
    """A standings table: a header row, one row per entrant, and a footnote."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    """The cells, as many as the columns; the second column is the name."""
    numeric: tuple[bool, ...] = ()
    """Which columns are right-aligned numbers (by default all but the name column)."""
    marked: tuple[int, ...] = ()
    """The rows drawn muted (a withdrawn entrant)."""
    note: str = ""
    """A footnote under the table (how it is ranked)."""


ROW_H, CLOSE_ROW_H = 44, 38
"""The height of a row, and of a row of a long table."""
CLOSE = 24
"""Tables of more rows than this have closer rows."""
HEAD_H = 42
"""The height of the header row."""
COLUMN_GAP = 26
"""The room between two columns."""
BAR = 7
"""The width of a top rank's bar at the left of its row."""
INSET = 22
"""The room inside a row's left and right ends (the bar sits in the left one)."""
NUMBER_MOST = 190
"""The widest a column other than the name grows."""
NAME_LEAST = 260
"""The narrowest the name column gets, however many other columns there are."""
NOTE_STEP = 32
"""The distance between two lines of the footnote."""


def _name_column(table: Table) -> int:
    return 1 if len(table.columns) > 1 else 0


def _faces(table: Table) -> list[str]:
    """Each column's face: a rank before the name in bold, the rest in the plain face."""
    name = _name_column(table)
    return ["bold" if i < name else "sans" for i in range(len(table.columns))]


def column_widths(table: Table) -> list[int]:
    """Each column's width in pixels; the name column takes what the others leave."""
    n, name = len(table.columns), _name_column(table)
    if not n:
        return []
    faces = _faces(table)
    widths = [0] * n
    for i in range(n):
        if i == name:
            continue
        cells = [text_width(drawable(row[i], faces[i]), faces[i], BODY) for row in _rows(table)]
        header = text_width(drawable(table.columns[i], "bold"), "bold", SMALL)
        widths[i] = math.ceil(min(NUMBER_MOST, max([header, *cells])))
    room = WIDTH - 2 * MARGIN - 2 * INSET - COLUMN_GAP * (n - 1)
    others = sum(widths)
    if others and others > room - NAME_LEAST:
        share = max(0, room - NAME_LEAST) / others
        widths = [math.floor(w * share) for w in widths]
    widths[name] = room - sum(widths)
    return widths


def _rows(table: Table) -> list[tuple[str, ...]]:
    """The rows, each cut or padded to as many cells as there are columns."""
    n = len(table.columns)
    return [tuple(row[:n]) + ("",) * (n - len(row)) for row in table.rows]


def _rank(cell: str) -> int | None:
    """The rank a cell begins with ("1", "2=", "T3"), if any."""
    found = re.search(r"\d+", cell)
    return int(found.group()) if found else None


def table_picture(table: Table) -> bytes:
    """The standings as a PNG, WIDTH pixels wide and as tall as its rows need."""
    n, name = len(table.columns), _name_column(table)
    numeric = table.numeric if len(table.numeric) == n else tuple(i != name for i in range(n))
    faces = _faces(table)
    widths = column_widths(table)
    rows = _rows(table)
    note = wrapped(drawable(table.note, "sans"), "sans", SMALL, WIDTH - 2 * MARGIN)
    note = [_cut(line, "sans", SMALL, WIDTH - 2 * MARGIN) for line in note[:4]]
    top = _heading_height(table.title)
    body = top + HEAD_H
    row_h = ROW_H if len(rows) <= CLOSE else CLOSE_ROW_H
    height = body + len(rows) * row_h + (16 + NOTE_STEP * len(note) if note else 0) + MARGIN
    image = blank(WIDTH, height)
    draw = PaletteDraw(image)
    _heading(draw, table.title, WIDTH)
    lefts = [MARGIN + INSET + sum(widths[:i]) + COLUMN_GAP * i for i in range(n)]

    def put(i: int, y: int, text: str, face: str, size: int, ink: Colour) -> None:
        if numeric[i]:
            _write(draw, (lefts[i] + widths[i], y), text, face, size, ink, "rs")
        else:
            _write(draw, (lefts[i], y), text, face, size, ink, "ls")

    for i, header in enumerate(table.columns):
        put(i, body - 14, _cut(header, "bold", SMALL, widths[i]), "bold", SMALL, MUTED)
    draw.line((MARGIN, body - 1, WIDTH - MARGIN - 1, body - 1), fill=INK, width=2)
    marked = set(table.marked)
    ranked = name > 0 and numeric[0]
    for r, row in enumerate(rows):
        y = body + r * row_h
        if r % 2:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN - 1, y + row_h - 1), fill=SHADE)
        rank = _rank(row[0]) if ranked else r + 1
        if r not in marked and rank is not None and 1 <= rank <= len(MEDALS):
            bar = (MARGIN + 5, y + 9, MARGIN + 5 + BAR - 1, y + row_h - 10)
            draw.rectangle(bar, fill=MEDALS[rank - 1])
        ink = MUTED if r in marked else INK
        baseline = y + row_h // 2 + 10
        for i, cell in enumerate(row):
            face = "sans" if r in marked else faces[i]
            put(i, baseline, _cut(cell, face, BODY, widths[i]), face, BODY, ink)
    y = body + len(rows) * row_h
    draw.line((MARGIN, y, WIDTH - MARGIN - 1, y), fill=FAINT, width=2)
    for k, line in enumerate(note):
        _write(draw, (MARGIN, y + 16 + k * NOTE_STEP), line, "sans", SMALL, MUTED, "la")
    return palette_png(image)


# The knockout bracket.


@dataclass(frozen=True)
class Slot:
    """An entrant's place in a pairing."""

    name: str
    """Empty for a bye or an entrant not decided yet."""
    seed: int | None
    score: str = ""
    won: bool = False
    """Went on to the next round: drawn in bold ink, and the others of the pairing muted."""


@dataclass(frozen=True)
class Pairing:
    """A table of two (or more) entrants in a round."""

    slots: tuple[Slot, ...]
    note: str = ""
    """Written in the pairing's empty place beside one who went on ("bye"), else under it."""


@dataclass(frozen=True)
class Bracket:
    """A knockout: its rounds left to right, each with its pairings top to bottom."""

    title: str
    rounds: tuple[tuple[str, tuple[Pairing, ...]], ...]
    champion: str = ""
    """Once decided, named at the right end."""


@dataclass(frozen=True)
class Layout:
    """Where a bracket's parts go."""

    width: int
    height: int
    boxes: tuple[tuple[Rect, ...], ...]
    """Each round's boxes, top to bottom, as its pairings."""
    champion: Rect
    """The champion's box, right of the last round."""
    labels: int
    """The y of the rounds' labels."""
    size: int
    """The type size of the names."""
    slot: int
    """The height of an entrant's line in a box."""


BOX_PAD = 4
"""The room above and below the lines of a box."""
TEXT_PAD = 10
"""The room inside a box's left and right edges."""
BOX_GAP = 18
"""The least room between two boxes of the first round."""
NOTE_H = 30
"""The room a note under a box takes."""
CHAMPION_W = 190
BOX_LEAST, BOX_MOST = 250, 330
"""The widths a box is kept within (a bracket of four or five rounds gets less)."""
SEED_SIZE = 18
STAR = 30
"""The side of the champion's star's square."""
LABEL_SPILL = 24
"""How far a round's label may reach past its boxes, into the room between the columns."""


def feeders(bracket: Bracket, round_: int, index: int) -> range:
    """The pairings of the round before whose entrants go on to this pairing."""
    if round_ == 0:
        return range(0)
    before = len(bracket.rounds[round_ - 1][1])
    now = len(bracket.rounds[round_][1])
    group = max(1, -(-before // max(1, now)))
    return range(min(before, index * group), min(before, (index + 1) * group))


def _bye_place(pairing: Pairing, first: bool) -> int | None:
    """The empty place a pairing's note is written in (a bye), if any."""
    empty = [i for i, slot in enumerate(pairing.slots) if not slot.name]
    named = [slot for slot in pairing.slots if slot.name]
    if pairing.note and empty and named and (first or any(s.won for s in named)):
        return empty[0]
    return None


def _note_below(pairing: Pairing, first: bool) -> bool:
    return bool(pairing.note) and _bye_place(pairing, first) is None


def bracket_layout(bracket: Bracket) -> Layout:
    """The picture's size and every box: the first round's stacked, each later one centred
    between its first and last feeders."""
    rounds = [pairings for _, pairings in bracket.rounds]
    count = max(1, len(rounds))
    gap_x = 52 if count <= 3 else 40 if count == 4 else 32
    fixed = 2 * MARGIN + count * gap_x + CHAMPION_W
    # As wide as a board picture when the boxes have their room there, else wider.
    box_w = min(BOX_MOST, (WIDTH - fixed) // count)
    if box_w < BOX_LEAST:
        box_w = min(BOX_LEAST, (WIDE - fixed) // count)
    width = max(WIDTH, fixed + count * box_w)
    size = BODY if box_w >= BOX_LEAST - 10 else SMALL
    slot_h = 42 if size == BODY else 36
    labels = _heading_height(bracket.title)
    start = labels + 40

    def tall(pairing: Pairing) -> int:
        return 2 * BOX_PAD + max(1, len(pairing.slots)) * slot_h

    gap = BOX_GAP
    for _ in range(200):
        boxes: list[list[Rect]] = []
        clash = False
        for r, pairings in enumerate(rounds):
            x = MARGIN + r * (box_w + gap_x)
            column: list[Rect] = []
            below = start - gap
            for j, pairing in enumerate(pairings):
                h = tall(pairing)
                fed = feeders(bracket, r, j)
                if r and fed:
                    first, last = boxes[r - 1][fed[0]], boxes[r - 1][fed[-1]]
                    top = round((first[1] + first[3] + last[1] + last[3]) / 4 - h / 2)
                    clash = clash or top < below + gap // 2
                else:
                    top = below + gap
                top = max(top, below + gap // 2, start)
                column.append((x, top, x + box_w, top + h))
                below = top + h + (NOTE_H if _note_below(pairing, r == 0) else 0)
            boxes.append(column)
        if not clash:
            break
        gap += 8
    x = MARGIN + count * (box_w + gap_x)
    last_round = boxes[-1] if boxes and boxes[-1] else [(x, start, x, start + slot_h)]
    middle = (last_round[0][1] + last_round[-1][3]) / 2
    h = slot_h + 2 * BOX_PAD + 12
    champion = (x, round(middle - h / 2), x + CHAMPION_W, round(middle - h / 2) + h)
    ends = [
        box[3] + (NOTE_H if _note_below(pairing, r == 0) else 0)
        for r, column in enumerate(boxes)
        for box, pairing in zip(column, rounds[r], strict=True)
    ]
    bottom = max([champion[3], *ends])
    return Layout(
        width,
        bottom + MARGIN,
        tuple(map(tuple, boxes)),
        champion,
        labels,
        size,
        slot_h,
    )


def bracket_picture(bracket: Bracket) -> bytes:
    """The bracket as a PNG: rounds as columns, each pairing a box, lines to the next round."""
    layout = bracket_layout(bracket)
    image = blank(layout.width, layout.height)
    draw = PaletteDraw(image)
    _heading(draw, bracket.title, layout.width)
    slots = [s for _, pairings in bracket.rounds for p in pairings for s in p.slots]
    seeds = [str(s.seed) for s in slots if s.seed is not None]
    seed_w = max((text_width(s, "sans", SEED_SIZE) for s in seeds), default=0)
    score_w = max((text_width(s.score, "bold", layout.size) for s in slots), default=0)
    columns = (seed_w, score_w)
    for r, (label, pairings) in enumerate(bracket.rounds):
        boxes = layout.boxes[r]
        if boxes:
            x0, x1 = boxes[0][0], boxes[0][2]
            text = _cut(label, "bold", SMALL, x1 - x0 + LABEL_SPILL)
            _write(draw, ((x0 + x1) / 2, layout.labels), text, "bold", SMALL, MUTED, "ma")
        for j, pairing in enumerate(pairings):
            fed = feeders(bracket, r, j)
            if r and fed:
                _connect(draw, [layout.boxes[r - 1][k] for k in fed], bracket, r, fed, boxes[j])
            _box(draw, boxes[j], pairing, r == 0, layout, columns)
    _champion(image, draw, bracket, layout)
    return palette_png(image)


def _went_on(pairing: Pairing) -> bool:
    return any(slot.won for slot in pairing.slots)


def _connect(
    draw: PaletteDraw,
    sources: list[Rect],
    bracket: Bracket,
    r: int,
    fed: range,
    target: Rect,
) -> None:
    """Lines from each feeding box to a spine halfway, and from it into the box they feed;
    the way of one who went on in ink."""
    spine = (sources[0][2] + target[0]) // 2
    centre = (target[1] + target[3]) // 2
    ys = [(s[1] + s[3]) // 2 for s in sources]
    draw.line((spine, min(ys), spine, max(ys)), fill=CONNECTOR, width=2)
    for source, y in zip(sources, ys, strict=True):
        draw.line((source[2], y, spine, y), fill=CONNECTOR, width=2)
    draw.line((spine, centre, target[0], centre), fill=CONNECTOR, width=2)
    pairings = bracket.rounds[r - 1][1]
    for k, source, y in zip(fed, sources, ys, strict=True):
        if _went_on(pairings[k]):
            draw.line((source[2], y, spine, y), fill=INK, width=2)
            draw.line((spine, min(y, centre), spine, max(y, centre)), fill=INK, width=2)
            draw.line((spine, centre, target[0], centre), fill=INK, width=2)


def _box(
    draw: PaletteDraw,
    box: Rect,
    pairing: Pairing,
    first: bool,
    layout: Layout,
    columns: tuple[float, float],
) -> None:
    """A pairing's box: a line per entrant with its seed, name and score; its note."""
    x0, y0, x1, y1 = box
    size, slot_h = layout.size, layout.slot
    seed_w, score_w = columns
    decided = _went_on(pairing)
    draw.rounded_rectangle(box, radius=8, fill=PAPER, outline=CONNECTOR, width=2)
    bye = _bye_place(pairing, first)
    name_x = x0 + TEXT_PAD + (seed_w + 8 if seed_w else 0)
    score_x = x1 - TEXT_PAD
    room = score_x - name_x - (score_w + 12 if score_w else 0)
    for i, slot in enumerate(pairing.slots or (Slot("", None),)):
        top = y0 + BOX_PAD + i * slot_h
        if i:
            draw.line((x0 + 8, top, x1 - 8, top), fill=FAINT, width=1)
        baseline = top + slot_h // 2 + round(size * 0.36)
        ink = INK if slot.won or not decided else MUTED
        face = "bold" if slot.won else "sans"
        if slot.seed is not None:
            seed = str(slot.seed)
            _write(draw, (name_x - 8, baseline), seed, "sans", SEED_SIZE, MUTED, "rs")
        if slot.name:
            name = _cut(slot.name, face, size, room)
            _write(draw, (name_x, baseline), name, face, size, ink, "ls")
        elif i == bye:
            note = _cut(pairing.note, "sans", size, room)
            _write(draw, (name_x, baseline), note, "sans", size, MUTED, "ls")
        if slot.score:
            score = _cut(slot.score, face, size, score_w)
            _write(draw, (score_x, baseline), score, face, size, ink, "rs")
    if _note_below(pairing, first):
        note = _cut(pairing.note, "sans", SMALL, x1 - x0)
        _write(draw, (x0 + 4, y1 + 5), note, "sans", SMALL, MUTED, "la")


def _champion(image: Image.Image, draw: PaletteDraw, bracket: Bracket, layout: Layout) -> None:
    """The champion's box at the right end (empty and faint until decided), joined to the
    final."""
    x0, y0, x1, y1 = box = layout.champion
    middle = (y0 + y1) // 2
    last = layout.boxes[-1] if layout.boxes else ()
    decided = bool(bracket.champion)
    if last:
        ends = [((b[1] + b[3]) // 2, b[2]) for b in last]
        spine = (ends[0][1] + x0) // 2
        ink = INK if decided else CONNECTOR
        for y, right in ends:
            draw.line((right, y, spine, y), fill=ink, width=2)
        draw.line((spine, ends[0][0], spine, ends[-1][0]), fill=ink, width=2)
        draw.line((spine, middle, x0, middle), fill=ink, width=2)
    if decided:
        draw.rounded_rectangle(box, radius=10, fill=SPOT, outline=INK, width=3)
    else:
        draw.rounded_rectangle(box, radius=10, fill=PAPER, outline=FAINT, width=2)
    star = _star(decided)
    image.paste(star, (x0 + 26 - star.width // 2, middle - star.height // 2))
    if decided:
        name = _cut(bracket.champion, "bold", layout.size, x1 - x0 - 58)
        _write(draw, (x0 + 46, middle), name, "bold", layout.size, INK, "lm")


@cache
def _star(decided: bool) -> Image.Image:
    """The champion's star, drawn large and shrunk (smooth), on its box's ground."""
    figure = Figure(STAR, STAR)
    ground = SPOT if decided else PAPER
    figure.draw.rectangle((0, 0, figure.image.width, figure.image.height), fill=ground)
    fill, edge = (PLAYER_COLOURS[4], INK) if decided else (FAINT, FAINT)
    figure.marker(SHAPES.index("star"), (STAR / 2, STAR / 2), 10, fill, edge)
    return figure.shrunk()
