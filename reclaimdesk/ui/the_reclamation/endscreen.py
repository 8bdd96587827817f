"""The end of a game of The Reclamation: the final table, who won and why in
plain words, a few numbers for each side, and buttons to play again, take the
last turn back, save the record or go to the start page."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QWidget,
)

from html import escape

from reclaimdesk.core.i18n import N_, _
from reclaimdesk.ui.board.endscreen import GameEndScreen, end_panel, heading
from reclaimdesk.ui.the_reclamation.controller import ReclamationController
from reclaimdesk.ui.the_reclamation.model import faction, goal, rule_name
from reclaimdesk.ui.the_reclamation.scene import TableScene
from reclaimdesk.ui.the_reclamation.view import TableView


class EndScreen(GameEndScreen):
    againRequested = Signal()
    undoRequested = Signal()
    saveRequested = Signal()
    homeRequested = Signal()

    def __init__(self, controller: ReclamationController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        c = controller
        state = c.state
        self.scene = TableScene()
        self.view = TableView(self.scene, interactive=False)
        self.outer.addWidget(self.view, 5)
        right = self.add_results_column(3)

        story = c.story()
        head, hl = end_panel(8)
        self.title = QLabel(_("{headline}!").format(headline=story.headline) if story.winner is not None
                            else story.headline)
        self.title.setObjectName("title")
        self.title.setWordWrap(True)
        hl.addWidget(self.title)
        rules = QLabel(_("{rules} rules, {turns} turns. {goal}").format(rules=rule_name(c.rules), turns=state.turn,
                                                                        goal=goal(c.rules)))
        rules.setObjectName("muted")
        rules.setWordWrap(True)
        hl.addWidget(rules)
        hl.addWidget(heading(_("Why")))
        self.why = QLabel(story.why)
        self.why.setWordWrap(True)
        hl.addWidget(self.why)
        right.addWidget(head)

        numbers, nl = end_panel(8)
        nl.addWidget(heading(_("At the end")))
        grid = QGridLayout()
        rows = [N_("Squares covered"), N_("Stones in hand"), N_("Stones taken")]
        if c.rules == "throne":
            rows += [N_("Gardeners"), N_("Taken from Gardeners")]
        for col, seat in enumerate((0, 1), start=1):
            name = QLabel(f"<b>{escape(faction(seat))}</b><br><span style='color:#6b7079'>{escape(c.role(seat))}</span>")
            name.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(name, 0, col)
        values = {
            "Squares covered": [state.occupied_squares(s) for s in (0, 1)],
            "Stones in hand": [state.hand(s) for s in (0, 1)],
            "Stones taken": [c.taken[s] for s in (0, 1)],
            "Gardeners": [len(state.gardeners(s)) for s in (0, 1)],
            "Taken from Gardeners": [state.taken_from_gardeners(s) for s in (0, 1)],
        }
        for row, label in enumerate(rows, start=1):
            grid.addWidget(QLabel(_(label)), row, 0)
            for col, v in enumerate(values[label], start=1):
                cell = QLabel(str(v))
                cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
                grid.addWidget(cell, row, col)
        grid.setColumnStretch(0, 1)
        nl.addLayout(grid)
        right.addWidget(numbers)

        hl.addLayout(self.play_on_buttons())
        right.addStretch(1)

        self.scene.show_table(c.table_view())
