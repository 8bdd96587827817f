"""Issue 15, item 7: The Reclamation says before the click when a card (or a
move) ends the game at once or leaves your own Gardener boxed in, and its end
explains whose Gardener was boxed in, by which card. Played through the view."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from .test_the_reclamation_table import Hand, open_game, status_text

TWO = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]
BOXING = ["move f1-e1", "card 1", "move a6-a5", "card 3", "move e1-d1", "card 4", "move a5-b6", "card 2",
          "move d1-e1"]
"""A Garden game (seed 2) where Flower, on e1, would box its own Gardener in with card 3 (Cross)."""
BOXED_END = ["move f1-e1", "card 2", "move a6-b5", "card 4", "move e1-f2", "card 1", "move b5-a4", "card 2",
             "move f2-e2", "card 3", "move a4-b4", "card 3", "move e2-f1", "card 4", "move b4-c3", "card 1",
             "move f1-e2", "card 3", "move c3-c2", "card 3", "move e2-f1", "card 1", "move c2-b1", "card 4"]
"""A Garden game (seed 3) Flower loses: its card 1 on turn 11 boxed its Gardener in on f1."""


def hover_card(page, number: int) -> None:
    view = page.table.view
    pos = view.view_pos_of_card(page.controller.bottom_seat() == page.controller.state.player, number)
    vp = view.viewport()
    event = QMouseEvent(QEvent.Type.MouseMove, pos, QPointF(vp.mapToGlobal(pos.toPoint())),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, event)


def card_face(page, number: int):
    c = page.controller
    return next(f for f in c._cards(c.state.player, True) if f.number == number)


def test_a_card_that_boxes_in_your_gardener_warns_before_it_is_played(qtbot, window):
    page = open_game(window, TWO, BOXING, seed=2)
    c = page.controller
    hand = Hand(page)
    # pointing at the card says so in the status bar, and the card is tagged
    hover_card(page, 3)
    assert c.hover_card == 3
    assert "Warning: this leaves your Gardener no empty square to move to" in status_text(window)
    assert "Tendril" in status_text(window)
    assert card_face(page, 3).outcome == "boxed"
    # another card is harmless: no warning
    hover_card(page, 2)
    assert c.hover_card == 2 and "Warning" not in status_text(window)
    assert card_face(page, 2).outcome == ""
    # choosing it: the panel's instruction warns too, nothing is played yet
    hand.click_card(3)
    assert c.selected_card == 3 and len(c.state.history) == len(BOXING)
    assert "Warning: this leaves your Gardener no empty square" in page.table.panel.instruction.text()
    assert "Warning" in status_text(window)
    # played anyway: the game goes on, Flower's Gardener is boxed in
    hand.click_card(3)
    assert len(c.state.history) == len(BOXING) + 1 and c.state.boxed_in(0) and not c.over


def test_the_end_says_whose_gardener_was_boxed_in_by_which_card(qtbot, window):
    page = open_game(window, TWO, BOXED_END, seed=3)
    c = page.controller
    assert c.over
    page.show_end()
    why = page.end.why.text()
    assert "The Gardener of Flower (Ada) could not move" in why
    assert "Flower (Ada) boxed its own Gardener in with card 1 (Four Corners) on turn 11" in why
    assert page.end.why.isVisible()


def test_a_move_that_loses_at_once_is_said_before_it_is_made(qtbot, window):
    """The kin: a move after which no card would change anything loses on the spot."""
    from reclaimdesk.games.the_reclamation.state import TheReclamationState

    page = open_game(window, TWO, BOXING, seed=2)
    c = page.controller
    # the engine's check, as the table asks it for each lit move
    state = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        F3 .  .  .  .  .
    """, hands=(0, 14))
    c.match.state = state  # a position from a diagram, put in the match as it stands
    move = state.legal_actions()[0]
    assert c.warning(move).startswith("Warning: you lose at once (Flower cannot change anything with any card)")
