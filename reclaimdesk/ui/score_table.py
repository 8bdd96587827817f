"""The personal-best table, on the start page and in the scores dialog. Its own small
module: the start page fills it right after the window shows, and importing the
dialogs' module (with their Qt classes) would cost that moment several times more."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reclaimdesk.core.i18n import N_, _

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem, QWidget


class ScoreTable(QTableWidget):
    """Personal-best rows: place, score, tier, map, seed, date."""

    HEADERS = ("#", N_("Score"), N_("Tier"), N_("Map"), N_("Seed"), N_("Played"))

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(self.HEADERS), parent)
        self.setHorizontalHeaderLabels([_(h) for h in self.HEADERS])
        self.verticalHeader().hide()
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.setAlternatingRowColors(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.horizontalHeader().setStretchLastSection(True)
        self.setMinimumHeight(120)

    def set_rows(self, rows: Sequence[Any], highlight_id: int | None = None) -> None:
        self.setRowCount(max(1, len(rows)))
        if not rows:
            self.setSpan(0, 0, 1, len(self.HEADERS))
            item = QTableWidgetItem(_("No solo game finished yet. Your best scores will be listed here."))
            item.setForeground(Qt.GlobalColor.darkGray)
            self.setItem(0, 0, item)
        else:
            self.clearSpans()
        for i, row in enumerate(rows):
            tier = f"{row.tier}" if row.tier else "-"
            # the map's name is Reclaim's own word (its catalogue translates it)
            seed = _("{seed} (day)").format(seed=row.seed) if row.daily else str(row.seed)
            values = (str(i + 1), str(row.score), tier, _(row.map.title()), seed, row.played_at[:16])

            for col, value in enumerate(values):
                item = QTableWidgetItem(value)
                if col in (0, 1, 2):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if highlight_id is not None and row.id == highlight_id:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.setItem(i, col, item)
        self.resizeColumnsToContents()
        rows_shown = min(max(1, len(rows)), 10)
        self.setFixedHeight(self.horizontalHeader().height() + rows_shown * self.verticalHeader().defaultSectionSize() + 6)
