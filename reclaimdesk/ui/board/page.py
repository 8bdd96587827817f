"""The page a game shows in the main window, written once: a stack of the table
(while the game runs) and the end screen, with the plumbing the main window talks
to (undo/redo, hint, the record, the autosave's archive of a finished game, the
save dialog, the paper to print on, a failure shown in a box).

A game's page subclasses :class:`GamePage`, names its controller class
(``controller_class = "package.module:Class"``), builds its table in
``__init__`` and hands it to :meth:`GamePage.add_table`, and defines the hook
``make_end_screen``. The base makes the page for a new game or a record
(:meth:`GamePage.new_game`, :meth:`GamePage.from_record`, with the game's
autosave), wires the table and the controller, files a finished game, shows the
end screen (connecting whichever of its requests it has: again, home, save,
take back, print) and goes back to the table when a take back leaves the end.

The move that ends a game is painted first: filing the game and building the
end screen come in a step of their own just after (:meth:`GamePage._end_step`),
and a page that goes before that step files the game on its way out
(:meth:`GamePage.file_due`, from :meth:`GamePage.shutdown`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QMessageBox, QPlainTextEdit, QStackedWidget, QTextEdit,
    QWidget,
)

from reclaimdesk.core.i18n import _
from reclaimdesk.core.record import GameRecord
from reclaimdesk.ui.board.hooks import GameHooks, game_hook


TABLE_KEYS: tuple[tuple[Qt.Key, ...], ...] = (
    (Qt.Key.Key_Return, Qt.Key.Key_Enter), (Qt.Key.Key_Escape,),
    (Qt.Key.Key_Left,), (Qt.Key.Key_Right,), (Qt.Key.Key_Up,), (Qt.Key.Key_Down,),
)
"""The table's keys that work whatever widget of the window has the focus: Enter
(take the hint, confirm), Esc (put away, drop) and the arrows (the board's
cursor). H, Ctrl+Z and Ctrl+Shift+Z are the window's menu actions."""


def is_text_field(widget: QWidget | None) -> bool:
    """Whether ``widget`` is one the keys are typed into (a line, an editable text,
    a spin box or an editable drop-down): the table's keys leave it alone."""
    if isinstance(widget, (QLineEdit, QAbstractSpinBox)):
        return True
    if isinstance(widget, (QTextEdit, QPlainTextEdit)):
        return not widget.isReadOnly()
    return isinstance(widget, QComboBox) and widget.isEditable()


class GamePage(GameHooks, QStackedWidget):
    """A subclass builds ``self.table`` (with a ``view``), adds it, and wires it;
    it shows its end screen in ``show_end``."""

    status = Signal(str, int)
    actionsChanged = Signal()
    homeRequested = Signal()
    newGameRequested = Signal(str)
    reviewRequested = Signal()
    """The end screen's "Review this game" (every game's, added by the base)."""
    ending = Signal()
    """The step after a game's last move begins: that move is on the board, the
    filing and the end screen follow (the bench's redraw of the move ends here)."""
    ended = Signal()
    """That step is done: the game filed (``library_id``) and, for a game that shows
    it at once, the end screen up (``end``)."""

    game_id = ""
    controller_class: ClassVar[str] = ""
    """The game's controller, as ``"package.module:Class"`` (a subclass of
    :class:`reclaimdesk.ui.board.controller.GameController`)."""
    again_choice: ClassVar[str] = "table"
    """What the end screen's "play again" asks the window for (a card action),
    when its request carries none."""
    end_at_once: ClassVar[bool] = True
    """Whether the end screen shows as the game ends (False: the table shows the
    ending first and calls :meth:`show_end` itself)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.game_id and not cls.controller_class:
            raise TypeError(f"{cls.__name__} must set controller_class (the game's GameController)")

    def __init__(self, controller: Any, *, settings: Any = None, source: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("page")
        self.settings = settings
        self.controller = controller
        self.source = source
        self.archived: Path | None = None
        self.library_id: int | None = None
        """The finished game's entry in the library of played games."""
        self.table: Any = None
        self.end: Any = None
        self.last_message: QMessageBox | None = None
        self._end_due = False
        """The game has ended and is not filed yet (the step after its last move is to come)."""
        self._build_hint_action()
        self._build_key_actions()

    # --- construction ----------------------------------------------------------------
    @classmethod
    def controller_type(cls) -> Any:
        from reclaimdesk.core.game import import_named

        return import_named(cls.controller_class)

    @classmethod
    def autosave(cls) -> Any:
        """The autosave of this game in the data folder."""
        from reclaimdesk.ui.autosave import Autosave
        from reclaimdesk.ui.common import data_dir

        return Autosave(data_dir(), cls.game_id)

    @classmethod
    def new_game(cls, players: list[dict], seed: int, options: dict | None = None, *, settings: Any = None,
                 **page_options: Any) -> "GamePage":
        controller = cls.controller_type().new_game(players, int(seed), options or {}, autosave=cls.autosave(),
                                                    **cls.controller_options(page_options))
        return cls(controller, settings=settings, **page_options)

    @classmethod
    def from_record(cls, record: GameRecord, *, settings: Any = None, source: Path | None = None,
                    **page_options: Any) -> "GamePage":
        """The page of a saved game; a finished one is not autosaved again."""
        autosave = None if record.result is not None else cls.autosave()
        controller = cls.controller_type()(record, autosave=autosave, **cls.controller_options(page_options))
        return cls(controller, settings=settings, source=source, **cls.page_options_for(record, page_options))

    @classmethod
    def controller_options(cls, page_options: dict) -> dict:
        """What the controller takes from the page's options (none by default)."""
        return {}

    @classmethod
    def page_options_for(cls, record: GameRecord, page_options: dict) -> dict:
        """The page's options for a game opened from ``record``."""
        return page_options

    def add_table(self, table: Any) -> None:
        """Show ``table`` and wire what every table shares: its status lines and
        action changes, its "results" request, the controller's end and changes."""
        self.table = table
        self.addWidget(table)
        table.status.connect(self.status)
        table.actionsChanged.connect(self.actionsChanged)
        results = getattr(table, "resultsRequested", None)
        if results is not None:
            results.connect(self.show_end)
        self.controller.finished.connect(self._finished)
        self.controller.changed.connect(self._back_to_table_if_playing)

    def started(self) -> None:
        if self.controller.over:
            self.show_end()
            text = self.end_status()
            if text:
                self.status.emit(text, 0)
            return
        self.controller.start()
        self.table.view.setFocus()
        self.announce_start()

    def announce_start(self) -> None:
        """The status line once the table is up: where an opened record stands."""
        if self.source is not None:
            self.status.emit(_("Opened {file}: {progress}.").format(file=self.source.name,
                                                                    progress=self.progress_text()), 6000)

    def progress_text(self) -> str:
        return ""

    # --- the end ---------------------------------------------------------------------
    @game_hook
    def make_end_screen(self) -> QWidget:
        """The game's end screen for the finished game (built again each time it shows)."""

    def end_status(self) -> str:
        """The status line when the game ends ("" for none)."""
        return ""

    def record_result(self) -> None:
        """Keep what the game keeps of a finished game (its personal bests)."""

    def _finished(self) -> None:
        """The game has ended with the move just made: the board shows that move
        now, in this slot, and the filing and the end screen come in a step of
        their own right after (:meth:`_end_step`), so the click that ends a game
        is redrawn as fast as any other (filing opens the library, the first time
        sets it up; the end screen is a page of widgets)."""
        self._end_due = True
        self._paint_table_now()
        QTimer.singleShot(0, self, self._end_step)

    def _paint_table_now(self) -> None:
        """Paint the table as it is (the panels' new text laid out first), before
        the step that follows the last move takes the event loop."""
        table = self.table
        if table is None or not table.isVisible():
            return
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        table.repaint()

    def _end_step(self) -> None:
        """File the finished game, then show the end screen (or, for a game that
        shows its ending first, let it ask for it). An error reaches the player
        in the app's error dialog: the game is in the autosave all the same."""
        if not self._end_due:
            return  # filed already: the end screen was asked for, or the page went
        self.ending.emit()
        try:
            if self.controller.over:
                self.file_due()
                if self.end_at_once:
                    self.show_end()
                    text = self.end_status()
                    if text:
                        self.status.emit(text, 0)
            self._end_due = False
            self.actionsChanged.emit()
        except Exception as exc:  # noqa: BLE001 - a slot: said in a dialog, never silent
            import traceback

            from reclaimdesk.ui.guard import report_error

            self._end_due = False
            report_error(_("show the end of the game"), exc, traceback.format_exc())
        self.ended.emit()

    def file_due(self) -> None:
        """File the finished game now if that is still to do (the step after its
        last move has not run): the page is going (the window closes, a new game,
        the language switched) or the end screen is asked for first."""
        if not self._end_due:
            return
        self._end_due = False
        if self.controller.over:  # not taken back in between
            self.archive_finished()
            self.record_result()  # before the end screen, which may tell it

    def show_end(self) -> None:
        """Switch to the end screen (built again, so it tells the game as it is);
        in a review the table stays (the review has its own way on)."""
        if not self.controller.over or getattr(self.controller, "reviewing", False):
            return
        self.file_due()  # the end screen tells the game as filed
        if self.end is not None:
            self.removeWidget(self.end)
            self.end.deleteLater()
        self.end = self.make_end_screen()
        def again(*args: Any) -> None:
            self.newGameRequested.emit(args[0] if args and isinstance(args[0], str) else self.again_choice)

        for name, slot in (("againRequested", again),
                           ("homeRequested", self.homeRequested), ("saveRequested", self._save_dialog),
                           ("undoRequested", self.undo), ("printRequested", self.export_pdf),
                           ("exportRequested", self.export_pdf)):
            signal = getattr(self.end, name, None)
            if signal is not None:
                signal.connect(slot)
        self._add_review_button(self.end)
        self.addWidget(self.end)
        self.setCurrentWidget(self.end)
        self.actionsChanged.emit()

    def _add_review_button(self, end: QWidget) -> None:
        """Every end screen offers to go through the game move by move."""
        from PySide6.QtWidgets import QPushButton

        self.review_button = QPushButton(_("Review this game"))
        self.review_button.setObjectName("reviewButton")
        self.review_button.setToolTip(_("Go through the game move by move, with the AI's view of your decisions"))
        self.review_button.clicked.connect(self.reviewRequested)
        adder = getattr(end, "add_shared_button", None)
        if callable(adder):
            adder(self.review_button)
        elif end.layout() is not None:
            end.layout().addWidget(self.review_button)

    def _back_to_table_if_playing(self, *_changes: Any) -> None:
        """A take back from the end screen (where the game allows one) brings the
        table back."""
        if not self.controller.over and self.table is not None and self.currentWidget() is not self.table:
            self.setCurrentWidget(self.table)
            self.table.view.setFocus()
            self.actionsChanged.emit()

    # --- the page interface ------------------------------------------------------------
    def options(self) -> dict:
        return dict(self.controller.state.options)

    def _playing(self) -> bool:
        return self.currentWidget() is self.table

    def can_undo(self) -> bool:
        # from the end screen too, where the game allows taking its end back
        return self.currentWidget() in (self.table, self.end) and self.controller.can_undo()

    def can_redo(self) -> bool:
        return self._playing() and self.controller.can_redo()

    def can_hint(self) -> bool:
        return self._playing() and self.controller.human_turn()

    def undo(self) -> None:
        if self.can_undo():
            self.controller.undo()

    def redo(self) -> None:
        if self._playing():
            self.controller.redo()

    def hint(self) -> None:
        if self._playing():
            self.controller.request_hint()

    def record(self) -> GameRecord:
        return self.controller.record()

    def menu_actions(self) -> list:
        """The commands this page adds to the Game menu (``QAction``s it owns and
        keeps enabled right): Take the hint (Enter on the board does the same)."""
        return [self.take_hint_action]

    def _build_hint_action(self) -> None:
        # the menu names Enter without taking the key from the board and the dialogs
        enter = QKeySequence(Qt.Key.Key_Enter).toString(QKeySequence.SequenceFormat.NativeText)
        self.take_hint_action = QAction(_("Take the hint") + "\t" + enter, self)
        tip = _("Do what the hint on the board says")
        self.take_hint_action.setStatusTip(tip)
        self.take_hint_action.setToolTip(tip)
        self.take_hint_action.triggered.connect(self.take_hint)
        c = self.controller
        for signal in (c.changed, c.hintChanged, c.busyChanged):
            signal.connect(self._update_hint_action)
        self._update_hint_action()

    def _build_key_actions(self) -> None:
        """The table's keys as actions of the window (``WindowShortcut``, owned by
        the page): after a click on a button or in the log, or once a dialog is
        gone, Enter, Esc and the arrows still reach the board."""
        self.key_actions: list[QAction] = []
        for keys in TABLE_KEYS:
            action = QAction(self)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.setAutoRepeat(True)
            action.triggered.connect(lambda _checked=False, key=keys[0]: self.press_key(key))
            self.addAction(action)
            self.key_actions.append(action)

    def press_key(self, key: Qt.Key) -> bool:
        """One of the table's keys, pressed anywhere in the window: handled by the
        board as if it had the focus. True when the board took it."""
        if not self._playing() or self.table is None or getattr(self.table, "view", None) is None:
            return False
        return self.table.press_key(key)

    def event(self, event: QEvent) -> bool:
        # a text field with the focus (or the end screen) keeps the table's keys: Qt
        # then gives them to the focused widget instead of the window's actions
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and any(event.key() in keys for keys in TABLE_KEYS)
                and (is_text_field(QApplication.focusWidget()) or not self._playing())):
            event.accept()
            return True
        return super().event(event)

    def _update_hint_action(self, *_args: Any) -> None:
        self.take_hint_action.setEnabled(self._playing() and self.controller.hint_ready())

    def take_hint(self) -> None:
        """Game > Take the hint: play the hint on show."""
        if self._playing() and self.table is not None:
            self.table.take_hint()

    def shutdown(self) -> None:
        """The page goes: a game that ended a moment ago is filed first (the step
        after its last move may not have run), then the controller stops. An error
        is shown and the page still goes (the autosave holds the game: the next
        start files it)."""
        try:
            self.file_due()
        except Exception as exc:  # noqa: BLE001 - said in a dialog; closing goes on
            import traceback

            from reclaimdesk.ui.guard import report_error

            report_error(_("keep the finished game in Games played"), exc, traceback.format_exc())
        finally:
            self.controller.close()

    # --- the end ------------------------------------------------------------------------
    def archive_finished(self) -> None:
        """File the finished game beside the autosave (a failure only says so)."""
        c = self.controller
        try:
            if c.autosave is not None:
                record = c.record()
                self.archived = c.autosave.archive(record)
                from reclaimdesk.ui.played import file_finished

                self.library_id = file_finished(c.autosave.folder, record, self.archived, self.library_extra())
        except (OSError, ValueError) as exc:  # the file could not be written
            self.status.emit(_("Could not keep the finished game: {error}").format(
                error=getattr(exc, "strerror", None) or exc), 8000)
        except Exception as exc:  # noqa: BLE001 - the database: said, the game is not lost
            self.status.emit(_("Could not add the finished game to the library: {error}").format(error=exc), 8000)

    def library_extra(self) -> dict:
        """What the game keeps beside its entry in the library (default: nothing)."""
        return {}


    # --- files ---------------------------------------------------------------------------
    def _save_dialog(self) -> None:
        window = self.window()
        if hasattr(window, "save_record_dialog"):
            window.save_record_dialog()

    def export_pdf(self, *_args: Any) -> None:
        """File > Export PDF on this page (and the end screen's print button): the
        Export dialog with this game's kit, its filled sheet chosen when the kit
        has one (the same dialog, options and preview for every game)."""
        from reclaimdesk.core.i18n import _
        from reclaimdesk.export.kit import find_kit
        from reclaimdesk.ui.export_dialog import GameSnapshot, open_export_dialog

        if find_kit(self.game_id) is None:
            self.status.emit(_("This game has no print kit yet."), 5000)
            return
        from reclaimdesk.ui.text import shown_name

        names = tuple(shown_name(str(p.get("name", ""))) for p in self.record().players)
        game = GameSnapshot(self.controller.state.clone(), names, self.export_seat(), self.game_id)
        self.export_dialog = open_export_dialog(
            self, self.settings, game,
            on_saved=lambda path: self.status.emit(_("Saved the PDF to {path}").format(path=path), 6000))

    def export_seat(self) -> int:
        """The seat whose sheet the Export dialog chooses first (from 0)."""
        return 0

    def default_paper(self) -> str:
        from reclaimdesk.ui.export_dialog import default_paper

        return default_paper(self.settings)

    def show_failure(self, title: str, exc: Exception) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, str(exc), QMessageBox.StandardButton.Ok, self)
        self.last_message = box
        box.open()
