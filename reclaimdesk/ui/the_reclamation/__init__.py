"""The Reclamation's table in the desktop app (Garden and Throne rules).

- :mod:`.geometry`: where things sit, and seeing the board from either side.
- :mod:`.model`: plain data the items paint, and the words (previews, the end).
- :mod:`.items`, :mod:`.scene`, :mod:`.view`: painting and turning clicks into ids.
- :mod:`.controller`: clicks to engine actions, AI seats, take back, autosave.
- :mod:`.panel`, :mod:`.table`, :mod:`.endscreen`, :mod:`.page`, :mod:`.newgame`.

The main window uses the four functions below (imported when a game starts, so
the app's start stays quick).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

GAME_ID = "the-reclamation"


def new_game_dialog(settings: Any, parent: Any = None):
    """The new-game dialog; its ``chosen`` signal carries what :func:`page_for_choice` takes."""
    from reclaimdesk.ui.the_reclamation.newgame import NewGameDialog

    return NewGameDialog(settings, parent)


def page_for_choice(choice: dict, settings: Any = None):
    from reclaimdesk.ui.the_reclamation.page import ReclamationPage

    return ReclamationPage.new_game(choice["players"], choice["seed"], choice["options"], settings=settings)


def page_from_record(record: Any, settings: Any = None, source: Path | None = None):
    from reclaimdesk.ui.the_reclamation.page import ReclamationPage

    return ReclamationPage.from_record(record, settings=settings, source=source)


def resume_text(found: Any) -> str:
    """The start page's line about an unfinished autosaved game
    (``found`` is :class:`reclaimdesk.ui.autosave.Unfinished`)."""
    rec = found.record
    state = rec.replay()
    from reclaimdesk.core.i18n import _

    kinds = [p.get("kind") for p in rec.players]
    when = found.saved_at.strftime("%Y-%m-%d %H:%M")
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

