"""How long a board picture takes to draw, and how big it is, for every game."""

# Seeded games are played through the rules at the options people play. At moments from
# mid-game to the end, the pictures are drawn as a game draws them: the previous move's board
# (not timed), then the move's board for the channel (timed: a turn move's answer waits for
# it), then the same state for a seat (timed apart: the seat's prompt shows what the post
# shows, so drawing may reuse the post's work). Drawing keeps what repeats; every timed picture
# is of a view not drawn before.

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bench.stats import goal, percentile, rounded, verdict
from boards.pictures import picture
from boards.samples import play
from rules import GAMES

log = logging.getLogger(__name__)

GOAL_P50_MS = 3.0
GOAL_P99_MS = 10.0
"""Per game at the common table (default options): a turn move's answer waits for its picture."""
GOAL_KB = 300.0
SETUPS: dict[str, tuple[tuple[int, Mapping[str, Any]], ...]] = {
    "numbers-to-number": ((2, {}), (2, {"m": 8, "rounds": 4})),
    "numerical-cards": ((3, {}), (6, {"m": 30})),
    "lengths-of-lengths": ((3, {}), (4, {"n": 24})),
    "binary-scramble": ((2, {}), (4, {"length": 16, "target": 10})),
    "labyrinthine-loop": ((2, {}), (4, {"n": 10})),
    "integer-sequence": ((1, {"n": 12}), (4, {})),
    "arcs-and-marks": ((2, {}), (4, {"m": 24})),
}
"""Per game, a common table (default options, where the goals apply) and a larger one."""
MOMENTS = (0.4, 0.5, 0.6, 0.8, 0.9, 1.0)
"""How far through each game the pictures are taken: mid-game, then late and the end."""
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")


@dataclass
class Times:
    """One game's rendering times and picture sizes at one table."""

    ms: list[float] = field(default_factory=list)
    """Each move's picture: the first drawn of its state, after the previous move's."""
    cpu_ms: list[float] = field(default_factory=list)
    """The same pictures' processor time: what the drawing costs when others share the machine."""
    other_ms: list[float] = field(default_factory=list)
    """The same states for a seat, drawn after the move's picture."""
    sizes: list[int] = field(default_factory=list)


@dataclass
class GameTimes:
    """One game's times and sizes at the common table and at the larger one."""

    common: Times = field(default_factory=Times)
    larger: Times = field(default_factory=Times)
    first_ms: float = 0.0
    """The first picture of the game (its fonts loaded, nothing of it kept yet), not in `ms`."""


@dataclass
class PicturesResult:
    """Every game's times and sizes."""

    games: dict[str, GameTimes]
    seeds: int


def run_pictures(games: int, repeats: int) -> PicturesResult:
    """Draw, once each, the views of `games * repeats` seeded games per game setup."""
    out: dict[str, GameTimes] = {}
    seeds = games * repeats
    for slug, setups in SETUPS.items():
        times = out[slug] = GameTimes()
        first = True
        for (players, options), table in zip(setups, (times.common, times.larger), strict=True):
            drawings = []
            for seed in range(seeds):
                states = play(slug, players, options, seed)
                for share in MOMENTS:
                    at = max(1, round(share * (len(states) - 1)))
                    view = partial(GAMES[slug].view, states[at])
                    drawings += [
                        (GAMES[slug].view(states[at - 1], None), None),
                        (view(None), table.ms),
                        (view(players - 1), table.other_ms),
                    ]
            gc.collect()
            names = NAMES[:players]
            for view_drawn, timed in drawings:
                start, cpu = time.perf_counter(), time.thread_time()
                png = picture(slug, view_drawn, names)
                if first:
                    times.first_ms, first = (time.perf_counter() - start) * 1000, False
                    continue
                if timed is None:
                    continue
                timed.append((time.perf_counter() - start) * 1000)
                if timed is table.ms:
                    table.cpu_ms.append((time.thread_time() - cpu) * 1000)
                table.sizes.append(len(png))
        log.info(
            "%s: %d pictures, p50 %.1f ms, p99 %.1f ms at the common table",
            slug,
            len(times.common.ms) + len(times.larger.ms),
            percentile(times.common.ms, 50),
            percentile(times.common.ms, 99),
        )
    return PicturesResult(out, seeds)


def pictures_summary(res: PicturesResult) -> dict[str, Any]:
    """The section's JSON fields, with its goals under "goals" and per game under "details"."""
    games = res.games.values()
    worst = rounded(max(percentile(t.common.ms, 99) for t in games))
    worst_p50 = rounded(max(percentile(t.common.ms, 50) for t in games))
    worst_cpu = rounded(max(percentile(t.common.cpu_ms, 99) for t in games))
    largest = round(max(max(t.common.sizes + t.larger.sizes) for t in games) / 1024, 1)
    return {
        "pictures_p99_ms": worst,
        "pictures_p50_ms": worst_p50,
        "pictures_cpu_p99_ms": worst_cpu,
        "pictures_kb_max": largest,
        "goals": {
            "pictures_p50_ms": goal(
                worst_p50, f"<= {GOAL_P50_MS:g} (each game)", lambda v: v <= GOAL_P50_MS
            ),
            "pictures_p99_ms": goal(
                worst, f"<= {GOAL_P99_MS:g} (each game)", lambda v: v <= GOAL_P99_MS
            ),
            "pictures_kb_max": goal(largest, f"< {GOAL_KB:g}", lambda v: v < GOAL_KB),
        },
        "details": {
            "pictures": {
                slug: {
                    "p50_ms": rounded(percentile(t.common.ms, 50)),
                    "p99_ms": rounded(percentile(t.common.ms, 99)),
                    "cpu_p50_ms": rounded(percentile(t.common.cpu_ms, 50)),
                    "cpu_p99_ms": rounded(percentile(t.common.cpu_ms, 99)),
                    "other_p50_ms": rounded(percentile(t.common.other_ms, 50)),
                    "other_p99_ms": rounded(percentile(t.common.other_ms, 99)),
                    "larger_p50_ms": rounded(percentile(t.larger.ms, 50)),
                    "larger_p99_ms": rounded(percentile(t.larger.ms, 99)),
                    "first_ms": rounded(t.first_ms),
                    "kb_p50": round(percentile(t.common.sizes, 50) / 1024, 1),
                    "kb_max": round(max(t.common.sizes + t.larger.sizes) / 1024, 1),
                    "renders": sum(len(x.ms) + len(x.other_ms) for x in (t.common, t.larger)),
                    "goals_met": percentile(t.common.ms, 50) <= GOAL_P50_MS
                    and percentile(t.common.ms, 99) <= GOAL_P99_MS,
                }
                for slug, t in res.games.items()
            }
        },
    }


def pictures_lines(res: PicturesResult, s: dict[str, Any], number: int) -> list[str]:
    """The section's block of the printed table."""
    rows = s["details"]["pictures"]
    met = {
        name: verdict(s["goals"][name])
        for name in ("pictures_p50_ms", "pictures_p99_ms", "pictures_kb_max")
    }
    head = (
        *("p50 ms", "p99 ms", "cpu p99", "seat p50", "seat p99"),
        *("big p50", "big p99", "KB p50", "KB max"),
    )
    keys = (
        "p50_ms",
        "p99_ms",
        "cpu_p99_ms",
        "other_p50_ms",
        "other_p99_ms",
        "larger_p50_ms",
        "larger_p99_ms",
        "kb_p50",
        "kb_max",
    )
    return [
        f"{number}. Board pictures: a move's PNG for the channel, drawn after the previous"
        f" move's, at moments from mid-game to the end of {res.seeds} games per table; seat ="
        " the same state for a seat, drawn after it; goals on the move's picture at the common"
        f" table (default options): p50 <= {GOAL_P50_MS:g} ms, p99 <= {GOAL_P99_MS:g} ms;"
        " big = the move's picture at the larger table",
        "   " + f"{'game':22}" + "".join(f"{h:>9}" for h in head) + "  goals",
        *(
            "   "
            + f"{slug:22}"
            + "".join(f"{row[k]:>9}" for k in keys)
            + ("  met" if row["goals_met"] else "  NOT MET")
            for slug, row in rows.items()
        ),
        f"   worst p50 {s['pictures_p50_ms']} ms (goal <= {GOAL_P50_MS:g} ms:"
        f" {met['pictures_p50_ms']}), worst p99 {s['pictures_p99_ms']} ms (processor"
        f" time {s['pictures_cpu_p99_ms']} ms); p99 goal <= {GOAL_P99_MS:g} ms:"
        f" {met['pictures_p99_ms']}; largest {s['pictures_kb_max']} KB; goal <"
        f" {GOAL_KB:g} KB: {met['pictures_kb_max']}",
    ]
