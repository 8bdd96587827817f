"""Claim Control's table in the desktop app.

- :mod:`.geometry`: where things sit on the table, and what lies under a point.
- :mod:`.model`: the plain data the items paint.
- :mod:`.items`, :mod:`.scene`, :mod:`.view`: painting, and turning the mouse into ids.
- :mod:`.controller`: ids to placements, AI seats, take back, autosave.
- :mod:`.table`, :mod:`.endscreen`, :mod:`.newgame`, :mod:`.page`: the widgets.

The main window uses the four functions below (they import the table only when
a game starts, so the app's start stays quick).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

GAME_ID = "claim-control"


def new_game_dialog(settings: Any, parent: Any = None):
    """The new-game dialog; its ``chosen`` signal carries what :func:`page_for_choice` takes."""
    from reclaimdesk.ui.claim_control.newgame import NewGameDialog

    return NewGameDialog(settings, parent)


def page_for_choice(choice: dict, settings: Any = None):
    from reclaimdesk.ui.claim_control.page import ClaimControlPage

    return ClaimControlPage.new_game(choice, settings=settings)


def page_from_record(record: Any, settings: Any = None, source: Path | None = None):
    from reclaimdesk.ui.claim_control.page import ClaimControlPage

    return ClaimControlPage.from_record(record, settings=settings, source=source)


def resume_text(found: Any) -> str:
    """The start page's line about an unfinished autosaved game
    (``found`` is :class:`reclaimdesk.ui.autosave.Unfinished`)."""
    from reclaimdesk.ui.claim_control.newgame import describe_players

    rec = found.record
    when = found.saved_at.strftime("%Y-%m-%d %H:%M")
    from html import escape

    from reclaimdesk.core.i18n import _

    return _("<b>An unfinished game of Claim Control</b> ({players}, {count} of 60 pieces placed) was saved "
             "on {when}. Resume it where it stopped?").format(
        players=escape(describe_players(rec.players)), count=len(rec.actions), when=when)



# --- what the game registers with the app --------------------------------------------
from reclaimdesk.core.i18n import N_  # noqa: E402
from reclaimdesk.ui.plugin import Level, Table, register_table  # noqa: E402


class ClaimControlTable(Table):
    game_id = GAME_ID
    levels = (
        Level("easy", N_("Easy"), N_("looks one placement ahead")),
        Level("normal", N_("Normal"), N_("looks two ahead")),
        Level("hard", N_("Hard"), N_("looks three ahead and weighs every lead")),
    )

    def new_game_dialog(self, settings: Any, parent: Any = None, value: Any = None,
                        action: str | None = None) -> Any:
        return new_game_dialog(settings, parent)

    def page_for_choice(self, choice: dict, settings: Any = None, options_ui: dict | None = None) -> Any:
        return page_for_choice(choice, settings)

    def page_from_record(self, record: Any, settings: Any = None, source: Path | None = None,
                         options_ui: dict | None = None) -> Any:
        return page_from_record(record, settings, source)

    def resume_text(self, found: Any) -> str:
        return resume_text(found)


TABLE = register_table(ClaimControlTable())
