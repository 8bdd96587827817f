"""Autosave after every action, resuming after a crash, saving and opening records."""

import json
import textwrap

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.record import load_record

from .helpers import confirm, reopen_with_resume_banner, run_until_killed, start_solo


CRASHING_APP = textwrap.dedent("""
    import os, signal, sys
    import reclaimdesk.ui
    from PySide6.QtWidgets import QApplication
    from reclaimdesk.core.game import get_game
    from reclaimdesk.ui.app import MainWindow

    app = QApplication([])
    window = MainWindow()
    window.show()
    window.start_choice("reclaim", {"players": [{"name": "You", "kind": "human"}], "seed": 31, "options": {"map": "lake", "variant": False}})
    controller = window.page.controller
    brain = get_game("reclaim").agent("easy", 1)
    while controller.state.round < 3 or controller.state.phase != "pay" or not controller.state.unpaid:
        controller.act(brain.choose(controller.state.clone()), confirmed=True)
    app.processEvents()
    print(" | ".join(str(a) for a in controller.state.history), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)   # no clean shutdown at all
""")


def test_resume_after_a_crash_exactly_where_it_stopped(qtbot, data_dir):
    played, run = run_until_killed(CRASHING_APP, data_dir)
    assert len(played) >= 4, (run.stdout, run.stderr)

    window = reopen_with_resume_banner(qtbot, data_dir)
    start = window.start_page
    row = start.resume_rows["reclaim"]
    assert "round 3" in row.text.text() and "Lake map" in row.text.text(), row.text.text()
    QTest.mouseClick(row.resume_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None
    resumed = page.controller.state
    assert [str(a) for a in resumed.history] == played
    expected = load_record(data_dir / "autosave-reclaim.json").replay()
    assert resumed.state_key() == expected.state_key()
    assert resumed.phase == "pay" and resumed.round == 3
    # and the game goes on from there, still autosaving
    pay = next(a for a in resumed.legal_actions() if a.kind in ("pay", "special-triangles", "pass"))
    assert page.controller.act(pay, confirmed=True)
    assert load_record(data_dir / "autosave-reclaim.json").actions[-1] == str(pay)
    window.close()


def test_discarding_the_unfinished_game(qtbot, data_dir, window):
    start_solo(window, "river", 3)
    c = window.page.controller
    c.act(c.state.legal_actions()[0])
    window.back_to_start()
    assert window.start_page.banner.isVisible()
    QTest.mouseClick(window.start_page.resume_rows["reclaim"].discard_button, Qt.MouseButton.LeftButton)
    confirm(window)
    assert not window.start_page.banner.isVisible()
    assert not (data_dir / "autosave-reclaim.json").exists()


def test_save_and_open_a_record_round_trip(qtbot, window, tmp_path):
    start_solo(window, "lake", 12)
    c = window.page.controller
    for _ in range(5):
        c.act(c.state.legal_actions()[0])
    path = tmp_path / "mine.json"
    assert window.save_record_to(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seed"] == 12 and data["options"]["map"] == "lake" and len(data["actions"]) == 5
    window.back_to_start()
    assert window.open_record(path)
    assert [str(a) for a in window.page.controller.state.history] == data["actions"]


def test_opening_a_record_with_an_illegal_action_changes_nothing(qtbot, window, tmp_path):
    start_solo(window, "river", 3)
    current = window.page
    history = list(current.controller.state.history)
    bad = current.record()
    bad.actions = ["pay a1"]
    path = tmp_path / "illegal.json"
    path.write_text(bad.to_json(), encoding="utf-8")
    assert not window.open_record(path)
    assert "cannot be replayed" in window.last_message.windowTitle()
    assert window.page is current and current.controller.state.history == history


def test_a_finished_record_opens_on_the_end_screen(qtbot, window, tmp_path):
    from reclaimdesk.core.agents import play_game
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import save_record
    from reclaimdesk.ui.reclaim.endscreen import EndScreen

    spec = get_game("reclaim")
    state = spec.new_game(2, 9, {"map": "river", "variant": True})
    play_game(state, [spec.agent("easy", 1), spec.agent("random", 2)])
    path = tmp_path / "done.json"
    save_record(state.to_record([{"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "random"}]),
                path)
    assert window.open_record(path)
    page = window.page
    assert isinstance(page.currentWidget(), EndScreen)
    assert page.end.chart.points[-1][0] == 16
    assert page.end.chart.points[-1][1] == [int(s) for s in state.scores()]
