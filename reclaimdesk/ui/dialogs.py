"""Dialogs and tables that the start of the app does not need (imported when used)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.ui.common import GAMES, rules_file


def message_box(parent: QWidget, kind: str, title: str, text: str) -> QMessageBox:
    icon = QMessageBox.Icon.Warning if kind == "warning" else QMessageBox.Icon.Information
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    return box


class ScoreTable(QTableWidget):
    """Personal-best rows: place, score, tier, map, seed, date."""

    HEADERS = ("#", "Score", "Tier", "Map", "Seed", "Played")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(self.HEADERS), parent)
        self.setHorizontalHeaderLabels(self.HEADERS)
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
            item = QTableWidgetItem("No solo game finished yet. Your best scores will be listed here.")
            item.setForeground(Qt.GlobalColor.darkGray)
            self.setItem(0, 0, item)
        else:
            self.clearSpans()
        for i, row in enumerate(rows):
            tier = f"{row.tier}" if row.tier else "-"
            values = (str(i + 1), str(row.score), tier, row.map.title(),
                      f"{row.seed}" + (" (day)" if row.daily else ""), row.played_at[:16])
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


# --- dialogs ------------------------------------------------------------------


class RulesDialog(QDialog):
    """A game's rules (``docs/rules/<game>.md``) rendered as Markdown."""

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        name = next((g.name for g in GAMES if g.id == game_id), game_id)
        self.setWindowTitle(f"Rules of {name}")
        self.resize(760, 640)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        path = rules_file(game_id)
        if path.exists():
            self.browser.setMarkdown(path.read_text(encoding="utf-8"))
        else:
            self.browser.setMarkdown(f"# {name}\n\nThe rules of {name} are not written up yet.")
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


class BestsDialog(QDialog):
    def __init__(self, rows: Sequence[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Personal bests")
        self.resize(620, 420)
        layout = QVBoxLayout(self)
        self.table = ScoreTable()
        self.table.set_rows(rows)
        layout.addWidget(self.table)
        layout.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
