"""Where Reclamation Wars' hexes sit on the table, in scene units (1 unit = 1
pixel at 100 % zoom), and which hex lies under a point. Pure arithmetic, no Qt.

The hexes are pointy-top, in the core's axial coordinates
(:mod:`reclaimdesk.core.hexgrid`); the board is a hexagon with flat top and
bottom edges and a corner at each side. Both boards (radius 4, 61 hexes;
radius 5, 91 hexes) fill the same square area of the scene, so the table looks
the same size whichever is played: the large board has smaller hexes. Around
the hexes runs the edge that names them (:func:`edge_labels`): each row's number
at both its ends, each column's letter below and above it, as the print kit
prints them.

>>> geo = BoardGeometry(4)
>>> geo.hex_at(*geo.centre((2, -1)))
(2, -1)
>>> geo.hex_at(0.0, 0.0) is None           # the scene's corner is off the board
True
>>> round(BoardGeometry(5).size, 2) < round(geo.size, 2)
True
>>> sorted(t for t, _x, _y in geo.edge_labels() if t.isalpha())[:3], len(geo.edge_labels())
(['A', 'B', 'C'], 28)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reclaimdesk.core.hexgrid import Hex, HexBoard
from reclaimdesk.games.reclamation_wars.components import edge_labels

SQRT3 = math.sqrt(3.0)
BOARD_BOX = 640.0
"""Width and height of the square the board is fitted into."""
MARGIN = 18.0
SCENE_W = BOARD_BOX + 2 * MARGIN
SCENE_H = BOARD_BOX + 2 * MARGIN
SCENE = (0.0, 0.0, SCENE_W, SCENE_H)
"""x, y, width, height of the whole table (what the view fits)."""
LABEL_GAP = 1.55
"""From an edge hex's centre to its label's centre, in circumradii (past the rim)."""
LABEL_SIZE = 0.46
"""A label's text height, in circumradii."""


def cube_round(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinates (q, r).

    >>> cube_round(0.1, 0.2), cube_round(0.9, -0.2), cube_round(-0.3, -0.8)
    ((0, 0), (1, 0), (0, -1))
    """
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


@dataclass(frozen=True)
class BoardGeometry:
    """The hexes of a board of ``radius`` laid out in the scene: ``size`` is a
    hex's circumradius, the board's centre hex sits at the middle of the scene."""

    radius: int

    @property
    def board(self) -> HexBoard:
        return HexBoard(self.radius)

    @property
    def size(self) -> float:
        n = self.radius
        half = BOARD_BOX / 2 + MARGIN - 4      # the labels may use the margin, not the last pixels
        across = SQRT3 * n + LABEL_GAP + LABEL_SIZE * 0.7   # centre to the end of a row's two-digit label
        tall = 1.5 * n + LABEL_GAP * SQRT3 / 2 + LABEL_SIZE * 0.6  # centre to below a column's letter
        return min(half / across, half / tall)

    @property
    def origin(self) -> tuple[float, float]:
        return SCENE_W / 2, SCENE_H / 2

    def centre(self, h: Hex) -> tuple[float, float]:
        """Scene position of the centre of hex ``h``."""
        x, y = self.board.to_pixel(h, self.size)
        ox, oy = self.origin
        return ox + x, oy + y

    def corners(self, h: Hex, inset: float = 0.0) -> list[tuple[float, float]]:
        """The six corners of ``h`` (clockwise from the top), ``inset`` units inside its edge."""
        cx, cy = self.centre(h)
        r = self.size - inset / math.cos(math.pi / 6)
        return [(cx + r * math.cos(math.radians(-90 + 60 * k)), cy + r * math.sin(math.radians(-90 + 60 * k)))
                for k in range(6)]

    def hex_at(self, x: float, y: float) -> Hex | None:
        """The hex of this board under scene point (x, y), or None."""
        ox, oy = self.origin
        px, py = (x - ox) / self.size, (y - oy) / self.size
        r = py * 2 / 3
        q = px / SQRT3 - r / 2
        h = cube_round(q, r)
        return h if h in self.board else None

    def bounds(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the hexes (without the rim)."""
        n, s = self.radius, self.size
        w = SQRT3 * s * (2 * n + 1)
        h = s * (3 * n + 2)
        ox, oy = self.origin
        return ox - w / 2, oy - h / 2, w, h

    def edge_labels(self) -> list[tuple[str, float, float]]:
        """The names printed around the board, as (text, x, y) of each label's
        centre (:func:`reclaimdesk.games.reclamation_wars.components.edge_labels`:
        row numbers at both ends of the rows, column letters above the top row and
        below the bottom row, in line with their columns), ``LABEL_GAP`` circumradii
        from the hex each names."""
        out: list[tuple[str, float, float]] = []
        for text, (q, r), (dq, dr) in edge_labels(self.radius):
            x, y = self.centre((q, r))
            nx, ny = self.centre((q + dq, r + dr))
            k = LABEL_GAP / SQRT3                 # neighbouring centres are sqrt(3) radii apart
            out.append((text, x + (nx - x) * k, y + (ny - y) * k))
        return out
