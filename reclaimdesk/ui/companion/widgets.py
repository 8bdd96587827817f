"""Large-type pieces the companion screens share: labels (``big`` for headings),
number boxes sized for a finger or a quick glance, the setup form, and a shape
drawn as squares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QScrollArea, QSpinBox, QWidget

from reclaimdesk.core.i18n import _

W = TypeVar("W", bound=QWidget)


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


def scroll_area(inner: QWidget, parent: QWidget) -> QScrollArea:
    """``inner`` in a frameless scroll area that sizes it (a form or a table of
    results taller than the screen)."""
    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(inner)
    return area


class SetupForm(QWidget):
    """A companion screen's setup page: the heading "Set up the table" across the
    top, then rows in the order they are added (a label and its field, a widget
    across the form, a note), then the primary button that begins the session, the
    room left below it. Three columns: words, fields, and a last one that stretches."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setColumnStretch(2, 1)
        self.grid.addWidget(label(_("Set up the table"), self, big=True), 0, 0, 1, 3)
        self.row = 1
        """The next row to fill."""
        self._tops: list[tuple[QLabel, QWidget]] = []
        """The words of fields taller than them, with their field."""

    def add_field(self, text: str, field: W, span: int = 1, top: bool = False) -> W:
        """A row: ``text`` in the first column, ``field`` beside it over ``span``
        columns (``top``: the words beside the first row of a field taller than
        them, e.g. a grid of boxes with words of their own)."""
        words = label(text, self)
        if top:
            self.grid.addWidget(words, self.row, 0, Qt.AlignmentFlag.AlignTop)
            words.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            words.setContentsMargins(0, 0, 16, 0)  # apart from the field's own first words
            self._tops.append((words, field))
            field.installEventFilter(self)
            self._line_up(words, field)
        else:
            self.grid.addWidget(words, self.row, 0)
        self.grid.addWidget(field, self.row, 1, 1, span)
        self.row += 1
        return field

    @staticmethod
    def _line_up(words: QLabel, field: QWidget) -> None:
        """The words as tall as the field's first row, their line in its middle, as
        the words inside the field sit in theirs (the type grows with the window,
        so this is done again whenever the field's size hints change)."""
        grid = field.layout()
        if not isinstance(grid, QGridLayout):
            return
        heights = [grid.itemAtPosition(0, col).sizeHint().height() for col in range(grid.columnCount())
                   if grid.itemAtPosition(0, col) is not None and not grid.itemAtPosition(0, col).isEmpty()]
        if heights:
            words.setMinimumHeight(max(max(heights), words.sizeHint().height()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Show, QEvent.Type.StyleChange):
            for words, field in self._tops:
                if field is watched:
                    self._line_up(words, field)
        return False

    def add_wide(self, widget: W, beside: QWidget | None = None) -> W:
        """A row across the form, or across the first two columns with ``beside``
        in the last one."""
        self.grid.addWidget(widget, self.row, 0, 1, 3 if beside is None else 2)
        if beside is not None:
            self.grid.addWidget(beside, self.row, 2)
        self.row += 1
        return widget

    def add_note(self, text: str) -> QLabel:
        """Words across the form (wrapped)."""
        return self.add_wide(label(text, self))

    def add_start(self, text: str, slot: Callable[[], Any]) -> QPushButton:
        """The primary button under the rows, calling ``slot``; the form ends here."""
        button = QPushButton(text, self)
        button.setObjectName("primary")
        button.clicked.connect(slot)
        self.grid.addWidget(button, self.row, 0, 1, 2)
        self.grid.setRowStretch(self.row + 1, 1)
        return button


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
