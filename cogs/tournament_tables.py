"""A tournament's standings on Discord: a text table (the picture's alt text, and the answer's
code block) and a picture, the bracket for a knockout of two a table, else the table."""

from __future__ import annotations

import asyncio
import logging
from fractions import Fraction

import boards.tournament as pictures
from cogs.boards import Drawn
from cogs.speech import Words
from cogs.tournament_catalogue import COLUMNS, TIEBREAK_NAMES
from referee.speech import Person
from referee.tournament_view import Table, TournamentView
from rules import GAMES

log = logging.getLogger(__name__)

NAME_WIDTH = 20
"""How much of a name the text table shows."""


VULGAR = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}
"""The parts of a point written as one character (a draw's half, and its half again)."""


def score(value: Fraction) -> str:
    """A score as people write it: 2, 2½, ¾, else (thirds at tables of four) a decimal."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part in VULGAR:
        return f"{int(whole) or ''}{VULGAR[part]}"
    return f"{float(value):.2f}".rstrip("0")


def name_of(person: Person, words: Words) -> str:
    """An entrant's name as a table shows it (a computer's in the reader's language)."""
    return words.seat_name(person.name, person.computer)


def columns(view: TournamentView, words: Words) -> tuple[str, ...]:
    """The table's column heads in these words."""
    t = words.gettext
    ties = tuple(t(TIEBREAK_NAMES.get(name, name)) for name in view.tiebreaks)
    return (
        t(COLUMNS["rank"]),
        t(COLUMNS["player"]),
        t(COLUMNS["score"]),
        *ties,
        t(COLUMNS["record"]),
    )


def rows(view: TournamentView, words: Words) -> list[tuple[str, ...]]:
    """One row of cells per entrant, best first."""
    out = []
    for p in view.placings:
        name = name_of(p.player, words)
        if p.withdrawn:
            name = f"{name} ({words.gettext(COLUMNS['withdrew'])})"
        ties = tuple(score(t) for t in p.tiebreaks)
        record = f"{p.wins}-{p.draws}-{p.losses}"
        out.append((str(p.rank), name, score(p.score), *ties, record))
    return out


def standings_text(view: TournamentView, words: Words) -> str:
    """The standings as a monospace table."""
    head = columns(view, words)
    body = [
        tuple(c if i != 1 else c[:NAME_WIDTH] for i, c in enumerate(r)) for r in rows(view, words)
    ]
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(
            c.ljust(w) if i == 1 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "\n".join([line(head), *(line(r) for r in body)])


def table(view: TournamentView, words: Words, title: str) -> pictures.Table:
    """The standings as the picture's table."""
    t = words.gettext
    ties = ", ".join(t(TIEBREAK_NAMES.get(n, n)) for n in view.tiebreaks)
    note = words(COLUMNS["ranked_by"], tiebreaks=ties) if ties else ""
    marked = tuple(i for i, p in enumerate(view.placings) if p.withdrawn)
    return pictures.Table(
        title, columns(view, words), tuple(rows(view, words)), marked=marked, note=note
    )


def bracket(view: TournamentView, words: Words, title: str) -> pictures.Bracket:
    """A knockout of two a table as a bracket: each round's games in bracket order."""
    size = 1
    while size < len(view.placings):
        size *= 2
    position = {seed: i for i, seed in enumerate(seed_order(size))}
    played = [g for g in view.tables if len(g.players) == 2]
    seeds = {p.seed: p.player for p in view.placings}
    rounds = []
    for r in range(1, view.rounds + 1):
        boxes = size >> r
        slots: list[list[Table]] = [[] for _ in range(boxes)]
        for g in played:
            if g.round == r:
                slots[position[g.seeds[0] - 1] >> r].append(g)
        later = {p for g in played if g.round == r + 1 for p in g.players}
        if r == view.rounds and view.status == "over":
            later = {view.placings[0].player}
        pairings = []
        for box, games in enumerate(slots):
            if games:
                pairings.append(_pairing(games, later, words))
            elif r == 1:
                pairings.append(_bye(box, size, seeds, words))
            else:
                pairings.append(
                    pictures.Pairing((pictures.Slot("", None), pictures.Slot("", None)))
                )
        rounds.append((round_label(r, view.rounds, words), tuple(pairings)))
    champion = ""
    if view.status == "over":
        champion = name_of(view.placings[0].player, words)
    return pictures.Bracket(title, tuple(rounds), champion)


def _pairing(games: list[Table], later: set[Person], words: Words) -> pictures.Pairing:
    """A box of the bracket: its game (seats as first paired), who went on (who plays the next
    round, which also settles a drawn tie-break), and the tie-break, if any."""
    first, last = games[0], games[-1]
    decided = last.places is not None and min(last.places) != max(last.places)
    winners = {p for p in first.players if p in later}
    if not winners and decided and last.places is not None:
        winners = {p for p, place in zip(last.players, last.places, strict=True) if place == 1}
    slots = tuple(
        pictures.Slot(name_of(p, words), s, won=p in winners)
        for p, s in zip(first.players, first.seeds, strict=True)
    )
    note = words.gettext(COLUMNS["tiebreak"]) if any(g.tiebreak for g in games) else ""
    return pictures.Pairing(slots, note)


def _bye(box: int, size: int, seeds: dict[int, Person], words: Words) -> pictures.Pairing:
    """A first-round box with one entrant and a bye."""
    order = seed_order(size)
    top = min(order[2 * box], order[2 * box + 1]) + 1
    person = seeds.get(top)
    first = pictures.Slot(name_of(person, words) if person else "", top, won=True)
    return pictures.Pairing((first, pictures.Slot("", None)), words.gettext(COLUMNS["bye"]))


def seed_order(size: int) -> list[int]:
    """The bracket's positions as seeds counted from 0 (1 v 8, 4 v 5, 2 v 7, 3 v 6 for 8)."""
    order = [0]
    while len(order) < size:
        n = len(order) * 2
        order = [x for s in order for x in (s, n - 1 - s)]
    return order


def round_label(r: int, rounds: int, words: Words) -> str:
    """A knockout round's name: the final, the semi-finals, the quarter-finals, or its number."""
    left = rounds - r
    key = {0: "final", 1: "semi_finals", 2: "quarter_finals"}.get(left)
    if key:
        return words.gettext(COLUMNS[key])
    return words(COLUMNS["round"], number=r)


async def draw_tournament(view: TournamentView, words: Words, title: str) -> Drawn:
    """The standings' text and picture (the bracket for a knockout of two a table), drawn off
    the event loop, headed by the game and under it `title`; a failure leaves the text alone."""
    text = standings_text(view, words)
    title = f"{GAMES[view.game].title} — {title}"
    try:
        if view.format == "knockout" and view.table_size == 2 and view.rounds:
            png = await asyncio.to_thread(pictures.bracket_picture, bracket(view, words, title))
        else:
            png = await asyncio.to_thread(pictures.table_picture, table(view, words, title))
    except Exception:
        log.exception("Could not draw tournament #%s; sending its text", view.id)
        png = None
    return Drawn(text, png)
