"""Whole games of Reclamation Wars through the window: played by clicks against
two AI players to the end screen, checked against the engine's replay of the
autosave; a hot-seat game of three people; a hint; saving and taking back."""

from __future__ import annotations

import textwrap

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import load_record
from reclaimdesk.ui.reclamation_wars.endscreen import EndScreen

from .helpers import click_button, confirm, reopen_with_resume_banner, run_until_killed
from .test_reclamation_wars_table import THREE, YOU_RED, Hand


def start(window, players, seed, options=None):
    from reclaimdesk.ui.reclamation_wars import TABLE

    page = TABLE.page_for_choice({"players": players, "seed": seed, "options": options or {}}, window.settings)
    page.controller.ai_pause_ms = 0
    window._show_page(page)
    return page


@pytest.mark.parametrize("side, board, seed", [(0, "standard", 20261123), (2, "large", 8)])
def test_a_whole_game_by_clicks_against_two_ai_players(qtbot, window, data_dir, side, board, seed):
    players = [dict(p) for p in YOU_RED]
    players[0], players[side] = players[side], players[0]
    page = start(window, players, seed, {"board": board})
    c = page.controller
    assert c.human_seats() == [side]
    hand = Hand(page)
    brain = get_game("reclamation-wars").agent("random", 5)     # decides for the person; the view acts
    actions = 0
    while not c.over:
        if not c.human_turn():
            qtbot.waitUntil(lambda: c.human_turn() or c.over, timeout=30000)
            continue
        hand.play(brain.choose(c.state.clone()))
        actions += 1
        assert actions < 200
    qtbot.waitUntil(lambda: isinstance(page.currentWidget(), EndScreen))  # just after the last move is drawn
    counts = c.state.counts()
    winners = c.state.winners()
    assert all(counts[w] == max(counts) for w in winners)
    assert str(max(counts)) in page.end.title.text()
    assert c.result_text() in window.statusBar().currentMessage()
    # the autosave holds the finished game, and a copy was archived
    saved = load_record(data_dir / "autosave-reclamation-wars.json")
    replayed = saved.replay()
    assert replayed.is_terminal() and replayed.state_key() == c.state.state_key()
    assert saved.result is not None and saved.result["winners"] == winners
    assert page.archived is not None and page.archived.exists()
    # every seat played its 20 turns (skipped and passed turns included)
    assert [sum(1 for t in c.state.turns if t.seat == s) for s in range(3)] == [20, 20, 20]


def test_three_people_at_one_computer_and_taking_back(qtbot, window, data_dir):
    page = start(window, THREE, 12)
    c = page.controller
    hand = Hand(page)
    brain = get_game("reclamation-wars").agent("random", 9)
    for _ in range(7):
        hand.play(brain.choose(c.state.clone()))
    assert not c.busy                                        # nobody waits for an AI
    names = [s.name for s in c.seats]
    assert names == ["Ann", "Bo", "Cy"]
    before = list(c.state.history)
    replay = get_game("reclamation-wars").new_game(3, 12)
    turn_starts = []                                         # where each turn began, by the engine
    for action in before:
        if replay.moves_used == 0:
            turn_starts.append(len(replay.history))
        replay.apply(action)
    last_start = turn_starts[-1]
    click_button(page.table.panel.undo_button)                # takes back the last person's turn only
    assert c.state.history == before[:last_start]
    assert "Took back the last turn" in window.statusBar().currentMessage()
    assert load_record(data_dir / "autosave-reclamation-wars.json").actions == [c.state.action_to_str(a) for a in c.state.history]


def test_a_hint_marks_a_hex(qtbot, window):
    page = start(window, YOU_RED, 3)
    c = page.controller
    click_button(page.table.panel.hint_button)
    qtbot.waitUntil(lambda: c.hint is not None, timeout=30000)
    assert c.state.why_illegal(c.hint) == ""
    if c.hint.hex is not None:
        assert page.table.scene.highlights["hint"].hexes == (c.hint.hex,)
    assert window.statusBar().currentMessage().startswith("Hint:")


def test_the_start_page_card_opens_the_dialog_and_the_table(qtbot, window, monkeypatch):
    import reclaimdesk.ui.board.newgame as board_newgame

    monkeypatch.setattr(board_newgame.os, "urandom", lambda n: (77).to_bytes(n, "big"))
    card = window.start_page.cards["reclamation-wars"]
    QTest.mouseClick(card.buttons["new"], Qt.MouseButton.LeftButton)
    dialog = window.dialog
    assert dialog.isVisible()
    dialog.board_combo.setCurrentIndex(dialog.board_combo.findData("large"))
    QTest.mouseClick(dialog.ai_radio, Qt.MouseButton.LeftButton)
    dialog.side_box.setCurrentIndex(1)                            # Blue
    dialog.level_boxes[0].setCurrentIndex(dialog.level_boxes[0].findData("easy"))
    dialog.level_boxes[2].setCurrentIndex(dialog.level_boxes[2].findData("random"))
    assert not dialog.level_boxes[1].isVisible()                  # no level for your own colour
    QTest.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None and page.game_id == "reclamation-wars"
    c = page.controller
    c.ai_pause_ms = 0
    assert [(s.kind, s.level) for s in c.seats] == [("ai", "easy"), ("human", ""), ("ai", "random")]
    assert c.state.seed == 77 and len(c.state.geo.hexes) == 91
    assert "Blue" in window.windowTitle()
    qtbot.waitUntil(c.human_turn, timeout=20000)                  # Red (the AI) opened; now Blue
    assert c.state.current_player == 1 and len(c.state.turns) == 1
    # File > New game during the game: the same dialog, remembering the choice
    window.new_action.trigger()
    assert window.dialog is dialog and "replaces it" in window.confirm_box.text()
    confirm(window)
    again = window.dialog
    assert again is not dialog and again.side_box.currentIndex() == 1
    assert again.board_combo.currentData() == "large" and again.level_boxes[2].currentData() == "random"
    again.reject()


CRASHING_APP = textwrap.dedent("""
    import os, signal
    import reclaimdesk.ui
    from PySide6.QtWidgets import QApplication
    from reclaimdesk.core.game import get_game
    from reclaimdesk.ui.app import MainWindow
    from reclaimdesk.ui.reclamation_wars import TABLE

    app = QApplication([])
    window = MainWindow()
    window.show()
    players = [{"name": "You", "kind": "human"}, {"name": "AI", "kind": "ai", "level": "easy"},
               {"name": "AI", "kind": "ai", "level": "easy"}]
    window._show_page(TABLE.page_for_choice({"players": players, "seed": 41, "options": {}}))
    c = window.page.controller
    c.ai_pause_ms = 0
    brain = get_game("reclamation-wars").agent("random", 3)
    while len(c.state.history) < 10 and not c.over:
        if c.human_turn():
            c.act(brain.choose(c.state.clone()))
        app.processEvents()
    print(" | ".join(str(a) for a in c.state.history), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)   # no clean shutdown at all
""")


def test_resume_after_a_crash_exactly_where_it_stopped(qtbot, data_dir):
    played, run = run_until_killed(CRASHING_APP, data_dir)
    assert len(played) >= 10, (run.stdout, run.stderr)
    window = reopen_with_resume_banner(qtbot, data_dir)
    row = window.start_page.resume_rows["reclamation-wars"]
    text = row.text.text()
    assert "Reclamation Wars" in text and "you as Red against two AI players" in text, text
    QTest.mouseClick(row.resume_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None and page.game_id == "reclamation-wars"
    c = page.controller
    c.ai_pause_ms = 0
    assert [str(a) for a in c.state.history] == played
    expected = load_record(data_dir / "autosave-reclamation-wars.json").replay()
    assert c.state.state_key() == expected.state_key()
    # the game goes on from there, still autosaving
    qtbot.waitUntil(lambda: c.human_turn() or c.over, timeout=20000)
    if not c.over:
        action = c.state.legal_actions()[0]
        assert c.act(action)
        assert load_record(data_dir / "autosave-reclamation-wars.json").actions[-1] == c.state.action_to_str(action)
    window.close()


def test_discarding_the_unfinished_game(qtbot, window, data_dir):
    page = start(window, THREE, 2)
    page.controller.act(page.controller.state.legal_actions()[0])
    window.back_to_start()
    row = window.start_page.resume_rows["reclamation-wars"]
    assert "three people" in row.text.text()
    QTest.mouseClick(row.discard_button, Qt.MouseButton.LeftButton)
    assert (data_dir / "autosave-reclamation-wars.json").exists()      # not before the player agrees
    confirm(window)
    assert not (data_dir / "autosave-reclamation-wars.json").exists()


def test_save_and_open_a_record(qtbot, window, tmp_path):
    page = start(window, THREE, 5, {"board": "large"})
    c = page.controller
    for _ in range(6):
        c.act(c.state.legal_actions()[0])
    path = tmp_path / "mine.json"
    assert window.save_record_to(path)
    window.back_to_start()
    assert window.open_record(path)
    opened = window.page
    assert opened.game_id == "reclamation-wars" and len(opened.controller.state.geo.hexes) == 91
    assert [str(a) for a in opened.controller.state.history] == [str(a) for a in c.state.history]


def test_table_end_screen_and_dialog_in_japanese(qtbot, window, tmp_path):
    """Built in Japanese, the table, the end screen and the new-game dialog show
    Japanese and no English sentence (the checks of tests/ui/test_tables_in_japanese.py)."""
    from reclaimdesk.core import i18n
    from reclaimdesk.core.agents import play_game
    from reclaimdesk.core.record import GameRecord, save_record

    from .test_tables_in_japanese import JAPANESE, english_left, texts

    spec = get_game("reclamation-wars")
    i18n.set_language("ja")
    try:
        for when in ("mid", "end"):
            state = spec.new_game(3, 5)
            agents = [spec.agent("random", s) for s in range(3)]
            if when == "end":
                state = play_game(state, agents)
            else:
                while len(state.history) < 25:
                    state.apply(agents[state.current_player].choose(state))
            path = tmp_path / f"wars-{when}.json"
            save_record(GameRecord.from_state(state, YOU_RED), path)
            assert window.open_record(path)
            page = window.page
            if when == "end":
                page.show_end()

            def all_in_japanese():
                found = texts(page.currentWidget())
                assert sum(1 for t in found if JAPANESE.search(t)) >= 5, found
                assert english_left(found) == [], english_left(found)

            qtbot.waitUntil(all_in_japanese, timeout=10000)
            window.back_to_start()
        window._open_new_game_dialog("reclamation-wars")
        found = texts(window.dialog)
        window.dialog.reject()
        assert english_left(found) == [], english_left(found)
        assert sum(1 for t in found if JAPANESE.search(t)) >= 10, found
    finally:
        i18n.set_language("en")
