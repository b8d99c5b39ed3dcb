"""Lists cut to fit: whole entries only, the rest counted, head and tail always kept."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cogs.lists import fit_list


def test_a_list_that_fits_is_whole() -> None:
    """Nothing is cut or counted when everything fits, even exactly."""
    assert fit_list(["#1 A", "#2 B"], 100, "Open: ", ".") == "Open: #1 A, #2 B."
    assert fit_list(["ab", "cd"], 8, "(", ")") == "(ab, cd)"
    assert fit_list([], 10, "h", "t") == "ht"


def test_a_long_list_is_cut_between_entries() -> None:
    """The entries that fit with the count of the rest; at worst only the count."""
    entries = [f"#{i} Game" for i in range(1, 11)]
    assert fit_list(entries, 40, "Open: ", ".") == "Open: #1 Game, #2 Game, … and 8 more."
    assert fit_list(entries, 20, "Open: ", ".") == "Open: … and 10 more."
    lines = fit_list(entries, 32, sep="\n", more="… and {} more; see /games")
    assert lines == "#1 Game\n… and 9 more; see /games"


@given(
    st.lists(st.text(st.characters(blacklist_characters=","), min_size=1, max_size=30)),
    st.integers(30, 300),
)
def test_never_over_the_limit_and_never_inside_an_entry(entries: list[str], limit: int) -> None:
    """Within the limit, the head and tail kept, and the shown entries a whole prefix."""
    text = fit_list(entries, limit, "[", "]")
    assert len(text) <= limit and text[0] == "[" and text[-1] == "]"
    parts = text[1:-1].split(", ") if text != "[]" else []
    if parts and parts[-1].startswith("… and "):
        count = int(parts.pop().split()[2])
        assert count == len(entries) - len(parts)
    assert parts == entries[: len(parts)]
