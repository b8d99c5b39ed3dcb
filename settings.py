"""Settings from the environment and an optional .env file."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from dotenv import load_dotenv

DEFAULT_DATABASE = "data/referee.sqlite3"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
LOG_FORMATS = ("text", "json")
DEFAULT_METRICS_HOST = "127.0.0.1"


class SettingsError(ValueError):
    """A setting has a value the bot cannot start with; the message names it in one line."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment."""

    token: str | None
    database: str
    """What the store opens: a `postgresql://` URL or a SQLite file path."""
    log_level: str
    dev_guild_id: int | None
    shard_count: int | None = None
    """The bot's shards in all; None lets Discord say (or one shard without a token)."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs; None runs every shard."""
    language: str | None = None
    """The offline mode's language (a Discord locale such as `fr` or `en-GB`): its members'
    and its server's; None is English."""
    log_format: str = "text"
    """`text` (one readable line a record) or `json` (one JSON object a line)."""
    metrics_port: int | None = None
    """The port of /metrics and /health; None serves neither (0 takes any free port)."""
    metrics_host: str = DEFAULT_METRICS_HOST
    """The address /metrics and /health listen on."""

    @classmethod
    def from_env(cls, env_file: str | None = ".env") -> Settings:
        """Read settings from the environment, after loading env_file if it exists."""
        if env_file:
            load_dotenv(env_file, override=False)
        return cls.from_mapping(os.environ)

    @classmethod
    def from_mapping(cls, env: Mapping[str, str]) -> Settings:
        """Read settings from a mapping of environment variables; SettingsError if invalid."""
        guild = env.get("DEV_GUILD_ID", "").strip()
        shard_count = read_shard_count(env.get("SHARD_COUNT", ""))
        database = read_database(env.get("DATABASE_URL", ""), env.get("DATABASE_PATH", ""))
        shard_ids = read_shard_ids(env.get("SHARD_IDS", ""), shard_count)
        if shard_ids is not None and shard_count is not None:
            check_one_process(database, shard_ids, shard_count)
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            database=database,
            log_level=env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            dev_guild_id=int(guild) if guild.isdigit() else None,
            shard_count=shard_count,
            shard_ids=shard_ids,
            language=read_language(env.get("OFFLINE_LANGUAGE", "")),
            log_format=read_log_format(env.get("LOG_FORMAT", "")),
            metrics_port=read_metrics_port(env.get("METRICS_PORT", "")),
            metrics_host=read_metrics_host(env.get("METRICS_HOST", "")),
        )


def read_database(url: str, path: str) -> str:
    """DATABASE_URL if set (a PostgreSQL URL or a SQLite path), else DATABASE_PATH."""
    url = url.strip()
    if "://" in url and not url.startswith(POSTGRES_SCHEMES):
        raise SettingsError(
            f"DATABASE_URL={url.split('://')[0]}://…: "
            "allowed are a postgresql:// URL or a SQLite file path"
        )
    return url or path.strip() or DEFAULT_DATABASE


def check_one_process(database: str, shard_ids: tuple[int, ...], shard_count: int) -> None:
    """A process that runs part of the shards has others beside it, which a SQLite file cannot
    serve (each process would trust its own memory of the games): they need PostgreSQL."""
    if database.startswith(POSTGRES_SCHEMES) or len(shard_ids) == shard_count:
        return
    raise SettingsError(
        f"SHARD_IDS runs {len(shard_ids)} of {shard_count} shards, so other processes run the "
        f"rest, and they cannot share the SQLite file {database}: set DATABASE_URL to a "
        "postgresql:// URL, or run every shard in this process (leave SHARD_IDS unset)"
    )


def read_language(text: str) -> str | None:
    """OFFLINE_LANGUAGE: a language code (`fr`), with its region if any (`en-GB`), or nothing."""
    text = text.strip()
    if not text:
        return None
    if not re.fullmatch(r"[a-z]{2,3}(-[A-Za-z]{2})?", text):
        raise SettingsError(
            f"OFFLINE_LANGUAGE={text!r}: allowed is a language code such as fr or en-GB"
        )
    return text


def read_log_format(text: str) -> str:
    """LOG_FORMAT: `text` (the default) or `json`."""
    text = text.strip().lower()
    if not text:
        return "text"
    if text not in LOG_FORMATS:
        raise SettingsError(f"LOG_FORMAT={text!r}: allowed are text or json")
    return text


def read_metrics_port(text: str) -> int | None:
    """METRICS_PORT: a port number from 1 to 65535, or nothing (no metrics served)."""
    text = text.strip()
    if not text:
        return None
    if not re.fullmatch(r"[0-9]{1,5}", text) or not 1 <= int(text) <= 65535:
        raise SettingsError(
            f"METRICS_PORT={text!r}: allowed is a port number from 1 to 65535, or nothing"
        )
    return int(text)


def read_metrics_host(text: str) -> str:
    """METRICS_HOST: an address or host name to listen on (default 127.0.0.1, this machine)."""
    text = text.strip()
    if not text:
        return DEFAULT_METRICS_HOST
    if not re.fullmatch(r"[A-Za-z0-9.:_-]+", text):
        raise SettingsError(
            f"METRICS_HOST={text!r}: allowed is an address or host name, such as 0.0.0.0"
        )
    return text


def read_shard_count(text: str) -> int | None:
    """SHARD_COUNT: a whole number from 1 up, or nothing."""
    text = text.strip()
    if not text:
        return None
    if not re.fullmatch(r"[0-9]+", text) or int(text) < 1:
        raise SettingsError(f"SHARD_COUNT={text!r}: allowed is a whole number from 1 up")
    return int(text)


def read_shard_ids(text: str, shard_count: int | None) -> tuple[int, ...] | None:
    """SHARD_IDS: shard numbers and ranges (`0,1`, `0-3`, `0-1,4`), each below SHARD_COUNT."""
    text = text.strip()
    if not text:
        return None
    if shard_count is None:
        raise SettingsError("SHARD_IDS is set without SHARD_COUNT: set both, or neither")
    allowed = (
        f"allowed are numbers from 0 to {shard_count - 1} and ranges, "
        "separated by commas (e.g. 0,1 or 0-3)"
    )
    ids: list[int] = []
    for part in text.split(","):
        found = re.fullmatch(r"\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?", part)
        if not found:
            raise SettingsError(f"SHARD_IDS={text!r}: {allowed}")
        first = int(found[1])
        last = int(found[2]) if found[2] is not None else first
        if first > last or last >= shard_count:
            raise SettingsError(f"SHARD_IDS={text!r}: {allowed}")
        ids += range(first, last + 1)
    if len(set(ids)) != len(ids):
        raise SettingsError(f"SHARD_IDS={text!r}: a shard is named twice; {allowed}")
    return tuple(sorted(ids))
