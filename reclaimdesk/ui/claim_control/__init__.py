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

