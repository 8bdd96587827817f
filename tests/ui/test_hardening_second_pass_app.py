"""Issue 28 ("Hardening, second pass") in the app: a damaged font (3), a data folder
the app cannot write in (4), failing autosaves (5) and saving a record onto a
special file (1). Each test failed on the code before the issue. Every registered
game with a table is covered; no game is named.

The read-only folders are made with ``chattr +i`` (root ignores permission bits,
not the immutable flag); a full disk is an ``fsync`` that fails with ENOSPC, the
error ext4 gives there for a small file."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from reclaimdesk.core.game import all_games
from reclaimdesk.core.record import load_record
from reclaimdesk.ui.plugin import table_for

from tests.hardening_helpers import record_dict


def games_with_tables() -> list[str]:
    return [spec.id for spec in all_games() if table_for(spec.id) is not None]


@contextmanager
def read_only(folder: Path):
    """``folder`` made unwritable even for root (the immutable flag)."""
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(folder)],
                                                         capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here")
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


@pytest.fixture
def disk_full(monkeypatch):
    """Every fsync fails as on a full disk, until ``disk_full.undo()``."""

    def full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    class Switch:
        def undo(self):
            monkeypatch.setattr(os, "fsync", real)

    real = os.fsync
    monkeypatch.setattr(os, "fsync", full)
    return Switch()


def open_unfinished(window, tmp_path, game_id):
    path = tmp_path / f"{game_id}.json"
    path.write_text(json.dumps(record_dict(game_id, seed=5, finished=False)), encoding="utf-8")
    assert window.open_record(path)
    autosave = window.page.controller.autosave
    assert autosave is not None
    assert autosave.write(window.page.record())  # what the controller does after every move
    return autosave


# --- 5: a failing autosave stays in view, retries, offers to save elsewhere --------------------
@pytest.mark.parametrize("game_id", games_with_tables())
def test_5_a_failed_autosave_keeps_a_warning_until_a_save_succeeds(window, qtbot, tmp_path, disk_full, game_id):
    disk_full.undo()
    autosave = open_unfinished(window, tmp_path, game_id)
    saved = autosave.path.read_bytes()
    os.fsync = disk_full_fsync  # the disk fills up now
    try:
        assert autosave.write(window.page.record()) is False  # the controller's call: no exception
        assert autosave.failed and autosave.pending is not None
        warning = window.save_warning
        assert warning is not None and warning.isVisible()
        assert "disk is full" in warning.text.text()
        window.statusBar().showMessage("the next move's message")  # no status line can hide it
        assert warning.isVisible()
        assert autosave.path.read_bytes() == saved  # nothing on disk touched
        assert window.retry_timer.isActive()
        window.retry_timer.timeout.emit()  # still full: still in view
        assert warning.isVisible() and autosave.path.read_bytes() == saved
    finally:
        disk_full.undo()
    window.retry_timer.timeout.emit()  # space again: the kept game is written
    assert not warning.isVisible() and not autosave.failed and not window.retry_timer.isActive()
    assert load_record(autosave.path).actions == window.page.record().actions


def disk_full_fsync(_fd):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_5_a_read_only_data_folder_offers_to_save_elsewhere(window, qtbot, tmp_path, data_dir):
    game_id = games_with_tables()[0]
    autosave = open_unfinished(window, tmp_path, game_id)
    first = autosave.path
    saved = first.read_bytes()
    with read_only(data_dir):
        assert autosave.write(window.page.record()) is False
        assert window.save_warning.isVisible()
        assert autosave.path.read_bytes() == saved
        elsewhere = tmp_path / "elsewhere" / "kept.json"
        elsewhere.parent.mkdir()
        assert window.autosave_elsewhere(elsewhere)
        assert not window.save_warning.isVisible()
        assert load_record(elsewhere).game == game_id
        assert autosave.write(window.page.record()) and autosave.path == elsewhere  # later saves go there
    assert first.read_bytes() == saved  # the autosave in the data folder was left as it was


def test_5_going_back_to_the_start_page_takes_the_warning_away(window, tmp_path, disk_full):
    disk_full.undo()
    autosave = open_unfinished(window, tmp_path, games_with_tables()[0])
    os.fsync = disk_full_fsync
    try:
        autosave.write(window.page.record())
        assert window.save_warning.isVisible()
    finally:
        disk_full.undo()
    window.back_to_start()
    assert not window.save_warning.isVisible() and not window.retry_timer.isActive()


# --- 1: File > Save record onto a special file ----------------------------------------------------
@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_1_save_record_refuses_a_special_file_with_a_dialog(window, tmp_path, kind):
    open_unfinished(window, tmp_path, games_with_tables()[0])
    target = tmp_path / "target.json"
    os.mkfifo(target) if kind == "fifo" else target.mkdir()
    before = os.lstat(target)
    assert window.save_record_to(target) is False
    assert window.last_message.icon() == QMessageBox.Icon.Warning and "target.json" in window.last_message.text()
    after = os.lstat(target)
    assert (after.st_ino, stat.S_IFMT(after.st_mode)) == (before.st_ino, stat.S_IFMT(before.st_mode))


# --- 4: the data folder ----------------------------------------------------------------------------
def test_4_the_lock_in_a_read_only_folder_blames_no_other_copy(tmp_path):
    from reclaimdesk.ui.instance import FolderNotWritable, InstanceBusy, claim

    folder = tmp_path / "locked"
    folder.mkdir()
    with read_only(folder):
        with pytest.raises(FolderNotWritable) as caught:  # was InstanceBusy ("already running")
            claim(folder, [])
        assert not isinstance(caught.value, InstanceBusy)
        assert "permission" in str(caught.value.problem)


def test_4_the_start_says_what_is_wrong_and_offers_a_choice(tmp_path, monkeypatch, disk_full):
    from reclaimdesk.ui import datafolder
    from reclaimdesk.ui.common import DATA_ENV

    folder = tmp_path / "full"
    folder.mkdir()
    asked = []

    def answer(choice):
        def ask(where, problem):
            asked.append((where, problem.reason))
            return choice
        return ask

    # a full disk: said as such; going on without saving is allowed
    verdict, where = datafolder.settle(folder, answer(datafolder.GO_ON))
    assert (verdict, where) == (datafolder.GO_ON, folder) and asked[-1][1] == "the disk is full"
    disk_full.undo()
    # a read-only folder: another one chosen for this run
    other = tmp_path / "other"
    monkeypatch.setenv(DATA_ENV, str(folder))
    with read_only(folder):
        verdict, where = datafolder.settle(folder, answer(datafolder.ELSEWHERE), pick=lambda _start: other)
        assert asked[-1] == (folder, "no permission to write here")
    assert (verdict, where) == ("ok", other) and os.environ[DATA_ENV] == str(other)
    # a data folder path under a file: not a folder
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    verdict, _where = datafolder.settle(blocker / "data", answer(datafolder.QUIT))
    assert verdict == datafolder.QUIT and asked[-1][1] == "a part of the path is not a folder"
    assert blocker.read_text(encoding="utf-8") == "x"


def test_4_the_dialog_offers_going_on_and_another_folder(qtbot, tmp_path):
    from reclaimdesk.core.files import WriteProblem
    from reclaimdesk.ui import datafolder

    box = datafolder.problem_box(tmp_path, WriteProblem(tmp_path, "the disk is full", errno.ENOSPC))
    qtbot.addWidget(box)
    choices = {b.property("choice") for b in box.buttons()}
    assert choices == {datafolder.GO_ON, datafolder.ELSEWHERE, datafolder.QUIT}
    assert "the disk is full" in box.text() and str(tmp_path) in box.text()


# --- 3: a damaged Japanese font ------------------------------------------------------------------
@pytest.mark.parametrize("damage", ["garbage", "truncated", "missing"])
def test_3_a_damaged_font_is_reported_once_and_the_app_goes_on(window, tmp_path, monkeypatch, damage):
    from reclaimdesk.core import i18n
    from reclaimdesk.core.data import resource_path
    from reclaimdesk.ui import i18n as ui_i18n

    font = tmp_path / "ipag.ttf"
    if damage == "garbage":
        font.write_bytes(bytes(range(256)) * 64)
    elif damage == "truncated":
        font.write_bytes(resource_path("fonts", "ipag.ttf").read_bytes()[:5000])
    monkeypatch.setattr(ui_i18n, "resource_path", lambda *_parts: font)
    monkeypatch.setattr(ui_i18n, "_japanese_family", None)
    monkeypatch.setattr(ui_i18n, "SYSTEM_JAPANESE_FAMILIES", ())  # no system face: the bundled file is needed
    monkeypatch.setattr(i18n, "_problems", [])
    monkeypatch.setattr(i18n, "_reported", set())
    window.last_message = None
    assert ui_i18n.use_japanese_font() is None
    window.report_language_problems()
    assert window.last_message is not None and str(font) in window.last_message.text()
    window.last_message.close()
    window.last_message = None
    assert ui_i18n.use_japanese_font() is None  # asked again (the menu): not said again
    window.report_language_problems()
    assert window.last_message is None
