"""Reclaim's table in the desktop app, and what it registers with the app
(:data:`TABLE`): its start card (the map, Solo score attack, Deck of the day,
Table game...), its AI levels, its pages and its resume line.

- :mod:`.geometry`, :mod:`.model`, :mod:`.items`, :mod:`.scene`, :mod:`.view`: the sheet.
- :mod:`.controller`: clicks to engine actions, AI seats, take back, autosave.
- :mod:`.table`, :mod:`.panels`, :mod:`.endscreen`, :mod:`.newgame`, :mod:`.page`: the widgets.

Importing this package imports no Qt and no rules (the app reads it at start);
the widgets are imported when a game starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reclaimdesk.core.i18n import N_, _, date_text
from reclaimdesk.ui.plugin import CardAction, CardChoice, Level, MenuOption, Table, register_table

GAME_ID = "reclaim"


class ReclaimTable(Table):
    game_id = GAME_ID
    levels = (
        Level("random", N_("Random"), N_("draws any shape anywhere it fits")),
        Level("easy", N_("Easy"), N_("takes the placement that scores most at once")),
        Level("normal", N_("Normal"), N_("plans the whole turn with a narrow look-ahead")),
        Level("hard", N_("Hard"), N_("plans the turn widely and builds rectangles from round 8")),
    )
    card_choice = CardChoice("map", (("river", N_("River (beginner)")), ("lake", N_("Lake (advanced)"))),
                             N_("The map every sheet uses"))
    menu_options = (
        MenuOption("auto_pay", N_("When only one way to pay exists"), "offer",
                   (("offer", N_("Offer a button")), ("always", N_("Pay at once")), ("never", N_("Never"))),
                   N_("What happens when the drawn shape's icons can be paid in only one way")),
        MenuOption("animations", N_("&Animations"), True,
                   tip=N_("Show short animations when sections complete or X marks appear")),
        MenuOption("ai_pace", N_("Computer players' pace"), "at-once",
                   (("at-once", N_("At once")), ("step", N_("Step by step")), ("slow", N_("Slowly"))),
                   N_("At a table: how fast the computer's steps follow one another, so that you can "
                      "follow its turn on the sheets and in the log")),
    )
    card_actions = (
        CardAction("solo", N_("Solo score attack"),
                   N_("Play alone on a freshly shuffled deck; aim for 80, 90, 100"), primary=True),
        CardAction("daily", N_("Deck of the day"),
                   N_("Today's deck is the same for everyone: compare scores with friends")),
        CardAction("table", N_("Table game..."), N_("2 to 6 seats, each a person or an AI player")),
        CardAction("companion", N_("At the table"),
                   N_("Play on paper: the app turns the deck for 1 to 6 players and adds up the sheets")),
    )
    companion_screen = "reclaimdesk.ui.reclaim.companion:Screen"

    def choice_for_action(self, key: str, value: Any) -> dict | None:
        """Solo and the deck of the day start at once; a table game opens the dialog."""
        options = {"map": str(value or "river"), "variant": False}
        if key == "companion":
            return {"companion": True, "options": options}
        me = [{"name": _("You"), "kind": "human"}]
        if key == "solo":
            from reclaimdesk.ui.board.newgame import random_seed

            return {"players": me, "seed": random_seed(), "options": options}
        if key == "daily":
            from reclaimdesk.ui.reclaim.newgame import daily_seed

            return {"players": me, "seed": daily_seed(), "options": options, "daily": True}
        return None

    def new_game_dialog(self, settings: Any, parent: Any = None, value: Any = None,
                        action: str | None = None) -> Any:
        """Solo first, unless the card's "Table game..." asked for it."""
        from reclaimdesk.ui.reclaim.newgame import NewGameDialog

        return NewGameDialog(settings, str(value or "river"), solo_first=action != "table", parent=parent)

    def page_for_choice(self, choice: dict, settings: Any = None, options_ui: dict | None = None) -> Any:
        from reclaimdesk.ui.reclaim.page import ReclaimPage

        return ReclaimPage.new_game(choice["players"], choice["seed"], choice["options"], settings=settings,
                                    options_ui=options_ui, daily=bool(choice.get("daily", False)))

    def page_from_record(self, record: Any, settings: Any = None, source: Path | None = None,
                         options_ui: dict | None = None) -> Any:
        from reclaimdesk.ui.reclaim.page import ReclaimPage

        return ReclaimPage.from_record(record, settings=settings, options_ui=options_ui, source=source)

    def resume_text(self, found: Any) -> str:
        from reclaimdesk.core.i18n import ngettext
        from reclaimdesk.ui.reclaim.words import map_name

        rec = found.record
        state = rec.replay()
        seats = len(rec.players)
        who = _("solo") if seats == 1 else ngettext("{n} seat", "{n} seats", seats).format(n=seats)
        stage = _("setting up") if state.round == 0 else _("round {round} of 16").format(round=state.round)
        return _("<b>An unfinished game of Reclaim</b> ({who}, {map} map, {stage}) was saved on {when}. "
                 "Resume it where it stopped?").format(
            who=who, map=map_name(rec.options.get("map", "river")), stage=stage,
            when=date_text(found.saved_at, with_time=True))

    def personal_bests(self, folder: Path, limit: int) -> Any:
        """Solo score attack's best results and today's deck of the day."""
        from reclaimdesk.ui.reclaim.bests import start_page_bests

        return start_page_bests(folder, limit)

    def migrate_to_library(self, folder: Path, library: Any) -> None:
        """The solo bests earlier versions kept in the ``scores`` table."""
        from reclaimdesk.ui.reclaim.bests import migrate

        migrate(folder, library)

    def score_tiers(self, options: dict) -> tuple[float, ...]:
        """Solo score attack's goals (the rules' tiers)."""
        from reclaimdesk.games.reclaim.state import TIERS

        return tuple(TIERS)


TABLE = register_table(ReclaimTable())
