"""Dependencies point one way: discord only in bot.py, cogs/ and offline/; rules/ stays pure."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
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
    """bot.py loads the cogs by name; from cogs/ it takes only its command tree and the tree's
    translator, whose modules import no cog (only the words, which are no extension), so no cog
    runs outside load_extension or is in a circle with bot.py."""
    front = {"cogs", "offline", "main"}
    taken = {m for m in modules_imported_by(ROOT / "bot.py") if m.split(".")[0] in front}
    assert taken == {"cogs.replies", "cogs.commands"}, taken
    words = {
        "cogs.catalogue",
        "cogs.commands",
        "cogs.lists",
        "cogs.marks",
        "cogs.speech",
        "cogs.tournament_catalogue",
        "cogs.words",
    }
    for tree in ("replies", "commands"):
        imported = modules_imported_by(ROOT / "cogs" / f"{tree}.py")
        assert {m for m in imported if m.split(".")[0] in {*front, "bot"}} <= words, tree
    for name in words:
        path = ROOT / (name.replace(".", "/") + ".py")
        imported = {m for m in modules_imported_by(path) if m.split(".")[0] in {*front, "bot"}}
        assert imported <= words, (name, imported)
        assert "def setup(" not in path.read_text(encoding="utf-8")


def test_ops_stands_apart() -> None:
    """ops/ (metrics, health, logs) knows no Discord and no game code: the front ends and main
    hand it what it serves; and nothing below the front ends imports it or a metrics library."""
    banned = {"discord", "simcord", "cogs", "bot", "offline", "referee", "db", "rules", "players"}
    for path, names in imports_of("ops").items():
        assert not names & banned, (path, names & banned)
    for package in ("rules", "players", "boards", "referee", "db"):
        for path, names in imports_of(package).items():
            assert not names & {"ops", "prometheus_client"}, path


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
    """boards/ imports only rules/, Pillow, ISA-L (its PNGs' deflate) and the standard library;
    no layer below imports it."""
    import sys

    allowed = {"boards", "rules", "PIL", "isal", "__future__"}
    for path, names in imports_of("boards").items():
        foreign = {n for n in names if n not in allowed and n not in sys.stdlib_module_names}
        assert not foreign, (path, foreign)
    for package in ("rules", "players", "referee", "db"):
        for path, names in imports_of(package).items():
            assert "boards" not in names, path


SENTENCE = re.compile(r"[A-Za-z']+(?: [A-Za-z',]+){2,}")
"""Three words in a row: a sentence (the referee's strings are ids, codes and names)."""
MARKUP = ("`", "**", "<@", "<#")


def words_in(path: Path) -> Iterator[tuple[int, str]]:
    """The string constants of a module that a member could read: not its docstrings, its log
    lines or the messages of errors meant for programmers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    quiet: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            quiet.add(id(node.value))
        called = node.func if isinstance(node, ast.Call) else None
        logged = isinstance(called, ast.Attribute) and getattr(called.value, "id", "") == "log"
        raised = isinstance(called, ast.Name) and called.id.endswith("Error")
        if logged or (raised and getattr(called, "id", "") != "RefereeError"):
            quiet |= {id(sub) for sub in ast.walk(node)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in quiet:
            yield node.lineno, node.value


def test_the_referee_speaks_in_codes() -> None:
    """No sentence, command name or markup in referee/: it says what happened as codes and
    fields, and the front ends word them."""
    for path in sorted((ROOT / "referee").glob("*.py")):
        for line, text in words_in(path):
            assert not SENTENCE.search(text), (path.name, line, text)
            assert not re.search(r"/[a-z]", text), (path.name, line, text)
            assert not any(m in text for m in MARKUP), (path.name, line, text)


def test_the_database_driver_is_dbs_alone() -> None:
    """psycopg is imported in db/ only: the benchmark sets up its servers through db/ too."""
    for package in ("rules", "referee", "cogs", "offline", "bench", "players", "boards", "ops"):
        for path, names in imports_of(package).items():
            assert "psycopg" not in names and "psycopg_pool" not in names, path
