"""The Games played window's charts, painted with ``QPainter`` (PySide6-Essentials
has no QtCharts): the person's scores over time, with the game's goal lines, and
the results against each AI level. They only paint what they are given."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from reclaimdesk.core.i18n import N_, _
from reclaimdesk.ui.board.hooks import GameHooks, game_hook
from reclaimdesk.ui.style import ACCENT, BORDER, DANGER, GOLD, GOOD, INK, MUTED, SURFACE
from reclaimdesk.ui.text import level_word

OUTCOME_COLOURS = {"won": GOOD, "drawn": GOLD, "lost": DANGER}


def _nice_step(span: float) -> float:
    """A round step for about five grid lines over ``span``."""
    raw = max(span, 1.0) / 5
    magnitude = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    for f in (1, 2, 2.5, 5, 10):
        if raw <= f * magnitude:
            return f * magnitude
    return 10 * magnitude


class Chart(GameHooks, QWidget):
    """What both charts share: the surface they paint on and, while there is nothing
    to show, their ``EMPTY`` words muted in the middle instead of the chart."""

    EMPTY = ""
    """The words of an empty chart (``N_``-marked, translated when shown)."""

    def __init__(self, parent: QWidget | None, name: str, min_height: int) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setMinimumHeight(min_height)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    @game_hook
    def is_empty(self) -> bool:
        """Whether there is nothing to chart (the words are shown instead)."""

    @game_hook
    def paint_chart(self, p: QPainter, fm: QFontMetrics) -> None:
        """Paint the chart (there is something to show) on its surface."""

    def paintEvent(self, _event: object) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(SURFACE))
        if self.is_empty():
            p.setPen(QColor(MUTED))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, _(self.EMPTY))
            return
        self.paint_chart(p, QFontMetrics(self.font()))


class ScoreChart(Chart):
    """Scores (``(played_at, score)``, oldest first) as a line of dots, one per game
    evenly spaced, with dashed goal lines (``tiers``). ``points`` and ``tiers`` stay
    readable for tests."""

    EMPTY = N_("No scores yet.")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, "scoreChart", 180)
        self.points: list[tuple[str, float]] = []
        self.tiers: tuple[float, ...] = ()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(480, 260)

    def set_data(self, points: Sequence[tuple[str, float]], tiers: Sequence[float] = ()) -> None:
        self.points = list(points)
        self.tiers = tuple(tiers)
        scores = ", ".join(f"{when[:10]} {score:g}" for when, score in self.points)
        self.setAccessibleName(_("Your scores over time"))
        self.setAccessibleDescription(scores or _(self.EMPTY))
        self.update()

    def is_empty(self) -> bool:
        return not self.points

    def paint_chart(self, p: QPainter, fm: QFontMetrics) -> None:
        values = [s for _w, s in self.points] + list(self.tiers)
        low, high = min(values), max(values)
        step = _nice_step(high - low)
        low = step * (low // step) - (step if low == high else 0)
        high = step * -(-high // step) + (step if low == high else 0)
        if high <= low:
            high = low + step
        left = fm.horizontalAdvance(f"{high:g}") + fm.horizontalAdvance(f"{low:g}") // 2 + 14
        top = fm.height() + 6  # room for the label of a goal at the very top
        plot = QRectF(left, top, self.width() - left - 16, self.height() - top - 2 * fm.height() - 10)

        def y_of(v: float) -> float:
            return plot.bottom() - (v - low) / (high - low) * plot.height()

        n = len(self.points)

        def x_of(i: int) -> float:
            return plot.center().x() if n == 1 else plot.left() + i * plot.width() / (n - 1)

        # grid and axis labels
        v = low
        while v <= high + 1e-9:
            p.setPen(QPen(QColor(BORDER), 1))
            p.drawLine(QPointF(plot.left(), y_of(v)), QPointF(plot.right(), y_of(v)))
            p.setPen(QColor(MUTED))
            p.drawText(QRectF(0, y_of(v) - fm.height() / 2, left - 6, fm.height()),
                       int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), f"{v:g}")
            v += step
        # the goals
        for tier in self.tiers:
            pen = QPen(QColor(GOLD), 1.5, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawLine(QPointF(plot.left(), y_of(tier)), QPointF(plot.right(), y_of(tier)))
            p.drawText(QPointF(plot.right() - fm.horizontalAdvance(f"{tier:g}") - 2, y_of(tier) - 3), f"{tier:g}")
        # the scores
        p.setPen(QPen(QColor(ACCENT), 2))
        pts = [QPointF(x_of(i), y_of(s)) for i, (_w, s) in enumerate(self.points)]
        for a, b in zip(pts, pts[1:]):
            p.drawLine(a, b)
        p.setBrush(QColor(ACCENT))
        for pt in pts:
            p.drawEllipse(pt, 3.5, 3.5)
        # the dates of the first and the last game under the axis
        p.setPen(QColor(INK))
        base = plot.bottom() + 6
        first, last = self.points[0][0][:10], self.points[-1][0][:10]
        p.drawText(QRectF(plot.left(), base, plot.width(), fm.height()),
                   int(Qt.AlignmentFlag.AlignLeft), first)
        if n > 1:
            p.drawText(QRectF(plot.left(), base, plot.width(), fm.height()), int(Qt.AlignmentFlag.AlignRight), last)
        p.setPen(QColor(MUTED))
        p.drawText(QRectF(plot.left(), base + fm.height(), plot.width(), fm.height()),
                   int(Qt.AlignmentFlag.AlignHCenter), _("{count} games, oldest on the left").format(count=n)
                   if n > 1 else _("1 game"))


class LevelChart(Chart):
    """Wins, draws and losses against each AI level as stacked bars, one row per
    level (``counts``: level -> {"won", "drawn", "lost"})."""

    EMPTY = N_("No game against the computer yet.")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, "levelChart", 120)
        self.counts: dict[str, dict[str, int]] = {}

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(480, 180)

    @staticmethod
    def words() -> dict[str, str]:
        return {"won": _("won"), "drawn": _("shared win"), "lost": _("lost")}

    def set_data(self, counts: dict[str, dict[str, int]]) -> None:
        self.counts = dict(counts)
        words = self.words()
        lines = [_("{level}: {results}").format(level=level_word(lv), results=", ".join(
            f"{words[k]} {c[k]}" for k in ("won", "drawn", "lost"))) for lv, c in self.counts.items()]
        self.setAccessibleName(_("Your results against each AI level"))
        self.setAccessibleDescription("; ".join(lines) or _(self.EMPTY))
        self.update()

    def is_empty(self) -> bool:
        return not self.counts

    def paint_chart(self, p: QPainter, fm: QFontMetrics) -> None:
        words = self.words()
        label_w = max(fm.horizontalAdvance(level_word(lv)) for lv in self.counts) + 16
        legend_h = fm.height() + 10
        rows = len(self.counts)
        row_h = min(44.0, (self.height() - legend_h - 8) / rows)
        most = max(sum(c.values()) for c in self.counts.values()) or 1
        width = self.width() - label_w - 16
        for r, (level, c) in enumerate(self.counts.items()):
            top = 6 + r * row_h
            p.setPen(QColor(INK))
            p.drawText(QRectF(0, top, label_w - 8, row_h), int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                       level_word(level))
            x = float(label_w)
            for key in ("won", "drawn", "lost"):
                if not c[key]:
                    continue
                w = width * c[key] / most
                box = QRectF(x, top + row_h * 0.15, w, row_h * 0.7)
                p.fillRect(box, QColor(OUTCOME_COLOURS[key]))
                text = str(c[key])
                if fm.horizontalAdvance(text) + 6 < w:
                    p.setPen(QColor(SURFACE))
                    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
                x += w
        # the legend
        x = float(label_w)
        y = self.height() - legend_h + 4
        for key in ("won", "drawn", "lost"):
            p.fillRect(QRectF(x, y + 2, 12, fm.height() - 4), QColor(OUTCOME_COLOURS[key]))
            p.setPen(QColor(INK))
            p.drawText(QPointF(x + 16, y + fm.ascent()), words[key])
            x += 16 + fm.horizontalAdvance(words[key]) + 18
