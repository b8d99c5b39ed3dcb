"""What only one seat may see is in that seat's picture, and in nobody else's."""

from __future__ import annotations

from PIL import Image

from boards.pictures.canvas import MARGIN, SPOT, WIDTH
from tests.boards.helpers import drawn, played

BAR_X = MARGIN + 4
"""A column through the bar that marks what only the viewer sees."""
TEXT_X = MARGIN + 26


def aside(image: Image.Image) -> tuple[int, int] | None:
    """The first and last rows of the viewer's own block, found by its narrow bar; or None."""
    # A wider patch of the same colour (the pairing to move now) is not the bar.
    rows = [
        y
        for y in range(image.height)
        if image.getpixel((BAR_X, y)) == SPOT and image.getpixel((BAR_X + 12, y)) != SPOT
    ]
    return (rows[0], rows[-1]) if rows else None


def contains(image: Image.Image, block: Image.Image, x: int) -> bool:
    """True when the block appears in the image at column x, at any height."""
    first, whole = block.crop((0, 0, block.width, 1)).tobytes(), block.tobytes()
    # A cheap look at each row first; the whole block only where its first row matches.
    return any(
        image.crop((x, y, x + block.width, y + 1)).tobytes() == first
        and image.crop((x, y, x + block.width, y + block.height)).tobytes() == whole
        for y in range(image.height - block.height + 1)
    )


def own_block(image: Image.Image) -> Image.Image:
    """What is written in the viewer's own block."""
    found = aside(image)
    assert found is not None
    top, bottom = found
    return image.crop((TEXT_X, top, WIDTH - MARGIN, bottom))


def check_only_seen_by_its_seat(slug: str, state: object, seats: int) -> None:
    """Each seat's own block is in its picture and absent from every other picture."""
    pictures = {viewer: drawn(slug, state, viewer) for viewer in [None, *range(seats)]}
    assert aside(pictures[None]) is None
    for seat in range(seats):
        block = own_block(pictures[seat])
        assert block.height > 60
        assert contains(pictures[seat], block, TEXT_X)
        for viewer, image in pictures.items():
            if viewer != seat:
                assert not contains(image, block, TEXT_X), (seat, viewer)


def test_a_fresh_pile_shows_to_its_owner_only() -> None:
    """Each fresh pile is in its owner's picture, in neither the other's nor a spectator's."""
    # 2 and 3 are exchanged: seat 0 holds 1 3 3 4 5, seat 1 holds 1 2 2 4 5.
    state = played("numerical-cards", 2, {"m": 5}, {0: "2", 1: "3"})
    check_only_seen_by_its_seat("numerical-cards", state, 2)


def test_a_fresh_pile_in_a_game_of_four() -> None:
    """Four players, three moves in: every pile is its owner's alone."""
    state = played(
        "numerical-cards", 4, {"m": 8}, {0: "2", 1: "3"}, {0: "5", 2: "4"}, {0: "7", 3: "6"}
    )
    check_only_seen_by_its_seat("numerical-cards", state, 4)


def test_numbers_played_show_to_their_player_only() -> None:
    """Numbers To Number: the numbers each player has played are theirs to see."""
    state = played("numbers-to-number", 2, {"m": 4}, {0: "3", 1: "9"}, {0: "12", 1: "1"})
    check_only_seen_by_its_seat("numbers-to-number", state, 2)
