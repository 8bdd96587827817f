"""The table every game shows while it runs: the board (and whatever the game
puts beside it) on the left, the side panel in a fixed-width scroll column on the
right. A game's table subclasses :class:`GameTable` and wires its view, panel and
controller in its ``_wire``."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLayout, QScrollArea, QSizePolicy, QWidget


class GameTable(QWidget):
    status = Signal(str, int)
    actionsChanged = Signal()

    def __init__(self, controller: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller

    def lay_out(self, board: QWidget | QLayout, panel: QWidget, panel_width: int) -> None:
        """The board (a widget or a layout) stretching, the panel's scroll column fixed."""
        outer = QHBoxLayout(self)
        outer.setContentsMargins(10, 10, 10, 10)
        outer.setSpacing(10)
        if isinstance(board, QLayout):
            outer.addLayout(board, 1)
        else:
            outer.addWidget(board, 1)
        scroll = QScrollArea()
        scroll.setWidget(panel)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFixedWidth(panel_width + 14)
        scroll.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        outer.addWidget(scroll)
