"""Command line: `python -m solver integer-sequence N` prints a(N) as JSON, with its proof."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

from rules.integer_sequence import play
from solver.checkpoint import Checkpoint, CheckpointError, load
from solver.core import MAX_N, Core, CoreError
from solver.core import load as load_core
from solver.progress import Progress
from solver.proven import record, version
from solver.search import Outcome, Plan, Search, mask_of, solve

STOPPED = 3
"""Exit status of a run stopped before its end (its best total is a lower bound)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m solver")
    parser.add_argument("game", choices=["integer-sequence"], help="the game")
    parser.add_argument("n", type=int, help="the size: a(N) for the numbers 1..N")
    parser.add_argument("--workers", type=int, default=2, help="threads (default 2)")
    parser.add_argument("--checkpoint", type=Path, help="write finished parts to this file")
    parser.add_argument("--resume", action="store_true", help="continue from --checkpoint")
    parser.add_argument(
        "--checkpoint-every",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="while collecting bounds, write the checkpoint this often (default 60)",
    )
    parser.add_argument("--pure", action="store_true", help="use the pure search (rules)")
    parser.add_argument("--record", action="store_true", help="add a proven a(N) to the values")
    return parser


def _pure(n: int, workers: int) -> dict[str, Any]:
    from rules.integer_sequence_solver import solve as pure_solve

    start = time.perf_counter()
    best, order = pure_solve(n, workers)
    return {
        "best": best,
        "order": order,
        "proven": True,
        "core": "pure",
        "seconds": {"total": round(time.perf_counter() - start, 3)},
    }


def _compiled(core: Core, n: int, args: argparse.Namespace) -> dict[str, Any]:
    progress = Progress()
    saved = Checkpoint(n)
    if args.resume and args.checkpoint and args.checkpoint.exists():
        saved = load(args.checkpoint, n)
        progress.phase(
            f"resuming: {len(saved.done)} of {saved.parts} parts done, best {saved.best}"
        )

    earlier, start = saved.seconds, time.perf_counter()

    def on_part(
        part: tuple[int, ...], best: int, order: tuple[int, ...], done: int, total: int
    ) -> None:
        saved.done.add(part)
        saved.best, saved.order, saved.parts = best, order, total
        if args.checkpoint:
            saved.seconds = earlier + time.perf_counter() - start
            saved.save(args.checkpoint)
        progress.part(part, best, order, done, total)

    def on_keep(search: Search) -> None:  # the best game and the collections so far
        if args.checkpoint:
            saved.memo = search.memo()
            saved.best, saved.order = search.lower(mask_of(n))
            saved.seconds = earlier + time.perf_counter() - start
            saved.save(args.checkpoint)

    plan = Plan(
        args.workers,
        (saved.best, saved.order) if saved.best else None,
        set(saved.done),
        on_part,
        progress.phase,
        on_keep,
        saved.memo,
        args.checkpoint_every,
    )
    outcome = _interruptible(core, lambda: solve(core, n, plan))
    if args.checkpoint:
        saved.best, saved.order = outcome.best, outcome.order
        saved.parts = outcome.parts or saved.parts
        saved.seconds = earlier + time.perf_counter() - start
        saved.save(args.checkpoint)
    seconds = {k: round(v, 3) for k, v in outcome.seconds.items()}
    if earlier:
        seconds["earlier_runs"] = round(earlier, 1)
    return {
        "best": outcome.best,
        "order": list(outcome.order),
        "proven": outcome.proven,
        "core": "compiled",
        "workers": args.workers,
        "seconds": seconds,
        "parts": [outcome.parts_done, outcome.parts],
    }


def _interruptible(core: Core, run: Any) -> Outcome:
    """Run the search in a thread; Ctrl-C or SIGTERM stops it, keeping what it found."""
    box: list[Any] = []
    worker = threading.Thread(target=lambda: box.append(_catch(run)), daemon=True)

    def stop(signum: int, _frame: Any) -> None:
        print(f"solver: signal {signum}, stopping (the best so far is kept)", file=sys.stderr)
        core.stop()

    old = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        worker.start()
        while worker.is_alive():
            worker.join(0.2)  # short waits let the signal handler run
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
        core.stop(False)
    if isinstance(box[0], BaseException):
        raise box[0]
    return box[0]


def _catch(run: Any) -> Any:
    try:
        return run()
    except BaseException as e:  # handed to the main thread, which raises it
        return e


def _verify(n: int, answer: dict[str, Any]) -> str | None:
    """None if the order is a game on 1..n that scores `best` by the rules, else why not."""
    order = answer["order"]
    if not answer["best"] and not order:
        return None  # a run stopped before any game was found
    if sorted(order) != list(range(1, n + 1)):
        return f"the order {order} is not an order of 1..{n}"
    scored = sum(play(n, order)[1])
    if scored != answer["best"]:
        return f"the order {order} scores {scored} by the rules, not {answer['best']}"
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not 1 <= args.n <= 60:
        parser.error("N must be from 1 to 60 (the game's own bound)")
    if args.resume and not args.checkpoint:
        parser.error("--resume needs --checkpoint FILE")
    if args.n > MAX_N:
        print(
            f"solver: a({args.n}) is out of the exact range: the values m(k) of a game on "
            f"1..N fit 64 bits only up to N = {MAX_N}",
            file=sys.stderr,
        )
        return 2
    started_at = version()  # the code that runs: taken now, before it can change
    core, why = (None, "asked for the pure search") if args.pure else load_core()
    try:
        if core is None:
            if not args.pure:
                print(
                    f"solver: the compiled core is unavailable ({why}); using the pure "
                    "search of rules/, which is much slower",
                    file=sys.stderr,
                )
            answer = _pure(args.n, args.workers)
        else:
            answer = _compiled(core, args.n, args)
    except (CheckpointError, CoreError) as e:
        print(f"solver: {e}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    problem = _verify(args.n, answer)
    if problem:
        print(f"solver: WRONG ANSWER, the proof failed: {problem}", file=sys.stderr)
        return 1
    answer["verified"] = "the order re-scored by rules.integer_sequence.play"
    answer["seconds"]["verify"] = round(time.perf_counter() - start, 3)
    answer["load_average"] = [round(x, 2) for x in os.getloadavg()]
    out = {"n": args.n, **answer, "version": started_at}
    if not answer["proven"]:
        out["note"] = "stopped before the end: best is a lower bound, not proven"
    elif args.record:
        record(out)
    print(json.dumps(out))
    return 0 if answer["proven"] else STOPPED


if __name__ == "__main__":
    sys.exit(main())
