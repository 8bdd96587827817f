"""Claim Control's page in the main window: the table while the game runs, then
the end screen. Keeps the autosave (and files the finished game), remembers the
influence overlay switch, and prints the kit through the export package."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.core.record import GameRecord
from reclaimdesk.ui.autosave import Autosave
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.claim_control.controller import GAME_ID, ClaimController
from reclaimdesk.ui.claim_control.endscreen import ClaimEndScreen
from reclaimdesk.ui.claim_control.newgame import describe_players
from reclaimdesk.ui.claim_control.table import ClaimTable
from reclaimdesk.ui.common import data_dir, export_available, setting_bool

KIT_MODULE = "reclaimdesk.export.claim_control_kit"
OVERLAY_KEY = "claim-control/overlay"


class ClaimControlPage(GamePage):
    game_id = GAME_ID

    def __init__(self, controller: ClaimController, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        # influence is shown unless the player turned it off (issue 15: hidden, it went unnoticed)
        overlay = setting_bool(settings, OVERLAY_KEY, True) if settings is not None else True
        self.table = ClaimTable(controller, overlay=overlay)
        self.addWidget(self.table)
        self.end: ClaimEndScreen | None = None
        self._wire()

    # --- construction ------------------------------------------------------------------------
    @classmethod
    def new_game(cls, players: list[dict], seed: int, options: dict | None = None, *,
                 settings: Any = None) -> "ClaimControlPage":
        controller = ClaimController.new_game(players, int(seed), autosave=Autosave(data_dir(), GAME_ID))
        return cls(controller, settings=settings)

    @classmethod
    def from_record(cls, record: GameRecord, *, settings: Any = None, source: Path | None = None,
                    **_options: Any) -> "ClaimControlPage":
        finished = record.result is not None
        controller = ClaimController(record, autosave=None if finished else Autosave(data_dir(), GAME_ID))
        return cls(controller, settings=settings, source=source)

    def _wire(self) -> None:
        self.table.status.connect(self.status)
        self.table.actionsChanged.connect(self.actionsChanged)
        self.table.overlayChanged.connect(self._remember_overlay)
        self.controller.finished.connect(self._finished)

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
    def _finished(self) -> None:
        self.archive_finished()
        self.show_end()

    def show_end(self) -> None:
        if self.end is None:
            self.end = ClaimEndScreen(self.controller)
            self.end.againRequested.connect(lambda: self.newGameRequested.emit("table"))
            self.end.homeRequested.connect(self.homeRequested)
            self.end.saveRequested.connect(self._save_dialog)
            self.end.printRequested.connect(self.export_pdf)
            self.end.print_button.setEnabled(export_available(KIT_MODULE))
            self.addWidget(self.end)
        self.setCurrentWidget(self.end)
        a, b = self.controller.model().totals
        self.status.emit(_("{result} (Circles {circles}, Crosses {crosses}).").format(
            result=self.end.title.text(), circles=a, crosses=b), 0)
        self.actionsChanged.emit()
