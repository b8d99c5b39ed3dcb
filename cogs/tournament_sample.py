"""A sample tournament for the docs' standings picture, played through the referee itself.

`python -m cogs.tournament_sample [DIRECTORY]` plays a Swiss tournament of eight members at
Lengths Of Lengths Of Lengths (seeded random moves, a fresh SQLite file) and writes the
standings picture its final post carries (docs/pictures/tournament.png by default).
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path

from cogs.speech import ENGLISH
from cogs.tournament_tables import draw_tournament
from db import open_store
from referee import Referee
from referee.codes import Line
from referee.speech import say

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
GAME, OPTIONS = "lengths-of-lengths", {"n": 6}
SEED = 11
PICTURE = "tournament.png"


async def play_tournament(referee: Referee, rng: random.Random) -> int:
    """A Swiss tournament of eight members played to its end; its number."""
    members = [(1000 + i, name) for i, name in enumerate(NAMES)]
    (host, host_name), *others = members
    out = await referee.create_tournament(
        1, 2, host, host_name, GAME, OPTIONS, "swiss", 2, None, None, "auto"
    )
    assert out.reply is not None
    number = out.reply.field("tournament")
    assert isinstance(number, int)
    for user_id, name in others:
        await referee.enter_tournament(number, user_id, name)
    await referee.start_tournament(number, host, False)
    while (data := await referee.store.load_tournament(number)) and data.row.status == "running":
        for game in data.games:
            if game.match_id is not None and game.places is None:
                while (match := await referee.get(game.match_id)).status == "active":
                    p = match.require_progress()
                    seat = match.waiting_on()[0]
                    move = p.game.sample(p.state, seat, rng)
                    await referee.move(match.id, match.seats[seat].member_id, move)
    return number


async def standings_picture() -> bytes:
    """The final standings' picture of the sample tournament, in English."""
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(str(Path(folder) / "sample.sqlite3"))
        try:
            referee = Referee(store, clock=lambda: 1_800_000_000.0, rng=random.Random(SEED))
            number = await play_tournament(referee, random.Random(SEED))
            view = await referee.tournament_view(1, number)
        finally:
            await store.close()
    line = say(Line.STANDINGS_TITLE, tournament=view.id, round=view.round, rounds=view.rounds)
    drawn = await draw_tournament(view, ENGLISH, ENGLISH.text(line))
    assert drawn.png is not None
    return drawn.png


def write_picture(directory: Path) -> Path:
    """Write the standings picture in a directory; its path."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / PICTURE
    path.write_bytes(asyncio.run(standings_picture()))
    return path


def main(argv: list[str]) -> int:
    """Write the picture and say where."""
    print(write_picture(Path(argv[0]) if argv else Path("docs/pictures")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
