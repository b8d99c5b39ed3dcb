"""Hypothesis strategies for hostile text and numbers, shared by the hostile-input tests."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

DISCORD_INT = 2**53 - 1
"""The largest integer a slash-command option can carry."""

PIECES = (
    # Numbers near every bound the games use, and past them.
    *("0", "1", "2", "3", "7", "9", "10", "12", "17", "23", "24", "29", "59", "60", "63"),
    *("99", "100", "255", "4095", "65535", "65536", "4294967296", "9" * 12, "9" * 13),
    *("0" * 12 + "1", "1" * 5000, "-1", "-0", "+1", "+0", "00", "01", "007"),
    # Number forms Python or people accept but the notation does not.
    *("1e5", "1E5", "0x10", "0b1", "0o7", "1_000", "1.0", "1.", ".5", "1,000", "1/2", "inf"),
    *("nan", "NaN", "٣", "١٢", "۳", "३", "３", "²", "𝟙", "½", "Ⅻ", "〇", "一"),
    # Words and arcs.
    *("drop", "DROP", " Drop ", "dr op", "drop drop", "drop1", "pass", "resign"),
    *("@", "@@", "1@", "@1", "1@2@3", "1@-1", "-1@1", "2 @ 3", "2@ 3", "k@c", "1@0x1"),
    *("29@59", "30@0", "1@60", "1@99999999999", "99999999999@1"),
    # Dot pairs, on and off every grid.
    *("a1", "a0", "z99", "z99 a0", "a1 b2", "A1 B2", "a1-b2", "a1,b2", "a1  b2", "a1\tb2"),
    *("a01 b2", "a1 a1", "l12 k11", "m13 l12", "a1 b2 c3", "a999 b1", "b2c3", "a-1 b2"),
    # Whitespace, control and formatting characters.
    *("", " ", "\x00", "\t", "\n", "\r\n", "\x0b", "\x1f", "\x7f", "\u200b", "\u00a0"),
    *("\u3000", "\ufeff", "\u202e", "\u0301", "`", "```", "'", '"', "\\", "\\n", "%s", "{}"),
    # Discord syntax and other oddities.
    *("<@123>", "<@&1>", "@everyone", "@here", "#12", "#1 2", "#0", "||1||", "**1**"),
    *("ﬁ", "İ", "ß", "🎲", "\U0010ffff", "\ud7ff", "Ω", "é"),
)
SEPARATORS = ("", " ", "  ", "\t", "\n", "@", ",", "-", ":", "#", "\x00", "\u00a0")


@st.composite
def _joined(draw: st.DrawFn) -> str:
    """A few hostile pieces glued with hostile separators."""
    parts = draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=4))
    out = parts[0]
    for part in parts[1:]:
        out += draw(st.sampled_from(SEPARATORS)) + part
    return out


def _numbers() -> st.SearchStrategy[str]:
    """Integers of every size, written plainly, padded, signed or exponent-like."""
    small = st.integers(min_value=-100, max_value=70_000)
    huge = st.integers(min_value=-(10**40), max_value=10**40)
    number = st.one_of(small, huge, st.integers())
    return st.one_of(
        number.map(str),
        st.builds(lambda n, w: f"{' ' * w}{n}{' ' * w}", number, st.integers(0, 3)),
        st.builds(lambda n, z: "0" * z + str(abs(n)), number, st.integers(1, 20)),
        st.builds(lambda n: f"{n}e{abs(n) % 7}", small),
        st.floats(allow_nan=True, allow_infinity=True).map(str),
    )


def _arcs() -> st.SearchStrategy[str]:
    """`k@c` and its near misses."""
    n = st.one_of(st.integers(-3, 70), st.integers(-(10**15), 10**15))
    sep = st.sampled_from(("@", " @ ", "@ ", " @", "@@", "＠"))
    return st.builds(lambda k, s, c: f"{k}{s}{c}", n, sep, n)


def _dots() -> st.SearchStrategy[str]:
    """Two dots like `b2 c3`, on and off every grid, in any case and with any separator."""
    col = st.sampled_from("abcdefghijklmnopqrstuvwxyzABZ")
    row = st.one_of(st.integers(-2, 15), st.integers(0, 10**6)).map(str)
    sep = st.sampled_from((" ", "  ", "-", ",", ", ", " - ", "\t", "", "\n", ";", "_"))
    return st.builds(lambda a, r, s, b, q: f"{a}{r}{s}{b}{q}", col, row, sep, col, row)


@cache
def hostile_text(max_size: int = 6000) -> st.SearchStrategy[str]:
    """Random and hostile strings: any unicode, number forms, arcs, dot pairs, long and empty."""
    return st.one_of(
        st.text(max_size=40),
        st.text(alphabet=st.sampled_from(sorted(set("".join(PIECES)))), max_size=30),
        st.sampled_from(PIECES),
        _joined(),
        _numbers(),
        _arcs(),
        _dots(),
        st.builds(
            lambda s, n: (s * n)[:max_size],
            st.one_of(st.sampled_from(PIECES), st.text(min_size=1, max_size=4)),
            st.integers(2, 3000),
        ),
    ).map(lambda t: t[:max_size])


@cache
def game_ids(known: tuple[int, ...]) -> st.SearchStrategy[int]:
    """Game ids a member might type: known ones, their neighbours, and any slash-command int."""
    exact = st.sampled_from(sorted(known))
    near = st.sampled_from(sorted({i + d for i in known for d in (-1, 0, 1)}))
    edges = st.sampled_from((0, -1, DISCORD_INT, -DISCORD_INT, 2**31, 2**32))
    anything = st.integers(min_value=-DISCORD_INT, max_value=DISCORD_INT)
    return st.one_of(exact, exact, near, edges, anything)


@cache
def slash_game_ids(known: tuple[int, ...]) -> st.SearchStrategy[int | None]:
    """A `game:` option: left out, or any id, rarely beyond what Discord lets through."""
    beyond = st.sampled_from((DISCORD_INT + 1, -DISCORD_INT - 1, 2**63, -(2**64)))
    return st.one_of(st.none(), game_ids(known), game_ids(known), beyond)


@cache
def move_texts(max_size: int) -> st.SearchStrategy[str]:
    """Hostile move texts, and (twice as often) texts near the legal moves of most games."""
    near = st.one_of(
        st.sampled_from(("0", "1", "5", "6", "7", "8", " 1 ", "01", "drop", "1@0", "a1 b2")),
        st.integers(-2, 9).map(str),
    )
    return st.one_of(hostile_text(max_size), near, near)
