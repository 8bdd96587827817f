"""Alluvium's table in the desktop app: 3-5 players, sheets passed round the table.

- :mod:`.model`: colours, symbols and the plain data the items paint.
- :mod:`.items`, :mod:`.scene`, :mod:`.view`: painting one sheet and turning the
  mouse and keys into squares, turns and flips.
- :mod:`.controller`: the ghost, actions A and B, hand-overs between people at
  one computer, each seat's log (the game, its AI seats, take back and autosave
  are the shared match and its adaptor in ``ui/board``).
- :mod:`.panel`, :mod:`.table`, :mod:`.endscreen`, :mod:`.page`, :mod:`.newgame`,
  :mod:`.bests`.

Only the table registration below is imported at start (no Qt, no rules).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reclaimdesk.core.i18n import N_, date_text
from reclaimdesk.ui.plugin import NEW_GAME, CardAction, Level, PagedTable, register_table

GAME_ID = "alluvium"


class AlluviumTable(PagedTable):
    game_id = GAME_ID
    dialog_class = "reclaimdesk.ui.alluvium.newgame:NewGameDialog"
    page_class = "reclaimdesk.ui.alluvium.page:AlluviumPage"
    card_actions = (
        NEW_GAME,
        CardAction("companion", N_("At the table"),
                   N_("Play on paper: the app keeps the direction card, the virtual colour and the scores")),
    )
    companion_screen = "reclaimdesk.ui.alluvium.companion:Screen"

    def choice_for_action(self, key: str, value: Any) -> dict | None:
        return {"companion": True} if key == "companion" else None
    levels = (
        Level("random", N_("Random"), N_("draws anywhere legal: for a first look at the rules")),
        Level("easy", N_("Easy"), N_("draws where its own score grows most right now")),
        Level("normal", N_("Normal"), N_("also weighs checks, cooperation and room left")),
        Level("hard", N_("Hard"), N_("searches the round ahead on the sheets it may see")),
    )

    def resume_text(self, found: Any) -> str:
        from reclaimdesk.core.i18n import _
        from reclaimdesk.ui.alluvium.newgame import describe_players

        rec = found.record
        state = rec.replay()
        when = date_text(found.saved_at, with_time=True)
        return _("<b>An unfinished game of Alluvium</b> ({who}, round {round} of {rounds}) was saved on "
                 "{when}. Resume it where it stopped?").format(
            who=describe_players(rec.players, state.palette), round=max(state.round, 1), rounds=state.rounds, when=when)

    def personal_bests(self, folder: Path, limit: int) -> Any:
        """The best scores of people, per number of players (none: no section)."""
        from reclaimdesk.ui.alluvium.bests import bests_table

        return bests_table(folder, limit)

    def migrate_to_library(self, folder: Path, library: Any) -> None:
        """``bests-alluvium.json`` (earlier versions' bests), kept renamed afterwards."""
        from reclaimdesk.ui.alluvium.bests import migrate

        migrate(folder, library)


TABLE = register_table(AlluviumTable())
