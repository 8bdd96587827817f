"""The end of a game of Alluvium: every sheet side by side, each with its area
bonuses and the ranking of the other colours on it (who got which cooperation
bonus, and why), the totals and the winner, and buttons to play again, save
the record or go to the start page."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.alluvium.controller import AlluviumController
from reclaimdesk.ui.alluvium.items import colour_pixmap
from reclaimdesk.ui.alluvium.model import colour_title, sheet_view
from reclaimdesk.ui.alluvium.scene import SheetScene
from reclaimdesk.ui.alluvium.view import SheetView
from reclaimdesk.ui.board.endscreen import GameEndScreen, end_panel, heading
from reclaimdesk.ui.board.panels import button_row, label


class EndScreen(GameEndScreen):
    againRequested = Signal()
    saveRequested = Signal()
    homeRequested = Signal()

    def __init__(self, controller: AlluviumController, best_text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        c = controller
        state = c.state
        sheets = QWidget()
        grid = QGridLayout(sheets)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(8)
        n = state.num_players
        cols = 3 if n > 4 else 2
        self.views: list[SheetView] = []
        self.scenes: list[SheetScene] = []
        for owner in range(n):
            box = QVBoxLayout()
            title = QLabel()
            title.setTextFormat(Qt.TextFormat.PlainText)
            title.setText(_("{owner}'s sheet ({player}): {points} points").format(
                owner=colour_title(state.colour_of(owner)), player=c.seats[owner].name, points=int(state.scores()[owner])))
            title.setObjectName("small")
            title.setWordWrap(True)
            scene = SheetScene(state.size)
            scene.show_sheet(sheet_view(state, owner, show_rectangle=True))
            view = SheetView(scene, interactive=False)
            view.setMinimumSize(150, 150)
            box.addWidget(title)
            box.addWidget(view, 1)
            grid.addLayout(box, owner // cols, owner % cols)
            self.views.append(view)
            self.scenes.append(scene)
        self.outer.addWidget(sheets, 5)
        right = self.add_results_column(4)

        head, hl = end_panel(8)
        self.title = heading(c.result_text())
        self.title.setWordWrap(True)
        hl.addWidget(self.title)
        table = QGridLayout()
        table.setHorizontalSpacing(10)
        table.addWidget(label(_("Player")), 0, 1)
        table.addWidget(label(_("Area")), 0, 2)
        table.addWidget(label(_("Cooperation")), 0, 3)
        table.addWidget(label(_("Total")), 0, 4)
        winners = set(state.winners())
        for s in range(n):
            icon = QLabel()
            icon.setPixmap(colour_pixmap(state.colour_of(s), 16))
            table.addWidget(icon, s + 1, 0)
            name = label(c.seats[s].name + (" ★" if s in winners else ""))
            table.addWidget(name, s + 1, 1)
            area = state.sheets[s].area
            table.addWidget(label(" + ".join(str(a) for a in area) + f" = {sum(area)}"), s + 1, 2)
            table.addWidget(label(str(state.cooperation_points(s))), s + 1, 3)
            table.addWidget(label(str(int(state.scores()[s]))), s + 1, 4)
        hl.addLayout(table)
        if best_text:
            hl.addWidget(label(best_text, wrap=True))
        self.again = QPushButton(_("Play again"))
        self.again.setObjectName("primary")
        self.save = QPushButton(_("Save the record..."))
        self.home = QPushButton(_("Start page"))
        hl.addLayout(button_row(self.again, self.save))
        hl.addLayout(button_row(self.home))
        right.addWidget(head)

        for owner in range(n):
            frame, fl = end_panel(4)
            fl.addWidget(heading(_("On {owner}'s sheet").format(owner=colour_title(state.colour_of(owner)))))
            ranking = (state.cooperation or [])[owner] if state.cooperation else state.cooperation_ranking(owner)
            for place in ranking:
                row = QLabel()
                row.setWordWrap(True)
                row.setText(place.explanation())
                fl.addWidget(row)
            right.addWidget(frame)
        right.addStretch(1)
        self.again.clicked.connect(self.againRequested)
        self.save.clicked.connect(self.saveRequested)
        self.home.clicked.connect(self.homeRequested)

