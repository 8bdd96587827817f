"""Reclamation Wars' table in the desktop app: three players on a hex board.

- :mod:`.geometry`: where the hexes sit, and which hex lies under a point.
- :mod:`.model`: plain data the items paint, built from the engine's state, and
  the words for what a turn did.
- :mod:`.items`, :mod:`.scene`, :mod:`.view`: painting and turning the mouse into hexes.
- :mod:`.controller`: hexes to engine actions, AI seats, take back, autosave.
- :mod:`.panel`, :mod:`.table`, :mod:`.chart`, :mod:`.endscreen`, :mod:`.page`, :mod:`.newgame`.

The main window uses the four functions below (imported when a game starts, so
the app's start stays quick).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

GAME_ID = "reclamation-wars"


def new_game_dialog(settings: Any, parent: Any = None):
    """The new-game dialog; its ``chosen`` signal carries what :func:`page_for_choice` takes."""
    from reclaimdesk.ui.reclamation_wars.newgame import NewGameDialog

    return NewGameDialog(settings, parent)


def page_for_choice(choice: dict, settings: Any = None):
    from reclaimdesk.ui.reclamation_wars.page import WarsPage

    return WarsPage.new_game(choice["players"], choice["seed"], choice["options"], settings=settings)


def page_from_record(record: Any, settings: Any = None, source: Path | None = None):
    from reclaimdesk.ui.reclamation_wars.page import WarsPage

    return WarsPage.from_record(record, settings=settings, source=source)


def resume_text(found: Any) -> str:
    """The start page's line about an unfinished autosaved game
    (``found`` is :class:`reclaimdesk.ui.autosave.Unfinished`)."""
    from reclaimdesk.core.i18n import _
    from reclaimdesk.ui.reclamation_wars.newgame import describe_players

    rec = found.record
    state = rec.replay()
    seat = state.current_player if state.current_player >= 0 else 0
    when = found.saved_at.strftime("%Y-%m-%d %H:%M")
    return _("<b>An unfinished game of Reclamation Wars</b> ({who}, turn {number} of 20) was saved on {when}. "
             "Resume it where it stopped?").format(who=describe_players(rec.players),
                                                   number=min(state.turn_number(seat), 20), when=when)


# --- what the game registers with the app --------------------------------------------
from reclaimdesk.core.i18n import N_  # noqa: E402
from reclaimdesk.ui.plugin import Level, Table, register_table  # noqa: E402


class ReclamationWarsTable(Table):
    game_id = GAME_ID
    levels = (
        Level("random", N_("Random"), N_("plays any legal move: for a first look at the rules")),
        Level("easy", N_("Easy"), N_("plans its own turn for the most hexes, with a little noise")),
        Level("normal", N_("Normal"), N_("also weighs powers, demolishers and room to grow")),
        Level("hard", N_("Hard"), N_("plays out its best turns five rounds ahead, under a second a move")),
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


TABLE = register_table(ReclamationWarsTable())
