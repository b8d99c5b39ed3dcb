"""The pictures of the README and docs/*.md (docs/pictures) are what the renderer draws now."""

from __future__ import annotations

from pathlib import Path

from boards.samples import FINISHED, SHOWCASE, write_pictures
from cogs.tournament_sample import write_picture
from tests.boards.helpers import decode

DOCS = Path(__file__).resolve().parents[2] / "docs" / "pictures"


def test_the_readme_pictures_are_up_to_date(tmp_path: Path) -> None:
    """`python -m boards.samples` would write the pixels committed in docs/pictures."""
    # Pixels, not bytes: another zlib may pack the same picture differently.
    written = write_pictures(tmp_path)
    assert [p.name for p in written] == [f"{name}.png" for name in [*SHOWCASE, FINISHED[0]]]
    for path in written:
        fresh, kept = decode(path.read_bytes()), decode((DOCS / path.name).read_bytes())
        assert fresh.size == kept.size and fresh.tobytes() == kept.tobytes(), path.name


def test_the_tournament_picture_is_up_to_date(tmp_path: Path) -> None:
    """`python -m cogs.tournament_sample` would write the standings picture in docs/pictures."""
    path = write_picture(tmp_path)
    fresh, kept = decode(path.read_bytes()), decode((DOCS / path.name).read_bytes())
    assert fresh.size == kept.size and fresh.tobytes() == kept.tobytes()
