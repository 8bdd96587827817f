"""Painting one Alluvium sheet: the map with each colour and its symbol (so it
reads in black and white), the outlined start squares, the largest rectangle,
and over it the ghost, the edges that would earn checks and the squares where a
single square may be filled. Items only paint what they are given."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from reclaimdesk.core.grid import Cell
from reclaimdesk.ui.alluvium.model import EMPTY, GhostView, SheetView, colour_rgb, colour_symbol
from reclaimdesk.ui.board.items import GHOST_BAD, GHOST_OK, INK, MUTED, PaintItem, font

CELL = 40.0
MARGIN = 26.0
"""Room for the column letters and row numbers."""
PAPER = QColor("#fbf8f0")
GRID = QColor("#b9b2a2")
CHECK = QColor("#e0a100")
FILLABLE = QColor("#5b8def")


def board_side(size: int) -> float:
    return MARGIN + size * CELL + 8


def cell_rect(cell: Cell) -> QRectF:
    r, c = cell
    return QRectF(MARGIN + c * CELL, MARGIN + r * CELL, CELL, CELL)


def cell_at(x: float, y: float, size: int) -> Cell | None:
    c = int((x - MARGIN) // CELL)
    r = int((y - MARGIN) // CELL)
    if x < MARGIN or y < MARGIN or not (0 <= r < size and 0 <= c < size):
        return None
    return (r, c)


def draw_symbol(p: QPainter, symbol: str, box: QRectF, ink: QColor, width: float = 2.0) -> None:
    """A colour's symbol inside ``box`` (outlined, so it reads on any fill)."""
    p.setPen(QPen(ink, width))
    p.setBrush(Qt.BrushStyle.NoBrush)
    m = box.width() * 0.24
    b = box.adjusted(m, m, -m, -m)
    cx, cy = b.center().x(), b.center().y()
    if symbol == "circle":
        p.drawEllipse(b)
    elif symbol == "square":
        p.drawRect(b)
    elif symbol == "triangle":
        p.drawPolygon(QPolygonF([QPointF(cx, b.top()), QPointF(b.right(), b.bottom()), QPointF(b.left(), b.bottom())]))
    elif symbol == "triangle-down":
        p.drawPolygon(QPolygonF([QPointF(b.left(), b.top()), QPointF(b.right(), b.top()), QPointF(cx, b.bottom())]))
    elif symbol == "diamond":
        p.drawPolygon(QPolygonF([QPointF(cx, b.top()), QPointF(b.right(), cy), QPointF(cx, b.bottom()),
                                 QPointF(b.left(), cy)]))
    elif symbol == "cross":
        p.drawLine(b.topLeft(), b.bottomRight())
        p.drawLine(b.topRight(), b.bottomLeft())
    else:  # star and anything new: an asterisk
        for k in range(3):
            a = math.pi * k / 3
            dx, dy = math.cos(a) * b.width() / 2, math.sin(a) * b.height() / 2
            p.drawLine(QPointF(cx - dx, cy - dy), QPointF(cx + dx, cy + dy))


def ink_on(fill: QColor) -> QColor:
    """Black or white, whichever reads on ``fill``."""
    return QColor("#ffffff") if fill.lightnessF() < 0.55 else QColor("#222222")


def colour_pixmap(index: "int | str", px: int = 18) -> QPixmap:
    """A small square of the colour with its symbol (for panels and dialogs)."""
    fill = QColor(colour_rgb(index))     # read the data before painting: a damaged file raises here,
    symbol = colour_symbol(index)        # never with a painter open on the pixmap
    pm = QPixmap(px, px)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    try:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#333333"), 1))
        p.setBrush(fill)
        p.drawRect(QRectF(0.5, 0.5, px - 1, px - 1))
        draw_symbol(p, symbol, QRectF(0, 0, px, px), ink_on(fill), 1.4)
    finally:
        p.end()  # a painter left open when its frame is freed after an error crashes Qt
    return pm


class SheetItem(PaintItem):
    """The sheet: paper, squares with colours and symbols, start squares, labels."""

    def __init__(self, size: int) -> None:
        super().__init__(QRectF(0, 0, board_side(size), board_side(size)))
        self.size = size
        self.view: SheetView | None = None

    def show(self, view: SheetView) -> None:
        self.view = view
        self.update()

    def paint_into(self, p: QPainter) -> None:
        from reclaimdesk.core.grid import cell_name

        n = self.size
        side = n * CELL
        p.fillRect(QRectF(MARGIN, MARGIN, side, side), PAPER)
        p.setFont(font(9))
        p.setPen(MUTED)
        for i in range(n):
            name = cell_name((i, i))
            col, row = name[0], name[1:]
            p.drawText(QRectF(MARGIN + i * CELL, 4, CELL, MARGIN - 6), Qt.AlignmentFlag.AlignCenter, col)
            p.drawText(QRectF(0, MARGIN + i * CELL, MARGIN - 4, CELL),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, row)
        v = self.view
        if v is not None:
            for r in range(n):
                for c in range(n):
                    k = v.squares[r][c]
                    if k == EMPTY:
                        continue
                    box = cell_rect((r, c))
                    fill = QColor(colour_rgb(k))
                    p.fillRect(box, fill)
                    draw_symbol(p, colour_symbol(k), box, ink_on(fill), 2.0)
        p.setPen(QPen(GRID, 1))
        for i in range(n + 1):
            p.drawLine(QPointF(MARGIN + i * CELL, MARGIN), QPointF(MARGIN + i * CELL, MARGIN + side))
            p.drawLine(QPointF(MARGIN, MARGIN + i * CELL), QPointF(MARGIN + side, MARGIN + i * CELL))
        p.setPen(QPen(INK, 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(MARGIN, MARGIN, side, side))
        if v is None:
            return
        p.setPen(QPen(INK, 3.5))
        for cell in v.starts:
            p.drawRect(cell_rect(cell).adjusted(3, 3, -3, -3))
        if v.recent:
            p.setPen(QPen(QColor("#111111"), 2.5, Qt.PenStyle.DotLine))
            for cell in v.recent:
                p.drawRect(cell_rect(cell).adjusted(2, 2, -2, -2))
        if v.rectangle is not None:
            top, left, h, w = v.rectangle
            box = QRectF(MARGIN + left * CELL, MARGIN + top * CELL, w * CELL, h * CELL)
            p.setPen(QPen(QColor("#1b5e20"), 4, Qt.PenStyle.DashLine))
            p.drawRect(box.adjusted(2, 2, -2, -2))


class OverlayItem(PaintItem):
    """The ghost (green where it may be drawn, red where not), the edges it would
    turn into checks, the squares where action B is possible, the hint and the
    keyboard cursor."""

    def __init__(self, size: int) -> None:
        super().__init__(QRectF(0, 0, board_side(size), board_side(size)))
        self.setCacheMode(PaintItem.CacheMode.NoCache)
        self.view = GhostView()

    def show(self, view: GhostView) -> None:
        self.view = view
        self.update()

    def paint_into(self, p: QPainter) -> None:
        v = self.view
        for cell in v.fill_squares:
            box = cell_rect(cell).adjusted(5, 5, -5, -5)
            p.setPen(QPen(FILLABLE, 2.5, Qt.PenStyle.DashLine))
            p.setBrush(QColor(91, 141, 239, 50))
            p.drawRect(box)
        if v.hint:
            p.setPen(QPen(QColor("#6a1b9a"), 3, Qt.PenStyle.DashLine))
            p.setBrush(QColor(106, 27, 154, 40))
            for cell in v.hint:
                p.drawRect(cell_rect(cell).adjusted(3, 3, -3, -3))
        if v.cells:
            base = QColor(colour_rgb(v.colour))
            edge = GHOST_OK if v.ok else GHOST_BAD
            fill = QColor(base if v.ok else GHOST_BAD)
            fill.setAlpha(150 if v.ok else 110)
            p.setPen(QPen(edge, 3))
            p.setBrush(fill)
            for cell in v.cells:
                p.drawRect(cell_rect(cell).adjusted(1.5, 1.5, -1.5, -1.5))
            if v.ok:
                for cell in v.cells:
                    draw_symbol(p, colour_symbol(v.colour), cell_rect(cell), ink_on(base), 1.6)
        if v.check_edges:
            p.setPen(QPen(CHECK, 7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            for a, b in v.check_edges:
                ra, rb = cell_rect(a), cell_rect(b)
                if a[0] == b[0]:  # side by side: a vertical edge
                    x = max(ra.left(), rb.left())
                    p.drawLine(QPointF(x, ra.top() + 5), QPointF(x, ra.bottom() - 5))
                else:
                    y = max(ra.top(), rb.top())
                    p.drawLine(QPointF(ra.left() + 5, y), QPointF(ra.right() - 5, y))
        if v.cursor is not None:
            p.setPen(QPen(INK, 2, Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(cell_rect(v.cursor).adjusted(1, 1, -1, -1))


class PieceCards(QWidget):
    """The pieces in hand drawn as their cards: each a card of its colour with
    the piece as it would be drawn now (turned and flipped as the ghost is), its
    squares marked with the colour's symbol, and its name below; the one in hand
    outlined, a second one (round 1's other card) paler. A widget that only
    paints what :meth:`show_cards` gives it."""

    CARD_W = 92
    CARD_H = 118

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cards: list[tuple[tuple[Cell, ...], str, str, bool]] = []
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(self.CARD_H + 4)

    def show_cards(self, cards: list[tuple[tuple[Cell, ...], str, str, bool]]) -> None:
        """``cards``: (the piece's squares as drawn now, colour id, name, in hand)."""
        self.cards = list(cards)
        self.setVisible(bool(cards))
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(len(self.cards) * (self.CARD_W + 10), self.CARD_H + 4)

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt's name
        if not self.cards:
            return
        looks = [(QColor(colour_rgb(colour)), colour_symbol(colour)) for _c, colour, _n, _a in self.cards]
        p = QPainter(self)
        try:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            for i, ((cells, _colour, name, active), (fill, symbol)) in enumerate(zip(self.cards, looks)):
                x = 2 + i * (self.CARD_W + 10)
                card = QRectF(x, 2, self.CARD_W, self.CARD_H)
                p.setOpacity(1.0 if active else 0.55)
                p.setPen(QPen(INK if active else MUTED, 2.5 if active else 1.2))
                p.setBrush(PAPER)
                p.drawRoundedRect(card, 8, 8)
                band = QRectF(card.left() + 4, card.top() + 4, card.width() - 8, 8)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(fill)
                p.drawRoundedRect(band, 3, 3)
                if cells:
                    rows = max(r for r, _c in cells) + 1
                    cols = max(c for _r, c in cells) + 1
                    room = QRectF(card.left() + 8, card.top() + 16, card.width() - 16, card.height() - 42)
                    unit = min(room.width() / max(cols, 3), room.height() / max(rows, 3), 22.0)
                    x0 = room.center().x() - cols * unit / 2
                    y0 = room.center().y() - rows * unit / 2
                    for r, c in cells:
                        box = QRectF(x0 + c * unit, y0 + r * unit, unit, unit)
                        p.setPen(QPen(QColor("#333333"), 1.2))
                        p.setBrush(fill)
                        p.drawRect(box)
                        draw_symbol(p, symbol, box, ink_on(fill), 1.3)
                p.setPen(INK)
                p.setFont(font(11, bold=True))
                p.drawText(QRectF(card.left(), card.bottom() - 24, card.width(), 20), Qt.AlignmentFlag.AlignCenter, name)
        finally:
            p.end()
