"""The Reclamation's table in the desktop app (Garden and Throne rules).

- :mod:`.geometry`: where things sit, and seeing the board from either side.
- :mod:`.model`: plain data the items paint, and the words (previews, the end).
- :mod:`.items`, :mod:`.scene`, :mod:`.view`: painting and turning clicks into ids.
- :mod:`.controller`: clicks to engine actions, AI seats, take back, autosave.
- :mod:`.panel`, :mod:`.table`, :mod:`.endscreen`, :mod:`.page`, :mod:`.newgame`.

Only the table registration below is imported at start (no Qt, no rules).
"""

from __future__ import annotations

from typing import Any

from reclaimdesk.core.i18n import N_, _, date_text
from reclaimdesk.ui.plugin import Level, PagedTable, register_table

GAME_ID = "the-reclamation"


class TheReclamationTable(PagedTable):
    game_id = GAME_ID
    dialog_class = "reclaimdesk.ui.the_reclamation.newgame:NewGameDialog"
    page_class = "reclaimdesk.ui.the_reclamation.page:ReclamationPage"
    levels = (
        Level("easy", N_("Easy"), N_("looks at its own turn only, with a careless streak")),
        Level("normal", N_("Normal"), N_("looks at your answer too")),
        Level("hard", N_("Hard"), N_("searches many turns ahead, about half a second a move")),
    )

    def resume_text(self, found: Any) -> str:
        """The start page's line about an unfinished autosaved game
        (``found`` is :class:`reclaimdesk.ui.autosave.Unfinished`)."""
        rec = found.record
        state = rec.replay()
        kinds = [p.get("kind") for p in rec.players]
        when = date_text(found.saved_at, with_time=True)
        if rec.options.get("rules") == "throne":
            text = (_("<b>An unfinished game of The Reclamation</b> (Throne rules, against the AI, turn {turn}) was "
                      "saved on {when}. Resume it where it stopped?") if "ai" in kinds else
                    _("<b>An unfinished game of The Reclamation</b> (Throne rules, two players, turn {turn}) was "
                      "saved on {when}. Resume it where it stopped?"))
        else:
            text = (_("<b>An unfinished game of The Reclamation</b> (Garden rules, against the AI, turn {turn}) was "
                      "saved on {when}. Resume it where it stopped?") if "ai" in kinds else
                    _("<b>An unfinished game of The Reclamation</b> (Garden rules, two players, turn {turn}) was "
                      "saved on {when}. Resume it where it stopped?"))
        return text.format(turn=state.turn, when=when)


TABLE = register_table(TheReclamationTable())
