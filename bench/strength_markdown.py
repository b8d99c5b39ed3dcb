"""The strength results as Markdown tables, as the docs show them: every pairing at each game's
defaults, the larger tables, the ratings, the decision times and the goals."""

from __future__ import annotations

from collections.abc import Sequence

from bench.contestants import CONTESTANTS, RANDOM
from bench.stats import percent, verdict
from bench.strength import StrengthResult
from bench.strength_games import Pairing, Table
from bench.strength_report import GOALS_SHOWN, HEURISTICS, strength_summary
from bench.strength_stats import Tally, tallies
from rules import GAMES

LEVELS_TIMED = ("hard", "expert")
"""The levels whose decision times are shown table by table (the others decide at once)."""
PERCENTILES = ("p50", "p99")


def row(cells: Sequence[object]) -> str:
    """One row of a Markdown table."""
    return "| " + " | ".join(str(c) for c in cells) + " |"


def table(head: Sequence[object], rows: Sequence[Sequence[object]]) -> list[str]:
    """A Markdown table: its head, the rule under it, and its rows."""
    return [row(head), row(["---"] * len(head)), *map(row, rows)]


def score(t: Tally | None) -> str:
    """'38/1/1, 96%': wins (alone best), draws, losses, and wins plus half the draws."""
    if t is None:
        return "-"
    return f"{t.wins}/{t.draws}/{t.losses}, {percent(t.win_rate)}"


GOAL_PAIRINGS = (("hard", RANDOM), *(("hard", h) for h in HEURISTICS), ("expert", "hard"))
"""The pairings at the defaults that the goals judge, as the README's summary shows them."""


def at_defaults(found: dict[Pairing, Tally]) -> dict[tuple[str, str, str], Tally]:
    """The tallies at each game's defaults, by (first, other, game)."""
    return {(p.first, p.other, p.table.slug): t for p, t in found.items() if p.table.default}


def goal_summary(res: StrengthResult) -> list[str]:
    """The README's summary: game by game, the pairings the goals judge, hard at 3 players and
    at the larger table (with the share of games it ended alone best), then the ratings."""
    fields, _ = strength_summary(res)
    found = tallies(res.results)
    defaults = at_defaults(found)
    away: dict[str, list[str]] = {}
    for p, t in found.items():
        if not p.table.default and p.first == "hard":
            cell = f"{size(p.table)}: {score(t)}, alone best {percent(t.alone_best)}"
            away.setdefault(p.table.slug, []).append(cell)
    games = table(
        ["game", *(f"{first} vs {other}" for first, other in GOAL_PAIRINGS), "hard, other tables"],
        [
            [
                GAMES[slug].title,
                *(score(defaults.get((*pair, slug))) for pair in GOAL_PAIRINGS),
                "; ".join(away.get(slug, [])) or "-",
            ]
            for slug in GAMES
        ],
    )
    ratings = table(
        ["contestant", *fields["ratings"]],
        [["rating", *(rated["rating"] for rated in fields["ratings"].values())]],
    )
    return [*games, "", *ratings]


def size(t: Table) -> str:
    """'3 players' or 'm=10, rounds=10': a table's label without its game."""
    return t.label.removeprefix(t.slug).strip(" ()")


def strength_markdown(res: StrengthResult) -> list[str]:
    """A strength run's results as Markdown: its tables, a blank line between two."""
    fields, goals = strength_summary(res)
    found = tallies(res.results)
    defaults = at_defaults(found)
    pairs = list(dict.fromkeys((first, other) for first, other, _ in defaults))
    titles = [GAMES[slug].title for slug in GAMES]
    tables = [
        table(
            ["pairing", *titles],
            [
                [f"{first} vs {other}", *(score(defaults.get((first, other, s))) for s in GAMES)]
                for first, other in pairs
            ],
        )
    ]
    larger = [(p, t) for p, t in found.items() if not p.table.default]
    if larger:
        tables.append(
            table(
                ["table (the other seats: greedy-safe)", "W/D/L", "alone best"],
                [
                    [f"{p.table.label}: {p.first}", score(t), percent(t.alone_best)]
                    for p, t in larger
                ],
            )
        )
    by_game = fields["ratings_by_game"]
    times = fields["decision_ms"]
    tables += [
        table(
            ["contestant", "rating (all games)", *titles],
            [
                [name, rated["rating"], *(by_game[slug].get(name, "-") for slug in GAMES)]
                for name, rated in fields["ratings"].items()
            ],
        ),
        table(
            ["contestant", "decision p50", "decision p99", "decisions"],
            [
                [name, *map(milliseconds, (t["p50"], t["p99"])), f"{t['decisions']:,}"]
                for name, t in ((name, times[name]) for name in CONTESTANTS)
                if t["decisions"]
            ],
        ),
        table(
            ["table", *(f"{name} {q}" for name in LEVELS_TIMED for q in PERCENTILES)],
            [
                [label, *(milliseconds(at[n][q]) for n in LEVELS_TIMED for q in PERCENTILES)]
                for label, at in fields["decision_ms_by_table"].items()
                if any(at[n]["decisions"] for n in LEVELS_TIMED)
            ],
        ),
        table(
            ["goal", "value", "met"],
            [
                [
                    f"{name} {goals[name]['goal']}",
                    shown(goals[name]["value"]),
                    verdict(goals[name], "yes", "no", "not measured"),
                ]
                for name in GOALS_SHOWN
            ],
        ),
    ]
    return [line for i, lines in enumerate(tables) for line in [*([""] if i else []), *lines]]


def milliseconds(value: float | None) -> str:
    """'1,234 ms' (a tenth shown below 10 ms), or '-'."""
    if value is None:
        return "-"
    return f"{value:.1f} ms" if value < 10 else f"{value:,.0f} ms"


def shown(value: object) -> str:
    """A goal's value, or '-' where it was not measured."""
    return "-" if value is None else str(value)
