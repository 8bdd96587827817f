"""Alluvium's page in the main window: the table while the game runs, then the
end screen. Keeps the autosave (a finished game is archived beside it), records
personal bests per number of players, and exports the print-and-play kit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.alluvium import GAME_ID
from reclaimdesk.ui.alluvium.controller import AlluviumController
from reclaimdesk.ui.alluvium.endscreen import EndScreen
from reclaimdesk.ui.alluvium.newgame import describe_players
from reclaimdesk.ui.alluvium.table import TableWidget
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.common import data_dir


class AlluviumPage(GamePage):
    game_id = GAME_ID
    controller_class = "reclaimdesk.ui.alluvium.controller:AlluviumController"
    again_choice = "new"

    def __init__(self, controller: AlluviumController, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        self.best_text = ""
        self.add_table(TableWidget(controller))

    def progress_text(self) -> str:
        state = self.controller.state
        return _("round {round} of {rounds}").format(round=max(state.round, 1), rounds=state.rounds)

    def title(self) -> str:
        return _("Alluvium - {who}").format(who=describe_players([s.to_dict() for s in self.controller.seats],
                                                            self.controller.state.palette))

    def can_hint(self) -> bool:
        return self._playing() and self.controller.viewer_acts()

    # --- the end --------------------------------------------------------------------------
    def end_status(self) -> str:
        return self.controller.result_text()

    def record_result(self) -> None:
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

    def make_end_screen(self) -> QWidget:
        return EndScreen(self.controller, self.best_text)

    def export_seat(self) -> int:
        """The Export dialog first chooses the sheet of the person looking at the table."""
        return self.controller.viewer
