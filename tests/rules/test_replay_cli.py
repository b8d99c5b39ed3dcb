"""`python -m rules replay` on hand-written records, good and bad."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(record: object | str, tmp_path: Path) -> tuple[int, dict[str, object]]:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1, proc.stdout + proc.stderr
    return proc.returncode, json.loads(lines[0])


def test_rules_md_example(tmp_path: Path) -> None:
    """The record of RULES.md replays to a game in progress."""
    rec = {
        "game": "numbers-to-number",
        "players": 2,
        "options": {"m": 6},
        "moves": [[0, "17"], [1, "40"], [1, "3"], [0, "5"]],
    }
    code, out = run(rec, tmp_path)
    assert code == 0
    assert out == {
        "game": "numbers-to-number",
        "over": False,
        "scores": [0, 0],
        "winners": [],
        "to_move": [0, 1],
        "resigned": [],
    }


def test_partial_sealed_step(tmp_path: Path) -> None:
    """A step with one submission waits for the other seat only."""
    rec = {"game": "numbers-to-number", "players": 2, "moves": [[1, "9"]]}
    assert run(rec, tmp_path) == (
        0,
        {
            "game": "numbers-to-number",
            "over": False,
            "scores": [0, 0],
            "winners": [],
            "to_move": [0],
            "resigned": [],
        },
    )


def test_full_game(tmp_path: Path) -> None:
    """A whole m=2 game: one round, list from (3,1),(1,1) is 1_ so D = {2, 3}."""
    rec = {
        "game": "numbers-to-number",
        "players": 2,
        "options": {"m": 2, "rounds": 1},
        "moves": [[0, "3"], [1, "1"], [1, "2"], [0, "2"]],
    }
    code, out = run(rec, tmp_path)
    assert code == 0
    assert out == {
        "game": "numbers-to-number",
        "over": True,
        "scores": [2, 1],
        "winners": [0],
        "to_move": [],
        "resigned": [],
    }


@pytest.mark.parametrize(
    ("record", "index", "words"),
    [
        ("{not json", None, "Not valid JSON"),
        ({"game": "chess", "players": 2}, None, "Unknown game"),
        ({"game": "numbers-to-number", "players": 2, "options": {"m": 40}}, None, "`m`"),
        ({"game": "numbers-to-number", "players": 3}, None, "exactly 2"),
        (
            {"game": "numbers-to-number", "players": 2, "moves": [[0, "1"], [0, "2"]]},
            1,
            "already moved",
        ),
        (
            {"game": "numbers-to-number", "players": 2, "moves": [[0, "1"], [1, "1"], [0, "1"]]},
            2,
            "already played 1",
        ),
        ({"game": "numbers-to-number", "players": 2, "moves": [[0, "99"]]}, 0, "1 to 63"),
        ({"game": "numbers-to-number", "players": 2, "moves": [[5, "9"]]}, 0, "Seat 5"),
        ({"game": "numbers-to-number", "players": 2, "moves": [["0", "9"]]}, 0, "[seat, move"),
        ({"game": "numbers-to-number", "players": 2, "moves": [[0, "9", 7]]}, 0, "note"),
        (
            {"game": "numbers-to-number", "players": 2, "moves": [[0, "9", "auto", "x"]]},
            0,
            "[seat, move",
        ),
    ],
)
def test_bad_records(tmp_path: Path, record: object, index: int | None, words: str) -> None:
    """Bad records exit 2 with the reason and the index of the first bad move."""
    code, out = run(record, tmp_path)
    assert code == 2
    assert out["move"] == index
    assert words in str(out["error"])


def test_solve_integer_sequence() -> None:
    """`python -m rules solve integer-sequence 8` prints a(8) = 397 with an order reaching it."""
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "solve", "integer-sequence", "8"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    out = json.loads(proc.stdout)
    assert out["n"] == 8 and out["best"] == 397
    assert sorted(out["order"]) == list(range(1, 9))
    from rules.integer_sequence_solver import total

    assert total(out["order"]) == 397
