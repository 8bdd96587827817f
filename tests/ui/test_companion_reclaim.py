"""Reclaim at the table, driven with real key presses and mouse clicks: the card's
"At the table" button, the setup, Space and clicks through the deck, Backspace
(asking before a card goes face down again), F11, the score helper filled in from
an AI game's sheets (the totals and winner are the engine's), and resuming from
the start page after the window was closed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QSpinBox

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.companion import load_session
from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclaim.state import ReclaimState
from reclaimdesk.ui.companion import session_file


def type_into(qtbot, box: QSpinBox, value: int) -> None:
    box.setFocus()
    QTest.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(box, str(value))
    QTest.keyClick(box, Qt.Key.Key_Tab)
    assert box.value() == value


def an_ai_game(seed: int):
    spec = get_game("reclaim")
    half: dict[str, list[int]] = {}

    class Watched(ReclaimState):
        def _after_round(self) -> None:
            if self is state and self.round == 10:
                half["castles"] = [self.connected_castles(s)[0] for s in self.sheets]
                half["crossed"] = [s.crossed for s in self.sheets]
            super()._after_round()

    Watched.spec = spec
    state = Watched(3, seed, {"map": "river", "variant": False})
    play_game(state, [spec.agent("random", seed + i) for i in range(3)])
    return state, half


def test_a_whole_paper_game_with_keys_and_clicks(qtbot, window, data_dir) -> None:
    card = window.start_page.cards["reclaim"]
    QTest.mouseClick(card.buttons["companion"], Qt.MouseButton.LeftButton)
    comp = window.companion_window
    qtbot.waitExposed(comp)
    assert comp.isFullScreen()
    QTest.keyClick(comp, Qt.Key.Key_F11)
    assert not comp.isFullScreen()
    comp.resize(1024, 768)
    screen = comp.screen
    type_into(qtbot, screen.players_box, 3)
    # a typed deck code with a typing error is refused on screen, the right one deals its deck
    screen.code_edit.setFocus()
    QTest.keyClicks(screen.code_edit, "0000-2DX")
    QTest.mouseClick(screen.start_button, Qt.MouseButton.LeftButton)
    assert "typing error" in comp.message.text() and comp.session is None
    seed = 4321
    from reclaimdesk.games.reclaim.companion import deck_code

    screen.code_edit.clear()
    QTest.keyClicks(screen.code_edit, deck_code("river", seed=seed).lower())
    QTest.keyClick(screen.code_edit, Qt.Key.Key_Return)
    session = comp.session
    assert session is not None and session.seed == seed and session.stage == "setup"
    state, half = an_ai_game(seed)
    assert [session.start_cards(s) for s in range(3)] == [s.start_cards for s in state.sheets]
    QTest.keyClick(comp, Qt.Key.Key_Space)
    assert session.round == 1
    QTest.mouseClick(screen.left_card, Qt.MouseButton.LeftButton)  # a click: next
    assert session.round == 2
    # Backspace would hide round 2's card: it asks; Cancel keeps it, Go back takes it back
    QTest.keyClick(comp, Qt.Key.Key_Backspace)
    box = comp.confirm_box
    assert box is not None and box.isVisible()
    box.reject()
    assert session.round == 2
    QTest.keyClick(comp, Qt.Key.Key_Backspace)
    QTest.mouseClick(comp.confirm_box.accept_button, Qt.MouseButton.LeftButton)
    assert session.round == 1
    assert load_session(session_file(data_dir, "reclaim")).steps == session.steps  # saved at every step
    while session.stage == "round":
        QTest.keyClick(comp, Qt.Key.Key_Space)
    assert session.stage == "half"
    for seat, row in enumerate(screen.entry_rows):
        type_into(qtbot, row["castles"], half["castles"][seat])
        type_into(qtbot, row["crossed"], half["crossed"][seat])
    QTest.mouseClick(screen.entry_button, Qt.MouseButton.LeftButton)
    assert session.round == 11
    # leave; the start page offers the session; Resume opens it where it stopped
    QTest.keyClick(comp, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: "companion:reclaim" in window.start_page.resume_rows)
    QTest.mouseClick(window.start_page.resume_rows["companion:reclaim"].resume_button, Qt.MouseButton.LeftButton)
    comp = window.companion_window
    session, screen = comp.session, comp.screen
    assert session.round == 11 and session.first_half == half
    while session.stage == "round":
        QTest.mouseClick(comp.next_button, Qt.MouseButton.LeftButton)
    assert session.stage == "final"
    for seat, sheet in enumerate(state.sheets):
        row = screen.entry_rows[seat]
        rect = state.best_rectangle(sheet)
        type_into(qtbot, row["castles"], state.connected_castles(sheet)[0])
        type_into(qtbot, row["crossed"], sheet.crossed)
        type_into(qtbot, row["width"], rect.width if rect else 0)
        type_into(qtbot, row["height"], rect.height if rect else 0)
        type_into(qtbot, row["xs"], state.x_count(sheet))
    QTest.mouseClick(screen.entry_button, Qt.MouseButton.LeftButton)
    assert session.finished, comp.message.text()
    assert session.scores() == state.scores() and session.winners() == state.winners()
    # the ended table is in the library of played games, with the helper's scores and winners
    from reclaimdesk.core.library import Library

    entries = Library(data_dir).games(game="reclaim", source="table")
    assert len(entries) == 1 and list(entries[0].scores) == state.scores() and list(entries[0].winners) == state.winners()
    assert entries[0].path is not None and load_session(entries[0].path).finished
    # going back reopens the scores and takes the game out; ending again files it once
    QTest.keyClick(comp, Qt.Key.Key_Backspace)
    assert not session.finished and Library(data_dir).games(game="reclaim", source="table") == []
    QTest.mouseClick(comp.screen.entry_button, Qt.MouseButton.LeftButton)
    assert len(Library(data_dir).games(game="reclaim", source="table")) == 1
    comp.close()
    QApplication.processEvents()
    assert "companion:reclaim" not in window.start_page.resume_rows


def test_discarding_a_session_from_the_start_page(qtbot, window, data_dir) -> None:
    from reclaimdesk.core.companion import save_session
    from reclaimdesk.games.reclaim.companion import Session

    session = Session({"players": 2, "map": "lake", "seed": 8})
    session.act({"do": "next"})
    save_session(session, session_file(data_dir, "reclaim"))
    window.refresh_start_page()
    row = window.start_page.resume_rows["companion:reclaim"]
    QTest.mouseClick(row.discard_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(window.confirm_box.accept_button, Qt.MouseButton.LeftButton)
    assert not session_file(data_dir, "reclaim").exists()
    assert "companion:reclaim" not in window.start_page.resume_rows


def test_a_new_table_asks_before_replacing_the_one_kept(qtbot, window, data_dir) -> None:
    from reclaimdesk.core.companion import save_session
    from reclaimdesk.games.reclaim.companion import Session

    kept = Session({"players": 2, "map": "river", "seed": 5})
    kept.act({"do": "next"})
    save_session(kept, session_file(data_dir, "reclaim"))
    QTest.mouseClick(window.start_page.cards["reclaim"].buttons["companion"], Qt.MouseButton.LeftButton)
    box = window.confirm_box
    assert box.isVisible() and getattr(window, "companion_window", None) is None
    box.reject()
    assert load_session(session_file(data_dir, "reclaim")).steps == kept.steps
    QTest.mouseClick(window.start_page.cards["reclaim"].buttons["companion"], Qt.MouseButton.LeftButton)
    QTest.mouseClick(window.confirm_box.accept_button, Qt.MouseButton.LeftButton)
    assert window.companion_window.session is None  # the setup, for a new table


def test_a_damaged_session_is_moved_aside_not_offered(qtbot, window, data_dir) -> None:
    session_file(data_dir, "reclaim").write_text('{"format": "reclaimdesk-companion", "version": 1, '
                                                 '"game": "reclaim", "setup": {"players": 9}, "steps": []}')
    window.refresh_start_page()
    assert "companion:reclaim" not in window.start_page.resume_rows
    assert not session_file(data_dir, "reclaim").exists()
    assert list(data_dir.glob("companion-reclaim.damaged-*.json"))
