"""Sets of numbers for games with thousands of numeric moves: kept in blocks, and ranges
counted, tested and completed without a listing."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import ClassVar


@dataclass(frozen=True, repr=False)
class NumberSet(Collection[int]):
    """A set of non-negative numbers kept in blocks of BLOCK: adding one copies one block and
    the block list, never the whole set, so a game that adds a number a move stays linear."""

    BLOCK: ClassVar[int] = 256
    blocks: tuple[frozenset[int], ...] = ()
    size: int = 0

    def __contains__(self, x: object) -> bool:
        if not isinstance(x, int) or x < 0:
            return False
        i = x // self.BLOCK
        return i < len(self.blocks) and x in self.blocks[i]

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[int]:
        """The numbers in increasing order."""
        for block in self.blocks:
            yield from sorted(block)

    def __repr__(self) -> str:
        return f"NumberSet({len(self)} numbers)"

    def add(self, x: int) -> NumberSet:
        """This set with x in it."""
        if x in self:
            return self
        i = x // self.BLOCK
        blocks = self.blocks + (frozenset(),) * (i + 1 - len(self.blocks))
        return NumberSet((*blocks[:i], blocks[i] | {x}, *blocks[i + 1 :]), self.size + 1)


@dataclass(frozen=True, repr=False)
class RangeMoves(Collection[str]):
    """The numbers lo..hi not in `taken`, as canonical move strings: counted and tested without
    a listing, iterated lazily in increasing order."""

    lo: int
    hi: int
    taken: Collection[int] = frozenset()
    """Numbers within lo..hi only (the count subtracts every one of them)."""

    def __len__(self) -> int:
        return max(self.hi - self.lo + 1, 0) - len(self.taken)

    def __contains__(self, move: object) -> bool:
        # The length test comes first: int() of a huge digit string is slow, or refused.
        if not isinstance(move, str) or not 0 < len(move) <= len(str(self.hi)):
            return False
        if not (move.isascii() and move.isdigit()):
            return False
        x = int(move)
        return str(x) == move and self.lo <= x <= self.hi and x not in self.taken

    def __iter__(self) -> Iterator[str]:
        taken = self.taken
        return (str(x) for x in range(self.lo, self.hi + 1) if x not in taken)

    def __repr__(self) -> str:
        return f"RangeMoves({self.lo}..{self.hi}, {len(self.taken)} taken)"

    def starting_with(self, prefix: str, limit: int) -> list[str]:
        """Up to `limit` of these moves whose text starts with `prefix`: shortest first, then in
        increasing order (5, 50..59, 500..599, ...), found without a listing."""
        if not prefix:
            return list(islice(self, limit))
        if not (prefix.isascii() and prefix.isdigit()) or prefix.startswith("0"):
            return []
        if len(prefix) > len(str(self.hi)):  # int() of a huge digit string is slow, or refused
            return []
        head, scale = int(prefix), 1
        out: list[str] = []
        while head * scale <= self.hi and len(out) < limit:
            block = range(max(head * scale, self.lo), min((head + 1) * scale - 1, self.hi) + 1)
            free = (str(x) for x in block if x not in self.taken)
            out += islice(free, limit - len(out))
            scale *= 10
        return out
