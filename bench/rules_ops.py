"""The rules' operations at every option bound: the slowest start, parse, legal (obtain, count
and page a seat's moves), apply, view and render over a random game (game.sample with a seeded
random.Random)."""

from __future__ import annotations

import gc
import itertools
import json
import logging
import random
import time
from collections.abc import Callable, Sized
from dataclasses import dataclass, field
from typing import Any

from rules import GAMES
from rules.base import BadOption, Game, OptionValue

log = logging.getLogger(__name__)

OPS = ("start", "parse", "legal", "apply", "view", "render")
REPEATS = 3
"""A new worst time is confirmed by running the (pure) operation again: the least of these."""
AUTOCOMPLETE_PAGE = 25
"""Choices in one Discord autocomplete reply: the page the "legal" operation takes."""


@dataclass(frozen=True)
class Case:
    """A game at one player count and one set of settled options."""

    slug: str
    players: int
    options: dict[str, Any]

    @property
    def label(self) -> str:
        """'p=2 m=16 rounds=4095'."""
        opts = " ".join(f"{k}={'none' if v is None else v}" for k, v in self.options.items())
        return f"p={self.players} {opts}".strip()


@dataclass
class CaseRun:
    """The worst time of each operation in one case, and how far the game went."""

    case: Case
    worst_ms: dict[str, float] = field(default_factory=dict)
    steps: int = 0
    finished: bool = False


def _settle(game: Game[Any], players: int, given: dict[str, OptionValue]) -> dict[str, Any] | None:
    try:
        return game.settle_options(players, given)
    except BadOption:
        return None


def _nearest_valid(
    game: Game[Any], players: int, given: dict[str, OptionValue]
) -> dict[str, Any] | None:
    """Settle the options; if they do not fit, move one option (the last first) toward its
    other bound until they do."""
    settled = _settle(game, players, given)
    if settled is not None:
        return settled
    for opt in reversed(game.options):
        value = given.get(opt.name)
        if value is None:
            continue
        toward = opt.low if value == opt.high else opt.high
        step = 1 if toward > value else -1
        for v in range(value + step, toward + step, step):
            settled = _settle(game, players, {**given, opt.name: v})
            if settled is not None:
                return settled
    return None


def bound_cases(game: Game[Any], both_player_bounds: bool, every_combination: bool) -> list[Case]:
    """The game at its smallest (and largest) player count, each option at its low and high
    bound (and none, where allowed); every combination, or all-low and all-high only."""
    counts = sorted({game.min_players, game.max_players if both_player_bounds else 0} - {0})
    per_option: list[list[OptionValue]] = []
    for opt in game.options:
        values: list[OptionValue] = [opt.low, opt.high]
        if opt.none_allowed:
            values.append(None)
        per_option.append(values)
    if every_combination:
        combos = list(itertools.product(*per_option))
    else:
        combos = [tuple(v[0] for v in per_option), tuple(v[1] for v in per_option)]
    cases, seen = [], set()
    for players in counts:
        for combo in combos:
            given = {opt.name: v for opt, v in zip(game.options, combo, strict=True)}
            settled = _nearest_valid(game, players, given)
            key = json.dumps([players, settled], sort_keys=True)
            if settled is not None and key not in seen:
                seen.add(key)
                cases.append(Case(game.slug, players, settled))
    return cases


class Timer:
    """Keeps the worst confirmed time of each operation."""

    def __init__(self, run: CaseRun) -> None:
        self.run = run

    def __call__(self, op: str, fn: Callable[..., Any], *args: Any) -> Any:
        """fn(*args), timed; a new worst is run again and the least time kept."""
        start = time.perf_counter()
        result = fn(*args)
        ms = (time.perf_counter() - start) * 1000
        if ms > self.run.worst_ms.get(op, 0.0):
            for _ in range(REPEATS - 1):
                start = time.perf_counter()
                fn(*args)
                ms = min(ms, (time.perf_counter() - start) * 1000)
            self.run.worst_ms[op] = max(ms, self.run.worst_ms.get(op, 0.0))
        return result


def use_legal(game: Game[Any], state: Any, seat: int) -> tuple[int, list[str]]:
    """The timed "legal" operation, what the bot does with a seat's legal moves: obtain them,
    count them (len() when the object is Sized, else one pass that counts while keeping the
    first page) and take the first AUTOCOMPLETE_PAGE of them; nothing else is listed."""
    moves = game.legal(state, seat)
    if isinstance(moves, Sized):
        return len(moves), list(itertools.islice(moves, AUTOCOMPLETE_PAGE))
    page: list[str] = []
    count = 0
    for move in moves:
        if count < AUTOCOMPLETE_PAGE:
            page.append(move)
        count += 1
    return count, page


def play_case(case: Case, budget_s: float, seed: int) -> CaseRun:
    """Play one random game, timing every operation at every step, until over or out of time."""
    game = GAMES[case.slug]
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(case.players)]
    run = CaseRun(case)
    timed = Timer(run)
    deadline = time.perf_counter() + budget_s
    state = timed("start", game.start, case.players, case.options)
    while not game.is_over(state):
        if time.perf_counter() > deadline:
            return run
        moves = {}
        for seat in sorted(game.to_move(state)):
            timed("legal", use_legal, game, state, seat)
            move = game.sample(state, seat, rng)
            moves[seat] = timed("parse", game.parse, state, seat, move)
        state = timed("apply", game.apply, state, moves)
        run.steps += 1
        viewers = [None, *sorted(game.to_move(state))] if not game.is_over(state) else [None]
        for viewer in viewers:
            timed("view", game.view, state, viewer)
            timed("render", game.render, state, viewer, names)
    run.finished = True
    return run


def run_rules(
    both_player_bounds: bool, every_combination: bool, budget_s: float, seed: int = 7
) -> list[CaseRun]:
    """Every registered game's bound cases, each played once (GC off while timing)."""
    runs = []
    for game in GAMES.values():
        for case in bound_cases(game, both_player_bounds, every_combination):
            gc.collect()
            gc.disable()
            try:
                runs.append(play_case(case, budget_s, seed))
            finally:
                gc.enable()
        log.info("rules: %s done", game.slug)
    return runs
