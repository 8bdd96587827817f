"""The board view every game table uses: shows a scene scaled to fit the window
(or the part of it given as ``fit``), with no scroll bars, frame or zoom, and
tracks what the pointer is over. The games' views subclass it and turn the
mouse and the keyboard into ids; they decide nothing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from reclaimdesk.ui.board.hooks import GameHooks, game_hook

ARROWS = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
"""The arrow keys as (row, column) steps of the keyboard cursor."""


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
        target = self._target_at(event.position())
        if target != self._last:
            self._last = target
            if self._is_nothing(target):
                self.hoverLeft.emit()
            else:
                self._emit_hover(target)

    def leaveEvent(self, event: QEvent) -> None:
        if not self._is_nothing(self._last):
            self._last = self.NOTHING
            self.hoverLeft.emit()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.interactive:
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
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
