"""Where everything sits on Reclaim's table, in scene units (1 unit = 1 pixel at
100 % zoom). The sheet is laid out like the paper one: the round track along the
top, the 13 x 13 map, the scoring track and the scoring column below; the field
cards, the deck and the starting cards or discard pile lie beside it.

Pure arithmetic, no Qt: the view turns mouse positions into cell ids with
:func:`cell_at`, and tests find the position of a cell with :func:`cell_centre`.
"""

from __future__ import annotations

from reclaimdesk.core.grid import Cell
from reclaimdesk.core.polyomino import Polyomino

SIZE = 13
CELL = 40.0

PAPER = (0.0, 0.0, 624.0, 792.0)
"""x, y, width, height of the paper sheet."""
MAP_X, MAP_Y = 60.0, 112.0
MAP_W = MAP_H = SIZE * CELL

TITLE_Y = 18.0
ROUND_Y, ROUND_H = 58.0, 26.0
ROUND_W, ROUND_GAP, HALF_GAP = 30.0, 2.0, 8.0

TRACK_Y = MAP_Y + MAP_H + 34.0
"""Top of the scoring track boxes."""
TRACK_X = MAP_X
TRACK_W = 44.0
TRACK_NUMBER_H = 38.0
TRACK_SPECIAL_H = 58.0
TRACK_H = TRACK_NUMBER_H + TRACK_SPECIAL_H

COLUMN_X = TRACK_X + 9 * TRACK_W + 18.0
COLUMN_W = MAP_X + MAP_W - COLUMN_X
COLUMN_ROW_H = TRACK_H / 5

TABLE_X = PAPER[2] + 30.0
CARD_W, CARD_H = 112.0, 156.0
CARD_GAP = 14.0
FIELD_Y = 44.0
DECK_Y = FIELD_Y + CARD_H + 52.0
LOWER_Y = DECK_Y + CARD_H + 52.0

SCENE = (-14.0, -14.0, TABLE_X + 2 * CARD_W + CARD_GAP + 14.0 + 14.0, PAPER[3] + 28.0)
"""x, y, width, height of the whole table (what the view fits)."""

SHEET_ONLY = (-10.0, -10.0, PAPER[2] + 20.0, PAPER[3] + 20.0)
"""The paper sheet alone (thumbnails)."""


def cell_rect(cell: Cell) -> tuple[float, float, float, float]:
    r, c = cell
    return MAP_X + c * CELL, MAP_Y + r * CELL, CELL, CELL


def cell_centre(cell: Cell) -> tuple[float, float]:
    r, c = cell
    return MAP_X + (c + 0.5) * CELL, MAP_Y + (r + 0.5) * CELL


def cell_at(x: float, y: float) -> Cell | None:
    """The map square under a scene position, or None off the map."""
    if not (MAP_X <= x < MAP_X + MAP_W and MAP_Y <= y < MAP_Y + MAP_H):
        return None
    return int((y - MAP_Y) // CELL), int((x - MAP_X) // CELL)


def round_rect(round_no: int) -> tuple[float, float, float, float]:
    """The box of round 1..16 on the round track."""
    i = round_no - 1
    x = MAP_X + i * (ROUND_W + ROUND_GAP) + (HALF_GAP if round_no > 10 else 0.0)
    return x, ROUND_Y, ROUND_W, ROUND_H


def track_rect(index: int) -> tuple[float, float, float, float]:
    """The box of scoring-track entry ``index`` (0-based, 1 castle first)."""
    return TRACK_X + index * TRACK_W, TRACK_Y, TRACK_W, TRACK_H


def column_rect(row: int) -> tuple[float, float, float, float]:
    return COLUMN_X, TRACK_Y + row * COLUMN_ROW_H, COLUMN_W, COLUMN_ROW_H


def field_card_rect(slot: int) -> tuple[float, float, float, float]:
    return TABLE_X + slot * (CARD_W + CARD_GAP), FIELD_Y, CARD_W, CARD_H


def deck_rect() -> tuple[float, float, float, float]:
    return TABLE_X, DECK_Y, CARD_W, CARD_H


def lower_card_rect(slot: int) -> tuple[float, float, float, float]:
    """Starting cards during setup; the discard pile afterwards (slot 0)."""
    return TABLE_X + slot * (CARD_W + CARD_GAP), LOWER_Y, CARD_W, CARD_H


def ghost_pivot(shape: Polyomino) -> Cell:
    """The square of ``shape`` that sits under the mouse: the one nearest the
    middle of its bounding box (ties: the first in reading order)."""
    mid_r, mid_c = (shape.height - 1) / 2, (shape.width - 1) / 2
    return min(shape.cells, key=lambda rc: ((rc[0] - mid_r) ** 2 + (rc[1] - mid_c) ** 2, rc))


def anchor_for(shape: Polyomino, pointer: Cell) -> Cell:
    """The top-left corner that puts ``shape``'s pivot on ``pointer``, kept inside
    the map so the whole ghost stays visible."""
    pr, pc = ghost_pivot(shape)
    r = min(max(pointer[0] - pr, 0), SIZE - shape.height)
    c = min(max(pointer[1] - pc, 0), SIZE - shape.width)
    return r, c


def pointer_for(shape: Polyomino, anchor: Cell) -> Cell:
    """The square to point at so that the shape's corner lands on ``anchor``."""
    pr, pc = ghost_pivot(shape)
    return anchor[0] + pr, anchor[1] + pc
