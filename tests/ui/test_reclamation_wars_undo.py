"""Reclamation Wars' take back and put back through the one match: against two
computer players (your turn and their replies go and come back together), a
demolisher turn in progress, at one computer, nothing to take back while the
computer opens, and from the end screen; through the controller, the panel's
button, Edit > Undo / Redo and Ctrl+Z / Ctrl+Shift+Z. Each compares the engine's
``state_key`` with the position it should be, worked out from the engine alone."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.reclamation_wars.actions import WarsAction
from reclaimdesk.ui.reclamation_wars.endscreen import EndScreen

from .helpers import click_button
from .test_reclamation_wars_table import THREE, YOU_RED, FACE_OFF, Hand, open_game, status_text

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def key_after(seed: int, actions, options=None):
    """The engine's own position after ``actions`` (from the start)."""
    state = get_game("reclamation-wars").new_game(3, seed, options)
    for action in actions:
        state.apply(action if isinstance(action, WarsAction) else state.parse_action(str(action)))
    return state.state_key()


def turn_starts(seed: int, actions) -> list[tuple[int, int]]:
    """(seat, index of its first action) of every turn with actions, by the engine."""
    state = get_game("reclamation-wars").new_game(3, seed)
    out = []
    for action in actions:
        if state.moves_used == 0:
            out.append((state.current_player, len(state.history)))
        state.apply(state.parse_action(str(action)))
    return out


def test_your_turn_and_the_ai_replies_go_and_come_back_together(qtbot, window):
    page = open_game(window, YOU_RED)
    c = page.controller
    start = c.state.state_key()
    reclaim = next(a for a in c.state.legal_actions() if a.kind == "reclaim")
    assert c.act(reclaim)
    qtbot.waitUntil(c.human_turn, timeout=20000)                  # both computer players replied
    played = list(c.state.history)
    after = c.state.state_key()
    assert len(played) >= 3 and after == key_after(7, played)
    log = [page.table.panel.log.item(i).text() for i in range(page.table.panel.log.count())]
    assert len(log) == len(c.state.turns) == 3

    assert c.undo()
    assert c.state.state_key() == start and c.state.history == []
    assert "AI's replies" in status_text(window)
    assert page.table.panel.log.count() == 0                      # the log was redrawn from the position
    assert not c.can_undo() and c.can_redo()

    assert c.redo()
    assert c.state.state_key() == after and c.state.history == played
    assert "Put back your last turn and the AI's replies" in status_text(window)
    assert [page.table.panel.log.item(i).text() for i in range(page.table.panel.log.count())] == log
    assert not c.can_redo() and c.can_undo()
    assert c.human_turn() and not c.busy                          # nobody replays the computer's turns


def test_edit_menu_and_keys_take_back_and_put_back(qtbot, window):
    page = open_game(window, YOU_RED, seed=4)
    c = page.controller
    hand = Hand(page)
    hand.play(next(a for a in c.state.legal_actions() if a.kind == "reclaim"))
    qtbot.waitUntil(c.human_turn, timeout=20000)
    first = list(c.state.history)
    hand.play(next(a for a in c.state.legal_actions() if a.kind == "reclaim"))
    qtbot.waitUntil(c.human_turn, timeout=20000)
    second = list(c.state.history)
    assert window.undo_action.isEnabled() and not window.redo_action.isEnabled()

    window.undo_action.trigger()                                  # Edit > Undo: back to after the first round
    assert c.state.state_key() == key_after(4, first) and c.state.history == first
    assert window.redo_action.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Z, CTRL)                    # Ctrl+Z: back to the start
    assert c.state.history == [] and c.state.state_key() == key_after(4, [])
    assert not window.undo_action.isEnabled()

    QTest.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)            # Ctrl+Shift+Z puts back one take back
    assert c.state.history == first and c.state.state_key() == key_after(4, first)
    window.redo_action.trigger()                                  # Edit > Redo the other
    assert c.state.history == second and c.state.state_key() == key_after(4, second)
    assert not window.redo_action.isEnabled() and window.undo_action.isEnabled()

    # playing something else after a take back drops what could have been put back
    QTest.keyClick(window, Qt.Key.Key_Z, CTRL)
    other = [a for a in c.state.legal_actions() if a.kind == "reclaim" and a != second[len(first)]]
    hand.play(other[0])
    assert not c.can_redo() and not window.redo_action.isEnabled()


def test_a_demolisher_turn_in_progress_is_taken_back_whole(qtbot, window):
    page = open_game(window, THREE, FACE_OFF, seed=0)          # Red's demolisher on 0,0 faces Blue's
    c = page.controller
    played = list(c.state.history)
    assert c.state.current_player == 0 and c.state.moves_used == 0
    step = next(a for a in c.state.legal_actions() if a.kind == "step")
    assert c.act(step)
    assert c.state.moves_used == 1 and c.human_turn()           # the turn goes on
    mid = c.state.state_key()
    click_button(page.table.panel.undo_button)
    assert c.state.history == played and c.state.state_key() == key_after(0, played)
    assert "Took back the last turn" in status_text(window)
    assert c.redo()
    assert c.state.state_key() == mid and c.state.moves_used == 1 and c.state.current_player == 0


def test_at_one_computer_the_last_persons_turn_goes_then_the_one_before(qtbot, window):
    page = open_game(window, THREE, seed=12)
    c = page.controller
    hand = Hand(page)
    brain = get_game("reclamation-wars").agent("random", 9)
    for _ in range(5):
        hand.play(brain.choose(c.state.clone()))
    played = [str(a) for a in c.state.history]
    starts = turn_starts(12, played)
    assert c.undo()
    assert c.state.state_key() == key_after(12, played[:starts[-1][1]])
    assert c.undo()
    assert c.state.state_key() == key_after(12, played[:starts[-2][1]])
    assert c.redo() and c.redo()
    assert c.state.state_key() == key_after(12, played)
    assert "Put back the last turn" in status_text(window)


def test_nothing_to_take_back_while_the_computer_opens(qtbot, window):
    players = [YOU_RED[1], YOU_RED[0], YOU_RED[2]]                # you play Blue: Red (the computer) opens
    page = open_game(window, players, seed=3)
    c = page.controller
    qtbot.waitUntil(c.human_turn, timeout=20000)
    opened = c.state.state_key()
    assert len(c.state.history) >= 1
    assert not c.can_undo() and not window.undo_action.isEnabled()
    assert not page.table.panel.undo_button.isEnabled()
    assert not c.undo()
    assert c.state.state_key() == opened and not c.can_redo()


def test_the_end_screen_takes_the_last_turn_back_and_redo_ends_it_again(qtbot, window):
    spec = get_game("reclamation-wars")
    state = play_game(spec.new_game(3, 11), [spec.agent("random", s) for s in range(3)])
    record = GameRecord.from_state(state, YOU_RED)
    from reclaimdesk.ui.reclamation_wars import TABLE

    page = TABLE.page_from_record(record, window.settings)
    page.controller.ai_pause_ms = 0
    window._show_page(page)
    c = page.controller
    assert isinstance(page.currentWidget(), EndScreen)
    ended = c.state.state_key()
    assert page.end.undo_button.isEnabled() and window.undo_action.isEnabled()
    yours = max(start for seat, start in turn_starts(11, record.actions) if seat == 0)

    click_button(page.end.undo_button)
    assert page.currentWidget() is page.table and not c.over
    assert c.state.state_key() == key_after(11, record.actions[:yours])
    assert c.human_turn() and window.redo_action.isEnabled()

    with qtbot.waitSignal(c.finished, timeout=5000):
        QTest.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert c.over and c.state.state_key() == ended
    qtbot.waitUntil(lambda: isinstance(page.currentWidget(), EndScreen))  # just after the move is drawn
