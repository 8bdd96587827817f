"""Alluvium's page in the main window: the table while the game runs, then the
end screen. Keeps the autosave (a finished game is archived beside it), records
personal bests per number of players, and exports the print-and-play kit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.core.record import GameRecord
from reclaimdesk.ui.alluvium import GAME_ID
from reclaimdesk.ui.alluvium.controller import AlluviumController
from reclaimdesk.ui.alluvium.endscreen import EndScreen
from reclaimdesk.ui.alluvium.newgame import describe_players
from reclaimdesk.ui.alluvium.table import TableWidget
from reclaimdesk.ui.autosave import Autosave
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.common import data_dir


class AlluviumPage(GamePage):
    game_id = GAME_ID

    def __init__(self, controller: AlluviumController, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        self.table = TableWidget(controller)
        self.addWidget(self.table)
        self.end: EndScreen | None = None
        self.best_text = ""
        self._wire()

    @classmethod
    def new_game(cls, players: list[dict], seed: int, options: dict, *, settings: Any = None) -> "AlluviumPage":
        controller = AlluviumController.new_game(players, seed, options, autosave=Autosave(data_dir(), GAME_ID))
        return cls(controller, settings=settings)

    @classmethod
    def from_record(cls, record: GameRecord, *, settings: Any = None, source: Path | None = None
                    ) -> "AlluviumPage":
        finished = record.result is not None
        controller = AlluviumController(record, autosave=None if finished else Autosave(data_dir(), GAME_ID))
        return cls(controller, settings=settings, source=source)

    def _wire(self) -> None:
        c = self.controller
        self.table.status.connect(self.status)
        self.table.actionsChanged.connect(self.actionsChanged)
        self.table.resultsRequested.connect(self.show_end)
        c.finished.connect(self._finished)

    def progress_text(self) -> str:
        state = self.controller.state
        return _("round {round} of {rounds}").format(round=max(state.round, 1), rounds=state.rounds)

    def title(self) -> str:
        return _("Alluvium - {who}").format(who=describe_players([s.to_dict() for s in self.controller.seats]))

    def can_hint(self) -> bool:
        return self._playing() and self.controller.viewer_acts()

    # --- the end --------------------------------------------------------------------------
    def _finished(self) -> None:
        self.archive_finished()
        self._record_bests()
        self.status.emit(self.controller.result_text(), 0)
        self.show_end()
        self.actionsChanged.emit()

    def _record_bests(self) -> None:
        """The end screen's word on each person's score against the bests kept in
        the library (this game is in it already, filed by :meth:`archive_finished`)."""
        from reclaimdesk.ui.alluvium.bests import best_rows
        from reclaimdesk.ui.played import open_library

        c = self.controller
        state = c.state
        lines = []
        try:
            top = best_rows(open_library(data_dir()), state.num_players)
            for seat in c.human_seats():
                score = int(state.scores()[seat])
                first = top[0] if top else None
                if first is not None and first["entry"] == self.library_id and first["seat"] == seat:
                    lines.append(_("{player}: {points} is a new personal best with {count} players!").format(
                        player=c.seats[seat].name, points=score, count=state.num_players))
                elif first is not None:
                    lines.append(_("{player}: {points}; the best with {count} players is {best}.").format(
                        player=c.seats[seat].name, points=score, count=state.num_players, best=first["score"]))
        except Exception as exc:  # noqa: BLE001 - the database: said, the game is not lost
            lines.append(_("Could not keep the best scores: {error}").format(error=getattr(exc, "strerror", None) or exc))
        self.best_text = "\n".join(lines)

    def show_end(self) -> None:
        if not self.controller.over:
            return
        if self.end is not None:
            self.removeWidget(self.end)
            self.end.deleteLater()
        self.end = EndScreen(self.controller, self.best_text)
        self.end.againRequested.connect(lambda: self.newGameRequested.emit("new"))
        self.end.saveRequested.connect(self._save_dialog)
        self.end.homeRequested.connect(self.homeRequested)
        self.addWidget(self.end)
        self.setCurrentWidget(self.end)
        self.actionsChanged.emit()

    def export_seat(self) -> int:
        """The Export dialog first chooses the sheet of the person looking at the table."""
        return self.controller.viewer
