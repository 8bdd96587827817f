"""The Reclamation's page in the main window: the table while the game runs, then
the end screen. Keeps the autosave (a finished game is archived beside it) and
exports the print-and-play kit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.core.record import GameRecord
from reclaimdesk.ui.autosave import Autosave
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.common import data_dir
from reclaimdesk.ui.the_reclamation.controller import GAME_ID, ReclamationController
from reclaimdesk.ui.the_reclamation.endscreen import EndScreen
from reclaimdesk.ui.the_reclamation.model import faction, rule_name
from reclaimdesk.ui.text import level_word
from reclaimdesk.ui.the_reclamation.table import TableWidget


class ReclamationPage(GamePage):
    game_id = GAME_ID

    def __init__(self, controller: ReclamationController, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        self.table = TableWidget(controller)
        self.addWidget(self.table)
        self.end: EndScreen | None = None
        self._wire()

    # --- construction --------------------------------------------------------------
    @classmethod
    def new_game(cls, players: list[dict], seed: int, options: dict, *, settings: Any = None) -> "ReclamationPage":
        controller = ReclamationController.new_game(players, seed, options,
                                                    autosave=Autosave(data_dir(), GAME_ID))
        return cls(controller, settings=settings)

    @classmethod
    def from_record(cls, record: GameRecord, *, settings: Any = None,
                    source: Path | None = None) -> "ReclamationPage":
        finished = record.result is not None
        controller = ReclamationController(record, autosave=None if finished else Autosave(data_dir(), GAME_ID))
        return cls(controller, settings=settings, source=source)

    def _wire(self) -> None:
        c = self.controller
        self.table.status.connect(self.status)
        self.table.actionsChanged.connect(self.actionsChanged)
        self.table.resultsRequested.connect(self.show_end)
        c.finished.connect(self._finished)
        c.changed.connect(self._back_to_table_if_playing)

    def progress_text(self) -> str:
        return _("turn {turn}").format(turn=self.controller.state.turn)

    # --- the page interface ------------------------------------------------------------
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

    # undo works on the end screen too (it takes the last turn back, and the table shows again)
    def can_undo(self) -> bool:
        return self.controller.can_undo()

    def undo(self) -> None:
        self.controller.undo()

    # --- the end ------------------------------------------------------------------------
    def _finished(self) -> None:
        c = self.controller
        self.archive_finished()
        story = c.story()
        self.status.emit(_("{headline}. {why}").format(headline=story.headline, why=story.why), 0)
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

    def _back_to_table_if_playing(self) -> None:
        if not self.controller.over and self.currentWidget() is not self.table:
            self.setCurrentWidget(self.table)
            self.table.view.setFocus()
            self.actionsChanged.emit()
