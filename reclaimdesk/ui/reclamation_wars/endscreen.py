"""The end of a game of Reclamation Wars: the final board, who won, the final
count for each player, how it came about (hexes per player over the turns, as
a chart), and buttons to play again, take the last turn back, save the record
or go to the start page."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.games.reclamation_wars.state import SEATS
from reclaimdesk.ui.board.endscreen import GameEndScreen, end_panel, heading
from reclaimdesk.ui.reclamation_wars.chart import HexChart
from reclaimdesk.ui.reclamation_wars.controller import WarsController
from reclaimdesk.ui.reclamation_wars.items import seat_pixmap
from reclaimdesk.ui.reclamation_wars.model import SPECIAL_KINDS, colour_name, special_name
from reclaimdesk.ui.reclamation_wars.scene import BoardScene
from reclaimdesk.ui.reclamation_wars.view import BoardView


def count_series(state) -> list[tuple[float, list[int]]]:
    """(rounds played, hexes per seat) after every turn, from the start."""
    start = [0] * SEATS
    for seat, i in enumerate(state.geo.starts):
        start[seat] = 1
    points: list[tuple[float, list[int]]] = [(0.0, start)]
    for k, entry in enumerate(state.turns, start=1):
        points.append((k / SEATS, list(entry.counts)))
    return points


class EndScreen(GameEndScreen):
    againRequested = Signal()
    undoRequested = Signal()
    saveRequested = Signal()
    homeRequested = Signal()

    def __init__(self, controller: WarsController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        c = controller
        state = c.state
        self.scene = BoardScene(state.geo.spec.radius)
        self.view = BoardView(self.scene, interactive=False)
        self.outer.addWidget(self.view, 5)
        right = self.add_results_column(4)

        head, hl = end_panel(8)
        self.title = QLabel(c.result_text())
        self.title.setObjectName("heading")
        self.title.setWordWrap(True)
        hl.addWidget(self.title)

        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        counts = c.counts()
        winners = set(state.winners())
        for col, text in enumerate((_("Player"), _("Hexes"), _("Specials held at the end")), start=1):
            cell = QLabel(f"<b>{text}</b>")
            grid.addWidget(cell, 0, col)
        order = sorted(range(SEATS), key=lambda s: -counts[s])
        self.count_labels: dict[int, QLabel] = {}
        for row, seat in enumerate(order, start=1):
            icon = QLabel()
            icon.setPixmap(seat_pixmap(seat, 22))
            grid.addWidget(icon, row, 0)
            star = "\u2605 " if seat in winners else ""
            grid.addWidget(QLabel(star + c.seat_title(seat)), row, 1)
            count = QLabel(f"<b>{counts[seat]}</b>")
            count.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.count_labels[seat] = count
            grid.addWidget(count, row, 2)
            held = [special_name(k) for k in SPECIAL_KINDS if state.holds(seat, k)]
            notes = QLabel(_(", ").join(held) or "-")
            notes.setWordWrap(True)
            notes.setObjectName("small")
            grid.addWidget(notes, row, 3)
        grid.setColumnStretch(3, 1)
        hl.addLayout(grid)
        removed = sum(1 for h in state.geo.hexes if state.owner_of(h) == -2)
        neutral = len(state.geo.hexes) - sum(counts) - removed
        summary = QLabel(_("{neutral} hexes stayed neutral and {removed} were removed from the game.").format(
            neutral=neutral, removed=removed))
        summary.setObjectName("muted")
        summary.setWordWrap(True)
        hl.addWidget(summary)

        hl.addLayout(self.play_on_buttons())
        right.addWidget(head)

        story, sl = end_panel(8)
        sl.addWidget(heading(_("How it came about")))
        self.chart = HexChart()
        self.chart.set_series(count_series(state), [colour_name(s) for s in range(SEATS)])
        sl.addWidget(self.chart)
        right.addWidget(story)
        right.addStretch(1)

        self.scene.show_board(c.board_view())
