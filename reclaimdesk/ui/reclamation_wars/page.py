"""Reclamation Wars' page in the main window: the table while the game runs,
then the end screen (from which the last turn may be taken back); the shared
page does the rest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.reclamation_wars.controller import GAME_ID, WarsController
from reclaimdesk.ui.reclamation_wars.endscreen import EndScreen
from reclaimdesk.ui.reclamation_wars.newgame import describe_players
from reclaimdesk.ui.reclamation_wars.table import TableWidget


class WarsPage(GamePage):
    game_id = GAME_ID
    controller_class = "reclaimdesk.ui.reclamation_wars.controller:WarsController"

    def __init__(self, controller: WarsController, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        self.add_table(TableWidget(controller))

    def progress_text(self) -> str:
        c = self.controller
        return _("turn {number} of 20").format(number=min(c.state.turn_number(c.seat), 20))

    def title(self) -> str:
        c = self.controller
        return _("Reclamation Wars - {who}").format(who=describe_players([s.to_dict() for s in c.seats]))

    # --- the end ------------------------------------------------------------------------
    def make_end_screen(self) -> QWidget:
        return EndScreen(self.controller)

    def end_status(self) -> str:
        return self.controller.result_text()
