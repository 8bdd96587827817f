"""The main window: the start page and, while a game is played, its page, with the
menus acting on both.

The window knows games only through the registries: the specs
(:func:`reclaimdesk.core.game.all_games`) and the tables games register from their
own UI packages (:mod:`reclaimdesk.ui.plugin`). A game's page follows
:class:`reclaimdesk.ui.plugin.PageInterface`; the Game menu holds undo, redo and hint
plus the commands the page adds (the start page shows no Game menu at all).
Unfinished games are kept one per game (``autosave-<game>.json``); starting a new
game over one, or discarding one, asks first.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reclaimdesk import __version__
from reclaimdesk.core.i18n import LANGUAGES, _, date_text, ngettext
from reclaimdesk.ui import companion
from reclaimdesk.ui.autosave import Autosave, unwatch as unwatch_autosaves, watch as watch_autosaves
from reclaimdesk.ui.common import APP_NAME, data_dir, export_available, make_settings, start_icons
from reclaimdesk.ui.guard import guard_slot
from reclaimdesk.ui.i18n import add_language_menu, apply_language, save_choice
from reclaimdesk.ui.plugin import table_for
from reclaimdesk.ui.start_page import CardEntry, StartPage

from PySide6.QtCore import QByteArray, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QFrame, QHBoxLayout, QLabel, QMainWindow, QMenu, QPushButton, QStackedWidget, QVBoxLayout, QWidget,
)

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QMessageBox

AUTOSAVE_RETRY_MS = 15_000
"""How often a failing autosave is tried again while the game waits (a move tries at once)."""
ENGINE_CHECK_DELAY_MS = 300
"""The check that every game's rules load (:meth:`MainWindow.finish_start_page`)
waits this long: queued at once, its imports (a few hundred ms) ran before the
start page's last repaint (the one with the personal bests laid out), which came
only after them. (A wait on the window's repaints would need a Python paint
handler, and PySide builds QEvent's 180-member enum for the first one.)"""


class SaveWarning(QFrame):
    """The warning above the page while the game cannot be saved: it stays in view
    (unlike a status line) until a save succeeds again, and offers to try again
    now or to save somewhere else."""

    retryRequested = Signal()
    elsewhereRequested = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("saveWarning")
        self.setStyleSheet("#saveWarning { background: #fff3cd; border-bottom: 1px solid #e0b84c; }"
                           " #saveWarning QLabel { color: #5c4400; }")
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 6, 12, 6)
        from PySide6.QtCore import Qt  # (not on the start path: the warning is made when first needed)

        self.text = QLabel()
        self.text.setObjectName("saveWarningText")
        self.text.setTextFormat(Qt.TextFormat.PlainText)  # it names a file and the system's reason
        self.text.setWordWrap(True)
        row.addWidget(self.text, 1)
        self.retry_button = QPushButton()
        self.retry_button.clicked.connect(self.retryRequested)
        self.elsewhere_button = QPushButton()
        self.elsewhere_button.clicked.connect(self.elsewhereRequested)
        row.addWidget(self.retry_button)
        row.addWidget(self.elsewhere_button)
        self.hide()

    def show_problem(self, reason: str) -> None:
        self.text.setText(_("This game is not being saved: {reason}. It is kept in memory, and saving is tried "
                            "again after every move and every few seconds. Nothing already saved was "
                            "changed.").format(reason=reason))
        self.retry_button.setText(_("Try again now"))
        self.elsewhere_button.setText(_("Save elsewhere..."))
        self.show()


def start_entries() -> list[CardEntry]:
    """The start page's games: every registered spec, in its order, with its table."""
    from reclaimdesk.core.game import all_games

    return [CardEntry(spec, table_for(spec.id)) for spec in all_games()]


class MainWindow(QMainWindow):
    """The start page and, while a game runs, its page; the menus act on both."""

    def __init__(self, settings: Any = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else make_settings()
        self.setWindowTitle(APP_NAME)
        self.setWindowIcon(start_icons().app_icon())
        self.setMinimumSize(960, 640)
        self.stack = QStackedWidget()
        self.save_warning: SaveWarning | None = None
        """The warning above the page while the game cannot be saved (made when first needed)."""
        central = QWidget()
        self.column = QVBoxLayout(central)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(0)
        self.column.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.failing_autosave: Autosave | None = None
        """The open game's autosave while its writes fail (the warning is in view)."""
        self.retry_timer = QTimer(self)
        self.retry_timer.setInterval(AUTOSAVE_RETRY_MS)
        self.retry_timer.timeout.connect(guard_slot(self.retry_autosave))
        watch_autosaves(self._autosave_changed)
        self.page: Any = None
        self.last_message: Any = None
        self.confirm_box: QMessageBox | None = None
        self.dialog: Any = None
        self._unfiled_check: list[Autosave] = []
        """Autosaves of finished games to check are filed (:meth:`_file_unfiled`)."""
        self._unfiled_seen: set[tuple[Path, int]] = set()
        # shown at once: each card's choice last played and the unfinished games (a
        # look for their autosave files when there is none); the personal bests
        # follow right after the window shows (finish_start_page)
        self.start_page = self._make_start_page()
        self.stack.addWidget(self.start_page)
        self._refresh_choices()
        self._refresh_resume()
        self._build_actions()
        self._build_menus()
        self._wire()
        self.statusBar().showMessage(_("Welcome. Choose a game to play."), 5000)
        QTimer.singleShot(0, self, self.report_language_problems)  # a damaged catalogue or font at start
        self._restore_geometry()
        self._update_actions()
        dump = os.environ.get("RECLAIMDESK_WALKTHROUGH_DUMP")
        if dump:  # tools/walkthrough.py reads where the buttons and the board are
            from reclaimdesk.ui.walkthrough_hook import install

            self.walkthrough_dump = install(self, dump)

    # --- construction ---------------------------------------------------------
    def _make_start_page(self) -> StartPage:
        page = StartPage(start_entries(), self.stack)
        page.actionRequested.connect(guard_slot(self.card_action))
        page.resumeRequested.connect(guard_slot(self.resume))
        page.discardRequested.connect(guard_slot(self.discard))
        page.rulesRequested.connect(guard_slot(self.show_rules))
        return page

    def _action(self, text: str, slot: Any, shortcut: Any = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            # setShortcuts with a list: setShortcut's overload resolution builds
            # every enum of the Qt namespace (about 35 ms at start-up)
            action.setShortcuts(shortcut if isinstance(shortcut, list) else [shortcut])
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(guard_slot(slot))  # an error becomes a dialog, never silence
        return action

    def _build_actions(self) -> None:
        key = QKeySequence
        self.new_action = self._action(_("&New game..."), self.new_game, key("Ctrl+N"),
                                       _("Start a new game of the game on screen"))
        self.open_action = self._action(_("&Open record..."), self.open_record_dialog, key("Ctrl+O"),
                                        _("Open a saved game record"))
        self.review_action = self._action(_("&Review a record..."), self.review_record_dialog, key("Ctrl+Shift+O"),
                                          _("Go through a saved game move by move, with the AI's view"))
        self.save_action = self._action(_("&Save record..."), self.save_record_dialog, key("Ctrl+S"),
                                        _("Save the game record to a file"))
        self.export_action = self._action(_("&Export PDF..."), self.export_pdf, key("Ctrl+E"))
        self.bests_action = self._action(_("&Personal bests"), self.show_bests, None,
                                         _("The best solo scores so far"))
        self.library_action = self._action(_("Games &played..."), self.show_library, None,
                                           _("Every finished game: open, review, print or delete it; charts"))
        self.home_action = self._action(_("&Back to the start page"), self.back_to_start, key("Ctrl+Shift+H"))
        self.quit_action = self._action(_("&Quit"), self.close, key("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self._action(_("&Undo"), self.undo, key("Ctrl+Z"),
                                        _("Take back the last step of this turn"))
        self.redo_action = self._action(_("&Redo"), self.redo, [key("Ctrl+Shift+Z"), key("Ctrl+Y")],
                                        _("Do again what was taken back"))
        self.hint_action = self._action(_("&Hint"), self.hint, key("H"), _("Ask the strongest AI what it would do"))
        self.rules_action = self._action(_("&Rules"), self.show_rules, key("F1"), _("The rules of the game"))
        self.about_action = self._action(_("&About ReclaimDesk"), self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

        self._build_option_actions()

    def _build_option_actions(self) -> None:
        """The settings each game's table adds to the Options menu: a checkable
        action per toggle, a group of them per pick-one list."""
        self.option_actions: dict[str, dict[str, Any]] = {}
        """Game id -> option key -> its QAction (a toggle) or QActionGroup (a list)."""
        for game_id in self._games_with_tables():
            table = table_for(game_id)
            for option in table.menu_options:
                current = self._saved_option(game_id, option)
                if option.choices is None:
                    action = QAction(_(option.label), self, checkable=True)
                    action.setChecked(bool(current))
                    if option.tip:
                        action.setStatusTip(_(option.tip))
                    made: Any = action
                else:
                    made = QActionGroup(self)
                    for value, label in option.choices:
                        choice = QAction(_(label), self, checkable=True)
                        choice.setData(value)
                        choice.setChecked(value == current)
                        if option.tip:
                            choice.setStatusTip(_(option.tip))
                        made.addAction(choice)
                self.option_actions.setdefault(game_id, {})[option.key] = made

    def _games_with_tables(self) -> list[str]:
        return [g for g in self.start_page.cards if table_for(g) is not None]

    def _saved_option(self, game_id: str, option: Any) -> Any:
        # (before options were per game they were kept under options/<key>)
        value = self.settings.value(f"{game_id}/{option.key}", self.settings.value(f"options/{option.key}"))
        if value is None:
            return option.default
        if option.choices is None:
            return value if isinstance(value, bool) else str(value).lower() in ("true", "1", "yes")
        return value if any(value == v for v, _label in option.choices) else option.default

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(_("&File"))
        for a in (self.new_action, self.open_action, self.review_action, self.save_action, self.export_action):
            file_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(self.library_action)
        file_menu.addAction(self.bests_action)
        file_menu.addAction(self.home_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self.game_menu = bar.addMenu(_("&Game"))
        self._fill_game_menu()
        options = bar.addMenu(_("&Options"))
        for game_id, actions in self.option_actions.items():
            table = table_for(game_id)
            game_menu = options.addMenu(_(self._spec(game_id).name))
            for option in table.menu_options:
                made = actions[option.key]
                if isinstance(made, QActionGroup):
                    sub = game_menu.addMenu(_(option.label))
                    for choice in made.actions():
                        sub.addAction(choice)
                else:
                    game_menu.addAction(made)
        if self.option_actions:
            options.addSeparator()
        language_menu = add_language_menu(options, self.settings, self.switch_language)
        language_menu.aboutToShow.connect(guard_slot(self.report_language_problems))  # the font is loaded then
        help_menu = bar.addMenu(_("&Help"))
        help_menu.addAction(self.rules_action)
        help_menu.addAction(self.about_action)

    def _fill_game_menu(self) -> None:
        """The Game menu of what is on screen: undo, redo, hint and the page's own
        commands while a game is played; none on the start page (the menu hides)."""
        menu = self.game_menu
        menu.clear()
        page = self._current_page()
        if page is None:
            menu.menuAction().setVisible(False)
            return
        menu.addAction(self.undo_action)
        menu.addAction(self.redo_action)
        menu.addSeparator()
        menu.addAction(self.hint_action)
        commands = list(page.menu_actions())
        if commands:
            menu.addSeparator()
            for action in commands:
                menu.addAction(action)
        menu.menuAction().setVisible(True)

    def _wire(self) -> None:
        self._wire_options()
        self.stack.currentChanged.connect(self._page_changed)

    def _wire_options(self) -> None:
        for actions in self.option_actions.values():
            for made in actions.values():
                signal = made.triggered if isinstance(made, QActionGroup) else made.toggled
                signal.connect(self._options_changed)

    def _restore_geometry(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            screen = QGuiApplication.primaryScreen()
            available = screen.availableGeometry() if screen else None
            width, height = 1200, 840
            if available is not None:
                width = min(width, available.width() - 40)
                height = min(height, available.height() - 60)
            self.resize(max(width, 960), max(height, 640))

    # --- language ---------------------------------------------------------------
    def switch_language(self, choice: str) -> None:
        """Options > Language: remember ``choice`` (system, en, ja), switch to it
        and say everything on screen again in it."""
        save_choice(self.settings, choice)
        code = apply_language(choice)
        self.retranslate()
        self.report_language_problems()
        # (the status bar's line was in the old language: it says the new one now)
        self.statusBar().showMessage(_("Language: {language}").format(language=LANGUAGES.get(code, code)), 5000)

    def retranslate(self) -> None:
        """Build again everything that shows words: the menus and their actions,
        the start page and the open game's page (rebuilt from its record, so the
        game goes on where it was)."""
        bar = self.menuBar()
        old_menus = [m for m in bar.findChildren(QMenu) if m.parent() is bar]
        bar.clear()
        for menu in old_menus:
            menu.setParent(None)
            menu.deleteLater()
        for action in self.findChildren(QAction):
            if action.parent() is self:
                action.setParent(None)
                action.deleteLater()
        self._build_actions()
        self._build_menus()
        self._wire_options()
        old, current = self.start_page, self.stack.currentWidget()
        self.start_page = self._make_start_page()
        self.stack.insertWidget(0, self.start_page)
        self.stack.removeWidget(old)
        old.deleteLater()
        self.refresh_start_page()
        page = self.page
        if page is not None:
            table = table_for(page.game_id)
            if getattr(page, "review_record", None) is not None:  # a review stays a review, where it was
                self.review_game(page.review_record, page.source, page.library_id, page.cursor)
            elif table is not None:
                self._show_page(table.page_from_record(page.record(), self.settings,
                                                       getattr(page, "source", None), self.options(page.game_id)))
            if current is not page:
                self.stack.setCurrentWidget(self.start_page)
        else:
            self.stack.setCurrentWidget(self.start_page)
            self.setWindowTitle(APP_NAME)
        self._page_changed()

    # --- options ----------------------------------------------------------------
    def options(self, game_id: str) -> dict[str, Any]:
        """The Options menu's settings of ``game_id``, passed to its pages."""
        values: dict[str, Any] = {}
        for key, made in self.option_actions.get(game_id, {}).items():
            if isinstance(made, QActionGroup):
                checked = made.checkedAction()
                values[key] = checked.data() if checked is not None else self._default_option(game_id, key)
            else:
                values[key] = made.isChecked()
        return values

    def _default_option(self, game_id: str, key: str) -> Any:
        return next(o.default for o in table_for(game_id).menu_options if o.key == key)

    def _options_changed(self, *_args: Any) -> None:
        for game_id in self.option_actions:
            for key, value in self.options(game_id).items():
                self.settings.setValue(f"{game_id}/{key}", value)
        if self.page is not None and hasattr(self.page, "set_options"):
            self.page.set_options(self.options(self.page.game_id))

    # --- start page -------------------------------------------------------------
    def refresh_start_page(self) -> None:
        """All the start page shows that can change: each card's choice last
        played, the personal bests and the unfinished games."""
        self._refresh_choices()
        self._refresh_bests()
        self._refresh_resume()
        self._check_engines()

    def finish_start_page(self) -> None:
        """What the window's first show leaves for right after it, so that the app
        starts quickly: the personal bests (SQLite and their table), then, once
        they are painted (``ENGINE_CHECK_DELAY_MS`` later), the check that every
        game's rules load (which imports them and changes nothing on screen unless
        one is broken)."""
        self._refresh_bests()
        QTimer.singleShot(ENGINE_CHECK_DELAY_MS, self, self._check_engines)

    def _choice_key(self, game_id: str) -> str | None:
        table = table_for(game_id)
        if table is None or table.card_choice is None:
            return None
        return f"{game_id}/{table.card_choice.option}"

    def _refresh_choices(self) -> None:
        for game_id, card in self.start_page.cards.items():
            key = self._choice_key(game_id)
            if key is not None:
                saved = self.settings.value(key)
                if saved is not None:
                    card.set_choice(saved)

    def _remember_choice(self, game_id: str, value: Any) -> None:
        key = self._choice_key(game_id)
        if key is not None and value is not None:
            self.settings.setValue(key, value)

    def _check_engines(self) -> None:
        for card in self.start_page.cards.values():
            try:
                card.spec.state_class  # noqa: B018 - imports the rules
            except Exception as exc:  # noqa: BLE001 - a broken game must not stop the app
                card.set_broken(_("{game} cannot start: {error}").format(game=_(card.spec.name), error=exc))

    def personal_bests(self, limit: int) -> dict[str, Any]:
        """Each game's personal bests its table keeps (game id -> ``BestsTable``, in
        card order); a table that cannot read its file is left out with a word in
        the status bar."""
        folder = data_dir()
        found: dict[str, Any] = {}
        self._prepare_library(folder)
        for game_id, card in self.start_page.cards.items():
            table = table_for(game_id)
            if table is None:
                continue
            try:
                bests = table.personal_bests(folder, limit)
            except Exception as exc:  # noqa: BLE001 - show, do not crash
                self.statusBar().showMessage(_("Could not read the personal bests of {game}: {error}").format(
                    game=_(card.spec.name), error=exc), 8000)
                continue
            if bests is not None and bests.shown():
                found[game_id] = bests
        return found

    def _prepare_library(self, folder: Path) -> None:
        """First start after an update: index the records on disk and move the
        games' old bests into the library of played games (once; a problem is said)."""
        from reclaimdesk.ui.played import legacy_data, open_library

        if not legacy_data(folder):
            return  # a new data folder: nothing to open (SQLite is not even loaded)
        try:
            open_library(folder)
        except Exception as exc:  # noqa: BLE001 - show, do not crash
            self.statusBar().showMessage(_("Could not open the library of played games: {error}").format(
                error=exc), 8000)

    def show_library(self) -> None:
        """File > Games played."""
        from reclaimdesk.ui.library_dialog import LibraryDialog

        self.library_dialog = LibraryDialog(self, self.settings)
        self.library_dialog.open()

    def _refresh_bests(self) -> None:
        self.start_page.set_bests(self.personal_bests(10))

    def _autosave(self, game_id: str) -> Autosave:
        return Autosave(data_dir(), game_id)

    def unfinished(self, game_id: str) -> Any:
        """The unfinished autosaved game of ``game_id`` (an ``Unfinished``), or None."""
        return self._autosave(game_id).unfinished()

    def _refresh_resume(self) -> None:
        texts: dict[str, str] = {}
        damaged: list[str] = []
        for game_id in self.start_page.cards:
            table = table_for(game_id)
            autosave = self._autosave(game_id)
            if table is None or not autosave.path.exists():
                continue  # a file check per game: the usual start has none
            found = autosave.unfinished()
            if autosave.finished is not None:
                try:
                    seen = (autosave.path, autosave.path.stat().st_mtime_ns)
                except OSError:
                    seen = None  # gone meanwhile: nothing to file
                if seen is not None and seen not in self._unfiled_seen:  # each autosave written once
                    self._unfiled_seen.add(seen)
                    self._unfiled_check.append(autosave)
            if autosave.set_aside is not None:
                damaged.append(_("{game}: {problem} (kept as {file})").format(
                    game=_(self.start_page.cards[game_id].spec.name), problem=autosave.problem,
                    file=autosave.set_aside.name))
            if found is None:
                continue
            try:
                texts[game_id] = table.resume_text(found)
            except Exception:  # noqa: BLE001 - a line that cannot be written still offers the game
                texts[game_id] = _("An unfinished game of {game}. Resume it where it stopped?").format(
                    game=_(self.start_page.cards[game_id].spec.name))
        texts.update(companion.unfinished_texts(data_dir(), list(self.start_page.cards)))
        self.start_page.set_unfinished(texts)
        if self._unfiled_check:  # once the start page is painted: not on the start's path
            QTimer.singleShot(ENGINE_CHECK_DELAY_MS, self, self._file_unfiled)
        if damaged:
            # once the window is up: it may not be shown yet while it is being built
            QTimer.singleShot(0, self, lambda: self._message("warning", _("An unfinished game could not be read"), _(
                "These unfinished games could not be read, so they cannot be resumed. Each file was "
                "renamed and kept in the data folder ({folder}), so a new game will not overwrite it:"
                ).format(folder=data_dir()) + "\n\n" + "\n".join(damaged)))

    def _file_unfiled(self) -> None:
        """File a finished game an autosave holds but ``games/`` does not: the app
        stopped between the game's last move and its filing (each is filed just
        after its last move is drawn). Said in the status bar, as is a failure
        (the autosave keeps the game, and the next start tries again)."""
        from reclaimdesk.ui.played import file_unfiled

        checks, self._unfiled_check = self._unfiled_check, []
        filed = 0
        for autosave in checks:
            try:
                filed += file_unfiled(autosave) is not None
            except Exception as exc:  # noqa: BLE001 - said; the autosave still holds the game
                self.statusBar().showMessage(_("Could not add the finished game to the library: {error}").format(
                    error=exc), 8000)
                return
        if filed:
            self.statusBar().showMessage(ngettext(
                "A game that ended as the app closed was added to the games played.",
                "{count} games that ended as the app closed were added to the games played.",
                filed).format(count=filed), 8000)
            if self.page is None:
                self._refresh_bests()

    # --- asking first -----------------------------------------------------------
    def _confirm(self, title: str, text: str, accept: str, on_accept: Any) -> QMessageBox:
        """A window-modal question that does not block the caller: ``on_accept``
        runs if the player presses ``accept`` (tests read ``confirm_box``)."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, self)
        yes = box.addButton(accept, QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(yes)
        box.accept_button = yes  # type: ignore[attr-defined]

        def answered(button: Any) -> None:
            if button is yes:
                on_accept()

        box.buttonClicked.connect(answered)
        self.confirm_box = box
        self.last_message = box
        box.open()
        return box

    def _unless_unfinished(self, game_id: str, go: Any) -> None:
        """Run ``go`` (which starts a new game of ``game_id``) at once, or after the
        player agrees to replace the unfinished game of it."""
        found = self.unfinished(game_id)
        if found is None:
            go()
            return
        name = _(self._spec(game_id).name)
        self._confirm(
            _("Start a new game of {game}?").format(game=name),
            _("An unfinished game of {game} (saved on {when}) is kept to resume. A new game "
              "of {game} replaces it.").format(game=name, when=date_text(found.saved_at, with_time=True)),
            _("Start a new game"), go)

    @staticmethod
    def _spec(game_id: str) -> Any:
        from reclaimdesk.core.game import get_game

        return get_game(game_id)

    # --- starting games ---------------------------------------------------------
    def card_action(self, game_id: str, key: str, value: Any = None) -> None:
        """A card's button: what its table says it starts (a game at once, or the
        new-game dialog), after asking when an unfinished game would be replaced."""
        table = table_for(game_id)
        if table is None:
            return
        self._remember_choice(game_id, value)
        choice = table.choice_for_action(key, value)
        if choice is not None and choice.get("companion"):
            if companion.unfinished(data_dir(), game_id) is None:
                self.open_companion(game_id, choice)
            else:  # a new table would replace the one kept: ask first
                name = _(self._spec(game_id).name)
                self._confirm(_("Start a new table of {game}?").format(game=name),
                              _("{game} at the table is in progress and kept to resume. A new table "
                                "replaces it.").format(game=name),
                              _("Start a new table"), lambda: self.open_companion(game_id, choice))
        elif choice is None:
            self._unless_unfinished(game_id, lambda: self._open_new_game_dialog(game_id, value, key))
        else:
            self._unless_unfinished(game_id, lambda: self.start_choice(game_id, choice))

    def new_game(self) -> None:
        """File > New game: of the game on screen, else of the first game's card."""
        if self.page is not None:
            game_id = self.page.game_id
        else:
            game_id = next((g for g, c in self.start_page.cards.items() if c.playable), None)
            if game_id is None:
                return
        self.new_game_of(game_id)

    def new_game_of(self, game_id: str, value: Any = None) -> None:
        """The new-game dialog of a game (after asking when an unfinished one would
        be replaced), then its page."""
        if table_for(game_id) is None:
            return
        if value is None and game_id in self.start_page.cards:
            value = self.start_page.cards[game_id].choice_value()
        self._unless_unfinished(game_id, lambda: self._open_new_game_dialog(game_id, value))

    def _open_new_game_dialog(self, game_id: str, value: Any = None, action: str | None = None) -> None:
        table = table_for(game_id)
        assert table is not None
        dialog = table.new_game_dialog(self.settings, self, value, action)
        dialog.chosen.connect(lambda choice: self.start_choice(game_id, choice))
        self.dialog = dialog
        dialog.open()

    def start_choice(self, game_id: str, choice: dict) -> None:
        """Start a game from a choice (a card action's or the dialog's)."""
        table = table_for(game_id)
        assert table is not None
        if table.card_choice is not None:
            self._remember_choice(game_id, choice.get("options", {}).get(table.card_choice.option))
        self._show_page(table.page_for_choice(choice, self.settings, self.options(game_id)))

    def _show_page(self, page: Any) -> None:
        self._close_page()
        self.page = page
        page.status.connect(self._status)
        page.actionsChanged.connect(self._update_actions)
        page.homeRequested.connect(self.back_to_start)
        page.newGameRequested.connect(self._replay_request)
        review = getattr(page, "reviewRequested", None)
        if review is not None:
            review.connect(guard_slot(self.review_page_game))
        play_on = getattr(page, "playOnRequested", None)
        if play_on is not None:
            play_on.connect(guard_slot(self.play_on))
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self.statusBar().clearMessage()
        self.setWindowTitle(f"{page.title()} - {APP_NAME}")
        self._page_changed()
        # the window takes the keys back from a closed new-game dialog (H, Enter at once)
        self.activateWindow()
        page.setFocus()
        page.started()

    def _replay_request(self, what: str) -> None:
        """The end screen's "play again": the card action ``what`` of the same game
        (with the same choice), or its new-game dialog."""
        page = self.page
        if page is None:
            return
        table = table_for(page.game_id)
        if table is None:
            return
        value = page.options().get(table.card_choice.option) if table.card_choice is not None else None
        if what in {a.key for a in table.card_actions}:
            self.card_action(page.game_id, what, value)
        else:
            self.new_game_of(page.game_id, value)

    def _close_page(self) -> None:
        if self.page is None:
            return
        page, self.page = self.page, None
        page.status.disconnect(self._status)  # a late word from the closed game stays unsaid
        page.shutdown()
        self.stack.removeWidget(page)
        page.deleteLater()

    def back_to_start(self) -> None:
        self._close_page()
        self._autosave_ok()  # the warning was about the game that is gone
        self.stack.setCurrentWidget(self.start_page)
        self.statusBar().clearMessage()  # the game's last words do not stay on the start page
        self.setWindowTitle(APP_NAME)
        self.refresh_start_page()
        self._page_changed()

    # --- unfinished games -------------------------------------------------------
    def open_companion(self, game_id: str, setup: dict | None = None, session: Any = None) -> None:
        """The companion of a paper game ("At the table"): a new session or one resumed."""
        from reclaimdesk.ui.companion.window import open_companion

        window = open_companion(self, game_id, data_dir(), setup, session)
        if window is not None:
            self.companion_window = window
            window.closed.connect(self.refresh_start_page)

    def resume(self, game_id: str) -> None:
        if companion.is_session_key(game_id):
            session = companion.unfinished(data_dir(), companion.game_of(game_id))
            if session is None:
                self._refresh_resume()
                return
            self.open_companion(session.game_id, session=session)
            return
        table = table_for(game_id)
        found = self.unfinished(game_id) if table is not None else None
        if found is None:
            self._refresh_resume()
            self._message("information", _("Nothing to resume"),
                          _("The autosaved game is gone or already finished."))
            return
        self._show_page(table.page_from_record(found.record, self.settings, None, self.options(game_id)))

    def discard(self, game_id: str) -> None:
        """Discard the unfinished game of ``game_id``, once the player agrees."""
        if companion.is_session_key(game_id):
            name = _(self._spec(companion.game_of(game_id)).name)

            def drop() -> None:
                companion.discard(data_dir(), game_id)
                self._refresh_resume()

            self._confirm(_("Discard the unfinished game?"),
                          _("{game} at the table will be deleted; it cannot be resumed afterwards.").format(
                              game=name), _("Discard it"), drop)
            return
        name = _(self._spec(game_id).name)

        def go() -> None:
            self._autosave(game_id).discard()
            self._refresh_resume()
            self.statusBar().showMessage(_("The unfinished game of {game} was discarded.").format(game=name), 4000)

        self._confirm(_("Discard the unfinished game?"),
                      _("The unfinished game of {game} will be deleted; it cannot be resumed "
                        "afterwards.").format(game=name),
                      _("Discard it"), go)

    # --- records ----------------------------------------------------------------
    def open_record_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        folder = self.records_folder("paths/opened")
        path, _filter = QFileDialog.getOpenFileName(self, _("Open a game record"), str(folder),
                                                    _("Game records (*.json);;All files (*)"))
        if path:
            self.settings.setValue("paths/opened", str(Path(path).parent))
            self.open_record(Path(path))

    def records_folder(self, key: str = "paths/records") -> Path:
        """Where a file dialog starts: the folder remembered under ``key`` (File >
        Open's: where a record was last opened from; Save's: saved to), else (none
        yet, or gone) the games folder, where finished games are kept (made if need
        be; the data folder when it cannot be)."""
        from reclaimdesk.ui.autosave import games_folder

        last = self.settings.value(key)
        if last and Path(str(last)).is_dir():
            return Path(str(last))
        folder = games_folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return data_dir()
        return folder

    def _checked_record(self, path: Path):
        """The record at ``path`` read, of a game with a table, and replayed through
        the rules; on any problem a dialog says what and None is returned (nothing
        changes). File > Open and File > Review a record read through it."""
        from reclaimdesk.core.errors import ReclaimDeskError, ReplayError
        from reclaimdesk.core.record import load_record

        try:
            record = load_record(path)
            if table_for(record.game) is None:
                raise ValueError(_("{file} is a record of {game}, which has no table in the app yet.").format(
                    file=path.name, game=_(self._spec(record.game).name)))
            record.replay()
        except ReplayError as exc:
            self._message("warning", _("This record cannot be replayed"),
                          _("{file} does not follow the rules at {error}. Nothing was opened.").format(
                              file=path.name, error=exc))
            return None
        except (ReclaimDeskError, ValueError, OSError) as exc:
            self._message("warning", _("Not a game record ReclaimDesk can open"),
                          _("{error}\n\nNothing was opened and your current game is unchanged.").format(error=exc))
            return None
        return record

    def open_record(self, path: str | Path) -> bool:
        """Open a record file; any problem shows a dialog and changes nothing."""
        path = Path(path)
        record = self._checked_record(path)
        if record is None:
            return False
        table = table_for(record.game)
        self._show_page(table.page_from_record(record, self.settings, path, self.options(record.game)))
        return True

    # --- reviews ---------------------------------------------------------------------
    def review_record_dialog(self) -> None:
        """File > Review a record...: pick a record and go through it move by move
        (File > Open plays it on instead, or shows a finished one's end)."""
        from PySide6.QtWidgets import QFileDialog

        folder = str(self.settings.value("paths/records", str(Path.home())))
        path, _filter = QFileDialog.getOpenFileName(self, _("Review a game record"), folder,
                                                    _("Game records (*.json);;All files (*)"))
        if path:
            self.settings.setValue("paths/records", str(Path(path).parent))
            self.review_record(Path(path))

    def review_record(self, path: str | Path, upto: int | None = None) -> bool:
        """Review the record at ``path`` (the library's Review button, File >
        Review a record...); any problem shows a dialog and changes nothing."""
        path = Path(path)
        record = self._checked_record(path)
        if record is None:
            return False
        self.review_game(record, path, self._library_id_of(path), upto)
        return True

    def _library_id_of(self, path: Path) -> int | None:
        """The library's entry of the record at ``path`` (where its AI view is kept), or None."""
        from reclaimdesk.ui.played import open_library

        try:
            target = path.resolve()
            return next((e.id for e in open_library(data_dir()).games()
                         if e.path is not None and e.path.resolve() == target), None)
        except Exception as exc:  # noqa: BLE001 - the review goes on without the kept analysis
            self.statusBar().showMessage(_("Could not open the library of played games: {error}").format(
                error=exc), 8000)
            return None

    def review_game(self, record: Any, source: Path | None = None, library_id: int | None = None,
                    upto: int | None = None) -> Any:
        """Show the review of ``record`` (its game's own table, read-only)."""
        from reclaimdesk.ui.board.review import ReviewPage

        table = table_for(record.game)
        assert table is not None
        game_page = table.page_from_record(record, self.settings, source, self.options(record.game))
        review = ReviewPage(record, game_page, settings=self.settings, source=source, library_id=library_id,
                            upto=upto)
        self._show_page(review)
        return review

    def review_page_game(self) -> None:
        """The end screen's "Review this game": the finished game on screen."""
        page = self.page
        if page is None:
            return
        source = getattr(page, "archived", None) or getattr(page, "source", None)
        self.review_game(page.record(), source, getattr(page, "library_id", None))

    def play_on(self, record: Any) -> None:
        """"Play on from here": a new game from the review's position, the person
        against the computer (after asking when it replaces an unfinished game)."""
        table = table_for(record.game)
        if table is None:
            return

        def go() -> None:
            page = table.page_from_record(record, self.settings, None, self.options(record.game))
            controller = getattr(page, "controller", None)
            if controller is not None:
                controller._save()  # kept from the first moment, like any new game
            self._show_page(page)
            self.statusBar().showMessage(_("Playing on from the review: this game counts for no personal "
                                           "best."), 8000)

        self._unless_unfinished(record.game, go)

    def save_record_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        if self.page is None:
            return
        folder = str(self.records_folder())
        rec = self.page.record()
        suggestion = str(Path(folder) / f"{rec.game}-seed{rec.seed}.json")
        path, _filter = QFileDialog.getSaveFileName(self, _("Save the game record"), suggestion,
                                                    _("Game records (*.json)"))
        if path:
            self.settings.setValue("paths/records", str(Path(path).parent))
            self.save_record_to(Path(path))

    def save_record_to(self, path: Path) -> bool:
        from reclaimdesk.core.record import save_record

        if self.page is None:
            return False
        try:
            save_record(self.page.record(), path)
        except OSError as exc:
            self._message("warning", _("Could not save"),
                          _("The record could not be written to {path}: {error}").format(
                              path=path, error=exc.strerror or exc))
            return False
        self.statusBar().showMessage(_("Saved the record to {path}").format(path=path), 6000)
        return True

    def report_language_problems(self) -> None:
        """A damaged catalogue or font: said once in a run, in a warning; the app
        goes on in English (or with the system's fonts)."""
        from reclaimdesk.core import i18n

        problems = i18n.take_problems()
        if problems:
            self._message("warning", _("A language file is damaged"), "\n\n".join(problems))

    # --- a failing autosave ----------------------------------------------------
    def _autosave_changed(self, autosave: Autosave) -> None:
        """An autosave was written or failed to be: the warning above the page
        follows (one game is played at a time, so the latest write is its)."""
        from shiboken6 import isValid

        if not isValid(self) or not isValid(self.retry_timer):  # a window already deleted stops listening
            unwatch_autosaves(self._autosave_changed)
            return
        if autosave.failure is not None:
            self.failing_autosave = autosave
            if self.save_warning is None:
                self.save_warning = SaveWarning()
                self.save_warning.retryRequested.connect(guard_slot(self.retry_autosave))
                self.save_warning.elsewhereRequested.connect(guard_slot(lambda: self.autosave_elsewhere()))
                self.column.insertWidget(0, self.save_warning)
            self.save_warning.show_problem(autosave.failure.reason)
            if not self.retry_timer.isActive():
                self.retry_timer.start()
        elif self.failing_autosave is not None:
            self._autosave_ok()
            self.statusBar().showMessage(_("The game is saved again."), 6000)

    def _autosave_ok(self) -> None:
        self.failing_autosave = None
        self.retry_timer.stop()
        if self.save_warning is not None:
            self.save_warning.hide()

    def retry_autosave(self) -> None:
        """Write the failing autosave's kept record again (the warning's button and
        the timer)."""
        if self.failing_autosave is not None:
            self.failing_autosave.retry()

    def autosave_elsewhere(self, path: str | Path | None = None) -> bool:
        """Save the unsaved game to a file the player picks, and autosave there from
        now on; a file that cannot be written says why (the warning stays)."""
        autosave = self.failing_autosave
        if autosave is None or autosave.pending is None:
            return True
        if path is None:
            from PySide6.QtWidgets import QFileDialog

            rec = autosave.pending
            folder = str(self.records_folder())
            path, _filter = QFileDialog.getSaveFileName(self, _("Save the game elsewhere"),
                                                        str(Path(folder) / f"{rec.game}-seed{rec.seed}.json"),
                                                        _("Game records (*.json)"))
            if not path:
                return False
        if autosave.save_elsewhere(Path(path)):
            self.statusBar().showMessage(_("Saved; this game is now saved to {path} after every move.").format(
                path=path), 10000)
            return True
        self._message("warning", _("Could not save"), str(autosave.failure))
        return False

    def export_pdf(self) -> None:
        """The Export PDF dialog: for the open game (its filled sheet chosen), or
        from the start page with a choice of game."""
        if not export_available():
            return
        page = self._current_page()
        if page is not None:
            page.export_pdf()
            return
        from reclaimdesk.ui.export_dialog import open_export_dialog

        self.dialog = open_export_dialog(
            self, self.settings,
            on_saved=lambda path: self.statusBar().showMessage(_("Saved the PDF to {path}").format(path=path), 6000))

    # --- game actions -----------------------------------------------------------
    def _current_page(self) -> Any:
        return self.page if self.page is not None and self.stack.currentWidget() is self.page else None

    def undo(self) -> None:
        if self.page is not None:
            self.page.undo()

    def redo(self) -> None:
        if self.page is not None:
            self.page.redo()

    def hint(self) -> None:
        if self.page is not None:
            self.page.hint()

    def _page_changed(self, *_args: Any) -> None:
        self._fill_game_menu()
        self._update_actions()

    def _update_actions(self, *_args: Any) -> None:
        page = self._current_page()
        self.save_action.setEnabled(page is not None)
        self.undo_action.setEnabled(page is not None and page.can_undo())
        self.redo_action.setEnabled(page is not None and page.can_redo())
        self.hint_action.setEnabled(page is not None and page.can_hint())
        self.home_action.setEnabled(page is not None)
        can_export = export_available()
        self.export_action.setEnabled(can_export)
        if not can_export:
            tip = _("Printing comes with the print-and-play kit, which is not installed yet")
        elif page is None:
            tip = _("Print a game's blank kit as a PDF: sheets, cards and rules")
        else:
            tip = _("Print this game's filled sheet, or the blank kit, as a PDF")
        self.export_action.setToolTip(tip)
        self.export_action.setStatusTip(tip)

    def _status(self, text: str, timeout: int = 0) -> None:
        self.statusBar().showMessage(text, timeout)

    # --- help -------------------------------------------------------------------
    def show_rules(self, game_id: str | None = None) -> None:
        if not isinstance(game_id, str) or not game_id:
            if self.page is not None:
                game_id = self.page.game_id
            else:
                game_id = next(iter(self.start_page.cards), "")
        from reclaimdesk.ui.dialogs import RulesDialog

        self.dialog = RulesDialog(game_id, self)
        self.dialog.open()

    def show_about(self) -> None:
        from html import escape

        from reclaimdesk.core.game import all_games

        credits = "".join(
            f"<p><b>{escape(_(spec.name))}</b><br>{'<br>'.join(escape(line) for line in spec.credits.lines())}</p>"
            for spec in all_games() if spec.credits.lines())
        self._message(
            "information", _("About {app}").format(app=APP_NAME),
            f"<h3>{APP_NAME} {__version__}</h3>"
            + _("<p>A desktop home for small games about reclaiming land: play them "
                "alone or against AI players, and print them to play on paper.</p>")
            + credits
            + _("<p>This app is a fan-made helper; buy the printed games to support their makers.</p>"))

    def show_bests(self) -> None:
        from reclaimdesk.ui.dialogs import BestsDialog

        names = {game_id: _(card.spec.name) for game_id, card in self.start_page.cards.items()}
        self.dialog = BestsDialog([(names[g], t) for g, t in self.personal_bests(20).items()], self)
        self.dialog.open()

    def _message(self, kind: str, title: str, text: str) -> Any:
        """A window-modal message ('information' or 'warning') that does not block
        the caller (tests read ``last_message``)."""
        from reclaimdesk.ui.dialogs import message_box

        box = message_box(self, kind, title, text)
        self.last_message = box
        box.open()
        return box

    # --- closing ----------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.sync()
        self._close_page()
        super().closeEvent(event)
