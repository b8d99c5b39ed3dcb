"""Percentiles of latency samples."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank q-th percentile (0 < q <= 100) of values; nan when there are none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def rounded(x: float) -> float | None:
    """x to three decimals for the JSON summary; None for nan."""
    return None if math.isnan(x) else round(x, 3)


def percent(x: float) -> str:
    """'62%', or '-' where nothing was counted (nan)."""
    return "-" if math.isnan(x) else f"{100 * x:.0f}%"


def goal(value: float | None, text: str, test: Callable[[float], bool]) -> dict[str, Any]:
    """A goal of the summary: what it is, the measured value, and whether it was met."""
    return {"goal": text, "value": value, "met": value is not None and test(value)}


def at_least(value: float | None, bound: float, where: str = "") -> dict[str, Any]:
    """A goal that the value reach `bound` (`where`: over what, said after it)."""
    return goal(value, f">= {bound:g} {where}".rstrip(), lambda v: v >= bound)


def at_most(value: float | None, bound: float, where: str = "") -> dict[str, Any]:
    """A goal that the value stay within `bound` (`where`: over what, said after it)."""
    return goal(value, f"<= {bound:g} {where}".rstrip(), lambda v: v <= bound)


def verdict(
    found: dict[str, Any] | None, met: str = "met", unmet: str = "NOT MET", missing: str = "-"
) -> str:
    """A goal's outcome in a report's words: met, not met, or `missing` where it was not measured
    (or is not in the summary)."""
    if found is None or found["value"] is None:
        return missing
    return met if found["met"] else unmet
