"""A tournament's standings and bracket as Discord shows them: the text table, the scores
written as people write them, and the bracket's boxes."""

from __future__ import annotations

from fractions import Fraction

from cogs.speech import ENGLISH
from cogs.tournament_tables import bracket, score, seed_order, standings_text
from referee.speech import Person
from referee.tournament_view import Placing, Table, TournamentView

PLAYERS = [Person(name, 100 + i) for i, name in enumerate(("ann", "ben", "cat", "dan"))]


def knockout_of_four() -> TournamentView:
    """Seeds 1 v 4 won by 1; 2 v 3 drawn, its tie-break drawn too, so seed 2 went on; the
    final not played yet."""
    ann, ben, cat, dan = PLAYERS
    tables = (
        Table(1, (ann, dan), (1, 4), (1, 2), 11),
        Table(1, (ben, cat), (2, 3), (1, 1), 12),
        Table(1, (cat, ben), (3, 2), (1, 1), 13, tiebreak=True),
        Table(2, (ann, ben), (1, 2), None, 14),
    )
    placings = tuple(
        Placing(i + 1, p, Fraction(1), 1, 1, 0, 0, 0, (Fraction(2),), False, i + 1)
        for i, p in enumerate(PLAYERS)
    )
    return TournamentView(
        7,
        "lengths-of-lengths",
        "knockout",
        "running",
        2,
        2,
        2,
        ("round-reached",),
        placings,
        tables,
    )


def test_scores_are_written_as_people_write_them() -> None:
    """Whole points, halves and quarters as characters; other shares as decimals."""
    assert [score(Fraction(n, 4)) for n in range(6)] == ["0", "¼", "½", "¾", "1", "1¼"]
    assert score(Fraction(3, 16)) == "0.19"


def test_the_bracket_marks_who_went_on_even_after_a_drawn_tie_break() -> None:
    """The drawn tie-break's box shows its first game's seats and marks seed 2, who plays the
    final; the final's box marks nobody yet; the rounds are named."""
    drawn = bracket(knockout_of_four(), ENGLISH, "title")
    (semis, (top, bottom)), (final, (last,)) = drawn.rounds
    assert (semis, final) == ("Semi-finals", "Final")
    assert [(s.name, s.won) for s in top.slots] == [("ann", True), ("dan", False)]
    assert [(s.name, s.won) for s in bottom.slots] == [("ben", True), ("cat", False)]
    assert bottom.note == "tie-break"
    assert not any(s.won for s in last.slots) and drawn.champion == ""


def test_the_seed_order_is_the_usual_bracket() -> None:
    """1 v 8, 4 v 5, 2 v 7, 3 v 6 (counted from 0 here)."""
    assert seed_order(8) == [0, 7, 3, 4, 1, 6, 2, 5]


def test_the_text_table_names_every_column() -> None:
    """The text table (the picture's alt text) has a line per entrant under its heads."""
    text = standings_text(knockout_of_four(), ENGLISH).splitlines()
    assert text[0].split() == ["#", "Player", "Score", "Round", "W-D-L"]
    assert [line.split()[1] for line in text[1:]] == ["ann", "ben", "cat", "dan"]
