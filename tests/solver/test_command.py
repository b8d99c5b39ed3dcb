"""`python -m solver integer-sequence N`: its answer, the fallback, the range, stop and resume."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import solver.__main__ as command
from rules.integer_sequence import PROVEN_BEST
from solver import build
from solver.core import EXACT, Core
from solver.search import Outcome, Search


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    """(exit status, the JSON printed, stderr) of the command."""
    status = command.main(["integer-sequence", *args])
    out, err = capsys.readouterr()
    return status, json.loads(out) if out.strip() else {}, err


def test_prints_a_proven_answer(capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON holds n, best, order, which core ran, its timings, and the check."""
    status, answer, _ = run(capsys, "10")
    assert status == 0
    assert answer["n"] == 10 and answer["best"] == PROVEN_BEST[10] and answer["proven"]
    assert answer["core"] == "compiled" and answer["seconds"]["total"] >= 0
    assert sorted(answer["order"]) == list(range(1, 11)) and answer["verified"]


def test_falls_back_to_the_pure_search(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a compiler the command says so on stderr and answers with the pure search."""
    monkeypatch.setattr(build, "up_to_date", lambda: False)
    monkeypatch.setattr(build, "compiler", lambda: None)
    status, answer, err = run(capsys, "8")
    assert status == 0 and answer["core"] == "pure" and answer["best"] == 397
    assert "compiled core is unavailable" in err and "no C compiler" in err


def test_a_failed_build_is_reported() -> None:
    """A compiler that fails gives a reason, not an exception."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(build, "up_to_date", lambda: False)
        mp.setattr(build, "compiler", lambda: "false")
        assert "failed" in (build.build() or "")


def test_new_flags_make_the_library_stale(monkeypatch: pytest.MonkeyPatch, core: Core) -> None:
    """The library built by the fixture is up to date; other flags or source make it stale."""
    assert build.up_to_date()
    monkeypatch.setattr(build, "FLAGS", [*build.FLAGS, "-DOTHER"])
    assert not build.up_to_date()


def test_refuses_past_the_exact_range(capsys: pytest.CaptureFixture[str]) -> None:
    """Past n = 20 the values overflow 64 bits: exit 2 with a reason."""
    status, answer, err = run(capsys, "21")
    assert status == 2 and not answer and "exact range" in err


def test_a_wrong_order_fails_loudly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer is re-scored by the rules; a mismatch is an error, not an answer."""
    wrong = Outcome(398, (1, 2, 3, 4, 5, 6, 7, 8), True)
    monkeypatch.setattr(command, "solve", lambda *_: wrong)
    status, answer, err = run(capsys, "8")
    assert status == 1 and not answer and "WRONG ANSWER" in err


def test_stop_then_resume(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, core: Core, tmp_path: Path
) -> None:
    """A run stopped half-way reports a lower bound, not proven; resuming proves a(n)."""
    checkpoint = tmp_path / "a11.json"
    original = Core.run
    calls = [0]

    def stop_at_the_25th_part(self: Core, *args: Any, **kwargs: Any) -> Any:
        if args[2] == EXACT:
            calls[0] += 1
            if calls[0] == 25:
                core.stop()  # as Ctrl-C does: this part and the later ones stop
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Core, "run", stop_at_the_25th_part)
    status, answer, _ = run(capsys, "11", "--checkpoint", str(checkpoint))
    assert status == command.STOPPED and not answer["proven"] and "not proven" in answer["note"]
    assert answer["best"] <= PROVEN_BEST[11]
    saved = json.loads(checkpoint.read_text())
    assert 20 <= len(saved["done"]) < 25 and saved["parts"] == 110 and saved["memo"]["lists"]
    monkeypatch.setattr(Core, "run", original)
    status, answer, err = run(capsys, "11", "--checkpoint", str(checkpoint), "--resume")
    assert status == 0 and answer["proven"] and answer["best"] == PROVEN_BEST[11]
    assert "resuming" in err and answer["parts"][0] == saved["parts"]


def test_a_stop_during_the_bounds_keeps_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, core: Core, tmp_path: Path
) -> None:
    """Stopped while collecting, a run keeps its best game and finished collections."""
    checkpoint = tmp_path / "a12.json"
    original = Search.collect
    calls = [0]

    def stop_later(self: Search, *args: Any, **kwargs: Any) -> list[tuple[int, ...]]:
        calls[0] += 1
        if calls[0] == 60:
            core.stop()
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Search, "collect", stop_later)
    status, answer, _ = run(capsys, "12", "--checkpoint", str(checkpoint))
    saved = json.loads(checkpoint.read_text())
    assert status == command.STOPPED and not answer["proven"] and not saved["done"]
    assert saved["best"] > 0 and saved["memo"]["lists"]
    monkeypatch.setattr(Search, "collect", original)
    status, answer, _ = run(capsys, "12", "--checkpoint", str(checkpoint), "--resume")
    assert status == 0 and answer["best"] == PROVEN_BEST[12]


def _kept_lists(checkpoint: Path) -> int:
    """How many collections the checkpoint holds (0 while it is not written yet)."""
    try:
        memo = json.loads(checkpoint.read_text())["memo"]
    except (OSError, ValueError):
        return 0  # not written yet (the file is only ever replaced whole)
    return len(memo["lists"]) if memo else 0


def test_a_run_killed_while_collecting_resumes_from_what_it_kept(
    capsys: pytest.CaptureFixture[str], core: Core, tmp_path: Path
) -> None:
    """Killed outright, a run keeps the collections written while collecting; resumed, it proves."""
    checkpoint = tmp_path / "a13.json"
    argv = ["integer-sequence", "13", "--checkpoint", str(checkpoint), "--checkpoint-every", "0"]
    run_ = subprocess.Popen(
        [sys.executable, "-m", "solver", *argv],
        cwd=Path(command.__file__).parents[1],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while _kept_lists(checkpoint) < 20 and run_.poll() is None:
            assert time.monotonic() < deadline, "no collection was written within a minute"
            time.sleep(0.01)
    finally:
        run_.kill()
        run_.wait()
    saved = json.loads(checkpoint.read_text())
    assert saved["best"] > 0 and not saved["done"] and len(saved["memo"]["lists"]) >= 20
    status, answer, err = run(capsys, "13", "--checkpoint", str(checkpoint), "--resume")
    assert status == 0 and answer["proven"] and answer["best"] == PROVEN_BEST[13]
    assert "resuming" in err
