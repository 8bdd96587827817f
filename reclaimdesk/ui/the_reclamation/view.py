"""The table view: shows a :class:`TableScene` scaled to fit and turns the mouse
and keyboard into ids (a game square, a card) and requests (confirm, cancel).
It decides nothing: the controller does."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QWidget

from reclaimdesk.core.grid import Cell
from reclaimdesk.ui.board.view import ARROWS, FitBoardView
from reclaimdesk.ui.the_reclamation import geometry as g
from reclaimdesk.ui.the_reclamation.scene import TableScene


class TableView(FitBoardView):
    cellHovered = Signal(int, int)
    cellClicked = Signal(int, int)
    cardClicked = Signal(str)
    cardHovered = Signal(str)
    confirmRequested = Signal()
    cancelRequested = Signal()
    cardKeyPressed = Signal(int)
    cursorMoved = Signal(int, int)

    def __init__(self, scene: TableScene, parent: QWidget | None = None, interactive: bool = True,
                 fit: tuple[float, float, float, float] | None = None) -> None:
        super().__init__(scene, parent, interactive, fit, minimum=(320, 300))

    def table_scene(self) -> TableScene:
        scene = self.scene()
        assert isinstance(scene, TableScene)
        return scene

    def orientation(self) -> g.Orientation:
        current = self.table_scene().current
        return current.orientation if current is not None else g.Orientation(0)

    # --- positions (tests click here) ------------------------------------------------
    def view_pos_of_cell(self, cell: Cell) -> QPointF:
        x, y = g.cell_centre(cell, self.orientation())
        return QPointF(self.mapFromScene(QPointF(x, y)))

    def view_pos_of_card(self, at_bottom: bool, number: int) -> QPointF:
        return QPointF(self.mapFromScene(QRectF(*g.card_rect(at_bottom, number - 1)).center()))

    def _target_at(self, pos) -> tuple:
        scene_pos = self.scene_pos(pos)
        cell = g.cell_at(scene_pos.x(), scene_pos.y(), self.orientation())
        if cell is not None:
            return ("cell", cell)
        item_id = self.table_scene().item_id_at(scene_pos)
        if item_id:
            return ("card", item_id)
        return ()

    # --- mouse ---------------------------------------------------------------------
    def _is_nothing(self, target: tuple | None) -> bool:
        return not target

    def _emit_hover(self, target: tuple) -> None:
        if target[0] == "cell":
            self.cellHovered.emit(*target[1])
        else:
            self.cardHovered.emit(target[1])

    def _right_click(self) -> None:
        self.cancelRequested.emit()

    def _left_click(self, pos: QPointF) -> None:
        target = self._target_at(pos)
        if not target:
            return
        if target[0] == "cell":
            self.cellClicked.emit(*target[1])
        else:
            self.cardClicked.emit(target[1])

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        # a quick second click is just another click
        self.mousePressEvent(event)

    # --- keyboard ------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.interactive:
            return super().keyPressEvent(event)
        key = event.key()
        numbers = {Qt.Key.Key_1: 1, Qt.Key.Key_2: 2, Qt.Key.Key_3: 3, Qt.Key.Key_4: 4}
        if key in ARROWS:
            self.cursorMoved.emit(*ARROWS[key])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.confirmRequested.emit()
        elif key == Qt.Key.Key_Escape:
            self.cancelRequested.emit()
        elif key in numbers:
            self.cardKeyPressed.emit(numbers[key])
        else:
            super().keyPressEvent(event)
            return
        event.accept()
