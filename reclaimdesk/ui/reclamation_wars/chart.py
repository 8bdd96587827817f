"""A line chart of each player's hexes over the turns, painted with QPainter:
one line per seat in its colour, a dash pattern and its symbol at every round,
so that it reads in grey too."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.reclamation_wars.items import draw_symbol, look

DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine)


class HexChart(QWidget):
    """``set_series(points, names)``: ``points`` are (rounds played, hexes per seat)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[tuple[float, list[int]]] = []
        self.names: list[str] = []
        self.rounds = 20
        self.setMinimumSize(260, 190)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:
        return QSize(380, 230)

    def set_series(self, points: Sequence[tuple[float, Sequence[int]]], names: Sequence[str], rounds: int = 20) -> None:
        self.points = [(x, list(v)) for x, v in points]
        self.names = list(names)
        self.rounds = rounds
        self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() - 2))
        p.setFont(small)
        legend_h = 18
        plot = QRectF(30, 10, self.width() - 42, self.height() - 44 - legend_h)
        hi = max([10, *(v for _, vs in self.points for v in vs)])
        hi = ((hi + 4) // 5) * 5

        def x_of(r: float) -> float:
            return plot.left() + r / self.rounds * plot.width()

        def y_of(v: float) -> float:
            return plot.bottom() - v / hi * plot.height()

        p.fillRect(plot, QColor("#fffdf8"))
        axis_text = QColor("#6b7079")
        step = 5 if hi <= 30 else 10
        v = 0
        while v <= hi:
            p.setPen(QPen(QColor("#e6e0d3"), 1))
            p.drawLine(QPointF(plot.left(), y_of(v)), QPointF(plot.right(), y_of(v)))
            p.setPen(axis_text)
            p.drawText(QRectF(0, y_of(v) - 8, plot.left() - 5, 16),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(v))
            v += step
        for r in range(0, self.rounds + 1, 5):
            p.drawText(QRectF(x_of(r) - 12, plot.bottom() + 3, 24, 14), Qt.AlignmentFlag.AlignCenter, str(r))
        p.drawText(QRectF(plot.left(), plot.bottom() + 17, plot.width(), 14), Qt.AlignmentFlag.AlignCenter,
                   _("turns played by each player"))
        p.setPen(QPen(QColor("#b9b2a3"), 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(plot)
        for s in range(len(self.names)):
            colour = look(s).ink
            path = QPainterPath()
            for i, (r, vs) in enumerate(self.points):
                point = QPointF(x_of(r), y_of(vs[s]))
                path.moveTo(point) if i == 0 else path.lineTo(point)
            pen = QPen(colour, 2.2, DASHES[s % len(DASHES)])
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
            for r, vs in self.points:
                if abs(r - round(r)) < 1e-6 and int(round(r)) % 5 == 0:
                    draw_symbol(p, s, x_of(r), y_of(vs[s]), 3.6)
        x = plot.left()
        y = self.height() - legend_h + 2
        for s, name in enumerate(self.names):
            colour = look(s).ink
            p.setPen(QPen(colour, 2.2, DASHES[s % len(DASHES)]))
            p.drawLine(QPointF(x, y + 7), QPointF(x + 18, y + 7))
            draw_symbol(p, s, x + 9, y + 7, 3.6)
            p.setPen(axis_text)
            width = p.fontMetrics().horizontalAdvance(name) + 32
            p.drawText(QRectF(x + 22, y, width, 14), Qt.AlignmentFlag.AlignVCenter, name)
            x += width
