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



# --- what the game registers with the app --------------------------------------------
from reclaimdesk.core.i18n import N_  # noqa: E402
from reclaimdesk.ui.plugin import Level, Table, register_table  # noqa: E402


class TheReclamationTable(Table):
    game_id = GAME_ID
    levels = (
        Level("easy", N_("Easy"), N_("looks at its own turn only, with a careless streak")),
        Level("normal", N_("Normal"), N_("looks at your answer too")),
        Level("hard", N_("Hard"), N_("searches many turns ahead for a few seconds")),
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


TABLE = register_table(TheReclamationTable())
