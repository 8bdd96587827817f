"""What the side panels (and end screens) of every game are built of: a named
label, a framed panel (styled as ``#panel`` by the app's style sheet), the
instruction, a row of buttons, the log list, and the column they stand in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.text import breakable

from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)


def label(text: str = "", name: str = "", wrap: bool = False) -> QLabel:
    """A plain-text label: what it shows (names from a record among them) is never
    read as HTML; a label meant for markup sets ``RichText`` itself."""
    widget = QLabel(text)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    if name:
        widget.setObjectName(name)
    widget.setWordWrap(wrap)
    return widget


class FittedLabel(QLabel):
    """A word-wrapped label that asks for the height its text takes at its width
    (a wrapped label in a grid inside a scrolling column is otherwise given the
    height of fewer lines than it wraps to, and its last line is cut)."""

    def __init__(self, text: str = "", parent: QWidget | None = None, floor: int = 0) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)
        self.floor = floor
        """Height kept however short the text (room for a few lines, so the panel does not jump)."""

    def _fit(self) -> None:
        need = self.heightForWidth(self.width())
        if need > 0 and max(need, self.floor) != self.minimumHeight():
            self.setMinimumHeight(max(need, self.floor))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()


def panel(margin_x: int = 12, margin_y: int = 10, spacing: int = 6) -> tuple[QFrame, QVBoxLayout]:
    """A framed ``#panel`` and its vertical layout."""
    frame = QFrame()
    frame.setObjectName("panel")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(margin_x, margin_y, margin_x, margin_y)
    layout.setSpacing(spacing)
    return frame, layout


def headed_panel(title: str, value: QLabel) -> tuple[QFrame, QVBoxLayout]:
    """A panel whose first line is a heading with ``value`` on its right."""
    frame, inner = panel()
    head = QHBoxLayout()
    head.addWidget(label(title, "heading"))
    head.addStretch(1)
    head.addWidget(value)
    inner.addLayout(head)
    return frame, inner


def instruction_label(min_height: int) -> QLabel:
    """What to do now: wrapped, top-left, with room kept for a few lines."""
    # a fitted label: with more lines than that room (a longer language, a taller
    # line where a Latin name sits among Japanese) it asks for the height they take
    widget = FittedLabel(floor=min_height)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    widget.setMinimumHeight(min_height)
    widget.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    return widget


def busy_line() -> QLabel:
    """The small line under the tools that says the computer is thinking: a line
    tall even while empty or hidden, so the buttons above it never move."""
    line = label("", "small")
    line.ensurePolished()  # the style sheet's type for "small", not the default font's
    line.setText("|")  # as tall as a laid-out line of words (a pixel over the font's height)
    line.setMinimumHeight(line.sizeHint().height())
    line.setText("")
    keep = line.sizePolicy()
    keep.setRetainSizeWhenHidden(True)
    line.setSizePolicy(keep)
    return line


def button_row(*buttons: QPushButton) -> QHBoxLayout:
    """Buttons side by side, from the left."""
    row = QHBoxLayout()
    for button in buttons:
        row.addWidget(button)
    row.addStretch(1)
    return row


def log_list(min_height: int, wrap: bool = False) -> QListWidget:
    """The list of what happened. A click in it may give it the focus: the
    table's keys are the window's (``GamePage``), so Enter still reaches the board."""
    log = QListWidget()
    log.setMinimumHeight(min_height)
    if wrap:
        log.setWordWrap(True)
    return log


def show_lines(log: QListWidget, lines: Sequence[str]) -> None:
    """Show ``lines`` in ``log`` (if they changed), the last one in sight."""
    lines = [breakable(line) for line in lines]
    if [log.item(i).text() for i in range(log.count())] == lines:
        return
    log.clear()
    log.addItems(lines)
    if log.count():
        log.scrollToItem(log.item(log.count() - 1))
    # the list lays its rows out later (wrapped rows change height): scroll again then
    QTimer.singleShot(0, log, log.scrollToBottom)


class SidePanelBase(QWidget):
    """The panel beside the board: a column of panels, ``self.column``, and the
    requests every table's panel may send (the table wires them)."""

    undoRequested = Signal()
    redoRequested = Signal()
    hintRequested = Signal()
    resultsRequested = Signal()

    def __init__(self, parent: QWidget | None = None, *, fixed_width: bool = True) -> None:
        super().__init__(parent)
        if fixed_width:
            self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(10)


    def request_button(self, text: str, request: Any, tip: str = "", name: str = "") -> QPushButton:
        """A button that sends ``request`` (one of the panel's signals) when
        clicked, with an optional tooltip and object name (``"primary"``)."""
        button = QPushButton(text)
        if name:
            button.setObjectName(name)
        if tip:
            button.setToolTip(tip)
        button.clicked.connect(request)
        return button

    def add_turns_log(self, title: str, min_height: int) -> QFrame:
        """The list of turns under its heading, in its own panel at the foot of
        the column, taking what height is left (``self.log``: wrapped lines,
        never scrolled sideways)."""
        box, inner = panel()
        inner.addWidget(label(title, "heading"))
        self.log = log_list(min_height, wrap=True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inner.addWidget(self.log, 1)
        self.column.addWidget(box, 1)
        return box


class HintBox(QFrame):
    """The hint on show, in words (the game's sentence starts with "Hint:"), with a button that plays it and one that
    puts it away (Enter and Esc on the board do the same); hidden while there is no hint."""

    takeRequested = Signal()
    dismissRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        self.text = FittedLabel()
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.text)
        self.take_button = QPushButton(_("Take it (Enter)"))
        self.dismiss_button = QPushButton(_("Hide (Esc)"))
        self.dismiss_button.setToolTip(_("Put the hint away and carry on your own way (Esc)"))
        self.take_button.clicked.connect(self.takeRequested)
        self.dismiss_button.clicked.connect(self.dismissRequested)
        # one under the other: side by side they are wider than a narrow panel in Japanese
        layout.addLayout(button_row(self.take_button))
        layout.addLayout(button_row(self.dismiss_button))
        self.hide()

    def show_hint(self, text: str, can_take: bool) -> None:
        self.text.setText(breakable(text))
        self.take_button.setEnabled(can_take)
        self.setVisible(bool(text))
