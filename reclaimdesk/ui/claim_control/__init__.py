"""Claim Control's table in the desktop app.

- :mod:`.geometry`: where things sit on the table, and what lies under a point.
- :mod:`.model`: the plain data the items paint.
- :mod:`.items`, :mod:`.scene`, :mod:`.view`: painting, and turning the mouse into ids.
- :mod:`.controller`: ids to placements, AI seats, take back, autosave.
- :mod:`.table`, :mod:`.endscreen`, :mod:`.newgame`, :mod:`.page`: the widgets.

Only the table registration below is imported at start (no Qt, no rules).
"""

from __future__ import annotations

from typing import Any

from reclaimdesk.core.i18n import N_, _, date_text
from reclaimdesk.ui.plugin import Level, PagedTable, register_table

GAME_ID = "claim-control"


class ClaimControlTable(PagedTable):
    game_id = GAME_ID
    dialog_class = "reclaimdesk.ui.claim_control.newgame:NewGameDialog"
    page_class = "reclaimdesk.ui.claim_control.page:ClaimControlPage"
    levels = (
        Level("easy", N_("Easy"), N_("looks one placement ahead")),
        Level("normal", N_("Normal"), N_("looks two ahead")),
        Level("hard", N_("Hard"), N_("looks up to four ahead and weighs every lead")),
    )

    def resume_text(self, found: Any) -> str:
        """The start page's line about an unfinished autosaved game
        (``found`` is :class:`reclaimdesk.ui.autosave.Unfinished`)."""
        from html import escape

        from reclaimdesk.ui.claim_control.newgame import describe_players

        rec = found.record
        when = date_text(found.saved_at, with_time=True)
        return _("<b>An unfinished game of Claim Control</b> ({players}, {count} of 60 pieces placed) was saved "
                 "on {when}. Resume it where it stopped?").format(
            players=escape(describe_players(rec.players)), count=len(rec.actions), when=when)


TABLE = register_table(ClaimControlTable())
