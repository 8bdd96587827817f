"""Claim Control's take back and redo go through the one match: played, taken
back and put back through the controller and through the window (Edit > Undo /
Redo, Ctrl+Z / Ctrl+Shift+Z), the position (``state_key``), the record and the
placements list come back exactly; what may not be taken back is refused; the
AI's answer waits its pause, which a take back cancels."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.games.claim_control.actions import ClaimAction
from reclaimdesk.ui.claim_control.controller import ClaimController
from reclaimdesk.ui.claim_control.table import ClaimTable

from .test_claim_control_table import ClaimPlayer, start_from_the_start_page, status_text

PERSON = {"name": "You", "kind": "human"}
COMPUTER = {"name": "Computer", "kind": "ai", "level": "easy"}


@pytest.fixture(autouse=True)
def quick_ai(monkeypatch):
    monkeypatch.setattr(ClaimController, "ai_pause_ms", 0)


def wait_for_person(qtbot, c) -> None:
    qtbot.waitUntil(lambda: (c.human_turn() or c.over) and not c.busy, timeout=20000)


def shown_log(table: ClaimTable) -> list[str]:
    log = table.panel.log
    return [log.item(i).text() for i in range(log.count())]


def test_undo_and_redo_against_the_computer_come_back_to_the_same_position(qtbot):
    c = ClaimController.new_game([PERSON, COMPUTER], 3)
    table = ClaimTable(c)
    qtbot.addWidget(table)
    c.start()
    start = c.state.state_key()
    assert not c.can_undo() and not c.can_redo()
    assert c.act(ClaimAction.parse("square blue c3"))
    wait_for_person(qtbot, c)                                   # the computer's reply
    assert len(c.state.history) == 2
    after_two, record_two, log_two = c.state.state_key(), c.record().actions, shown_log(table)
    assert len(log_two) == 2 and log_two[0] == "1. \u25cb blue square c3"
    c.act(next(a for a in c.state.legal_actions() if str(a).startswith("marker red")))
    wait_for_person(qtbot, c)
    after_four, log_four = c.state.state_key(), shown_log(table)
    assert len(log_four) == 4 and log_four[:2] == log_two     # lines added, the first ones kept

    # one take back: your last placement and the computer's answer
    assert c.undo()
    assert c.state.state_key() == after_two and c.record().actions == record_two
    assert shown_log(table) == log_two and table.scene.current.placed == 2
    assert c.undo()
    assert c.state.state_key() == start and c.state.history == [] and not c.can_undo()
    assert shown_log(table) == [] and table.scene.current.placed == 0

    # redo puts back one take back at a time, and the computer does not think again
    assert c.can_redo() and c.redo()
    assert c.state.state_key() == after_two and not c.busy and c.human_turn()
    assert shown_log(table) == log_two
    assert c.redo()
    assert c.state.state_key() == after_four and not c.can_redo() and not c.busy
    assert shown_log(table) == log_four

    # a new placement after a take back drops what could have been put back
    assert c.undo() and c.can_redo()
    c.act(next(a for a in c.state.legal_actions() if str(a).startswith("marker blue")))
    assert not c.can_redo()
    wait_for_person(qtbot, c)
    assert len(c.state.history) == 4 and c.state.state_key() != after_four


def test_what_may_not_be_taken_back(qtbot):
    # the computer places first: its opening placement is not yours to take back
    c = ClaimController.new_game([COMPUTER, PERSON], 5)
    table = ClaimTable(c)
    qtbot.addWidget(table)
    said = []
    c.message.connect(lambda text, _ms: said.append(text))
    c.start()
    wait_for_person(qtbot, c)
    opening = c.state.state_key()
    assert len(c.state.history) == 1 and not c.can_undo()
    assert not c.undo() and said[-1] == "Nothing to take back yet."
    assert c.state.state_key() == opening
    c.act(c.state.legal_actions()[0])
    wait_for_person(qtbot, c)
    assert c.undo() and c.state.state_key() == opening and not c.can_undo()
    # a finished game takes nothing back, and has nothing to put back
    while not c.over:
        c.act(c.state.legal_actions()[-1])
        wait_for_person(qtbot, c)
    final = c.state.state_key()
    assert not c.can_undo() and not c.can_redo()
    assert not c.undo() and not c.redo() and c.state.state_key() == final
    assert len(shown_log(table)) == 60


def test_between_two_people_each_take_back_is_one_placement_and_redo_puts_it_back(qtbot):
    c = ClaimController.new_game([{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}], 2)
    table = ClaimTable(c)
    qtbot.addWidget(table)
    keys = [c.state.state_key()]
    for text in ("square blue c3", "marker blue edge b3-c3", "marker red corner c3"):
        assert c.act(ClaimAction.parse(text))
        keys.append(c.state.state_key())
    for back in (2, 1, 0):
        assert c.undo() and c.state.state_key() == keys[back] and len(shown_log(table)) == back
    assert not c.can_undo()
    for forward in (1, 2, 3):
        assert c.redo() and c.state.state_key() == keys[forward] and len(shown_log(table)) == forward


def test_a_change_of_the_view_redraws_no_list(qtbot):
    c = ClaimController.new_game([PERSON, PERSON], 1)
    table = ClaimTable(c)
    qtbot.addWidget(table)
    c.act(ClaimAction.parse("square red a1"))
    first = table.panel.log.item(0)
    kinds = []
    c.changed.connect(lambda changes: kinds.append(changes.kind))
    assert c.select("marker", "blue")                            # picking a piece is the view's own
    c.hover(-1, 0)
    assert kinds and set(kinds) == {"view"}
    assert table.panel.log.item(0) is first and table.scene.ghost.ghost is not None
    c.act(ClaimAction.parse("square blue e5"))                   # the list grows by one line
    assert table.panel.log.item(0) is first and table.panel.log.count() == 2
    assert kinds[-1] == "act"


def test_the_computers_answer_waits_its_pause_and_a_take_back_cancels_it(qtbot, monkeypatch):
    monkeypatch.setattr(ClaimController, "ai_pause_ms", 600_000)
    c = ClaimController.new_game([PERSON, COMPUTER], 8)
    table = ClaimTable(c)
    qtbot.addWidget(table)
    c.start()
    start = c.state.state_key()
    c.act(ClaimAction.parse("square blue b2"))
    qtbot.waitUntil(lambda: c._pending_ai is not None, timeout=20000)   # answered, held back
    assert c.busy and len(c.state.history) == 1 and table.panel.busy_label.text() == "Thinking..."
    assert c.undo()
    assert c._pending_ai is None and not c.busy and c.state.state_key() == start
    assert c.redo() and len(c.state.history) == 1                # your placement alone: the AI thinks again
    qtbot.waitUntil(lambda: c._pending_ai is not None, timeout=20000)
    c._ai_timer.start(0)                                         # the pause over
    qtbot.waitUntil(lambda: len(c.state.history) == 2, timeout=20000)
    assert c.human_turn() and c._pending_ai is None


def test_take_back_and_redo_through_the_window(qtbot, window):
    page = start_from_the_start_page(qtbot, window, side=0, level="easy")
    c = page.controller
    player = ClaimPlayer(page)
    start = c.state.state_key()
    player.perform(ClaimAction.parse("square red c3"))
    qtbot.waitUntil(lambda: c.human_turn() and not c.busy, timeout=20000)
    answered = c.state.state_key()
    assert window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    window.undo_action.trigger()                                  # Edit > Undo
    assert c.state.state_key() == start and window.redo_action.isEnabled()
    assert "your last placement and the AI's answer" in status_text(window)
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert c.state.state_key() == answered and not window.redo_action.isEnabled()
    assert "Put back your last placement and the AI's answer" in status_text(window)
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.state.state_key() == start
    window.redo_action.trigger()                                  # Edit > Redo
    assert c.state.state_key() == answered and c.human_turn()
    assert page.table.scene.current.placed == 2 and page.table.panel.log.count() == 2
