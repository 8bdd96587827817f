"""Issue 25, the Japanese start: the bundled face registered with fontconfig on the
preload thread is the face Qt's own registration gave (the same family, the same
metrics, the same pixels); Qt's translations are found without QLibraryInfo; the
start's named tuples behave as typing.NamedTuple's did."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from reclaimdesk.core.fields import Fields

ROOT = Path(__file__).resolve().parents[2]

FACE = r'''
import hashlib, os, sys
from reclaimdesk.core import i18n
i18n.set_language("ja")
from reclaimdesk.ui import preload
started = preload.start(japanese=True) if os.environ["VIA"] == "preload" else False
preload.wait_fonts()
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QFontDatabase, QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import QApplication
app = QApplication([])
from reclaimdesk.ui import i18n as ui_i18n
ui_i18n.apply_language("ja", app)
font = app.font()
texts = ["リクレイム：自己ベスト（ソロ・スコアアタック）", "ReclaimDesk 1〜6人用", "遊ぶゲームを選んでください。"]
metrics = QFontMetrics(font)
image = QImage(420, 90, QImage.Format.Format_ARGB32)
image.fill(QColor("white"))
painter = QPainter(image)
painter.setFont(font)
for row, text in enumerate(texts):
    painter.drawText(QPoint(4, 24 + 28 * row), text)
painter.end()
print(started, bool(QFontDatabase.applicationFontFamilies(0)))
print(ui_i18n.japanese_family(), list(font.families()), [metrics.horizontalAdvance(t) for t in texts],
      metrics.height(), metrics.ascent(), hashlib.sha256(bytes(image.constBits())).hexdigest())
'''


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    full = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen", **env)
    return subprocess.run([sys.executable, "-c", code], env=full, capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the preload is for Linux")
def test_the_face_registered_on_the_preload_thread_is_the_one_qt_registered():
    by_qt = _run(FACE, VIA="qt")
    by_preload = _run(FACE, VIA="preload")
    assert by_qt.returncode == 0, by_qt.stderr
    assert by_preload.returncode == 0, by_preload.stderr
    qt_how, qt_face = by_qt.stdout.splitlines()
    preload_how, preload_face = by_preload.stdout.splitlines()
    assert qt_how == "False True"  # Qt registered the file (addApplicationFont)
    assert preload_how == "True False"  # fontconfig had it before Qt read its fonts
    assert preload_face == qt_face  # the same family list, metrics and pixels
    assert "IPAPGothic" in qt_face


def test_without_a_thread_there_is_nothing_to_wait_for():
    from reclaimdesk.ui import preload

    preload.wait_fonts()  # no thread started in this process: returns at once


def test_qt_translations_are_found_where_qlibraryinfo_says(qapp):
    from PySide6.QtCore import QLibraryInfo

    from reclaimdesk.ui.i18n import qt_translations_folder

    assert os.path.samefile(qt_translations_folder(),
                            QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))


class Entry(Fields):
    key: str
    label: str
    primary: bool = False

    def shout(self) -> str:
        return self.label.upper()


def test_fields_behave_as_a_named_tuple():
    entry = Entry("new", "New game", primary=True)
    assert entry == ("new", "New game", True) and tuple(entry) == ("new", "New game", True)
    assert (entry.key, entry.label, entry.primary, entry.shout()) == ("new", "New game", True, "NEW GAME")
    assert Entry("x", "y") == Entry(key="x", label="y", primary=False)
    assert hash(Entry("x", "y")) == hash(("x", "y", False))
    key, label, primary = Entry("a", "b")
    assert (key, label, primary) == ("a", "b", False)
    assert Entry._fields == ("key", "label", "primary")
    assert entry._replace(label="Other") == Entry("new", "Other", True)
    assert repr(entry) == "Entry(key='new', label='New game', primary=True)"
    import pickle

    assert pickle.loads(pickle.dumps(entry)) == entry
    with pytest.raises(TypeError):
        Entry("only a key")
    with pytest.raises(TypeError):
        Entry("a", "b", True, "too many")
    with pytest.raises(TypeError):
        Entry("a", "b", colour="red")
    with pytest.raises(AttributeError):
        entry.key = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        class Bad(Fields):
            first: int = 0
            second: int


SYSTEM_FACE = r'''
import ctypes, os
from reclaimdesk.core import i18n
i18n.set_language("ja")
from reclaimdesk.ui import preload
started = preload.start(japanese=True)
preload.wait_fonts()
fontconfig = ctypes.CDLL("libfontconfig.so.1")
fontconfig.FcConfigGetFonts.restype = ctypes.c_void_p
application_fonts = fontconfig.FcConfigGetFonts(None, 1)  # FcSetApplication: None when nothing was added
from PySide6.QtWidgets import QApplication
app = QApplication([])
from reclaimdesk.ui import i18n as ui_i18n
ui_i18n.apply_language("ja", app)
print(started, application_fonts is None, ui_i18n.japanese_family())
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the preload is for Linux")
def test_a_system_with_a_japanese_face_of_its_own_gets_no_bundled_one(tmp_path):
    from reclaimdesk.core.data import resource_path
    from reclaimdesk.ui.preload import JAPANESE_FONT_FILE

    fonts = tmp_path / "fonts"
    fonts.mkdir()
    (fonts / "system-face.ttf").write_bytes(resource_path("fonts", JAPANESE_FONT_FILE).read_bytes())
    config = tmp_path / "fonts.conf"  # the system's configuration and one more folder, which has IPAPGothic
    config.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                      '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
                      f'<dir>{fonts}</dir><cachedir>{tmp_path / "cache"}</cachedir></fontconfig>')
    done = _run(SYSTEM_FACE, FONTCONFIG_FILE=str(config))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "IPAPGothic"]  # the system's face, nothing registered
    plain = _run(SYSTEM_FACE)  # this machine: no Japanese face, so the preload registers the bundled one
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.split() == ["True", "False", "IPAPGothic"]
