"""Dialogs and tables that the start of the app does not need (imported when used)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.ui.common import GAMES, rules_file
from reclaimdesk.ui.score_table import ScoreTable


def message_box(parent: QWidget, kind: str, title: str, text: str) -> QMessageBox:
    icon = QMessageBox.Icon.Warning if kind == "warning" else QMessageBox.Icon.Information
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    return box


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
