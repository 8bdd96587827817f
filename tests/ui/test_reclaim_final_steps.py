"""Issue 15, item 5: Reclaim's final steps are confirmed or undoable.

- Accepting the penalty when it ends the turn asks first (the next card would be
  seen, so it cannot be taken back); Cancel leaves the game as it was.
- Solo: the second starting shape can be taken back (the round-1 cards are face up
  during the setup, so nothing hidden is revealed).
- At a table, the starting shape that ends one's setup asks first.
- A resumed game can take back the steps of the present turn made before leaving.
All through the window: buttons, keys and clicks on the board."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.games.reclaim.actions import ReclaimAction

from .helpers import click_button, start_solo
from .player import ViewPlayer
from .test_reclaim_log import ROUND_2_UNPAYABLE, log_rows, play_to_round_2, redo, undo


def question(page):
    box = page.table.confirm_box
    assert box is not None and box.isVisible(), "the step should ask first"
    return box


def test_accepting_the_penalty_asks_first_and_cancel_changes_nothing(qtbot, window):
    page, player = play_to_round_2(qtbot, window)
    c = page.controller
    key, history, rows = c.state.state_key(), list(c.record().actions), log_rows(page)
    click_button(page.table.panel.pass_button)
    box = question(page)
    text = box.text()
    assert "58" in text and "cannot be taken back" in text and "next card" in text, text
    assert player.answer_question(accept=False)
    assert c.state.state_key() == key and list(c.record().actions) == history and log_rows(page) == rows
    assert not page.table.confirm_box
    # the Game menu's key P asks the same; accepting takes the penalty and ends the round
    QTest.keyClick(window, Qt.Key.Key_P)
    question(page)
    assert player.answer_question(accept=True)
    assert c.state.round == 3 and c.state.sheets[0].crossings == [(2, "cost unpaid")]
    assert not c.can_undo()  # the round-3 card is seen: no way back, as the question said


def test_solo_the_second_starting_shape_can_be_taken_back(qtbot, window):
    start_solo(window, "river", 2)
    page = window.page
    c = page.controller
    player = ViewPlayer(page)
    first, second = (ReclaimAction.parse(t) for t in ROUND_2_UNPAYABLE[:2])
    player.perform(first)
    player.perform(second)  # nothing asked: it can be taken back
    assert page.table.confirm_box is None
    assert c.state.round == 1 and c.state.phase == "pay"
    assert c.can_undo()
    undo(window)
    assert c.state.round == 0 and c.state.phase == "setup" and c.state.setup_left == [second.shape]
    undo(window)
    assert sorted(c.state.setup_left) == sorted([first.shape, second.shape]) and not c.state.sheets[0].sections
    assert not c.can_undo()
    redo(window)
    redo(window)
    assert c.state.round == 1 and [str(a) for a in c.state.history] == ROUND_2_UNPAYABLE[:2]
    # and once round 2's card is turned up, taking back stops there again
    for text in ROUND_2_UNPAYABLE[2:6]:
        player.perform(ReclaimAction.parse(text))
    assert c.state.round == 2 and not c.can_undo()


def test_at_a_table_the_last_starting_shape_asks_first(qtbot, window):
    window.start_choice("reclaim", {"players": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}],
                                    "seed": 2, "options": {"map": "river", "variant": False}})
    page = window.page
    c = page.controller
    player = ViewPlayer(page)
    player.perform(next(a for a in c.state.legal_actions() if a.shape == c.state.setup_left[0]))
    assert page.table.confirm_box is None  # the first one is taken back like any step
    second = c.state.legal_actions()[0]
    key = c.state.state_key()
    player._draw(second, use_keys=False)
    box = question(page)
    assert "Bo plays next" in box.text() and "cannot be taken back" in box.text(), box.text()
    assert player.answer_question(accept=False)
    assert c.state.state_key() == key and c.state.current_player == 0
    player.perform(second)  # asked again, and accepted
    assert c.state.current_player == 1 and c.state.phase == "setup"


def test_a_resumed_game_can_take_back_the_steps_of_its_present_turn(qtbot, window):
    page, player = play_to_round_2(qtbot, window)  # round 2: 'pay i6' made this turn
    window.back_to_start()
    QTest.mouseClick(window.start_page.resume_rows["reclaim"].resume_button, Qt.MouseButton.LeftButton)
    resumed = window.page
    c = resumed.controller
    assert c.can_undo()
    undo(window)
    assert [str(a) for a in c.state.history] == ROUND_2_UNPAYABLE[:-1]
    assert not c.can_undo()  # the turn's start: round 2's card was turned up before it


def test_the_rules_state_the_decision():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "reclaim.md").read_text(encoding="utf-8")
    assert "## Taking back" in text and "Accept the penalty" in text


# solo, river, deck 1: after these, paying f4 leaves the round's shape no room,
# so the penalty is taken at once and the round ends
BEFORE_A_FINAL_PAYMENT = ["shape r10 3 e6", "shape r06 0 g8", "pay i8", "pay f7", "shape r20 2 d4",
                          "special triangles", "triangle e7", "triangle f5", "triangle e5", "special shape",
                          "shape t8 1 e8"]


def test_a_triangle_after_which_the_turn_cannot_go_on_asks_first(qtbot, window):
    """A payment after which the turn cannot go on brings the penalty at once and
    ends the round (the next card is turned up): it asks first, as accepting the
    penalty does, and Cancel changes nothing."""
    start_solo(window, "river", 1)
    page = window.page
    c = page.controller
    player = ViewPlayer(page)
    for text in BEFORE_A_FINAL_PAYMENT:
        player.perform(ReclaimAction.parse(text))
    step = ReclaimAction.parse("pay f4")
    round_before, crossed = c.state.round, c.state.sheets[0].crossed
    key, history, rows = c.state.state_key(), list(c.record().actions), log_rows(page)
    player.click_cell(step.cell)
    box = question(page)
    text = box.text()
    assert "penalty" in text and "cannot be taken back" in text and "next card" in text, text
    assert box.accept_button.text() == "Put it here"
    assert player.answer_question(accept=False)
    assert c.state.state_key() == key and list(c.record().actions) == history and log_rows(page) == rows
    player.click_cell(step.cell)
    question(page)
    assert player.answer_question(accept=True)
    assert str(c.state.history[len(history)]) == "pay f4"
    assert c.state.round == round_before + 1 and c.state.sheets[0].crossed == crossed + 1
