"""How a game plugs into the desktop app: the table interface a game's own UI
package registers, and the registry the app shell reads.

A game's UI package (``reclaimdesk/ui/<pkg>/__init__.py``) builds one object that
follows :class:`TablePlugin` (usually a subclass of :class:`Table`) and passes it to
:func:`register_table`. The app finds those packages itself (:func:`tables` imports
every sub-package of :mod:`reclaimdesk.ui` once); a table from elsewhere (a test's
toy game) calls :func:`register_table` too. What the start page shows about a game
(name, players, summary, credits) comes from its :class:`~reclaimdesk.core.game.GameSpec`;
the table adds the ways to start it, its pages, its AI levels and its resume line.

This module is imported before the window shows: it imports no Qt and no game
rules, and a table's ``__init__`` must not either (it imports its widgets inside
the methods below, when a game starts).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from reclaimdesk.core.fields import Fields
from reclaimdesk.core.game import import_named, import_subpackages
from reclaimdesk.core.i18n import N_, _, date_text
from reclaimdesk.ui.board.hooks import GameHooks, game_hook

if TYPE_CHECKING:
    from reclaimdesk.core.record import GameRecord
    from reclaimdesk.ui.autosave import Unfinished


class Level(Fields):
    """An AI level a game offers: ``key`` is one of :data:`reclaimdesk.core.game.LEVELS`;
    ``label`` and ``description`` (one line) are ``N_``-marked."""

    key: str
    label: str
    description: str

    def text(self) -> str:
        """"Easy: looks one placement ahead", in the current language."""
        return _("{level}: {description}").format(level=_(self.label), description=_(self.description))


class CardAction(Fields):
    """A button on the game's start-page card. ``label`` and ``tip`` are ``N_``-marked.
    The app asks :meth:`TablePlugin.choice_for_action` what the button starts."""

    key: str
    label: str
    tip: str
    primary: bool = False


class CardChoice(Fields):
    """A choice shown on the card above its buttons (Reclaim's map): the game option
    it sets, its ``(value, N_-marked label)`` items and a tip. The app remembers the
    value last played under ``<game id>/<option>`` in the settings."""

    option: str
    items: tuple[tuple[Any, str], ...]
    tip: str


class BestsTable(Fields):
    """A game's personal bests as the start page and File > Personal bests show them:
    plain texts, already in the current language, so that the shared screens draw
    every game's the same way. ``rows`` are tuples of cell texts in ``headers``'
    order; ``centred``: the columns drawn centred; ``note``: a line beside the
    title; ``empty``: the text shown while there are no rows (with no rows and no
    ``empty`` text the section is left out); ``highlight``: the row drawn in bold."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    centred: tuple[int, ...] = ()
    note: str = ""
    empty: str = ""
    highlight: int | None = None

    def shown(self) -> bool:
        return bool(self.rows or self.empty)


class MenuOption(Fields):
    """A setting a game adds to the Options menu, under the game's name: an on/off
    toggle (``choices`` None, the value a bool) or a pick-one list of
    ``(value, N_-marked label)``. ``label`` and ``tip`` are ``N_``-marked. The app
    remembers it under ``<game id>/<key>`` in the settings and passes the game's
    values to its pages as ``options_ui`` (and to ``page.set_options`` when changed)."""

    key: str
    label: str
    default: Any
    choices: tuple[tuple[Any, str], ...] | None = None
    tip: str = ""


NEW_GAME = CardAction("new", N_("New game..."), N_("Choose the players and the options, then play"), primary=True)
"""The card button every table has unless it declares its own."""

DEFAULT_LEVELS: tuple[Level, ...] = (
    Level("easy", N_("Easy"), N_("plays quickly and makes mistakes")),
    Level("normal", N_("Normal"), N_("looks a little ahead")),
    Level("hard", N_("Hard"), N_("looks furthest ahead and takes its time")),
)


@runtime_checkable
class PageInterface(Protocol):
    """What the main window needs from the page a game shows while it is played
    (a ``QWidget``; :class:`reclaimdesk.ui.board.page.GamePage` implements it).

    Signals: ``status(str, int)`` (a status-bar line and its timeout),
    ``actionsChanged()`` (undo, redo, hint or a menu command changed),
    ``homeRequested()`` and ``newGameRequested(str)`` (a card action's key to
    start the same kind of game again, or anything else for the new-game dialog).
    """

    game_id: str

    def title(self) -> str: ...
    def started(self) -> None: ...
    def options(self) -> dict: ...
    def can_undo(self) -> bool: ...
    def can_redo(self) -> bool: ...
    def can_hint(self) -> bool: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def hint(self) -> None: ...
    def record(self) -> GameRecord: ...
    def menu_actions(self) -> Sequence[Any]:
        """The page's own commands (``QAction``s it owns and keeps enabled right);
        the main window adds them to the Game menu after undo, redo and hint."""
        ...
    def export_pdf(self) -> None: ...
    def shutdown(self) -> None: ...


@runtime_checkable
class TablePlugin(Protocol):
    """What a game registers for the desktop app (see :class:`Table` for defaults)."""

    game_id: str
    levels: Sequence[Level]
    """The AI levels the game's dialogs list, weakest first."""
    card_actions: Sequence[CardAction]
    """The start card's buttons; the first ``primary`` one says "Resume" while an
    unfinished game of it is kept."""
    card_choice: CardChoice | None
    menu_options: Sequence[MenuOption]
    """Settings the game adds to the Options menu (see :class:`MenuOption`)."""

    def new_game_dialog(self, settings: Any, parent: Any = None, value: Any = None,
                        action: str | None = None) -> Any:
        """A dialog (opened by the app with ``open()``) whose ``chosen(dict)`` signal
        carries what :meth:`page_for_choice` takes; ``value``: the card's choice;
        ``action``: the card action that asked for it (None: File > New game)."""
        ...

    def choice_for_action(self, key: str, value: Any) -> dict | None:
        """What the card action ``key`` starts: a choice for :meth:`page_for_choice`
        (``{"players", "seed", "options", ...}``), or ``None`` to open the dialog."""
        ...

    def page_for_choice(self, choice: dict, settings: Any = None, options_ui: dict | None = None) -> PageInterface: ...

    def page_from_record(self, record: GameRecord, settings: Any = None, source: Path | None = None,
                         options_ui: dict | None = None) -> PageInterface: ...

    def resume_text(self, found: Unfinished) -> str:
        """The start page's line about an unfinished autosaved game (rich text)."""
        ...

    def personal_bests(self, folder: Path, limit: int) -> BestsTable | None:
        """The game's best results kept in the data ``folder`` (at most ``limit``
        rows per list), or None when it keeps none. Called right after the start
        page first shows, so it reads its file without importing Qt or the rules."""
        ...


class Table(GameHooks):
    """Defaults for a :class:`TablePlugin`: one "New game..." button opening the
    dialog, the default AI levels, and a plain resume line. A subclass sets
    ``game_id`` and must define the dialog and the two page builders (a table that
    forgets one fails when its module is imported, not when a game starts)."""

    game_id = ""
    levels: Sequence[Level] = DEFAULT_LEVELS
    card_actions: Sequence[CardAction] = (NEW_GAME,)
    card_choice: CardChoice | None = None
    menu_options: Sequence[MenuOption] = ()
    companion_screen = ""
    """The import path of the game's companion screen ("At the table": a card action
    whose choice holds ``"companion": True`` opens it; see :mod:`reclaimdesk.ui.companion`),
    or "" when the game has none."""

    @game_hook
    def new_game_dialog(self, settings: Any, parent: Any = None, value: Any = None,
                        action: str | None = None) -> Any:
        """The game's new-game dialog (see :class:`TablePlugin`)."""

    def choice_for_action(self, key: str, value: Any) -> dict | None:
        return None

    @game_hook
    def page_for_choice(self, choice: dict, settings: Any = None, options_ui: dict | None = None) -> PageInterface:
        """The page of a new game from the dialog's or a card action's choice."""

    @game_hook
    def page_from_record(self, record: GameRecord, settings: Any = None, source: Path | None = None,
                         options_ui: dict | None = None) -> PageInterface:
        """The page of a saved, autosaved or opened game."""

    def resume_text(self, found: Unfinished) -> str:
        from reclaimdesk.core.game import get_game

        rec = found.record
        return _("<b>An unfinished game of {game}</b> ({count} actions played) was saved on {when}. "
                 "Resume it where it stopped?").format(
            game=_(get_game(rec.game).name), count=len(rec.actions),
            when=date_text(found.saved_at, with_time=True))

    def personal_bests(self, folder: Path, limit: int) -> BestsTable | None:
        return None

    def migrate_to_library(self, folder: Path, library: Any) -> None:
        """Move the bests an earlier version kept in a file of its own into the
        library (:class:`reclaimdesk.core.library.Library`), nothing lost; run once
        (:mod:`reclaimdesk.ui.played`), after the records on disk were indexed.
        The default keeps nothing of its own: nothing to move."""

    def score_tiers(self, options: dict) -> tuple[float, ...]:
        """The scores the game names as goals (drawn as lines on the Games played
        chart of a game with these ``options``); none by default."""
        return ()

    def level(self, key: str) -> Level | None:
        return next((lv for lv in self.levels if lv.key == key), None)


class PagedTable(Table):
    """A table whose new-game dialog and page are classes named by import path
    (``"package.module:Class"``), imported when a game starts so that the app's
    start loads none of a game's widgets. The dialog is built as
    ``Dialog(settings, parent)``; a new game's page as ``Page.new_game(players,
    seed, options, settings=...)`` and a saved one's as ``Page.from_record(record,
    settings=..., source=...)``. A game's table then holds its levels, its resume
    line and the two paths."""

    dialog_class = ""
    page_class = ""

    def new_game_dialog(self, settings: Any, parent: Any = None, value: Any = None,
                        action: str | None = None) -> Any:
        return import_named(self.dialog_class)(settings, parent)

    def page_for_choice(self, choice: dict, settings: Any = None, options_ui: dict | None = None) -> PageInterface:
        return import_named(self.page_class).new_game(choice["players"], int(choice["seed"]),
                                                      choice.get("options", {}), settings=settings)

    def page_from_record(self, record: GameRecord, settings: Any = None, source: Path | None = None,
                         options_ui: dict | None = None) -> PageInterface:
        return import_named(self.page_class).from_record(record, settings=settings, source=source)


_TABLES: dict[str, TablePlugin] = {}
_DISCOVERED = False


def register_table(table: TablePlugin) -> TablePlugin:
    """Add a game's table (its UI package calls this when imported)."""
    if not isinstance(table, TablePlugin):
        raise TypeError(f"{table!r} does not follow the TablePlugin interface")
    known = _TABLES.get(table.game_id)
    if known is not None and known is not table:
        raise ValueError(f"a table for game '{table.game_id}' is registered twice")
    _TABLES[table.game_id] = table
    return table


def unregister_table(game_id: str) -> None:
    """Remove a table registered from outside the package (tests use it)."""
    _TABLES.pop(game_id, None)


def _discover() -> None:
    """Import every sub-package of :mod:`reclaimdesk.ui` once (a game's registers
    its table; the shared ones register nothing)."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    import_subpackages("reclaimdesk.ui")


def table_for(game_id: str) -> TablePlugin | None:
    """The table of a game, or ``None`` when the game has none (yet)."""
    _discover()
    return _TABLES.get(game_id)


def tables() -> dict[str, TablePlugin]:
    """Every registered table by game id."""
    _discover()
    return dict(_TABLES)
