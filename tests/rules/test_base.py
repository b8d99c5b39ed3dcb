"""The shared pieces of the rules contract: options that are multiples of the player count."""

from __future__ import annotations

import pytest

from rules.base import BadOption, Option, multiple_of_players

MARKS = Option("m", "marks", 3, 60, "the smallest multiple of p that is at least 8")


def test_multiple_default_is_the_smallest_multiple_at_least() -> None:
    """None settles to the smallest multiple of p that is at least the given number."""
    defaults = [multiple_of_players(MARKS, p, None, at_least=8) for p in range(2, 9)]
    assert defaults == [8, 9, 8, 10, 12, 14, 8]


def test_multiple_is_kept() -> None:
    """A multiple of p is kept as it is."""
    assert multiple_of_players(MARKS, 3, 60, at_least=8) == 60


def test_refusal_lists_the_allowed_values() -> None:
    """The refusal names the option, p, and the multiples within the option's bounds."""
    with pytest.raises(BadOption) as e:
        multiple_of_players(MARKS, 2, 9, at_least=8)
    assert str(e.value) == "`m` must be a multiple of 2 with 2 players: 4, 6, 8, …, 60; got 9."
    short = Option("length", "digits", 2, 24, "8")
    with pytest.raises(BadOption) as e:
        multiple_of_players(short, 5, 12, at_least=8)
    assert (
        str(e.value) == "`length` must be a multiple of 5 with 5 players: 5, 10, 15 or 20; got 12."
    )
    single = Option("x", "x", 2, 12, "8")
    with pytest.raises(BadOption) as e:
        multiple_of_players(single, 8, 7, at_least=8)
    assert str(e.value) == "`x` must be a multiple of 8 with 8 players: 8; got 7."
