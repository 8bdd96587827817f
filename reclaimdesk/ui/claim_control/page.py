"""Claim Control's page in the main window: the table while the game runs, then
the end screen. Keeps the autosave (and files the finished game), remembers the
influence overlay switch, and prints the kit through the export package."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.claim_control.controller import GAME_ID, ClaimController
from reclaimdesk.ui.claim_control.endscreen import ClaimEndScreen
from reclaimdesk.ui.claim_control.newgame import describe_players
from reclaimdesk.ui.claim_control.table import ClaimTable
from reclaimdesk.ui.common import export_available, setting_bool

KIT_MODULE = "reclaimdesk.export.claim_control_kit"
OVERLAY_KEY = "claim-control/overlay"


class ClaimControlPage(GamePage):
    game_id = GAME_ID
    controller_class = "reclaimdesk.ui.claim_control.controller:ClaimController"

    def __init__(self, controller: ClaimController, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        # influence is shown unless the player turned it off (issue 15: hidden, it went unnoticed)
        overlay = setting_bool(settings, OVERLAY_KEY, True) if settings is not None else True
        self.add_table(ClaimTable(controller, overlay=overlay))
        self.table.overlayChanged.connect(self._remember_overlay)

    def announce_start(self) -> None:
        c = self.controller
        if self.source is not None:
            super().announce_start()
        elif c.state.history:
            self.status.emit(_("Resumed: {progress}. {instruction}").format(
                progress=c.progress(), instruction=c.instruction()), 6000)
        else:
            self.status.emit(c.instruction(), 0)

    def progress_text(self) -> str:
        return self.controller.progress()

    # --- the page interface ------------------------------------------------------------------------
    def title(self) -> str:
        c = self.controller
        if c.against_ai:
            return _("Claim Control - {players}").format(players=describe_players([s.to_dict() for s in c.seats]))
        return _("Claim Control - two players")

    def can_hint(self) -> bool:
        return super().can_hint() and not self.controller.busy

    def _remember_overlay(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.setValue(OVERLAY_KEY, on)

    # --- the end ---------------------------------------------------------------------------------------
    def make_end_screen(self) -> QWidget:
        end = ClaimEndScreen(self.controller)
        end.print_button.setEnabled(export_available(KIT_MODULE))
        return end

    def end_status(self) -> str:
        a, b = self.controller.model().totals
        return _("{result} (Circles {circles}, Crosses {crosses}).").format(
            result=self.end.title.text(), circles=a, crosses=b)
