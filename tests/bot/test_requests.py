"""Requests to Discord per move, over whole games of every game played through the bot."""

from __future__ import annotations

import random
from typing import Any

from bench.requests import GOAL_SEALED, GOAL_TURN_LIMITED, SETUPS, play_setups
from rules import GAMES

PAIR_STEP = 5
"""At three players or more, a Numerical Card Game step is a pair's: the last mover may not be
in the next pair, so the step costs both answers, the reveal and two separate prompts."""


async def test_requests_per_move(simcord_env: Any) -> None:
    """A turn move costs no rate-limited request (one public interaction response answers it);
    a sealed move costs at most 2 requests over a two-player game."""
    result = await play_setups(simcord_env, 1, random.Random(3))
    assert {s.slug for s in result.setups} == set(GAMES)
    assert [(s.slug, s.players) for s in result.setups] == list(SETUPS)
    for setup in result.setups:
        (run,) = setup.runs
        assert run.sealed.actions + run.turn.actions > 0, setup.label
        assert run.stray.total == 0, (setup.label, run.stray.kinds)
        assert run.turn.most_limited == GOAL_TURN_LIMITED, (setup.label, run.turn.kinds)
        assert run.turn.responses == run.turn.actions, setup.label
        if not run.sealed.actions:
            continue
        sealed = run.sealed.per(run.sealed.total)
        if setup.players == 2:
            assert sealed <= GOAL_SEALED, (setup.label, sealed, run.sealed.kinds)
        else:
            # A member first prompted after the start costs one DM-channel open, once.
            steps = run.sealed.per(run.sealed.total - run.sealed.kinds["DM open"])
            assert steps <= PAIR_STEP / 2, (setup.label, sealed, run.sealed.kinds)
