"""Review: any game record looked at move by move, written once for every game
(issue 23).

A :class:`ReviewPage` holds the game's own page, built by its table plug-in from
the record (``page_from_record``), with the controller made read-only
(:meth:`GameController.begin_review`): the game's own table draws the position
at the cursor (its board, scores, hands and tracks as they were) and shows what
it always shows a person, so what a seat could not yet see stays hidden. Clicks
and keys on the board are swallowed (:class:`ReadOnly`); the controller refuses
any action anyway. Beside it: start / back / forward / end (and Home, Left,
Right, End), the move list in the game's own words (``describe_action``),
"Play on from here" and the AI's view (:mod:`reclaimdesk.ui.board.analysis_view`).
No game is named here: the table comes from the registry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import _
from reclaimdesk.core.record import GameRecord
from reclaimdesk.ui.board.panels import label, panel
from reclaimdesk.ui.text import breakable

NAV_KEYS = {Qt.Key.Key_Home: "first", Qt.Key.Key_Left: "back", Qt.Key.Key_Right: "forward", Qt.Key.Key_End: "last"}
COLUMN_WIDTH = 250
PLAY_ON_LEVEL = "normal"
"""The level of a computer seat that was a person's in the reviewed game."""

_SWALLOWED = {QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick,
              QEvent.Type.MouseMove, QEvent.Type.Wheel, QEvent.Type.KeyPress, QEvent.Type.KeyRelease,
              QEvent.Type.ContextMenu}


class ReadOnly(QObject):
    """Swallows the mouse and the keys on the board: nothing a person does
    there reaches the game. The four review keys move
    through the record instead."""

    def __init__(self, review: "ReviewPage") -> None:
        super().__init__(review)
        self.review = review

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind == QEvent.Type.KeyPress and event.key() in NAV_KEYS:  # type: ignore[attr-defined]
            self.review.step(NAV_KEYS[event.key()])  # type: ignore[attr-defined]
            return True
        return kind in _SWALLOWED


def move_lines(controller: Any) -> list[str]:
    """The move list: "Start", then one line per action of the record, who acted
    and what, in the game's own words (:meth:`GameState.describe_action`)."""
    match = controller.match
    state = match.state_at(0)
    lines = [_("Start of the game")]
    private = []
    for step in match.line:
        action = state.parse_action(step.text)
        try:
            words = state.describe_action(action)
        except Exception:  # noqa: BLE001 - a game without words for it: its notation
            words = step.text
        seat = controller.seats[step.seat].name if 0 <= step.seat < len(controller.seats) else ""
        lines.append(_("{number}. {player}: {action}").format(number=step.index + 1, player=seat, action=words))
        private.append(state.private_turns and not controller.is_human(step.seat))
        state.apply(action)
    if not state.is_terminal():  # an unfinished game: the computer's private turns stay hidden
        for i, step in enumerate(match.line):
            if private[i]:
                seat = controller.seats[step.seat].name if 0 <= step.seat < len(controller.seats) else ""
                lines[i + 1] = _("{number}. {player}: a move you did not see").format(
                    number=step.index + 1, player=seat)
    return lines


def play_on_record(record: GameRecord, upto: int, person: int) -> GameRecord:
    """A new game from the position after ``upto`` actions of ``record``: the
    person's seat ``person`` plays, every other seat is the computer's (keeping
    its level; a person's seat gets :data:`PLAY_ON_LEVEL`). Marked as played on
    (``played_on_from``), so it counts for no personal best."""
    players = []
    for seat, p in enumerate(record.players):
        name = str(p.get("name", ""))
        if seat == person:
            players.append({"name": name, "kind": "human"})
        else:
            level = str(p.get("level", "")) if p.get("kind") == "ai" else ""
            players.append({"name": name, "kind": "ai", "level": level or PLAY_ON_LEVEL})
    upto = max(0, min(upto, len(record.actions)))
    return GameRecord(record.game, record.seed, players, dict(record.options), dict(record.data_versions),
                      list(record.actions[:upto]), None, "", upto)


class ReviewPage(QWidget):
    """The review of one record (see the module). Follows the page interface
    the main window talks to, with nothing to undo, redo or hint."""

    status = Signal(str, int)
    actionsChanged = Signal()
    homeRequested = Signal()
    newGameRequested = Signal(str)
    playOnRequested = Signal(object)
    """A :class:`GameRecord` to play on from (see :func:`play_on_record`)."""
    moved = Signal(int)
    """The cursor moved (how many actions of the record are applied)."""

    def __init__(self, record: GameRecord, game_page: Any, *, settings: Any = None, source: Path | None = None,
                 library_id: int | None = None, upto: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("page")
        self.review_record = record
        self.game_page = game_page
        self.game_id = record.game
        self.settings = settings
        self.source = source
        self.library_id = library_id
        self.controller = game_page.controller
        self.controller.begin_review()
        for action in getattr(game_page, "key_actions", ()):  # the arrows move through the record here
            action.setEnabled(False)
        self.read_only = ReadOnly(self)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        self.left = QVBoxLayout()
        self.left.setContentsMargins(0, 0, 0, 0)
        self.left.setSpacing(0)
        self.left.addWidget(game_page, 1)
        row.addLayout(self.left, 1)
        row.addWidget(self._build_column())
        self._guard_table()
        self._build_keys()
        from reclaimdesk.ui.board.analysis_view import AnalysisView

        self.analysis = AnalysisView(self)
        self.left.addWidget(self.analysis)
        self.controller.changed.connect(self._on_changed)
        target = self.controller.match.length if upto is None else upto
        if self.controller.jump(target).nothing:
            self.redraw_table()  # the table was drawn before the review made it read-only
        self._on_changed()

    # --- building ----------------------------------------------------------------
    def _build_column(self) -> QWidget:
        column = QWidget()
        column.setObjectName("reviewColumn")
        column.setFixedWidth(COLUMN_WIDTH)
        outer = QVBoxLayout(column)
        outer.setContentsMargins(6, 8, 8, 8)
        frame, inner = panel()
        self.heading = label(_("Review"), name="heading")
        self.position = label(name="reviewPosition", wrap=True)
        inner.addWidget(self.heading)
        inner.addWidget(self.position)
        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        self.first_button = self._nav_button("|<", _("To the start (Home)"), "first")
        self.back_button = self._nav_button("<", _("One action back (Left)"), "back")
        self.forward_button = self._nav_button(">", _("One action forward (Right)"), "forward")
        self.last_button = self._nav_button(">|", _("To the end (End)"), "last")
        for b in (self.first_button, self.back_button, self.forward_button, self.last_button):
            buttons.addWidget(b)
        inner.addLayout(buttons)
        outer.addWidget(frame)
        self.moves = QListWidget()
        self.moves.setObjectName("reviewMoves")
        self.moves.setWordWrap(True)
        self.moves.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the review
        for text in move_lines(self.controller):
            self.moves.addItem(QListWidgetItem(breakable(text)))
        self.moves.currentRowChanged.connect(self._row_chosen)
        outer.addWidget(self.moves, 1)
        self.play_on_button = QPushButton(_("Play on from here"))
        self.play_on_button.setToolTip(_("A new game from this position against the computer; "
                                         "it counts for no personal best"))
        self.play_on_button.clicked.connect(self.play_on)
        outer.addWidget(self.play_on_button)
        self.close_button = QPushButton(_("Close the review"))
        self.close_button.clicked.connect(self.homeRequested)
        outer.addWidget(self.close_button)
        return column

    def _nav_button(self, text: str, tip: str, where: str) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.setMinimumWidth(36)
        button.clicked.connect(lambda: self.step(where))
        return button

    def _guard_table(self) -> None:
        """The board takes no mouse or key. The table's buttons stay: what only
        changes the view still works (an overlay, a hot-seat game's "show my
        sheet"), and whatever would change the game is refused by the
        controller (:meth:`GameController.begin_review`). They leave the keys
        to the review."""
        table = self.game_page.table
        view = getattr(table, "view", None)
        if view is not None:
            view.installEventFilter(self.read_only)
            view.viewport().installEventFilter(self.read_only)
        for button in table.findChildren(QAbstractButton):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # a hint box shows the AI's choice here; nobody can take it in a review
        for box in table.findChildren(QWidget):
            take = getattr(box, "take_button", None)
            if isinstance(take, QAbstractButton):
                take.hide()

    def _build_keys(self) -> None:
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        self.shortcuts = []
        for key, where in NAV_KEYS.items():
            shortcut = QShortcut(QKeySequence(key), self, context=context)
            shortcut.activated.connect(lambda where=where: self.step(where))
            self.shortcuts.append(shortcut)

    def redraw_table(self) -> None:
        """Have the table draw the position again from scratch (its buttons as a
        review has them: nothing to take back, no hint to ask for)."""
        from reclaimdesk.core.match import JUMP, Changes

        c = self.controller
        c.changed.emit(Changes(JUMP, c.match.cursor, c.match.cursor, rebuilt=True))
        c.undoChanged.emit()
        c.hintChanged.emit()
        c.busyChanged.emit(False)

    # --- moving ------------------------------------------------------------------
    @property
    def cursor(self) -> int:
        return self.controller.match.cursor

    @property
    def length(self) -> int:
        return self.controller.match.length

    def go_to(self, upto: int) -> None:
        """Show the position after the record's first ``upto`` actions."""
        self.controller.jump(max(0, min(int(upto), self.length)))

    def step(self, where: str) -> None:
        target = {"first": 0, "back": self.cursor - 1, "forward": self.cursor + 1, "last": self.length}[where]
        self.go_to(target)

    def _row_chosen(self, row: int) -> None:
        if row >= 0 and row != self.cursor:
            self.go_to(row)

    def _on_changed(self, changes: Any = None) -> None:
        from reclaimdesk.ui.board.controller import VIEW

        if changes is not None and getattr(changes, "kind", None) == VIEW:
            return  # only the table's own view changed (the AI's choice drawn, say)
        c = self.cursor
        self.moves.blockSignals(True)
        self.moves.setCurrentRow(c)
        self.moves.blockSignals(False)
        item = self.moves.item(c)
        if item is not None:
            self.moves.scrollToItem(item)
        self.position.setText(_("After {done} of {total} actions").format(done=c, total=self.length)
                              if c else _("The start, before any action ({total} in the record)").format(
                                  total=self.length))
        self.first_button.setEnabled(c > 0)
        self.back_button.setEnabled(c > 0)
        self.forward_button.setEnabled(c < self.length)
        self.last_button.setEnabled(c < self.length)
        self.play_on_button.setEnabled(self.person() is not None)
        if hasattr(self, "analysis"):
            self.analysis.cursor_moved(c)
        self.moved.emit(c)

    def mark_costly(self, indices: list[int]) -> None:
        """Mark the actions of the costliest decisions in the move list (the row
        of action ``i`` is ``i + 1``; the first is the costliest)."""
        from PySide6.QtGui import QBrush, QColor, QFont

        for row in range(self.moves.count()):
            item = self.moves.item(row)
            item.setForeground(QBrush())
            font = item.font()
            font.setBold(False)
            item.setFont(font)
            item.setToolTip("")
        for rank, index in enumerate(indices, 1):
            item = self.moves.item(index + 1)
            if item is None:
                continue
            item.setForeground(QBrush(QColor("#c0392b")))
            font = QFont(item.font())
            font.setBold(True)
            item.setFont(font)
            item.setToolTip(_("Costly decision {rank}: go one step back to see the AI's choice on the board")
                            .format(rank=rank))

    # --- playing on --------------------------------------------------------------
    def person(self) -> int | None:
        """Whose seat a game played on from here gives the person: the seat to
        play when a person held it in the record, else the record's first
        person; None at the end of a finished game."""
        state = self.controller.state
        if state.is_terminal():
            return None
        kinds = [str(p.get("kind", "human")) for p in self.review_record.players]
        seat = state.current_player
        if 0 <= seat < len(kinds) and kinds[seat] == "human":
            return seat
        return next((i for i, k in enumerate(kinds) if k == "human"), seat if 0 <= seat < len(kinds) else 0)

    def play_on(self) -> None:
        seat = self.person()
        if seat is None:
            return
        self.playOnRequested.emit(play_on_record(self.review_record, self.cursor, seat))

    # --- the page interface --------------------------------------------------------
    def title(self) -> str:
        return _("Review: {game}").format(game=self.game_page.title())

    def started(self) -> None:
        view = getattr(self.game_page.table, "view", None)
        (view or self).setFocus()
        self.status.emit(_("Reviewing: Home, Left, Right and End move through the game; the board is "
                           "read-only."), 6000)

    def options(self) -> dict:
        return dict(self.controller.state.options)

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def can_hint(self) -> bool:
        return False

    def undo(self) -> None:
        """Nothing is taken back in a review."""

    def redo(self) -> None:
        """Nothing is put back in a review."""

    def hint(self) -> None:
        """The AI's view replaces hints in a review."""

    def record(self) -> GameRecord:
        """The reviewed record, whole (saving it saves the game, not the cursor)."""
        return self.review_record

    def menu_actions(self) -> list:
        return []

    def export_pdf(self, *_args: Any) -> None:
        self.game_page.export_pdf()

    def shutdown(self) -> None:
        self.analysis.shutdown()
        self.game_page.shutdown()
