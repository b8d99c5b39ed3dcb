"""The compiled core for the solver tests (built on first use, as the command does)."""

from __future__ import annotations

import pytest

from solver.core import Core, load


@pytest.fixture(scope="session")
def core() -> Core:
    """The loaded core; the tests fail (not skip) when it cannot be built."""
    loaded, why = load()
    assert loaded is not None, why
    return loaded
