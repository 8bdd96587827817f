"""The companion's window: one game's screen in large type, read from across a
table. It owns the session, takes the table's steps (Space, a click, the Next
button; a game's forms give their own), goes back one step (Backspace, asking
first when a card would be turned face down again), toggles full screen (F11),
saves the session after every step and says every refusal on screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QWidget,
    QVBoxLayout,
    QAbstractSpinBox,
    QComboBox,
    QAbstractButton,
)

from reclaimdesk.core.companion import CompanionError, CompanionSession, save_session
from reclaimdesk.core.files import WriteProblem
from reclaimdesk.core.game import get_game
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.ui.board.hooks import GameHooks, game_hook
from reclaimdesk.ui.companion import session_file
from reclaimdesk.ui.guard import GENERIC_WHAT, guarded

INK = "#26302e"
PAPER = "#f6f2e7"


def type_size(height: int) -> int:
    """The body text's pixel size for a window ``height`` pixels tall (read across a table)."""
    return max(15, min(40, height // 30))


class CompanionScreen(GameHooks, QWidget):
    """What a game's companion screen is: a widget the window shows under its title.

    The window calls :meth:`show_session` after every step (``None``: no session
    yet, show the setup); the screen asks the window to take steps with
    ``self.shell.act(step)`` and to begin with ``self.shell.begin(setup)``.
    :meth:`next_step` is what Space and a click do now (None: nothing, e.g. while
    a form is filled in). Its pages go in :attr:`pages`, one shown at a time over
    the whole screen; a page drawn anew at a step takes the old one's place with
    :meth:`replace_page`."""

    def __init__(self, shell: CompanionWindow) -> None:
        super().__init__(shell)
        self.shell = shell
        self.session: CompanionSession | None = None
        """The session as last shown (a screen's ``show_session`` keeps it here)."""
        self.pages = QStackedWidget(self)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.pages)

    def replace_page(self, old: QWidget, new: QWidget) -> QWidget:
        """Put ``new`` where ``old`` stands in :attr:`pages` and delete ``old``;
        returns ``new``."""
        self.pages.insertWidget(self.pages.indexOf(old), new)
        self.pages.removeWidget(old)
        old.deleteLater()
        return new

    @game_hook
    def show_session(self, session: CompanionSession | None) -> None:
        """Draw the session as it stands (None: the setup, no session yet)."""

    next_stages: tuple[str, ...] = ()
    """The session's stages in which Space and a click take the step ``{"do": "next"}``."""

    def next_step(self) -> dict | None:
        if self.session is None or self.session.stage not in self.next_stages:
            return None
        return {"do": "next"}

    def next_label(self) -> str:
        """The Next button's words: what Space or a click does now."""
        return self.session.next_label() if self.session is not None else ""

    def where(self) -> str:
        """One line under the title: where the table is (round, turn...)."""
        return ""


class CompanionWindow(QWidget):
    """The window of one game's companion (``closed`` when the table leaves)."""

    closed = Signal()
    finished = Signal(object)
    """A session reached its end (the session): the app records it."""

    def __init__(self, game_id: str, screen_class: Any, folder: Path,
                 session: CompanionSession | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.game_id = game_id
        self.folder = Path(folder)
        self.session = session
        self.library_entry: int | None = None
        """The library's entry of this session once it ended (dropped when the table goes back)."""
        self.confirm_box: QMessageBox | None = None
        self.setObjectName("companion")
        self.setWindowTitle(_("{game} at the table").format(game=_(get_game(game_id).name)))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 14, 24, 12)
        outer.setSpacing(8)
        head = QHBoxLayout()
        self.title = QLabel(self.windowTitle(), self)
        self.title.setObjectName("companionTitle")
        self.where = QLabel("", self)
        self.where.setObjectName("companionWhere")
        self.where.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.where.setWordWrap(True)
        head.addWidget(self.title)
        head.addWidget(self.where, 1)
        outer.addLayout(head)
        self.screen = screen_class(self)
        self.screen.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        outer.addWidget(self.screen, 1)
        self.message = QLabel("", self)
        self.message.setObjectName("companionMessage")
        self.message.setWordWrap(True)
        outer.addWidget(self.message)
        foot = QHBoxLayout()
        self.back_button = self._button(_("Back"), self.go_back)
        self.next_button = self._button(_("Next"), self.go_next)
        self.next_button.setObjectName("companionNext")
        self.full_button = self._button(_("Full screen"), self.toggle_full_screen)
        self.leave_button = self._button(_("Leave"), self.close)
        self.keys = QLabel(_("Space or a click: next \u00b7 Backspace: back \u00b7 F11: full screen \u00b7 "
                             "Esc: leave"), self)
        self.keys.setObjectName("companionKeys")
        self.keys.setWordWrap(True)
        outer.addWidget(self.keys)
        foot.addWidget(self.back_button)
        foot.addStretch(1)
        foot.addWidget(self.full_button)
        foot.addWidget(self.leave_button)
        foot.addWidget(self.next_button)
        outer.addLayout(foot)
        self._style(self.height())
        self.refresh()

    def _button(self, text: str, slot: Any) -> QPushButton:
        button = QPushButton(text, self)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space stays "next"
        button.clicked.connect(guarded(lambda _checked=False: slot(), GENERIC_WHAT))
        return button

    # --- type ---------------------------------------------------------------------
    def _style(self, height: int) -> None:
        size = type_size(height)
        self.type_px = size
        self.setStyleSheet(
            f"QWidget#companion {{ background: {PAPER}; }}"
            f"QWidget#companion, QWidget#companion QWidget {{ font-size: {size}px; color: {INK}; }}"
            f"QWidget#companion QLabel#companionTitle {{ font-size: {int(size * 1.3)}px; font-weight: bold; }}"
            f"QWidget#companion QLabel#companionWhere {{ font-size: {int(size * 1.1)}px; }}"
            f"QWidget#companion QLabel#companionKeys {{ font-size: {max(12, int(size * 0.6))}px; color: #5d625f; }}"
            f"QWidget#companion QLabel#companionMessage {{ color: #a3412f; font-weight: bold; }}"
            f"QWidget#companion QLabel[big=\"true\"] {{ font-size: {int(size * 1.6)}px; font-weight: bold; }}"
            f"QWidget#companion QPushButton {{ padding: {size // 4}px {size // 2}px; }}"
            f"QWidget#companion QPushButton#companionNext {{ font-weight: bold; }}"
            # the INK rule above reaches every child, the primary button too:
            # give it back the app's white on the accent
            "QWidget#companion QPushButton#primary { color: white; }"
            "QWidget#companion QPushButton#primary:disabled { color: #f3f3f3; }")
        self.screen.setProperty("typePx", size)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        if type_size(event.size().height()) != getattr(self, "type_px", 0):
            self._style(event.size().height())
            self.screen.updateGeometry()
        super().resizeEvent(event)

    # --- the session ------------------------------------------------------------------
    def refresh(self) -> None:
        self.screen.show_session(self.session)
        self.where.setText(self.screen.where())
        step = self.screen.next_step()
        label = self.screen.next_label()
        self.next_button.setText(label or _("Next"))
        self.next_button.setEnabled(step is not None)
        self.back_button.setEnabled(self.session is not None and self.session.can_go_back())

    def say(self, text: str) -> None:
        self.message.setText(text)

    def begin(self, setup: dict) -> bool:
        """Start a session from the screen's setup; False (said on screen) when refused."""
        from reclaimdesk.core.companion import session_class

        try:
            session = session_class(self.game_id)(setup)
        except CompanionError as exc:
            self.say(str(exc))
            return False
        self.session = session
        self.library_entry = None
        self.say("")
        self._save()
        self.refresh()
        return True

    def act(self, step: dict) -> bool:
        """Take ``step``; a refusal is said on screen and changes nothing."""
        if self.session is None:
            return False
        try:
            self.session.act(step)
        except CompanionError as exc:
            self.say(str(exc))
            return False
        self.say("")
        self._save()
        self.refresh()
        if self.session.finished and self.library_entry is None:
            self._record()
            self.finished.emit(self.session)
        return True

    def _record(self) -> None:
        """File the ended session in the library of played games (said on screen if it cannot be)."""
        from reclaimdesk.ui.companion import record_table

        try:
            self.library_entry = record_table(self.folder, self.session)
        except (OSError, ValueError) as exc:  # a busy or damaged library, a full disk
            self.say(_("The game could not be added to the games played: {reason}").format(
                reason=getattr(exc, "reason", None) or exc))

    def _unrecord(self) -> None:
        from reclaimdesk.ui.played import open_library

        entry, self.library_entry = self.library_entry, None
        try:
            open_library(self.folder).delete(entry)
        except (OSError, ValueError, KeyError) as exc:
            self.say(_("The ended game could not be taken out of the games played: {reason}").format(reason=exc))

    def _save(self) -> None:
        if self.session is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            save_session(self.session, session_file(self.folder, self.game_id))
        except (WriteProblem, OSError) as exc:
            self.say(_("This session could not be saved ({reason}); it goes on in memory.").format(
                reason=getattr(exc, "reason", None) or exc))

    # --- keys and mouse -----------------------------------------------------------------
    def go_next(self) -> None:
        step = self.screen.next_step()
        if step is not None:
            self.act(step)

    def go_back(self) -> None:
        session = self.session
        if session is None or not session.can_go_back():
            return
        if not session.back_hides_card():
            self._back()
            return
        box = QMessageBox(QMessageBox.Icon.Question, _("Go back one step?"),
                          _("Going back turns the card everyone has seen face down again."),
                          QMessageBox.StandardButton.NoButton, self)
        yes = box.addButton(_("Go back"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(yes)
        box.accept_button = yes  # type: ignore[attr-defined]
        box.buttonClicked.connect(guarded(lambda button: self._back() if button is yes else None,
                                          N_("go back one step")))
        self.confirm_box = box
        box.open()

    def _back(self) -> None:
        assert self.session is not None
        self.session.back()
        if self.library_entry is not None and not self.session.finished:
            self._unrecord()
        self.say("")
        self._save()
        self.refresh()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def _typing(self) -> bool:
        focus = self.focusWidget()
        return isinstance(focus, (QLineEdit, QAbstractSpinBox, QComboBox, QAbstractButton))

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        if key == Qt.Key.Key_F11:
            guarded(self.toggle_full_screen, GENERIC_WHAT)()
            return
        if key == Qt.Key.Key_Escape:
            self.close()
            return
        if key in (Qt.Key.Key_Space, Qt.Key.Key_Right, Qt.Key.Key_PageDown) and not self._typing():
            guarded(self.go_next, N_("take the next step"))()
            return
        if key in (Qt.Key.Key_Backspace, Qt.Key.Key_Left, Qt.Key.Key_PageUp) and not self._typing():
            guarded(self.go_back, N_("go back one step"))()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        if event.button() == Qt.MouseButton.LeftButton:
            guarded(self.go_next, N_("take the next step"))()
            return
        super().mousePressEvent(event)

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        self.closed.emit()
        super().closeEvent(event)


def open_companion(parent: QWidget, game_id: str, folder: Path, setup: dict | None = None,
                   session: CompanionSession | None = None, full_screen: bool = True) -> CompanionWindow | None:
    """Open the companion of ``game_id`` (a new session, started at once when
    ``setup`` is given, or ``session`` resumed)."""
    from reclaimdesk.ui.companion import screen_class

    klass = screen_class(game_id)
    if klass is None:
        return None
    window = CompanionWindow(game_id, klass, folder, session, parent)
    if setup is not None:
        window.screen.preset(setup) if hasattr(window.screen, "preset") else None
    if full_screen:
        window.showFullScreen()
    else:
        window.show()
    window.activateWindow()
    return window
