"""Whole games of The Reclamation through the window: started from the start
page, played by clicks against the easy AI to the end screen (both rule sets),
checked against the engine's replay of the autosave; resuming after a crash."""

from __future__ import annotations

import textwrap

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import load_record
from reclaimdesk.ui.the_reclamation.endscreen import EndScreen

from .helpers import discard_from_the_start_page, reopen_with_resume_banner, run_until_killed

from .test_the_reclamation_table import Hand



def start_from_the_start_page(window, monkeypatch, rules: str, side: int, seed: int):
    import reclaimdesk.ui.the_reclamation.newgame as newgame

    monkeypatch.setattr(newgame.os, "urandom", lambda n: seed.to_bytes(n, "big"))
    QTest.mouseClick(window.start_page.cards["the-reclamation"].buttons["new"], Qt.MouseButton.LeftButton)
    dialog = window.dialog
    radio = dialog.throne_radio if rules == "throne" else dialog.garden_radio
    QTest.mouseClick(radio, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(8, radio.height() // 2))   # on its round button
    QTest.mouseClick(dialog.ai_radio, Qt.MouseButton.LeftButton)
    dialog.side_box.setCurrentIndex(side)
    dialog.level_box.setCurrentIndex(dialog.level_box.findData("easy"))
    QTest.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page.controller.state.seed == seed and page.controller.rules == rules
    page.controller.ai_pause_ms = 0
    return page


@pytest.mark.parametrize("rules, side, seed", [("garden", 0, 20261121), ("throne", 1, 7)])
def test_a_whole_game_by_clicks_against_the_easy_ai(qtbot, window, monkeypatch, data_dir, rules, side, seed):
    page = start_from_the_start_page(window, monkeypatch, rules, side, seed)
    c = page.controller
    hand = Hand(page)
    brain = get_game("the-reclamation").agent("easy", 5)    # decides for the person; the view acts
    turns = 0
    while not c.over:
        if not c.human_turn():
            qtbot.waitUntil(lambda: c.human_turn() or c.over, timeout=20000)
            continue
        hand.perform(brain.choose(c.state.clone()))
        turns += 1
        assert turns < 400
    qtbot.waitUntil(lambda: isinstance(page.currentWidget(), EndScreen))  # just after the last move is drawn
    story = c.story()
    title = page.end.title.text()
    assert title.startswith(story.headline) and story.why == page.end.why.text()
    winner = c.state.winner
    assert title.startswith("You win" if winner == side else "The AI wins" if winner in (0, 1) else "A draw")
    assert story.why and story.kind != "other"
    assert story.headline.split()[0] in window.statusBar().currentMessage()
    # the autosave holds the finished game, and a copy was archived
    saved = load_record(data_dir / "autosave-the-reclamation.json")
    replayed = saved.replay()
    assert replayed.is_terminal() and replayed.state_key() == c.state.state_key()
    assert saved.result is not None and saved.result["winners"] == c.state.winners()
    assert page.archived is not None and page.archived.exists()
    window.back_to_start()
    assert not window.start_page.banner.isVisible()          # nothing unfinished to resume


CRASHING_APP = textwrap.dedent("""
    import os, signal
    import reclaimdesk.ui
    from PySide6.QtWidgets import QApplication
    from reclaimdesk.core.game import get_game
    from reclaimdesk.ui.app import MainWindow
    from reclaimdesk.ui.the_reclamation import TABLE

    app = QApplication([])
    window = MainWindow()
    window.show()
    players = [{"name": "You", "kind": "human"}, {"name": "AI", "kind": "ai", "level": "easy"}]
    window._show_page(TABLE.page_for_choice({"players": players, "seed": 41, "options": {"rules": "throne"}}))
    c = window.page.controller
    brain = get_game("the-reclamation").agent("random", 3)
    while len(c.state.history) < 9 and not c.over:
        if c.human_turn():
            c.act(brain.choose(c.state.clone()))
        app.processEvents()
    print(" | ".join(str(a) for a in c.state.history), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)   # no clean shutdown at all
""")


def test_resume_after_a_crash_exactly_where_it_stopped(qtbot, data_dir):
    played, run = run_until_killed(CRASHING_APP, data_dir)
    assert len(played) >= 9, (run.stdout, run.stderr)

    window = reopen_with_resume_banner(qtbot, data_dir)
    start = window.start_page
    row = start.resume_rows["the-reclamation"]
    text = row.text.text()
    assert "The Reclamation" in text and "Throne" in text and "against the AI" in text, text
    QTest.mouseClick(row.resume_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None and page.game_id == "the-reclamation"
    c = page.controller
    c.ai_pause_ms = 0
    assert [str(a) for a in c.state.history] == played
    expected = load_record(data_dir / "autosave-the-reclamation.json").replay()
    assert c.state.state_key() == expected.state_key()
    # and the game goes on from there, still autosaving
    qtbot.waitUntil(lambda: c.human_turn() or c.over, timeout=20000)
    if not c.over:
        action = c.state.legal_actions()[0]
        assert c.act(action)
        assert load_record(data_dir / "autosave-the-reclamation.json").actions[-1] == str(action)
    window.close()


def test_discarding_the_unfinished_game(qtbot, window, data_dir):
    from reclaimdesk.ui.the_reclamation import TABLE

    players = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    window._show_page(TABLE.page_for_choice({"players": players, "seed": 2, "options": {"rules": "garden"}}))
    window.page.controller.act(window.page.controller.state.legal_actions()[0])
    discard_from_the_start_page(window, data_dir, "the-reclamation")


def test_save_and_open_a_record(qtbot, window, tmp_path):
    from reclaimdesk.ui.the_reclamation import TABLE

    players = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    window._show_page(TABLE.page_for_choice({"players": players, "seed": 5, "options": {"rules": "throne"}}))
    c = window.page.controller
    for _ in range(5):
        c.act(c.state.legal_actions()[0])
    path = tmp_path / "mine.json"
    assert window.save_record_to(path)
    window.back_to_start()
    assert window.open_record(path)
    page = window.page
    assert page.game_id == "the-reclamation" and page.controller.rules == "throne"
    assert [str(a) for a in page.controller.state.history] == [str(a) for a in c.state.history]
