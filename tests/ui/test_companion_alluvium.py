"""Alluvium at the table with real keys and clicks: a three-player paper game
from the card's button to the final ranking, each round's sheets typed in from an
AI game (the totals and winners are the engine's), Backspace asking before the
virtual card goes face down again."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game
from reclaimdesk.games.alluvium.state import AlluviumState
from tests.ui.test_companion_reclaim import type_into


def an_ai_game(players: int, seed: int):
    spec = get_game("alluvium")
    rounds: list[list[dict]] = []

    class Watched(AlluviumState):
        def _score_round(self) -> None:
            if self is state:
                sheets = []
                for owner, sheet in enumerate(self.sheets):
                    others = [c for c in self.colours_in_play if c != owner]
                    rect = self.best_rectangle(owner)
                    sheets.append({"checks": [sheet.checks[c] for c in others],
                                   "groups": [self.largest_group(owner, c) for c in others],
                                   "rect": [rect.width, rect.height] if rect else [0, 0]})
                rounds.append(sheets)
            super()._score_round()

    Watched.spec = spec
    state = Watched(players, seed, {})
    play_game(state, [spec.agent("random", seed + i) for i in range(players)])
    return state, rounds


def test_a_whole_paper_game_of_alluvium(qtbot, window, data_dir) -> None:
    QTest.mouseClick(window.start_page.cards["alluvium"].buttons["companion"], Qt.MouseButton.LeftButton)
    comp = window.companion_window
    qtbot.waitExposed(comp)
    comp.resize(1024, 768)
    screen = comp.screen
    type_into(qtbot, screen.players_box, 3)
    QTest.mouseClick(screen.start_button, Qt.MouseButton.LeftButton)
    session = comp.session
    assert session is not None and session.players == 3 and session.rounds == 4
    state, rounds = an_ai_game(3, session.seed)
    for n, sheets in enumerate(rounds, 1):
        assert session.round == n
        QTest.keyClick(comp, Qt.Key.Key_Space)  # the virtual colour's card
        assert session.stage == "virtual" and session.virtual_card() == state.field_history[3][n - 1]
        if n == 1:
            QTest.keyClick(comp, Qt.Key.Key_Backspace)
            QTest.mouseClick(comp.confirm_box.accept_button, Qt.MouseButton.LeftButton)
            assert session.virtual_card() is None
            QTest.mouseClick(screen.shape, Qt.MouseButton.LeftButton)  # a click: next
            assert session.virtual_card() == state.field_history[3][0]
        QTest.keyClick(comp, Qt.Key.Key_Space)  # pass the sheets
        QTest.keyClick(comp, Qt.Key.Key_Space)  # score the round
        assert session.stage == "score"
        for row, sheet in zip(screen.entry_rows, sheets):
            for box, value in zip(row["checks"], sheet["checks"]):
                type_into(qtbot, box, value)
            for box, value in zip(row["groups"], sheet["groups"]):
                type_into(qtbot, box, value)
            type_into(qtbot, row["width"], sheet["rect"][0])
            type_into(qtbot, row["height"], sheet["rect"][1])
        QTest.mouseClick(screen.entry_button, Qt.MouseButton.LeftButton)
        assert comp.message.text() == ""
    assert session.finished
    assert session.scores() == state.scores() and session.winners() == state.winners()
    from reclaimdesk.core.library import Library

    entries = Library(data_dir).games(game="alluvium", source="table")
    assert [(list(e.scores), list(e.winners)) for e in entries] == [(session.scores(), session.winners())]


def test_the_players_choose_their_colours_and_the_virtual_players_at_the_table(qtbot, window, data_dir) -> None:
    """Issue 25 item 5: the setup takes each seat's colour and, at three, the
    virtual player's own deck, chosen with the mouse."""
    from tests.ui.test_alluvium_whole_table import pick

    QTest.mouseClick(window.start_page.cards["alluvium"].buttons["companion"], Qt.MouseButton.LeftButton)
    comp = window.companion_window
    qtbot.waitExposed(comp)
    comp.resize(1024, 768)
    screen = comp.screen
    type_into(qtbot, screen.players_box, 3)
    chooser = screen.chooser
    assert chooser.virtual_box.isVisible()
    pick(qtbot, chooser.boxes[0], "green")
    pick(qtbot, chooser.virtual_box, "brown")          # brown was seat 2's: the two swap
    assert chooser.colours() == ["green", "yellow", "blue", "brown"]
    QTest.mouseClick(screen.start_button, Qt.MouseButton.LeftButton)
    session = comp.session
    assert session.setup["colours"] == "green,yellow,blue,brown"
    assert [session.colour_id(s) for s in range(3)] == ["green", "yellow", "blue"]
    assert session.colour_id(session.virtual) == "brown"
    QTest.keyClick(comp, Qt.Key.Key_Space)                # the virtual player's card
    assert session.stage == "virtual"
    assert session.colour_name(session.virtual) in screen.round_text.text()
    fresh = AlluviumState(3, session.seed, {"colours": "green,yellow,blue,brown"})
    assert session.virtual_card() == fresh.decks[fresh.virtual][0]
