"""The compiled core (solver/core.c) through ctypes: each call releases the GIL."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from typing import Any

from rules.integer_sequence_scoring import Order
from solver.build import LIBRARY, build

MAX_N = 20
"""Every m(k) of a game on 1..n is at most 2·n!, below 2^64 up to n = 20."""
EXACT, COLLECT, HEUR = 0, 1, 2
"""Search modes, as in rules/integer_sequence_solver.py's _run."""
STATUS = {1: "stopped", 2: "a value overflowed 64 bits", 3: "out of memory", 4: "invalid part"}


class CoreError(RuntimeError):
    """The compiled core reported a failure other than a stop."""


class Stopped(Exception):
    """The search was stopped (Ctrl-C or SIGTERM) before it finished."""


class _Found(ctypes.Structure):
    _fields_ = [
        ("count", ctypes.c_int64),
        ("cap", ctypes.c_int64),
        ("len", ctypes.c_int),
        ("totals", ctypes.POINTER(ctypes.c_int64)),
        ("orders", ctypes.POINTER(ctypes.c_int8)),
    ]


@dataclass(frozen=True)
class Gate:
    """A node with m = m(d) can be a source if src_lo <= m <= src_hi, lead to one if
    floor <= m <= ceiling; outside both, the search skips it."""

    src_lo: float
    src_hi: float
    floor: float
    ceiling: float

    def skips(self, m: int) -> bool:
        """True when the search would skip a node with this m."""
        outside_src = m < self.src_lo or m > self.src_hi
        return outside_src and (m < self.floor or m > self.ceiling)


@dataclass
class RunResult:
    """What one search found: its best game (0 and () if none) and, collecting, every game."""

    best: int
    order: Order
    found: list[tuple[int, Order]] = field(default_factory=list)


class Core:
    """The loaded library."""

    def __init__(self, lib: ctypes.CDLL) -> None:
        self.lib = lib
        u64, i64, u32 = ctypes.c_uint64, ctypes.c_int64, ctypes.c_uint32
        ints = ctypes.POINTER(ctypes.c_int)
        lib.qr_is_prime.argtypes, lib.qr_is_prime.restype = [u64], ctypes.c_int
        lib.qr_total.argtypes, lib.qr_total.restype = [ints, ctypes.c_int], i64
        lib.qr_upper.argtypes, lib.qr_upper.restype = [u32], i64
        lib.qr_root_bound.argtypes, lib.qr_root_bound.restype = [u32], i64
        found_out = ctypes.POINTER(ctypes.POINTER(_Found))
        lib.qr_small.argtypes = [u32, i64, ctypes.POINTER(i64), ints, found_out]
        lib.qr_run.argtypes = [
            *(u32, i64, ctypes.c_int, ctypes.POINTER(i64), ints, ctypes.c_int),
            *(ctypes.POINTER(i64), ctypes.POINTER(i64), ints, found_out),
        ]
        lib.qr_small.restype = lib.qr_run.restype = ctypes.c_int
        lib.qr_found_free.argtypes, lib.qr_found_free.restype = [ctypes.POINTER(_Found)], None
        doubles = ctypes.POINTER(ctypes.c_double)
        lib.qr_gate.argtypes = [u32, u64, i64, ctypes.POINTER(i64), doubles]
        lib.qr_gate.restype = None
        self._stop = ctypes.c_int.in_dll(lib, "qr_stop")

    def is_prime(self, n: int) -> bool:
        """Deterministic Miller–Rabin for 0 <= n < 2^64."""
        if not 0 <= n < 1 << 64:
            raise ValueError("the compiled test takes 64-bit unsigned numbers")
        return bool(self.lib.qr_is_prime(n))

    def total(self, order: Order) -> int:
        """The total of a one-player game circling `order`."""
        arr = (ctypes.c_int * max(1, len(order)))(*order)
        t = int(self.lib.qr_total(arr, len(order)))
        if t < 0:
            raise CoreError(STATUS[2])
        return t

    def upper(self, mask: int) -> int:
        """A proven upper bound on the best total of a game on the set."""
        return int(self.lib.qr_upper(mask))

    def root_bound(self, mask: int) -> int:
        """A proven bound on the final score of any game on the set."""
        return int(self.lib.qr_root_bound(mask))

    def gate(self, rest: int, c: int, threshold: int, usub: dict[int, int]) -> Gate:
        """Where a node (numbers left, C) can be a source, and where it can lead to one."""
        out = (ctypes.c_double * 4)()
        self.lib.qr_gate(rest, c, threshold, _bounds(usub), out)
        return Gate(*out)

    def stop(self, flag: bool = True) -> None:
        """Ask every running search to return (or clear the request)."""
        self._stop.value = int(flag)

    def small(self, mask: int, floor: int | None = None) -> RunResult:
        """Every order of a small set: the first best and (floor given) those reaching it."""
        best, order = ctypes.c_int64(), (ctypes.c_int * 32)()
        found = ctypes.POINTER(_Found)()
        status = self.lib.qr_small(
            mask,
            floor or 0,
            ctypes.byref(best),
            order,
            None if floor is None else ctypes.byref(found),
        )
        return self._result(status, mask, best, order, found)

    def run(
        self,
        mask: int,
        target: int,
        mode: int,
        usub: dict[int, int],
        prefix: Order = (),
        shared: ctypes.c_int64 | None = None,
    ) -> RunResult:
        """One search over the set (rules' _run): see qr_run in core.c."""
        bounds = _bounds(usub)
        pre = (ctypes.c_int * 32)(*prefix)
        best, order = ctypes.c_int64(), (ctypes.c_int * 32)()
        found = ctypes.POINTER(_Found)()
        status = self.lib.qr_run(
            *(mask, target, mode, bounds, pre, len(prefix)),
            *(None if shared is None else ctypes.byref(shared), ctypes.byref(best), order),
            ctypes.byref(found) if mode == COLLECT else None,
        )
        return self._result(status, mask, best, order, found)

    def _result(
        self, status: int, mask: int, best: ctypes.c_int64, order: Any, found: Any
    ) -> RunResult:
        games: list[tuple[int, Order]] = []
        if found:
            f = found.contents
            for i in range(f.count):
                games.append((f.totals[i], tuple(f.orders[i * f.len : (i + 1) * f.len])))
            self.lib.qr_found_free(found)
        if status == 1:
            raise Stopped
        if status:
            raise CoreError(STATUS.get(status, f"status {status}"))
        size = mask.bit_count()
        return RunResult(best.value, tuple(order[:size]) if best.value else (), games)


def _bounds(usub: dict[int, int]) -> ctypes.Array[ctypes.c_int64]:
    return (ctypes.c_int64 * 32)(*(usub.get(v, 0) for v in range(32)))


def load() -> tuple[Core | None, str | None]:
    """(the core, None), or (None, why it cannot be had): built first if missing or stale."""
    problem = build()
    if problem:
        return None, problem
    try:
        return Core(ctypes.CDLL(str(LIBRARY))), None
    except OSError as e:
        return None, f"{LIBRARY} could not be loaded: {e}"
