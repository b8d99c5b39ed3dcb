"""The log's format: readable lines by default, or one JSON object a line for collectors."""

from __future__ import annotations

import datetime
import json
import logging
from pathlib import Path

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON: time (UTC, ISO 8601), level, logger, message, and the
    exception's traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.datetime.fromtimestamp(record.created, datetime.UTC)
        line = {
            "time": when.isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        # ensure_ascii: no character a reader may take for a line break (U+2028) stays raw.
        return json.dumps(line, ensure_ascii=True)


def formatter(log_format: str) -> logging.Formatter:
    """The formatter of LOG_FORMAT: `json`, else readable text."""
    return JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)


def log_handler(log_format: str, filename: Path | None = None) -> logging.Handler:
    """Where the log goes (standard error, or a file), in the format LOG_FORMAT asks for."""
    handler = logging.FileHandler(filename) if filename else logging.StreamHandler()
    handler.setFormatter(formatter(log_format))
    return handler
