"""Issue 17 in the app: bad files, damaged resources, errors in slots and a second
app on the same data folder. Every registered game is covered; no game is named."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from reclaimdesk.core.game import all_games
from reclaimdesk.ui.autosave import Autosave

from tests.hardening_helpers import clear_data_caches, copy_resources, data_files, record_dict


def wait_for_queued_work(qtbot, rounds: int = 2) -> None:
    """Wait until what the window queued for the event loop (its messages come from
    zero-delay timers), and what that queued in turn, has run: a marker queued
    behind it fires. No fixed wait, so "nothing was said" holds on a loaded machine."""
    for _ in range(rounds):
        fired = []
        QTimer.singleShot(0, lambda: fired.append(True))
        qtbot.waitUntil(lambda: bool(fired), timeout=30000)


def run_queued_work(rounds: int = 2) -> None:
    """The same wait in a plain QEventLoop, as in the running app (an exception in a
    slot then reaches the app's own hook, not pytest-qt's): the loop ends when a
    marker queued behind what is queued now (and what that queues) fires."""
    loop = QEventLoop()

    def step(left: int) -> None:
        if left == 0:
            loop.quit()
        else:
            QTimer.singleShot(0, lambda: step(left - 1))

    QTimer.singleShot(0, lambda: step(rounds - 1))
    loop.exec()


ROOT = Path(__file__).resolve().parents[2]


def _games_with_table(window):
    """Registered games the start page lets you play (a solo or a new-game button)."""
    cards = window.start_page.cards
    return [g for g in (s.id for s in all_games()) if g in cards and cards[g].playable and cards[g].buttons]


@pytest.fixture
def guard_installed(window, monkeypatch):
    from reclaimdesk.ui import guard

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    monkeypatch.setattr(guard, "last_report", None)
    guard.install(guard.window_context(window))
    return guard


# --- 1: deep nesting, planted as the autosave or opened -----------------------------------------
def test_1_a_deeply_nested_autosave_does_not_stop_the_app(qtbot, data_dir, tmp_path):
    from reclaimdesk.ui.app import MainWindow

    for spec in all_games():
        Autosave(data_dir, spec.id).path.write_text("[" * 1000 + "]" * 1000, encoding="utf-8")
    w = MainWindow()  # raised RecursionError before
    qtbot.addWidget(w)
    w.refresh_start_page()
    assert not w.start_page.banner.isVisibleTo(w.start_page)
    deep = tmp_path / "deep.json"
    deep.write_text("{\"a\": " + "[" * 1000 + "]" * 1000 + "}", encoding="utf-8")
    assert w.open_record(deep) is False
    assert w.last_message.icon() == QMessageBox.Icon.Warning and "nested too deeply" in w.last_message.text()
    assert w.page is None


def test_a_damaged_autosave_is_kept_aside_and_reported_not_overwritten(qtbot, data_dir):
    from reclaimdesk.ui.app import MainWindow

    games = [spec.id for spec in all_games()]
    for n, game in enumerate(games):
        Autosave(data_dir, game).path.write_text('{"format": "reclaimdesk-record", "game": ' + "x" * n,
                                                 encoding="utf-8")
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.last_message is not None)
    text = w.last_message.text()
    assert w.last_message.icon() == QMessageBox.Icon.Warning
    for n, game in enumerate(games):
        assert not Autosave(data_dir, game).path.exists()  # a new game of it starts on a clean slate
        kept = sorted(data_dir.glob(f"autosave-{game}.damaged-*.json"))
        assert len(kept) == 1 and kept[0].name in text, game
        assert kept[0].read_text(encoding="utf-8").endswith('"game": ' + "x" * n)  # byte for byte
    assert not w.start_page.banner.isVisibleTo(w.start_page)
    w.last_message.close()
    # the next start finds nothing to resume and says nothing
    w2 = MainWindow()
    qtbot.addWidget(w2)
    w2.show()
    wait_for_queued_work(qtbot)
    assert w2.last_message is None


def test_an_autosave_of_a_finished_game_is_not_reported(qtbot, data_dir):
    from reclaimdesk.ui.app import MainWindow

    game = all_games()[0].id
    rec = record_dict(game, finished=True)
    Autosave(data_dir, game).path.write_text(json.dumps(rec), encoding="utf-8")
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    wait_for_queued_work(qtbot)
    assert w.last_message is None and Autosave(data_dir, game).path.exists()


# --- 2: unknown AI levels -------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["expert", 5, None])
def test_2_a_record_with_an_unknown_ai_level_is_refused_with_a_message(window, tmp_path, level):
    for game in _games_with_table(window):
        rec = record_dict(game, finished=False)
        rec["players"][-1] = {"name": "Bot", "kind": "ai", "level": level}
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(rec), encoding="utf-8")
        assert window.open_record(path) is False, game
        assert "level" in window.last_message.text()
        window.last_message.close()
        assert window.page is None
        Autosave(os.environ["RECLAIMDESK_DATA_DIR"], game).path.write_text(json.dumps(rec), encoding="utf-8")
        assert Autosave(os.environ["RECLAIMDESK_DATA_DIR"], game).unfinished() is None


# --- 8: a result the rules contradict is not opened -----------------------------------------------
def test_8_the_app_refuses_a_result_the_rules_contradict(window, tmp_path):
    for game in _games_with_table(window):
        rec = record_dict(game)
        rec["result"]["scores"] = [s + 3 for s in rec["result"]["scores"]]
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(rec), encoding="utf-8")
        assert window.open_record(path) is False, game
        assert "result" in window.last_message.text()
        window.last_message.close()


# --- the guard: a slot that raises becomes a dialog with a bug report -----------------------------
def test_guard_a_slot_that_raises_shows_a_dialog_and_saves_a_bug_report(qtbot, monkeypatch, tmp_path):
    from reclaimdesk.ui import guard
    from reclaimdesk.ui.app import MainWindow

    def new_game(self, *args):  # File > New game... that fails
        raise RuntimeError("the disk caught fire")

    monkeypatch.setattr(MainWindow, "new_game", new_game)
    monkeypatch.setattr(guard, "last_report", None)
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.new_action.trigger()  # File > New game...
    box = guard.last_report
    assert box is not None and box.isVisible()
    assert "Could not start a new game" in box.text() and "the disk caught fire" in box.informativeText()
    assert w.last_message is box and w.isVisible()
    report = box.save_report(tmp_path / "bug.txt")
    text = report.read_text(encoding="utf-8")
    assert "the disk caught fire" in text and "RuntimeError" in text and "Traceback" in text
    box.close()


@pytest.mark.qt_no_exception_capture  # the app's own hook, not pytest-qt's, must see it
def test_guard_catches_what_no_wrapper_caught(window, guard_installed):
    def boom():
        raise ValueError("an unguarded slot failed")

    QTimer.singleShot(0, boom)
    run_queued_work()  # as in the running app (QTest.qWait would hand the exception to the test)
    box = guard_installed.last_report
    assert box is not None and "an unguarded slot failed" in box.informativeText()
    box.close()


# --- 3: a damaged resource file gives a dialog, not a silent traceback ----------------------------
@pytest.mark.qt_no_exception_capture
@pytest.mark.parametrize("rel", [str(p) for p in data_files()])
def test_3_a_damaged_data_file_gives_a_dialog_when_a_game_starts(window, guard_installed, tmp_path, monkeypatch, rel):
    owner = Path(rel).parts[0]  # resources/<game package>/...
    if not any(g.replace("-", "_") == owner for g in _games_with_table(window)):
        pytest.skip(f"{owner} has no table in the app yet")
    root = copy_resources(tmp_path)
    (root / rel).write_text("[]", encoding="utf-8")
    monkeypatch.setenv("RECLAIMDESK_RESOURCES", str(root))
    clear_data_caches()
    reports = []
    try:
        for game in list(window.start_page.cards):
            card = window.start_page.cards[game]
            box = card.choice_box  # the card's choice (Reclaim's map), if its table declares one
            for choice in range(box.count() if box is not None else 1):
                card = window.start_page.cards[game]  # the page may rebuild its cards
                button = next(iter(card.buttons.values()), None)  # its first button (solo, new game)
                if button is None:
                    break
                if card.choice_box is not None:
                    card.choice_box.setCurrentIndex(choice)
                guard_installed.last_report = None
                window.dialog = None
                QTest.mouseClick(button, Qt.MouseButton.LeftButton)
                start = getattr(window.dialog, "start_button", None)
                if guard_installed.last_report is None and start is not None and window.dialog.isVisible():
                    QTest.mouseClick(start, Qt.MouseButton.LeftButton)
                run_queued_work()
                if guard_installed.last_report is not None:
                    reports.append(guard_installed.last_report.informativeText())
                    guard_installed.last_report.close()
                window.back_to_start()
    finally:
        clear_data_caches()
    name = Path(rel).name
    assert any(name in text for text in reports), (rel, reports)


# --- 9: one app per data folder ---------------------------------------------------------------------
def _second_app(data_dir, *args):
    env = dict(os.environ, RECLAIMDESK_DATA_DIR=str(data_dir), QT_QPA_PLATFORM="offscreen")
    env.pop("RECLAIMDESK_EXIT_WHEN_SHOWN", None)
    return subprocess.Popen([sys.executable, "-m", "reclaimdesk", *map(str, args)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_9_a_second_app_hands_its_record_to_the_first(window, data_dir, tmp_path, qtbot):
    from reclaimdesk.ui.instance import SingleInstance, serve_window

    instance = SingleInstance(data_dir)
    assert instance.acquire()
    serve_window(instance, window)
    game = _games_with_table(window)[0]
    path = tmp_path / "handed.json"
    path.write_text(json.dumps(record_dict(game, finished=False)), encoding="utf-8")
    second = _second_app(data_dir, path)
    try:
        qtbot.waitUntil(lambda: window.page is not None, timeout=30000)
        assert second.wait(30) == 0  # it handed over and left: no second window, no second autosave
    finally:
        if second.poll() is None:
            second.kill()
        second.communicate()  # (reaps it and closes its pipes)
        instance.release()
    assert window.page.game_id == game
    assert len(window.page.record().actions) == len(record_dict(game, finished=False)["actions"])


def test_9_a_second_app_never_runs_beside_a_silent_first(data_dir, monkeypatch):
    from PySide6.QtWidgets import QMessageBox as Box

    from reclaimdesk.ui import instance as inst

    first = inst.SingleInstance(data_dir)
    assert first.acquire()
    first.server.close()  # holds the folder but does not answer
    shown = []
    monkeypatch.setattr(Box, "critical", staticmethod(lambda *a: shown.append(a[2])))
    monkeypatch.setattr(inst, "HANDOVER_TIMEOUT_MS", 800)
    try:
        assert inst.claim_or_exit(data_dir, []) == 1  # exit status 1: no second window
    finally:
        first.release()
    assert shown and "does not answer" in shown[0]


def test_9_a_lock_left_by_a_killed_app_is_taken_over(data_dir):
    from reclaimdesk.ui.instance import LOCK_NAME, SingleInstance

    code = ("import sys, os\nfrom reclaimdesk.ui.instance import SingleInstance\n"
            "i = SingleInstance(sys.argv[1]); assert i.acquire(); os._exit(0)\n")
    subprocess.run([sys.executable, "-c", code, str(data_dir)], cwd=ROOT, check=True, timeout=60,
                   env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert (data_dir / LOCK_NAME).exists()  # the dead app's lock stays behind
    instance = SingleInstance(data_dir)
    try:
        assert instance.acquire()
    finally:
        instance.release()


def test_8_the_first_app_clears_temporaries_a_killed_write_left(data_dir):
    from reclaimdesk.ui.instance import SingleInstance

    (data_dir / "games").mkdir()
    stale = [data_dir / ".autosave-x.json.k2j3.tmp", data_dir / "games" / ".x-seed1.json.ab12.tmp"]
    fresh = data_dir / ".autosave-y.json.zz99.tmp"
    for p in (*stale, fresh):
        p.write_text("half")
    for p in stale:
        os.utime(p, (0, 0))
    instance = SingleInstance(data_dir)
    try:
        assert instance.acquire()
    finally:
        instance.release()
    assert not any(p.exists() for p in stale) and fresh.exists()
