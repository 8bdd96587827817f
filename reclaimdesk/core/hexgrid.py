"""Hex-grid geometry in axial coordinates ``(q, r)`` (pointy-top hexes).

A hexagon-shaped board of radius ``n`` (``n`` rings around the centre hex, so
``n + 1`` hexes along each edge) has ``3 * n * (n + 1) + 1`` hexes: 61 for radius 4,
91 for radius 5.
"""

from __future__ import annotations

import re

from collections.abc import Iterator
from dataclasses import dataclass
from reclaimdesk.core.i18n import _

Hex = tuple[int, int]

HEX_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes.

    >>> hex_distance((0, 0), (2, -1))
    2
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_name(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def parse_hex(text: str) -> Hex:
    """Inverse of :func:`hex_name`: two whole numbers in ASCII digits (``int``
    alone would also read full-width digits, ``+1`` and ``1_0``).

    >>> parse_hex("2,-1")
    (2, -1)
    """
    parts = text.split(",")
    if len(parts) != 2 or not all(_COORDINATE.fullmatch(p) for p in parts):
        raise ValueError(_("'{text}' is not a hex like '2,-1'").format(text=text))
    return int(parts[0]), int(parts[1])


_COORDINATE = re.compile(r"-?[0-9]{1,4}")


@dataclass(frozen=True)
class HexBoard:
    """A hexagon of hexes of the given ``radius``, centred on (0, 0).

    >>> len(HexBoard(5)), len(list(HexBoard(5).hexes()))
    (91, 91)
    """

    radius: int

    @property
    def side(self) -> int:
        return self.radius + 1

    def __contains__(self, h: object) -> bool:
        if not isinstance(h, tuple) or len(h) != 2:
            return False
        return hex_distance((0, 0), h) <= self.radius  # type: ignore[arg-type]

    def hexes(self) -> Iterator[Hex]:
        n = self.radius
        for q in range(-n, n + 1):
            for r in range(max(-n, -q - n), min(n, -q + n) + 1):
                yield q, r

    def __len__(self) -> int:
        return 3 * self.radius * (self.radius + 1) + 1

    def neighbours(self, h: Hex) -> Iterator[Hex]:
        for dq, dr in HEX_DIRECTIONS:
            n = (h[0] + dq, h[1] + dr)
            if n in self:
                yield n

    def corners(self) -> list[Hex]:
        """The six corner hexes, in direction order."""
        n = self.radius
        return [(dq * n, dr * n) for dq, dr in HEX_DIRECTIONS]

    def within(self, h: Hex, distance: int) -> Iterator[Hex]:
        """Hexes of the board at most ``distance`` steps from ``h`` (``h`` excluded)."""
        for q in range(-distance, distance + 1):
            for r in range(max(-distance, -q - distance), min(distance, -q + distance) + 1):
                if q == 0 and r == 0:
                    continue
                n = (h[0] + q, h[1] + r)
                if n in self:
                    yield n

    def to_pixel(self, h: Hex, size: float = 1.0) -> tuple[float, float]:
        """Centre of a pointy-top hex of circumradius ``size``."""
        q, r = h
        x = size * (3**0.5 * q + 3**0.5 / 2 * r)
        y = size * 1.5 * r
        return x, y
