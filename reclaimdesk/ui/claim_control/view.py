"""The board view: shows a :class:`ClaimScene` scaled to fit and turns the mouse
and the keyboard into ids (a cell index, a spot index, a tray row) and requests
(pick piece 1-4, toggle the overlay, drop the piece). It decides nothing: the
controller does."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QWidget

from reclaimdesk.ui.board.view import FitBoardView
from reclaimdesk.ui.claim_control import geometry as g
from reclaimdesk.ui.claim_control.scene import ClaimScene


class ClaimBoardView(FitBoardView):
    NOTHING = (-1, -1)
    boardHovered = Signal(int, int)
    """(cell index or -1, spot index or -1) under the pointer."""
    boardClicked = Signal(int, int)
    itemClicked = Signal(str)
    pieceKeyPressed = Signal(int)
    """1-4: the tray rows, top to bottom."""
    overlayToggled = Signal()
    dropRequested = Signal()

    def __init__(self, scene: ClaimScene, parent: QWidget | None = None, interactive: bool = True) -> None:
        super().__init__(scene, parent, interactive, minimum=(320, 240))

    # --- positions (tests click here) ---------------------------------------------------
    def view_pos(self, x: float, y: float) -> QPointF:
        return QPointF(self.mapFromScene(QPointF(x, y)))

    def view_pos_of_cell(self, index: int) -> QPointF:
        return self.view_pos(*g.cell_centre(index))

    def view_pos_of_spot(self, index: int) -> QPointF:
        return self.view_pos(*g.spot_centre(index))

    def view_pos_of_tray(self, seat: int, piece: str, colour: str) -> QPointF:
        return self.view_pos(*g.rect_centre(g.tray_slot_rect(seat, piece, colour)))

    def _target_at(self, pos: QPointF) -> tuple[int, int]:
        scene_pos = self.scene_pos(pos)
        x, y = scene_pos.x(), scene_pos.y()
        return g.cell_at(x, y), g.spot_at(x, y)

    # --- mouse -------------------------------------------------------------------------
    def _emit_hover(self, targets: tuple[int, int]) -> None:
        self.boardHovered.emit(*targets)

    def _right_click(self) -> None:
        self.dropRequested.emit()

    def _left_click(self, pos: QPointF) -> None:
        targets = self._target_at(pos)
        if targets != (-1, -1):
            if targets != self._last:
                self._last = targets
                self.boardHovered.emit(*targets)
            self.boardClicked.emit(*targets)
            return
        if self._last != (-1, -1):
            self._last = (-1, -1)
            self.hoverLeft.emit()
        scene = self.scene()
        if isinstance(scene, ClaimScene):
            item_id = scene.item_id_at(self.scene_pos(pos))
            if item_id:
                self.itemClicked.emit(item_id)

    # --- keyboard ------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.interactive:
            return super().keyPressEvent(event)
        key = event.key()
        numbers = {Qt.Key.Key_1: 1, Qt.Key.Key_2: 2, Qt.Key.Key_3: 3, Qt.Key.Key_4: 4}
        if key in numbers:
            self.pieceKeyPressed.emit(numbers[key])
        elif key == Qt.Key.Key_I:
            self.overlayToggled.emit()
        elif key == Qt.Key.Key_Escape:
            self.dropRequested.emit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()
