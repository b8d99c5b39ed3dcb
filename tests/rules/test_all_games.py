"""One random-play test over every registered game, its player counts and option bounds."""

from __future__ import annotations

import importlib
import itertools
import json
import pkgutil
import random
from typing import Any

import pytest

import rules
from rules import GAMES
from rules.base import BOARD_LIMIT, Game, IllegalMove, Phrase
from rules.codec import decode, encode
from rules.record import Progress, Record, replay
from tests.rules.french import FRENCH

GAMES_PER_CASE = 4
FULL_CHECK_STEPS = 200
"""Longer games check every step up to here, then every tenth step."""
MAX_CASE_STEPS = 5_000
"""Settings whose games could run longer are left to each game's own tests."""
REPLAY_EVERY = 50
"""Replaying the record is linear in its length, so after the first steps it runs this often."""

JUNK = [
    "",
    " ",
    "x",
    "-1",
    "0",
    "1.5",
    "1e3",
    "+3",
    "٣",
    "drop",
    "a1",
    "a1 a1",
    "z9 z8",
    "1@",
    "@1",
]


def option_cases(game: Game[Any], players: int) -> list[dict[str, Any]]:
    """Each option at its low bound, its high bound and its default, in every combination."""
    per_option = []
    for opt in game.options:
        values: list[Any] = ["default", opt.low, opt.high]
        if opt.none_allowed:
            values.append(None)
        per_option.append([(opt.name, v) for v in values])
    cases, seen = [], set()
    for combo in itertools.product(*per_option):
        given = {name: v for name, v in combo if v != "default"}
        try:
            settled = game.settle_options(players, given)
        except rules.base.BadOption:
            continue
        key = json.dumps(settled, sort_keys=True)
        if key not in seen and game.max_steps(players, settled) <= MAX_CASE_STEPS:
            seen.add(key)
            cases.append(settled)
    return cases


def all_cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Every (game, players, settled options) combination the random test plays."""
    out = []
    for slug, game in GAMES.items():
        for p in range(game.min_players, game.max_players + 1):
            out += [(slug, p, opts) for opts in option_cases(game, p)]
    return out


def candidates(rng: random.Random, legal: set[str] | None) -> list[str]:
    """Texts to try: junk, numbers near every bound, dot pairs, arcs, and the legal moves."""
    texts = list(JUNK)
    texts += [str(rng.randint(-5, 70)) for _ in range(6)]
    texts += [str(rng.randint(0, 70_000)) for _ in range(2)]
    cols = "abcdefghijklm"
    texts += [
        f"{rng.choice(cols)}{rng.randint(1, 13)} {rng.choice(cols)}{rng.randint(1, 13)}"
        for _ in range(4)
    ]
    texts += [f"{rng.randint(0, 31)}@{rng.randint(0, 61)}" for _ in range(2)]
    if legal:
        texts += [f"  {m.upper()} " for m in rng.sample(sorted(legal), min(3, len(legal)))]
    return texts


def check_step(
    game: Game[Any], progress: Progress, record: Record, rng: random.Random, deep: bool = True
) -> None:
    """Every property of one reachable state."""
    s = progress.state
    players = record.players
    awaited = game.to_move(s)
    assert game.is_over(s) == (not awaited)
    for seat in range(players):
        if seat not in awaited:
            assert list(itertools.islice(game.legal(s, seat), 1)) == []
            with pytest.raises(IllegalMove):
                game.parse(s, seat, game.sample(s, next(iter(awaited)), rng) if awaited else "1")
            continue
        first = list(itertools.islice(game.legal(s, seat), 5001))
        assert first, "a seat to move must have a legal move"
        legal = set(first) if len(first) <= 5000 else None
        for move in rng.sample(first, min(8, len(first))):
            assert game.parse(s, seat, move) == move
        for text in candidates(rng, legal):
            try:
                move = game.parse(s, seat, text)
            except IllegalMove as e:
                assert str(e), "a refusal must say why"
                continue
            if legal is not None:
                assert move in legal, f"{text!r} parsed to {move!r}, which is not legal"
    data = json.loads(json.dumps(encode(s)))
    assert decode(game.state_type, data) == s
    if deep:
        assert replay(Record.from_json(json.loads(json.dumps(record.to_json())))).state == s
    public = game.view(s, None)
    assert public["private"] is None
    json.dumps(public)
    for viewer in [None, *range(players)]:
        v = game.view(s, viewer)
        assert {k: x for k, x in v.items() if k not in ("viewer", "private")} == {
            k: x for k, x in public.items() if k not in ("viewer", "private")
        }, "the public part of a view must not depend on who looks"
        names = [f"player{i}" for i in range(players)]
        board = game.render(s, viewer, names)
        assert 0 < len(board) <= BOARD_LIMIT
        # French is longer: its board must fit, cut short only where the English one is.
        french = game.render_view(v, names, FRENCH)
        assert 0 < len(french) <= BOARD_LIMIT
        assert board.endswith("\n…") or not french.endswith("\n…")


def play_one(slug: str, players: int, options: dict[str, Any], seed: int) -> None:
    """Play one random game, checking every property along the way."""
    game = GAMES[slug]
    rng = random.Random(seed)
    progress = Progress.begin(game, players, options)
    record = Record(slug, players, options)
    bound = game.max_steps(players, options)
    steps = 0
    last_scores = game.scores(progress.state)
    while not game.is_over(progress.state):
        if steps < FULL_CHECK_STEPS or steps % 10 == 0:
            deep = steps < REPLAY_EVERY or steps % REPLAY_EVERY == 0
            check_step(game, progress, record, rng, deep)
        before = progress.state
        moves = {}
        for seat in sorted(game.to_move(before), key=lambda _: rng.random()):
            move = game.sample(before, seat, rng)
            moves[seat] = move
            record = Record(slug, players, options, (*record.moves, (seat, move)))
            progress = progress.submit(seat, move)
            if len(moves) < len(game.to_move(before)):
                assert progress.state == before
                assert progress.awaited() == game.to_move(before) - set(moves)
        assert progress.state != before or not game.to_move(before)
        lines = game.describe(before, moves, progress.state)
        assert lines and all(isinstance(x, Phrase) and x.english() for x in lines)
        steps += 1
        assert steps <= bound, f"game did not end within {bound} steps"
        scores = game.scores(progress.state)
        assert len(scores) == players and all(isinstance(x, int) for x in scores)
        assert all(b >= a for a, b in zip(last_scores, scores, strict=True))
        last_scores = scores
        if not game.is_over(progress.state):
            assert game.winners(progress.state) == frozenset()
    check_step(game, progress, record, rng)
    scores = game.scores(progress.state)
    best = min(scores) if game.lowest_wins else max(scores)
    assert game.winners(progress.state) == {i for i, x in enumerate(scores) if x == best}
    assert replay(record).result() == progress.result()


CASES = all_cases()


@pytest.mark.parametrize(
    ("slug", "players", "options"),
    CASES,
    ids=[f"{s}-p{p}-" + "-".join(f"{k}{v}" for k, v in o.items()) for s, p, o in CASES],
)
def test_random_games(slug: str, players: int, options: dict[str, Any]) -> None:
    """Random games at this setting keep every invariant."""
    for seed in range(GAMES_PER_CASE):
        play_one(slug, players, options, seed)


def test_every_module_is_registered() -> None:
    """Each game module in rules/ is in the registry."""
    infra = {"base", "codec", "record", "primes"}
    modules = {
        m.name for m in pkgutil.iter_modules(rules.__path__) if not m.name.startswith("_")
    } - infra
    registered = {type(g).__module__.rsplit(".", 1)[1] for g in GAMES.values()}
    extra = {
        name for name in modules if not hasattr(importlib.import_module(f"rules.{name}"), "GAME")
    }
    assert modules - extra == registered


def test_options_have_sane_bounds() -> None:
    """Every option has low <= high, help text, and a documented default."""
    for game in GAMES.values():
        assert game.min_players <= game.max_players
        for opt in game.options:
            assert opt.low <= opt.high and opt.help and opt.default_help
        assert game.player_counts({}) == list(range(game.min_players, game.max_players + 1))
