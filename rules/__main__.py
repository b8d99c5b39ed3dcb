"""Command line: `python -m rules replay FILE` and `python -m rules solve integer-sequence N`."""

from __future__ import annotations

import argparse
import json
import sys

from rules.record import RecordError, replay_text


def _replay(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(json.dumps({"error": f"Cannot read {path}: {e}", "move": None}))
        return 2
    try:
        result = replay_text(text)
    except RecordError as e:
        print(json.dumps({"error": str(e), "move": e.index}))
        return 2
    print(json.dumps(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(prog="python -m rules")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print the result as JSON")
    rp.add_argument("file", help="the record (JSON), or - for standard input")
    sp = sub.add_parser("solve", help="solve a game's own question exactly")
    sp.add_argument("game", choices=["integer-sequence"], help="the game")
    sp.add_argument("n", type=int, help="the size: a(N) for the numbers 1..N")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    if not 1 <= args.n <= 60:
        parser.error("N must be from 1 to 60 (the game's own bound)")
    from rules.integer_sequence_solver import main as solve

    print(json.dumps(solve(args.n)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
