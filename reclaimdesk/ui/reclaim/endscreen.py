"""The end of a game: the final sheet with its scoring group and rectangle, the
breakdown, the tier reached (solo) or the ranking (table), a chart of the score
over the rounds, the personal bests, and buttons to save, export and play again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import _, ngettext
from reclaimdesk.games.reclaim.state import TIERS, tier_reached
from reclaimdesk.ui.board.endscreen import GameEndScreen, end_panel, heading
from reclaimdesk.ui.reclaim.chart import SEAT_COLOURS, ScoreChart
from reclaimdesk.ui.reclaim.controller import ReclaimController
from reclaimdesk.ui.reclaim.panels import TIER_COLOURS, TierBar
from reclaimdesk.ui.reclaim.scene import SheetScene
from reclaimdesk.ui.reclaim.view import BoardView
from reclaimdesk.ui.reclaim.words import tier_name
from reclaimdesk.ui.text import names_list


def tier_sentence(score: int) -> str:
    tier = tier_reached(score)
    nxt = next((t for t in TIERS if score < t), None)
    if tier is None:
        return ngettext("No tier yet: {count} more point reaches the first one ({tier}).",
                        "No tier yet: {count} more points reach the first one ({tier}).",
                        TIERS[0] - score).format(count=TIERS[0] - score, tier=TIERS[0])
    if nxt is not None:
        return _("{name} tier: {tier} reached. {count} more for {next}.").format(
            name=tier_name(tier), tier=tier, count=nxt - score, next=nxt)
    return _("{name} tier: {tier} reached. The top tier!").format(name=tier_name(tier), tier=tier)


class EndScreen(GameEndScreen):
    saveRequested = Signal()
    exportRequested = Signal(int)
    againRequested = Signal(str)
    homeRequested = Signal()

    def __init__(self, controller: ReclaimController, *, export_enabled: bool, bests: Sequence[Any] = (),
                 highlight_id: int | None = None, daily: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        state = controller.state

        # the sheet
        left = QVBoxLayout()
        self.seat_box = QComboBox()
        for s, seat in enumerate(controller.seats):
            self.seat_box.addItem(_("Sheet of {name}").format(name=seat.name), s)
        self.seat_box.setVisible(not controller.solo)
        left.addWidget(self.seat_box)
        self.scene = SheetScene(table=False)
        self.view = BoardView(self.scene, interactive=False)
        left.addWidget(self.view, 1)
        self.outer.addLayout(left, 5)

        # the results
        right = self.add_results_column(4)

        seat = controller.display_seat()
        scores = [int(s) for s in state.scores()]
        head, hl = end_panel()
        if controller.solo:
            title = QLabel(_("Final score: {score}").format(score=scores[0]))
            title.setObjectName("title")
            hl.addWidget(title)
            sub = QLabel(_("Deck of the day. {tier}").format(tier=tier_sentence(scores[0])) if daily
                         else tier_sentence(scores[0]))
            sub.setObjectName("subtitle")
            sub.setWordWrap(True)
            hl.addWidget(sub)
            bar = TierBar()
            bar.set_value(scores[0], final=True)
            hl.addWidget(bar)
            badges = QHBoxLayout()
            for tier in TIERS:
                badge = QLabel(f"{tier}")
                badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
                reached = scores[0] >= tier
                colour = TIER_COLOURS[tier].name() if reached else "#c9c3b6"
                badge.setStyleSheet(f"QLabel {{ border: 2px solid {colour}; border-radius: 16px; color: "
                                    f"{colour if reached else '#9a958b'}; font-weight: 600; padding: 4px 12px; }}")
                badge.setToolTip((_("{name} tier reached") if reached else _("{name} tier")).format(
                    name=tier_name(tier)))
                badges.addWidget(badge)
            badges.addStretch(1)
            hl.addLayout(badges)
        else:
            winners = state.winners()
            names = names_list(controller.seat_name(w) for w in winners)
            title = QLabel(ngettext("{names} wins!", "{names} win!", len(winners)).format(names=names))
            title.setTextFormat(Qt.TextFormat.PlainText)  # players' names, from the record
            title.setObjectName("title")
            title.setWordWrap(True)
            hl.addWidget(title)
            ranking = QGridLayout()
            order = sorted(range(len(scores)), key=lambda s: (-scores[s], state.sheets[s].crossed))
            for row, s in enumerate(order):
                dot = QLabel("\u25cf")
                dot.setStyleSheet(f"color: {SEAT_COLOURS[s % len(SEAT_COLOURS)]};")
                ranking.addWidget(dot, row, 0)
                name = QLabel(controller.seat_name(s))
                name.setTextFormat(Qt.TextFormat.PlainText)
                ranking.addWidget(name, row, 1)
                value = QLabel(str(scores[s]))
                value.setAlignment(Qt.AlignmentFlag.AlignRight)
                ranking.addWidget(value, row, 2)
                crossed = QLabel(_("{count} crossed out").format(count=state.sheets[s].crossed))
                crossed.setObjectName("muted")
                ranking.addWidget(crossed, row, 3)
            ranking.setColumnStretch(1, 1)
            hl.addLayout(ranking)
        right.addWidget(head)
        self.head_layout = hl

        self.breakdown_panel, bl = end_panel()
        bl.addWidget(heading(_("Score breakdown")))
        self.breakdown = QLabel()
        self.breakdown.setTextFormat(Qt.TextFormat.RichText)
        self.breakdown.setWordWrap(True)
        bl.addWidget(self.breakdown)
        right.addWidget(self.breakdown_panel)

        chart_panel, cl = end_panel()
        cl.addWidget(heading(_("Score over the rounds")))
        note = QLabel(_("What the sheet would have scored had the game ended after each round."))
        note.setObjectName("small")
        note.setWordWrap(True)
        cl.addWidget(note)
        self.chart = ScoreChart()
        self.chart.set_series(controller.score_history(), [s.name for s in controller.seats])
        cl.addWidget(self.chart)
        right.addWidget(chart_panel)

        self.bests_table = None
        if controller.solo:
            from reclaimdesk.ui.reclaim.bests import bests_table
            from reclaimdesk.ui.score_table import ScoreTable

            bests_panel, bpl = end_panel()
            bpl.addWidget(heading(_("Personal bests")))
            self.bests_table = ScoreTable()
            self.bests_table.set_table(bests_table(list(bests), highlight_id))
            bpl.addWidget(self.bests_table)
            right.addWidget(bests_panel)

        buttons = QGridLayout()
        buttons.setContentsMargins(0, 6, 0, 0)
        self.save_button = QPushButton(_("Save record..."))
        self.save_button.setToolTip(_("Keep this game as a record file (it can be replayed and printed)"))
        self.export_button = QPushButton(_("Export filled sheet..."))
        self.export_button.setEnabled(export_enabled)
        self.export_button.setToolTip(_("Print this sheet as a PDF") if export_enabled
                                      else _("Printing comes with the print-and-play kit, not installed"))
        self.again_button = QPushButton(_("Play again"))
        self.again_button.setObjectName("primary")
        self.daily_button = QPushButton(_("Deck of the day"))
        self.home_button = QPushButton(_("Start page"))
        # two columns, so that the column fits beside the sheet at 1024 x 768 in
        # every language
        buttons.addWidget(self.again_button, 0, 0)
        buttons.addWidget(self.daily_button if controller.solo else self.home_button, 0, 1)
        buttons.addWidget(self.save_button, 1, 0)
        if controller.solo:
            buttons.addWidget(self.home_button, 1, 1)
            buttons.addWidget(self.export_button, 2, 0, 1, 2)
        else:
            buttons.addWidget(self.export_button, 1, 1)

        hl.addLayout(buttons)
        right.addStretch(1)

        self.save_button.clicked.connect(self.saveRequested)
        self.export_button.clicked.connect(lambda: self.exportRequested.emit(self.shown_seat()))
        self.again_button.clicked.connect(lambda: self.againRequested.emit("solo" if controller.solo else "table"))
        self.daily_button.clicked.connect(lambda: self.againRequested.emit("daily"))
        self.home_button.clicked.connect(self.homeRequested)
        self.seat_box.currentIndexChanged.connect(lambda _index: self.show_seat(self.shown_seat()))

        index = self.seat_box.findData(seat)
        self.seat_box.setCurrentIndex(max(0, index))
        self.show_seat(seat)

    def shown_seat(self) -> int:
        data = self.seat_box.currentData()
        return int(data) if data is not None else 0

    def show_seat(self, seat: int) -> None:
        from reclaimdesk.ui.reclaim.panels import breakdown_html

        c = self.controller
        self.scene.show_sheet(c.view_of(seat, table=False))
        castles, group = c.castle_group(seat)
        rect = c.rectangle(seat)
        self.scene.set_group(group)
        self.scene.set_rectangle(rect)
        self.breakdown.setText(breakdown_html(c.state.breakdown(seat), castles, rect, final=True))
