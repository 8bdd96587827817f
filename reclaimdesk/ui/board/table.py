"""The table every game shows while it runs: the board (and whatever the game
puts beside it) on the left, the side panel in a fixed-width scroll column on the
right. A game's table subclasses :class:`GameTable` and wires its view, panel and
controller in its ``_wire``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLayout, QScrollArea, QSizePolicy, QVBoxLayout, QWidget


LOG_LINES = 6
"""A log below the panels is never less tall than this many lines."""

PANEL_SHARE = 0.25
"""At wide windows the side column takes up to this share of the table's width..."""
PANEL_GROWTH = 1.6
"""...and grows up to this many times the width a game asked for (at 1024 px it
keeps that width; at 1920 px it is about 1.6 times as wide: the panels stop
scrolling and the board takes the rest)."""


def column_width(table_width: int, base: int) -> int:
    """The side column's width (without its scroll bar) in a table ``table_width`` wide."""
    return max(base, min(int(base * PANEL_GROWTH), int(table_width * PANEL_SHARE)))


class PanelScroll(QScrollArea):
    """The panels' scroll column: as tall as the panels when there is room (the
    log below takes the rest), shrinking to a scroll bar when there is not."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        inner = self.widget()
        if inner is None:
            return hint
        tall = max(inner.sizeHint().height(), inner.minimumSizeHint().height())
        return QSize(hint.width(), tall + 2 * self.frameWidth())

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), 120)

    def setWidget(self, widget: QWidget) -> None:
        super().setWidget(widget)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # a panel shown or hidden inside: the column's share is worked out again
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)


class GameTable(QWidget):
    status = Signal(str, int)
    actionsChanged = Signal()

    def __init__(self, controller: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.by_key = False
        """True while a key is being handled: a question it leads to is answered
        by Enter as the player meant (see :meth:`question_default`)."""

    def _wire_notes(self) -> None:
        """A refusal shows on the board beside the pointer, not only in the status
        bar (whose long lines are cut); the next move puts it away."""
        from reclaimdesk.ui.board.view import FitBoardView

        view = getattr(self, "view", None)
        if isinstance(view, FitBoardView) and view.interactive:
            self.controller.refused.connect(view.show_note)
            self.controller.changed.connect(self._put_note_away)

    def _put_note_away(self, changes: Any) -> None:
        if getattr(changes, "kind", "") != "view":
            self.view.hide_note()

    # --- keys ------------------------------------------------------------------------
    @contextmanager
    def keyed(self) -> Iterator[None]:
        """What happens inside was asked for with a key."""
        before, self.by_key = self.by_key, True
        try:
            yield
        finally:
            self.by_key = before

    def press_key(self, key: Qt.Key) -> bool:
        """A table key pressed anywhere in the window (the page's window-wide
        actions): handled by the board as if it had the focus, through the same
        filter (a hint's Enter and Esc) and the game view's own ``keyPressEvent``."""
        event = QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier)
        with self.keyed():
            # straight to the board (sent through the application, the key would
            # come back to the window's shortcuts)
            if self.eventFilter(self.view, event):
                return True
            self.view.event(event)
        return event.isAccepted()

    def back_to_board(self) -> None:
        """The keys back to the board once a question or dialog of the table has
        gone (the window active again, the board focused)."""
        window = self.window()
        if window is not None and not window.isActiveWindow():
            window.activateWindow()
        self.view.setFocus()

    def question_default(self, accept: Any, cancel: Any) -> Any:
        """The default button of a question a step asks before it is taken: the
        accepting one when a key (Enter) led to it, so Enter-Enter does what the
        player meant; Cancel after a click. Esc cancels either way."""
        return accept if self.by_key else cancel

    def wire_common(self) -> None:
        """The connections every table makes, called from its ``_wire``: the
        pointer leaving the board, the panel's Take back and Hint, and the
        controller's changes (the table's ``redraw``), messages (the status bar)
        and undo state (the window's menus)."""
        c, v, p = self.controller, self.view, self.panel
        v.hoverLeft.connect(c.leave)
        p.undoRequested.connect(c.undo)
        p.hintRequested.connect(c.request_hint)
        c.changed.connect(self.redraw)
        c.message.connect(self.status)
        c.undoChanged.connect(self.actionsChanged)

    def lay_out(self, board: QWidget | QLayout, panel: QWidget, panel_width: int,
                below: QWidget | None = None, tools: QWidget | None = None) -> None:
        """The board (a widget or a layout) stretching, the panel's scroll column
        beside it: ``panel_width`` wide at small windows, growing with the window
        (:func:`column_width`). ``below`` (a game's log) goes under the scrolling
        panels, outside them, so that it stays in view however tall the panels
        above grow. ``tools`` (a row of buttons: Hint, Undo, Redo) stands at the
        foot of the column, anchored to the window's bottom, so it never moves
        under the mouse while the panels above change height."""
        self._wire_notes()
        outer = QHBoxLayout(self)
        outer.setContentsMargins(10, 10, 10, 10)
        outer.setSpacing(10)
        if isinstance(board, QLayout):
            outer.addLayout(board, 1)
        else:
            outer.addWidget(board, 1)
        scroll = PanelScroll()
        scroll.setWidget(panel)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFixedWidth(panel_width + 14)
        scroll.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        # the panel is as wide as the column less room for its scroll bar (it
        # follows the column as it grows: resizeEvent)
        panel.setFixedWidth(panel_width)
        self.panel_scroll = scroll
        self._column = (panel_width, panel, below, tools)
        if below is None and tools is None:
            outer.addWidget(scroll)
            return
        inner = panel.layout()
        if below is not None and isinstance(inner, QBoxLayout):  # the panels keep their heights, at the top
            inner.addStretch(1)
        column = QVBoxLayout()
        column.setSpacing(8)
        column.addWidget(scroll, 0 if below is not None else 1)
        if below is not None:
            below.setFixedWidth(panel_width)
            below.setMinimumHeight(max(below.minimumHeight(), below.minimumSizeHint().height(),
                                       LOG_LINES * below.fontMetrics().height() + 24))
            # short of room the log gives way first (down to its minimum), then the panels
            below.setSizePolicy(below.sizePolicy().horizontalPolicy(), QSizePolicy.Policy.Ignored)
            column.addWidget(below, 1)
        if tools is not None:
            tools.setFixedWidth(panel_width)
            tools.setFixedHeight(tools.sizeHint().height())
            column.addWidget(tools)
        outer.addLayout(column)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        column = getattr(self, "_column", None)
        if column is None:
            return
        base, panel, below, tools = column
        width = column_width(self.width(), base)
        if self.panel_scroll.width() != width + 14:
            self.panel_scroll.setFixedWidth(width + 14)
            for widget in (panel, below, tools):
                if widget is not None:
                    widget.setFixedWidth(width)

    # --- the hint ------------------------------------------------------------------
    def add_hint_box(self, panel: Any, index: int = 0) -> None:
        """Put the hint box in ``panel``'s column at ``index`` and let Enter on
        the board take a showing hint (the game's own Enter waits till then)."""
        from reclaimdesk.ui.board.panels import HintBox

        self.hint_box = HintBox()
        panel.column.insertWidget(index, self.hint_box)
        c = self.controller
        self.hint_box.takeRequested.connect(self.take_hint)
        self.hint_box.dismissRequested.connect(self.dismiss_hint)
        for signal in (c.changed, c.hintChanged, c.busyChanged):
            signal.connect(self.refresh_hint)
        self.view.installEventFilter(self)
        self.refresh_hint()

    def refresh_hint(self, *_args: Any) -> None:
        c = self.controller
        self.hint_box.show_hint(c.hint_text() if c.hint is not None else "", c.hint_ready())

    def take_hint(self) -> None:
        self.controller.take_hint()
        self.view.setFocus()

    def dismiss_hint(self) -> None:
        self.controller.dismiss_hint()
        self.view.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on the board takes a hint on show; Esc puts it away (a second Esc
        then does what Esc does in the game: drop a piece, forget a choice)."""
        if (watched is getattr(self, "view", None) and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)):
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.controller.hint_ready():
                self.take_hint()
                return True
            if event.key() == Qt.Key.Key_Escape and self.controller.hint is not None:
                self.dismiss_hint()
                return True
        return super().eventFilter(watched, event)
