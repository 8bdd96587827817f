"""The Reclamation's table, one behaviour at a time, played through the view:
the start page's card and the new-game dialog, lit moves, choosing a Gardener
(Throne), the card preview, refused clicks explained in the status bar, choosing
squares when stones run short, taking back, turning the board and the words of
the end."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.the_reclamation.actions import TheReclamationAction
from reclaimdesk.games.the_reclamation.state import CHOOSING_CARD, FILLING, MOVING, TheReclamationState
from reclaimdesk.ui.the_reclamation.model import end_story

from .helpers import confirm

YOU_FLOWER = [{"name": "You", "kind": "human"}, {"name": "AI", "kind": "ai", "level": "easy"}]
TWO = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]
SHORT_HAND = ["move f1-e2", "card 3", "move a6-b5", "card 1", "move e2-d3", "card 4", "move b5-b4", "card 2",
              "move d3-e4", "card 1", "move b4-c3", "card 3", "move e4-d4", "card 2", "move c3-b2", "card 4",
              "move d4-c5"]
"""A Garden opening (seed 15) after which Flower holds 3 stones and card 1 reaches 4 empty squares."""
TWO_GARDENERS = ["move f1-e2", "card 2", "move a6-b6", "card 3", "move e2-d3", "card 4", "move b6-b5", "card 1",
                 "move d3-d4", "card 1", "move b5-b6", "card 4", "move d4-c3", "card 3", "move b6-a5", "card 2"]
"""A Throne opening (seed 0) after which Flower has two Gardeners, on c3 and c5."""


class Hand:
    """Plays through the window like a person: clicks on the view's squares and
    cards; reads the controller only to check what happened."""

    def __init__(self, page) -> None:
        self.page = page
        self.view = page.table.view
        self.c = page.controller

    def click_cell(self, cell, button=Qt.MouseButton.LeftButton) -> None:
        pos = self.view.view_pos_of_cell(cell).toPoint()
        QTest.mouseClick(self.view.viewport(), button, Qt.KeyboardModifier.NoModifier, pos)

    def click_card(self, number: int, seat: int | None = None) -> None:
        seat = self.c.state.player if seat is None else seat
        at_bottom = seat == self.c.bottom_seat()
        pos = self.view.view_pos_of_card(at_bottom, number).toPoint()
        QTest.mouseClick(self.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)

    def key(self, key) -> None:
        QTest.keyClick(self.view, key)

    def perform(self, action: TheReclamationAction) -> None:
        c = self.c
        before = len(c.state.history)
        if action.kind == "move":
            if c.acting_gardener() != action.cell:
                self.click_cell(action.cell)
                assert c.acting_gardener() == action.cell
            assert action.to in self.page.table.scene.highlights["move"].cells
            self.click_cell(action.to)
        elif action.kind == "card":
            self.click_card(action.card)          # first click: the preview
            assert c.selected_card == action.card and len(c.state.history) == before
            assert self.page.table.scene.preview.marks
            self.click_card(action.card)          # second click: reclaim
        else:
            assert action.cell in self.page.table.scene.highlights["pending"].cells
            self.click_cell(action.cell)
        after = c.state.history
        assert len(after) == before + 1 and str(after[before]) == str(action), (
            f"the view did not play {action}: {c.state.why_illegal(action)}")


def status_text(window) -> str:
    return window.statusBar().currentMessage()


def open_game(window, players, actions=(), rules="garden", seed=15):
    state = get_game("the-reclamation").new_game(2, seed, {"rules": rules})
    for text in actions:
        state.apply_text(text)
    record = GameRecord.from_state(state, players)
    from reclaimdesk.ui.the_reclamation import TABLE

    page = TABLE.page_from_record(record, window.settings)
    page.controller.ai_pause_ms = 0
    window._show_page(page)
    return page


@pytest.fixture
def page(qtbot, window):
    return open_game(window, YOU_FLOWER)


def test_the_start_page_card_opens_the_dialog_and_the_table(qtbot, window):
    card = window.start_page.cards["the-reclamation"]
    assert card.buttons["new"].isVisible()
    QTest.mouseClick(card.buttons["new"], Qt.MouseButton.LeftButton)
    dialog = window.dialog
    assert dialog.isVisible()
    QTest.mouseClick(dialog.throne_radio, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(8, dialog.throne_radio.height() // 2))   # on its round button
    QTest.mouseClick(dialog.ai_radio, Qt.MouseButton.LeftButton)
    dialog.side_box.setCurrentIndex(1)                 # Tendril
    dialog.level_box.setCurrentIndex(0)                # easy
    QTest.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None and page.game_id == "the-reclamation"
    c = page.controller
    assert c.rules == "throne" and [s.kind for s in c.seats] == ["ai", "human"]
    assert c.bottom_seat() == 1 and "Tendril" in window.windowTitle()
    # the AI (Flower) opens; then it is the person's turn, Tendril's Gardener lit
    qtbot.waitUntil(c.human_turn, timeout=10000)
    assert page.table.scene.highlights["selected"].cells == (c.state.gardeners(1)[0],)
    # File > New game (Ctrl+N) during the game: first the question (this game is
    # unfinished and would be replaced), then the same dialog, remembering the choice
    window.new_action.trigger()
    assert window.dialog is dialog and "replaces it" in window.confirm_box.text()
    confirm(window)
    again = window.dialog
    assert again is not dialog and again.throne_radio.isChecked() and again.side_box.currentIndex() == 1
    again.reject()


def test_moves_light_up_and_a_refused_move_explains_itself(page, window):
    hand = Hand(page)
    c = page.controller
    lit = set(page.table.scene.highlights["move"].cells)
    assert lit == {(0, 4), (1, 4), (1, 5)}                 # e1, e2, f2 around f1
    hand.click_cell((3, 3))                                # d4: not next to the Gardener
    assert not c.state.history
    assert "d4 is not next to f1" in status_text(window)
    hand.click_cell((1, 4))
    assert str(c.state.history[-1]) == "move f1-e2" and c.state.phase == CHOOSING_CARD
    hand.click_cell((3, 3))                                # a square again: choose a card first
    assert "choose a card" in status_text(window).lower()


def test_the_card_preview_shows_each_square_before_confirming(page, window):
    hand = Hand(page)
    c = page.controller
    hand.click_cell((1, 4))                                # f1-e2
    hand.click_card(3)                                     # Cross: e3, f2, e1, d2
    assert c.selected_card == 3 and c.state.phase == CHOOSING_CARD
    marks = page.table.scene.preview.marks
    assert {(cell, effect) for cell, effect, _, _ in marks} == {
        ((2, 4), "place"), ((1, 5), "place"), ((0, 4), "place"), ((1, 3), "place")}
    assert "places 4 stones" in page.table.panel.instruction.text()
    assert page.table.panel.reclaim_button.isVisible()
    # hovering a preview square says what happens there
    hand_pos = page.table.view.view_pos_of_cell((2, 4)).toPoint()
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    vp = page.table.view.viewport()
    event = QMouseEvent(QEvent.Type.MouseMove, QPointF(hand_pos), QPointF(vp.mapToGlobal(hand_pos)),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, event)
    assert status_text(window).startswith("e3: one of your stones is placed")
    # compare with another card, then drop it with Escape: nothing was played
    hand.click_card(1)
    assert c.selected_card == 1
    assert {cell for cell, *_ in page.table.scene.preview.marks} == {(2, 3), (2, 5), (0, 3), (0, 5)}
    hand.key(Qt.Key.Key_Escape)
    assert c.selected_card == 0 and not page.table.scene.preview.marks
    assert [str(a) for a in c.state.history] == ["move f1-e2"]
    # keys 1-4 choose, Enter confirms
    hand.key(Qt.Key.Key_3)
    hand.key(Qt.Key.Key_Return)
    assert [str(a) for a in c.state.history] == ["move f1-e2", "card 3"]
    assert c.state.occupied_squares(0) == 5


def test_refused_cards_explain_themselves(qtbot, page, window):
    hand = Hand(page)
    c = page.controller
    hand.click_card(2)                                     # before moving
    assert "move your gardener first" in status_text(window).lower()
    hand.click_card(1, seat=1)                             # the opponent's card
    assert "Tendril's" in status_text(window)
    hand.click_cell((1, 4))
    hand.click_card(3)
    hand.click_card(3)
    qtbot.waitUntil(c.human_turn, timeout=10000)           # the AI replies
    hand.click_cell(c.move_targets()[0])
    hand.click_card(3)                                     # used last turn
    assert "Card 3 is used" in status_text(window)
    assert c.state.phase == CHOOSING_CARD and c.selected_card == 0


def test_choosing_squares_when_stones_run_short(qtbot, window):
    page = open_game(window, YOU_FLOWER, SHORT_HAND)
    hand = Hand(page)
    c = page.controller
    assert c.human_turn() and c.state.phase == CHOOSING_CARD and c.state.hand(0) == 3
    hand.click_card(1)
    marks = page.table.scene.preview.marks
    assert len(marks) == 4 and all(optional for _, _, optional, _ in marks)
    assert "choose" in page.table.panel.instruction.text()
    hand.click_card(1)
    assert c.state.phase == FILLING
    pending = set(page.table.scene.highlights["pending"].cells)
    assert pending == {(5, 1), (5, 3), (3, 1), (3, 3)}     # b6, d6, b4, d4
    assert "3 stones for 4 squares" in page.table.panel.instruction.text()
    hand.click_cell((0, 0))                                # not one of them
    assert "Card 1 does not reach a1" in status_text(window)
    for cell in [(5, 1), (3, 3), (3, 1)]:
        hand.click_cell(cell)
    assert [str(a) for a in c.state.history[-3:]] == ["fill b6", "fill d4", "fill b4"]
    assert c.state.stack((5, 3)) == (None, 0) and c.state.hand(0) == 0
    assert c.state.player == 1 or c.over


def test_throne_choosing_which_gardener_acts(qtbot, window):
    page = open_game(window, TWO, TWO_GARDENERS, rules="throne", seed=0)
    c = page.controller
    hand = Hand(page)
    assert sorted(c.movable_gardeners()) == [(2, 2), (4, 2)]          # c3 and c5
    assert set(page.table.scene.highlights["gardener"].cells) == {(2, 2), (4, 2)}
    assert not page.table.scene.highlights["move"].cells                # nothing lit before choosing
    assert "choose the Gardener" in page.table.panel.instruction.text()
    hand.click_cell((1, 2))                                             # c2: a square, no Gardener chosen
    assert "First click the Gardener" in status_text(window)
    hand.click_cell((4, 2))
    assert page.table.scene.highlights["selected"].cells == ((4, 2),)
    assert set(page.table.scene.highlights["move"].cells) == set(c.move_targets((4, 2)))
    hand.click_cell((2, 2))                                             # change of mind
    assert set(page.table.scene.highlights["move"].cells) == set(c.move_targets((2, 2)))
    hand.click_cell((1, 2))
    assert str(c.state.history[-1]) == "move c3-c2"


def test_take_back_undoes_your_turn_and_the_ai_reply(qtbot, page, window):
    hand = Hand(page)
    c = page.controller
    hand.click_cell((1, 4))
    hand.click_card(3)
    hand.click_card(3)
    qtbot.waitUntil(c.human_turn, timeout=10000)
    assert len(c.state.history) >= 4 and window.undo_action.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.state.history == [] and c.state.player == 0 and c.human_turn()
    assert "AI's reply" in status_text(window)
    # within a turn, take back returns to its start
    hand.click_cell((1, 5))
    assert c.can_undo()
    page.table.panel.undo_button.click()
    assert c.state.history == [] and c.state.phase == MOVING
    assert not c.can_undo() and not page.table.panel.undo_button.isEnabled()
    from reclaimdesk.core.record import load_record

    assert load_record(c.autosave.path).actions == []


def test_two_players_turn_the_board(qtbot, window):
    page = open_game(window, TWO, ["move f1-e2", "card 3"], seed=2)
    c = page.controller
    assert c.bottom_seat() == 0 and c.state.player == 1
    assert page.table.scene.trays[0].view.seat == 0
    QTest.mouseClick(page.table.panel.flip_button, Qt.MouseButton.LeftButton)
    assert c.bottom_seat() == 1
    view = page.table.scene.current
    assert view.orientation.bottom == 1 and view.trays[0].seat == 1
    assert view.cards[0][0].seat == 1 and view.cards[0][0].owner_at_bottom
    hand = Hand(page)
    hand.click_cell((4, 1))                                 # b5, next to Tendril's Gardener on a6
    assert str(c.state.history[-1]) == "move a6-b5"


def test_card_patterns_are_drawn_from_the_viewer_side(page):
    view = page.table.scene.current
    flower, tendril = view.cards                             # bottom (Flower, the person), top
    long_reach_bottom = next(f for f in flower if f.number == 2)
    long_reach_top = next(f for f in tendril if f.number == 2)
    # two forward, one left/right: up the screen for the person, down for the player across
    assert set(long_reach_bottom.steps) == {(-2, -1), (-2, 1)}
    assert set(long_reach_top.steps) == {(2, 1), (2, -1)}


def _end(rules, diagram, line, **kw):
    state = TheReclamationState.from_diagram(diagram, rules=rules, **kw)
    for text in line:
        state.apply_text(text)
    assert state.is_terminal()
    return end_story(state, ["You", "The AI"])


def test_the_end_is_explained_for_every_way_a_game_ends():
    empty = ".  .  .  .  .  ."
    squares = _end("garden", f"""
        T3 .  .  .  .  .
        {empty}
        F1 F1 F1 F1 F1 .
        F1 F1 F1 F1 F1 .
        {empty}
        .  .  .  .  .  F3""", ["move f1-e1", "card 3"])
    assert (squares.kind, squares.winner, squares.headline) == ("squares", 0, "You win")
    assert "12 squares" in squares.why
    hemmed = _end("garden", f"""
        T3 .  .  .  .  .
        {empty}
        {empty}
        {empty}
        .  .  .  .  T1 T1
        .  .  .  .  T1 F3""", [], hands=(5, 5))
    assert (hemmed.kind, hemmed.winner, hemmed.headline) == ("no-move", 1, "The AI wins")
    assert "could not move" in hemmed.why and hemmed.why.startswith("The Gardener of Flower")
    useless = _end("garden", f"""
        .  .  .  .  .  T3
        {empty}
        {empty}
        {empty}
        {empty}
        F3 .  .  .  .  .""", ["move a1-a2"], hands=(0, 5))
    assert useless.kind == "no-card" and useless.winner == 1
    assert "would change anything" in useless.why
    toppled = _end("throne", f"""
        {empty}
        {empty}
        {empty}
        .  .  T3 .  .  .
        {empty}
        .  .  F3 .  .  .""", ["move c1-c2", "card 1"])
    assert toppled.kind == "no-gardener" and toppled.winner == 0 and "no Gardener left" in toppled.why
    three = _end("throne", f"""
        .  .  .  .  .  T3
        {empty}
        {empty}
        .  .  T3 .  .  .
        {empty}
        .  .  F3 .  .  .""", ["move c1-c2", "card 1"], kept=(2, 0))
    assert three.kind == "taken" and "3 stones" in three.why
    drawn = _end("garden", f"""
        .  .  .  .  .  T3
        {empty}
        {empty}
        {empty}
        {empty}
        F3 .  .  .  .  .""", ["move a1-a2", "card 3"], turn=200)
    assert drawn.kind == "draw" and drawn.winner is None and drawn.headline == "A draw"


def test_a_turn_by_keyboard_and_a_hint(qtbot, page, window):
    hand = Hand(page)
    c = page.controller
    page.table.view.setFocus()
    hand.key(Qt.Key.Key_Up)                                  # the cursor starts on f1; up is f2
    assert c.pointer == (1, 5) and page.table.scene.highlights["cursor"].cells == ((1, 5),)
    hand.key(Qt.Key.Key_Return)
    assert [str(a) for a in c.state.history] == ["move f1-f2"]
    QTest.mouseClick(page.table.panel.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.hint is not None, timeout=10000)
    assert c.hint.kind == "card" and window.statusBar().currentMessage().startswith("Hint: reclaim with card")
    assert any(f.hinted for f in page.table.scene.current.cards[0])
    hand.key(Qt.Key.Key_1 + c.hint.card - 1)
    hand.key(Qt.Key.Key_Return)
    assert len(c.state.history) == 2 and c.hint is None


def test_redo_puts_back_your_turn_and_the_ai_reply(qtbot, page, window):
    hand = Hand(page)
    c = page.controller
    hand.click_cell((1, 4))
    hand.click_card(3)
    hand.click_card(3)
    qtbot.waitUntil(c.human_turn, timeout=10000)
    played, key = list(c.state.history), c.state.state_key()
    assert not window.redo_action.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.state.history == [] and window.redo_action.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert c.state.history == played and c.state.state_key() == key and c.human_turn()
    assert "Put back" in status_text(window) and "reply" in status_text(window)
    assert not window.redo_action.isEnabled()
    assert [(t.seat, t.start) for t in c.turns] == [(0, 0), (1, 2)]  # the log has both turns again
    from reclaimdesk.core.record import load_record

    assert load_record(c.autosave.path).actions == [str(a) for a in played]
    # taken back again, a different move drops what could be put back
    window.undo_action.trigger()
    hand.click_cell((1, 5))
    assert not c.can_redo() and not window.redo_action.isEnabled()


def test_the_ending_is_taken_back_and_put_back(qtbot, window):
    state = get_game("the-reclamation").new_game(2, 15, {"rules": "garden"})
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    *before, = [str(a) for a in state.history]
    page = open_game(window, TWO, before[:-1])
    c = page.controller
    c.act(c.state.parse_action(before[-1]))
    qtbot.waitUntil(lambda: page.end is not None)  # filed and shown just after the move is drawn
    assert c.over and page.currentWidget() is page.end and window.undo_action.isEnabled()
    ended = c.state.state_key()
    window.undo_action.trigger()
    assert not c.over and page.currentWidget() is page.table and window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert c.over and c.state.state_key() == ended
