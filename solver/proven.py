"""Recording a proven a(n) in the values file (rules/integer_sequence_proven.json)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import time
from typing import Any

from rules.integer_sequence import PROVEN_FILE, load_proven, play
from solver.build import HERE, SOURCE

EXCLUDE = f":(exclude){PROVEN_FILE.relative_to(HERE.parent)}"
"""The values file itself: recording a value does not make the code differ."""


def version() -> str:
    """The project's commit, "-dirty" if the code differs from it (the values file aside), and
    the hash of the core's source; call it when a run starts, before the code can change."""
    core = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:12]
    try:
        head = _git("rev-parse", "--short", "HEAD").strip()
        changed = _git("status", "--porcelain", "--untracked-files=no", "--", ".", EXCLUDE)
    except (OSError, subprocess.CalledProcessError):
        return f"unknown (core.c {core})"
    return f"{head}{'-dirty' if changed.strip() else ''} (core.c {core})"


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=HERE, capture_output=True, text=True, check=True)
    return done.stdout


def record(answer: dict[str, Any]) -> None:
    """Put a proven answer in the values file (replacing an entry for the same n)."""
    n, best, order = answer["n"], answer["best"], answer["order"]
    if sum(play(n, order)[1]) != best:
        raise ValueError(f"the order for a({n}) does not score {best}")
    known = {e["n"]: e for e in load_proven()}
    if n in known and known[n]["best"] != best:
        raise ValueError(f"a({n}) = {known[n]['best']} is recorded; this run says {best}")
    seconds = answer["seconds"]
    known[n] = {
        "n": n,
        "best": best,
        "order": order,
        "proven_by": {
            "command": f"python -m solver integer-sequence {n}",
            "core": answer["core"],
            "version": answer.get("version") or version(),
            "seconds": round(seconds["total"] + seconds.get("earlier_runs", 0), 1),
            "workers": answer.get("workers", 1),
            "load_average": answer.get("load_average"),
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
        },
    }
    text = json.dumps({"values": [known[k] for k in sorted(known)]}, indent=1)
    temp = PROVEN_FILE.with_name(f"{PROVEN_FILE.name}.{os.getpid()}.tmp")
    temp.write_text(text + "\n", encoding="utf-8")
    os.replace(temp, PROVEN_FILE)
