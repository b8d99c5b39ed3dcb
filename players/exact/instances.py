"""The game sizes small enough to solve exactly with two players."""

from __future__ import annotations

from typing import Any

INSTANCES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("numbers-to-number", {"m": 2}),
)
"""(game slug, options) of each solved size: from seconds to about a minute each."""
