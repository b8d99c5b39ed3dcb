"""Member text in every form it is shown: kept, on a board, in markdown."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.words import prose_name
from referee.safe_text import (
    BOARD_NAME_WIDTH,
    FALLBACK_NAME,
    NAME_LIMIT,
    board_name,
    clean_name,
)
from rules.base import printable
from tests.hostile import hostile_text

FENCE_AND_MENTION = "```\n<@123> hi"
INVISIBLE = "\u202e\u2066\u200b\u200c\u200d\ufeff\x00\x1b"
"""A right-to-left override, a bidi isolate, zero-width marks and controls."""
NAMES = st.one_of(hostile_text(200), st.sampled_from([FENCE_AND_MENTION, "||x||", INVISIBLE]))
ESCAPED = re.compile(r"\\(.)", re.DOTALL)


def shown(text: str) -> bool:
    """True when nothing in the text is hidden, and it is on one line."""
    return all(unicodedata.category(c) not in ("Cc", "Cf", "Cs") for c in text)


def unescaped(markdown: str) -> str:
    """What Discord shows for markdown whose only markup is backslash escapes."""
    return ESCAPED.sub(r"\1", markdown)


def test_clean_name_keeps_one_visible_line() -> None:
    """Hidden characters go, white space becomes single spaces, and the ends are trimmed."""
    assert clean_name(f" ali{INVISIBLE}ce \n\t the\u2028great ") == "alice the great"
    assert clean_name(FENCE_AND_MENTION) == "``` <@123> hi"


def test_clean_name_falls_back_and_clips() -> None:
    """A name with nothing visible is 'player'; a long one is cut to NAME_LIMIT."""
    assert clean_name(INVISIBLE + " \n ") == FALLBACK_NAME
    assert clean_name("") == FALLBACK_NAME
    assert clean_name("x" * 100) == "x" * NAME_LIMIT
    assert clean_name("a" * (NAME_LIMIT - 1) + " b") == "a" * (NAME_LIMIT - 1)


def test_board_name_cannot_end_a_code_block() -> None:
    """Backticks become a look-alike, and a long name is cut to the board width with '…'."""
    assert board_name("```") == "\u02cb\u02cb\u02cb"
    assert board_name("a`b") == "a\u02cbb"
    assert board_name("abcdefghijklmnop") == "abcdefghijk…"
    assert board_name("abcdefghijkl") == "abcdefghijkl"
    assert board_name("abcdefghij klmnop") == "abcdefghij…"
    assert board_name("abcdefghijklmnopqrstu", 16) == "abcdefghijklmno…"


def test_prose_name_escapes_markup() -> None:
    """Spoilers, emphasis, mentions, links and line-start markup are shown literally."""
    assert prose_name("||spoiler||") == r"\|\|spoiler\|\|"
    assert prose_name("<@123>") == r"\<\@123>"
    assert prose_name("@everyone") == r"\@everyone"
    assert prose_name("[x](https://a.b)") == r"\[x\](https\://a.b)"
    assert prose_name("*a* _b_ ~~c~~ `d` \\") == r"\*a\* \_b\_ \~\~c\~\~ \`d\` \\"
    assert prose_name("# big") == r"\# big"
    assert prose_name("-# small") == r"\-# small"
    assert prose_name("> quote") == r"\> quote"
    assert prose_name("jean-luc #1") == "jean-luc #1"
    assert prose_name(FENCE_AND_MENTION) == r"\`\`\` \<\@123> hi"


@settings(max_examples=400, deadline=None)
@given(NAMES)
def test_every_form_of_any_text_is_harmless(text: str) -> None:
    """Whatever a member writes, each form holds only what it promises."""
    kept = clean_name(text)
    assert shown(kept) and kept == kept.strip() and 0 < len(kept) <= NAME_LIMIT
    assert "  " not in kept and clean_name(kept) == kept
    on_board = board_name(text)
    assert shown(on_board) and "`" not in on_board and len(on_board) <= BOARD_NAME_WIDTH
    in_prose = prose_name(text)
    assert shown(in_prose) and unescaped(in_prose) == printable(text)
    bare = ESCAPED.sub("", in_prose)
    assert not set(bare) & set("\\*_~|`[]<@:")
    assert not in_prose.startswith(("#", ">", "-", "+"))
