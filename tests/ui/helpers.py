"""What the UI tests of the three games share: a crashing app run in a child
process, the main window opened afresh on its start page, the unfinished game
discarded from the start page, and clicks and pointer moves sent to widgets."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]


def run_until_killed(code: str, data_dir: Path) -> tuple[list[str], subprocess.CompletedProcess]:
    """Run ``code`` (an app that plays, prints its actions joined by ' | ' and
    kills itself with no clean shutdown) on ``data_dir``: the actions it printed, and the run."""
    env = dict(os.environ, RECLAIMDESK_DATA_DIR=str(data_dir))
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == -signal.SIGKILL, (run.returncode, run.stdout, run.stderr)
    return run.stdout.strip().split(" | "), run


def reopen_with_resume_banner(qtbot, data_dir: Path):
    """A new main window on the start page, which offers to resume the autosave."""
    from reclaimdesk.ui.app import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.refresh_start_page()
    start = window.start_page
    assert start.banner.isVisible(), sorted(p.name for p in data_dir.iterdir())
    return window


def start_solo(window, map_id: str, seed: int) -> None:
    """A solo score attack of Reclaim on ``map_id`` with the deck ``seed`` (what the
    card's button starts, with a chosen deck)."""
    window.start_choice("reclaim", {"players": [{"name": "You", "kind": "human"}], "seed": seed,
                                    "options": {"map": map_id, "variant": False}})


def confirm(window) -> None:
    """Press the accepting button of the question the window asks."""
    box = window.confirm_box
    assert box is not None and box.isVisible()
    box.accept_button.click()


def discard_from_the_start_page(window, data_dir: Path, game_id: str) -> None:
    """Back to the start page, which offers the two players' game; discard it (and
    confirm): the autosave goes."""
    window.back_to_start()
    row = window.start_page.resume_rows[game_id]
    assert window.start_page.banner.isVisible() and "two players" in row.text.text()
    QTest.mouseClick(row.discard_button, Qt.MouseButton.LeftButton)
    assert (data_dir / f"autosave-{game_id}.json").exists()  # not before the player agrees
    confirm(window)
    assert not window.start_page.banner.isVisible()
    assert not (data_dir / f"autosave-{game_id}.json").exists()


def send_mouse_move(viewport, pos: QPointF) -> None:
    """A plain mouse-move event (QTest.mouseMove depends on where the offscreen
    platform believes the cursor is, which other windows may change)."""
    event = QMouseEvent(QEvent.Type.MouseMove, pos, QPointF(viewport.mapToGlobal(pos)),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, event)


def click_button(button) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
