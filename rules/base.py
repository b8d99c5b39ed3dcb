"""The contract every game implements: options, states, moves, views and boards."""

from __future__ import annotations

import abc
import random
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, ClassVar, Generic, TypeVar, Union

from rules.number_sets import RangeMoves
from rules.placements import placements

Seat = int
Move = str
OptionValue = int | None

BOARD_LIMIT = 1900
"""The most characters a rendered board may have (it goes in a Discord code block)."""
HIDDEN = frozenset({"Cc", "Cf", "Cs"})
"""Unicode categories member text never shows: controls, bidi and zero-width marks, surrogates."""

S = TypeVar("S")

Translate = Callable[[str], str]
"""A reader's translation of one English template (a gettext catalogue's `gettext`)."""


def same(template: str) -> str:
    """English, the language the templates are written in: the template as written."""
    return template


@dataclass(frozen=True)
class SeatRef:
    """A seat a phrase names: a front end shows its player."""

    seat: Seat


PhraseField = Union[int, str, SeatRef, "Phrase", tuple["PhraseField", ...]]
"""What fills a phrase's place: a number; the rules' own text, shown as written (a member's
text clipped by `clip` for the code span its template puts it in); a seat; a phrase; a list."""


@dataclass(frozen=True, init=False)
class Phrase:
    """A sentence of the rules: an English template with `{named}` places and what fills them,
    which a front end words in its reader's language. The template is the first argument of
    the call, as a literal, so that the catalogues' extraction finds it (keyword `Phrase`)."""

    template: str
    fields: tuple[tuple[str, PhraseField], ...]

    def __init__(self, template: str, /, **fields: PhraseField) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "fields", tuple(sorted(fields.items())))

    def say(self, names: Sequence[str] | None = None, translate: Translate = same) -> str:
        """The phrase worded by `translate`, nested phrases too; seats named by `names`."""
        fields = {k: _said(v, names, translate) for k, v in self.fields}
        return translate(self.template).format(**fields)

    def english(self, names: Sequence[str] | None = None) -> str:
        """The phrase in English, its seats named by `names` (else P1, P2, ...)."""
        return self.say(names, same)

    def __str__(self) -> str:
        """The phrase in English, seats as P1, P2, ..."""
        return self.english()


def _said(value: PhraseField, names: Sequence[str] | None, translate: Translate) -> str:
    if isinstance(value, Phrase):
        return value.say(names, translate)
    if isinstance(value, SeatRef):
        return name_of(names, value.seat)
    if isinstance(value, tuple):
        return ", ".join(_said(v, names, translate) for v in value)
    return str(value)


VERBATIM = "{text}"
"""The template of a reason given as plain text (not a phrase): it is shown as written."""
NOT_YOUR_MOVE = Phrase("It is not your move.")
GAME_OVER = Phrase("The game is over.")
A_WHOLE_NUMBER = Phrase("a whole number")
NONE = Phrase("none")


def english(phrases: Iterable[Phrase], names: Sequence[str] | None = None) -> list[str]:
    """Phrases in English, seats named by `names` (for the command line, logs and tests)."""
    return [p.english(names) for p in phrases]


class RulesError(ValueError):
    """An error whose reason a player can read: a phrase, or plain text from outside the rules;
    str() is its English."""

    def __init__(self, reason: Phrase | str) -> None:
        super().__init__(reason)

    @property
    def phrase(self) -> Phrase:
        """The reason as a phrase."""
        reason = self.args[0]
        return reason if isinstance(reason, Phrase) else Phrase(VERBATIM, text=str(reason))


class IllegalMove(RulesError):
    """A move that does not parse, or is not legal now; the state is unchanged."""


class BadOption(RulesError):
    """An option outside its bounds, or options that do not fit the number of players."""


@dataclass(frozen=True)
class Option:
    """One `/newgame` option: an integer with hard bounds and a documented default."""

    name: str
    help: Phrase
    low: int
    high: int
    default_help: Phrase
    none_allowed: bool = False

    def check(self, value: OptionValue) -> OptionValue:
        """Return the value if it is within bounds, else raise BadOption naming the range."""
        if value is None and self.none_allowed:
            return None
        if value is None or isinstance(value, bool) or not isinstance(value, int):
            raise BadOption(
                Phrase(
                    "`{name}` must be a whole number from {low} to {high}.",
                    name=self.name,
                    low=self.low,
                    high=self.high,
                )
            )
        if not self.low <= value <= self.high:
            bounds: dict[str, PhraseField] = {
                "name": self.name,
                "low": self.low,
                "high": self.high,
                "value": value,
            }
            if self.none_allowed:
                why = Phrase(
                    "`{name}` must be from {low} to {high} (or none); got {value}.", **bounds
                )
            else:
                why = Phrase("`{name}` must be from {low} to {high}; got {value}.", **bounds)
            raise BadOption(why)
        return value


def multiple_of_players(option: Option, players: int, value: OptionValue, at_least: int) -> int:
    """A checked option that must be a multiple of the player count; None means the default,
    the smallest multiple that is at least `at_least`."""
    if value is None:
        return -(-at_least // players) * players
    if value % players:
        allowed = range(-(-option.low // players) * players, option.high + 1, players)
        raise BadOption(
            Phrase(
                "`{name}` must be a multiple of {players} with {players} players: {allowed}; "
                "got {value}.",
                name=option.name,
                players=players,
                allowed=_listing(allowed),
                value=value,
            )
        )
    return value


def _listing(values: range) -> PhraseField:
    """'4, 8 or 12' when short, else '3, 6, 9, …, 60' (the step shows in the first three)."""
    if len(values) == 1:
        return values[0]
    if len(values) <= 4:
        return Phrase("{some} or {last}", some=tuple(values[:-1]), last=values[-1])
    return f"{values[0]}, {values[1]}, {values[2]}, …, {values[-1]}"


COMPLETION_SCAN = 400
"""How many legal moves `completions` looks at, in games whose moves are a plain listing."""


def name_of(names: Sequence[str] | None, seat: Seat) -> str:
    """The display name of a seat: the given name, or P1, P2, ..."""
    if names is not None and seat < len(names):
        return names[seat]
    return f"P{seat + 1}"


def parse_int(text: str, what: Phrase = A_WHOLE_NUMBER) -> int:
    """Parse a plain decimal integer (forgiving about spaces, strict about the rest)."""
    t = text.strip()
    if not t:
        raise IllegalMove(Phrase("Your move is empty: send {what}.", what=what))
    if len(t) > 12 or not t.isascii() or not t.isdigit():
        raise IllegalMove(Phrase("`{text}` is not {what}.", text=clip(text), what=what))
    return int(t)


def a_number_from(low: int, high: int) -> Phrase:
    """'a number from 1 to 63', what a move must be in several games."""
    return Phrase("a number from {low} to {high}", low=low, high=high)


def printable(text: str) -> str:
    """Member text on one line: hidden characters dropped, each run of white space one space."""
    kept = "".join(c for c in text if c.isspace() or unicodedata.category(c) not in HIDDEN)
    return " ".join(kept.split())


def clip(text: str, limit: int = 24) -> str:
    """Member text for a code span or block (an echoed move, a name on a board): printable,
    each backtick a look-alike so the code cannot end early, at most `limit` characters, and
    '…' where nothing is left to show (an empty span would not be code)."""
    t = printable(text).replace("`", "\u02cb")
    return t if 0 < len(t) <= limit else t[: limit - 1].rstrip() + "…"


class Game(abc.ABC, Generic[S]):
    """One game's rules: pure, synchronous, deterministic; states are immutable values."""

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]]
    lowest_wins: ClassVar[bool] = False
    summary: ClassVar[Phrase]
    """A short rule summary for `/rules`, with the move notation."""
    notation: ClassVar[Phrase]
    """One line: how a move is written."""
    state_type: ClassVar[type]

    # Options -----------------------------------------------------------------------------

    def settle_options(self, players: int, given: Mapping[str, OptionValue]) -> dict[str, Any]:
        """Check options for this player count and fill in defaults; raise BadOption."""
        if not self.min_players <= players <= self.max_players:
            low, high = self.min_players, self.max_players
            if low == high:
                why = Phrase(
                    "{title} is for exactly {low} players; there are {players}.",
                    low=low,
                    title=self.title,
                    players=players,
                )
            else:
                why = Phrase(
                    "{title} is for {low} to {high} players; there are {players}.",
                    title=self.title,
                    low=low,
                    high=high,
                    players=players,
                )
            raise BadOption(why)
        known = {o.name: o for o in self.options}
        for name in given:
            if name not in known:
                allowed = ", ".join(f"`{n}`" for n in known) or NONE
                raise BadOption(
                    Phrase(
                        "{title} has no option `{name}`; options: {allowed}.",
                        title=self.title,
                        name=str(name),
                        allowed=allowed,
                    )
                )
        checked = {name: known[name].check(value) for name, value in given.items()}
        return self._settle(players, checked)

    def option(self, name: str) -> Option:
        """The option of this name."""
        return next(o for o in self.options if o.name == name)

    def player_range(self) -> str:
        """'exactly 2' or '2 to 8'."""
        if self.min_players == self.max_players:
            return f"exactly {self.min_players}"
        return f"{self.min_players} to {self.max_players}"

    @abc.abstractmethod
    def _settle(self, players: int, given: dict[str, OptionValue]) -> dict[str, Any]:
        """Fill defaults and check the options that depend on each other or on players."""

    def player_counts(self, given: Mapping[str, OptionValue]) -> list[int]:
        """The player counts these options allow."""
        counts = []
        for p in range(self.min_players, self.max_players + 1):
            try:
                self.settle_options(p, given)
            except BadOption:
                continue
            counts.append(p)
        return counts

    # Play --------------------------------------------------------------------------------

    @abc.abstractmethod
    def start(self, players: int, options: Mapping[str, Any]) -> S:
        """The initial state; options must come from settle_options."""

    @abc.abstractmethod
    def to_move(self, s: S) -> frozenset[Seat]:
        """Seats whose move is awaited: one for a turn, several for a sealed step."""

    def is_sealed(self, s: S) -> bool:
        """True when the awaited moves are secret until every one of them is in."""
        return len(self.to_move(s)) > 1

    @abc.abstractmethod
    def legal(self, s: S, seat: Seat) -> Iterable[Move]:
        """The legal moves of a seat now (lazy where the range is large)."""

    def completions(self, s: S, seat: Seat, typed: str, limit: int) -> list[Move]:
        """Up to `limit` legal moves that start with the typed text (ignoring case), for
        autocomplete; games with many moves answer without looking at all of them."""
        wanted = typed.strip().lower()
        legal = self.legal(s, seat)
        if isinstance(legal, RangeMoves):
            return legal.starting_with(wanted, limit)
        hits = (m for m in islice(legal, COMPLETION_SCAN) if m.lower().startswith(wanted))
        return list(islice(hits, limit))

    def few_moves(self, s: S, seat: Seat, limit: int) -> list[Move]:
        """The seat's legal moves that keep it in the game, when they are no more than `limit`
        (else none): a short list a front end may offer to pick from."""
        leaving = self.leaving_moves(s, seat)
        window = limit + 1 + len(leaving)
        found = self.completions(s, seat, "", window)
        # A listing may repeat a move (a card held twice): it is offered once.
        staying = list(dict.fromkeys(m for m in found if m not in leaving))
        return staying if len(found) < window and len(staying) <= limit else []

    def sample(self, s: S, seat: Seat, rng: random.Random) -> Move:
        """A random legal move of a seat (for tests and random play)."""
        moves = list(self.legal(s, seat))
        if not moves:
            raise IllegalMove(NOT_YOUR_MOVE)
        return rng.choice(moves)

    def leaving_moves(self, s: S, seat: Seat) -> Collection[Move]:
        """The legal moves now by which a seat leaves the game (Numerical Card Game's `drop`)."""
        return ()

    def auto_move(self, s: S, seat: Seat, rng: random.Random, resigned: bool) -> Move:
        """The move the referee plays for a seat: one that keeps a seat still in the game in
        it while any exists; for a seat that resigned, the game's own way out if it has one."""
        way_out = sorted(self.leaving_moves(s, seat))
        if resigned and way_out:
            return rng.choice(way_out)
        staying = [m for m in self.legal(s, seat) if m not in way_out]
        if not staying and not way_out:
            raise IllegalMove(NOT_YOUR_MOVE)
        return rng.choice(staying or way_out)

    def proven_best(self, options: Mapping[str, Any]) -> int | None:
        """The best total a one-player game with these settled options can reach, where it is
        proven (None where unknown, or for games of two or more)."""
        return None

    @abc.abstractmethod
    def max_steps(self, players: int, options: Mapping[str, Any]) -> int:
        """An upper bound on the number of steps a game with these settled options can last."""

    def parse(self, s: S, seat: Seat, text: str) -> Move:
        """Turn a player's text into a canonical legal move, or raise IllegalMove."""
        if not text.strip():
            raise IllegalMove(Phrase("The move is empty: send {notation}.", notation=self.notation))
        return self._parse(s, seat, text)

    @abc.abstractmethod
    def _parse(self, s: S, seat: Seat, text: str) -> Move:
        """Parse non-blank text into a canonical legal move, or raise IllegalMove."""

    @abc.abstractmethod
    def _apply(self, s: S, moves: Mapping[Seat, Move]) -> S:
        """Apply a complete step of canonical, already-checked moves."""

    def apply(self, s: S, moves: Mapping[Seat, Move]) -> S:
        """Apply one complete step (every awaited seat's move); raise IllegalMove."""
        if self.is_over(s):
            raise IllegalMove(GAME_OVER)
        awaited = self.to_move(s)
        if set(moves) != set(awaited):
            want = tuple(SeatRef(x) for x in sorted(awaited))
            raise IllegalMove(
                Phrase("This step needs exactly one move from each of: {seats}.", seats=want)
            )
        canonical = {seat: self.parse(s, seat, text) for seat, text in moves.items()}
        return self._apply(s, canonical)

    def apply_parsed(self, s: S, moves: Mapping[Seat, Move]) -> S:
        """Apply a complete step of moves `parse` gave on this state (checked, so not again)."""
        return self._apply(s, moves)

    @abc.abstractmethod
    def is_over(self, s: S) -> bool:
        """True when the game has ended."""

    @abc.abstractmethod
    def scores(self, s: S) -> tuple[int, ...]:
        """Each seat's total so far."""

    def winners(self, s: S) -> frozenset[Seat]:
        """The seats with the best total once the game is over (several on a draw), when no
        seat resigned; `rules.record.Progress.winners` is the rule for any record."""
        if not self.is_over(s):
            return frozenset()
        return self.best_of(s, range(len(self.scores(s))))

    def best_of(self, s: S, seats: Iterable[Seat]) -> frozenset[Seat]:
        """Those of these seats with the best total (highest, or lowest where lowest wins)."""
        totals = self.scores(s)
        among = set(seats)
        others = [seat for seat in range(len(totals)) if seat not in among]
        places = placements(totals, others, self.lowest_wins)
        return frozenset(seat for seat in among if places[seat] == 1)

    # Showing -----------------------------------------------------------------------------

    def view(self, s: S, viewer: Seat | None) -> dict[str, Any]:
        """What a seat (or a spectator, None) may see: the public part plus its own secrets."""
        v = self.public_view(s)
        v["viewer"] = viewer
        v["private"] = None if viewer is None else self.private_view(s, viewer)
        return v

    @abc.abstractmethod
    def public_view(self, s: S) -> dict[str, Any]:
        """Everything every player and spectator may see, JSON-safe."""

    def private_view(self, s: S, seat: Seat) -> dict[str, Any] | None:
        """What only this seat may see (its private pile, its unused numbers), JSON-safe."""
        return None

    def render(self, s: S, viewer: Seat | None, names: Sequence[str] | None = None) -> str:
        """An ASCII board for a code block, drawn from the view alone; <= BOARD_LIMIT chars."""
        return self.render_view(self.view(s, viewer), names)

    def render_view(
        self,
        view: Mapping[str, Any],
        names: Sequence[str] | None = None,
        translate: Translate = same,
    ) -> str:
        """A view's ASCII board, worded by `translate` (else English); <= BOARD_LIMIT chars."""
        board = self.draw(view, names, compact=False, translate=translate)
        if len(board) > BOARD_LIMIT:
            board = self.draw(view, names, compact=True, translate=translate)
        if len(board) > BOARD_LIMIT:
            board = board[: BOARD_LIMIT - 2] + "\n…"
        return board

    @abc.abstractmethod
    def draw(
        self,
        view: Mapping[str, Any],
        names: Sequence[str] | None,
        compact: bool,
        translate: Translate = same,
    ) -> str:
        """Draw a view's board in `translate`'s words; the compact form fits in any language."""

    @abc.abstractmethod
    def describe(self, before: S, moves: Mapping[Seat, Move], after: S) -> list[Phrase]:
        """Say what a step did, for the channel: reveals, points and why, round ends."""

    def prompt(self, s: S, seat: Seat) -> Phrase:
        """One line telling a seat what to play now (shown privately for sealed steps)."""
        return self.notation
