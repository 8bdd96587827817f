"""Where everything sits on Claim Control's table, in scene units (1 unit = 1 pixel
at 100 % zoom): Circles' tray on the left, the 5 x 5 board in the middle, Crosses'
tray on the right, and a line for the running totals under the board.

Pure arithmetic, no Qt: the view turns mouse positions into ids with
:func:`cell_at`, :func:`spot_at` and :func:`tray_slot_at`; tests find where to
click with :func:`cell_centre`, :func:`spot_centre` and :func:`tray_slot_rect`.

>>> cell_at(*cell_centre(12)), spot_at(*spot_centre(0))
(12, 0)
>>> tray_slot_at(*rect_centre(tray_slot_rect(1, "marker", "red")))
(1, 'marker', 'red')
"""

from __future__ import annotations

import math

from reclaimdesk.games.claim_control.board import SIZE, SPOTS

Box = tuple[float, float, float, float]
"""x, y, width, height."""

CELL = 96.0
BOARD_X, BOARD_Y = 262.0, 70.0
BOARD_W = SIZE * CELL
FRAME = 14.0
"""The board's wooden rim around the cells."""

SQUARE_INSET = 9.0
"""A square piece is this much smaller than its cell on every side."""
MARKER_R = 15.0
"""Radius of a control marker on the board."""
SPOT_REACH = 0.42 * CELL
"""How near the pointer must be to a spot to point at it."""

TRAY_W = 206.0
TRAY_H = BOARD_W
TRAY_X = (20.0, BOARD_X + BOARD_W + 36.0)
TRAY_Y = BOARD_Y
TRAY_PAD = 11.0
TRAY_HEADER_H = 74.0
ROW_LABEL_H = 20.0
TRAY_SQUARE = 30.0
TRAY_SQUARE_GAP = 7.0
TRAY_MARKER_R = 11.0
TRAY_MARKER_STEP = 36.0
TRAY_ROW_GAP = 12.0

KINDS: tuple[tuple[str, str], ...] = (("square", "blue"), ("square", "red"),
                                      ("marker", "blue"), ("marker", "red"))
"""The four kinds of piece in a tray, top to bottom (keys 1 to 4 pick them)."""

TOTALS_Y = BOARD_Y + BOARD_W + FRAME + 12.0
TOTALS_H = 30.0

SCENE: Box = (0.0, 0.0, TRAY_X[1] + TRAY_W + 20.0, TOTALS_Y + TOTALS_H + 12.0)
"""The whole table (what the view fits)."""
BOARD_ONLY: Box = (BOARD_X - FRAME - 28.0, BOARD_Y - FRAME - 28.0, BOARD_W + 2 * FRAME + 44.0,
                   BOARD_W + 2 * FRAME + 44.0)
"""The board with its coordinates (the end screen)."""


def rect_centre(box: Box) -> tuple[float, float]:
    x, y, w, h = box
    return x + w / 2, y + h / 2


# --- the board -------------------------------------------------------------------------
def cell_rect(index: int) -> Box:
    r, c = divmod(index, SIZE)
    return BOARD_X + c * CELL, BOARD_Y + r * CELL, CELL, CELL


def cell_centre(index: int) -> tuple[float, float]:
    return rect_centre(cell_rect(index))


def square_rect(index: int) -> Box:
    """Where a square piece lies on the cell ``index``."""
    x, y, w, h = cell_rect(index)
    return x + SQUARE_INSET, y + SQUARE_INSET, w - 2 * SQUARE_INSET, h - 2 * SQUARE_INSET


def cell_at(x: float, y: float) -> int:
    """The index of the cell under (x, y), or -1 off the board."""
    c = math.floor((x - BOARD_X) / CELL)
    r = math.floor((y - BOARD_Y) / CELL)
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return r * SIZE + c
    return -1


def spot_centre(index: int) -> tuple[float, float]:
    """The middle of an edge or the point of a corner: the mean of its cells' centres."""
    cells = SPOTS[index].cells
    xs = [BOARD_X + (c + 0.5) * CELL for _, c in cells]
    ys = [BOARD_Y + (r + 0.5) * CELL for r, _ in cells]
    return sum(xs) / len(xs), sum(ys) / len(ys)


_SPOT_CENTRES = tuple(spot_centre(i) for i in range(len(SPOTS)))


def spot_at(x: float, y: float) -> int:
    """The index of the spot nearest to (x, y) when it is within reach, else -1."""
    best, best_d = -1, SPOT_REACH
    for i, (sx, sy) in enumerate(_SPOT_CENTRES):
        d = math.hypot(x - sx, y - sy)
        if d < best_d:
            best, best_d = i, d
    return best


# --- the trays ---------------------------------------------------------------------------
def tray_rect(seat: int) -> Box:
    return TRAY_X[seat], TRAY_Y, TRAY_W, TRAY_H


def _row_height(piece: str) -> float:
    if piece == "square":
        return ROW_LABEL_H + TRAY_SQUARE + 6.0
    return ROW_LABEL_H + 2 * TRAY_MARKER_STEP


def tray_slot_rect(seat: int, piece: str, colour: str) -> Box:
    """The row of one kind of piece in a tray (its label and its pieces)."""
    x, y, w, _ = tray_rect(seat)
    top = y + TRAY_HEADER_H
    for kind in KINDS:
        h = _row_height(kind[0])
        if kind == (piece, colour):
            return x + 4.0, top, w - 8.0, h
        top += h + TRAY_ROW_GAP
    raise ValueError(f"no tray row for {colour} {piece}s")


def tray_piece_centre(seat: int, piece: str, colour: str, k: int) -> tuple[float, float]:
    """The centre of the ``k``-th piece (from 0) of a kind in a tray: squares in
    one row of 5, markers in two rows of 5."""
    x, y, _, _ = tray_slot_rect(seat, piece, colour)
    left = x + TRAY_PAD - 4.0
    top = y + ROW_LABEL_H
    if piece == "square":
        return (left + k * (TRAY_SQUARE + TRAY_SQUARE_GAP) + TRAY_SQUARE / 2, top + TRAY_SQUARE / 2 + 2.0)
    row, col = divmod(k, 5)
    return left + col * TRAY_MARKER_STEP + TRAY_MARKER_STEP / 2 - 2.0, top + (row + 0.5) * TRAY_MARKER_STEP


def tray_slot_at(x: float, y: float) -> tuple[int, str, str] | None:
    """(seat, piece, colour) of the tray row under (x, y), or None."""
    for seat in (0, 1):
        for piece, colour in KINDS:
            bx, by, bw, bh = tray_slot_rect(seat, piece, colour)
            if bx <= x < bx + bw and by <= y < by + bh:
                return seat, piece, colour
    return None


def tray_item_id(seat: int, piece: str, colour: str) -> str:
    """The id a tray row emits when clicked: ``tray:<seat>:<piece>:<colour>``."""
    return f"tray:{seat}:{piece}:{colour}"


def parse_tray_id(item_id: str) -> tuple[int, str, str] | None:
    parts = item_id.split(":")
    if len(parts) != 4 or parts[0] != "tray" or parts[1] not in ("0", "1"):
        return None
    if (parts[2], parts[3]) not in KINDS:
        return None
    return int(parts[1]), parts[2], parts[3]
