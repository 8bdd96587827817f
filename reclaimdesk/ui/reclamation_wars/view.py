"""The board view: shows a :class:`BoardScene` scaled to fit and turns the mouse
and the keyboard into hexes and requests. It decides nothing: the controller does."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QWidget

from reclaimdesk.core.hexgrid import Hex
from reclaimdesk.ui.board.view import FitBoardView
from reclaimdesk.ui.reclamation_wars.scene import BoardScene

KEY_STEPS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (1, -1), Qt.Key.Key_Down: (-1, 1)}
"""The arrow keys as axial steps of the keyboard cursor, along the printed names: left
and right along a row (the letter changes), up and down along a column, which leans up
to the right (the number changes)."""


class BoardView(FitBoardView):
    hexHovered = Signal(int, int, bool)
    """q, r, and whether Shift is held."""
    hexClicked = Signal(int, int, bool)
    confirmRequested = Signal()
    cancelRequested = Signal()
    cursorMoved = Signal(int, int)

    NOTHING = None

    def __init__(self, scene: BoardScene, parent: QWidget | None = None, interactive: bool = True) -> None:
        super().__init__(scene, parent, interactive, minimum=(320, 300))
        self._shift = False

    def board_scene(self) -> BoardScene:
        scene = self.scene()
        assert isinstance(scene, BoardScene)
        return scene

    # --- positions (tests click here) ------------------------------------------------
    def view_pos_of_hex(self, h: Hex) -> QPointF:
        x, y = self.board_scene().geometry.centre(h)
        return QPointF(self.mapFromScene(QPointF(x, y)))

    def _target_at(self, pos) -> Hex | None:
        p = self.scene_pos(pos)
        return self.board_scene().geometry.hex_at(p.x(), p.y())

    # --- mouse ---------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if shift != self._shift:
            self._shift = shift
            self._last = self.NOTHING         # the same hex, but a Shift+click would do something else
        super().mouseMoveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        super().mousePressEvent(event)

    def _emit_hover(self, target: Hex) -> None:
        self.hexHovered.emit(target[0], target[1], self._shift)

    def _right_click(self) -> None:
        self.cancelRequested.emit()

    def _left_click(self, pos: QPointF) -> None:
        target = self._target_at(pos)
        if target is not None:
            self.hexClicked.emit(target[0], target[1], self._shift)

    # --- keyboard ------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.interactive:
            return super().keyPressEvent(event)
        key = event.key()
        if key == Qt.Key.Key_Shift:
            self._set_shift(True)
        elif key in KEY_STEPS:
            self.cursorMoved.emit(*KEY_STEPS[key])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.confirmRequested.emit()
        elif key == Qt.Key.Key_Escape:
            self.cancelRequested.emit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Shift:
            self._set_shift(False)
        super().keyReleaseEvent(event)

    def _set_shift(self, shift: bool) -> None:
        if shift != self._shift:
            self._shift = shift
            if self._last is not None:
                self._emit_hover(self._last)
