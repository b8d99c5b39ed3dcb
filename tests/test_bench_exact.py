"""The measurement against perfect play, on tiny sizes: perfect play is judged perfect."""

from __future__ import annotations

from fractions import Fraction

from bench.contestants import RANDOM
from bench.exact_play import PERFECT, exact_lines, run_exact

TINY = (
    ("numbers-to-number", {"m": 2}),
    ("lengths-of-lengths", {"n": 6}),
    ("lengths-of-lengths", {"n": 80}),
)


def test_perfect_play_is_judged_perfect_and_keeps_its_value() -> None:
    result = run_exact([(PERFECT, RANDOM), (RANDOM, PERFECT)], games=6, instances=TINY)
    assert [r.slug for r in result.rulers] == ["numbers-to-number", "lengths-of-lengths"]
    assert "lengths-of-lengths" in result.refused  # n=80 is out of the game's bounds
    perfect = [v for v in result.verdicts if v.player == PERFECT]
    assert perfect and all(v.games == 6 for v in result.verdicts)
    for v in perfect:
        assert v.decisions and v.optimal == v.decisions and v.loss == 0
        assert v.critical_optimal == v.critical
    # With no sealed step, perfect play never ends below its value, game by game.
    lengths = next(v for v in perfect if v.slug == "lengths-of-lengths")
    assert lengths.result >= lengths.expected
    ruler = result.rulers[0]
    assert ruler.value == Fraction(1, 2) and ruler.verdict == "draw"
    assert len(ruler.start_mix) == 2 and all(sum(mix.values()) == 1 for mix in ruler.start_mix)
    lines = exact_lines(result)
    assert any("numbers-to-number (m=2)" in line for line in lines)
