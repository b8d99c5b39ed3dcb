"""The proven values file: every order scores its a(n) by the rules, and the game reads it."""

from __future__ import annotations

from rules.integer_sequence import GAME, PROVEN_BEST, load_proven, play


def test_every_order_scores_its_value() -> None:
    """Each entry's order is an order of 1..n whose game totals a(n)."""
    entries = load_proven()
    assert [e["n"] for e in entries] == list(range(1, len(entries) + 1))
    for e in entries:
        n, order = e["n"], e["order"]
        assert sorted(order) == list(range(1, n + 1)), n
        assert sum(play(n, order)[1]) == e["best"], n
        assert e["proven_by"]["command"].startswith("python -m solver integer-sequence")


def test_the_game_reads_the_file() -> None:
    """The one-player comparison (/solitaire, the result) uses the file's values."""
    for e in load_proven():
        assert PROVEN_BEST[e["n"]] == e["best"] == GAME.proven_best({"n": e["n"]})
    assert GAME.proven_best({"n": 40}) is None
