"""Fixtures for the desktop app's tests: offscreen Qt, and a fresh data folder
(autosave, scores, settings) for every test so nothing touches the user's own."""

import json
import os
import tempfile

import pytest

if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    # Qt's offscreen screen is 800 x 800 by default: give it a desktop-sized one
    # so window sizes (1024 x 768 and up) are not clamped to it.
    _screen = os.path.join(tempfile.mkdtemp(prefix="reclaimdesk-qt-"), "offscreen.json")
    with open(_screen, "w", encoding="utf-8") as _f:
        json.dump({"screens": [{"name": "desk", "x": 0, "y": 0, "width": 1600, "height": 1000,
                                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}, _f)
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_screen}"
pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

WAIT_SCALE = float(os.environ.get("RECLAIMDESK_TEST_WAIT_SCALE", "6"))
"""The tests' waits (``qtbot.waitUntil``, ``waitSignal``, ``waitSignals``,
``waitExposed``) end as soon as what they wait for happens; their timeouts are
only how long a test gives up after. On a loaded machine (CI beside other jobs,
the suite's own two workers) a kit built for the preview or an AI turn takes
several times its idle time, so every timeout is this many times what the test
wrote (no test measures time: a wait that ends early costs nothing)."""


def _scaled_waits() -> None:
    import functools

    from pytestqt.qtbot import QtBot

    for name in ("waitUntil", "waitSignal", "waitSignals", "waitExposed"):
        method = getattr(QtBot, name)
        if getattr(method, "_scaled", False):
            continue

        @functools.wraps(method)
        def scaled(self, *args, _method=method, timeout=5000, **kwargs):
            if timeout is not None and timeout > 0:
                timeout = int(timeout * WAIT_SCALE)
            return _method(self, *args, timeout=timeout, **kwargs)

        scaled._scaled = True
        setattr(QtBot, name, scaled)


_scaled_waits()


@pytest.fixture(autouse=True)
def english():
    """The app's tests read its English words: every test starts (and ends) in English."""
    from reclaimdesk.core import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):

    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("RECLAIMDESK_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def window(qtbot):
    from reclaimdesk.ui.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1100, 800)
    w.show()
    w.refresh_start_page()
    qtbot.waitExposed(w)
    yield w
    w.close()


@pytest.fixture(autouse=True)
def no_window_outlives_its_test(qapp):
    """Every window a test leaves (main windows, dialogs, companion windows, message
    boxes) is deleted after it: closed windows are otherwise kept, and each change of
    the app's style sheet or language later re-polishes all of them (setup and
    teardown of a layout test grew to 10-15 s by the end of the suite)."""
    yield
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    for widget in QApplication.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def styled(qapp):
    """The app's own look (Fusion and its style sheet), as the app starts with;
    the sheet before is put back after the test."""
    from reclaimdesk.ui.style import apply_style

    before = qapp.styleSheet()
    apply_style(qapp)
    yield qapp
    qapp.setStyleSheet(before)
