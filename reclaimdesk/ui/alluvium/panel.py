"""The side panel beside the sheet: whose sheet it is and where it goes next, the
piece in hand, what to do, the sheet's check track and score boxes, take back,
hint, the hand-over button, and the log of what this player did."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.alluvium.items import PieceCards, colour_pixmap
from reclaimdesk.ui.board.panels import (
    SidePanelBase,
    button_row,
    instruction_label,
    label,
    log_list,
    panel,
    show_lines,
)
from reclaimdesk.ui.text import breakable


class SidePanel(SidePanelBase):
    takeHintRequested = Signal()
    fillRequested = Signal()
    handoverConfirmed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        col = self.column

        head, hl = panel()
        self.round_label = label(name="heading", wrap=True)
        self.sheet_label = label(wrap=True)
        self.next_label = label(name="small", wrap=True)
        hl.addWidget(self.round_label)
        hl.addWidget(self.sheet_label)
        hl.addWidget(self.next_label)
        col.addWidget(head)

        turn, tl = panel()
        self.instruction = instruction_label(60)
        self.instruction.setTextFormat(Qt.TextFormat.PlainText)
        tl.addWidget(self.instruction)
        self.piece_cards = PieceCards()
        tl.addWidget(self.piece_cards)
        self.keys_label = label(_("R, the wheel or a right click turns the piece; F flips it; Tab switches "
                                  "pieces; B fills a single square; arrows and Enter play from the keyboard."),
                                name="small", wrap=True)
        tl.addWidget(self.keys_label)
        self.hint_label = label(name="small", wrap=True)
        tl.addWidget(self.hint_label)
        self.fill_button = QPushButton(_("Fill a square (B)"))
        self.fill_button.setCheckable(True)
        self.undo_button = self.request_button(_("Take back"), self.undoRequested)
        self.hint_button = self.request_button(_("Hint"), self.hintRequested)
        self.take_hint_button = QPushButton(_("Take the hint"))
        # the table stands them at the foot of its column, Take back and Hint first
        # in their rows, so they never move while the panels or the row change
        self.tools = QWidget(self)
        rows = QVBoxLayout(self.tools)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.addLayout(button_row(self.undo_button, self.fill_button))
        rows.addLayout(button_row(self.hint_button, self.take_hint_button))
        self.handover_button = QPushButton()
        self.handover_button.setObjectName("primary")
        tl.addWidget(self.handover_button)
        self.results_button = self.request_button(_("Show the results"), self.resultsRequested, name="primary")
        tl.addWidget(self.results_button)
        self.busy_label = label(name="small", wrap=True)
        tl.addWidget(self.busy_label)
        col.addWidget(turn)

        track, kl = panel()
        kl.addWidget(label(_("Checks on this sheet"), name="heading"))
        self.track_grid = QGridLayout()
        self.track_grid.setHorizontalSpacing(8)
        self.track_grid.setColumnStretch(2, 1)
        kl.addLayout(self.track_grid)
        self.track_note = label(name="small", wrap=True)
        kl.addWidget(self.track_note)
        self.score_label = label(wrap=True)
        kl.addWidget(self.score_label)
        col.addWidget(track)

        self.log_box = logp = panel()[0]  # the table puts it under the scrolling panels, always in view
        ll = logp.layout()
        ll.addWidget(label(_("What you did"), name="heading"))
        self.log = log_list(110, wrap=True)
        ll.addWidget(self.log)

        self.fill_button.clicked.connect(self.fillRequested)
        self.take_hint_button.clicked.connect(self.takeHintRequested)
        self.handover_button.clicked.connect(self.handoverConfirmed)
        for b in (self.fill_button, self.undo_button, self.hint_button, self.take_hint_button):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def set_head(self, round_text: str, sheet_text: str, next_text: str) -> None:
        self.round_label.setText(round_text)
        self.sheet_label.setText(sheet_text)
        self.next_label.setText(next_text)
        self.next_label.setVisible(bool(next_text))

    def set_turn(self, instruction: str, cards: list, hint: str, *, acting: bool, can_fill: bool, fill_on: bool,
                 can_undo: bool, can_hint: bool, handover: str, over: bool, busy: str) -> None:
        """``cards``: the pieces in hand as :meth:`PieceCards.show_cards` takes them."""
        self.instruction.setText(instruction)
        self.piece_cards.show_cards(cards)
        self.keys_label.setVisible(acting)
        self.hint_label.setText(hint)
        self.hint_label.setVisible(bool(hint))
        self.fill_button.setVisible(acting and can_fill)
        self.fill_button.setChecked(fill_on)
        self.undo_button.setEnabled(can_undo)
        self.undo_button.setVisible(not over)
        self.hint_button.setVisible(not over)
        self.hint_button.setEnabled(can_hint)
        self.take_hint_button.setVisible(bool(hint) and acting)
        self.handover_button.setVisible(bool(handover))
        self.handover_button.setText(handover)
        self.results_button.setVisible(over)
        self.busy_label.setText(busy)
        self.busy_label.setVisible(bool(busy))

    def set_track(self, rows: list[tuple[str, str, int]], note: str, score: str) -> None:
        """``rows``: (colour id, name, checks)."""
        while self.track_grid.count():
            item = self.track_grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        for i, (colour, name, checks) in enumerate(rows):
            icon = QLabel()
            icon.setPixmap(colour_pixmap(colour, 16))
            self.track_grid.addWidget(icon, i, 0)
            self.track_grid.addWidget(QLabel(name), i, 1)
            marks = QLabel("✔" * min(checks, 12) + (f" +{checks - 12}" if checks > 12 else "") + f"  {checks}")
            self.track_grid.addWidget(marks, i, 2)
        self.track_note.setText(note)
        self.track_note.setVisible(bool(note))
        self.score_label.setText(score)

    def set_log(self, lines: list[str]) -> None:
        show_lines(self.log, lines)

    def add_log(self, lines: list[str]) -> None:
        """Add ``lines`` at the end of the log, the last one in sight."""
        if lines:
            self.log.addItems([breakable(line) for line in lines])
            self.log.scrollToBottom()
            QTimer.singleShot(0, self.log, self.log.scrollToBottom)  # wrapped rows are laid out later
