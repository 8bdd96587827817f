"""Dialogs and tables that the start of the app does not need (imported when used)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QMessageBox,
    QScrollArea,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.common import rules_file
from reclaimdesk.ui.score_table import ScoreTable


def message_box(parent: QWidget, kind: str, title: str, text: str) -> QMessageBox:
    icon = QMessageBox.Icon.Warning if kind == "warning" else QMessageBox.Icon.Information
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    return box


# --- dialogs ------------------------------------------------------------------


class RulesBrowser(QTextBrowser):
    """A rules page: links inside the page scroll to their anchor, links to the
    web open in the browser, and nothing else is followed (the page never gives
    way to a blank one)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.anchorClicked.connect(self.follow)
        self.opened: list[str] = []
        """External addresses handed to the desktop (tests read it)."""

    def follow(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https", "mailto"):
            from PySide6.QtGui import QDesktopServices

            self.opened.append(url.toString())
            QDesktopServices.openUrl(url)
        elif url.hasFragment() and not url.path():
            self.scrollToAnchor(url.fragment())


class RulesDialog(QDialog):
    """A game's rules for players (``reclaimdesk/ui/<pkg>/rules/<lang>.html``, in
    the current language; see :func:`reclaimdesk.ui.common.rules_file`), under the
    credits of the game (its spec's designers, publisher, art, translation)."""

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from reclaimdesk.core.errors import RecordError
        from reclaimdesk.core.game import get_game

        try:
            spec = get_game(game_id)
            name, credit_lines = _(spec.name), spec.credits.lines()
        except RecordError:
            name, credit_lines = game_id, []
        self.setWindowTitle(_("Rules of {game}").format(game=name))
        self.resize(760, 640)
        layout = QVBoxLayout(self)
        self.credits = QLabel(" · ".join(credit_lines))
        self.credits.setObjectName("muted")
        self.credits.setWordWrap(True)
        self.credits.setVisible(bool(credit_lines))
        layout.addWidget(self.credits)
        self.browser = RulesBrowser()
        path = rules_file(game_id)
        if path.exists() and path.suffix == ".md":
            self.browser.setMarkdown(path.read_text(encoding="utf-8"))
        elif path.exists():
            self.browser.setHtml(path.read_text(encoding="utf-8"))

        else:
            self.browser.setHtml("<h1>{}</h1><p>{}</p>".format(
                escape(name), escape(_("The rules of {game} are not written up yet.").format(game=name))))
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


class BestsDialog(QDialog):
    """Every game's personal bests: ``sections`` are (game name, ``BestsTable``)."""

    def __init__(self, sections: Sequence[tuple[str, Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Personal bests"))
        self.resize(680, 520)
        layout = QVBoxLayout(self)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        self.tables: dict[str, ScoreTable] = {}
        for game, bests in sections:
            heading = QLabel(_("{game}: {title}").format(game=game, title=bests.title))
            heading.setObjectName("heading")
            column.addWidget(heading)
            table = ScoreTable()
            table.set_table(bests)
            column.addWidget(table)
            self.tables[game] = table
        if not sections:
            column.addWidget(QLabel(_("No game keeps personal bests yet.")))
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        layout.addWidget(scroll, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
