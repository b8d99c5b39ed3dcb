"""How long a board picture takes to draw, and how big it is, for every game."""

# Seeded games are played through the rules at the options people play, and each picture is
# drawn (and timed) from a mid-game or late view, for a spectator and for a seat (whose view
# may hold a private part).

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bench.stats import goal, percentile, rounded
from boards.pictures import picture
from boards.samples import play
from rules import GAMES

log = logging.getLogger(__name__)

GOAL_MS = 50.0
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
"""Per game, a common table (default options) and a larger one."""
MOMENTS = (0.4, 0.5, 0.6, 0.8, 0.9, 1.0)
"""How far through each game the pictures are taken: mid-game, then late and the end."""
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")


@dataclass
class GameTimes:
    """One game's rendering times and picture sizes."""

    ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    """The same pictures' processor time: what the drawing costs when others share the machine."""
    sizes: list[int] = field(default_factory=list)
    first_ms: float = 0.0
    """The first picture of the process (fonts loaded, caches empty), not in `ms`."""


@dataclass
class PicturesResult:
    """Every game's times and sizes."""

    games: dict[str, GameTimes]
    repeats: int


def run_pictures(games: int, repeats: int) -> PicturesResult:
    """Draw every view `repeats` times per game setup, over `games` seeded games each."""
    out: dict[str, GameTimes] = {}
    for slug, setups in SETUPS.items():
        times = out[slug] = GameTimes()
        views = []
        for players, options in setups:
            for seed in range(games):
                states = play(slug, players, options, seed)
                for share in MOMENTS:
                    state = states[round(share * (len(states) - 1))]
                    for viewer in (None, players - 1):
                        views.append((GAMES[slug].view(state, viewer), NAMES[:players]))
        start = time.perf_counter()
        picture(slug, *views[0])
        times.first_ms = (time.perf_counter() - start) * 1000
        gc.collect()
        for view, names in views:
            for _ in range(repeats):
                start, cpu = time.perf_counter(), time.thread_time()
                png = picture(slug, view, names)
                times.ms.append((time.perf_counter() - start) * 1000)
                times.cpu_ms.append((time.thread_time() - cpu) * 1000)
            times.sizes.append(len(png))
        log.info("%s: %d pictures, p99 %.1f ms", slug, len(times.ms), percentile(times.ms, 99))
    return PicturesResult(out, repeats)


def pictures_summary(res: PicturesResult) -> dict[str, Any]:
    """The section's JSON fields, with its goals under "goals" and per game under "details"."""
    worst = rounded(max(percentile(t.ms, 99) for t in res.games.values()))
    worst_cpu = rounded(max(percentile(t.cpu_ms, 99) for t in res.games.values()))
    largest = round(max(max(t.sizes) for t in res.games.values()) / 1024, 1)
    return {
        "pictures_p99_ms": worst,
        "pictures_cpu_p99_ms": worst_cpu,
        "pictures_kb_max": largest,
        "goals": {
            "pictures_p99_ms": goal(worst, f"< {GOAL_MS:g}", lambda v: v < GOAL_MS),
            "pictures_kb_max": goal(largest, f"< {GOAL_KB:g}", lambda v: v < GOAL_KB),
        },
        "details": {
            "pictures": {
                slug: {
                    "p50_ms": rounded(percentile(t.ms, 50)),
                    "p99_ms": rounded(percentile(t.ms, 99)),
                    "cpu_p50_ms": rounded(percentile(t.cpu_ms, 50)),
                    "cpu_p99_ms": rounded(percentile(t.cpu_ms, 99)),
                    "first_ms": rounded(t.first_ms),
                    "kb_p50": round(percentile(t.sizes, 50) / 1024, 1),
                    "kb_max": round(max(t.sizes) / 1024, 1),
                    "renders": len(t.ms),
                }
                for slug, t in res.games.items()
            }
        },
    }


def pictures_lines(res: PicturesResult, s: dict[str, Any], number: int) -> list[str]:
    """The section's block of the printed table."""
    rows = s["details"]["pictures"]
    met = {
        name: "met" if s["goals"][name]["met"] else "NOT MET"
        for name in ("pictures_p99_ms", "pictures_kb_max")
    }
    head = ("p50 ms", "p99 ms", "cpu p50", "cpu p99", "KB p50", "KB max", "renders")
    keys = ("p50_ms", "p99_ms", "cpu_p50_ms", "cpu_p99_ms", "kb_p50", "kb_max", "renders")
    return [
        f"{number}. Board pictures: PNG drawn from mid- and late-game views (spectator and a"
        f" seat), each {res.repeats} times",
        "   " + f"{'game':22}" + "".join(f"{h:>9}" for h in head),
        *(
            "   " + f"{slug:22}" + "".join(f"{row[k]:>9}" for k in keys)
            for slug, row in rows.items()
        ),
        f"   worst p99 {s['pictures_p99_ms']} ms (processor time {s['pictures_cpu_p99_ms']} ms);"
        f" goal < {GOAL_MS:g} ms:"
        f" {met['pictures_p99_ms']}; largest {s['pictures_kb_max']} KB; goal <"
        f" {GOAL_KB:g} KB: {met['pictures_kb_max']}",
    ]
