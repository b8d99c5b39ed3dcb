"""Numerical Card Game: the six outcomes, leaving, the end conditions, the cycle and privacy."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from rules.base import BOARD_LIMIT, BadOption, IllegalMove, english
from rules.numerical_cards import GAME, State, cycle
from rules.numerical_cards_scoring import no_points_left, outcome
from rules.record import Progress
from tests.rules.french import FRENCH

NAMES = ["alice", "bob", "carol", "dave"]


def begin(players: int = 2, **options: Any) -> State:
    """A new game's state."""
    return Progress.begin(GAME, players, options).state


def with_piles(s: State, **piles: list[int]) -> State:
    """The state with some seats' fresh piles replaced: with_piles(s, p0=[1, 4], p2=[6])."""
    fresh = list(s.fresh)
    for key, cards in piles.items():
        fresh[int(key[1:])] = tuple(sorted(cards))
    return replace(s, fresh=tuple(fresh))


def step(s: State, *moves: str) -> State:
    """Apply one move of the current pair: moves of the lower seat, then the higher seat."""
    i, j = sorted(GAME.to_move(s))
    return GAME.apply(s, {i: moves[0], j: moves[1]})


# The six outcomes ---------------------------------------------------------------------------


def test_outcome_table() -> None:
    """Points and card fates for each case of RULES.md."""
    assert outcome(1, 1) == (2, 2, "back")
    assert outcome(1, 9) == (2, 0, "exchange")
    assert outcome(9, 1) == (0, 2, "exchange")
    assert outcome(7, 7) == (2, 2, "moldy")
    assert outcome(3, 12) == (2, 0, "moldy")
    assert outcome(12, 3) == (0, 2, "moldy")
    assert outcome(6, 4) == (1, 1, "moldy")
    assert outcome(8, 15) == (0, 0, "exchange")


def test_both_ones_go_back() -> None:
    """x = y = 1: both +2; the 1s stay in their fresh piles."""
    s = with_piles(begin(m=4), p0=[1, 2], p1=[1, 3])
    t = step(s, "1", "1")
    assert t.scores == (2, 2)
    assert t.fresh == ((1, 2), (1, 3)) and t.moldy == ((), ())
    assert english(GAME.describe(s, {0: "1", 1: "1"}, t), NAMES)[0] == (
        "alice 1 vs bob 1: both played 1: both +2; the cards go back to their fresh piles."
    )


def test_one_card_is_one_exchanges() -> None:
    """Exactly one 1: its owner +2; the cards swap fresh piles (a pile may hold duplicates)."""
    s = with_piles(begin(m=9), p0=[1, 7], p1=[7, 9])
    t = step(s, "1", "7")
    assert t.scores == (2, 0)
    assert t.fresh == ((7, 7), (1, 9)) and t.moldy == ((), ())
    assert english(GAME.describe(s, {0: "1", 1: "7"}, t), NAMES)[0] == (
        "alice 1 vs bob 7: one card is 1: alice +2; the cards are exchanged "
        "(alice gets 7, bob gets 1)."
    )
    u = step(with_piles(begin(m=9), p0=[5], p1=[1, 2]), "5", "1")
    assert u.scores == (0, 2) and u.fresh == ((1,), (2, 5))


def test_equal_cards_go_moldy() -> None:
    """x = y > 1: both +2; both cards to their owners' moldy piles."""
    s = with_piles(begin(m=9), p0=[7, 8], p1=[2, 7])
    t = step(s, "7", "7")
    assert t.scores == (2, 2)
    assert t.fresh == ((8,), (2,)) and t.moldy == ((7,), (7,))
    assert (
        "equal cards: both +2; both cards go moldy."
        in english(GAME.describe(s, {0: "7", 1: "7"}, t))[0]
    )


def test_divisor_owner_scores() -> None:
    """One divides the other: only the divisor's owner +2; both cards moldy."""
    s = with_piles(begin(m=20), p0=[12, 13], p1=[3, 5])
    t = step(s, "12", "3")
    assert t.scores == (0, 2)
    assert t.fresh == ((13,), (5,)) and t.moldy == ((12,), (3,))
    line = english(GAME.describe(s, {0: "12", 1: "3"}, t), NAMES)[0]
    assert line == "alice 12 vs bob 3: 3 divides 12: bob +2; both cards go moldy."


def test_common_factor_both_score_one() -> None:
    """gcd > 1, neither divides: both +1; both moldy (the brief's example line)."""
    s = with_piles(begin(m=9), p0=[1, 6], p1=[1, 4])
    t = step(s, "6", "4")
    assert t.scores == (1, 1)
    assert t.fresh == ((1,), (1,)) and t.moldy == ((6,), (4,))
    assert english(GAME.describe(s, {0: "6", 1: "4"}, t), NAMES) == [
        "alice 6 vs bob 4: gcd 2, neither divides the other: both +1; both cards go moldy.",
        "Totals: alice 1, bob 1.",
    ]


def test_coprime_exchange_no_points() -> None:
    """gcd = 1, both > 1: the cards swap fresh piles; nobody scores."""
    s = with_piles(begin(m=20), p0=[8, 10], p1=[15, 20])
    t = step(s, "8", "15")
    assert t.scores == (0, 0)
    assert t.fresh == ((10, 15), (8, 20)) and t.moldy == ((), ())
    assert english(GAME.describe(s, {0: "8", 1: "15"}, t), NAMES) == [
        "alice 8 vs bob 15: coprime: no points; the cards are exchanged "
        "(alice gets 15, bob gets 8)."
    ]


# Leaving --------------------------------------------------------------------------------------


def test_one_player_drops() -> None:
    """The dropper leaves; the other's card stays in its pile, unrevealed; nobody scores."""
    s = begin(3, m=5)
    t = step(s, "4", "drop")
    assert t.active == (True, False, True) and t.scores == (0, 0, 0)
    assert t.fresh == s.fresh and t.moves == 1 and not t.end
    lines = english(GAME.describe(s, {0: "4", 1: "drop"}, t), NAMES)
    assert lines == [
        "bob drops out of the game; alice's sealed card stays, unrevealed, in its fresh pile; "
        "no points."
    ]
    assert "4" not in json.dumps(GAME.public_view(t)["last"])
    assert GAME.to_move(t) == {0, 2}


def test_both_drop() -> None:
    """Both may drop; with two players that ends the game with nobody left."""
    s = begin(3, m=5)
    t = step(s, "drop", "drop")
    assert t.active == (False, False, True) and t.end == "players" and t.moves == 1
    lines = english(GAME.describe(s, {0: "drop", 1: "drop"}, t), NAMES)
    assert lines == [
        "alice and bob both drop out of the game; no points.",
        "Game over: only carol is left.",
    ]
    u = step(begin(2, m=5), "drop", "drop")
    assert GAME.is_over(u) and GAME.winners(u) == {0, 1}
    assert english(GAME.describe(begin(2, m=5), {0: "drop", 1: "drop"}, u))[-1] == (
        "Game over: nobody is left."
    )


def test_empty_fresh_pile_leaves() -> None:
    """A player whose last card goes moldy leaves at once and keeps the score."""
    s = with_piles(begin(3, m=9), p0=[6], p1=[4, 5])
    t = step(s, "6", "4")
    assert t.active == (False, True, True) and t.scores == (1, 1, 0)
    assert GAME.to_move(t) == {1, 2}
    lines = english(GAME.describe(s, {0: "6", 1: "4"}, t), NAMES)
    assert "alice's fresh pile is empty: alice leaves the game." in lines
    with pytest.raises(IllegalMove, match="not your move"):
        GAME.parse(t, 0, "drop")


def test_departed_player_can_win() -> None:
    """Winners are the best totals among all seats, including those who left."""
    s = with_piles(begin(2, m=9), p0=[6], p1=[3, 8])
    t = step(s, "6", "3")  # 3 divides 6: bob +2; alice's pile is empty
    assert t.end == "players" and t.scores == (0, 2) and GAME.winners(t) == {1}
    s = replace(begin(3, m=9), scores=(5, 0, 0))
    t = step(s, "drop", "2")
    t = step(t, "drop", "3")  # bob drops in bob-carol: carol alone
    assert t.end == "players" and GAME.winners(t) == {0}


# The cycle ------------------------------------------------------------------------------------


def test_cycle_order() -> None:
    """Pairs (i, j), i < j, in lexicographic order."""
    assert cycle(2) == ((0, 1),)
    assert cycle(4) == ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
    assert len(cycle(8)) == 28


def test_cycle_repeats_and_skips_departed() -> None:
    """The cycle wraps around; entries with a departed player are skipped."""
    s = begin(4, m=20)
    seen = []
    for _ in range(7):
        seen.append(tuple(sorted(GAME.to_move(s))))
        s = step(s, "1", "1")  # both 1: the cards stay, the game goes on
    assert seen == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (0, 1)]
    s = begin(4, m=20)
    s = step(s, "2", "drop")  # bob leaves during (0, 1)
    order = []
    for _ in range(5):
        order.append(tuple(sorted(GAME.to_move(s))))
        s = step(s, "1", "1")
    assert order == [(0, 2), (0, 3), (2, 3), (0, 2), (0, 3)]
    assert s.moves == 6


# End conditions -------------------------------------------------------------------------------


def test_no_points_left_rule() -> None:
    """No 1 and pairwise coprime ends it; a 1, a shared factor or equal cards > 1 do not."""
    assert no_points_left([(2, 9), (5, 7)])
    assert not no_points_left([(1, 9), (5, 7)])
    assert not no_points_left([(2, 9), (5, 6)])
    assert not no_points_left([(7, 7), (5,)])
    assert not no_points_left([(7,), (7, 5)])
    assert no_points_left([(), (11,)])


def test_game_ends_when_no_point_can_be_scored() -> None:
    """Ends after a move leaves only pairwise coprime cards and no 1 in the remaining piles."""
    s = with_piles(begin(3, m=20), p0=[4, 9], p1=[2, 5], p2=[7, 11])
    t = step(s, "4", "2")  # 2 divides 4: bob +2; left: {9}, {5}, {7, 11}
    assert t.end == "stuck" and GAME.is_over(t) and GAME.to_move(t) == frozenset()
    assert english(GAME.describe(s, {0: "4", 1: "2"}, t), NAMES)[-1].startswith(
        "Game over: no point can be scored any more"
    )
    # A departed player's cards are out of play: carol's 9 does not keep the game alive.
    s = replace(
        with_piles(begin(3, m=20), p0=[4, 5], p1=[2, 7], p2=[9]), active=(True, True, False)
    )
    assert step(s, "4", "2").end == "stuck"


def test_equal_cards_keep_the_game_alive() -> None:
    """Two 7s in play can still score (equal cards > 1 are not coprime)."""
    s = with_piles(begin(3, m=20), p0=[4, 7], p1=[2, 5], p2=[7, 11])
    t = step(s, "4", "2")
    assert not t.end and GAME.to_move(t) == {0, 2}
    t = step(t, "7", "7")  # equal: both +2; left {}, {5}, {11}: alice is out, 5 and 11 coprime
    assert t.scores == (2, 2, 2) and t.active == (False, True, True) and t.end == "stuck"


def test_a_one_keeps_the_game_alive() -> None:
    """A 1 in a remaining fresh pile can always score, so the game goes on."""
    s = with_piles(begin(2, m=20), p0=[4, 9], p1=[1, 2])
    t = step(s, "4", "2")
    assert not t.end and t.fresh == ((9,), (1,))


def test_game_ends_after_max_moves() -> None:
    """The cap stops a 1 being passed back and forth forever."""
    s = with_piles(begin(2, m=5, max_moves=3), p0=[1], p1=[1])
    for _ in range(2):
        s = step(s, "1", "1")
        assert not s.end
    s = step(s, "1", "1")
    assert s.end == "limit" and s.moves == 3 and s.scores == (6, 6)
    assert GAME.winners(s) == {0, 1}
    assert (
        english(GAME.describe(s, {0: "1", 1: "1"}, s))[-1]
        == "Game over: the move limit is reached."
    )
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(s, {0: "1", 1: "1"})


def test_one_player_left_ends() -> None:
    """At most one player left ends the game."""
    t = step(begin(2, m=3), "drop", "2")
    assert t.end == "players" and GAME.to_move(t) == frozenset()


# Moves and refusals ---------------------------------------------------------------------------


def test_parse_canonical_and_refusals() -> None:
    """Forgiving about case and spaces; refusals say what the seat holds."""
    s = with_piles(begin(3, m=20), p0=[1, 4, 7, 7])
    assert GAME.parse(s, 0, " 07 ") == "7"
    assert GAME.parse(s, 0, " DROP ") == "drop"
    assert list(GAME.legal(s, 0)) == ["1", "4", "7", "drop"]
    with pytest.raises(IllegalMove) as e:
        GAME.parse(s, 0, "19")
    assert str(e.value) == "19 is not in your fresh pile; you hold: 1, 4, 7, 7."
    with pytest.raises(IllegalMove, match="`seven` is not a card number or `drop`; you hold"):
        GAME.parse(s, 0, "seven")
    with pytest.raises(IllegalMove, match="The move is empty: send a card number"):
        GAME.parse(s, 0, "  ")
    with pytest.raises(IllegalMove, match="0 is not in your fresh pile"):
        GAME.parse(s, 0, "0")
    with pytest.raises(IllegalMove, match=r"It is not your move\."):
        GAME.parse(s, 2, "3")
    assert list(GAME.legal(s, 2)) == []


def test_long_pile_is_abbreviated_in_refusals() -> None:
    """A long pile is listed with repeat counts."""
    s = with_piles(begin(2, m=60), p0=[*range(1, 31), 30, 30])
    with pytest.raises(IllegalMove) as e:
        GAME.parse(s, 0, "44")
    assert str(e.value).endswith("28, 29, 30×3.")


def test_sealed_step_in_progress() -> None:
    """A sealed step waits for both; the first card stays hidden until then."""
    p = Progress.begin(GAME, 3, {"m": 5}).submit(1, "3")
    assert p.awaited() == {0} and p.state.fresh[1] == (1, 2, 3, 4, 5)
    p = p.submit(0, "5")
    assert p.state.fresh == ((1, 2, 3, 3, 4), (1, 2, 4, 5, 5), (1, 2, 3, 4, 5))


def test_prompt() -> None:
    """The prompt names the partner and lists the seat's fresh pile."""
    s = with_piles(begin(3, m=20), p0=[1, 3, 3, 8, 20])
    s = replace(s, moves=6)
    assert GAME.prompt(s, 0).english(NAMES) == (
        "Move 7: you are paired with bob. Send a card from your fresh pile "
        "(1, 3, 3, 8, 20) or `drop` to leave the game."
    )
    assert "paired with P1" in GAME.prompt(s, 1).english()
    assert GAME.prompt(s, 2).english() == "It is not your move."


# Options --------------------------------------------------------------------------------------


def test_options() -> None:
    """Defaults: m = 20, max_moves = 3·m·p(p-1)/2; bounds are refused with the range."""
    assert GAME.settle_options(2, {}) == {"m": 20, "max_moves": 60}
    assert GAME.settle_options(4, {}) == {"m": 20, "max_moves": 360}
    assert GAME.settle_options(8, {"m": 60}) == {"m": 60, "max_moves": 5040}
    assert GAME.settle_options(3, {"m": 2, "max_moves": 1}) == {"m": 2, "max_moves": 1}
    assert GAME.max_steps(8, {"m": 60, "max_moves": 5040}) == 5040
    with pytest.raises(BadOption, match="`m` must be from 2 to 60; got 61"):
        GAME.settle_options(3, {"m": 61})
    with pytest.raises(BadOption, match="`m` must be from 2 to 60; got 1"):
        GAME.settle_options(3, {"m": 1})
    with pytest.raises(BadOption, match="`max_moves` must be from 1 to 100000"):
        GAME.settle_options(3, {"max_moves": 100_001})
    with pytest.raises(BadOption, match="2 to 8 players"):
        GAME.settle_options(9, {})
    s = begin(3, m=6)
    assert s.fresh == ((1, 2, 3, 4, 5, 6),) * 3 and GAME.to_move(s) == {0, 1}


# Views and the board --------------------------------------------------------------------------


def test_fresh_piles_are_private() -> None:
    """A fresh pile appears only in its owner's view; others see its size."""
    s = with_piles(begin(3, m=20), p0=[13, 17, 19], p1=[2, 3], p2=[11, 12, 14, 16])
    secret = {0: [13, 17, 19], 1: [2, 3], 2: [11, 12, 14, 16]}
    public = GAME.view(s, None)
    assert public["fresh_sizes"] == [3, 2, 4] and public["private"] is None
    for viewer in (None, 0, 1, 2):
        v = GAME.view(s, viewer)
        for seat, cards in secret.items():
            shown = v["private"] is not None and v["private"]["fresh"] == cards
            assert shown == (viewer == seat)
        board = GAME.render(s, viewer, NAMES)
        for seat, cards in secret.items():
            line = f"Your fresh pile ({len(cards)}): {' '.join(map(str, cards))}"
            assert (line in board) == (viewer == seat)
    blob = json.dumps(GAME.view(s, 1))
    assert "17" not in blob and "16" not in blob


def test_board_contents() -> None:
    """Scores, sizes, moldy piles, the cycle with the current entry and departed players."""
    s = begin(4, m=20)
    s = step(s, "6", "4")  # alice-bob: both +1, moldy
    s = step(s, "drop", "9")  # alice drops during alice-carol
    board = GAME.render(s, 1, NAMES)
    assert "Numerical Card Game  m=20  move 2 of 360" in board
    assert "Now: bob vs carol" in board
    assert "Last: alice dropped out" in board
    assert " 1  alice       1     19      1  (left)" in board
    assert " 2  bob         1     19      1  <- you" in board
    assert " alice : 6" in board and " bob   : 4" in board
    assert "~1-2~ ~1-3~ ~1-4~ [2-3] 2-4 3-4" in board
    assert "Your fresh pile (19):" in board
    t = step(begin(2, m=9), "6", "4")
    assert "Last: alice 6 vs bob 4: gcd 2, neither divides the other; both +1, both moldy" in (
        GAME.render(t, None, NAMES)
    )


def test_a_long_name_is_clipped_where_it_is_cut() -> None:
    """A name longer than the board's column ends in an ellipsis, so a cut is never read as a
    name of its own (a computer's level in brackets, say)."""
    board = GAME.render(begin(2), None, ["alice", "Computer (expert)"])
    assert "Now: alice vs Computer (exper… (sealed cards)" in board
    assert "Computer (expert " not in board


def test_board_fits_at_the_largest_bound() -> None:
    """Even with every pile at its largest, the board fits (compact form if needed)."""
    s = begin(8, m=60)
    big = tuple(range(1, 61))
    s = replace(s, fresh=(big,) * 8, moldy=(big,) * 8, scores=(99999,) * 8)
    names = [f"player{k}x" for k in range(8)]
    for viewer in (None, 0, 7):
        board = GAME.render(s, viewer, names)
        assert len(board) <= BOARD_LIMIT
        assert len(GAME.draw(GAME.view(s, viewer), names, compact=True)) <= BOARD_LIMIT
        assert len(GAME.draw(GAME.view(s, viewer), names, True, FRENCH)) <= BOARD_LIMIT
    assert len(GAME.draw(GAME.view(s, 0), names, compact=False)) > BOARD_LIMIT
    over = replace(s, end="limit")
    assert "Game over: the move limit is reached." in GAME.render(over, None, names)


def test_whole_games_at_the_largest_bound() -> None:
    """Random p=8, m=60 games play to their end: every move legal, every board drawn.

    How fast each operation is at this bound is measured by the benchmark (`python -m bench`).
    """
    names = [f"player{k}x" for k in range(8)]
    for seed in range(3):
        rng = random.Random(seed)
        s = GAME.start(8, GAME.settle_options(8, {"m": 60}))
        while not GAME.is_over(s):
            moves = {}
            for seat in GAME.to_move(s):
                move = GAME.parse(s, seat, GAME.sample(s, seat, rng))
                assert move in list(GAME.legal(s, seat))
                with pytest.raises(IllegalMove):
                    GAME.parse(s, seat, "99")
                moves[seat] = move
            t = GAME.apply(s, moves)
            assert english(GAME.describe(s, moves, t), names)
            for viewer in (None, 0, 7):
                assert len(GAME.render(t, viewer, names)) <= BOARD_LIMIT
            s = t
