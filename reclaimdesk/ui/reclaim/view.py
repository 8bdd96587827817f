"""The board view: shows a :class:`SheetScene` scaled to fit, and turns the mouse
and keyboard into ids and requests (a square, a card, turn the shape, move the
cursor). It decides nothing: the controller does."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QWheelEvent
from PySide6.QtWidgets import QWidget

from reclaimdesk.ui.board.view import ARROWS, FitBoardView
from reclaimdesk.ui.reclaim import geometry as g
from reclaimdesk.ui.reclaim.scene import SheetScene


class BoardView(FitBoardView):
    cellHovered = Signal(int, int)
    cellClicked = Signal(int, int)
    itemClicked = Signal(str)
    rotateRequested = Signal(int)
    cursorMoved = Signal(int, int)
    confirmRequested = Signal()
    cardKeyPressed = Signal(int)
    cancelRequested = Signal()

    def __init__(self, scene: SheetScene, parent: QWidget | None = None, interactive: bool = True,
                 fit: tuple[float, float, float, float] | None = None) -> None:
        super().__init__(scene, parent, interactive, fit, minimum=(240, 220), save_painter_state=False)

    @property
    def _last_cell(self) -> tuple[int, int] | None:
        """The map square under the pointer, if any."""
        return self._last

    # --- positions -----------------------------------------------------------------
    def view_pos_of_cell(self, cell: tuple[int, int]) -> QPointF:
        """Where a map square's centre is in viewport coordinates (tests click here)."""
        x, y = g.cell_centre(cell)
        return QPointF(self.mapFromScene(QPointF(x, y)))

    def view_pos_of_rect(self, box: tuple[float, float, float, float]) -> QPointF:
        r = QRectF(*box)
        return QPointF(self.mapFromScene(r.center()))

    def _target_at(self, pos) -> tuple[int, int] | None:
        scene_pos = self.scene_pos(pos)
        return g.cell_at(scene_pos.x(), scene_pos.y())

    # --- mouse ---------------------------------------------------------------------
    def _is_nothing(self, cell: tuple[int, int] | None) -> bool:
        return cell is None

    def _emit_hover(self, cell: tuple[int, int]) -> None:
        self.cellHovered.emit(*cell)

    def _right_click(self) -> None:
        self.rotateRequested.emit(1)

    def _left_click(self, pos: QPointF) -> None:
        cell = self._target_at(pos)
        if cell is not None:
            if cell != self._last:
                self._last = cell
                self.cellHovered.emit(*cell)
            self.cellClicked.emit(*cell)
            return
        scene = self.scene()
        if isinstance(scene, SheetScene):
            item_id = scene.item_id_at(self.scene_pos(pos))
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
        if key in ARROWS:
            self.cursorMoved.emit(*ARROWS[key])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.confirmRequested.emit()
        elif key == Qt.Key.Key_R:
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.rotateRequested.emit(-1 if shift else 1)
        elif key == Qt.Key.Key_Escape:
            self.cancelRequested.emit()
        elif key in (Qt.Key.Key_1, Qt.Key.Key_2):
            self.cardKeyPressed.emit(1 if key == Qt.Key.Key_1 else 2)
        else:
            super().keyPressEvent(event)
            return
        event.accept()
