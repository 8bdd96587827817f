"""The sheet view: shows a :class:`SheetScene` scaled to fit and turns the mouse
and the keyboard into squares and requests (turn, flip, other piece, action B).
It decides nothing: the controller does."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QWidget

from reclaimdesk.core.grid import Cell
from reclaimdesk.ui.alluvium.items import CELL, MARGIN, cell_at
from reclaimdesk.ui.alluvium.scene import SheetScene
from reclaimdesk.ui.board.view import ARROWS, FitBoardView


class SheetView(FitBoardView):
    cellHovered = Signal(int, int)
    cellClicked = Signal(int, int)
    turnRequested = Signal(int)
    """+1 clockwise, -1 anticlockwise."""
    flipRequested = Signal()
    otherPieceRequested = Signal()
    fillModeRequested = Signal()
    cursorMoved = Signal(int, int)
    confirmRequested = Signal()
    cancelRequested = Signal()

    def __init__(self, scene: SheetScene, parent: QWidget | None = None, interactive: bool = True) -> None:
        super().__init__(scene, parent, interactive, minimum=(240, 240) if not interactive else (320, 320))

    def sheet_scene(self) -> SheetScene:
        scene = self.scene()
        assert isinstance(scene, SheetScene)
        return scene

    def view_pos_of_cell(self, cell: Cell) -> QPointF:
        """Where the centre of ``cell`` is in the viewport (tests click there)."""
        r, c = cell
        x = MARGIN + (c + 0.5) * CELL
        y = MARGIN + (r + 0.5) * CELL
        return QPointF(self.mapFromScene(QPointF(x, y)))

    def _target_at(self, pos) -> Cell | None:
        p = self.scene_pos(pos)
        return cell_at(p.x(), p.y(), self.sheet_scene().size)

    def _emit_hover(self, target: Cell) -> None:
        self.cellHovered.emit(target[0], target[1])

    def _left_click(self, pos) -> None:
        cell = self._target_at(pos)
        if cell is not None:
            self.cellClicked.emit(cell[0], cell[1])

    def _right_click(self) -> None:
        self.turnRequested.emit(1)

    def wheelEvent(self, event) -> None:
        if self.interactive:
            dy = event.angleDelta().y()
            if dy:
                self.turnRequested.emit(1 if dy < 0 else -1)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.interactive:
            return super().keyPressEvent(event)
        key = event.key()
        if key == Qt.Key.Key_R:
            self.turnRequested.emit(-1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
        elif key == Qt.Key.Key_F:
            self.flipRequested.emit()
        elif key in (Qt.Key.Key_Tab, Qt.Key.Key_P):
            self.otherPieceRequested.emit()
        elif key == Qt.Key.Key_B:
            self.fillModeRequested.emit()
        elif key in ARROWS:
            dr, dc = ARROWS[key]
            self.cursorMoved.emit(dr, dc)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.confirmRequested.emit()
        elif key == Qt.Key.Key_Escape:
            self.cancelRequested.emit()   # puts a hint on show away
        else:
            super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        if self.interactive and self.hasFocus():
            self.otherPieceRequested.emit()     # Tab switches the piece, it does not leave the sheet
            return True
        return super().focusNextPrevChild(next)
