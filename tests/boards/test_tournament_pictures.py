"""The standings table and the knockout bracket: PNGs of a fixed width whatever the names, and
a bracket's boxes where the layout says, each centred on the boxes that feed it."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from boards.pictures.canvas import WIDTH
from boards.tournament import (
    WIDE,
    Bracket,
    Pairing,
    Slot,
    Table,
    bracket_layout,
    bracket_picture,
    feeders,
    table_picture,
)

NAMES = (
    "alice",
    "bob",
    "Computer (hard)",
    "dave",
    "erin",
    "frank",
    "grace",
    "heidi",
    "ivan",
    "judy",
    "mallory",
    "niaj",
    "olivia",
    "peggy",
    "rupert",
    "sybil",
)
HOSTILE = (
    "\U0001f600\U0001f389 party " * 10,
    "\u202eevil\u202c \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627",
    "W" * 200,
    "**bold** __under__ `code` ||spoiler|| <@123456789012345678> @everyone",
    "\u200b\u200b\u200b",
    "Zalgo Z\u0336\u0327\u0301a\u0335\u0352l\u0337g\u0334o" * 8,
)
ROUNDS = {1: "Final", 2: "Semi-finals", 4: "Quarter-finals", 8: "Round of 16", 16: "Round of 32"}


def decoded(png: bytes) -> Image.Image:
    """A picture's PNG bytes as an image, checked to be a palette PNG."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    image.load()
    return image


def swiss(names: tuple[str, ...] = NAMES[:8], withdrawn: tuple[int, ...] = (6,)) -> Table:
    """Standings after the last round of a Swiss tournament, with three tie-breaks."""
    scores = (3, 2.5, 2, 2, 1.5, 1, 0.5, 0.5)
    rows = []
    for i, name in enumerate(names):
        score = scores[i] if i < len(scores) else 0
        tied = i in (2, 3) or 5 < i < 8
        rank = str(i if i in (3, 7) else i + 1) + ("=" if tied else "")
        wins, draws = int(score), round(2 * (score % 1))
        rows.append(
            (
                rank,
                name,
                f"{score:g}".replace("0.5", "½").replace(".5", "½"),
                f"{9 - i * 0.75:.2f}",
                f"{7.5 - i:.1f}",
                f"{wins}-{draws}-{3 - wins - draws}",
            )
        )
    return Table(
        f"Numbers To Number — Swiss, round 3 of 3 · {len(names)} players",
        ("#", "Player", "Score", "Buchholz", "SB", "W-D-L"),
        tuple(rows),
        marked=withdrawn,
        note="Ranked by score, then Buchholz, then Sonneborn-Berger. Greyed: withdrew.",
    )


def seeding(size: int) -> list[int]:
    """The seeds in bracket order: 1 meets the last, and 1 and 2 only in the final."""
    order = [1]
    while len(order) < size:
        order = [s for seed in order for s in (seed, 2 * len(order) + 1 - seed)]
    return order


def knockout(
    names: tuple[str, ...],
    played: int,
    partly: int = 0,
    champion: bool = False,
    title: str = "Arcs And Marks — knockout",
) -> Bracket:
    """A knockout of these entrants, seeded in order, with byes for the top seeds: `played`
    rounds done and `partly` pairings of the next; the better seed wins but for one upset."""
    size = 2
    while size < len(names):
        size *= 2
    empty = Slot("", None)
    entrants = [Slot(names[s - 1], s) if s <= len(names) else None for s in seeding(size)]
    rounds: list[tuple[str, tuple[Pairing, ...]]] = []
    for r in range(size.bit_length() - 1):
        pairings: list[Pairing] = []
        on: list[Slot | None] = []
        for j in range(0, len(entrants), 2):
            a, b = entrants[j], entrants[j + 1]
            if a is None or b is None:
                alone = a or b or empty
                went = Slot(alone.name, alone.seed, won=True)
                slots = (went, empty) if a else (empty, went)
                pairings.append(Pairing(slots, "bye"))
                on.append(alone)
            elif a.name and b.name and (r < played or (r == played and j // 2 < partly)):
                a_wins = (a.seed or 0) < (b.seed or 0) and (r, j) != (0, 2)
                score = ("2", "1") if a_wins else ("1", "2")
                pairings.append(
                    Pairing(
                        (
                            Slot(a.name, a.seed, score[0], a_wins),
                            Slot(b.name, b.seed, score[1], not a_wins),
                        ),
                        "tie-break" if (r, j) == (1, 0) else "",
                    )
                )
                on.append(a if a_wins else b)
            else:
                pairings.append(Pairing((a, b)))
                on.append(empty)
        rounds.append((ROUNDS.get(len(pairings), f"Round {r + 1}"), tuple(pairings)))
        entrants = on
    won = [s.name for s in rounds[-1][1][0].slots if s.won]
    return Bracket(title, tuple(rounds), won[0] if champion and won else "")


def threes(names: tuple[str, ...], played: bool) -> Bracket:
    """Nine entrants at three tables of three; the winner of each meets the others in a
    final table of three."""
    tables = []
    for t in range(3):
        slots = tuple(
            Slot(names[t * 3 + k], t * 3 + k + 1, str(2 - k) if played else "", played and k == 0)
            for k in range(3)
        )
        tables.append(Pairing(slots))
    final = Pairing(
        tuple(Slot(names[t * 3], t * 3 + 1) if played else Slot("", None) for t in range(3))
    )
    return Bracket(
        "Labyrinthine Loop — tables of three", (("Heats", tuple(tables)), ("Final", (final,)))
    )


def test_a_swiss_table_of_eight_with_three_tie_breaks_draws() -> None:
    """A palette PNG the width of a board picture, taller for more rows."""
    image = decoded(table_picture(swiss()))
    assert image.width == WIDTH and 500 < image.height < 1000


@pytest.mark.parametrize("rows", [1, 64])
def test_a_table_of_one_row_and_of_sixty_four_draws(rows: int) -> None:
    """One entrant, or 64: the picture grows down, never wider."""
    names = tuple(f"{NAMES[i % len(NAMES)]} {i}" for i in range(rows))
    image = decoded(table_picture(swiss(names, withdrawn=())))
    assert image.width == WIDTH
    if rows == 64:
        assert image.height > 64 * 40


def test_hostile_names_keep_the_table_and_the_bracket_their_width() -> None:
    """Emoji, right-to-left text, 200 characters and markdown: the pictures stay as wide."""
    names = HOSTILE + NAMES[: 8 - len(HOSTILE)]
    plain = decoded(table_picture(swiss()))
    table = swiss(names)
    hostile = Table(HOSTILE[2] + " — " + HOSTILE[0], table.columns, table.rows, note=HOSTILE[3])
    assert decoded(table_picture(hostile)).size == plain.size
    wild = tuple(HOSTILE[i % len(HOSTILE)] + str(i) for i in range(32))
    for entrants in (2, 8, 32):
        tame = decoded(bracket_picture(knockout(NAMES[:1] * entrants, 1)))
        bracket = knockout(wild[:entrants], 1, champion=True, title=hostile.title)
        assert decoded(bracket_picture(bracket)).size == tame.size


def test_many_columns_and_short_rows_still_draw() -> None:
    """Columns beyond the page's room are narrowed; a row short of cells is filled out."""
    columns = ("#", "Player", *(f"Tie-break {k}" for k in range(10)))
    table = Table("Crowded", columns, (("1", "alice", "1"), ("2",)), numeric=(True,))
    assert decoded(table_picture(table)).width == WIDTH


@pytest.mark.parametrize("entrants", [2, 3, 5, 6, 8, 16, 32])
def test_knockouts_with_byes_draw_at_any_stage(entrants: int) -> None:
    """Not started, half played, and finished with a champion: as wide as the rounds need."""
    names = tuple(f"{NAMES[i % 16]}{i // 16 or ''}" for i in range(entrants))
    sizes = set()
    for played, champion in ((0, False), (1, False), (5, True)):
        bracket = knockout(names, played, champion=champion)
        image = decoded(bracket_picture(bracket))
        assert WIDTH <= image.width <= WIDE
        sizes.add(image.size)
    # The picture does not jump about as the knockout goes on.
    assert len(sizes) == 1


def test_tables_of_three_draw() -> None:
    """Three heats of three feeding a final table of three."""
    for played in (False, True):
        image = decoded(bracket_picture(threes(NAMES, played)))
        assert image.width == WIDTH


@pytest.mark.parametrize("entrants", [2, 6, 8, 32])
def test_each_later_box_is_centred_between_its_feeders(entrants: int) -> None:
    """The classic bracket: each box of a later round halfway between its two feeders, to the
    right of them; no two boxes of a round overlap, and all lie inside the picture."""
    bracket = knockout(NAMES[:1] * entrants, 2)
    layout = bracket_layout(bracket)
    for r, boxes in enumerate(layout.boxes):
        assert len(boxes) == len(bracket.rounds[r][1])
        for upper, lower in itertools.pairwise(boxes):
            assert upper[3] < lower[1]
        for j, (x0, y0, x1, y1) in enumerate(boxes):
            assert 0 < x0 < x1 < layout.width and 0 < y0 < y1 < layout.height
            if r == 0:
                continue
            fed = feeders(bracket, r, j)
            assert len(fed) == 2
            first, last = layout.boxes[r - 1][fed[0]], layout.boxes[r - 1][fed[-1]]
            between = (first[1] + first[3] + last[1] + last[3]) / 4
            assert abs((y0 + y1) / 2 - between) <= 1
            assert x0 > first[2]
    assert layout.champion[0] > max(b[2] for b in layout.boxes[-1])


def test_tables_of_three_centre_on_their_three_feeders() -> None:
    """A final table of three sits level with the middle heat, which it is centred on."""
    bracket = threes(NAMES, True)
    layout = bracket_layout(bracket)
    (final,) = layout.boxes[1]
    assert list(feeders(bracket, 1, 0)) == [0, 1, 2]
    middle = layout.boxes[0][1]
    assert abs((final[1] + final[3]) - (middle[1] + middle[3])) <= 2


def test_an_empty_bracket_and_table_still_draw() -> None:
    """No rounds, no rows: a title alone."""
    assert decoded(bracket_picture(Bracket("Nothing yet", ()))).width == WIDTH
    assert decoded(table_picture(Table("Nobody", ("#", "Player"), ()))).width == WIDTH


def test_a_table_without_columns_draws() -> None:
    """Nothing to tabulate: the title and the note."""
    table = Table("Empty — nothing yet", (), (("stray",),), note="No one has entered.")
    assert decoded(table_picture(table)).width == WIDTH
