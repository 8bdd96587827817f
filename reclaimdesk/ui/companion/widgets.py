"""Large-type pieces the companion screens share: labels (``big`` for headings),
number boxes sized for a finger or a quick glance, and a shape drawn as squares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QLabel, QSpinBox, QWidget


def label(text: str = "", parent: QWidget | None = None, big: bool = False, wrap: bool = True) -> QLabel:
    """A label in the window's type (``big``: a heading)."""
    made = QLabel(text, parent)
    made.setWordWrap(wrap)
    if big:
        made.setProperty("big", True)
    return made


def number_box(low: int, high: int, parent: QWidget, none_text: str = "") -> QSpinBox:
    """A whole-number box from ``low`` to ``high`` (``none_text`` shown for ``low``)."""
    box = QSpinBox(parent)
    box.setRange(low, high)
    if none_text:
        box.setSpecialValueText(none_text)
    box.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return box


class ShapeView(QWidget):
    """A polyomino drawn as filled squares, as large as its room allows."""

    def __init__(self, parent: QWidget | None = None, fill: str = "#cfe0d6") -> None:
        super().__init__(parent)
        self.cells: Sequence[tuple[int, int]] = ()
        self.fill = QColor(fill)

    def set_shape(self, cells: Sequence[tuple[int, int]], fill: str | None = None) -> None:
        self.cells = tuple(cells)
        if fill is not None:
            self.fill = QColor(fill)
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(240, 240)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(80, 80)

    def paintEvent(self, _event: Any) -> None:  # noqa: N802 - Qt's name
        if not self.cells:
            return
        rows = max(r for r, _c in self.cells) + 1
        cols = max(c for _r, c in self.cells) + 1
        unit = min(self.width() / (cols + 1), self.height() / (rows + 1), 90.0)
        x0 = (self.width() - cols * unit) / 2
        y0 = (self.height() - rows * unit) / 2
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#26302e"), max(1.5, unit / 14)))
        p.setBrush(self.fill)
        for r, c in self.cells:
            p.drawRect(QRectF(x0 + c * unit, y0 + r * unit, unit, unit))
        p.end()
