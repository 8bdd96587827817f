"""Reclamation Wars' page in the main window: the table while the game runs,
then the end screen (from which the last turn may be taken back). Keeps the
autosave; a finished game is archived beside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.core.record import GameRecord
from reclaimdesk.ui.autosave import Autosave
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.common import data_dir
from reclaimdesk.ui.reclamation_wars.controller import GAME_ID, WarsController
from reclaimdesk.ui.reclamation_wars.endscreen import EndScreen
from reclaimdesk.ui.reclamation_wars.newgame import describe_players
from reclaimdesk.ui.reclamation_wars.table import TableWidget


class WarsPage(GamePage):
    game_id = GAME_ID

    def __init__(self, controller: WarsController, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        self.table = TableWidget(controller)
        self.addWidget(self.table)
        self.end: EndScreen | None = None
        self._wire()

    # --- construction --------------------------------------------------------------
    @classmethod
    def new_game(cls, players: list[dict], seed: int, options: dict, *, settings: Any = None) -> "WarsPage":
        controller = WarsController.new_game(players, seed, options, autosave=Autosave(data_dir(), GAME_ID))
        return cls(controller, settings=settings)

    @classmethod
    def from_record(cls, record: GameRecord, *, settings: Any = None, source: Path | None = None) -> "WarsPage":
        finished = record.result is not None
        controller = WarsController(record, autosave=None if finished else Autosave(data_dir(), GAME_ID))
        return cls(controller, settings=settings, source=source)

    def _wire(self) -> None:
        c = self.controller
        self.table.status.connect(self.status)
        self.table.actionsChanged.connect(self.actionsChanged)
        self.table.resultsRequested.connect(self.show_end)
        c.finished.connect(self._finished)
        c.changed.connect(self._back_to_table_if_playing)

    def progress_text(self) -> str:
        c = self.controller
        return _("turn {number} of 20").format(number=min(c.state.turn_number(c.seat), 20))

    # --- the page interface ------------------------------------------------------------
    def title(self) -> str:
        c = self.controller
        return _("Reclamation Wars - {who}").format(who=describe_players([s.to_dict() for s in c.seats]))

    # take back works on the end screen too (the rules allow it: take_back_after_end);
    # it goes back to the table, where redo puts the ending back
    def can_undo(self) -> bool:
        return self.controller.can_undo()

    def undo(self) -> None:
        self.controller.undo()

    # --- the end ------------------------------------------------------------------------
    def _finished(self) -> None:
        self.archive_finished()
        self.status.emit(self.controller.result_text(), 0)
        self.show_end()
        self.actionsChanged.emit()

    def show_end(self) -> None:
        if not self.controller.over:
            return
        if self.end is not None:
            self.removeWidget(self.end)
            self.end.deleteLater()
        self.end = EndScreen(self.controller)
        self.end.againRequested.connect(lambda: self.newGameRequested.emit("table"))
        self.end.undoRequested.connect(self.controller.undo)
        self.end.saveRequested.connect(self._save_dialog)
        self.end.homeRequested.connect(self.homeRequested)
        self.addWidget(self.end)
        self.setCurrentWidget(self.end)
        self.actionsChanged.emit()

    def _back_to_table_if_playing(self, *_changes: object) -> None:
        if not self.controller.over and self.currentWidget() is not self.table:
            self.setCurrentWidget(self.table)
            self.table.view.setFocus()
            self.actionsChanged.emit()
