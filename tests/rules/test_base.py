"""The shared pieces of the rules contract: multiples of the player count, ranges of moves."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator

import pytest

from rules import GAMES
from rules.base import (
    BadOption,
    Option,
    Phrase,
    clip,
    multiple_of_players,
    printable,
)
from rules.codec import decode, encode
from rules.number_sets import NumberSet, RangeMoves

MARKS = Option("m", Phrase("marks"), 3, 60, Phrase("the smallest multiple of p that is at least 8"))


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
    short = Option("length", Phrase("digits"), 2, 24, Phrase("8"))
    with pytest.raises(BadOption) as e:
        multiple_of_players(short, 5, 12, at_least=8)
    assert (
        str(e.value) == "`length` must be a multiple of 5 with 5 players: 5, 10, 15 or 20; got 12."
    )
    single = Option("x", Phrase("x"), 2, 12, Phrase("8"))
    with pytest.raises(BadOption) as e:
        multiple_of_players(single, 8, 7, at_least=8)
    assert str(e.value) == "`x` must be a multiple of 8 with 8 players: 8; got 7."


def test_range_moves_count_and_test_without_listing() -> None:
    """len() is the range minus the taken numbers; `in` accepts canonical text only."""
    moves = RangeMoves(1, 65535, frozenset({1, 17, 65535}))
    assert isinstance(moves, Collection)
    assert len(moves) == 65532 and moves
    assert "2" in moves and "65534" in moves
    for text in ("17", "1", "65535", "0", "65536", "017", "+2", " 2", "2.0", "", "٣", "9" * 5000):
        assert text not in moves, text
    assert 2 not in moves  # a move is text
    empty = RangeMoves(1, 0)
    assert len(empty) == 0 and not empty and list(empty) == [] and "1" not in empty


def test_range_moves_iterate_lazily_in_increasing_order() -> None:
    """Iteration yields canonical text in increasing order, one number at a time."""
    moves = RangeMoves(3, 12, frozenset({3, 5, 6, 12}))
    assert list(moves) == ["4", "7", "8", "9", "10", "11"]
    it = iter(moves)
    assert isinstance(it, Iterator) and next(it) == "4"
    assert len(moves) == len(list(moves))
    assert repr(moves) == "RangeMoves(3..12, 4 taken)"


def test_range_moves_starting_with_agree_with_filtering_the_listing() -> None:
    """starting_with gives what filtering the whole listing by the prefix gives, shortest and
    smallest first, for every prefix of up to three digits."""
    moves = RangeMoves(3, 1500, frozenset({5, 50, 51, 512, 1000}))
    for number in range(1000):
        prefix = str(number)
        everything = sorted((m for m in moves if m.startswith(prefix)), key=lambda m: (len(m), m))
        assert moves.starting_with(prefix, 25) == everything[:25], prefix


def test_range_moves_starting_with_odd_prefixes() -> None:
    """No prefix gives the first moves; a prefix no move can start with gives none."""
    moves = RangeMoves(1, 65535)
    assert moves.starting_with("", 3) == ["1", "2", "3"]
    for prefix in ("0", "07", "x", "-1", "1.5", "٣", "99999", "9" * 5000):
        assert moves.starting_with(prefix, 25) == [], prefix
    assert moves.starting_with("6553", 25) == ["6553", *map(str, range(65530, 65536))]


def test_completions_of_a_listed_game_filter_its_moves() -> None:
    """Games whose moves are a plain listing complete by filtering it, ignoring case."""
    game = GAMES["labyrinthine-loop"]
    state = game.start(2, game.settle_options(2, {}))
    (seat,) = game.to_move(state)
    legal = list(game.legal(state, seat))
    typed = legal[0][:1].upper()
    assert (
        game.completions(state, seat, typed, 5)
        == [m for m in legal if m.lower().startswith(typed.lower())][:5]
    )


def test_number_set_is_a_set_whatever_the_order_of_adding() -> None:
    """Adding in any order gives equal sets, iterated in increasing order, through JSON too."""
    numbers = [70000, 3, 255, 256, 0, 65535, 512, 3]
    one, other = NumberSet(), NumberSet()
    for x in numbers:
        one = one.add(x)
    for x in reversed(numbers):
        other = other.add(x)
    assert one == other and len(one) == 7
    assert list(one) == sorted(set(numbers))
    assert all(x in one for x in numbers) and 4 not in one and -1 not in one and "3" not in one
    assert one.add(3) is one
    assert decode(NumberSet, json.loads(json.dumps(encode(one)))) == one


def test_range_moves_take_a_number_set() -> None:
    """Moves minus a NumberSet count, test and complete like moves minus a frozenset."""
    taken = [5, 50, 51, 300]
    plain = RangeMoves(1, 1000, frozenset(taken))
    played = NumberSet()
    for x in taken:
        played = played.add(x)
    blocks = RangeMoves(1, 1000, played)
    assert len(blocks) == len(plain) == 996
    assert list(blocks) == list(plain)
    assert blocks.starting_with("5", 25) == plain.starting_with("5", 25)


def test_printable_keeps_one_line_of_what_shows() -> None:
    """Controls, bidi and zero-width marks go; white space runs become one space."""
    assert printable(" a\u202eb\u200b\ufeff\x00 \n\t c\u2028d ") == "ab c d"


def test_clip_echoes_move_text_harmlessly() -> None:
    """An echo in a code span: one line, nothing hidden, no backtick, clipped, never empty."""
    assert clip("`\u202e\u200b1\n2`") == "\u02cb1 2\u02cb"
    assert clip("9" * 30) == "9" * 23 + "…"
    assert clip("123456 89", 8) == "123456…"
    assert clip("\u200b\x00") == "…"
