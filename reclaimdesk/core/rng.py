"""Seeded randomness. Every random choice in the project goes through an ``Rng``
passed in by the caller; nothing uses the global ``random`` module state."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from reclaimdesk.core.digest import sha256

T = TypeVar("T")


class Rng:
    """A deterministic random source built from an integer seed.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
    True
    """

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._random = random.Random(self.seed)

    def derive(self, label: str) -> "Rng":
        """An independent generator for a named purpose, stable across versions."""
        digest = sha256(f"{self.seed}:{label}".encode()).digest()
        return Rng(int.from_bytes(digest[:8], "big"))

    def random(self) -> float:
        return self._random.random()

    def randint(self, low: int, high: int) -> int:
        return self._random.randint(low, high)

    def randrange(self, n: int) -> int:
        return self._random.randrange(n)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[self._random.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._random.shuffle(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._random.sample(list(items), k)

    def getstate(self) -> object:
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        self._random.setstate(state)  # type: ignore[arg-type]


def seed_from_text(text: str) -> int:
    """A stable 31-bit seed from any text (used for the deck of the day)."""
    return int.from_bytes(sha256(text.encode()).digest()[:4], "big") & 0x7FFFFFFF
