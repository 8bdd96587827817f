"""The application: ``run_app(argv)``, the main window with its menus, and the
start page listing the five games.

The main window knows games only through a small page interface (see
:class:`GamePage`); Reclaim's page lives in :mod:`reclaimdesk.ui.reclaim` and is
imported when a game starts, which keeps the start of the app quick.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

# The app's own modules before Qt's: once PySide6 is loaded, it reads the source of
# each module an import statement names for the first time (its __feature__ hook);
# ui.style needs no Qt and ui.common imports the standard modules it needs before
# it loads Qt, which spares that reading for them (about 1.5 ms of the start).
from reclaimdesk import __version__
from reclaimdesk.ui import guard
from reclaimdesk.ui.autosave import Autosave
from reclaimdesk.ui.guard import guard_slot
from reclaimdesk.ui.style import MUTED, STYLE_ARGS, apply_style
from reclaimdesk.ui.common import (
    APP_NAME,
    GAMES,
    ORG_DOMAIN,
    ORG_NAME,
    PLAYABLE,
    GameInfo,
    data_dir,
    export_available,
    make_settings,
    rules_file,
    setting_bool,
    start_icons,
)
from reclaimdesk.ui.i18n import add_language_menu, apply_language, lang_argument, save_choice, start_language

from PySide6.QtCore import QByteArray, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent

SHOWN_ENV = "RECLAIMDESK_EXIT_WHEN_SHOWN"
"""Benchmarks set this: print 'shown' once the main window is up, then quit."""

MAPS = (("river", "River (beginner)"), ("lake", "Lake (advanced)"))
TABLES = {"the-reclamation": "reclaimdesk.ui.the_reclamation", "claim-control": "reclaimdesk.ui.claim_control"}
"""Games whose table module offers new_game_dialog, page_for_choice,
page_from_record and resume_text (imported when first used)."""
AUTO_PAY = (("offer", "Offer a button"), ("always", "Pay at once"), ("never", "Never"))


class GamePage(Protocol):
    """What the main window needs from a game's page."""

    game_id: str

    def can_undo(self) -> bool: ...
    def can_redo(self) -> bool: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def hint(self) -> None: ...
    def record(self) -> Any: ...
    def export_pdf(self) -> None: ...
    def shutdown(self) -> None: ...


# --- start page ---------------------------------------------------------------


class GameCard(QFrame):
    """One game on the start page: icon, name, players, a line about it, and
    either the ways to play it or a 'coming' badge."""

    soloRequested = Signal(str)
    dailyRequested = Signal(str)
    tableRequested = Signal(str)
    rulesRequested = Signal(str)
    playRequested = Signal(str)

    def __init__(self, info: GameInfo, playable: bool, engine_ready: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = info
        self.setObjectName("card")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 14, 14, 14)
        layout.setSpacing(6)
        picture = QLabel(self)
        picture.setPixmap(start_icons().pixmap(f"game-{info.id}.svg", 64, self.devicePixelRatioF()))
        picture.setFixedSize(64, 64)
        layout.addWidget(picture)
        # one label for name, players and blurb (fewer widgets: a quicker start)
        text = QLabel(f"<div style='font-size: 13pt; font-weight: 600;'>{info.name}</div>"
                      f"<div style='color: {MUTED};'>{info.players}</div>"
                      f"<p style='margin-top: 6px;'>{info.blurb}</p>", self)
        text.setObjectName("blurb")  # aligned top-left by the style sheet
        text.setWordWrap(True)
        text.setMinimumHeight(120)
        layout.addWidget(text, 1)
        self.map_box: QComboBox | None = None
        if playable:
            self.setEnabled(True)
            self.map_box = QComboBox(self)
            for key, label in MAPS:
                self.map_box.addItem(label, key)
            self.map_box.setToolTip("The map every sheet uses")
            layout.addWidget(self.map_box)
            self.solo_button = QPushButton("Solo score attack", self)
            self.solo_button.setObjectName("primary")
            self.solo_button.setToolTip("Play alone on a freshly shuffled deck; aim for 80, 90, 100")
            self.daily_button = QPushButton("Deck of the day", self)
            self.daily_button.setToolTip("Today's deck is the same for everyone: compare scores with friends")
            self.table_button = QPushButton("Table game...", self)
            self.table_button.setToolTip("2 to 6 seats, each a person or an AI player")
            for b in (self.solo_button, self.daily_button, self.table_button):
                layout.addWidget(b)
            self.solo_button.clicked.connect(lambda: self.soloRequested.emit(self.map_id()))
            self.daily_button.clicked.connect(lambda: self.dailyRequested.emit(self.map_id()))
            self.table_button.clicked.connect(lambda: self.tableRequested.emit(self.map_id()))
        elif info.id in TABLES and engine_ready:
            self.play_button = QPushButton("New game...", self)
            self.play_button.setObjectName("primary")
            self.play_button.setToolTip("Against the computer or two players at this computer")
            layout.addWidget(self.play_button)
            self.play_button.clicked.connect(lambda: self.playRequested.emit(info.id))
            playable = True
        else:
            badge = QLabel("Table coming" if engine_ready else "Coming", self)
            badge.setObjectName("badge")
            layout.addWidget(badge)
            self.setToolTip(f"The rules of {info.name} are built; its table is not there yet" if engine_ready
                            else f"{info.name} cannot be played in the app yet")
        if rules_file(info.id).exists():
            rules = QPushButton("Read the rules", self)
            rules.setObjectName("link")
            rules.clicked.connect(lambda: self.rulesRequested.emit(info.id))
            row = QHBoxLayout()
            row.addWidget(rules)
            row.addStretch(1)
            layout.addLayout(row)
        self.playable = playable
        # wide enough for its buttons' text (an explicit minimum overrides the layout's)
        self.setMinimumWidth(max(160, layout.minimumSize().width()))

    def map_id(self) -> str:
        return str(self.map_box.currentData()) if self.map_box is not None else "river"

    def set_map(self, map_id: str) -> None:
        if self.map_box is not None:
            index = self.map_box.findData(map_id)
            if index >= 0:
                self.map_box.setCurrentIndex(index)


class StartPage(QWidget):
    """The five games, a resume banner when an unfinished game was autosaved, and
    the personal bests of solo score attack."""

    soloRequested = Signal(str)
    dailyRequested = Signal(str)
    tableRequested = Signal(str)
    rulesRequested = Signal(str)
    resumeRequested = Signal()
    discardRequested = Signal()
    playRequested = Signal(str)

    def __init__(self, engine_games: Sequence[str] = ("reclaim",), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("page")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        outer.addWidget(scroll)
        body = QWidget()
        scroll.setWidget(body)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(28, 22, 28, 22)
        layout.setSpacing(16)

        head = QHBoxLayout()
        logo = QLabel()
        logo.setPixmap(start_icons().pixmap("app.svg", 48, self.devicePixelRatioF()))
        head.addWidget(logo)
        titles = QVBoxLayout()
        title = QLabel(APP_NAME)
        title.setObjectName("title")
        subtitle = QLabel("Five small games of reclaiming land. Pick one to play.")
        subtitle.setObjectName("subtitle")
        titles.addWidget(title)
        titles.addWidget(subtitle)
        head.addLayout(titles, 1)
        layout.addLayout(head)

        self.banner = QFrame()
        self.banner.setObjectName("banner")
        banner_row = QHBoxLayout(self.banner)
        banner_row.setContentsMargins(14, 8, 10, 8)
        self.banner_text = QLabel()
        self.banner_text.setWordWrap(True)
        banner_row.addWidget(self.banner_text, 1)
        self.resume_button = QPushButton("Resume")
        self.resume_button.setObjectName("primary")
        self.discard_button = QPushButton("Discard it")
        banner_row.addWidget(self.resume_button)
        banner_row.addWidget(self.discard_button)
        self.banner.hide()
        layout.addWidget(self.banner)
        self.resume_button.clicked.connect(self.resumeRequested)
        self.discard_button.clicked.connect(self.discardRequested)

        self.cards_box = QWidget()
        self.cards_layout = QGridLayout(self.cards_box)
        self.cards_layout.setContentsMargins(0, 0, 0, 0)
        self.cards_layout.setSpacing(12)
        layout.addWidget(self.cards_box)
        self.cards: dict[str, GameCard] = {}
        self.set_engine_games(engine_games)

        bests_head = QHBoxLayout()
        heading = QLabel("Personal bests, solo score attack")
        heading.setObjectName("heading")
        bests_head.addWidget(heading)
        bests_head.addStretch(1)
        self.daily_label = QLabel()
        self.daily_label.setObjectName("muted")
        bests_head.addWidget(self.daily_label)
        layout.addLayout(bests_head)
        self.bests_box = QVBoxLayout()
        layout.addLayout(self.bests_box)
        self.bests: Any = None
        layout.addStretch(1)

    def set_engine_games(self, engine_games: Sequence[str]) -> None:
        self.engine_games = tuple(engine_games)
        map_id = self.cards["reclaim"].map_id() if "reclaim" in self.cards else "river"
        for card in self.cards.values():
            card.setParent(None)
            card.deleteLater()
        self.cards.clear()
        for i, info in enumerate(GAMES):
            card = GameCard(info, info.id in PLAYABLE, info.id in engine_games, self.cards_box)
            card.soloRequested.connect(self.soloRequested)
            card.dailyRequested.connect(self.dailyRequested)
            card.tableRequested.connect(self.tableRequested)
            card.rulesRequested.connect(self.rulesRequested)
            card.playRequested.connect(self.playRequested)
            self.cards[info.id] = card
            self.cards_layout.addWidget(card, 0, i)
        self.cards["reclaim"].set_map(map_id)

    def set_bests(self, rows: Sequence[Any]) -> None:
        if self.bests is None:
            from reclaimdesk.ui.score_table import ScoreTable

            self.bests = ScoreTable()
            self.bests_box.addWidget(self.bests)
        self.bests.set_rows(rows)

    def show_resume(self, text: str | None) -> None:
        self.banner.setVisible(bool(text))
        self.banner_text.setText(text or "")


# --- main window ----------------------------------------------------------------


class MainWindow(QMainWindow):
    """The start page and, while a game runs, its page; the menus act on both."""

    def __init__(self, settings: Any = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else make_settings()
        self.setWindowTitle(APP_NAME)
        self.setWindowIcon(start_icons().app_icon())
        self.setMinimumSize(960, 640)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        # a game with a table has an engine too: the cards are right before the
        # deferred refresh confirms the engines (which imports the games)
        self.start_page = StartPage(("reclaim", *TABLES), self.stack)
        self.stack.addWidget(self.start_page)
        # shown at once: the map last played and the offer to resume an unfinished
        # game (a look for the autosave files when there is none); the personal
        # bests follow right after the window shows (finish_start_page)
        self.start_page.cards["reclaim"].set_map(str(self.settings.value("reclaim/map", "river")))
        self._refresh_resume()
        self.page: Any = None
        self.last_message: Any = None
        self.dialog: Any = None
        self._build_actions()
        self._build_menus()
        self._wire()
        self.statusBar().showMessage("Welcome. Choose a game to play.", 5000)
        self._restore_geometry()
        self._update_actions()

    # --- construction ---------------------------------------------------------
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
        self.new_action = self._action("&New game...", self.new_game, key("Ctrl+N"),
                                       "Start a new game of Reclaim")
        self.open_action = self._action("&Open record...", self.open_record_dialog, key("Ctrl+O"),
                                        "Open a saved game record")
        self.save_action = self._action("&Save record...", self.save_record_dialog, key("Ctrl+S"),
                                        "Save the game record to a file")
        self.export_action = self._action("&Export PDF...", self.export_pdf, key("Ctrl+E"))
        self.bests_action = self._action("&Personal bests", self.show_bests, None,
                                         "The best solo scores so far")
        self.home_action = self._action("&Back to the start page", self.back_to_start, key("Ctrl+Shift+H"))
        self.quit_action = self._action("&Quit", self.close, key("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self._action("&Undo", self.undo, key("Ctrl+Z"),
                                        "Take back the last step of this turn")
        self.redo_action = self._action("&Redo", self.redo, [key("Ctrl+Shift+Z"), key("Ctrl+Y")],
                                        "Do again what was taken back")
        self.hint_action = self._action("&Hint", self.hint, key("H"), "Ask the strongest AI what it would do")
        self.turn_actions = {
            "triangles": self._action("Special action: &triangles", lambda: self._turn("triangles"), key("T"),
                                      "Cross out the next number and take its triangles"),
            "shape": self._action("Special action: s&hape", lambda: self._turn("shape"), key("S"),
                                  "Cross out the next number and take its shape"),
            "pass": self._action("Accept the &penalty", lambda: self._turn("pass"), key("P"),
                                 "Cross out the next number when the cost or the shape cannot be managed"),
            "end": self._action("&End turn", lambda: self._turn("end"), key("E"), "Finish this round"),
        }
        self.rules_action = self._action("&Rules", self.show_rules, key("F1"), "The rules of the game")
        self.about_action = self._action("&About ReclaimDesk", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

        self.animations_action = QAction("&Animations", self, checkable=True)
        self.animations_action.setChecked(setting_bool(self.settings, "options/animations", True))
        self.animations_action.setStatusTip("Show short animations when sections complete or X marks appear")
        self.autopay_group = QActionGroup(self)
        current = str(self.settings.value("options/auto_pay", "offer"))
        self.autopay_actions: dict[str, QAction] = {}
        for value, label in AUTO_PAY:
            a = QAction(label, self, checkable=True)
            a.setData(value)
            a.setChecked(value == current)
            self.autopay_group.addAction(a)
            self.autopay_actions[value] = a

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        for a in (self.new_action, self.open_action, self.save_action, self.export_action):
            file_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(self.bests_action)
        file_menu.addAction(self.home_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        game_menu = bar.addMenu("&Game")
        game_menu.addAction(self.undo_action)
        game_menu.addAction(self.redo_action)
        game_menu.addSeparator()
        game_menu.addAction(self.hint_action)
        game_menu.addSeparator()
        for a in self.turn_actions.values():
            game_menu.addAction(a)
        options = bar.addMenu("&Options")
        pay_menu = options.addMenu("When only one way to pay exists")
        for a in self.autopay_actions.values():
            pay_menu.addAction(a)
        options.addAction(self.animations_action)
        add_language_menu(options, self.settings, self.switch_language)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.rules_action)
        help_menu.addAction(self.about_action)

    def _wire(self) -> None:
        """Every signal connection of the window, in one place."""
        self._wire_start_page()
        self._wire_options()
        self.stack.currentChanged.connect(self._update_actions)

    def _wire_start_page(self) -> None:
        sp = self.start_page
        sp.soloRequested.connect(guard_slot(self.start_solo))
        sp.dailyRequested.connect(guard_slot(self.start_daily))
        sp.tableRequested.connect(guard_slot(self.new_table_game))
        sp.rulesRequested.connect(guard_slot(self.show_rules))
        sp.resumeRequested.connect(guard_slot(self.resume_autosave))
        sp.discardRequested.connect(guard_slot(self.discard_autosave))
        sp.playRequested.connect(guard_slot(self.new_game_of))

    def _wire_options(self) -> None:
        self.animations_action.toggled.connect(self._options_changed)
        self.autopay_group.triggered.connect(self._options_changed)

    # --- language ---------------------------------------------------------------
    def switch_language(self, choice: str) -> None:
        """Options > Language: remember ``choice`` (system, en, ja), switch to it
        and say everything on screen again in it."""
        save_choice(self.settings, choice)
        apply_language(choice)
        self.retranslate()

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
        self.start_page = StartPage(("reclaim", *TABLES), self.stack)
        self.stack.insertWidget(0, self.start_page)
        self._wire_start_page()
        self.stack.removeWidget(old)
        old.deleteLater()
        self.refresh_start_page()
        page = self.page
        if page is not None:
            record = page.record()
            if page.game_id in TABLES:
                self._show_page(importlib.import_module(TABLES[page.game_id]).page_from_record(
                    record, self.settings, getattr(page, "source", None)))
            else:
                self._open_reclaim_record(record, source=getattr(page, "source", None))
            if current is not page:
                self.stack.setCurrentWidget(self.start_page)
        else:
            self.stack.setCurrentWidget(self.start_page)
            self.setWindowTitle(APP_NAME)
        self._update_actions()

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

    # --- options ----------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        checked = self.autopay_group.checkedAction()
        return {
            "animations": self.animations_action.isChecked(),
            "auto_pay": checked.data() if checked is not None else "offer",
        }

    def _options_changed(self, *_: Any) -> None:
        opts = self.options()
        self.settings.setValue("options/animations", opts["animations"])
        self.settings.setValue("options/auto_pay", opts["auto_pay"])
        if self.page is not None and hasattr(self.page, "set_options"):
            self.page.set_options(opts)

    # --- start page -------------------------------------------------------------
    def refresh_start_page(self) -> None:
        """All the start page shows that can change: the games with an engine, the
        map last played, the personal bests and the resume banner."""
        self._refresh_engines()
        self.start_page.cards["reclaim"].set_map(str(self.settings.value("reclaim/map", "river")))
        self._refresh_bests()
        self._refresh_resume()

    def finish_start_page(self) -> None:
        """What the window's first show leaves for right after it, so that the app
        starts quickly: the personal bests (SQLite and their table), then, once
        they are painted, the check of the games' engines (which imports every
        game and changes nothing on screen unless one of them is broken)."""
        self._refresh_bests()
        QTimer.singleShot(0, self._refresh_engines)

    def _refresh_engines(self) -> None:
        try:
            from reclaimdesk.core.game import all_games

            engines = [g.id for g in all_games()]
        except Exception:  # noqa: BLE001 - a broken game module must not stop the app
            engines = ["reclaim"]
        if set(engines) != set(self.start_page.engine_games):
            self.start_page.set_engine_games(engines)

    def _refresh_bests(self) -> None:
        from datetime import date

        from reclaimdesk.core.rng import seed_from_text
        from reclaimdesk.ui.scores import open_default

        try:
            rows = open_default().best(10)
        except Exception as exc:  # noqa: BLE001 - show, do not crash
            rows = []
            self.statusBar().showMessage(f"Could not read the personal bests: {exc}", 8000)
        self.start_page.set_bests(rows)
        today = date.today()
        self.start_page.daily_label.setText(
            f"Deck of the day for {today.isoformat()}: seed {seed_from_text(today.isoformat())}")

    def _autosave(self, game_id: str | None = None) -> Autosave:
        return Autosave(data_dir(), game_id or getattr(self, "_resume_game", "reclaim"))

    def _refresh_resume(self) -> None:
        self._resume_game = "reclaim"
        found = self._autosave().unfinished()
        if found is None:
            for game_id, module in TABLES.items():
                other = self._autosave(game_id).unfinished()
                if other is not None:
                    self._resume_game = game_id
                    self.start_page.show_resume(importlib.import_module(module).resume_text(other))
                    return
            self.start_page.show_resume(None)
            return
        rec = found.record
        state = rec.replay()
        seats = len(rec.players)
        who = "solo" if seats == 1 else f"{seats} seats"
        when = found.saved_at.strftime("%Y-%m-%d %H:%M")
        stage = "setting up" if state.round == 0 else f"round {state.round} of 16"
        self.start_page.show_resume(
            f"<b>An unfinished game of Reclaim</b> ({who}, {rec.options.get('map', 'river')} map, "
            f"{stage}) was saved on {when}. Resume it where it stopped?")

    def resume_autosave(self) -> None:
        found = self._autosave().unfinished()
        if found is None:
            self.start_page.show_resume(None)
            self._message("information", "Nothing to resume",
                          "The autosaved game is gone or already finished.")
            return
        if found.record.game in TABLES:
            self._show_page(importlib.import_module(TABLES[found.record.game]).page_from_record(
                found.record, self.settings))
            return
        self._open_reclaim_record(found.record, source=None)

    def discard_autosave(self) -> None:
        self._autosave().discard()
        self.start_page.show_resume(None)
        self.statusBar().showMessage("The unfinished game was discarded.", 4000)

    # --- starting games ---------------------------------------------------------
    def _remember_map(self, map_id: str) -> None:
        self.settings.setValue("reclaim/map", map_id)

    def start_solo(self, map_id: str = "river", seed: int | None = None) -> None:
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big") & 0x7FFFFFFF
        self._remember_map(map_id)
        self.start_reclaim([{"name": "You", "kind": "human"}], seed, {"map": map_id, "variant": False})

    def start_daily(self, map_id: str = "river") -> None:
        from datetime import date

        from reclaimdesk.core.rng import seed_from_text

        self._remember_map(map_id)
        seed = seed_from_text(date.today().isoformat())
        self.start_reclaim([{"name": "You", "kind": "human"}], seed, {"map": map_id, "variant": False},
                           daily=True)

    def new_game(self) -> None:
        if self.page is not None and self.page.game_id in TABLES:
            self.new_game_of(self.page.game_id)
            return
        self.new_table_game(self.start_page.cards["reclaim"].map_id(), solo_first=True)

    def new_table_game(self, map_id: str = "river", solo_first: bool = False) -> None:
        from reclaimdesk.ui.reclaim.newgame import NewGameDialog

        dialog = NewGameDialog(self.settings, map_id, solo_first=solo_first, parent=self)
        dialog.chosen.connect(self._start_from_dialog)
        self.dialog = dialog
        dialog.open()

    def new_game_of(self, game_id: str) -> None:
        """A new game of one of :data:`TABLES`: its dialog, then its page."""
        module = importlib.import_module(TABLES[game_id])
        dialog = module.new_game_dialog(self.settings, self)
        dialog.chosen.connect(lambda choice: self._show_page(module.page_for_choice(choice, self.settings)))
        self.dialog = dialog
        dialog.open()

    def _start_from_dialog(self, choice: dict) -> None:
        self._remember_map(choice["options"]["map"])
        self.start_reclaim(choice["players"], choice["seed"], choice["options"], daily=choice.get("daily", False))

    def start_reclaim(self, players: list[dict], seed: int, options: dict, daily: bool = False) -> None:
        from reclaimdesk.ui.reclaim.page import ReclaimPage

        page = ReclaimPage.new_game(players, seed, options, settings=self.settings,
                                    options_ui=self.options(), daily=daily)
        self._show_page(page)

    def _open_reclaim_record(self, record: Any, source: Path | None) -> None:
        from reclaimdesk.ui.reclaim.page import ReclaimPage

        page = ReclaimPage.from_record(record, settings=self.settings, options_ui=self.options(),
                                       source=source)
        self._show_page(page)

    def _show_page(self, page: Any) -> None:
        self._close_page()
        self.page = page
        page.status.connect(self._status)
        page.actionsChanged.connect(self._update_actions)
        page.homeRequested.connect(self.back_to_start)
        page.newGameRequested.connect(self._replay_request)
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self.start_page.show_resume(None)
        self.statusBar().clearMessage()
        self.setWindowTitle(f"{page.title()} - {APP_NAME}")
        self._update_actions()
        page.setFocus()
        page.started()

    def _replay_request(self, what: str) -> None:
        page = self.page
        if page is not None and page.game_id in TABLES:
            self.new_game_of(page.game_id)
            return
        map_id = page.options().get("map", "river") if page is not None else "river"
        if what == "daily":
            self.start_daily(map_id)
        elif what == "solo":
            self.start_solo(map_id)
        else:
            self.new_table_game(map_id)

    def _close_page(self) -> None:
        if self.page is None:
            return
        page, self.page = self.page, None
        page.shutdown()
        self.stack.removeWidget(page)
        page.deleteLater()

    def back_to_start(self) -> None:
        self._close_page()
        self.stack.setCurrentWidget(self.start_page)
        self.setWindowTitle(APP_NAME)
        self.refresh_start_page()
        self._update_actions()

    # --- records ----------------------------------------------------------------
    def open_record_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        folder = str(self.settings.value("paths/records", str(Path.home())))
        path, _ = QFileDialog.getOpenFileName(self, "Open a game record", folder,
                                              "Game records (*.json);;All files (*)")
        if path:
            self.settings.setValue("paths/records", str(Path(path).parent))
            self.open_record(Path(path))

    def open_record(self, path: str | Path) -> bool:
        """Open a record file; any problem shows a dialog and changes nothing."""
        from reclaimdesk.core.errors import ReclaimDeskError, ReplayError
        from reclaimdesk.core.record import load_record

        path = Path(path)
        try:
            record = load_record(path)
            if record.game not in PLAYABLE and record.game not in TABLES:
                name = next((g.name for g in GAMES if g.id == record.game), record.game)
                raise ValueError(f"{path.name} is a record of {name}, which has no table in the app yet.")
            record.replay()
        except ReplayError as exc:
            self._message("warning", "This record cannot be replayed",
                          f"{path.name} does not follow the rules at {exc}. Nothing was opened.")
            return False
        except (ReclaimDeskError, ValueError, OSError) as exc:
            self._message("warning", "Not a game record ReclaimDesk can open",
                          f"{exc}\n\nNothing was opened and your current game is unchanged.")
            return False
        if record.game in TABLES:
            self._show_page(importlib.import_module(TABLES[record.game]).page_from_record(record, self.settings, path))
            return True
        self._open_reclaim_record(record, source=path)
        return True

    def save_record_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        if self.page is None:
            return
        folder = str(self.settings.value("paths/records", str(Path.home())))
        rec = self.page.record()
        suggestion = str(Path(folder) / f"{rec.game}-seed{rec.seed}.json")
        path, _ = QFileDialog.getSaveFileName(self, "Save the game record", suggestion,
                                              "Game records (*.json)")
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
            self._message("warning", "Could not save",
                          f"The record could not be written to {path}: {exc.strerror or exc}")
            return False
        self.statusBar().showMessage(f"Saved the record to {path}", 6000)
        return True

    def export_pdf(self) -> None:
        """The Export PDF dialog: for the open game (its filled sheet chosen), or
        the blank kit from the start page."""
        if not export_available():
            return
        page = self.page if self.stack.currentWidget() is self.page else None
        if page is not None:
            page.export_pdf()
            return
        from reclaimdesk.ui.export_dialog import open_export_dialog

        self.dialog = open_export_dialog(
            self, self.settings, on_saved=lambda path: self.statusBar().showMessage(f"Saved the PDF to {path}", 6000))

    # --- game actions -----------------------------------------------------------
    def undo(self) -> None:
        if self.page is not None:
            self.page.undo()

    def redo(self) -> None:
        if self.page is not None:
            self.page.redo()

    def hint(self) -> None:
        if self.page is not None:
            self.page.hint()

    def _turn(self, what: str) -> None:
        if self.page is not None and hasattr(self.page, "turn_action"):
            self.page.turn_action(what)

    def _update_actions(self, *_: Any) -> None:
        page = self.page if self.stack.currentWidget() is self.page else None
        self.save_action.setEnabled(page is not None)
        self.undo_action.setEnabled(page is not None and page.can_undo())
        self.redo_action.setEnabled(page is not None and page.can_redo())
        self.hint_action.setEnabled(page is not None and page.can_hint())
        has_turn_commands = page is not None and hasattr(page, "turn_action")  # Reclaim's T, S, P, E
        for a in self.turn_actions.values():
            a.setEnabled(has_turn_commands and page.can_hint())
        self.home_action.setEnabled(page is not None)
        can_export = export_available()
        self.export_action.setEnabled(can_export)
        if not can_export:
            tip = "Printing comes with the print-and-play kit, which is not installed yet"
        elif page is None:
            tip = "Print the blank kit as a PDF: player sheets, cards and rules"
        else:
            tip = "Print this game's filled sheet, or the blank kit, as a PDF"
        self.export_action.setToolTip(tip)
        self.export_action.setStatusTip(tip)

    def _status(self, text: str, timeout: int = 0) -> None:
        self.statusBar().showMessage(text, timeout)

    # --- help -------------------------------------------------------------------
    def show_rules(self, game_id: str | None = None) -> None:
        if not isinstance(game_id, str) or not game_id:
            game_id = self.page.game_id if self.page is not None else "reclaim"
        from reclaimdesk.ui.dialogs import RulesDialog

        self.dialog = RulesDialog(game_id, self)
        self.dialog.open()

    def show_about(self) -> None:
        self._message(
            "information", f"About {APP_NAME}",
            f"<h3>{APP_NAME} {__version__}</h3>"
            "<p>A desktop home for five small games about reclaiming land: play them "
            "alone or against AI players, and print them to play on paper.</p>"
            "<p>Reclaim was designed by Yusuke Sawaguchi (illustrated by Makoto Takami). "
            "This app is a fan-made helper; buy the printed games to support their makers.</p>")

    def show_bests(self) -> None:
        from reclaimdesk.ui.dialogs import BestsDialog
        from reclaimdesk.ui.scores import open_default

        self.dialog = BestsDialog(open_default().best(20), self)
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


def _announce_shown(window: "MainWindow") -> None:
    """``$RECLAIMDESK_EXIT_WHEN_SHOWN``: print 'shown' once the window is up, and
    quit. Set to ``complete``, the app first finishes the start page (the personal
    bests), paints it and prints 'complete' too: the benchmark times both."""
    print("shown", flush=True)
    if window.page is not None:
        print(f"opened {window.page.game_id} with {len(window.page.record().actions)} actions", flush=True)
    if os.environ.get(SHOWN_ENV) == "complete" and window.page is None:
        window.finish_start_page()  # the personal bests now, the engines' check queued
        window.start_page.repaint()
        print("complete", flush=True)
    start_icons().save()
    QApplication.instance().quit()


def _after_shown(window: "MainWindow") -> None:
    """What waits until the window is up: the cyclic garbage collector back on (the
    command line turns it off while the app starts; what the start made lives as
    long as the app, so it is frozen out of later collections), the icon cache
    written if an icon was rendered from its SVG, and the rest of the start page."""
    gc.freeze()
    gc.enable()
    start_icons().save()
    if window.page is None:
        window.finish_start_page()


def run_app(argv: Sequence[str]) -> int:
    """Start the desktop app; ``argv`` are the arguments after the program name
    (a record file opens at once). Returns the exit status."""
    args = [a for a in argv if a]
    # HiDPI: Qt 6 scales by the screen's device pixel ratio and, by default, passes
    # fractional factors through unrounded (PassThrough); everything the app draws
    # is vector (SVG icons, painted items), so it stays sharp at any factor.
    app = QApplication.instance()
    fusion_chosen = app is None
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else "reclaimdesk", *args, *STYLE_ARGS])
    app.setOrganizationName(ORG_NAME)
    app.setOrganizationDomain(ORG_DOMAIN)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("reclaimdesk")
    app.setWindowIcon(start_icons().app_icon())
    apply_style(app, fusion_chosen)
    settings = make_settings()
    start_language(settings, args, app)
    lang_value = lang_argument(args)
    files = [a for a in args if not a.startswith("-") and not (a == lang_value and "--lang" in args)]
    instance = None
    if not os.environ.get(SHOWN_ENV):  # one app per data folder: a second start hands over its file
        from reclaimdesk.ui.instance import claim_or_exit

        instance = claim_or_exit(data_dir(), files)
        if isinstance(instance, int):
            return instance
    window = MainWindow(settings)
    guard.install(guard.window_context(window))
    if instance is not None:
        from reclaimdesk.ui.instance import serve_window

        serve_window(instance, window)
    window.show()
    if files:
        guard_slot(window.open_record)(Path(files[0]))
    if os.environ.get(SHOWN_ENV):
        QTimer.singleShot(0, lambda: _announce_shown(window))
    else:
        QTimer.singleShot(0, lambda: _after_shown(window))
    return app.exec()
