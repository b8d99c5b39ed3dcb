"""Tournaments: Swiss, round robin and knockout pairings, scores, tie-breaks and standings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.pairings import FORMATS, Entrant, Pairing, Played, Row, champion, seat_scores

F = Fraction
SWISS, ROBIN, KNOCKOUT = FORMATS["swiss"], FORMATS["round-robin"], FORMATS["knockout"]
Result = Callable[[tuple[int, ...], int], tuple[int, ...]]


def places(keys: Sequence[int]) -> tuple[int, ...]:
    """Finishing places from keys, the lowest key first; equal keys share a place."""
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def scrambled(table: tuple[int, ...], round: int) -> tuple[int, ...]:
    """A fixed but varied result: wins, losses and some draws that do not follow the ratings."""
    return places([(e * 7 + round * 3) % 5 for e in table])


def line(row: Row) -> tuple[object, ...]:
    """A row as the tests write it: entrant, rank, score, w-d-l, byes, tie-breaks."""
    wdl = (row.wins, row.draws, row.losses)
    return (row.entrant, row.rank, row.score, wdl, row.byes, row.tiebreaks)


def run(
    fmt_name: str,
    entrants: list[Entrant],
    rounds: int,
    table: int = 2,
    result: Result = scrambled,
) -> tuple[list[Pairing], list[Played], list[tuple[int, int]]]:
    """Plays a whole tournament: every round's pairing, every game, every bye."""
    fmt = FORMATS[fmt_name]
    pairings: list[Pairing] = []
    games: list[Played] = []
    byes: list[tuple[int, int]] = []
    for r in range(1, rounds + 1):
        pairing = fmt.pair(entrants, games, byes, r, table)
        pairings.append(pairing)
        games += [Played(r, t, result(t, r)) for t in pairing.tables]
        games += pairing.forfeits
        byes += [(r, e) for e in pairing.byes]
    return pairings, games, byes


def met(games: Sequence[Played]) -> Counter[frozenset[int]]:
    """How often each pair of entrants sat at one table."""
    return Counter(frozenset(p) for g in games if not g.forfeit for p in combinations(g.table, 2))


def check_round(pairing: Pairing, active: set[int], table: int) -> None:
    """Tables are full and disjoint, and every active entrant has a table or a bye, once."""
    seated = [e for t in pairing.tables for e in t] + list(pairing.byes)
    assert sorted(seated) == sorted(active)
    assert all(len(t) == table for t in pairing.tables)
    assert len(pairing.byes) == len(active) % table


# Scoring.


def test_a_game_scores_beaten_and_half_the_tied_over_the_opponents() -> None:
    """1 / ½ / 0 at a table of 2; at a table of 3 each opponent is worth ½."""
    assert seat_scores(Played(1, (1, 2), (1, 2))) == (1, 0)
    assert seat_scores(Played(1, (1, 2), (1, 1))) == (F(1, 2), F(1, 2))
    assert seat_scores(Played(1, (1, 2, 3), (1, 2, 2))) == (1, F(1, 4), F(1, 4))
    assert seat_scores(Played(1, (1, 2, 3), (1, 1, 3))) == (F(3, 4), F(3, 4), 0)
    # A forfeit: the present beat the withdrawn, who get nothing even when level among them.
    assert seat_scores(Played(1, (1, 2, 3), (1, 2, 2), forfeit=True)) == (1, 0, 0)
    assert seat_scores(Played(1, (1, 2, 3), (1, 1, 2), forfeit=True)) == (F(3, 4), F(3, 4), 0)


def test_equal_entrants_share_a_rank_and_the_next_rank_is_skipped() -> None:
    """Ranks run 1, 2, 2, 4; a win is first alone, a draw a shared first, at any table size."""
    entrants = [Entrant(i, 1000) for i in range(1, 5)]
    games = [Played(1, (1, 2, 3), (1, 2, 2)), Played(2, (1, 4), (1, 1))]
    rows = SWISS.standings(entrants, games, [(1, 4)], 2)
    assert [(r.entrant, r.rank) for r in rows] == [(1, 1), (4, 2), (2, 3), (3, 3)]
    assert [(r.wins, r.draws, r.losses, r.played) for r in rows] == [
        (1, 1, 0, 2),
        (0, 1, 0, 1),
        (0, 0, 1, 1),
        (0, 0, 1, 1),
    ]
    assert rows[1].score == F(3, 2) and rows[1].byes == 1
    assert champion(rows) == 1
    assert champion(SWISS.standings(entrants, [Played(1, (1, 2), (1, 1))], [], 2)) is None


# Swiss.


def test_swiss_rounds() -> None:
    """ceil(log2 n) at tables of 2, ceil(log_k n) at tables of k; asked, capped at (n-1)/(k-1)."""
    assert [SWISS.rounds(n, 2, None) for n in (2, 3, 4, 5, 8, 9, 16, 17)] == [
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
    ]
    assert [SWISS.rounds(n, 3, None) for n in (3, 4, 7, 9, 10)] == [1, 2, 2, 2, 3]
    assert SWISS.rounds(6, 2, 4) == 4 and SWISS.rounds(6, 2, 9) == 5
    # At tables of 3 a round meets 2 new opponents: 7 entrants allow 3 rounds, 9 allow 4.
    assert SWISS.rounds(7, 3, 4) == 3 and SWISS.rounds(9, 3, 4) == 4


def test_hand_worked_swiss_of_six() -> None:
    """Every round's pairing and the final standings of a Swiss of 6, worked out by hand."""
    # Ratings rank the entrants 2 (1500), 4 (1400), 6 (1300), 1 (1200), 5 (1100), 3 (1000).
    # Round 1, all on 0, folds the rating order: 2 v 1, 4 v 5, 6 v 3, the higher rated seated
    # first. Results: 2 beats 1, 4 and 5 draw, 3 beats 6.
    # Round 2 ranks 2, 3 (1) | 4, 5 (½) | 6, 1 (0). 2 v 3 is the fold of the top group; 4 v 5
    # would repeat, so 4 takes the next one down, 6, and 5 meets 1. Seats: 3 sat second in
    # round 1 and 2 first, so 3 sits first; 4 and 6 both sat first, so the higher ranked 4
    # does; 5 and 1 both sat second, so 5 does. Results: 3 and 2 draw, 6 beats 4, 5 beats 1.
    # Round 3 ranks 2, 5, 3 (1½) | 6 (1) | 4 (½) | 1 (0). The group of three folds 2 v 5 and
    # floats 3 down, to meet the top of what is left: 6, already met, so 4; then 6 v 1. Seats:
    # 2 and 5 are level (one first, one second each): 2, the higher ranked; 3 is level and 4
    # sat first twice: 3; 1 sat second twice: 1. Results: 2 and 5 draw, 3 and 4 draw, 1 beats 6.
    #
    # entrant  games (opponent: result)  score  buchholz        sonneborn-berger
    # 1        2: 0   5: 0   6: 1        1      2 + 2 + 1 = 5   1·1             = 1
    # 2        1: 1   3: ½   5: ½        2      1 + 2 + 2 = 5   1·1 + ½·2 + ½·2 = 3
    # 3        6: 1   2: ½   4: ½        2      1 + 2 + 1 = 4   1·1 + ½·2 + ½·1 = 5/2
    # 4        5: ½   6: 0   3: ½        1      2 + 1 + 2 = 5   ½·2 + 0 + ½·2   = 2
    # 5        4: ½   1: 1   2: ½        2      1 + 1 + 2 = 4   ½·1 + 1·1 + ½·2 = 5/2
    # 6        3: 0   4: 1   1: 0        1      2 + 1 + 1 = 4   1·1             = 1
    #
    # On 2 points, Buchholz puts 2 first and leaves 3 and 5 level on every tie-break: both rank
    # 2 (listed by entry number). On 1 point, Buchholz puts 4 and 1 (5) ahead of 6 (4), and
    # Sonneborn-Berger puts 4 (2) ahead of 1 (1).
    ratings = {1: 1200, 2: 1500, 3: 1000, 4: 1400, 5: 1100, 6: 1300}
    entrants = [Entrant(i, r) for i, r in ratings.items()]
    results = {
        1: {(2, 1): (1, 2), (4, 5): (1, 1), (6, 3): (2, 1)},
        2: {(3, 2): (1, 1), (4, 6): (2, 1), (5, 1): (1, 2)},
        3: {(2, 5): (1, 1), (3, 4): (1, 1), (1, 6): (1, 2)},
    }
    assert SWISS.rounds(6, 2, None) == 3
    games: list[Played] = []
    for r, expected in results.items():
        pairing = SWISS.pair(entrants, games, [], r, 2)
        assert pairing == Pairing(tables=tuple(expected))
        games += [Played(r, t, p) for t, p in expected.items()]
    rows = SWISS.standings(entrants, games, [], 2)
    assert SWISS.tiebreak_names == ("buchholz", "sonneborn-berger")
    assert [line(r) for r in rows] == [
        (2, 1, 2, (1, 2, 0), 0, (5, 3)),
        (3, 2, 2, (1, 2, 0), 0, (4, F(5, 2))),
        (5, 2, 2, (1, 2, 0), 0, (4, F(5, 2))),
        (4, 4, 1, (0, 2, 1), 0, (5, 2)),
        (1, 5, 1, (1, 0, 2), 0, (5, 1)),
        (6, 6, 1, (1, 0, 2), 0, (4, 1)),
    ]
    assert all(r.played == 3 for r in rows)


def lowest_without_bye(
    entrants: list[Entrant], games: list[Played], byes: list[tuple[int, int]], round: int
) -> int:
    """The lowest-ranked active entrant (score, rating, number) without a bye before `round`."""
    score = {r.entrant: r.score for r in SWISS.standings(entrants, games, byes, 2)}
    had = {e for _, e in byes}
    waiting = [e for e in entrants if e.active(round) and e.id not in had]
    return min(waiting, key=lambda e: (score[e.id], e.rating, -e.id)).id


def test_swiss_of_eight_never_repeats_a_pairing() -> None:
    """Three rounds (the default) and five asked for: nobody meets anybody twice."""
    entrants = [Entrant(i, 1600 - 37 * i % 300) for i in range(1, 9)]
    for rounds in (SWISS.rounds(8, 2, None), SWISS.rounds(8, 2, 5)):
        pairings, games, byes = run("swiss", entrants, rounds)
        assert len(pairings) == rounds and not byes
        for pairing in pairings:
            check_round(pairing, set(range(1, 9)), 2)
        assert max(met(games).values()) == 1
    first = SWISS.pair(entrants, [], [], 1, 2).tables
    by_rating = [e.id for e in sorted(entrants, key=lambda e: (-e.rating, e.id))]
    assert [set(t) for t in first] == [{by_rating[i], by_rating[i + 4]} for i in range(4)]


def test_swiss_of_five_gives_each_bye_to_the_lowest_without_one() -> None:
    """Four rounds of five: four byes to four entrants, each the lowest without one yet."""
    entrants = [Entrant(i, 1000 + 50 * (i % 3)) for i in range(1, 6)]
    games: list[Played] = []
    byes: list[tuple[int, int]] = []
    for r in range(1, SWISS.rounds(5, 2, 4) + 1):
        pairing = SWISS.pair(entrants, games, byes, r, 2)
        check_round(pairing, set(range(1, 6)), 2)
        assert pairing.byes == (lowest_without_bye(entrants, games, byes, r),)
        games += [Played(r, t, scrambled(t, r)) for t in pairing.tables]
        byes += [(r, e) for e in pairing.byes]
    assert len({e for _, e in byes}) == 4
    assert max(met(games).values()) == 1


def test_a_withdrawn_entrant_is_never_paired_again() -> None:
    """Entrant 3 leaves after round 1 of a Swiss of 5: the other four play on, without a bye."""
    entrants = [Entrant(i, 1500 - 100 * i) for i in range(1, 6)]
    pairings, games, _ = run("swiss", [*entrants[:2], Entrant(3, 1200, 1), *entrants[3:]], 3)
    assert any(3 in t for t in pairings[0].tables) or pairings[0].byes == (3,)
    for pairing in pairings[1:]:
        check_round(pairing, {1, 2, 4, 5}, 2)
        assert not pairing.byes
    assert max(met(games).values()) == 1
    gone = [Entrant(i, 1000, 0 if i == 5 else None) for i in range(1, 6)]
    check_round(SWISS.pair(gone, [], [], 1, 2), {1, 2, 3, 4}, 2)


def fewest_repeats(players: list[int], seen: set[frozenset[int]], table: int) -> int:
    """The fewest repeated pairs any seating of these players at tables of `table` has."""
    if not players:
        return 0
    top, rest = players[0], players[1:]
    return min(
        sum(frozenset(p) in seen for p in combinations((top, *others), 2))
        + fewest_repeats([e for e in rest if e not in others], seen, table)
        for others in combinations(rest, table - 1)
    )


def test_swiss_of_seven_at_tables_of_three() -> None:
    """One bye a round (7 mod 3), each to another entrant; the fewest repeats a round allows."""
    # The fold seats 1, 3, 5 and 2, 4, 6. After round 1 no repeat-free round exists: a table
    # without the entrant who had the bye holds two of one first-round table. So each round
    # must repeat as little as its bye allows, checked by trying every seating.
    entrants = [Entrant(i, 2000 - 10 * i) for i in range(1, 8)]
    assert SWISS.rounds(7, 3, None) == 2
    assert SWISS.pair(entrants, [], [], 1, 3) == Pairing(((1, 3, 5), (2, 4, 6)), (7,))
    pairings, games, byes = run("swiss", entrants, 3, table=3)
    for r, pairing in enumerate(pairings, 1):
        check_round(pairing, set(range(1, 8)), 3)
        seen = set(met([g for g in games if g.round < r]))
        players = sorted(set(range(1, 8)) - set(pairing.byes))
        repeats = sum(frozenset(p) in seen for t in pairing.tables for p in combinations(t, 2))
        assert repeats == fewest_repeats(players, seen, 3)
        assert repeats == 0 if r == 1 else repeats >= 1
    assert len({e for _, e in byes}) == 3


def test_the_pairing_does_not_depend_on_the_order_of_its_input() -> None:
    """Entrants and games given in another order give the same pairing."""
    entrants = [Entrant(i, 1000 + 10 * (i % 4)) for i in range(1, 10)]
    _, games, byes = run("swiss", entrants, 2)
    ahead = SWISS.pair(entrants, games, byes, 3, 2)
    assert SWISS.pair(entrants[::-1], games[::-1], byes[::-1], 3, 2) == ahead


# Round robin.


def test_round_robins_of_four_and_five_meet_everyone_once() -> None:
    """Every pair meets once, each entrant plays once a round, seats balance, byes go round."""
    for n, rounds in ((4, 3), (5, 5)):
        entrants = [Entrant(i, 1000) for i in range(1, n + 1)]
        assert ROBIN.rounds(n, 2, None) == rounds
        pairings, games, byes = run("round-robin", entrants, rounds)
        for pairing in pairings:
            check_round(pairing, set(range(1, n + 1)), 2)
        assert met(games) == Counter(frozenset(p) for p in combinations(range(1, n + 1), 2))
        assert sorted(e for _, e in byes) == ([] if n % 2 == 0 else list(range(1, n + 1)))
        firsts = Counter(g.table[0] for g in games)
        assert {firsts[e] for e in range(1, n + 1)} <= {(n - 1) // 2, n // 2}
    assert [p.tables for p in run("round-robin", [Entrant(i, 0) for i in (1, 2, 3, 4)], 3)[0]] == [
        ((1, 4), (2, 3)),
        ((4, 3), (1, 2)),
        ((2, 4), (3, 1)),
    ]


def test_a_withdrawal_turns_the_later_games_into_forfeits() -> None:
    """Entrant 4 leaves after round 1 of four: its games of rounds 2 and 3 are forfeits."""
    entrants = [Entrant(1, 0), Entrant(2, 0), Entrant(3, 0), Entrant(4, 0, 1)]
    pairings, games, _ = run("round-robin", entrants, 3)
    assert pairings[0].tables == ((1, 4), (2, 3)) and not pairings[0].forfeits
    assert pairings[1] == Pairing(((1, 2),), forfeits=(Played(2, (4, 3), (2, 1), forfeit=True),))
    assert pairings[2] == Pairing(((3, 1),), forfeits=(Played(3, (2, 4), (1, 2), forfeit=True),))
    rows = {r.entrant: r for r in ROBIN.standings(entrants, games, [], 2)}
    assert (rows[3].played, rows[3].forfeits) == (2, 1)
    assert rows[4].played == 1 and rows[4].forfeits == 2
    assert rows[4].score == seat_scores(Played(1, (1, 4), scrambled((1, 4), 1)))[1]


def test_head_to_head_decides_a_tie_before_sonneborn_berger() -> None:
    """A round robin of five worked out by hand: 4 beat 5, though 5 beat the stronger."""
    # round  tables (winner in brackets)  bye
    # 1      2 v 5 (2)    3 v 4 (3)       1
    # 2      5 v 3 (5)    1 v 2 (1)       4
    # 3      3 v 1 (3)    4 v 5 (4)       2
    # 4      1 v 4 (1)    2 v 3 (2)       5
    # 5      4 v 2 (2)    5 v 1 (1)       3
    #
    # entrant  won against  + bye  score  head-to-head   sonneborn-berger
    # 1        2, 4, 5      1      4      beat 2: 1      4 + 2 + 2 = 8
    # 2        5, 3, 4      1      4      lost to 1: 0   2 + 3 + 2 = 7
    # 3        4, 1         1      3      alone: 0       2 + 4     = 6
    # 4        5            1      2      beat 5: 1      2
    # 5        3            1      2      lost to 4: 0   3
    #
    # On 2, Sonneborn-Berger would put 5 ahead (3 > 2), but head-to-head comes first: 4.
    entrants = [Entrant(i, 1000) for i in range(1, 6)]
    winners: dict[tuple[int, ...], int] = {(2, 5): 2, (3, 4): 3, (5, 3): 5, (1, 2): 1, (3, 1): 3}
    winners |= {(4, 5): 4, (1, 4): 1}
    winners |= {(2, 3): 2, (4, 2): 2, (5, 1): 1}

    def result(table: tuple[int, ...], round: int) -> tuple[int, ...]:
        return (1, 2) if winners[table] == table[0] else (2, 1)

    pairings, games, byes = run("round-robin", entrants, 5, result=result)
    assert [p.byes for p in pairings] == [(1,), (4,), (2,), (5,), (3,)]
    assert [t for p in pairings for t in p.tables] == list(winners)
    rows = ROBIN.standings(entrants, games, byes, 2)
    assert ROBIN.tiebreak_names == ("head-to-head", "sonneborn-berger")
    assert [line(r) for r in rows] == [
        (1, 1, 4, (3, 0, 1), 1, (1, 8)),
        (2, 2, 4, (3, 0, 1), 1, (0, 7)),
        (3, 3, 3, (2, 0, 2), 1, (0, 6)),
        (4, 4, 2, (1, 0, 3), 1, (1, 2)),
        (5, 5, 2, (1, 0, 3), 1, (0, 3)),
    ]


def test_round_robin_of_four_at_tables_of_three_is_four_games() -> None:
    """Each 3-subset of four once: four rounds of one table, each entrant sitting out once."""
    entrants = [Entrant(i, 1000) for i in range(1, 5)]
    assert ROBIN.rounds(4, 3, None) == 4
    pairings, games, byes = run("round-robin", entrants, 4, table=3)
    assert sorted(tuple(sorted(g.table)) for g in games) == list(combinations(range(1, 5), 3))
    for pairing in pairings:
        check_round(pairing, {1, 2, 3, 4}, 3)
    assert sorted(e for _, e in byes) == [1, 2, 3, 4]
    assert Counter(g.table[0] for g in games) == Counter({1: 1, 2: 1, 3: 1, 4: 1})


def test_round_robin_at_tables_of_k_schedules_every_subset_and_refuses_over_sixty() -> None:
    """C(7, 3) = 35 tables, at most two a round; C(8, 4) = 70 is refused."""
    entrants = [Entrant(i, 1000) for i in range(1, 8)]
    rounds = ROBIN.rounds(7, 3, None)
    pairings = [ROBIN.pair(entrants, [], [], r, 3) for r in range(1, rounds + 1)]
    tables = sorted(tuple(sorted(t)) for p in pairings for t in p.tables)
    assert tables == list(combinations(range(1, 8), 3))
    assert all(1 <= len(p.tables) <= 2 for p in pairings)
    with pytest.raises(ValueError, match="70"):
        ROBIN.rounds(8, 4, None)


# Knockout.


def test_knockout_of_eight() -> None:
    """Seeds 1v8, 4v5, 2v7, 3v6; one replay of a drawn table; the champion first."""
    # Seed = entry number here. 5 beats 4; the semi-final 1 v 5 is drawn, so it is replayed
    # once as 5 v 1; that is drawn too, so the higher seed, 1, goes on, and 3 wins the final.
    entrants = [Entrant(i, 2000 - 10 * i) for i in range(1, 9)]
    assert KNOCKOUT.rounds(8, 2, None) == 3
    assert KNOCKOUT.pair(entrants, [], [], 1, 2).tables == ((1, 8), (4, 5), (2, 7), (3, 6))
    games = [Played(1, (1, 8), (1, 2)), Played(1, (4, 5), (2, 1))]
    assert KNOCKOUT.replays(entrants, games, 1, 2) == ()
    games += [Played(1, (2, 7), (1, 2)), Played(1, (3, 6), (1, 2))]
    assert KNOCKOUT.pair(entrants, games, [], 2, 2).tables == ((1, 5), (2, 3))
    games += [Played(2, (1, 5), (1, 1)), Played(2, (2, 3), (2, 1))]
    assert KNOCKOUT.replays(entrants, games, 2, 2) == ((5, 1),)
    with pytest.raises(ValueError, match="not decided"):
        KNOCKOUT.pair(entrants, games, [], 3, 2)
    games.append(Played(2, (5, 1), None, tiebreak=True))
    assert KNOCKOUT.replays(entrants, games, 2, 2) == ()
    games[-1] = Played(2, (5, 1), (1, 1), tiebreak=True)
    assert KNOCKOUT.replays(entrants, games, 2, 2) == ()
    assert KNOCKOUT.pair(entrants, games, [], 3, 2).tables == ((1, 3),)
    games.append(Played(3, (1, 3), (2, 1)))
    rows = KNOCKOUT.standings(entrants, games, [], 2)
    assert [(r.entrant, r.rank, r.tiebreaks) for r in rows] == [
        (3, 1, (4,)),
        (1, 2, (3,)),
        (2, 3, (2,)),
        (5, 3, (2,)),
        (4, 5, (1,)),
        (6, 5, (1,)),
        (7, 5, (1,)),
        (8, 5, (1,)),
    ]
    assert (rows[1].played, rows[1].draws, rows[1].score) == (4, 2, 2)
    assert champion(rows) == 3


def test_knockout_of_six_gives_the_top_seeds_byes() -> None:
    """Seeds 7 and 8 are empty: 1 and 2 go through; seeding follows the rating, not the number."""
    ratings = [1200, 1500, 1100, 1300, 1000, 1400]
    entrants = [Entrant(i, r) for i, r in enumerate(ratings, 1)]
    seed = {1: 2, 2: 6, 3: 4, 4: 1, 5: 3, 6: 5}
    first = KNOCKOUT.pair(entrants, [], [], 1, 2)
    assert first == Pairing(((seed[4], seed[5]), (seed[3], seed[6])), (seed[1], seed[2]))
    games = [Played(1, t, (2, 1)) for t in first.tables]
    byes = [(1, e) for e in first.byes]
    second = KNOCKOUT.pair(entrants, games, byes, 2, 2)
    assert second.tables == ((seed[1], seed[5]), (seed[2], seed[6]))
    rows = KNOCKOUT.standings(entrants, games, byes, 2)
    assert champion(rows) is None
    assert {r.entrant: r.byes for r in rows if r.byes} == {seed[1]: 1, seed[2]: 1}


def test_a_withdrawn_winner_gives_the_next_opponent_a_forfeit() -> None:
    """Seed 8 beats seed 1 and then leaves: seed 4 goes on to the final without playing."""
    entrants = [Entrant(i, 2000 - 10 * i) for i in range(1, 9)]
    games = [Played(1, t, (2, 1)) for t in KNOCKOUT.pair(entrants, [], [], 1, 2).tables]
    entrants[7] = Entrant(8, 1920, withdrawn=1)
    second = KNOCKOUT.pair(entrants, games, [], 2, 2)
    assert second.tables == ((6, 7),)
    assert second.forfeits == (Played(2, (5, 8), (1, 2), forfeit=True),)
    games += [*second.forfeits, Played(2, (6, 7), (1, 2))]
    assert KNOCKOUT.pair(entrants, games, [], 3, 2).tables == ((5, 6),)


def test_knockout_at_tables_of_three() -> None:
    """Nine slots for seven: tables of seeds 1, 6, 7 and 2, 5 and 3, 4; winners meet in a final."""
    entrants = [Entrant(i, 2000 - 10 * i) for i in range(1, 8)]
    assert KNOCKOUT.rounds(7, 3, None) == 2
    first = KNOCKOUT.pair(entrants, [], [], 1, 3)
    assert first.tables == ((1, 6, 7), (2, 5), (3, 4))
    games = [Played(1, t, places(range(len(t)))[::-1]) for t in first.tables]
    assert KNOCKOUT.pair(entrants, games, [], 2, 3).tables == ((4, 5, 7),)


# Properties.


def repeat_free_exists(active: list[int], seen: set[frozenset[int]], needy: set[int]) -> bool:
    """Whether a bye to one of the needy (fewest byes) leaves a repeat-free pairing."""

    def pairs(left: list[int]) -> bool:
        if not left:
            return True
        top, rest = left[0], left[1:]
        return any(
            frozenset((top, o)) not in seen and pairs([e for e in rest if e != o]) for o in rest
        )

    if len(active) % 2 == 0:
        return pairs(active)
    return any(pairs([e for e in active if e != b]) for b in needy)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=10),
    data=st.data(),
)
def test_swiss_pairings_cover_everyone_once_and_avoid_repeats_when_they_can(
    n: int, data: st.DataObject
) -> None:
    """Each active entrant once a round (table or bye); a repeat only when none can be avoided."""
    ratings = data.draw(st.lists(st.integers(900, 1100), min_size=n, max_size=n))
    leaving = data.draw(st.dictionaries(st.integers(1, n), st.integers(0, n - 2), max_size=n // 3))
    entrants = [Entrant(i, ratings[i - 1], leaving.get(i)) for i in range(1, n + 1)]
    games: list[Played] = []
    byes: list[tuple[int, int]] = []
    for r in range(1, SWISS.rounds(n, 2, n - 1) + 1):
        active = [e.id for e in entrants if e.active(r)]
        if len(active) < 2:
            break
        pairing = SWISS.pair(entrants, games, byes, r, 2)
        check_round(pairing, set(active), 2)
        seen = set(met(games))
        repeats = [t for t in pairing.tables if frozenset(t) in seen]
        if repeats:
            had = Counter(e for _, e in byes)
            needy = {e for e in active if had[e] == min(had[a] for a in active)}
            assert not repeat_free_exists(sorted(active), seen, needy), (r, pairing)
        if len(active) % 2 and set(active) - {e for _, e in byes}:
            assert pairing.byes[0] not in {e for _, e in byes}
        results = data.draw(st.lists(st.sampled_from([(1, 2), (1, 1), (2, 1)]), min_size=n))
        games += [Played(r, t, results[i]) for i, t in enumerate(pairing.tables)]
        byes += [(r, e) for e in pairing.byes]
