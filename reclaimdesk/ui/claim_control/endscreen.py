"""The end of a game of Claim Control: the final board with every claimed square
washed in its claimant's colour (and marked with its sign), the winner or the
draw, and the scoring square by square."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from reclaimdesk.core.grid import cell_name
from reclaimdesk.core.i18n import N_, _, ngettext
from reclaimdesk.games.claim_control.board import GRID
from reclaimdesk.games.claim_control.state import SEAT_NAMES
from reclaimdesk.ui.board.endscreen import GameEndScreen, end_panel, heading
from reclaimdesk.ui.claim_control.controller import ClaimController, colour_word

from reclaimdesk.ui.claim_control.items import SEAT_ACCENT
from reclaimdesk.ui.claim_control.model import SYMBOL, BoardModel
from reclaimdesk.ui.claim_control.scene import ClaimScene
from reclaimdesk.ui.claim_control.table import piece_pixmap
from reclaimdesk.ui.claim_control.view import ClaimBoardView


def result_title(controller: ClaimController, totals: tuple[int, int]) -> str:
    a, b = totals
    if a == b:
        return _("A draw, {score} all").format(score=a)
    winner = 0 if a > b else 1
    high, low = max(a, b), min(a, b)
    if controller.against_ai:
        you = controller.is_human(winner)
        return (_("You win, {high} to {low}!") if you else _("The AI wins, {high} to {low}")).format(
            high=high, low=low)
    return _("{player} win, {high} to {low}!").format(player=controller.who(winner), high=high, low=low)


class ClaimEndScreen(GameEndScreen):
    againRequested = Signal()
    homeRequested = Signal()
    saveRequested = Signal()
    printRequested = Signal()

    def __init__(self, controller: ClaimController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent, margin=16, spacing=16)
        model = controller.model()
        self.model = model

        self.scene = ClaimScene(trays=False)
        self.scene.show_model(model, overlay=True, final=True)
        self.view = ClaimBoardView(self.scene, interactive=False)
        self.outer.addWidget(self.view, 5)
        right = self.add_results_column(4)

        head, hl = end_panel()
        self.title = QLabel(result_title(controller, model.totals))
        self.title.setObjectName("title")
        self.title.setWordWrap(True)
        hl.addWidget(self.title)
        scores = QGridLayout()
        for seat in (0, 1):
            icon = QLabel()
            icon.setPixmap(piece_pixmap("sign", seat, "", 26, self.devicePixelRatioF()))
            scores.addWidget(icon, seat, 0)
            scores.addWidget(QLabel(controller.who(seat)), seat, 1)
            claimed = [i for i in model.claims if i.claimant == seat]
            value = QLabel(_("<b>{points}</b> points").format(points=model.totals[seat]))
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            scores.addWidget(value, seat, 2)
            count = QLabel(ngettext("{count} square claimed", "{count} squares claimed", len(claimed)).format(
                count=len(claimed)))
            count.setObjectName("muted")
            scores.addWidget(count, seat, 3)
        ties = sum(1 for i in model.claims if i.claimant is None)
        scores.setColumnStretch(1, 1)
        hl.addLayout(scores)
        note = QLabel(ngettext("{count} square tied and scored for nobody. Empty cells never score.",
                               "{count} squares tied and scored for nobody. Empty cells never score.",
                               ties).format(count=ties)
                      if ties else _("Every square on the board was claimed."))
        note.setObjectName("small")
        note.setWordWrap(True)
        hl.addWidget(note)
        buttons = QGridLayout()
        self.again_button = QPushButton(_("Play again"))
        self.again_button.setObjectName("primary")
        self.home_button = QPushButton(_("Start page"))
        self.save_button = QPushButton(_("Save record..."))
        self.save_button.setToolTip(_("Keep this game as a record file (it can be opened and replayed)"))
        self.print_button = QPushButton(_("Print the kit..."))
        self.print_button.setToolTip(_("The board, the pieces, a score pad and the rules as a PDF"))
        buttons.addWidget(self.again_button, 0, 0)
        buttons.addWidget(self.home_button, 0, 1)
        buttons.addWidget(self.save_button, 1, 0)
        buttons.addWidget(self.print_button, 1, 1)
        hl.addLayout(buttons)
        right.addWidget(head)

        table_panel, tl = end_panel()
        tl.addWidget(heading(_("Scoring, square by square")))
        self.breakdown = breakdown_table(model)
        tl.addWidget(self.breakdown)
        right.addWidget(table_panel)
        right.addStretch(1)

        self.again_button.clicked.connect(self.againRequested)
        self.home_button.clicked.connect(self.homeRequested)
        self.save_button.clicked.connect(self.saveRequested)
        self.print_button.clicked.connect(self.printRequested)


BREAKDOWN_HEADERS = (N_("Square"), N_("Value"), N_("{symbol} Circles"), N_("{symbol} Crosses"), N_("Claimed by"))
"""Each side's column holds its influence on the square (in the square's colour);
translated (and given the sides' symbols) by :func:`breakdown_headers`."""


def breakdown_headers() -> tuple[str, ...]:
    square, value, circles, crosses, claimed = BREAKDOWN_HEADERS
    return (_(square), _(value), _(circles).format(symbol=SYMBOL[0]), _(crosses).format(symbol=SYMBOL[1]),
            _(claimed))


def breakdown_rows(model: BoardModel) -> list[tuple[str, ...]]:
    """One row per square on the board, best claims first, then the totals."""
    rows = []
    order = sorted(model.claims, key=lambda i: (i.claimant is None, i.claimant or 0, -i.value, i.cell))
    for info in order:
        who = (_("nobody (tie)") if info.claimant is None
               else _("{side} +{value}").format(side=_(SEAT_NAMES[info.claimant]), value=info.value))
        rows.append((_("{cell} {colour}").format(cell=cell_name(GRID.cell_at(info.cell)), colour=colour_word(info.colour)),
                     str(info.value), str(info.influence[0]), str(info.influence[1]), who))
    a, b = model.totals
    rows.append((_("Total"), "", "", "", _("Circles {circles}, Crosses {crosses}").format(circles=a, crosses=b)))

    return rows


def breakdown_table(model: BoardModel) -> QTableWidget:
    rows = breakdown_rows(model)
    table = QTableWidget(len(rows), len(BREAKDOWN_HEADERS))
    table.setHorizontalHeaderLabels(breakdown_headers())
    table.verticalHeader().hide()
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    order = sorted(model.claims, key=lambda i: (i.claimant is None, i.claimant or 0, -i.value, i.cell))
    for r, row in enumerate(rows):
        claimant = order[r].claimant if r < len(order) else None
        for c, value in enumerate(row):
            item = QTableWidgetItem(value)
            if c in (1, 2, 3):
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if claimant is not None:
                tint = QColor(SEAT_ACCENT[claimant])
                tint.setAlpha(40)
                item.setBackground(tint)
            if r == len(rows) - 1:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()
    table.horizontalHeader().setStretchLastSection(True)
    table.setMinimumHeight(table.horizontalHeader().height() + len(rows) * table.verticalHeader().defaultSectionSize() + 4)
    return table
