"""How long a server's seasons last: the lengths, declared once, which the command's choices, the
referee and the store read; and the calendar periods (UTC) that are the seasons, named by keys
such as `2026-W48`, `2026-11` and `2026-Q4`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

ALL_TIME = "all-time"
"""Where a season is asked for, the table of every game since the first."""


@dataclass(frozen=True)
class Season:
    """A season: a calendar period in UTC, one of a length's."""

    key: str
    """Its name as stored and typed: `2026-W48` (an ISO week), `2026-11`, `2026-Q4`."""
    length: str
    year: int
    """The year it belongs to (a week's ISO year)."""
    number: int
    """Its week, month or quarter in that year."""
    first: date
    last: date
    """Its first and last days (UTC), both in it."""

    @property
    def starts_at(self) -> float:
        """When it begins (a Unix time)."""
        return _midnight(self.first)

    @property
    def ends_at(self) -> float:
        """When it is over: the next season begins (a Unix time)."""
        return _midnight(self.last + timedelta(days=1))


def _midnight(day: date) -> float:
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def week_of(day: date) -> Season:
    """The ISO week (Monday to Sunday) a day is in."""
    iso = day.isocalendar()
    first = day - timedelta(days=iso.weekday - 1)
    key = f"{iso.year:04d}-W{iso.week:02d}"
    return Season(key, "weekly", iso.year, iso.week, first, first + timedelta(days=6))


def month_of(day: date) -> Season:
    """The calendar month a day is in."""
    first = day.replace(day=1)
    last = (first + timedelta(days=31)).replace(day=1) - timedelta(days=1)
    return Season(f"{day.year:04d}-{day.month:02d}", "monthly", day.year, day.month, first, last)


def quarter_of(day: date) -> Season:
    """The calendar quarter a day is in."""
    quarter = (day.month - 1) // 3 + 1
    first = date(day.year, 3 * quarter - 2, 1)
    last = month_of(date(day.year, 3 * quarter, 1)).last
    return Season(f"{day.year:04d}-Q{quarter}", "quarterly", day.year, quarter, first, last)


@dataclass(frozen=True)
class Length:
    """A season length: its name (as stored and chosen), and the season a day falls in."""

    name: str
    season_of: Callable[[date], Season] | None
    """The season of a day (UTC); None: the server has no seasons."""


OFF = "off"
LENGTHS = {
    length.name: length
    for length in (
        Length(OFF, None),
        Length("weekly", week_of),
        Length("monthly", month_of),
        Length("quarterly", quarter_of),
    )
}
DEFAULT_LENGTH = OFF
"""A server that never chose has no seasons."""


def season_at(length: str, at: float) -> Season | None:
    """The season of this length that a moment (a Unix time) falls in; None without seasons (or
    for a length this version does not know)."""
    known = LENGTHS.get(length)
    if known is None or known.season_of is None:
        return None
    return known.season_of(datetime.fromtimestamp(at, UTC).date())


KEY = re.compile(r"(\d{4})-(?:W(\d{2})|Q([1-4])|(\d{2}))")


def parse_season(key: str) -> Season | None:
    """The season a key names (`2026-W48`, `2026-11`, `2026-Q4`; case and spaces aside), or None
    if it names none."""
    found = KEY.fullmatch(key.strip().upper())
    if found is None:
        return None
    year = int(found[1])
    try:
        if found[2] is not None:
            return week_of(date.fromisocalendar(year, int(found[2]), 1))
        if found[3] is not None:
            return quarter_of(date(year, 3 * int(found[3]), 1))
        return month_of(date(year, int(found[4]), 1))
    except ValueError:
        return None


def newest_first(keys: Iterable[str]) -> list[Season]:
    """The seasons these keys name (those that name one), the latest to begin first."""
    seasons = {s.key: s for s in map(parse_season, keys) if s is not None}
    return sorted(seasons.values(), key=lambda s: (s.first, s.last), reverse=True)
