"""Reclaim's page in the main window: the table while the game runs, then the end
screen. Records the personal best of a finished solo game, keeps the autosave,
and opens the Export PDF dialog (the filled sheet chosen) when the print kit is
installed."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.core.record import GameRecord
from reclaimdesk.ui.board.page import GamePage
from reclaimdesk.ui.common import data_dir, export_available
from reclaimdesk.ui.reclaim.controller import ReclaimController
from reclaimdesk.ui.reclaim.endscreen import EndScreen
from reclaimdesk.ui.reclaim.newgame import daily_seed
from reclaimdesk.ui.reclaim.table import TableWidget


def _is_daily_seed(seed: int, created: str) -> bool:
    days = {date.today(), date.today() - timedelta(days=1)}
    try:
        days.add(datetime.fromisoformat(created).date())
    except ValueError:
        pass
    return any(seed == daily_seed(d) for d in days)


class ReclaimPage(GamePage):
    game_id = "reclaim"
    controller_class = "reclaimdesk.ui.reclaim.controller:ReclaimController"
    end_at_once = False  # the table shows the final scoring, then asks for the end (scoringDone)

    def __init__(self, controller: ReclaimController, *, settings: Any = None,
                 options_ui: dict | None = None, daily: bool = False, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings=settings, source=source, parent=parent)
        options_ui = options_ui or {}
        self.daily = daily
        self.score_row: int | None = None
        self.export_dialog: Any = None
        self.add_table(TableWidget(controller, animations=bool(options_ui.get("animations", True))))
        self.table.scoringDone.connect(self._scoring_done)
        self._build_commands()

    # --- construction --------------------------------------------------------------
    @classmethod
    def controller_options(cls, page_options: dict) -> dict:
        options_ui = page_options.get("options_ui") or {}
        return {"auto_pay": str(options_ui.get("auto_pay", "offer")),
                "pace": str(options_ui.get("ai_pace", "at-once"))}

    @classmethod
    def page_options_for(cls, record: GameRecord, page_options: dict) -> dict:
        daily = len(record.players) == 1 and _is_daily_seed(record.seed, record.created)
        return {**page_options, "daily": daily}

    def progress_text(self) -> str:
        return _("round {round}").format(round=self.controller.state.round)

    # --- the page interface ------------------------------------------------------------
    def title(self) -> str:
        n = len(self.controller.seats)
        if n == 1:
            return _("Reclaim - deck of the day") if self.daily else _("Reclaim - solo score attack")
        return _("Reclaim - table of {count}").format(count=n)

    def set_options(self, opts: dict) -> None:
        self.controller.auto_pay = str(opts.get("auto_pay", "offer"))
        self.controller.set_pace(str(opts.get("ai_pace", "at-once")))
        self.table.set_animations(bool(opts.get("animations", True)))
        self.table.redraw()

    def _build_commands(self) -> None:
        """The turn commands this page adds to the Game menu (T, S, P, E)."""
        self.turn_actions: dict[str, QAction] = {}
        for what, text, key, tip in (
            ("triangles", _("Special action: &triangles"), "T", _("Cross out the next number and take its triangles")),
            ("shape", _("Special action: &shape"), "S", _("Cross out the next number and take its shape")),
            ("pass", _("Accept the &penalty"), "P",
             _("Cross out the next number when the cost or the shape cannot be managed")),
            ("end", _("&End turn"), "E", _("Finish this round")),
        ):
            action = QAction(text, self)
            action.setShortcuts([QKeySequence(key)])
            action.setStatusTip(tip)
            action.setToolTip(tip)
            action.triggered.connect(lambda _checked=False, w=what: self.turn_action(w))
            self.turn_actions[what] = action
        # (Game > Take the hint is the shared page's: board.page.GamePage.take_hint_action)
        self.actionsChanged.connect(self._update_commands)
        self.controller.hintChanged.connect(self._update_commands)
        self._update_commands()

    def menu_actions(self) -> list[QAction]:
        return [*self.turn_actions.values(), self.take_hint_action]

    def _update_commands(self) -> None:
        on = self.can_hint()
        for action in self.turn_actions.values():
            action.setEnabled(on)

    def turn_action(self, what: str) -> None:
        """The Game menu's turn commands (T, S, P, E)."""
        if not self._playing():
            return
        c = self.controller
        if what in ("triangles", "shape"):
            c.special(what)
        elif what == "pass":
            c.pass_turn()
        elif what == "end":
            if c.can_end():
                c.end_turn()
            else:
                self.status.emit(_("Nothing to end yet: pay and draw first."), 3000)

    # --- the end ------------------------------------------------------------------------
    def record_result(self) -> None:
        c = self.controller
        if c.solo:  # filed in the library of played games by archive_finished
            self.score_row = self.library_id

    def library_extra(self) -> dict:
        return {"daily": True} if self.daily and self.controller.solo else {}

    def _scoring_done(self, half: int) -> None:
        if half == 2:
            self.show_end()

    def make_end_screen(self) -> QWidget:
        c = self.controller
        bests = []
        if c.solo:
            try:
                from reclaimdesk.ui.played import open_library
                from reclaimdesk.ui.reclaim.bests import solo_bests

                bests = solo_bests(open_library(data_dir()), 10)
            except Exception:  # noqa: BLE001 - the end screen shows without them
                bests = []
        return EndScreen(c, export_enabled=export_available("reclaimdesk.export.reclaim_kit"), bests=bests,
                         highlight_id=self.score_row, daily=self.daily)

    # --- files ---------------------------------------------------------------------------
    def export_pdf(self, seat: int | None = None) -> None:
        """The Export dialog (the page's shared one), with ``seat``'s sheet chosen
        (default: the seat on screen)."""
        self._export_seat = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
        super().export_pdf()

    def export_seat(self) -> int:
        seat = getattr(self, "_export_seat", None)
        return self.controller.display_seat() if seat is None else seat
