"""The board view every game table uses: shows a scene scaled to fit the window
(or the part of it given as ``fit``), with no scroll bars, frame or zoom, and
tracks what the pointer is over. The games' views subclass it and turn the
mouse and the keyboard into ids; they decide nothing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QCursor, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QLabel, QWidget

from reclaimdesk.ui.board.hooks import GameHooks, game_hook

ARROWS = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
"""The arrow keys as (row, column) steps of the keyboard cursor."""

NOTE_MS = 3500
"""How long a note beside the pointer stays (a longer text stays a little longer)."""
NOTE_WIDTH = 320
"""The widest a note beside the pointer grows before it wraps (px)."""
NOTE_MARGINS = (9, 6, 9, 6)


class PointerNote(QLabel):
    """A short line shown on the board beside the pointer (why a click was
    refused): it never takes a click and goes by itself."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("pointerNote")
        self.setTextFormat(Qt.TextFormat.PlainText)  # an engine's reason, never markup
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("#pointerNote { background: rgba(40, 36, 30, 230); color: white;"
                           " border-radius: 6px; padding: 0px; }")
        self.setContentsMargins(*NOTE_MARGINS)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        self.hide()

    def show_at(self, text: str, pointer: QPoint) -> None:
        """Show ``text`` just below and right of ``pointer`` (the parent's
        coordinates), kept inside the parent."""
        self.setText(text)
        room = self.parentWidget().rect()
        width = min(NOTE_WIDTH, max(80, room.width() - 8))
        left, top, right, bottom = NOTE_MARGINS
        inner = min(width, self.fontMetrics().horizontalAdvance(text) + left + right + 4) - left - right
        text_box = self.fontMetrics().boundingRect(QRect(0, 0, inner, 10_000), Qt.TextFlag.TextWordWrap, text)
        self.setFixedSize(inner + left + right, text_box.height() + top + bottom)
        x = min(max(4, pointer.x() + 16), max(4, room.width() - self.width() - 4))
        y = pointer.y() + 20
        if y + self.height() > room.height() - 4:  # no room below: above the pointer
            y = max(4, pointer.y() - self.height() - 12)
        self.move(x, y)
        self.show()
        self.raise_()
        self.timer.start(NOTE_MS + 40 * len(text))


class FitBoardView(GameHooks, QGraphicsView):
    hoverLeft = Signal()
    """The pointer left whatever it was over."""

    NOTHING: Any = None
    """What :meth:`_target_at` gives where the pointer is over nothing."""

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None, interactive: bool = True,
                 fit: tuple[float, float, float, float] | None = None,
                 minimum: tuple[int, int] = (320, 240), save_painter_state: bool = True) -> None:
        super().__init__(scene, parent)
        self.fit_area = QRectF(*fit) if fit is not None else None
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        if not save_painter_state:
            self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setBackgroundBrush(scene.backgroundBrush())
        self.interactive = interactive
        self.setMouseTracking(interactive)
        self.viewport().setMouseTracking(interactive)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if interactive else Qt.FocusPolicy.NoFocus)
        self.setMinimumSize(*minimum)
        self._last: Any = self.NOTHING
        self._pointer: QPoint | None = None
        """Where the pointer was last seen over the board (viewport coordinates)."""
        self.note: PointerNote | None = None
        """The note beside the pointer (made when first needed)."""

    # --- a note beside the pointer ---------------------------------------------------
    def show_note(self, text: str) -> None:
        """Show ``text`` on the board where the pointer is (the refusal of a
        click, fed by the controller's ``_explain``); where the pointer is not
        over the board (a key was pressed), near the board's top middle."""
        if not text:
            return
        viewport = self.viewport()
        if self.note is None:
            self.note = PointerNote(viewport)
        at = self._pointer  # where the board last saw it
        if at is None or not viewport.rect().contains(at):
            at = viewport.mapFromGlobal(QCursor.pos())
        if not viewport.rect().contains(at):
            at = QPoint(max(0, viewport.width() // 2 - NOTE_WIDTH // 2), 8)
        self.note.show_at(text, at)

    def hide_note(self) -> None:
        if self.note is not None:
            self.note.hide()

    def scene_pos(self, pos: Any) -> QPointF:
        """A viewport position (a QPointF or a QPoint) in scene coordinates."""
        return self.mapToScene(pos.toPoint() if hasattr(pos, "toPoint") else pos)

    # --- fitting -------------------------------------------------------------------
    def fit(self) -> None:
        """Scale the table (or the part given as ``fit``) to fill the view."""
        self.fitInView(self.fit_area if self.fit_area is not None else self.sceneRect(),
                       Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fit()

    # --- what the pointer is over ---------------------------------------------------
    @game_hook
    def _target_at(self, pos: QPointF) -> Any:
        """What is under the scene position ``pos``: a cell, a spot, a card, or ``NOTHING``."""

    def _is_nothing(self, target: Any) -> bool:
        return target == self.NOTHING

    @game_hook
    def _emit_hover(self, target: Any) -> None:
        """Emit the game's hover signal for ``target``."""

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self.interactive:
            return
        self._pointer = event.position().toPoint()
        target = self._target_at(event.position())
        if target != self._last:
            self._last = target
            if self._is_nothing(target):
                self.hoverLeft.emit()
            else:
                self._emit_hover(target)

    def leaveEvent(self, event: QEvent) -> None:
        self._pointer = None
        if not self._is_nothing(self._last):
            self._last = self.NOTHING
            self.hoverLeft.emit()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.interactive:
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self._pointer = event.position().toPoint()
        if event.button() == Qt.MouseButton.RightButton:
            self._right_click()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self._left_click(event.position())

    @game_hook
    def _right_click(self) -> None:
        """Handle a right click (turn the ghost, put a piece back, ...)."""

    @game_hook
    def _left_click(self, pos: QPointF) -> None:
        """Handle a left click at the scene position ``pos``."""

    # --- no menus, no scrolling, no double actions ----------------------------------
    def mouseDoubleClickEvent(self, event) -> None:
        event.accept()  # a quick second click is just a click, never a double action

    def contextMenuEvent(self, event) -> None:
        event.accept()

    def wheelEvent(self, event) -> None:
        event.accept()
