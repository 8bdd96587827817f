"""The Reclamation's page in the main window: the table while the game runs, then
the end screen (the shared page does the rest)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.the_reclamation.controller import GAME_ID, ReclamationController
from reclaimdesk.ui.the_reclamation.endscreen import EndScreen
from reclaimdesk.ui.the_reclamation.table import TableWidget
from reclaimdesk.ui.the_reclamation.model import faction, rule_name
from reclaimdesk.ui.text import level_word


class ReclamationPage(GamePage):
    game_id = GAME_ID
    controller_class = "reclaimdesk.ui.the_reclamation.controller:ReclamationController"

    def __init__(self, controller: ReclamationController, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        self.add_table(TableWidget(controller))

    def progress_text(self) -> str:
        return _("turn {turn}").format(turn=self.controller.state.turn)

    def title(self) -> str:
        c = self.controller
        rules = rule_name(c.rules)
        if c.against_ai():
            human = c.human_seats()[0]
            level = level_word(c.seats[1 - human].level or "normal")
            return _("The Reclamation ({rules}) - you play {side} against the AI ({level})").format(
                rules=rules, side=faction(human), level=level)
        return _("The Reclamation ({rules}) - {first} and {second}").format(
            rules=rules, first=c.seats[0].name, second=c.seats[1].name)

    # --- the end ------------------------------------------------------------------------
    def make_end_screen(self) -> QWidget:
        return EndScreen(self.controller)

    def end_status(self) -> str:
        story = self.controller.story()
        return _("{headline}. {why}").format(headline=story.headline, why=story.why)
