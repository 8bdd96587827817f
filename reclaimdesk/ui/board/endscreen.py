"""The frame every game's end screen shares: the final board on the left, the
results in a scroll column on the right, made of roomy panels."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.board.panels import panel

RESULTS_MAX_WIDTH = 640
"""The results column grows with the window up to this width; the board takes the rest."""


class ResultsScroll(QScrollArea):
    """The results column: never narrower than what it holds needs (a table of
    bests, a chart), so nothing in it is cut with no way to scroll to it; the
    board beside it gives up the room."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        inner = self.widget()
        if inner is None:
            return hint
        bar = self.verticalScrollBar().sizeHint().width()
        wide = inner.minimumSizeHint().width() + bar + 2 * self.frameWidth()
        return QSize(min(max(hint.width(), wide), RESULTS_MAX_WIDTH), hint.height())

    def setWidget(self, widget: QWidget) -> None:
        super().setWidget(widget)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # a table filled in later (the bests) asks for its width again
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)


def end_panel(spacing: int = 6) -> tuple[QFrame, QVBoxLayout]:
    """A results panel: a little roomier than the side panels at the table."""
    return panel(14, 12, spacing)


def heading(text: str) -> QLabel:
    widget = QLabel(text)
    widget.setTextFormat(Qt.TextFormat.PlainText)  # it may name players from a record
    widget.setObjectName("heading")
    return widget


class GameEndScreen(QWidget):
    """``outer`` holds the board (added by the game) and then the results column."""

    def __init__(self, controller, parent: QWidget | None = None, *, margin: int = 10, spacing: int = 12) -> None:
        super().__init__(parent)
        self.setObjectName("page")
        self.controller = controller
        self.outer = QHBoxLayout(self)
        self.outer.setContentsMargins(margin, margin, margin, margin)
        self.outer.setSpacing(spacing)
        self.results: QVBoxLayout | None = None
        """The results column (once :meth:`add_results_column` made it)."""

    def add_results_column(self, stretch: int) -> QVBoxLayout:
        """The scrolling column on the right; returns its layout."""
        scroll = ResultsScroll()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget()
        scroll.setWidget(body)
        right = QVBoxLayout(body)
        right.setContentsMargins(0, 0, 6, 0)
        right.setSpacing(10)
        scroll.setMaximumWidth(RESULTS_MAX_WIDTH)
        self.outer.addWidget(scroll, stretch)
        self.results = right
        return right

    def play_on_buttons(self) -> QGridLayout:
        """Play again, Take back (enabled when the controller can), Save record...
        and Start page, two by two, as ``self.again_button`` and so on; they send
        the screen's ``againRequested``, ``undoRequested``, ``saveRequested`` and
        ``homeRequested``, which a screen offering them declares."""
        buttons = QGridLayout()
        self.again_button = QPushButton(_("Play again"))
        self.again_button.setObjectName("primary")
        self.undo_button = QPushButton(_("Take back"))
        self.undo_button.setToolTip(_("Go back to before your last turn and play on"))
        self.undo_button.setEnabled(self.controller.can_undo())
        self.save_button = QPushButton(_("Save record..."))
        self.home_button = QPushButton(_("Start page"))
        buttons.addWidget(self.again_button, 0, 0)
        buttons.addWidget(self.undo_button, 0, 1)
        buttons.addWidget(self.save_button, 1, 0)
        buttons.addWidget(self.home_button, 1, 1)
        self.again_button.clicked.connect(self.againRequested)
        self.undo_button.clicked.connect(self.undoRequested)
        self.save_button.clicked.connect(self.saveRequested)
        self.home_button.clicked.connect(self.homeRequested)
        return buttons

    def add_shared_button(self, button: QWidget) -> None:
        """A button every game's end screen gets from the base page (Review this
        game): at the foot of the results column, above its closing stretch."""
        column = self.results
        if column is None:
            self.outer.addWidget(button, 0, Qt.AlignmentFlag.AlignBottom)
            return
        last = column.count() - 1
        at = last if last >= 0 and column.itemAt(last).spacerItem() is not None else column.count()
        column.insertWidget(at, button)
