"""The log's two formats: readable text, and one JSON object a line."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from ops.logs import log_handler


@pytest.fixture
def logged() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    """A logger of its own, and what it writes."""
    out = io.StringIO()
    logger = logging.getLogger("referee.test_logs")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    yield logger, out
    logger.handlers.clear()
    logger.propagate = True
    logger.setLevel(logging.NOTSET)


def use(logger: logging.Logger, out: io.StringIO, log_format: str) -> None:
    handler = log_handler(log_format)
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(out)
    logger.addHandler(handler)


def test_json_lines(logged: tuple[logging.Logger, io.StringIO]) -> None:
    """Each record is one line of JSON with its time, level, logger, message and traceback."""
    logger, out = logged
    use(logger, out, "json")
    logger.warning("Match %s: a move\nover two lines, «quoted»", 12)
    try:
        raise ValueError("the store refused")
    except ValueError:
        logger.exception("Unexpected error answering %s", "interaction 7")
    lines = out.getvalue().splitlines()
    assert len(lines) == 2, lines
    first, second = (json.loads(line) for line in lines)
    assert set(first) == {"time", "level", "logger", "message"}
    assert first["level"] == "WARNING" and first["logger"] == "referee.test_logs"
    assert first["message"] == "Match 12: a move\nover two lines, «quoted»"
    assert first["time"].endswith("+00:00") and "T" in first["time"]
    assert second["level"] == "ERROR"
    assert second["message"] == "Unexpected error answering interaction 7"
    assert (
        "Traceback" in second["exception"]
        and "ValueError: the store refused" in second["exception"]
    )


def test_text_stays_the_default(logged: tuple[logging.Logger, io.StringIO]) -> None:
    """Without LOG_FORMAT=json, a record is the readable line it always was."""
    logger, out = logged
    use(logger, out, "text")
    logger.info("Logged in as %s", "referee")
    assert out.getvalue().endswith(" INFO referee.test_logs: Logged in as referee\n")
