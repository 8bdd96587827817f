"""Reclamation Wars at the table with real keys and clicks: the seed typed in,
the layout the kit prints, a click on the board marking a demolished hex, the
taps for a special hex changing hands and for Lockdown, Space ending turns (the
skipped turn passed by itself), then the count typed in from an AI game."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclamation_wars.components import seeded_layout
from tests.ui.test_companion_reclaim import type_into


def test_a_paper_game_of_reclamation_wars(qtbot, window, data_dir) -> None:
    QTest.mouseClick(window.start_page.cards["reclamation-wars"].buttons["companion"], Qt.MouseButton.LeftButton)
    comp = window.companion_window
    qtbot.waitExposed(comp)
    comp.resize(1024, 768)
    screen = comp.screen
    screen.seed_edit.clear()
    QTest.keyClicks(screen.seed_edit, "12x")
    QTest.keyClick(screen.seed_edit, Qt.Key.Key_Return)
    assert comp.session is None and "whole number" in comp.message.text()
    screen.seed_edit.clear()
    QTest.keyClicks(screen.seed_edit, "321")
    QTest.mouseClick(screen.start_button, Qt.MouseButton.LeftButton)
    session = comp.session
    assert session.layout == seeded_layout("standard", 321)
    # a click on a hex of the board marks it: nobody may reclaim it until this player's next turn
    board = screen.board
    centre = QPoint(board.width() // 2, board.height() // 2)
    assert board.hex_at(centre.x(), centre.y()) == "E5"
    QTest.mouseClick(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre)
    assert session.blocked_hexes() == {"E5": 0} and session.turn == 0
    # player 1 took the Lockdown hex: choose it and "now Player 1's", then tap
    screen.power_box.setCurrentIndex(screen.power_box.findData("lockdown"))
    screen.holder_box.setCurrentIndex(screen.holder_box.findData(0))
    QTest.mouseClick(screen.power_button, Qt.MouseButton.LeftButton)
    assert session.powers_of(0) == ["lockdown"]
    QTest.keyClick(comp, Qt.Key.Key_Space)
    QTest.keyClick(comp, Qt.Key.Key_Space)
    assert session.seat == 2
    QTest.keyClick(comp, Qt.Key.Key_Space)
    assert session.blocked_hexes() == {}  # player 1's turn 2 began
    assert screen.lockdown_button.isEnabled()
    QTest.mouseClick(screen.lockdown_button, Qt.MouseButton.LeftButton)
    QTest.keyClick(comp, Qt.Key.Key_Space)
    QTest.keyClick(comp, Qt.Key.Key_Space)
    assert (0, 3) in session.skipped and session.seat == 1
    QTest.keyClick(comp, Qt.Key.Key_Backspace)  # nothing hidden in this game: no question
    assert session.seat == 2 and comp.confirm_box is None
    while session.stage == "play":
        QTest.keyClick(comp, Qt.Key.Key_Space)
    spec = get_game("reclamation-wars")
    state = spec.state_class(3, 321, {"board": "standard", "layout": "seed"})
    play_game(state, [spec.agent("random", i) for i in range(3)])
    for box, n in zip(screen.count_boxes, state.counts()):
        type_into(qtbot, box, n)
    QTest.mouseClick(screen.count_button, Qt.MouseButton.LeftButton)
    assert session.finished and session.winners() == state.winners()
    from reclaimdesk.core.library import Library

    entries = Library(data_dir).games(game="reclamation-wars", source="table")
    assert [(list(e.scores), list(e.winners)) for e in entries] == [(session.scores(), session.winners())]
