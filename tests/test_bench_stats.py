"""The benchmark's figures: percentiles, shares and the words for a goal's outcome."""

from __future__ import annotations

import math

from bench.stats import at_least, at_most, percent, percentile, verdict


def test_the_nearest_rank_percentile_is_a_measured_value() -> None:
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert [percentile(values, q) for q in (20, 50, 99, 100)] == [1.0, 3.0, 5.0, 5.0]
    assert math.isnan(percentile([], 50))


def test_a_share_is_a_whole_percent_or_a_dash_where_nothing_was_counted() -> None:
    assert [percent(x) for x in (0.0, 0.625, 1.0)] == ["0%", "62%", "100%"]
    assert percent(math.nan) == "-"


def test_a_goal_is_met_missed_or_not_measured_in_the_reports_words() -> None:
    met, missed, unmeasured = at_least(0.8, 0.75), at_most(2.5, 2.0), at_most(None, 2.0)
    assert (verdict(met), verdict(missed), verdict(unmeasured)) == ("met", "NOT MET", "-")
    assert verdict(None) == "-"
    words = ("yes", "no", "not measured")
    assert [verdict(g, *words) for g in (met, missed, unmeasured)] == list(words)
