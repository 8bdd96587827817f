"""Reclamation Wars' table in the desktop app: three players on a hex board.

- :mod:`.geometry`: where the hexes sit, and which hex lies under a point.
- :mod:`.model`: plain data the items paint, built from the engine's state, and
  the words for what a turn did.
- :mod:`.items`, :mod:`.scene`, :mod:`.view`: painting and turning the mouse into hexes.
- :mod:`.controller`: hexes to engine actions, AI seats, take back, autosave.
- :mod:`.panel`, :mod:`.table`, :mod:`.chart`, :mod:`.endscreen`, :mod:`.page`, :mod:`.newgame`.

Only the table registration below is imported at start (no Qt, no rules).
"""

from __future__ import annotations

from typing import Any

from reclaimdesk.core.i18n import N_, _, date_text
from reclaimdesk.ui.plugin import NEW_GAME, CardAction, Level, PagedTable, register_table

GAME_ID = "reclamation-wars"


class ReclamationWarsTable(PagedTable):
    game_id = GAME_ID
    dialog_class = "reclaimdesk.ui.reclamation_wars.newgame:NewGameDialog"
    page_class = "reclaimdesk.ui.reclamation_wars.page:WarsPage"
    card_actions = (
        NEW_GAME,
        CardAction("companion", N_("At the table"),
                   N_("Play on paper: the app shows the special hexes and keeps the turns, powers and Lockdown")),
    )
    companion_screen = "reclaimdesk.ui.reclamation_wars.companion:Screen"

    def choice_for_action(self, key: str, value: Any) -> dict | None:
        return {"companion": True} if key == "companion" else None

    levels = (
        Level("random", N_("Random"), N_("plays any legal move: for a first look at the rules")),
        Level("easy", N_("Easy"), N_("plans its own turn for the most hexes, with a little noise")),
        Level("normal", N_("Normal"), N_("also weighs powers, demolishers and room to grow")),
        Level("hard", N_("Hard"), N_("plays out its best turns five rounds ahead, under a second a move")),
    )

    def resume_text(self, found: Any) -> str:
        """The start page's line about an unfinished autosaved game
        (``found`` is :class:`reclaimdesk.ui.autosave.Unfinished`)."""
        from reclaimdesk.ui.reclamation_wars.newgame import describe_players

        rec = found.record
        state = rec.replay()
        seat = state.current_player if state.current_player >= 0 else 0
        when = date_text(found.saved_at, with_time=True)
        return _("<b>An unfinished game of Reclamation Wars</b> ({who}, turn {number} of 20) was saved on {when}. "
                 "Resume it where it stopped?").format(who=describe_players(rec.players),
                                                       number=min(state.turn_number(seat), 20), when=when)


TABLE = register_table(ReclamationWarsTable())
