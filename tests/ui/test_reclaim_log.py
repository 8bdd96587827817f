"""Issue 15, item 4: Reclaim's log tells the truth. It is read from the game's
record, so after a take back it has no line of the undone step, a penalty that ends
round 2 stays under round 2, and a resumed game, an opened file and a language
switch show the same lines as before; after a redo the status bar no longer says
"Taken back". Played through the window: clicks on the board and the panel, keys."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.games.reclaim.actions import ReclaimAction

from .helpers import click_button, start_solo
from .player import ViewPlayer

# solo, river map, deck 2: after these steps it is round 2 and the second cost
# icon cannot be paid (the special action could still help): the penalty is a choice
ROUND_2_UNPAYABLE = ["shape r13 2 g5", "shape r21 0 b7", "pay e7", "pay g6", "shape r05 0 b8", "end",
                     "pay i6"]


def log_rows(page) -> list[str]:
    """The log as shown, top to bottom."""
    log = page.table.panel.log
    return [log.item(i).text() for i in range(log.count())]


def heading_above(rows: list[str], index: int) -> str:
    """The nearest round heading above row ``index`` ('Round 2', 'Setup')."""
    for row in reversed(rows[:index]):
        if row == "Setup" or re.fullmatch(r"Round \d+", row):
            return row
    return ""


def play_to_round_2(qtbot, window) -> tuple:
    start_solo(window, "river", 2)
    page = window.page
    player = ViewPlayer(page)
    for text in ROUND_2_UNPAYABLE:
        player.perform(ReclaimAction.parse(text))
        player.close_scoring()
    c = page.controller
    assert c.state.round == 2 and c.state.phase == "pay" and c.can_pass()
    return page, player


def press(window, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(window, key, modifiers)


def undo(window) -> None:
    press(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


def redo(window) -> None:
    press(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


def test_after_undo_the_log_has_no_line_of_the_undone_step(qtbot, window):
    page, player = play_to_round_2(qtbot, window)
    before = log_rows(page)
    assert not any("crossed out" in row for row in before), before
    click_button(page.table.panel.special_tri_button)
    during = log_rows(page)
    crossed = [row for row in during if "crossed out" in row]
    assert crossed and "58" in crossed[0], during
    undo(window)
    assert page.controller.state.phase == "pay"
    assert log_rows(page) == before
    redo(window)  # and redo brings the line back
    assert log_rows(page) == during


def test_after_redo_the_status_bar_no_longer_says_taken_back(qtbot, window):
    page, player = play_to_round_2(qtbot, window)
    click_button(page.table.panel.special_tri_button)
    undo(window)
    assert window.statusBar().currentMessage() == "Taken back."
    redo(window)
    assert page.controller.state.phase == "special-triangles"
    assert "Taken back" not in window.statusBar().currentMessage()
    assert window.statusBar().currentMessage() == "Done again."


def test_a_penalty_that_ends_round_2_is_logged_under_round_2(qtbot, window):
    page, player = play_to_round_2(qtbot, window)
    click_button(page.table.panel.pass_button)
    player.answer_question(accept=True)  # it ends the round: the player is asked first
    c = page.controller
    assert c.state.round == 3
    rows = log_rows(page)
    crossed = [i for i, row in enumerate(rows) if "crossed out" in row]
    assert len(crossed) == 1, rows
    assert heading_above(rows, crossed[0]) == "Round 2", rows
    assert not any("Round 3" in row for row in rows), rows
    assert "Round 2: you crossed out 58" in window.statusBar().currentMessage()


def test_resume_open_and_a_language_switch_show_the_same_log(qtbot, window, tmp_path):
    page, player = play_to_round_2(qtbot, window)
    click_button(page.table.panel.pass_button)
    player.answer_question(accept=True)
    c = page.controller
    # play on a few rounds through the view, with a special action on the way
    from reclaimdesk.core.game import get_game

    brain = get_game("reclaim").agent("easy", 11)
    while c.state.round < 6:
        player.perform(brain.choose(c.state.clone()))
        player.close_scoring()
    rows = log_rows(page)
    assert len([r for r in rows if "crossed out" in r]) >= 1 and len(rows) >= 3, rows
    actions = list(page.record().actions)

    # leave and resume from the start page
    window.back_to_start()
    row = window.start_page.resume_rows["reclaim"]
    QTest.mouseClick(row.resume_button, Qt.MouseButton.LeftButton)
    resumed = window.page
    assert resumed is not page and list(resumed.record().actions) == actions
    assert log_rows(resumed) == rows

    # save, leave, open the file
    path = tmp_path / "game.json"
    assert window.save_record_to(path)
    window.back_to_start()
    assert window.open_record(path)
    assert log_rows(window.page) == rows

    # switch to Japanese and back: the page is built again from the record
    from .test_language import choose

    choose(window, "ja")
    japanese = log_rows(window.page)
    assert len(japanese) == len(rows) and japanese != rows
    plain = [row.replace("\u200b", "") for row in japanese]  # without the line-break hints
    assert "ラウンド2" in plain and not any("Round" in row for row in plain), plain
    choose(window, "en")
    assert log_rows(window.page) == rows


def test_after_undo_a_drawing_that_cut_squares_off_leaves_no_x_line(qtbot, window):
    start_solo(window, "lake", 1)
    page = window.page
    player = ViewPlayer(page)
    for text in ["shape r06 0 e8", "shape r10 0 f6", "pay g8", "pay e8"]:
        player.perform(ReclaimAction.parse(text))
    before = log_rows(page)
    player.perform(ReclaimAction.parse("shape r20 1 g4"))  # walls squares off: X marks
    after = log_rows(page)
    x_lines = [row for row in after if "marked X" in row]
    assert len(x_lines) == 1 and "points" in x_lines[0], after
    undo(window)
    assert log_rows(page) == before
    assert not any("marked X" in row for row in log_rows(page))
    redo(window)
    assert log_rows(page) == after and heading_above(after, after.index(x_lines[0])) == "Round 1"
