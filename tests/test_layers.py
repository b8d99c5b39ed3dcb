"""Dependencies point one way: discord only in bot.py, cogs/ and offline/; rules/ stays pure."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules_imported_by(path: Path) -> set[str]:
    """Full names of the modules one file imports (`cogs.replies`, not `cogs`)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def imports_of(package: str) -> dict[str, set[str]]:
    """Top-level module names imported by each file of a package (or by one file)."""
    out = {}
    place = ROOT / package
    for path in [place] if place.is_file() else place.rglob("*.py"):
        names = {m.split(".")[0] for m in modules_imported_by(path)}
        out[str(path.relative_to(ROOT))] = names
    return out


def test_rules_are_pure() -> None:
    """No Discord, database, clock, network or other layer in rules/."""
    banned = {
        "discord",
        "sqlite3",
        "time",
        "datetime",
        "asyncio",
        "socket",
        "referee",
        "db",
        "cogs",
        "bot",
        "simcord",
    }
    for path, names in imports_of("rules").items():
        assert not names & banned, (path, names & banned)


def test_referee_knows_no_discord_or_sql() -> None:
    """The referee talks to rules/ and to a store protocol, never to Discord or SQL."""
    banned = {"discord", "sqlite3", "cogs", "bot", "db", "simcord"}
    for path, names in imports_of("referee").items():
        assert not names & banned, (path, names & banned)


def test_store_knows_no_discord() -> None:
    """db/ depends on the referee's store protocol only."""
    for path, names in imports_of("db").items():
        assert not names & {"discord", "cogs", "bot", "rules", "simcord"}, path


def test_the_bot_imports_no_cog_and_no_front_end() -> None:
    """bot.py loads the cogs by name; from cogs/ it takes only its command tree, whose module
    imports no cog (only cogs/words.py, which is no extension), so no cog runs outside
    load_extension or is in a circle with bot.py."""
    front = {"cogs", "offline", "main"}
    taken = {m for m in modules_imported_by(ROOT / "bot.py") if m.split(".")[0] in front}
    assert taken == {"cogs.replies"}, taken
    replies = modules_imported_by(ROOT / "cogs" / "replies.py")
    assert {m for m in replies if m.split(".")[0] in {*front, "bot"}} == {"cogs.words"}
    words = ROOT / "cogs" / "words.py"
    assert not {m for m in modules_imported_by(words) if m.split(".")[0] in {*front, "bot"}}
    assert "def setup(" not in words.read_text(encoding="utf-8")


def test_sql_lives_in_db() -> None:
    """No SQL statements outside db/."""
    for package in ("rules", "referee", "cogs", "offline", "bench"):
        for path in (ROOT / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "INSERT INTO" not in text and "SELECT " not in text, path


def test_players_stand_on_the_rules_alone() -> None:
    """players/ imports only rules/ and the standard library; rules/ does not import players."""
    import sys

    allowed = {"rules", "players", "__future__"}
    for path, names in imports_of("players").items():
        foreign = {n for n in names if n not in allowed and n not in sys.stdlib_module_names}
        assert not foreign, (path, foreign)
    for path, names in imports_of("rules").items():
        assert "players" not in names, path


def test_boards_draw_from_the_rules_alone() -> None:
    """boards/ imports only rules/, Pillow and the standard library; no layer below imports it."""
    import sys

    allowed = {"boards", "rules", "PIL", "__future__"}
    for path, names in imports_of("boards").items():
        foreign = {n for n in names if n not in allowed and n not in sys.stdlib_module_names}
        assert not foreign, (path, foreign)
    for package in ("rules", "players", "referee", "db"):
        for path, names in imports_of(package).items():
            assert "boards" not in names, path
