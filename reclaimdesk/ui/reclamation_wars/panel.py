"""The panel beside Reclamation Wars' board: whose turn it is and what to do,
the turn types (Void Maker, Special Neutralizer, Lockdown, ending a demolisher
turn) and the demolisher's moves left, the three players with their running
count of hexes and their powers, what each other player did last, the six
special hexes and who holds them, take back and hint, and the list of turns.
Widgets show what they are given and emit requests; the table wires them."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.board.panels import (
    FittedLabel,
    SidePanelBase,
    busy_line,
    button_row,
    instruction_label,
    label,
    panel,
    show_lines,
)
from reclaimdesk.ui.reclamation_wars.items import look, seat_pixmap, special_pixmap
from reclaimdesk.ui.reclamation_wars.model import SEATS, SPECIAL_KINDS
from reclaimdesk.ui.text import breakable


def rich_label(wrap: bool = False) -> QLabel:
    """A label for the seats' coloured titles: rich text whose names are always
    escaped (html.escape) where they are put in, so a record cannot draw into it."""
    widget = label("", wrap=wrap)
    widget.setTextFormat(Qt.TextFormat.RichText)
    return widget


@dataclass(frozen=True)
class SeatRow:
    seat: int
    title: str
    """'Red (you)'."""
    count: int
    notes: str
    """Powers held, lockdown, a destroyed demolisher."""
    to_move: bool
    winner: bool = False


@dataclass(frozen=True)
class SpecialRow:
    kind: str
    name: str
    holder: int | None
    state: str
    """'held by Blue', 'nobody holds it', 'power gone'."""
    power: str
    spent: bool = False


class SidePanel(SidePanelBase):
    voidRequested = Signal()
    neutralizeRequested = Signal()
    lockdownRequested = Signal()
    endTurnRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = self.column

        self.turn_box, tl = panel()
        self.turn_label = label("", "heading", wrap=True)
        tl.addWidget(self.turn_label)
        self.instruction = instruction_label(70)
        tl.addWidget(self.instruction)
        self.moves_label = label("", "small")
        tl.addWidget(self.moves_label)
        self.end_button = QPushButton(_("End demolisher turn"))
        self.end_button.setObjectName("primary")
        self.end_button.setToolTip(_("Stop the demolisher here; the next player's turn begins"))
        self.void_button = QPushButton(_("Void Maker"))
        self.void_button.setCheckable(True)
        self.void_button.setToolTip(_("Take one hex next to your territory out of the game (the whole turn)"))
        self.neutralize_button = QPushButton(_("Neutralise"))
        self.neutralize_button.setCheckable(True)
        self.neutralize_button.setToolTip(_("Special Neutralizer: strip another special hex of its power, "
                                            "once (the whole turn)"))
        self.lockdown_button = QPushButton(_("Lockdown"))
        self.lockdown_button.setToolTip(_("Lock down: your next turn is skipped too, and until your turn after "
                                          "that your hexes and demolisher are safe"))
        self.results_button = self.request_button(_("See the result"), self.resultsRequested, name="primary")
        tl.addLayout(button_row(self.end_button, self.results_button))
        tl.addLayout(button_row(self.void_button, self.neutralize_button, self.lockdown_button))
        self.power_note = label("", "small", wrap=True)
        tl.addWidget(self.power_note)
        self.tools = QWidget(self)  # the table stands it at the foot of its column (it never moves)
        rows = QVBoxLayout(self.tools)
        rows.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        rows.addLayout(row)
        self.undo_button = self.request_button(
            _("Take back"), self.undoRequested, _("Undo your last turn (against the AI, its replies too). Ctrl+Z"))
        self.hint_button = self.request_button(
            _("Hint"), self.hintRequested, _("Ask the strongest AI what it would do (H)"))
        row.addWidget(self.undo_button)
        row.addWidget(self.hint_button)
        row.addStretch(1)
        # under the buttons, a line of its own: "Thinking..." beside them moved them
        self.busy_label = busy_line()  # its line stays when it hides: the buttons stay put
        rows.addWidget(self.busy_label)
        layout.addWidget(self.turn_box)

        self.players_box, pl = panel()
        pl.addWidget(label(_("Hexes"), "heading"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        self.seat_icons, self.seat_titles, self.seat_counts, self.seat_notes = [], [], [], []
        for seat in range(SEATS):
            icon = QLabel()
            icon.setPixmap(seat_pixmap(seat, 24))
            title = rich_label(wrap=True)
            count = label("", "heading")
            count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            notes = label("", "small", wrap=True)
            grid.addWidget(icon, 2 * seat, 0, 2, 1, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(title, 2 * seat, 1)
            grid.addWidget(count, 2 * seat, 2)
            grid.addWidget(notes, 2 * seat + 1, 1, 1, 2)
            self.seat_icons.append(icon)
            self.seat_titles.append(title)
            self.seat_counts.append(count)
            self.seat_notes.append(notes)
        grid.setColumnStretch(1, 1)
        pl.addLayout(grid)
        layout.addWidget(self.players_box)

        self.last_box, ll = panel()
        ll.addWidget(label(_("Last turns"), "heading"))
        self.last_labels = []
        for _seat in range(SEATS):
            text = rich_label(wrap=True)
            text.setTextFormat(Qt.TextFormat.RichText)
            ll.addWidget(text)
            self.last_labels.append(text)
        layout.addWidget(self.last_box)

        self._special_rows: list[SpecialRow] = []
        self.special_box, sl = panel()
        sl.addWidget(label(_("Special hexes"), "heading"))
        sgrid = QGridLayout()
        sgrid.setHorizontalSpacing(8)
        sgrid.setVerticalSpacing(3)
        self.special_icons, self.special_texts = [], []
        for i, _kind in enumerate(SPECIAL_KINDS):
            icon = QLabel()
            text = FittedLabel()  # two lines when the name and the holder do not fit on one
            text.setTextFormat(Qt.TextFormat.RichText)
            sgrid.addWidget(icon, i, 0, Qt.AlignmentFlag.AlignTop)
            sgrid.addWidget(text, i, 1)
            self.special_icons.append(icon)
            self.special_texts.append(text)
        sgrid.setColumnStretch(1, 1)
        sl.addLayout(sgrid)
        layout.addWidget(self.special_box)

        self.log_box = self.add_turns_log(_("Turns"), 140)

        self.end_button.clicked.connect(self.endTurnRequested)
        self.void_button.clicked.connect(self.voidRequested)
        self.neutralize_button.clicked.connect(self.neutralizeRequested)
        self.lockdown_button.clicked.connect(self.lockdownRequested)

    # --- what the table gives ----------------------------------------------------------
    def set_turn(self, heading: str, instruction: str, moves: str, *, demolishing: bool, over: bool) -> None:
        self.turn_label.setText(heading)
        self.instruction.setText(instruction)
        self.moves_label.setText(moves)
        self.moves_label.setVisible(bool(moves))
        self.end_button.setVisible(demolishing and not over)
        self.results_button.setVisible(over)

    def set_powers(self, *, void: tuple[bool, bool, bool], neutralize: tuple[bool, bool, bool],
                   lockdown: tuple[bool, bool], note: str) -> None:
        """Each power button: (shown, enabled, chosen) - Lockdown: (shown, enabled)."""
        for button, (shown, enabled, chosen) in ((self.void_button, void), (self.neutralize_button, neutralize)):
            button.setVisible(shown)
            button.setEnabled(enabled)
            button.setChecked(chosen)
        self.lockdown_button.setVisible(lockdown[0])
        self.lockdown_button.setEnabled(lockdown[1])
        self.power_note.setText(note)
        self.power_note.setVisible(bool(note))

    def set_seats(self, rows: Sequence[SeatRow]) -> None:
        for row in rows:
            s = row.seat
            ink = look(s).ink.name()
            marker = "\u25b6 " if row.to_move else ("\u2605 " if row.winner else "")
            self.seat_titles[s].setText(f"<span style='color:{ink}'><b>{marker}{html.escape(row.title)}</b></span>")
            self.seat_counts[s].setText(str(row.count))
            self.seat_notes[s].setText(row.notes)
            self.seat_notes[s].setVisible(bool(row.notes))

    def set_last_turns(self, lines: Sequence[tuple[int, str, str]]) -> None:
        """(seat, who, what) for each other player."""
        for i, text in enumerate(self.last_labels):
            if i < len(lines):
                seat, who, what = lines[i]
                ink = look(seat).ink.name()
                text.setText(_("{player}: {action}").format(
                    player=f"<span style='color:{ink}'><b>{html.escape(who)}</b></span>", action=html.escape(what)))
                text.setVisible(True)
            else:
                text.setVisible(False)

    def set_specials(self, rows: Sequence[SpecialRow]) -> None:
        rows = list(rows)
        if rows == self._special_rows:
            return
        self._special_rows = rows
        for i, row in enumerate(rows):
            self.special_icons[i].setPixmap(special_pixmap(row.kind, 24, row.holder, row.spent))
            colour = look(row.holder).ink.name() if row.holder is not None else "#6b7079"
            self.special_texts[i].setText(f"<b>{row.name}</b> <span style='color:{colour}'>{row.state}</span>")
            self.special_texts[i].setToolTip(row.power)
            self.special_icons[i].setToolTip(row.power)

    def set_tools(self, *, can_undo: bool, can_hint: bool, busy: str) -> None:
        self.undo_button.setEnabled(can_undo)
        self.hint_button.setEnabled(can_hint)
        self.busy_label.setText(busy)
        self.busy_label.setVisible(bool(busy))

    def set_log(self, lines: Sequence[str]) -> None:
        show_lines(self.log, lines)

    def add_log(self, lines: Sequence[str]) -> None:
        """Append ``lines`` to the log (as :func:`show_lines` shows them), the last in sight."""
        if not lines:
            return
        self.log.addItems([breakable(line) for line in lines])
        self.log.scrollToItem(self.log.item(self.log.count() - 1))
        QTimer.singleShot(0, self.log, self.log.scrollToBottom)  # wrapped rows are laid out later
