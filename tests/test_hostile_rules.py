"""Hostile text, options and records thrown at the rules: only readable refusals come back."""

from __future__ import annotations

import itertools
import json
import random
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules import GAMES
from rules.base import BadOption, Game, IllegalMove
from rules.codec import encode
from rules.record import Progress, RecordError, replay_text
from tests.hostile import PIECES, hostile_text

MESSAGE_LIMIT = 300
"""A refusal is a short sentence a player reads in Discord."""
LEGAL_LISTING = 100_000
"""States with more legal moves than this are checked by applying the parsed move instead."""
MID_GAME = (1, 3, 8, 25, 80)
"""Random legal steps played from the start to reach the mid-game states."""
LONG_GAME = 400
"""Settings whose games are at most this long are also played to the end."""

FAST = settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@dataclass(frozen=True)
class Position:
    """A reachable state of a game, named for failure reports."""

    slug: str
    players: int
    label: str
    state: Any

    @property
    def game(self) -> Game[Any]:
        """The rules of this position."""
        return GAMES[self.slug]


def settings_of(game: Game[Any]) -> list[tuple[int, dict[str, Any]]]:
    """Fewest and most players, each with default, lowest and highest options that fit."""
    out: list[tuple[int, dict[str, Any]]] = []
    for players in sorted(
        {game.min_players, min(game.min_players + 1, game.max_players)} | {game.max_players}
    ):
        for pick in ("default", "low", "high"):
            given = (
                {}
                if pick == "default"
                else {o.name: o.low if pick == "low" else o.high for o in game.options}
            )
            for trial in (given, {k: v for k, v in list(given.items())[:1]}):
                try:
                    settled = game.settle_options(players, trial)
                except BadOption:
                    continue
                if (players, settled) not in out:
                    out.append((players, settled))
                break
    return out


def step(game: Game[Any], state: Any, rng: random.Random) -> Any:
    """One complete step of random legal moves."""
    return game.apply(state, {seat: game.sample(state, seat, rng) for seat in game.to_move(state)})


@cache
def positions() -> tuple[Position, ...]:
    """Start, mid-game and (for short games) finished states of every game and setting."""
    out = []
    for slug, game in GAMES.items():
        for n, (players, options) in enumerate(settings_of(game)):
            rng = random.Random(f"{slug}-{n}")
            state = game.start(players, options)
            tag = f"{slug} p{players} {options}"
            out.append(Position(slug, players, f"{tag} start", state))
            done = 0
            for target in MID_GAME:
                while done < target and not game.is_over(state):
                    state, done = step(game, state, rng), done + 1
                if not game.is_over(state):
                    out.append(Position(slug, players, f"{tag} after {done} steps", state))
            if game.max_steps(players, options) <= LONG_GAME:
                while not game.is_over(state):
                    state = step(game, state, rng)
                out.append(Position(slug, players, f"{tag} over", state))
    return tuple(out)


@cache
def legal_moves(index: int, seat: int) -> frozenset[str] | None:
    """The legal moves of a seat at a position, or None when there are too many to list."""
    p = positions()[index]
    moves = list(itertools.islice(p.game.legal(p.state, seat), LEGAL_LISTING + 1))
    return frozenset(moves) if len(moves) <= LEGAL_LISTING else None


def test_positions_cover_every_game() -> None:
    """The positions include a start, a mid-game and a seat not to move for every game."""
    assert {p.slug for p in positions() if "start" in p.label} == set(GAMES)
    assert {p.slug for p in positions() if "steps" in p.label} == set(GAMES)
    idle = {p.slug for p in positions() if len(p.game.to_move(p.state)) < p.players}
    assert idle == set(GAMES)


NEAR_NUMBERS = tuple(str(n) for n in (*range(-2, 71), 99, 100, 255, 256, 4095, 4096, 65535, 65536))
"""Every number near the bounds of the games' moves."""


@st.composite
def move_texts(draw: st.DrawFn, p: Position, seat: int) -> str:
    """Hostile text, or a legal move of this seat dressed up or moved just out of bounds."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    awaited = sorted(p.game.to_move(p.state))
    if not awaited or draw(st.integers(0, 2)) > 0:
        return draw(st.one_of(hostile_text(), hostile_text(), st.sampled_from(NEAR_NUMBERS)))
    legal = p.game.sample(p.state, seat if seat in awaited else awaited[0], rng)
    pad = st.sampled_from(("", " ", "\t", "\n", "\x00", "\u00a0", "0", "+", "-", "@", "#"))
    shapes = ("upper", "pad", "twice", "digits", "cut", "neighbour", "neighbour", "letter")
    shape = draw(st.sampled_from(shapes))
    numbers = [m.span() for m in re.finditer(r"\d+", legal)]
    letters = [i for i, c in enumerate(legal) if c.isalpha()]
    if shape == "neighbour" and numbers:
        start, end = draw(st.sampled_from(numbers))
        n = int(legal[start:end]) + draw(st.sampled_from((-2, -1, 1, 2, 10**12)))
        return legal[:start] + str(n) + legal[end:]
    if shape == "letter" and letters:
        i = draw(st.sampled_from(letters))
        return legal[:i] + chr(ord(legal[i]) + draw(st.sampled_from((-1, 1, 2)))) + legal[i + 1 :]
    if shape == "upper":
        return legal.upper()
    if shape == "twice":
        return legal + draw(st.sampled_from((" ", "", "@", ","))) + legal
    if shape == "digits":
        return legal.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    if shape == "cut":
        return legal[: draw(st.integers(0, max(0, len(legal) - 1)))]
    return draw(pad) + legal + draw(pad)


def check_parse(
    index: int, seat: int, text: str, check_state: bool = True, blank_quoted: bool = False
) -> bool:
    """Parse one text: a legal canonical move (True) or a short readable IllegalMove (False)."""
    # Any other exception fails, and so does a changed state. A blank move's refusal is held to
    # proper quoting only with blank_quoted (test_parse_of_a_blank_move_quotes_no_empty_text).
    p = positions()[index]
    note = f"{p.label}, seat {seat}"
    before = json.dumps(encode(p.state), sort_keys=True) if check_state else ""
    try:
        move = p.game.parse(p.state, seat, text)
    except IllegalMove as e:
        message = str(e)
        assert message.strip(), f"{note}: empty refusal for {text!r}"
        assert len(message) <= MESSAGE_LIMIT, f"{note}: {len(message)} chars: {message!r}"
        if text.strip() or blank_quoted:
            spans_intact = message.count("`") % 2 == 0 and "``" not in message
            assert spans_intact, f"{note}: broken code span for {text!r}: {message!r}"
        return False
    except Exception as e:
        raise AssertionError(f"{note}: {text!r} raised {e!r}") from e
    finally:
        if check_state:
            after = json.dumps(encode(p.state), sort_keys=True)
            assert after == before, f"{note}: parse of {text!r} changed the state"
    assert isinstance(move, str) and move == move.strip() and move.isascii(), (note, move)
    assert seat in p.game.to_move(p.state), f"{note}: accepted {text!r} from a seat not to move"
    legal = legal_moves(index, seat)
    if legal is not None:
        assert move in legal, f"{note}: {text!r} parsed to {move!r}, which is not legal"
    else:
        others = {s: p.game.sample(p.state, s, random.Random(0)) for s in p.game.to_move(p.state)}
        p.game.apply(p.state, {**others, seat: move})
    assert p.game.parse(p.state, seat, move) == move, f"{note}: {move!r} is not canonical"
    return True


@FAST
@given(st.data())
def test_parse_returns_a_legal_canonical_move_or_a_readable_refusal(data: st.DataObject) -> None:
    """parse of any text at any reachable state, for any seat: a legal move or IllegalMove."""
    index = data.draw(st.integers(0, len(positions()) - 1), label="position")
    p = positions()[index]
    seat = data.draw(st.integers(0, p.players - 1), label="seat")
    text = data.draw(move_texts(p, seat), label="text")
    event(f"{p.slug}: {'accepted' if check_parse(index, seat, text) else 'refused'}")


def test_parse_of_every_listed_hostile_text() -> None:
    """Every listed hostile text, mid-game in every game and setting, for every kind of seat."""
    # Each seat to move and one seat not to move; the hypothesis test samples the rest.
    texts = sorted({*PIECES, *NEAR_NUMBERS, *(f" {t} " for t in NEAR_NUMBERS[:20])})
    chosen: dict[str, int] = {}
    for index, p in enumerate(positions()):
        setting, _, when = p.label.rpartition(" after ")
        if when == "8 steps" or (setting and setting not in chosen):
            chosen[setting] = index
    assert {positions()[i].slug for i in chosen.values()} == set(GAMES)
    accepted = 0
    for index in chosen.values():
        p = positions()[index]
        before = json.dumps(encode(p.state), sort_keys=True)
        awaited = p.game.to_move(p.state)
        idle = [s for s in range(p.players) if s not in awaited][:1]
        for seat in sorted(awaited) + idle:
            accepted += sum(check_parse(index, seat, text, check_state=False) for text in texts)
        assert json.dumps(encode(p.state), sort_keys=True) == before, p.label
    assert accepted, "some listed text must be a legal move somewhere"


def test_parse_of_a_blank_move_quotes_no_empty_text() -> None:
    """A blank move is refused in words, never as an empty `` quote, in every game."""
    for index, p in enumerate(positions()):
        for seat in sorted(p.game.to_move(p.state)):
            for text in ("", " ", "\t", "\u00a0", "\u3000"):
                check_parse(index, seat, text, check_state=False, blank_quoted=True)


OPTION_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 70),
    st.integers(),
    st.sampled_from((0, 1, 2, 3, 59, 60, 61, 1000, 1001, 4095, 4096, 100_000, 100_001, 2**53)),
    st.text(max_size=8),
    st.floats(),
    st.just([1]),
)


@st.composite
def option_sets(draw: st.DrawFn, game: Game[Any]) -> dict[str, Any]:
    """Options by real and made-up names, with values in range, at the bounds, or of any type."""
    real = {o.name: o for o in game.options}
    made_up = st.sampled_from(("M", "round", "", " m", "x", "N", "m ", "rounds\x00"))
    keys = draw(st.lists(st.sampled_from(sorted(real)), unique=True, max_size=len(real)))
    if draw(st.integers(0, 3)) == 0:
        keys.append(draw(made_up))
    out = {}
    for key in keys:
        opt = real.get(key)
        if opt is None or draw(st.integers(0, 4)) == 0:
            out[key] = draw(OPTION_VALUES)
        elif draw(st.booleans()):
            out[key] = draw(st.integers(opt.low, opt.high))
        else:
            out[key] = draw(st.sampled_from((opt.low - 1, opt.low, opt.high, opt.high + 1)))
    return out


HOSTILE_PLAYERS = st.one_of(
    st.integers(-2, 10), st.integers(), st.sampled_from((0, 8, 9, 2**63, -(2**63)))
)


@settings(FAST, max_examples=700)
@given(slug=st.sampled_from(sorted(GAMES)), data=st.data())
def test_settle_options_returns_settled_options_or_bad_option(
    slug: str, data: st.DataObject
) -> None:
    """settle_options: every option checked, or BadOption naming what was wrong."""
    game = GAMES[slug]
    fitting = st.integers(game.min_players, game.max_players)
    players = data.draw(st.one_of(fitting, fitting, HOSTILE_PLAYERS), label="players")
    given_options = data.draw(option_sets(game), label="options")
    try:
        settled = game.settle_options(players, given_options)
    except BadOption as e:
        message = str(e)
        event("BadOption")
        assert 0 < len(message) <= MESSAGE_LIMIT, message
        named = [f"`{name}`" for name in given_options]
        in_range = game.min_players <= players <= game.max_players
        assert any(n in message for n in named) or (not in_range and str(players) in message), (
            f"{given_options} with {players} players: {message!r} names no option"
        )
    except Exception as e:
        raise AssertionError(f"{given_options} with {players} players raised {e!r}") from e
    else:
        event("settled")
        assert isinstance(settled, dict)
        assert set(settled) == {o.name for o in game.options}, settled
        for opt in game.options:
            assert opt.check(settled[opt.name]) == settled[opt.name]
        for name, value in given_options.items():
            assert settled[name] == value, (name, value, settled)
        assert game.settle_options(players, settled) == settled
        game.start(players, settled)


JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=10),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def played_records(draw: st.DrawFn) -> str:
    """A record of random legal play, then maybe one move, seat or option spoiled."""
    slug = draw(st.sampled_from(sorted(GAMES)))
    game = GAMES[slug]
    players = draw(st.integers(game.min_players, game.max_players))
    options: dict[str, Any] = {}
    try:
        settled = game.settle_options(players, options)
    except BadOption:
        settled = options = {o.name: o.low for o in game.options}
    rng = random.Random(draw(st.integers(0, 2**32)))
    progress = Progress.begin(game, players, settled)
    moves: list[list[Any]] = []
    for _ in range(draw(st.integers(0, 40))):
        if game.is_over(progress.state):
            break
        seat = min(progress.awaited())
        move = game.sample(progress.state, seat, rng)
        progress = progress.submit(seat, move)
        moves.append([seat, move])
    spoil = draw(st.sampled_from(("none", "move", "seat", "option", "extra", "swap")))
    at = draw(st.integers(0, max(0, len(moves) - 1)))
    if spoil == "move" and moves:
        moves[at][1] = draw(hostile_text(100))
    elif spoil == "seat" and moves:
        moves[at][0] = draw(st.one_of(st.integers(-2, 9), st.integers()))
    elif spoil == "option":
        options = draw(option_sets(game))
    elif spoil == "extra":
        moves.append([draw(st.integers(-1, players)), draw(hostile_text(30))])
    elif spoil == "swap" and len(moves) > 1:
        moves[at], moves[-1] = moves[-1], moves[at]
    return json.dumps({"game": slug, "players": players, "options": options, "moves": moves})


INT_DIGITS = 4300
"""Python refuses to convert longer digit strings to int (sys.get_int_max_str_digits)."""


WHERE = ("players", "seat", "option", "bare")


def long_number_record(digits: int, where: str) -> str:
    """A record (or bare JSON) with an integer literal of this many digits somewhere in it."""
    big = "-" * (digits % 2) + "1" * digits
    if where == "bare":
        return big
    if where == "players":
        return f'{{"game": "numbers-to-number", "players": {big}}}'
    if where == "seat":
        return f'{{"game": "numbers-to-number", "players": 2, "moves": [[{big}, "1"]]}}'
    return f'{{"game": "numbers-to-number", "players": 2, "options": {{"m": {big}}}}}'


@st.composite
def records(draw: st.DrawFn) -> str:
    """A record's JSON text: nearly right, structurally wrong, or not JSON at all."""
    kind = draw(st.sampled_from(("played", "played", "record", "json", "text", "deep", "number")))
    if kind == "played":
        return draw(played_records())
    if kind == "json":
        return json.dumps(draw(JSON_VALUES))
    if kind == "text":
        return draw(st.one_of(hostile_text(200), st.sampled_from(PIECES)))
    if kind == "deep":
        depth = draw(st.integers(1, 200_000))
        return draw(st.sampled_from(("[", '{"a":'))) * depth
    if kind == "number":
        digits = draw(st.integers(1, 3 * INT_DIGITS))
        return long_number_record(digits, draw(st.sampled_from(WHERE)))
    slug = draw(st.one_of(st.sampled_from(sorted(GAMES)), st.text(max_size=10), JSON_SCALARS))
    record: dict[str, Any] = {
        "game": slug,
        "players": draw(st.one_of(st.integers(-1, 9), JSON_VALUES)),
        "options": draw(
            st.one_of(
                st.dictionaries(st.sampled_from(("m", "n", "rounds", "length", "x")), JSON_SCALARS),
                JSON_VALUES,
            )
        ),
        "moves": draw(
            st.one_of(
                st.lists(
                    st.lists(
                        st.one_of(st.integers(-1, 9), hostile_text(30), JSON_SCALARS), max_size=3
                    ),
                    max_size=6,
                ),
                JSON_VALUES,
            )
        ),
    }
    for key in draw(st.lists(st.sampled_from(sorted(record)), unique=True, max_size=2)):
        del record[key]
    return json.dumps(record, ensure_ascii=draw(st.booleans()))


@settings(FAST, max_examples=500)
@given(records())
def test_replay_of_hostile_json_raises_only_record_error(text: str) -> None:
    """replay_text of any text: a result, or RecordError (what `python -m rules replay` prints)."""
    try:
        result = replay_text(text)
    except RecordError as e:
        event("RecordError")
        assert str(e).strip()
    except Exception as e:
        raise AssertionError(f"{text[:200]!r} raised {e!r}") from e
    else:
        event("replayed")
        assert set(result) == {"game", "over", "scores", "winners", "to_move", "resigned"}


@pytest.mark.parametrize("where", WHERE)
def test_replay_of_an_over_long_integer_raises_record_error(where: str) -> None:
    """An integer literal too long for Python's int() is a RecordError, not a ValueError."""
    with pytest.raises(RecordError):
        replay_text(long_number_record(INT_DIGITS + 1, where))
