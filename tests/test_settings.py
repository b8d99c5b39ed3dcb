"""Settings from the environment: the database, the shards, and clear refusals."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from settings import DEFAULT_DATABASE, Settings, SettingsError

ROOT = Path(__file__).resolve().parents[1]


def test_defaults() -> None:
    """With nothing set: the offline mode's SQLite file, and every shard in this process."""
    settings = Settings.from_mapping({})
    assert settings.token is None and settings.database == DEFAULT_DATABASE
    assert settings.shard_count is None and settings.shard_ids is None


@pytest.mark.parametrize(
    ("env", "database"),
    [
        ({"DATABASE_PATH": "games.sqlite3"}, "games.sqlite3"),
        ({"DATABASE_URL": "other.sqlite3", "DATABASE_PATH": "games.sqlite3"}, "other.sqlite3"),
        (
            {"DATABASE_URL": " postgresql://bot:pw@db:5432/referee ", "DATABASE_PATH": "x"},
            "postgresql://bot:pw@db:5432/referee",
        ),
        ({"DATABASE_URL": "postgres://db/referee"}, "postgres://db/referee"),
        ({"DATABASE_URL": "", "DATABASE_PATH": ""}, DEFAULT_DATABASE),
    ],
)
def test_database_url_comes_before_the_path(env: dict[str, str], database: str) -> None:
    """DATABASE_URL (a PostgreSQL URL or a SQLite path) wins over DATABASE_PATH."""
    assert Settings.from_mapping(env).database == database


@pytest.mark.parametrize(
    ("count", "ids", "shards"),
    [
        ("1", "", (1, None)),
        ("4", "", (4, None)),
        ("4", "0,1", (4, (0, 1))),
        ("4", "0-3", (4, (0, 1, 2, 3))),
        ("8", " 6 , 0-1,3 ", (8, (0, 1, 3, 6))),
        ("2", "1", (2, (1,))),
    ],
)
def test_shards(count: str, ids: str, shards: tuple[int, tuple[int, ...] | None]) -> None:
    """SHARD_COUNT and SHARD_IDS: numbers and ranges, in order (processes that share the
    shards share a PostgreSQL database)."""
    env = {"SHARD_COUNT": count, "SHARD_IDS": ids, "DATABASE_URL": "postgresql://db/referee"}
    settings = Settings.from_mapping(env)
    assert (settings.shard_count, settings.shard_ids) == shards


@pytest.mark.parametrize(
    ("env", "named", "allowed"),
    [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT", "a whole number from 1 up"),
        ({"SHARD_COUNT": "-2"}, "SHARD_COUNT", "a whole number from 1 up"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT", "a whole number from 1 up"),
        ({"SHARD_COUNT": "1.5"}, "SHARD_COUNT", "a whole number from 1 up"),
        ({"SHARD_COUNT": "٣"}, "SHARD_COUNT", "a whole number from 1 up"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS", "without SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS", "from 0 to 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-4"}, "SHARD_IDS", "from 0 to 3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "SHARD_IDS", "from 0 to 3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0;1"}, "SHARD_IDS", "separated by commas"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "SHARD_IDS", "separated by commas"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "-1"}, "SHARD_IDS", "from 0 to 3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1,1"}, "SHARD_IDS", "named twice"),
        ({"DATABASE_URL": "mysql://u:secret@db/x"}, "DATABASE_URL", "a postgresql:// URL"),
        ({"OFFLINE_LANGUAGE": "French"}, "OFFLINE_LANGUAGE", "a language code"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,1"}, "SHARD_IDS", "a postgresql:// URL"),
        ({"LOG_FORMAT": "xml"}, "LOG_FORMAT", "text or json"),
        ({"METRICS_PORT": "0"}, "METRICS_PORT", "from 1 to 65535"),
        ({"METRICS_PORT": "65536"}, "METRICS_PORT", "from 1 to 65535"),
        ({"METRICS_PORT": "http"}, "METRICS_PORT", "from 1 to 65535"),
        ({"METRICS_PORT": "-1"}, "METRICS_PORT", "from 1 to 65535"),
        ({"METRICS_PORT": "٩١٠٠"}, "METRICS_PORT", "from 1 to 65535"),
        ({"METRICS_HOST": "0.0.0.0 /x"}, "METRICS_HOST", "an address or host name"),
    ],
)
def test_invalid_values_are_refused(env: dict[str, str], named: str, allowed: str) -> None:
    """A bad value stops the start with one line naming the setting and what is allowed."""
    with pytest.raises(SettingsError) as refused:
        Settings.from_mapping(env)
    message = str(refused.value)
    assert message.startswith(named) and allowed in message and "\n" not in message
    assert "secret" not in message, "a password in a URL is never echoed"


def test_the_offline_language_is_a_locale() -> None:
    """OFFLINE_LANGUAGE names the offline mode's language; without it, English."""
    assert Settings.from_mapping({"OFFLINE_LANGUAGE": " fr "}).language == "fr"
    assert Settings.from_mapping({"OFFLINE_LANGUAGE": "en-GB"}).language == "en-GB"
    assert Settings.from_mapping({}).language is None


def test_metrics_and_log_format() -> None:
    """No metrics and text logs unless asked; METRICS_PORT names the port, on this machine
    unless METRICS_HOST says where."""
    plain = Settings.from_mapping({})
    assert plain.metrics_port is None and plain.log_format == "text"
    asked = Settings.from_mapping({"METRICS_PORT": " 9100 ", "LOG_FORMAT": "JSON"})
    assert (asked.metrics_port, asked.metrics_host, asked.log_format) == (9100, "127.0.0.1", "json")
    anywhere = Settings.from_mapping({"METRICS_PORT": "9100", "METRICS_HOST": "0.0.0.0"})
    assert anywhere.metrics_host == "0.0.0.0"


def test_the_start_stops_on_a_bad_setting(tmp_path: Path) -> None:
    """`python main.py` with a bad setting exits with status 2 and the one-line reason."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "SHARD_IDS")}
    env["SHARD_COUNT"] = "none"
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done
    assert done.stderr == (
        "Cannot start: SHARD_COUNT='none': allowed is a whole number from 1 up\n"
    ), done.stderr
    assert not list(tmp_path.iterdir()), "nothing is created before the settings are read"


def test_every_shard_in_one_process_may_use_a_sqlite_file() -> None:
    """All the shards in this process need no other process, so a SQLite file serves them."""
    settings = Settings.from_mapping({"SHARD_COUNT": "2", "SHARD_IDS": "0-1"})
    assert settings.shard_ids == (0, 1) and settings.database == DEFAULT_DATABASE
