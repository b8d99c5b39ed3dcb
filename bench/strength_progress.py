"""`python -m bench.strength_progress FILE [--strength-games N]`: how far the strength run kept
in FILE has come, and what its games say so far, pairing by pairing (the full run takes about a
day of both cores, in pieces)."""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from bench.sizes import FULL, strength_plan, with_strength_games
from bench.strength import Plan, StrengthResult, from_journal, jobs, merged, players_version
from bench.strength_games import Batch, Job, Pairing
from bench.strength_journal import Journal
from bench.strength_markdown import goal_summary, strength_markdown
from bench.strength_stats import Tally, tallies


@dataclass
class Progress:
    """The plan's batches the journal holds for this code, and what they add up to."""

    planned: Counter[Pairing] = field(default_factory=Counter)
    """Batches of each pairing in the plan."""
    found: dict[Pairing, list[Batch]] = field(default_factory=dict)
    """The batches of each pairing the journal holds for this code."""
    elsewhere: int = 0
    """Entries of the journal that are none of the plan's batches for this code (other code, or
    another plan's games)."""
    todo: list[Job] = field(default_factory=list)
    """The plan's batches still to play."""

    @property
    def batches(self) -> int:
        """Batches of the plan found."""
        return sum(len(kept) for kept in self.found.values())

    @property
    def loads(self) -> list[float]:
        """The load average as each batch found was done."""
        return [batch.load for kept in self.found.values() for batch in kept]

    @property
    def seconds(self) -> float:
        """The time the batches found took, one worker each."""
        return sum(batch.seconds for kept in self.found.values() for batch in kept)

    def result(self, plan: Plan) -> StrengthResult:
        """The batches found as one run's result, as if the plan had been run."""
        kept = [(pairing, batch) for pairing, batches in self.found.items() for batch in batches]
        return merged(kept, plan, self.seconds, len(kept))

    def seconds_left(self) -> tuple[float, int]:
        """The time the batches still to play should take, one worker each, and how many of
        them have no estimate yet. A pairing begun goes at its own time per game; one not begun
        at its two contestants' thinking time per game at that table, where both have played
        there."""
        per_game: dict[Pairing, float] = {}
        # Seconds each contestant thought, and its games, by (table label, contestant).
        thought: defaultdict[tuple[str, str], float] = defaultdict(float)
        games: Counter[tuple[str, str]] = Counter()
        for pairing, kept in self.found.items():
            per_game[pairing] = sum(b.seconds for b in kept) / sum(len(b.results) for b in kept)
            for batch in kept:
                for name, values in batch.times_ms.items():
                    thought[pairing.table.label, name] += sum(values) / 1e3
                    games[pairing.table.label, name] += len(batch.results)
        seconds, unknown = 0.0, 0
        for pairing, _, count, _ in self.todo:
            seated = [(pairing.table.label, name) for name in (pairing.first, pairing.other)]
            if pairing in per_game:
                seconds += count * per_game[pairing]
            elif all(games[key] for key in seated):
                seconds += count * sum(thought[key] / games[key] for key in seated)
            else:
                unknown += 1
        return seconds, unknown

    def tallies(self) -> dict[Pairing, Tally]:
        """Each pairing's games found, counted for its first contestant."""
        return tallies(r for kept in self.found.values() for batch in kept for r in batch.results)


def progress(plan: Plan) -> Progress:
    """What the plan's journal holds of the plan, played by the code as it is now."""
    assert plan.journal is not None
    journal = Journal(plan.journal)
    found, todo = from_journal(plan, journal, players_version())
    out = Progress(planned=Counter(job[0] for job in jobs(plan)), todo=todo)
    for (pairing, *_), batch in found:
        out.found.setdefault(pairing, []).append(batch)
    out.elsewhere = len(journal) - out.batches
    return out


def lines(found: Progress) -> list[str]:
    """The progress as the command prints it."""
    total = sum(found.planned.values())
    out = [f"{found.batches:,} of {total:,} batches ({found.batches / total:.1%})"]
    if found.elsewhere:
        out.append(f"{found.elsewhere:,} kept batches of other code or another plan, left out")
    if found.loads:
        out.append(
            f"played at load average {min(found.loads):.2f} to {max(found.loads):.2f}, "
            f"{found.seconds / 3600:.1f} h of one core"
        )
    if found.todo:
        left, unknown = found.seconds_left()
        guessed = f", and {unknown:,} batches not yet guessed" if unknown else ""
        out.append(
            f"left: about {left / 3600:.1f} h of one core for {len(found.todo) - unknown:,} "
            f"batches, at the time per game played so far{guessed}"
        )
    counted = found.tallies()
    out.append(f"{'pairing':<46}{'batches':>9}{'games':>7}  {'W/D/L':<11}{'score':>6}")
    for pairing, kept in found.found.items():
        t = counted[pairing]
        label = f"{pairing.table.label}: {pairing.first} vs {pairing.other}"
        done = f"{len(kept)}/{found.planned[pairing]}"
        wdl = f"{t.wins}/{t.draws}/{t.losses}"
        out.append(f"{label:<46}{done:>9}{t.games:>7}  {wdl:<11}{t.win_rate:>6.0%}")
    waiting = [p for p in found.planned if p not in found.found]
    out.append(
        f"not begun: {len(waiting)} pairings, {sum(found.planned[p] for p in waiting):,} batches"
    )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.strength_progress",
        description="How far a strength run kept in a journal has come.",
    )
    parser.add_argument("journal", type=Path)
    parser.add_argument(
        "--strength-games",
        type=int,
        help="the run's games per default pairing (as given to python -m bench; default: the "
        "full run's)",
    )
    parser.add_argument(
        "--markdown",
        action="store_true",
        help="print what the journal holds as the docs' Markdown tables (every pairing, the "
        "larger tables, the ratings, the decision times and the goals) instead",
    )
    parser.add_argument(
        "--summary",
        action="store_true",
        help="print the README's summary instead: game by game, the pairings the goals judge "
        "and hard's other tables, then the ratings",
    )
    args = parser.parse_args(argv)
    if not args.journal.exists():
        parser.error(f"no journal at {args.journal}")
    sizes = FULL if args.strength_games is None else with_strength_games(FULL, args.strength_games)
    plan = strength_plan(replace(sizes, strength_journal=args.journal))
    found = progress(plan)
    if args.summary:
        print("\n".join(goal_summary(found.result(plan))))
    elif args.markdown:
        print("\n".join(strength_markdown(found.result(plan))))
    else:
        print("\n".join(lines(found)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
