"""`python -m bench [--quick] [--only SECTION]`: run the measurements, print the table, then one
JSON line."""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import logging
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from bench.contestants import CONTESTANTS
from bench.exact_play import PAIRINGS, run_exact
from bench.lag import run_lag
from bench.moves import run_moves
from bench.pg_server import bench_server
from bench.pictures import run_pictures
from bench.postgres import PostgresResult, run_postgres
from bench.report import Results, summary, table
from bench.requests import run_requests
from bench.restart import run_restart
from bench.rules_ops import run_rules
from bench.scale import ScaleResult, run_scale
from bench.sizes import FULL, QUICK, Sizes, strength_plan, with_strength_games
from bench.solver import run_solver
from bench.strength import run_strength
from rules import GAMES

log = logging.getLogger("bench")

T = TypeVar("T")


class Sections:
    """Runs each section, timing it and, when asked, profiling it with cProfile."""

    def __init__(self, profile_dir: Path | None) -> None:
        self.profile_dir = profile_dir
        self.seconds: dict[str, float] = {}
        self.load: dict[str, float] = {}
        """The machine's 1-minute load average as each section began (others share it)."""

    def run(self, name: str, fn: Callable[..., T], *args: Any) -> T:
        """fn(*args), timed (and profiled to PROFILE_DIR/name.prof)."""
        self.load[name] = os.getloadavg()[0]
        log.info("%s (load average %.2f) ...", name, self.load[name])
        start = time.perf_counter()
        if self.profile_dir is None:
            result = fn(*args)
        else:
            profiler = cProfile.Profile()
            result = profiler.runcall(fn, *args)
            path = self.profile_dir / f"{name}.prof"
            profiler.dump_stats(path)
            log.info("profile of %s in %s", name, path)
        self.seconds[name] = time.perf_counter() - start
        log.info("%s took %.1f s", name, self.seconds[name])
        return result


SECTIONS = (
    "moves",
    "restart",
    "rules",
    "solver",
    "strength",
    "lag",
    "pictures",
    "requests",
    "exact",
    "postgres",
    "scale",
)
"""Every section, in the order they run (the restart starts from the moves' database)."""
ON_POSTGRES = frozenset({"postgres", "scale"})
"""Sections measured on a PostgreSQL server: BENCH_DATABASE_URL's, else one of their own."""


def run_on_postgres(
    wanted: set[str], sizes: Sizes, workdir: Path, profile_dir: Path | None, sections: Sections
) -> tuple[PostgresResult | str | None, ScaleResult | str | None]:
    """The PostgreSQL sections wanted, on one server (or why they were not measured)."""
    postgres: PostgresResult | str | None = None
    scale: ScaleResult | str | None = None
    with bench_server(bool(wanted & ON_POSTGRES)) as server:
        if isinstance(server, str):
            postgres = server if "postgres" in wanted else None
            scale = server if "scale" in wanted else None
        elif server is not None:
            if "postgres" in wanted:
                child_profile = profile_dir / "restart_child_pg.prof" if profile_dir else None
                postgres = sections.run(
                    "postgres", run_postgres, server, sizes, workdir, child_profile
                )
            if "scale" in wanted:
                scale = sections.run(
                    "scale",
                    run_scale,
                    server,
                    sizes.scale_members,
                    sizes.scale_warmup_s,
                    sizes.scale_window_s,
                    sizes.scale_claims_s,
                    profile_dir,
                )
    return postgres, scale


def run(
    sizes: Sizes, workdir: Path, profile_dir: Path | None, only: frozenset[str] = frozenset()
) -> Results:
    """Every measurement (or those named in `only`), in order."""
    wanted = set(only or SECTIONS)
    if "restart" in wanted:
        wanted.add("moves")
    sections = Sections(profile_dir)
    moves = restart = rules = solver = strength = None
    if "moves" in wanted:
        moves = sections.run(
            "moves",
            asyncio.run,
            run_moves(workdir, list(sizes.open_games), list(sizes.moves), sizes.api_games),
        )
    if "restart" in wanted and moves is not None:
        child_profile = profile_dir / "restart_child.prof" if profile_dir else None
        restart = sections.run(
            "restart", run_restart, moves, workdir, sizes.restart_games, child_profile
        )
    if "rules" in wanted:
        rules = sections.run(
            "rules",
            run_rules,
            sizes.rules_both_player_bounds,
            sizes.rules_every_combination,
            sizes.rules_budget_s,
        )
    if "solver" in wanted:
        solver = sections.run(
            "solver",
            run_solver,
            list(sizes.solver_ns),
            list(sizes.solver_compiled_ns),
            sizes.solver_budget_s,
        )
    if "strength" in wanted:
        plan = strength_plan(sizes)
        strength = sections.run("strength", run_strength, plan, sizes.strength_workers)
    lag = None
    if "lag" in wanted:
        lag = sections.run("lag", asyncio.run, run_lag(workdir, sizes.lag_baseline_s, sizes.lag_s))
    pictures = None
    if "pictures" in wanted:
        pictures = sections.run(
            "pictures", run_pictures, sizes.picture_games, sizes.picture_repeats
        )
    requests = None
    if "requests" in wanted:
        requests = sections.run("requests", run_requests, sizes.requests_games)
    exact = None
    if "exact" in wanted:
        exact = sections.run("exact", run_exact, PAIRINGS, sizes.exact_games, sizes.exact_sizes)
    postgres, scale = run_on_postgres(wanted, sizes, workdir, profile_dir, sections)
    return Results(
        sizes,
        moves,
        restart,
        rules,
        solver,
        strength,
        sections.seconds,
        sections.load,
        lag,
        pictures,
        postgres,
        scale,
        requests,
        exact,
    )


def contestant_pair(text: str) -> tuple[str, str]:
    """'hard:greedy-safe' as a pair of contestants, or an error naming the contestants."""
    first, _, other = text.partition(":")
    if first not in CONTESTANTS or other not in CONTESTANTS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not FIRST:OTHER of two contestants ({', '.join(CONTESTANTS)})"
        )
    return first, other


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run, print the table and the JSON summary (last line)."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes (under a minute)")
    parser.add_argument("--profile", type=Path, help="write a cProfile file per section here")
    parser.add_argument(
        "--strength-games",
        type=int,
        metavar="N",
        help="games per default pairing in the strength section (others in proportion)",
    )
    parser.add_argument(
        "--strength-game",
        action="append",
        choices=sorted(GAMES),
        default=[],
        help="play only this game in the strength section (repeatable)",
    )
    parser.add_argument(
        "--strength-pairing",
        action="append",
        type=contestant_pair,
        default=[],
        metavar="FIRST:OTHER",
        help="play only this pairing at default options in the strength section (repeatable; "
        f"contestants: {', '.join(CONTESTANTS)})",
    )
    parser.add_argument(
        "--strength-first-game",
        type=int,
        default=0,
        metavar="N",
        help="seed index of each strength pairing's first game (to play games not tuned on)",
    )
    parser.add_argument(
        "--strength-journal",
        type=Path,
        metavar="FILE",
        help="keep the strength section's finished games in FILE, and take those it already "
        "holds from it (to resume a stopped run)",
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=SECTIONS,
        default=[],
        help="run only this section (repeatable; restart also runs moves; postgres and scale "
        "use BENCH_DATABASE_URL's server, else start a throwaway one)",
    )
    parser.add_argument(
        "--exact-games", type=int, metavar="N", help="games per pairing on each solved size"
    )
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("bench").setLevel(logging.INFO)
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    sizes = QUICK if args.quick else FULL
    if args.strength_games:
        sizes = with_strength_games(sizes, args.strength_games)
    if args.strength_game or args.strength_pairing:
        sizes = replace(
            sizes,
            strength_slugs=tuple(args.strength_game),
            strength_only=tuple(args.strength_pairing),
        )
    if args.strength_first_game:
        sizes = replace(sizes, strength_first_game=args.strength_first_game)
    if args.strength_journal:
        sizes = replace(sizes, strength_journal=args.strength_journal)
    if args.exact_games:
        sizes = replace(sizes, exact_games=args.exact_games)
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        results = run(sizes, Path(tmp), args.profile, frozenset(args.only))
    out = summary(results)
    print(table(results, out))
    print(json.dumps(out))
    if args.profile:
        for prof in sorted(args.profile.glob("*.prof")):
            log.info("top of %s:", prof.name)
            pstats.Stats(str(prof), stream=sys.stderr).sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
