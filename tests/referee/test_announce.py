"""What the referee says is data: codes and fields, people named as people (never as markup
or markers in the text), whatever their names, through whole games of every game."""

from __future__ import annotations

import ast
import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from db import SqlStore, open_store
from referee import Referee
from referee.notices import Outcome
from referee.speech import Person, Text, leaves
from rules import GAMES

GUILD, HALL = 1, 20
NAMES = {10: "**bold** <@1>", 11: "`tick` <#2>"}
"""Names that look like markup, a mention and a channel link."""
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqlStore]:
    """A store on a fresh file."""
    opened = await open_store(str(tmp_path / "announce.sqlite3"))
    yield opened
    await opened.close()


def said_in(outcome: Outcome) -> Iterator[Text]:
    """Every line an outcome says: its reply, its posts' lines and its messages."""
    if outcome.reply is not None:
        yield outcome.reply
    for post in outcome.posts:
        yield from post.lines
    for direct in outcome.directs:
        yield direct.text


async def play(referee: Referee, slug: str, rng: random.Random) -> list[Outcome]:
    """A whole game of two members at default options, every outcome kept."""
    (host, host_name), (guest, guest_name) = NAMES.items()
    out = [await referee.new_match(GUILD, HALL, host, host_name, slug, {})]
    match_id = out[0].posts[0].match_id
    out.append(await referee.join(match_id, guest, guest_name))
    if (await referee.get(match_id)).status == "lobby":
        out.append(await referee.start(match_id, host))
    while (match := await referee.get(match_id)).status == "active":
        p = match.require_progress()
        seat = min(match.awaited_seats())
        move = p.game.sample(p.state, seat, rng)
        out.append(await referee.move(match_id, match.seats[seat].member_id, move))
    return out


@pytest.mark.parametrize("slug", list(GAMES))
async def test_people_are_fields_never_text(store: SqlStore, slug: str) -> None:
    """No text holds a seat marker, every person named is a seat, and the rules' accounts
    name the players as people."""
    outcomes = await play(Referee(store), slug, random.Random(3))
    named: set[str] = set()
    for said in (s for o in outcomes for s in said_in(o)):
        for span in leaves(said):
            if isinstance(span, str):
                assert "\x00" not in span, said
            elif isinstance(span, Person):
                assert span.name in NAMES.values(), said
                assert span.user_id in (None, *NAMES), said
                named.add(span.name)
    assert named == set(NAMES.values())


def test_the_referee_writes_no_discord_markup() -> None:
    """No text of the referee's holds a mention, a channel link or bold: those are the front
    end's to write."""
    for path in (ROOT / "referee").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for markup in ("<@", "<#", "**"):
                    assert markup not in node.value, (path.name, node.value)
