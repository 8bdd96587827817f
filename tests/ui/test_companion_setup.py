"""Every companion screen's setup form (from the registry: no game named), and the
shared form they are built with (``ui/companion/widgets.SetupForm``): the heading
across the top, a label in the first column of each row with its field beside it,
the primary button under the rows, the room left below it, and the button
beginning a session from the form as it first shows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from reclaimdesk.core.game import all_games
from reclaimdesk.ui.companion import screen_class
from reclaimdesk.ui.companion.widgets import SetupForm
from reclaimdesk.ui.companion.window import CompanionWindow

GAMES = [spec.id for spec in all_games() if screen_class(spec.id) is not None]


def cells(page: QWidget) -> dict[QWidget, tuple[int, int, int, int]]:
    """Each widget of the page's grid with its (row, column, rows, columns)."""
    grid = page.layout()
    assert isinstance(grid, QGridLayout)
    found = {}
    for i in range(grid.count()):
        widget = grid.itemAt(i).widget()
        if widget is not None:
            found[widget] = tuple(grid.getItemPosition(i))
    return found


def test_there_are_companion_screens_to_check() -> None:
    assert len(GAMES) >= 2


@pytest.mark.parametrize("game_id", GAMES)
def test_the_setup_form_and_its_button(qtbot, data_dir, game_id) -> None:
    win = CompanionWindow(game_id, screen_class(game_id), data_dir)
    qtbot.addWidget(win)
    win.resize(1024, 768)
    win.show()
    qtbot.waitExposed(win)
    screen = win.screen
    page = screen.setup_page
    assert screen.pages.currentWidget() is page
    placed = cells(page)
    grid = page.layout()
    heading = [w for w, at in placed.items() if at == (0, 0, 1, 3)]
    assert len(heading) == 1 and isinstance(heading[0], QLabel)
    assert heading[0].text() == "Set up the table" and heading[0].property("big")
    assert grid.columnStretch(2) == 1
    button = screen.start_button
    assert isinstance(button, QPushButton) and button.objectName() == "primary" and button.parent() is page
    last = max(at[0] + at[2] - 1 for at in placed.values())
    assert placed[button] == (last, 0, 1, 2)
    assert grid.rowStretch(last + 1) == 1
    for row in range(1, last):
        in_row = [at for at in placed.values() if at[0] == row]
        assert any(at[1] == 0 for at in in_row), f"row {row} of {game_id}'s setup starts in column 0"
    labels_in_first = [w for w, at in placed.items() if at[1] == 0 and at[3] == 1 and 0 < at[0] < last]
    for words in labels_in_first:
        assert isinstance(words, QLabel) and words.text() and words.wordWrap()
        beside = [w for w, at in placed.items() if at[0] == placed[words][0] and at[1] == 1]
        assert len(beside) == 1 and not isinstance(beside[0], QLabel)
    # the form as it first shows begins a session, and the screen leaves the setup
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert win.session is not None, win.message.text()
    assert screen.pages.currentWidget() is not page


def test_the_shared_form_places_its_rows(qtbot) -> None:
    form = SetupForm()
    qtbot.addWidget(form)
    box = QSpinBox(form)
    tall = QWidget(form)
    wide = QPushButton("wide", form)
    short = QPushButton("short", form)
    beside = QLineEdit(form)
    assert form.add_field("Count", box) is box
    assert form.add_field("Tall", tall, span=2, top=True) is tall
    assert form.add_wide(wide) is wide
    assert form.add_wide(short, beside=beside) is short
    note = form.add_note("A note across the form.")
    pressed = []
    button = form.add_start("Go", lambda: pressed.append(True))
    placed = cells(form)
    grid = form.layout()
    by_text = {w.text(): at for w, at in placed.items() if isinstance(w, QLabel)}
    assert by_text["Set up the table"] == (0, 0, 1, 3)
    assert by_text["Count"] == (1, 0, 1, 1) and placed[box] == (1, 1, 1, 1)
    assert by_text["Tall"] == (2, 0, 1, 1) and placed[tall] == (2, 1, 1, 2)
    tall_words = next(w for w in placed if isinstance(w, QLabel) and w.text() == "Tall")
    assert grid.itemAt(grid.indexOf(tall_words)).alignment() == Qt.AlignmentFlag.AlignTop
    count_words = next(w for w in placed if isinstance(w, QLabel) and w.text() == "Count")
    assert grid.itemAt(grid.indexOf(count_words)).alignment() == Qt.AlignmentFlag(0)
    assert placed[wide] == (3, 0, 1, 3)
    assert placed[short] == (4, 0, 1, 2) and placed[beside] == (4, 2, 1, 1)
    assert placed[note] == (5, 0, 1, 3) and note.wordWrap()
    assert placed[button] == (6, 0, 1, 2) and button.objectName() == "primary"
    assert grid.rowStretch(7) == 1 and grid.columnStretch(2) == 1
    assert all(w.parent() is form for w in placed)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert pressed == [True]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_session_keeps_one_stack_of_pages(qtbot, data_dir, game_id) -> None:
    """From the setup to the end (Space while the screen takes it, else the page's
    primary button): the pages fill the screen, their number stays the same, and a
    page drawn anew takes the old one's place, the old one deleted."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from shiboken6 import isValid

    win = CompanionWindow(game_id, screen_class(game_id), data_dir)
    qtbot.addWidget(win)
    win.resize(1024, 768)
    win.show()
    screen = win.screen
    box = screen.layout()
    assert box.count() == 1 and box.itemAt(0).widget() is screen.pages
    assert box.contentsMargins().left() == box.contentsMargins().top() == 0
    count = screen.pages.count()
    assert screen.next_step() is None  # no session yet: Space waits for the form
    replaced = 0
    for _step in range(300):
        if win.session is not None and win.session.finished:
            break
        before = [screen.pages.widget(i) for i in range(count)]
        step = screen.next_step() if win.session is not None else None
        assert step in (None, {"do": "next"})
        if step is not None:
            assert win.act(step), win.message.text()
        else:
            page = screen.pages.currentWidget()
            primary = [b for b in page.findChildren(QPushButton) if b.objectName() == "primary" and b.isVisible()]
            assert primary, f"{game_id}: nothing to press on the page"
            QTest.mouseClick(primary[0], Qt.MouseButton.LeftButton)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        assert screen.pages.count() == count
        after = [screen.pages.widget(i) for i in range(count)]
        for place, (old, new) in enumerate(zip(before, after)):
            if old is not new:
                replaced += 1
                assert not isValid(old), f"{game_id}: page {place} was replaced but kept"
        assert screen.pages.currentWidget() in after
    assert win.session is not None and win.session.finished
    assert replaced, "no page was drawn anew"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_primary_button_reads_light_on_its_accent(qtbot, styled, data_dir, game_id) -> None:
    """The companion's type rule gives every child the ink colour; the primary
    button keeps the app's light words on its dark accent (they were dark on dark)."""
    win = CompanionWindow(game_id, screen_class(game_id), data_dir)
    qtbot.addWidget(win)
    win.resize(1024, 768)
    win.show()
    qtbot.waitExposed(win)
    image = win.screen.start_button.grab().toImage()
    w, h = image.width(), image.height()
    middle = [image.pixelColor(x, y) for x in range(w // 4, 3 * w // 4) for y in range(h // 4, 3 * h // 4)]
    darkest = min(c.lightness() for c in middle)
    lightest = max(c.lightness() for c in middle)
    assert darkest < 120, "the button's face is the dark accent"
    assert lightest > 200, f"{game_id}'s primary button has no light words on it"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_failed_step_says_what_failed_once(qtbot, data_dir, monkeypatch, lang) -> None:
    """An error behind Space or Backspace reaches the error dialog as the failed
    step's words after "Could not", in both languages (not "Could not Could not")."""
    from reclaimdesk.core import i18n
    from reclaimdesk.ui import guard

    game_id = GAMES[0]
    win = CompanionWindow(game_id, screen_class(game_id), data_dir)
    qtbot.addWidget(win)
    win.show()
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        for key, method, what in [(Qt.Key.Key_Space, "go_next", "take the next step"),
                                  (Qt.Key.Key_Backspace, "go_back", "go back one step")]:
            def broken() -> None:
                raise RuntimeError("the session broke")

            monkeypatch.setattr(win, method, broken)
            monkeypatch.setattr(guard, "last_report", None)
            win.setFocus()
            QTest.keyClick(win, key)
            report = guard.last_report
            assert report is not None and report.message == "the session broke"
            assert report.what == i18n._(what)
            assert report.text() == i18n._("Could not {what}.").format(what=i18n._(what))
            if lang == "ja":
                assert report.what != what and "Could not" not in report.text()
            report.close()
    finally:
        i18n.set_language(previous)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_count_of_players_is_headed_as_a_count_in_japanese(qtbot, data_dir, game_id) -> None:
    """JAPANESE.md: a number of players is 人数, not プレイヤー (the players themselves)."""
    from reclaimdesk.core import i18n
    from reclaimdesk.core.game import get_game

    spec = get_game(game_id)
    previous = i18n.language()
    i18n.set_language("ja")
    try:
        win = CompanionWindow(game_id, screen_class(game_id), data_dir)
        qtbot.addWidget(win)
        placed = cells(win.screen.setup_page)
        for words, at in placed.items():
            beside = [w for w, where in placed.items() if where[0] == at[0] and where[1] == 1]
            if at[1] == 0 and isinstance(words, QLabel) and len(beside) == 1 and isinstance(beside[0], QSpinBox):
                box = beside[0]
                if (box.minimum(), box.maximum()) == (spec.min_players, spec.max_players) or \
                        words.text() in ("プレイヤー", "人数"):
                    assert words.text() == "人数", f"{game_id}: {words.text()!r} heads a count of players"
    finally:
        i18n.set_language(previous)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_words_of_a_tall_field_line_up_with_its_first_row(qtbot, styled, data_dir, size) -> None:
    """A field taller than its words (the Alluvium seats' colours) has its words
    beside its first row, their line in that row's middle, at any window size."""
    checked = 0
    for game_id in GAMES:
        win = CompanionWindow(game_id, screen_class(game_id), data_dir)
        qtbot.addWidget(win)
        win.resize(*size)
        win.show()
        qtbot.waitExposed(win)
        page = win.screen.setup_page
        for words, field in page._tops:
            grid = field.layout()
            first = [grid.itemAtPosition(0, col).widget() for col in range(grid.columnCount())
                     if grid.itemAtPosition(0, col) is not None and grid.itemAtPosition(0, col).widget() is not None]

            def middle(widget) -> int:
                return widget.mapTo(page, widget.rect().center()).y()

            qtbot.waitUntil(lambda: abs(middle(words) - middle(first[0])) <= 2)
            for widget in first:
                assert abs(middle(words) - middle(widget)) <= 2, (game_id, widget)
            checked += 1
    assert checked, "no companion setup has a field taller than its words"
