"""Toy Nim at the app's table, written on the shared bases the way
docs/architecture.md describes: a controller (the match's Qt adaptor plus how a
click becomes an action), graphics items that only paint, a view that turns the
pointer into token numbers, a side panel, a page, a new-game dialog, an end
screen and the table plug-in. Everything else (undo, redo, AI turns, hints,
autosave, the end, Export) comes from the bases."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QPen
from PySide6.QtWidgets import (
    QDialog,
    QGraphicsEllipseItem,
    QGraphicsScene,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.match import Changes
from reclaimdesk.ui.board.controller import VIEW, GameController
from reclaimdesk.ui.board.endscreen import GameEndScreen, heading
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.board.panels import SidePanelBase, label, panel
from reclaimdesk.ui.board.table import GameTable
from reclaimdesk.ui.board.view import FitBoardView
from reclaimdesk.ui.plugin import BestsTable, MenuOption, PagedTable

from tests.toy import TOY
from tests.toy.rules import TOKENS

SIZE = 40.0


class ToyController(GameController):
    game_id = TOY
    game_name = "Toy Nim"

    def _instruction(self) -> str:
        if self.over:
            return f"{self.seats[self.state.winner].name} took the last token."
        return f"{self.seats[self.state.current_player].name}: take one or two tokens."

    def _show_hint(self, action: Any) -> None:
        self.hint = action
        self.hintChanged.emit()
        self.view_changed()

    def hint_text(self) -> str:
        return f"Hint: take {self.hint}." if self.hint is not None else ""

    def click_token(self, index: int) -> bool:
        """A click on token ``index`` (from the left) takes it and those before it."""
        taken = TOKENS - self.state.left
        return self.act(index - taken + 1)


class TokenItem(QGraphicsEllipseItem):
    """One token: only paints (taken, left, or just taken)."""

    def __init__(self, index: int) -> None:
        super().__init__(QRectF(index * SIZE * 1.25, 0, SIZE, SIZE))
        self.setPen(QPen(QColor("#333"), 2))

    def show_as(self, left: bool, fresh: bool) -> None:
        self.setBrush(QBrush(QColor("#c94" if left else "#eee")))
        self.setPen(QPen(QColor("#36c" if fresh else "#333"), 4 if fresh else 2))


class ToyView(FitBoardView):
    tokenClicked = Signal(int)

    NOTHING = -1

    def _target_at(self, pos: QPointF) -> Any:
        index = int(pos.x() // (SIZE * 1.25))
        return index if 0 <= index < TOKENS and 0 <= pos.y() <= SIZE else self.NOTHING

    def _emit_hover(self, target: Any) -> None:
        """The toy shows nothing under the pointer."""

    def _right_click(self) -> None:
        """A right click does nothing in the toy."""

    def _left_click(self, pos: QPointF) -> None:
        target = self._target_at(self.scene_pos(pos))
        if target != self.NOTHING:
            self.tokenClicked.emit(target)


class ToyPanel(SidePanelBase):
    def __init__(self) -> None:
        super().__init__()
        frame, inner = panel()
        self.instruction = label(name="instruction", wrap=True)
        inner.addWidget(self.instruction)
        self.undo_button = QPushButton("Take back")
        inner.addWidget(self.undo_button)
        self.column.addWidget(frame)
        self.column.addStretch(1)


class ToyTable(GameTable):
    def __init__(self, controller: ToyController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.scene = QGraphicsScene()
        self.tokens = [TokenItem(i) for i in range(TOKENS)]
        for item in self.tokens:
            self.scene.addItem(item)
        self.view = ToyView(self.scene)
        self.panel = ToyPanel()
        self.lay_out(self.view, self.panel, 240)
        self.add_hint_box(self.panel)
        self.view.tokenClicked.connect(controller.click_token)
        self.panel.undo_button.clicked.connect(controller.undo)
        controller.changed.connect(self.redraw)
        controller.message.connect(self.status)
        controller.undoChanged.connect(self.actionsChanged)
        self.redraw()

    def redraw(self, changes: Changes | None = None) -> None:
        """Paint what the change names: the tokens it touched are outlined."""
        c = self.controller
        fresh = set(c.state.touched_places()) if changes is None or changes.kind != VIEW else set()
        taken = TOKENS - c.state.left
        for i, item in enumerate(self.tokens):
            item.show_as(i >= taken, i in fresh)
        self.panel.instruction.setText(c.instruction())
        self.panel.undo_button.setEnabled(c.can_undo())


class ToyEndScreen(GameEndScreen):
    againRequested = Signal()
    homeRequested = Signal()
    undoRequested = Signal()

    def __init__(self, controller: ToyController) -> None:
        super().__init__(controller)
        column = QVBoxLayout()
        self.title = heading(controller.instruction())
        column.addWidget(self.title)
        row = QHBoxLayout()
        for text, signal in (("Play again", self.againRequested), ("Home", self.homeRequested)):
            button = QPushButton(text)
            button.clicked.connect(signal)
            row.addWidget(button)
        column.addLayout(row)
        column.addStretch(1)
        self.outer.addLayout(column)


class ToyPage(GamePage):
    game_id = TOY
    controller_class = "tests.toy.table:ToyController"

    def __init__(self, controller: ToyController, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        self.add_table(ToyTable(controller))
        self.take_two = QAction("Take &two", self)
        self.take_two.triggered.connect(lambda: controller.act(2))
        self.settings_seen: list[dict] = []

    def title(self) -> str:
        return "Toy Nim"

    def set_options(self, values: dict) -> None:
        self.settings_seen.append(values)

    def menu_actions(self) -> list:
        return [self.take_two, *super().menu_actions()]

    def make_end_screen(self) -> QWidget:
        return ToyEndScreen(self.controller)


class ToyDialog(QDialog):
    chosen = Signal(dict)

    def __init__(self, settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Two people at one computer"))
        self.start_button = QPushButton("Start")
        self.start_button.clicked.connect(self.pick)
        layout.addWidget(self.start_button)

    def pick(self) -> None:
        self.accept()
        self.chosen.emit({"players": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
                          "seed": 3, "options": {}})


class ToyTablePlugin(PagedTable):
    game_id = TOY
    dialog_class = "tests.toy.table:ToyDialog"
    page_class = "tests.toy.table:ToyPage"
    menu_options = (MenuOption("bell", "Ring a bell", False, tip="Ring when a token is taken"),)

    def personal_bests(self, folder: Path, limit: int) -> BestsTable | None:
        path = folder / "toy-bests.txt"
        if not path.exists():
            return None
        wins = sorted((int(w) for w in path.read_text().split()), reverse=True)[:limit]
        return BestsTable("Fewest turns", ("#", "Turns"), tuple((str(i + 1), str(w)) for i, w in enumerate(wins)))


TABLE = ToyTablePlugin()
