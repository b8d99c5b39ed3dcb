"""The referee's metrics, in a registry of their own, and what each front-end hook records."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from prometheus_client import CollectorRegistry, Counter, Histogram, ProcessCollector
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

NONE = "none"
"""The game label of a move refused before any game was found (an unknown game number)."""
ANSWER_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
"""Discord forgets an interaction not answered within 3 s: the buckets are finest below that."""
DECISION_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
LAG_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)

OpenGames = Callable[[], Mapping[tuple[str, str], int]]
"""Open games by (game, status), read at each scrape."""
Retries = Callable[[], tuple[Mapping[str, int], Mapping[str, int]]]
"""The store's transactions tried again and given up so far, by reason, read at each scrape."""


class Metrics:
    """Every metric the referee serves, in its own registry (never prometheus_client's global
    one), so that several bots in one process, and the tests, keep theirs apart."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        ProcessCollector(registry=r)
        self.moves_accepted = Counter(
            "referee_moves_accepted", "Members' moves the referee accepted.", ["game"], registry=r
        )
        self.moves_refused = Counter(
            "referee_moves_refused",
            "Members' moves the referee refused, by the refusal's code.",
            ["game", "reason"],
            registry=r,
        )
        self.move_answer = Histogram(
            "referee_move_answer_seconds",
            "From Discord receiving a move (an interaction or a DM) to the bot's answer sent.",
            ["via"],
            buckets=ANSWER_BUCKETS,
            registry=r,
        )
        self.discord_requests = Counter(
            "referee_discord_requests",
            "REST requests to Discord, by route and result (ok or the HTTP status).",
            ["route", "status"],
            registry=r,
        )
        self.rate_limit_waits = Counter(
            "referee_discord_rate_limit_waits",
            "Requests that Discord answered 429 (too many requests), waited out and sent again.",
            registry=r,
        )
        self.rate_limit_seconds = Counter(
            "referee_discord_rate_limit_wait_seconds",
            "Seconds spent waiting after Discord answered 429.",
            registry=r,
        )
        self.computer_decisions = Counter(
            "referee_computer_decisions",
            "Computer players' decisions, by level and how they ended.",
            ["level", "outcome"],
            registry=r,
        )
        self.computer_seconds = Histogram(
            "referee_computer_decision_seconds",
            "How long a computer player took to decide, by level.",
            ["level"],
            buckets=DECISION_BUCKETS,
            registry=r,
        )
        self.loop_lag = Histogram(
            "referee_event_loop_lag_seconds",
            "How late the event loop woke a task due at a set time.",
            buckets=LAG_BUCKETS,
            registry=r,
        )

    def move(self, game: str, refusal: str | None) -> None:
        """A member's move the referee decided on: accepted, or refused with this code."""
        if refusal is None:
            self.moves_accepted.labels(game or NONE).inc()
        else:
            self.moves_refused.labels(game or NONE, refusal).inc()

    def answered(self, via: str, seconds: float) -> None:
        """A member's move answered, this long after Discord received it."""
        self.move_answer.labels(via).observe(max(0.0, seconds))

    def discord_request(self, route: str, status: str) -> None:
        """A REST request to Discord ended (ok, or refused with an HTTP status)."""
        self.discord_requests.labels(route, status).inc()

    def rate_limited(self, seconds: float) -> None:
        """Discord answered 429; the request waits this long before it is sent again."""
        self.rate_limit_waits.inc()
        self.rate_limit_seconds.inc(max(0.0, seconds))

    def decided(self, level: str, outcome: str, seconds: float) -> None:
        """A computer player decided (its search, or the easy move standing in for it)."""
        self.computer_decisions.labels(level, outcome).inc()
        self.computer_seconds.labels(level).observe(seconds)

    def lagged(self, seconds: float) -> None:
        """The event loop woke a sleeping task this late."""
        self.loop_lag.observe(seconds)

    def read_open_games(
        self, games: Iterable[str], statuses: Iterable[str], read: OpenGames
    ) -> None:
        """Serve the open games, counted by `read` at each scrape (every game and status, zeros
        included, so a series never vanishes when its last game ends)."""
        series = [(g, s) for g in games for s in statuses]

        def collect() -> Iterable[GaugeMetricFamily]:
            counts = read()
            family = GaugeMetricFamily(
                "referee_open_games",
                "Lobbies and games under way that this process holds, by game and status.",
                labels=["game", "status"],
            )
            for key in series:
                family.add_metric(list(key), counts.get(key, 0))
            yield family

        self.registry.register(_Reading(collect))

    def read_retries(self, read: Retries) -> None:
        """Serve the store's transactions tried again and given up, counted by the store."""

        def collect() -> Iterable[CounterMetricFamily]:
            tried, given_up = read()
            for name, counts, help_text in (
                ("referee_db_retries", tried, "Database transactions tried again, by reason."),
                (
                    "referee_db_given_up",
                    given_up,
                    "Database transactions given up after their retries (the member is told "
                    "the database is busy), by reason.",
                ),
            ):
                family = CounterMetricFamily(name, help_text, labels=["reason"])
                for reason, count in sorted(counts.items()):
                    family.add_metric([reason], count)
                yield family

        self.registry.register(_Reading(collect))

    def read_watch(self, read: Callable[[], tuple[int, int]]) -> None:
        """Serve what this process heard of other processes: (changes heard, times listening
        was cut and back, when changes may have gone unheard)."""

        def collect() -> Iterable[CounterMetricFamily]:
            heard, lost = read()
            yield CounterMetricFamily(
                "referee_changes_heard",
                "Changes to matches by other processes that this process heard of.",
                value=heard,
            )
            yield CounterMetricFamily(
                "referee_watch_lost",
                "Times listening for other processes' changes was cut and came back (every "
                "copy of a match was then dropped).",
                value=lost,
            )

        self.registry.register(_Reading(collect))


class _Reading(Collector):
    """Metrics worked out when scraped, from what another part counts."""

    def __init__(self, collect: Callable[[], Iterable[GaugeMetricFamily | CounterMetricFamily]]):
        self._collect = collect

    def collect(self) -> Iterable[GaugeMetricFamily | CounterMetricFamily]:
        return self._collect()
