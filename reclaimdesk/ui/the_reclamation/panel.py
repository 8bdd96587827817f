"""The panel beside The Reclamation's board: the rule set and its goal, whose
turn it is and what to do now, the Reclaim button for the chosen card, take
back / hint / turn the board, and the list of turns played. Widgets show what
they are given and emit requests; the table wires them to the controller."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QWidget,
)

from reclaimdesk.core.i18n import _, pgettext
from reclaimdesk.ui.board.panels import (
    SidePanelBase,
    busy_line,
    button_row,
    instruction_label,
    label,
    panel,
    show_lines,
)


class SidePanel(SidePanelBase):
    reclaimRequested = Signal()
    cancelRequested = Signal()
    flipRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = self.column

        self.rules_box, rl = panel()
        self.rules_title = label("", "heading")
        rl.addWidget(self.rules_title)
        self.goal = label("", "muted", wrap=True)
        rl.addWidget(self.goal)
        layout.addWidget(self.rules_box)

        self.turn, tl = panel()
        self.turn_label = label("", "heading")
        tl.addWidget(self.turn_label)
        self.instruction = instruction_label(84)
        tl.addWidget(self.instruction)
        self.reclaim_button = QPushButton(pgettext("play a card", "Reclaim"))
        self.reclaim_button.setObjectName("primary")
        self.reclaim_button.setToolTip(_("Play the chosen card (Enter, or click the card again)"))
        self.cancel_button = QPushButton(_("Other card"))
        self.cancel_button.setToolTip(_("Drop the chosen card and look at another (Esc or right click)"))
        self.results_button = self.request_button(_("See the result"), self.resultsRequested, name="primary")
        tl.addLayout(button_row(self.reclaim_button, self.cancel_button, self.results_button))
        layout.addWidget(self.turn)

        self.tools, tol = panel()
        row = QHBoxLayout()
        self.undo_button = self.request_button(
            _("Take back"), self.undoRequested, _("Undo your last turn (against the AI, its reply too). Ctrl+Z"))
        self.hint_button = self.request_button(
            _("Hint"), self.hintRequested, _("Ask the strongest AI what it would do (H)"))
        self.flip_button = QPushButton(_("Turn board"))
        self.flip_button.setToolTip(_("See the board from the other side"))
        for b in (self.undo_button, self.hint_button, self.flip_button):
            row.addWidget(b)
        tol.addLayout(row)
        self.busy_label = busy_line()  # its line stays when it hides: the buttons stay put
        tol.addWidget(self.busy_label)
        # self.tools: the table stands it at the foot of its column (it never moves)

        self.log_box = self.add_turns_log(_("Turns"), 160)

        self.reclaim_button.clicked.connect(self.reclaimRequested)
        self.cancel_button.clicked.connect(self.cancelRequested)
        self.flip_button.clicked.connect(self.flipRequested)

    def set_rules(self, title: str, goal: str) -> None:
        self.rules_title.setText(title)
        self.goal.setText(goal)

    def set_turn(self, label: str, instruction: str, *, card_chosen: bool, can_reclaim: bool,
                 over: bool) -> None:
        self.turn_label.setText(label)
        self.instruction.setText(instruction)
        self.reclaim_button.setVisible(card_chosen and not over)
        self.reclaim_button.setEnabled(can_reclaim)
        self.cancel_button.setVisible(card_chosen and not over)
        self.results_button.setVisible(over)

    def set_tools(self, *, can_undo: bool, can_hint: bool, busy: str) -> None:
        self.undo_button.setEnabled(can_undo)
        self.hint_button.setEnabled(can_hint)
        self.busy_label.setText(busy)
        self.busy_label.setVisible(bool(busy))

    def set_log(self, lines: Sequence[str]) -> None:
        show_lines(self.log, lines)
