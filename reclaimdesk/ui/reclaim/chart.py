"""A line chart of the score over the rounds, painted with QPainter (no chart
library): one line per seat, the half-time mark after round 10 and, for solo
games, the tiers 80 / 90 / 100 as dashed lines."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.games.reclaim.state import TIERS
from reclaimdesk.ui.reclaim.panels import TIER_COLOURS

SEAT_COLOURS = ("#2f5d62", "#b4462f", "#3b6fb0", "#b8860b", "#6d4b94", "#5a7d3a")


class ScoreChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[tuple[int, list[int]]] = []
        self.names: list[str] = []
        self.solo = True
        self.setMinimumSize(260, 170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:
        return QSize(380, 210)

    def set_series(self, points: Sequence[tuple[int, list[int]]], names: Sequence[str]) -> None:
        self.points = list(points)
        self.names = list(names)
        self.solo = len(self.names) == 1
        self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() - 2))
        p.setFont(small)
        legend_h = 0 if self.solo else 18
        plot = QRectF(34, 10, self.width() - 46, self.height() - 44 - legend_h)
        values = [v for _, vs in self.points for v in vs]
        lo = min([0, *values])
        hi = max([40, *values]) + 10
        if self.solo:
            hi = max(hi, 110)
        lo = (lo // 10) * 10
        if lo < 0 and lo > -10:
            lo = -10

        def x_of(r: float) -> float:
            return plot.left() + r / 16 * plot.width()

        def y_of(v: float) -> float:
            return plot.bottom() - (v - lo) / (hi - lo) * plot.height()

        p.fillRect(plot, QColor("#fffdf8"))
        grid = QPen(QColor("#e6e0d3"), 1)
        axis_text = QColor("#6b7079")
        step = 20 if hi - lo > 80 else 10
        v = lo
        while v <= hi:
            p.setPen(grid)
            p.drawLine(QPointF(plot.left(), y_of(v)), QPointF(plot.right(), y_of(v)))
            p.setPen(axis_text)
            p.drawText(QRectF(0, y_of(v) - 8, plot.left() - 5, 16),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(int(v)))
            v += step
        for r in (0, 4, 8, 10, 12, 16):
            p.setPen(axis_text)
            p.drawText(QRectF(x_of(r) - 12, plot.bottom() + 3, 24, 14), Qt.AlignmentFlag.AlignCenter, str(r))
        p.drawText(QRectF(plot.left(), plot.bottom() + 17, plot.width(), 14), Qt.AlignmentFlag.AlignCenter,
                   _("rounds played"))
        half = QPen(QColor("#9a958b"), 1, Qt.PenStyle.DotLine)
        p.setPen(half)
        p.drawLine(QPointF(x_of(10), plot.top()), QPointF(x_of(10), plot.bottom()))
        if self.solo:
            for tier in TIERS:
                pen = QPen(TIER_COLOURS[tier], 1.2, Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.drawLine(QPointF(plot.left(), y_of(tier)), QPointF(plot.right(), y_of(tier)))
                p.drawText(QRectF(plot.right() - 30, y_of(tier) - 15, 28, 14),
                           Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(tier))
        p.setPen(QPen(QColor("#b9b2a3"), 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(plot)
        seats = len(self.names)
        for s in range(seats):
            colour = QColor(SEAT_COLOURS[s % len(SEAT_COLOURS)])
            path = QPainterPath()
            for i, (r, vs) in enumerate(self.points):
                point = QPointF(x_of(r), y_of(vs[s]))
                if i == 0:
                    path.moveTo(point)
                else:
                    path.lineTo(point)
            p.setPen(QPen(colour, 2.4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
            p.setBrush(colour)
            p.setPen(Qt.PenStyle.NoPen)
            for r, vs in self.points:
                p.drawEllipse(QPointF(x_of(r), y_of(vs[s])), 2.6, 2.6)
        if not self.solo:
            x = plot.left()
            y = self.height() - legend_h + 2
            for s, name in enumerate(self.names):
                colour = QColor(SEAT_COLOURS[s % len(SEAT_COLOURS)])
                p.setPen(QPen(colour, 3))
                p.drawLine(QPointF(x, y + 7), QPointF(x + 14, y + 7))
                p.setPen(axis_text)
                width = p.fontMetrics().horizontalAdvance(name) + 28
                p.drawText(QRectF(x + 18, y, width, 14), Qt.AlignmentFlag.AlignVCenter, name)
                x += width
        p.end()
