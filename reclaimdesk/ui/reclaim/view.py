"""The board view: shows a :class:`SheetScene` scaled to fit, and turns the mouse
and keyboard into ids and requests (a square, a card, turn the shape, move the
cursor). It decides nothing: the controller does."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QWidget

from reclaimdesk.ui.board.view import FitBoardView
from reclaimdesk.ui.reclaim import geometry as g
from reclaimdesk.ui.reclaim.scene import SheetScene


class BoardView(FitBoardView):
    cellHovered = Signal(int, int)
    hoverLeft = Signal()
    cellClicked = Signal(int, int)
    itemClicked = Signal(str)
    rotateRequested = Signal(int)
    cursorMoved = Signal(int, int)
    confirmRequested = Signal()
    cardKeyPressed = Signal(int)

    def __init__(self, scene: SheetScene, parent: QWidget | None = None, interactive: bool = True,
                 fit: tuple[float, float, float, float] | None = None) -> None:
        super().__init__(scene, parent, interactive, fit, minimum=(240, 220), save_painter_state=False)
        self._last_cell: tuple[int, int] | None = None

    # --- positions -----------------------------------------------------------------
    def view_pos_of_cell(self, cell: tuple[int, int]) -> QPointF:
        """Where a map square's centre is in viewport coordinates (tests click here)."""
        x, y = g.cell_centre(cell)
        return QPointF(self.mapFromScene(QPointF(x, y)))

    def view_pos_of_rect(self, box: tuple[float, float, float, float]) -> QPointF:
        r = QRectF(*box)
        return QPointF(self.mapFromScene(r.center()))

    def _cell_at(self, pos) -> tuple[int, int] | None:
        scene_pos = self.mapToScene(pos.toPoint() if hasattr(pos, "toPoint") else pos)
        return g.cell_at(scene_pos.x(), scene_pos.y())

    # --- mouse ---------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self.interactive:
            return
        cell = self._cell_at(event.position())
        if cell != self._last_cell:
            self._last_cell = cell
            if cell is None:
                self.hoverLeft.emit()
            else:
                self.cellHovered.emit(*cell)

    def leaveEvent(self, event: QEvent) -> None:
        if self._last_cell is not None:
            self._last_cell = None
            self.hoverLeft.emit()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.interactive:
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if event.button() == Qt.MouseButton.RightButton:
            self.rotateRequested.emit(1)
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        pos = event.position()
        cell = self._cell_at(pos)
        if cell is not None:
            if cell != self._last_cell:
                self._last_cell = cell
                self.cellHovered.emit(*cell)
            self.cellClicked.emit(*cell)
            return
        scene = self.scene()
        if isinstance(scene, SheetScene):
            item_id = scene.item_id_at(self.mapToScene(pos.toPoint()))
            if item_id:
                self.itemClicked.emit(item_id)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if not self.interactive:
            return
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self.rotateRequested.emit(1 if delta < 0 else -1)
        event.accept()

    # --- keyboard ------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.interactive:
            return super().keyPressEvent(event)
        key = event.key()
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
                 Qt.Key.Key_Down: (1, 0)}
        if key in moves:
            self.cursorMoved.emit(*moves[key])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.confirmRequested.emit()
        elif key == Qt.Key.Key_R:
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.rotateRequested.emit(-1 if shift else 1)
        elif key in (Qt.Key.Key_1, Qt.Key.Key_2):
            self.cardKeyPressed.emit(1 if key == Qt.Key.Key_1 else 2)
        else:
            super().keyPressEvent(event)
            return
        event.accept()
