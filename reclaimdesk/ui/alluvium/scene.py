"""The scene of one sheet: the sheet item and the overlay above it."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene

from reclaimdesk.ui.alluvium.items import OverlayItem, SheetItem, board_side
from reclaimdesk.ui.alluvium.model import GhostView, SheetView


class SheetScene(QGraphicsScene):
    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.setBackgroundBrush(QColor("#efeae0"))
        side = board_side(size)
        self.setSceneRect(0, 0, side, side)
        self.sheet = SheetItem(size)
        self.overlay = OverlayItem(size)
        self.overlay.setZValue(1)
        self.addItem(self.sheet)
        self.addItem(self.overlay)

    def show_sheet(self, view: SheetView | None) -> None:
        self.sheet.setVisible(view is not None)
        if view is not None:
            self.sheet.show(view)

    def show_ghost(self, view: GhostView) -> None:
        self.overlay.show(view)
