"""Issue 24, item 4: the table's keys are the window's, whatever widget has the
focus (text fields aside). For every registered game (and the toy sixth game),
with real key events sent to whichever widget has the focus: a hint asked for
with the Hint button (or H) is taken by Enter after that click, after a click in
the log, after a new-game dialog; a question a hint's Enter leads to is answered
by Enter as meant (Esc still cancels); Esc puts a hint away from the log; Ctrl+Z
and Ctrl+Shift+Z work from the log; the arrows reach the board's cursor; a text
field keeps its keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QListWidget, QMessageBox, QPushButton, QWidget

from reclaimdesk.core.game import all_games
from reclaimdesk.ui.plugin import table_for

GAMES = [spec.id for spec in all_games() if table_for(spec.id) is not None]
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture(params=[*GAMES, "toy"])
def game_id(request):
    """Every registered game with a table, and the toy sixth game."""
    if request.param != "toy":
        yield request.param
        return
    toy = request.getfixturevalue("toy")
    yield toy.id


def focused(window) -> QWidget:
    """The widget a real key press goes to (the window when nothing has the focus)."""
    return QApplication.focusWidget() or window


def press(window, key, modifiers=Qt.KeyboardModifier.NoModifier) -> QWidget:
    widget = focused(window)
    QTest.keyClick(widget, key, modifiers)
    return widget


def one_person(game_id: str) -> list[dict]:
    """A person in the first seat, computer players after (at least one: a
    table, where a step that lets another seat begin asks first)."""
    spec = next(s for s in all_games() if s.id == game_id)
    seats = min(max(spec.min_players, 2), spec.max_players)
    return [{"name": "Ada", "kind": "human"}] + [{"name": "Computer", "kind": "ai", "level": "easy"}
                                                 for _ in range(seats - 1)]


def start(qtbot, window, game_id: str):
    players = one_person(game_id)
    window.start_choice(game_id, {"players": players, "seed": 11, "options": {}})
    page = window.page
    qtbot.waitUntil(lambda: window.isActiveWindow())
    qtbot.waitUntil(lambda: page.controller.human_turn() and not page.controller.busy, timeout=30000)
    return page


def hint_button(page) -> QPushButton | None:
    table = page.table
    for owner in (table, getattr(table, "panel", None)):
        button = getattr(owner, "hint_button", None)
        if isinstance(button, QPushButton) and button.isVisible() and button.isEnabled():
            return button
    return None


def the_log(page) -> QListWidget | None:
    logs = [w for w in page.table.findChildren(QListWidget) if w.isVisible() and w.height() > 40]
    return logs[0] if logs else None


def click(widget: QWidget, at: QPoint | None = None) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     at if at is not None else widget.rect().center())


def click_somewhere_off_the_board(page) -> QWidget:
    """A click that moves the focus off the board: in the log (where it takes
    the focus), else on the panels' column."""
    from reclaimdesk.ui.board.table import PanelScroll

    log = the_log(page)
    if log is not None and log.focusPolicy() & Qt.FocusPolicy.ClickFocus:
        click(log.viewport(), QPoint(10, 10))
        assert log.hasFocus()
        return log
    target = page.table.findChildren(PanelScroll)[0]
    click(target, QPoint(4, 4))
    return target


def ask_for_hint(qtbot, window, page, by_button: bool = True):
    c = page.controller
    button = hint_button(page) if by_button else None
    if button is not None:
        click(button)
    else:
        press(window, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: c.hint is not None and c.hint_ready(), timeout=30000)
    return c.hint


def open_question(window) -> QMessageBox | None:
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    return boxes[0] if boxes else None


def enter_takes_the_hint(qtbot, window, page, hint) -> None:
    """Enter where the focus is plays the hint; a question it opens is answered
    by Enter too (as the player meant), its Esc button still Cancel."""
    c = page.controller
    before = len(c.state.history)
    press(window, Qt.Key.Key_Return)
    box = open_question(window)
    if box is not None:
        assert box.defaultButton() is not box.escapeButton()
        assert box.escapeButton().text() == box.button(QMessageBox.StandardButton.Cancel).text()
        box.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is box)
        press(window, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not box.isVisible())
    assert len(c.state.history) > before, "Enter did not take the hint"
    assert c.state.history[before] == hint


def test_enter_takes_the_hint_after_a_click_on_a_button_or_in_the_log(qtbot, window, game_id):
    page = start(qtbot, window, game_id)
    c = page.controller
    for turn in range(3):  # Reclaim's second starting shape asks first: Enter answers it
        if c.over or not c.human_turn():
            break
        hint = ask_for_hint(qtbot, window, page, by_button=turn % 2 == 0)
        if turn % 2 or focused(window) is page.table.view:  # (no Hint button: H, then a click off the board)
            click_somewhere_off_the_board(page)
        assert focused(window) is not page.table.view
        enter_takes_the_hint(qtbot, window, page, hint)
        qtbot.waitUntil(lambda: c.over or (c.human_turn() and not c.busy), timeout=30000)


def test_h_and_enter_work_after_a_new_game_dialog(qtbot, window, game_id):
    from reclaimdesk.ui.main_window import MainWindow

    assert isinstance(window, MainWindow)
    window._open_new_game_dialog(game_id)
    dialog = window.dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)  # the dialog's default: start
    qtbot.waitUntil(lambda: window.page is not None and window.page.game_id == game_id)
    page = window.page
    c = page.controller
    qtbot.waitUntil(lambda: c.over or (c.human_turn() and not c.busy), timeout=60000)
    assert not c.over
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    hint = ask_for_hint(qtbot, window, page, by_button=False)
    enter_takes_the_hint(qtbot, window, page, hint)


def test_esc_undo_redo_and_arrows_from_the_log(qtbot, window, game_id):
    page = start(qtbot, window, game_id)
    c = page.controller
    ask_for_hint(qtbot, window, page, by_button=False)
    off = click_somewhere_off_the_board(page)
    assert focused(window) is not page.table.view
    press(window, Qt.Key.Key_Escape)
    assert c.hint is None, "Esc did not put the hint away"
    # arrows move the board's cursor (in the games that have one) from the log too
    cursor = getattr(page.table.view, "cursorMoved", None)
    if cursor is not None:
        for key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Up):
            with qtbot.waitSignal(cursor, timeout=2000):
                press(window, key)
    # a move, then Ctrl+Z and Ctrl+Shift+Z with the focus off the board
    hint = ask_for_hint(qtbot, window, page, by_button=False)
    click_somewhere_off_the_board(page)
    enter_takes_the_hint(qtbot, window, page, hint)
    qtbot.waitUntil(lambda: c.human_turn() and not c.busy, timeout=30000)
    if not c.can_undo():
        return  # the step cannot be taken back (a card was turned)
    played = len(c.state.history)
    click(off if off.isVisible() else page.table, QPoint(4, 4))
    press(window, Qt.Key.Key_Z, CTRL)
    assert len(c.state.history) < played, "Ctrl+Z did not take back"
    press(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert len(c.state.history) == played, "Ctrl+Shift+Z did not put back"


def test_a_text_field_keeps_its_keys(qtbot, window, game_id):
    """A line being typed in (a name, a note) takes its keys: Enter, the arrows
    and H edit it, the board and the hint are left alone."""
    page = start(qtbot, window, game_id)
    c = page.controller
    ask_for_hint(qtbot, window, page, by_button=False)
    edit = QLineEdit(page.table)
    edit.setObjectName("aTextField")
    edit.show()
    click(edit)
    qtbot.waitUntil(edit.hasFocus)
    returned = []
    edit.returnPressed.connect(lambda: returned.append(True))
    before = len(c.state.history)
    for key in (Qt.Key.Key_H, Qt.Key.Key_I, Qt.Key.Key_Left):
        press(window, key)
    press(window, Qt.Key.Key_Return)
    assert edit.text() == "hi" and edit.cursorPosition() == 1 and returned == [True]
    assert len(c.state.history) == before and c.hint is not None


def test_a_question_reached_by_a_click_keeps_cancel_as_its_default(qtbot, window):
    """The other half of the rule: a question a click leads to defaults to
    Cancel (a stray Enter after a click takes nothing final)."""
    from reclaimdesk.ui.board.table import GameTable

    page = start(qtbot, window, GAMES[0])
    table: GameTable = page.table
    yes, no = object(), object()
    assert table.question_default(yes, no) is no
    with table.keyed():
        assert table.question_default(yes, no) is yes
    assert table.question_default(yes, no) is no
