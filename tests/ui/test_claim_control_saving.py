"""Claim Control: autosave after every placement, resuming after a crash exactly
where the game stopped, saving and opening records, finished records on the end
screen."""

import json
import textwrap

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import load_record, save_record
from reclaimdesk.ui.claim_control.endscreen import ClaimEndScreen

from .helpers import discard_from_the_start_page, reopen_with_resume_banner, run_until_killed


CRASHING_APP = textwrap.dedent("""
    import os, signal
    from PySide6.QtWidgets import QApplication
    from reclaimdesk.core.game import get_game
    from reclaimdesk.ui.app import MainWindow
    from reclaimdesk.ui.claim_control.controller import ClaimController

    ClaimController.ai_pause_ms = 0
    app = QApplication([])
    window = MainWindow()
    window.show()
    window.new_game_of("claim-control")
    dialog = window.dialog
    dialog.ai_radio.setChecked(True)
    dialog.side_box.setCurrentIndex(dialog.side_box.findData(1))      # the AI plays Circles
    dialog.level_box.setCurrentIndex(dialog.level_box.findData("normal"))
    dialog.start_button.click()
    controller = window.page.controller
    brain = get_game("claim-control").agent("easy", 1)
    while len(controller.state.history) < 17 or not controller.human_turn():
        if controller.human_turn():
            controller.act(brain.choose(controller.state.clone()))
        else:
            controller.worker.wait(10000)
            app.processEvents()
    print(" | ".join(str(a) for a in controller.state.history), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)   # no clean shutdown at all
""")


@pytest.fixture(autouse=True)
def quick_ai(monkeypatch):
    from reclaimdesk.ui.claim_control.controller import ClaimController

    monkeypatch.setattr(ClaimController, "ai_pause_ms", 0)


def test_resume_after_a_crash_exactly_where_it_stopped(qtbot, data_dir):
    played, run = run_until_killed(CRASHING_APP, data_dir)
    assert len(played) >= 17 and len(played) % 2 == 1, (run.stdout, run.stderr)   # Crosses to play

    window = reopen_with_resume_banner(qtbot, data_dir)
    start = window.start_page
    row = start.resume_rows["claim-control"]
    text = row.text.text()
    assert "Claim Control" in text and f"{len(played)} of 60 pieces" in text and "normal AI" in text, text
    QTest.mouseClick(row.resume_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None and page.game_id == "claim-control"
    c = page.controller
    assert [str(a) for a in c.state.history] == played
    expected = load_record(data_dir / "autosave-claim-control.json").replay()
    assert c.state.state_key() == expected.state_key()
    assert c.human_turn() and c.state.current_player == 1 and c.seats[0].level == "normal"
    # the table shows the resumed board, and the game goes on, still autosaving
    assert page.table.scene.current.placed == len(played)
    assert "Resumed" in window.statusBar().currentMessage()
    move = get_game("claim-control").agent("easy", 2).choose(c.state.clone())
    assert c.act(move)
    qtbot.waitUntil(lambda: c.human_turn(), timeout=10000)
    saved = load_record(data_dir / "autosave-claim-control.json").actions
    assert saved[: len(played) + 1] == played + [str(move)] and len(saved) == len(played) + 2
    window.close()


def test_discarding_the_unfinished_game(qtbot, window, data_dir):
    window.new_game_of("claim-control")
    window.dialog.people_radio.setChecked(True)
    window.dialog.start_button.click()
    c = window.page.controller
    c.act(c.state.legal_actions()[0])
    discard_from_the_start_page(window, data_dir, "claim-control")


def test_save_and_open_a_record_round_trip(qtbot, window, tmp_path):
    window.new_game_of("claim-control")
    window.dialog.people_radio.setChecked(True)
    window.dialog.name_edits[0].setText("Ada")
    window.dialog.start_button.click()
    c = window.page.controller
    for _ in range(7):
        c.act(c.state.legal_actions()[-1])
    path = tmp_path / "mine.json"
    assert window.save_record_to(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "claim-control" and len(data["actions"]) == 7
    assert data["players"][0] == {"name": "Ada", "kind": "human"}
    window.back_to_start()
    assert window.open_record(path)
    page = window.page
    assert page.game_id == "claim-control"
    assert [str(a) for a in page.controller.state.history] == data["actions"]
    assert page.controller.who(0) == "Circles (Ada)"


def test_a_finished_record_opens_on_the_end_screen(qtbot, window, tmp_path):
    spec = get_game("claim-control")
    state = play_game(spec.new_game(2, 4), [spec.agent("easy", 1), spec.agent("random", 2)])
    path = tmp_path / "done.json"
    save_record(state.to_record([{"name": "You", "kind": "human"},
                                 {"name": "Computer", "kind": "ai", "level": "random"}]), path)
    assert window.open_record(path)
    page = window.page
    assert isinstance(page.currentWidget(), ClaimEndScreen)
    a, b = (int(x) for x in state.scores())
    end = page.end
    assert end.breakdown.item(end.breakdown.rowCount() - 1, 4).text() == f"Circles {a}, Crosses {b}"
    assert not window.undo_action.isEnabled()


def test_the_end_screen_prints_the_kit(qtbot, window, tmp_path):
    from reclaimdesk.export.claim_control_kit import claim_control_all_pdf
    from reclaimdesk.ui.export_dialog import ExportDialog

    spec = get_game("claim-control")
    state = play_game(spec.new_game(2, 5), [spec.agent("random", 1), spec.agent("random", 2)])
    path = tmp_path / "done.json"
    save_record(state.to_record(), path)
    assert window.open_record(path)
    page = window.page
    assert page.end.print_button.isEnabled()
    QTest.mouseClick(page.end.print_button, Qt.MouseButton.LeftButton)   # the same Export dialog as the menu's
    d = page.export_dialog
    assert isinstance(d, ExportDialog) and d.game_id == "claim-control" and not d.game_box.isEnabled()
    d.paper_box.setCurrentIndex(d.paper_box.findData("letter"))
    d.set_what("all")
    qtbot.waitUntil(lambda: d.ready, timeout=20_000)
    out = tmp_path / "kit.pdf"
    assert d.save_to(out)
    assert out.read_bytes() == claim_control_all_pdf("letter")
