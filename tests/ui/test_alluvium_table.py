"""Alluvium's table, played through the view with real mouse and key events: the
ghost and its reasons, checks lit before the click, action B, take back, the
hand-over between people at one computer (no sheet shown between them), a whole
game against three AI players ending on the end screen, and personal bests."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.games.alluvium.actions import AlluviumAction
from reclaimdesk.ui.alluvium import TABLE

from .helpers import click_button, send_mouse_move

VS_AI = [{"name": "You", "kind": "human"}] + [{"name": "Computer", "kind": "ai", "level": "random"}] * 3
THREE_PEOPLE = [{"name": n, "kind": "human"} for n in ("Ann", "Bo", "Cy")]


def open_page(qtbot, players, seed=3):
    page = TABLE.page_for_choice({"players": players, "seed": seed, "options": {}})
    qtbot.addWidget(page)
    page.resize(1024, 740)
    page.controller.ai_pause_ms = 0
    page.show()
    qtbot.waitExposed(page)
    page.started()
    return page


def centre_of(c, action: AlluviumAction):
    """The square to point at so that the ghost lands as ``action``."""
    if action.kind == "fill":
        return action.cell
    shape = c.state.piece(action.piece).orientations[action.orientation]
    return (action.cell[0] + (shape.height - 1) // 2, action.cell[1] + (shape.width - 1) // 2)


def play_by_mouse(page, action: AlluviumAction) -> None:
    """Turn, flip, switch piece or choose action B with keys, then click."""
    c = page.controller
    view = page.table.view
    if action.kind == "fill":
        if not c.in_fill_mode():
            QTest.keyClick(view, Qt.Key.Key_B)
    else:
        if c.in_fill_mode():
            QTest.keyClick(view, Qt.Key.Key_B)
        while c.current_piece() != action.piece:
            QTest.keyClick(view, Qt.Key.Key_Tab)
        turns, mirrored = c.state.piece(action.piece).turn_and_mirror(action.orientation)
        if c.mirrored != mirrored:
            QTest.keyClick(view, Qt.Key.Key_F)
        while c.quarter_turns % 4 != turns:
            QTest.keyClick(view, Qt.Key.Key_R)
    pos = view.view_pos_of_cell(centre_of(c, action))
    send_mouse_move(view.viewport(), pos)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos.toPoint())


def wait_for_human(qtbot, page):
    c = page.controller
    qtbot.waitUntil(lambda: c.over or c.viewer_acts() or c.awaiting is not None, timeout=20000)


def test_a_whole_game_against_three_ai_players_by_mouse(qtbot, data_dir):
    page = open_page(qtbot, VS_AI)
    c = page.controller
    while not c.over:
        wait_for_human(qtbot, page)
        if c.over:
            break
        before = len(c.state.history)
        action = c.state.legal_actions()[0]
        play_by_mouse(page, action)
        assert len(c.state.history) == before + 1, c.hover_text()
    qtbot.waitUntil(lambda: page.end is not None and page.currentWidget() is page.end, timeout=5000)
    assert len(page.end.views) == 4
    assert page.end.title.text() == c.result_text()
    assert "personal best" in page.best_text
    from reclaimdesk.core.library import Library  # the library of played games keeps the bests now

    assert Library(data_dir).get(page.library_id).path == page.archived


def test_round_one_ghost_says_why_and_take_back_reaches_the_first_piece(qtbot):
    page = open_page(qtbot, VS_AI)
    c = page.controller
    view = page.table.view
    corner = view.view_pos_of_cell((8, 1))
    send_mouse_move(view.viewport(), corner)
    assert not c.ghost_view().ok
    assert "start square" in c.hover_text()
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, corner.toPoint())
    assert c.state.history == []
    first = c.state.legal_actions()[0]
    play_by_mouse(page, first)
    assert c.state.history == [first]
    assert c.can_undo()
    click_button(page.table.panel.undo_button)
    assert c.state.history == []
    assert "Taken back" in page.table.panel.instruction.text() or c.state.current_player == 0


def test_checks_are_lit_before_the_click_on_a_received_sheet(qtbot):
    page = open_page(qtbot, VS_AI, seed=5)
    c = page.controller
    while not (c.viewer_acts() and c.state.phase == "others"):
        wait_for_human(qtbot, page)
        if c.viewer_acts() and c.state.phase != "others":
            play_by_mouse(page, c.state.legal_actions()[0])
    scoring = [a for a in c.state.legal_actions() if a.kind == "place" and c.state.checks_for(a) > 0]
    assert scoring, "a received sheet offers a placement touching its owner"
    action = scoring[0]
    turns, mirrored = c.state.piece(action.piece).turn_and_mirror(action.orientation)
    c.quarter_turns, c.mirrored = turns, mirrored
    send_mouse_move(page.table.view.viewport(), page.table.view.view_pos_of_cell(centre_of(c, action)))
    ghost = c.ghost_view()
    assert ghost.ok and len(ghost.check_edges) == c.state.checks_for(action)
    assert "check" in c.hover_text()
    owner = c.state.held_by(0)
    before = c.state.sheets[owner].checks[0]
    play_by_mouse(page, action)
    assert c.state.sheets[owner].checks[0] == before + len(ghost.check_edges)


def test_hot_seat_hides_every_sheet_between_two_people(qtbot):
    page = open_page(qtbot, THREE_PEOPLE)
    c = page.controller
    assert c.awaiting == 0 and not page.table.scene.sheet.isVisible()   # even the first person is asked
    click_button(page.table.panel.handover_button)
    assert c.awaiting is None and c.viewer == 0 and page.table.scene.sheet.isVisible()
    for action in c.state.legal_actions()[:1]:
        play_by_mouse(page, action)
    play_by_mouse(page, c.state.legal_actions()[0])       # Ann's second start piece
    assert c.state.current_player == 1
    assert c.awaiting == 1
    assert not page.table.scene.sheet.isVisible()
    assert c.ghost_view().cells == ()
    panel = page.table.panel
    assert panel.handover_button.isVisible() and "Bo" in panel.handover_button.text()
    click_button(panel.handover_button)
    assert c.viewer == 1 and c.awaiting is None
    assert page.table.scene.sheet.isVisible()
    assert c.shown_owner() == 1
    assert not c.can_undo()                                 # Bo may not take back Ann's drawing


def test_action_b_marks_the_enclosed_squares(qtbot):
    from reclaimdesk.core.record import GameRecord

    page = open_page(qtbot, VS_AI, seed=11)
    c = page.controller
    # play until the person holds a received sheet with an enclosed square, if the deal makes one
    for _ in range(400):
        wait_for_human(qtbot, page)
        if c.over:
            break
        if c.state.phase == "others" and c.state.fill_squares():
            break
        play_by_mouse(page, c.state.legal_actions()[0])
    if c.over:
        return
    QTest.keyClick(page.table.view, Qt.Key.Key_B)
    assert c.in_fill_mode()
    ghost = c.ghost_view()
    assert set(ghost.fill_squares) == set(c.state.fill_squares())
    cell = c.state.fill_squares()[0]
    before = len(c.state.history)
    play_by_mouse(page, AlluviumAction.fill(cell))
    assert len(c.state.history) == before + 1
    assert isinstance(c.record(), GameRecord)


def test_alluvium_bests_show_on_the_start_page_and_in_the_dialog(qtbot, data_dir):
    from reclaimdesk.ui.alluvium.bests import Bests
    from reclaimdesk.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.finish_start_page()
    assert "alluvium" not in w.start_page.bests  # none kept yet: no section
    bests = Bests(data_dir)
    bests.add(4, "Ada", 310, seed=12)
    bests.add(4, "Ben", 355, seed=13)
    bests.add(3, "Ada", 280, seed=14)
    w.finish_start_page()
    table = w.start_page.bests["alluvium"]
    assert table.cells == (("3", "1", "280", "Ada", "14", table.cells[0][5]),
                           ("4", "1", "355", "Ben", "13", table.cells[1][5]),
                           ("4", "2", "310", "Ada", "12", table.cells[2][5]))
    assert list(w.start_page.bests) == ["reclaim", "alluvium"]  # in card order
    w.show_bests()
    assert w.dialog.tables["Alluvium"].cells[1][2] == "355"
    w.dialog.close()


def test_a_bests_file_that_cannot_be_read_is_reported_not_fatal(qtbot, data_dir, monkeypatch):
    from reclaimdesk.ui.alluvium import AlluviumTable
    from reclaimdesk.ui.main_window import MainWindow

    def broken(self, folder, limit):
        raise OSError("permission denied")

    monkeypatch.setattr(AlluviumTable, "personal_bests", broken)
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.finish_start_page()
    assert "alluvium" not in w.start_page.bests and "reclaim" in w.start_page.bests
    assert "permission denied" in w.statusBar().currentMessage()


# --- take back and put back (the match's one rule) ---------------------------------------------
def test_take_back_and_put_back_through_the_controller_then_a_new_phase_is_final(qtbot):
    page = open_page(qtbot, VS_AI)
    c = page.controller
    start = c.state.state_key()
    play_by_mouse(page, c.state.legal_actions()[0])     # the first start piece
    drawn = c.state.state_key()
    log = c.log_lines()
    assert c.can_undo() and not c.can_redo()
    assert c.undo()
    assert c.state.state_key() == start and c.log_lines() == [] and c.can_redo()
    assert c.redo()
    assert c.state.state_key() == drawn and c.log_lines() == log and not c.can_redo()
    panel = page.table.panel
    assert [panel.log.item(i).text() for i in range(panel.log.count())] == log
    play_by_mouse(page, c.state.legal_actions()[0])     # the second: the computers draw theirs, sheets move
    wait_for_human(qtbot, page)
    assert c.state.phase == "others"
    before = c.state.state_key()
    assert not c.can_undo() and not page.can_undo()
    assert not c.undo() and c.state.state_key() == before


def test_ctrl_z_takes_back_your_drawing_and_the_computers_reply_and_ctrl_shift_z_puts_them_back(
        qtbot, window):
    window.start_choice("alluvium", {"players": VS_AI, "seed": 3, "options": {}})
    page = window.page
    c = page.controller
    c.ai_pause_ms = 10 ** 9                     # holds each computer drawing until the test plays it
    play_by_mouse(page, c.state.legal_actions()[0])
    after_first = c.state.state_key()
    play_by_mouse(page, c.state.legal_actions()[0])
    qtbot.waitUntil(lambda: c._pending_ai is not None)  # the computer chose, and waits
    assert c.busy and not c.over
    c._apply_pending_ai()                               # as when its pause ends
    assert len(c.state.history) == 3 and c.match.steps()[-1].seat == 1
    after_reply = c.state.state_key()
    qtbot.waitUntil(window.undo_action.isEnabled)
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.state.state_key() == after_first and c.viewer_acts()
    assert window.statusBar().currentMessage() == "Taken back."
    assert window.redo_action.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert c.state.state_key() == after_reply
    assert window.statusBar().currentMessage() == "Put back your turn and the computer's reply."
    assert not c.can_redo() and not window.redo_action.isEnabled()


def test_hot_seat_take_back_and_put_back_keep_the_sheet_shown(qtbot):
    page = open_page(qtbot, THREE_PEOPLE)
    c = page.controller
    click_button(page.table.panel.handover_button)
    play_by_mouse(page, c.state.legal_actions()[0])
    drawn = c.state.state_key()
    page.undo()
    assert c.state.history == [] and c.viewer == 0 and c.awaiting is None
    assert page.table.scene.sheet.isVisible() and page.can_redo()
    page.redo()
    assert c.state.state_key() == drawn and c.shown_owner() == 0


def test_the_table_draws_only_what_a_change_names(qtbot, monkeypatch):
    page = open_page(qtbot, VS_AI)
    c, table, panel = page.controller, page.table, page.table.panel
    calls = []
    monkeypatch.setattr(panel, "set_log", lambda lines: calls.append(("set", list(lines))))
    monkeypatch.setattr(panel, "add_log", lambda lines: calls.append(("add", list(lines))))
    monkeypatch.setattr(table.scene, "show_sheet", lambda view: calls.append(("sheet", view.owner)))
    send_mouse_move(table.view.viewport(), table.view.view_pos_of_cell((5, 5)))
    QTest.keyClick(table.view, Qt.Key.Key_R)
    assert calls == []                                  # the ghost moved: no log, no sheet
    play_by_mouse(page, c.state.legal_actions()[0])
    assert calls == [("sheet", 0), ("add", [c.log_lines()[-1]])]
    calls.clear()
    c.undo()
    assert calls == [("sheet", 0), ("set", [])]         # a take back draws everything again


def test_file_export_pdf_on_the_table_chooses_the_sheets_of_the_person_looking(qtbot, window):
    from reclaimdesk.ui.export_dialog import FILLED, ExportDialog

    window.start_choice("alluvium", {"players": THREE_PEOPLE, "seed": 3, "options": {}})
    page = window.page
    c = page.controller
    click_button(page.table.panel.handover_button)
    play_by_mouse(page, c.state.legal_actions()[0])
    play_by_mouse(page, c.state.legal_actions()[0])     # Ann's start pieces: Bo is next
    click_button(page.table.panel.handover_button)
    assert c.viewer == 1
    window.export_action.trigger()
    d = page.export_dialog
    assert isinstance(d, ExportDialog) and d.what() == FILLED
    assert d.seat_box.currentData() == 2                # Bo, counted from 1
    d.reject()
