"""Memo keys of two-player states: what decides the rest of a game, and nothing more.

Two states with the same key have the same legal moves from here on, the same score changes,
and the same lead for seat 0, so the same result under the same play. A key drops the fields
kept only for boards and messages, and keeps seat 0's lead instead of both totals where no
rule reads the totals."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from rules.labyrinthine_loop import UNREACHED

Key = Hashable
Reduce = Callable[[Any], Hashable]


@dataclass(frozen=True)
class KeySpec:
    """How a game's state becomes a key."""

    drop: frozenset[str] = frozenset()
    """Fields no rule reads again (history for the board)."""
    lead: bool = True
    """True when the totals matter only through seat 0's lead (no rule reads them)."""
    reduce: Mapping[str, Reduce] = field(default_factory=dict)
    """Fields kept in a smaller form that decides the same future."""


def segments(parent: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    """A Labyrinthine Loop tree as its segments: the dot it grew from is history."""
    return frozenset(
        (min(d, up), max(d, up)) for d, up in enumerate(parent) if up not in (UNREACHED, d)
    )


def round_arcs(current: Any) -> Hashable:
    """An Arcs And Marks round as its arcs' sizes: scores depend on centre differences only,
    so the first centre matters no more once it is chosen."""
    return None if current is None else current.ks


def last_count(composites: tuple[int, ...]) -> int:
    """An Integer Sequence Game's C for the next move: earlier counts are history."""
    return composites[-1]


SPECS: dict[str, KeySpec] = {
    "numbers-to-number": KeySpec(drop=frozenset({"last_pairs"})),
    # Moldy cards never come back into play.
    "numerical-cards": KeySpec(drop=frozenset({"moldy", "last"})),
    "lengths-of-lengths": KeySpec(drop=frozenset({"last"})),
    # A target ends the game on a total, so the totals stay.
    "binary-scramble": KeySpec(drop=frozenset({"start", "history"}), lead=False),
    "labyrinthine-loop": KeySpec(
        drop=frozenset({"order", "last_parent", "last_order", "last_close", "last_loop"}),
        reduce={"parent": segments},
    ),
    # Scores read the earlier m values, not which number made each one.
    "integer-sequence": KeySpec(
        drop=frozenset({"points"}),
        reduce={"circled": frozenset, "composites": last_count},
    ),
    "arcs-and-marks": KeySpec(drop=frozenset({"last"}), reduce={"current": round_arcs}),
}
"""Each game's key. A game without one is keyed by its whole state, which is always safe."""


def key_function(slug: str) -> Callable[[Any], Key]:
    """The memo key of a game's states."""
    spec = SPECS.get(slug)
    if spec is None:
        return whole_state
    readers: dict[type, Callable[[Any], Key]] = {}

    def key(state: Any) -> Key:
        read = readers.get(type(state))
        if read is None:
            read = readers[type(state)] = key_reader(spec_plan(spec, type(state)))
        return read(state)

    return key


def key_reader(plan: tuple[tuple[str, Reduce | None], ...]) -> Callable[[Any], Key]:
    """A function that reads a plan's fields of a state as a tuple and reduces those it names
    (the fields are read in one call: a key is made at every position a solver visits)."""
    names = [name for name, _ in plan]
    read = attrgetter(*names)
    reductions = [(i, reduce) for i, (_, reduce) in enumerate(plan) if reduce is not None]
    if len(names) > 1 and not reductions:
        return read

    def reduced(state: Any) -> Key:
        values = list(read(state)) if len(names) > 1 else [read(state)]
        for i, reduce in reductions:
            values[i] = reduce(values[i])
        return tuple(values)

    return reduced


def whole_state(state: Any) -> Key:
    """The state itself (frozen dataclasses of tuples hash by value)."""
    return state


def lead(scores: tuple[int, ...]) -> int:
    """Seat 0's total less seat 1's."""
    return scores[0] - scores[1]


def spec_plan(spec: KeySpec, state_type: type) -> tuple[tuple[str, Reduce | None], ...]:
    """The fields a spec keeps of a state type, in order, each with its reduction (or None)."""
    plan: list[tuple[str, Reduce | None]] = []
    for f in fields(state_type):
        if f.name in spec.drop:
            continue
        if f.name == "scores" and spec.lead:
            plan.append((f.name, lead))
        else:
            plan.append((f.name, spec.reduce.get(f.name)))
    return tuple(plan)
