"""The graphics item base every game's table is drawn with, and two small
painting helpers. Items only paint what they are given: they decide nothing."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from reclaimdesk.ui import style
from reclaimdesk.ui.board.hooks import GameHooks, game_hook

INK = QColor(style.INK)
MUTED = QColor(style.MUTED)
GHOST_OK = QColor("#3f9b5a")
"""A ghost (what a click would place) where the rules allow it."""
GHOST_BAD = QColor("#c8553d")
"""A ghost where the rules do not allow it."""


def font(size: float, bold: bool = False, italic: bool = False) -> QFont:
    f = QFont()
    f.setPointSizeF(size)
    f.setBold(bold)
    f.setItalic(italic)
    return f


def rect(t: tuple[float, float, float, float]) -> QRectF:
    return QRectF(*t)


def draw_grid_lines(p: QPainter, left: float, top: float, cell: float, size: int, width: float,
                    height: float) -> None:
    """The inner lines of a ``size`` x ``size`` grid of ``cell``-wide squares, in the painter's pen."""
    for i in range(1, size):
        x = left + i * cell
        y = top + i * cell
        p.drawLine(QPointF(x, top), QPointF(x, top + height))
        p.drawLine(QPointF(left, y), QPointF(left + width, y))


class PaintItem(GameHooks, QGraphicsItem):
    """Base: a fixed bounding rectangle and a ``paint_into`` to implement. Items
    are cached as device pixmaps (repainted only when their data changes or the
    zoom does), so moving the ghost repaints only the ghost."""

    def __init__(self, bounds: QRectF, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._bounds = bounds
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.paint_into(p)

    @game_hook
    def paint_into(self, p: QPainter) -> None:
        """Paint the item (antialiasing is already on)."""


class CaptionItem(PaintItem):
    """A line (or a few) of text on the table, in its box."""

    INK = QColor("#5d625f")
    SIZE = 8.0
    FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap

    def __init__(self, box: tuple[float, float, float, float]) -> None:
        super().__init__(rect(box))
        self.box = rect(box)
        self.text = ""

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.update()

    def paint_into(self, p: QPainter) -> None:
        p.setPen(self.INK)
        p.setFont(font(self.SIZE))
        p.drawText(self.box, self.FLAGS, self.text)
