"""The strength section's ratings: the bot's own model, over the games in a fair order."""

from __future__ import annotations

from bench.strength_games import GameResult, Pairing, Table
from bench.strength_stats import ratings


def test_ratings_do_not_hang_on_the_order_the_games_came_in() -> None:
    """The same games give the same ratings in any order, ranked as their results show."""
    table = Table("binary-scramble")

    def games(first: str, other: str, first_wins: int, of: int) -> list[GameResult]:
        return [
            GameResult(Pairing(table, first, other), i, 0, (1, 0), (0,) if i < first_wins else (1,))
            for i in range(of)
        ]

    strong_vs_middle = games("strong", "middle", 16, 20)
    middle_vs_weak = games("middle", "weak", 20, 20)
    strong_vs_weak = games("strong", "weak", 20, 20)
    blocks = [strong_vs_middle, middle_vs_weak, strong_vs_weak]
    orders = [[g for block in order for g in block] for order in (blocks, blocks[::-1])]
    shown = [[(r.name, r.shown) for r in ratings(order)] for order in orders]
    assert shown[0] == shown[1]
    assert [name for name, _ in shown[0]] == ["strong", "middle", "weak"]
