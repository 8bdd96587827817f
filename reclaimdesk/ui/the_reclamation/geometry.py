"""Where everything sits on The Reclamation's table, in scene units (1 unit = 1
pixel at 100 % zoom).

The 6 x 6 board is in the middle of the left part, with a tray for each player
above and below it (hand of stones, stones taken, progress towards the goal); the
player whose side is at the bottom of the screen is drawn below the board, as if
sitting there. Each player's four cards lie to the right, on the same side.

The board can be seen from either side: :class:`Orientation` turns game squares
(``(row, col)``, row 0 is Flower's edge) into screen squares and back. Pure
arithmetic, no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

from reclaimdesk.core.grid import Cell

SIZE = 6
CELL = 80.0
MARGIN = 16.0
LABEL = 22.0
"""The strip for the file letters and rank numbers around the board."""

TRAY_H = 84.0
TOP_TRAY_Y = MARGIN
BOARD_X = MARGIN + LABEL
BOARD_Y = TOP_TRAY_Y + TRAY_H + 14.0
BOARD_W = BOARD_H = SIZE * CELL
BOTTOM_TRAY_Y = BOARD_Y + BOARD_H + LABEL + 8.0
TRAY_X = MARGIN
TRAY_W = BOARD_W + LABEL

CARD_W, CARD_H = 104.0, 144.0
CARD_GAP = 10.0
CARDS_X = BOARD_X + BOARD_W + LABEL + 28.0
CARDS_W = 2 * CARD_W + CARD_GAP
CAPTION_H = 22.0

SCENE_W = CARDS_X + CARDS_W + MARGIN
SCENE_H = BOTTOM_TRAY_Y + TRAY_H + MARGIN
SCENE = (0.0, 0.0, SCENE_W, SCENE_H)
"""x, y, width, height of the whole table (what the view fits)."""
BOARD_AREA = (BOARD_X - LABEL - 4, BOARD_Y - 4, BOARD_W + 2 * LABEL + 8, BOARD_H + LABEL + 8)
"""The board and its labels alone (the end screen's view fits this)."""

TOP_CARDS_Y = MARGIN + CAPTION_H
BOTTOM_CARDS_Y = SCENE_H - MARGIN - 2 * CARD_H - CARD_GAP


@dataclass(frozen=True)
class Orientation:
    """How the board is seen: ``bottom`` is the seat (0 Flower, 1 Tendril) whose
    edge is at the bottom of the screen.

    >>> o = Orientation(0)
    >>> o.screen((0, 5)), o.game((5, 5))          # f1 is bottom right for Flower
    ((5, 5), (0, 5))
    >>> Orientation(1).screen((5, 0))             # a6 is bottom right for Tendril
    (5, 5)
    """

    bottom: int = 0

    def screen(self, cell: Cell) -> Cell:
        """The screen square ``(screen_row, screen_col)`` showing game square ``cell``."""
        r, c = cell
        if self.bottom == 0:
            return SIZE - 1 - r, c
        return r, SIZE - 1 - c

    def game(self, square: Cell) -> Cell:
        """The game square shown on screen square ``square`` (the inverse)."""
        sr, sc = square
        if self.bottom == 0:
            return SIZE - 1 - sr, sc
        return sr, SIZE - 1 - sc

    def screen_delta(self, drow: int, dcol: int) -> tuple[int, int]:
        """A board step ``(drow, dcol)`` as seen on screen: ``(down, right)``."""
        if self.bottom == 0:
            return -drow, dcol
        return drow, -dcol

    def file_labels(self) -> list[str]:
        """The file letters from the left of the screen to the right."""
        letters = [chr(ord("a") + c) for c in range(SIZE)]
        return letters if self.bottom == 0 else letters[::-1]

    def rank_labels(self) -> list[str]:
        """The rank numbers from the top of the screen to the bottom."""
        ranks = [str(r + 1) for r in range(SIZE)]
        return ranks[::-1] if self.bottom == 0 else ranks


def square_rect(square: Cell) -> tuple[float, float, float, float]:
    """x, y, width, height of a screen square."""
    sr, sc = square
    return BOARD_X + sc * CELL, BOARD_Y + sr * CELL, CELL, CELL


def cell_rect(cell: Cell, o: Orientation) -> tuple[float, float, float, float]:
    return square_rect(o.screen(cell))


def cell_centre(cell: Cell, o: Orientation) -> tuple[float, float]:
    x, y, w, h = cell_rect(cell, o)
    return x + w / 2, y + h / 2


def cell_at(x: float, y: float, o: Orientation) -> Cell | None:
    """The game square under scene point (x, y), or None off the board."""
    if not (BOARD_X <= x < BOARD_X + BOARD_W and BOARD_Y <= y < BOARD_Y + BOARD_H):
        return None
    sc = int((x - BOARD_X) // CELL)
    sr = int((y - BOARD_Y) // CELL)
    return o.game((min(sr, SIZE - 1), min(sc, SIZE - 1)))


def tray_rect(at_bottom: bool) -> tuple[float, float, float, float]:
    return TRAY_X, BOTTOM_TRAY_Y if at_bottom else TOP_TRAY_Y, TRAY_W, TRAY_H


def card_rect(at_bottom: bool, index: int) -> tuple[float, float, float, float]:
    """Card ``index`` (0-3, card number - 1) of the player at the bottom or top."""
    row, col = divmod(index, 2)
    y0 = BOTTOM_CARDS_Y if at_bottom else TOP_CARDS_Y
    return CARDS_X + col * (CARD_W + CARD_GAP), y0 + row * (CARD_H + CARD_GAP), CARD_W, CARD_H


def caption_rect(at_bottom: bool) -> tuple[float, float, float, float]:
    """The line naming whose cards these are (below the bottom cards' block, above the top one's)."""
    if at_bottom:
        return CARDS_X, BOTTOM_CARDS_Y - CAPTION_H, CARDS_W, CAPTION_H
    return CARDS_X, MARGIN, CARDS_W, CAPTION_H
