"""ui.preload: Qt's libraries loaded and fontconfig's configuration read on another
thread, before PySide loads; the app starts the same with it, and is left to do the
work itself when it cannot be done there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from reclaimdesk.ui import preload

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the preload is for Linux")

CHECK = r'''
import ctypes, sys, time
from reclaimdesk.ui import preload
before = open("/proc/self/maps").read()
started = preload.start()
fontconfig = ctypes.CDLL("libfontconfig.so.1")
fontconfig.FcConfigGetCurrent.restype = ctypes.c_void_p
deadline = time.monotonic() + 60
while "libQt6Widgets.so.6" not in open("/proc/self/maps").read() and time.monotonic() < deadline:
    time.sleep(0.01)
print(started, "PySide6" in sys.modules, "libQt6Widgets.so.6" in before,
      "libQt6Widgets.so.6" in open("/proc/self/maps").read())
from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel("ReclaimDesk 日本語")
# Qt takes the first thread that asks for its thread data as the main one: still this one
print(label.sizeHint().width() > 0, bool(fontconfig.FcConfigGetCurrent()),
      QThread.currentThread() == app.thread() == label.thread())
'''


def run(code: str, **env: str) -> subprocess.CompletedProcess:
    full = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen", **env)
    return subprocess.run([sys.executable, "-c", code], env=full, capture_output=True, text=True, timeout=120)


def test_the_libraries_load_on_the_other_thread():
    done = run(CHECK)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "False", "True", "True", "True", "True"]
    assert "QApplication" not in done.stderr  # (Qt warns when it is not made on the main thread)


def test_switched_off():
    done = run("from reclaimdesk.ui import preload; print(preload.start())", RECLAIMDESK_NO_PRELOAD="1")
    assert done.stdout.strip() == "False"


def test_a_missing_folder_leaves_the_work_to_the_main_thread(tmp_path):
    preload._work(str(tmp_path / "nowhere"))  # nothing to load: no error, nothing raised


def test_the_app_starts_the_same_with_and_without_it(tmp_path):
    code = "import sys; from reclaimdesk.cli import main; sys.exit(main([]))"
    outputs = []
    for flag in ("", "1"):
        env = {"RECLAIMDESK_DATA_DIR": str(tmp_path / f"data{flag}"), "RECLAIMDESK_EXIT_WHEN_SHOWN": "1",
               "RECLAIMDESK_NO_PRELOAD": flag, "LANGUAGE": "ja"}
        done = run(code, **env)
        assert done.returncode == 0, done.stderr
        outputs.append((done.stdout, done.stderr))
    assert outputs[0] == outputs[1] == ("shown\n", "")
