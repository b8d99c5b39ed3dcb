"""Command line: `python -m db copy SOURCE TARGET` (each a SQLite file or a postgresql:// URL)."""

from __future__ import annotations

import argparse
import logging
import sys

from db.copy import Copied, CopyError, copy_database
from db.copy_sides import shown


def report(copied: Copied, source: str, target: str) -> str:
    """What a copy did, for people: rows per table, the total, the time and the speed."""
    width = max((len(t) for t in copied.rows), default=0)
    lines = [f"Copied {shown(source)} to {shown(target)}:"]
    lines += [f"  {table:<{width}}  {count:>10,}" for table, count in copied.rows.items()]
    speed = copied.total / copied.seconds if copied.seconds > 0 else 0.0
    lines.append(
        f"  {'total':<{width}}  {copied.total:>10,} rows in {copied.seconds:.2f} s "
        f"({speed:,.0f} rows/s)"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit code."""
    parser = argparse.ArgumentParser(prog="python -m db", description="The bot's database.")
    sub = parser.add_subparsers(dest="command", required=True)
    cp = sub.add_parser(
        "copy",
        help="copy the whole database into a new, empty one (migrated first)",
        description="Copy every table of SOURCE into TARGET, which must hold no rows. Each is "
        "the path of a SQLite file or a postgresql:// URL. Exit code 2 if TARGET holds rows or "
        "is SOURCE (nothing is changed), 1 for any other failure (nothing is copied).",
    )
    cp.add_argument("source", help="the database to copy: a SQLite file or a postgresql:// URL")
    cp.add_argument("target", help="where to copy it: a SQLite file or a postgresql:// URL")
    args = parser.parse_args(argv)
    # Migrations applied to the target are worth seeing; their lines go to standard error.
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        copied = copy_database(args.source, args.target)
    except CopyError as e:
        print(f"python -m db copy: {e}", file=sys.stderr)
        return e.code
    print(report(copied, args.source, args.target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
