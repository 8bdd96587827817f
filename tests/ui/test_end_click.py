"""Issue 24, item 7: the click that ends a game is redrawn as fast as any other.

For every registered game with a table (none named here), a record one move
from its end, every seat a person's, is opened the way the app opens a record
and its last move played through the controller's ``_apply`` (what a click ends
in): the table is painted in that click's slot while the game is not filed yet
and no end screen is built; the filing and the end screen follow in the page's
step after it (``ending``/``ended``). A game whose page goes before that step
(the window closes at once) is filed on the way out; one the app never filed
(it was killed in between) is filed by the next start from its autosave; an
error in the step reaches the player in the error dialog. The library's first
setup in a new folder runs no game's migration. A filing that fails as the window
closes leaves the game in the autosave, and the next start files it."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from reclaimdesk.core.game import all_games
from reclaimdesk.core.i18n import _
from reclaimdesk.core.library import Library
from reclaimdesk.core.record import load_record
from reclaimdesk.ui.autosave import Autosave, games_folder
from reclaimdesk.ui.plugin import table_for, tables

from tests.hardening_helpers import record_dict


def games_with_tables() -> list[str]:
    return [spec.id for spec in all_games() if table_for(spec.id) is not None]


class TablePaints(QObject):
    """Counts the paint events of the table and its children."""

    def __init__(self, table: QWidget) -> None:
        super().__init__()
        self.table = table
        self.count = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if (event.type() == QEvent.Type.Paint and isinstance(obj, QWidget)
                and (obj is self.table or self.table.isAncestorOf(obj))):
            self.count += 1
        return False


def one_move_from_the_end(window, tmp_path, game_id: str):
    """The page of ``game_id``'s record without its last move (every seat a
    person's, so that no computer plays it), and that move."""
    data = record_dict(game_id, seed=5, finished=True)
    last = data["actions"].pop()
    data["result"] = None
    data["players"] = [{"name": f"P{i + 1}", "kind": "human"} for i in range(len(data["players"]))]
    path = tmp_path / f"{game_id}-almost.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert window.open_record(path), window.last_message and window.last_message.text()
    page = window.page
    assert not page.controller.over and page.table.isVisible()
    return page, page.controller.state.parse_action(last)


@pytest.mark.parametrize("game_id", games_with_tables())
def test_the_last_move_is_painted_before_the_game_is_filed_and_ends(window, qtbot, qapp, tmp_path, data_dir,
                                                                    game_id):
    page, last = one_move_from_the_end(window, tmp_path, game_id)
    c = page.controller
    qtbot.waitUntil(lambda: not c.busy)
    paints = TablePaints(page.table)
    qapp.installEventFilter(paints)
    try:
        with qtbot.waitSignal(page.ended, timeout=20000):
            c._apply(last)  # the click's slot
            assert c.over
            # in the slot: the table painted with the move, nothing filed, no end screen yet
            assert paints.count > 0, f"{game_id}: the table was not painted before the end step"
            assert page.library_id is None and page.archived is None and page.end is None
    finally:
        qapp.removeEventFilter(paints)
    assert page.library_id is not None and page.archived is not None and page.archived.exists()
    assert load_record(page.archived).result is not None
    entries = Library(data_dir).games(game=game_id)
    assert [e.id for e in entries] == [page.library_id]
    if page.end_at_once:
        assert page.currentWidget() is page.end and page.end is not None


@pytest.mark.parametrize("game_id", games_with_tables())
def test_a_game_ended_as_the_window_closes_is_filed(window, qtbot, tmp_path, data_dir, game_id):
    page, last = one_move_from_the_end(window, tmp_path, game_id)
    c = page.controller
    qtbot.waitUntil(lambda: not c.busy)
    c._apply(last)
    assert c.over and page.library_id is None
    finished = c.record()
    window.close()  # before the step after the move could run
    assert page.library_id is not None
    copies = sorted(games_folder(data_dir).glob(f"{game_id}-*.json"))
    assert [load_record(p).to_dict() for p in copies] == [finished.to_dict()]
    assert len(Library(data_dir).games(game=game_id)) == 1
    # the next start finds it filed: nothing filed twice
    from reclaimdesk.ui.app import MainWindow

    again = MainWindow()
    qtbot.addWidget(again)
    assert [a.game_id for a in again._unfiled_check] == [game_id]
    again._file_unfiled()  # the start's check, now rather than after its delay
    assert len(Library(data_dir).games(game=game_id)) == 1
    assert sorted(games_folder(data_dir).glob(f"{game_id}-*.json")) == copies
    again.close()


def test_a_finished_autosave_the_app_never_filed_is_filed_at_the_next_start(qtbot, data_dir):
    from reclaimdesk.ui.app import MainWindow

    game_id = games_with_tables()[0]
    record = record_dict(game_id, seed=2, finished=True)
    Autosave(data_dir, game_id).path.write_text(json.dumps(record), encoding="utf-8")
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: (data_dir / "scores.sqlite3").exists() and bool(Library(data_dir).games(game=game_id)),
                    timeout=10000)
    (entry,) = Library(data_dir).games(game=game_id)
    assert entry.path is not None and load_record(entry.path).actions == record["actions"]
    assert "added to the games played" in w.statusBar().currentMessage()
    assert Autosave(data_dir, game_id).path.exists()  # the autosave stays as it was
    w.close()
    # filed, then deleted from the games played: the next start does not bring it back
    Library(data_dir).delete(entry.id)
    w2 = MainWindow()
    qtbot.addWidget(w2)
    assert [a.game_id for a in w2._unfiled_check] == [game_id]
    w2._file_unfiled()  # the start's check, now rather than after its delay
    assert Library(data_dir).games(game=game_id) == [] and not list(games_folder(data_dir).glob("*.json"))
    w2.close()


def test_an_error_after_the_last_move_reaches_the_player_and_the_game_is_filed(window, qtbot, tmp_path,
                                                                               data_dir, monkeypatch):
    from reclaimdesk.ui import guard

    game_id = games_with_tables()[0]
    page, last = one_move_from_the_end(window, tmp_path, game_id)
    c = page.controller
    qtbot.waitUntil(lambda: not c.busy)

    def broken() -> QWidget:
        raise RuntimeError("the end screen broke")

    monkeypatch.setattr(page, "make_end_screen", broken)
    monkeypatch.setattr(page, "end_at_once", True)
    monkeypatch.setattr(guard, "last_report", None)
    with qtbot.waitSignal(page.ended, timeout=20000):
        c._apply(last)
    report = guard.last_report
    assert report is not None and report.isVisible()
    assert "the end screen broke" in report.message
    assert page.library_id is not None  # filed before the end screen was built
    report.close()


@pytest.mark.parametrize("bests_file", [False, True], ids=["new-folder", "old-bests"])
def test_the_library_s_first_setup_runs_migrations_only_where_there_is_something_to_migrate(
        tmp_path, monkeypatch, bests_file):
    from reclaimdesk.ui import played

    folder = tmp_path / "fresh"
    folder.mkdir()
    if bests_file:
        (folder / "bests-none.json").write_text("{}", encoding="utf-8")
    ran: list[str] = []
    for game_id, table in tables().items():
        if getattr(table, "migrate_to_library", None) is not None:
            monkeypatch.setattr(table, "migrate_to_library",
                                lambda _folder, _library, game_id=game_id: ran.append(game_id))
    migrating = sorted(g for g, t in tables().items() if getattr(t, "migrate_to_library", None) is not None)
    library = played.open_library(folder)
    assert sorted(ran) == (migrating if bests_file else [])
    assert library.done(played.INDEXED)
    assert all(library.done(played.MIGRATED.format(game=g)) for g in migrating)


def test_a_game_whose_filing_fails_as_the_window_closes_is_filed_by_the_next_start(window, qtbot, tmp_path,
                                                                                   data_dir, monkeypatch):
    from reclaimdesk.ui.app import MainWindow

    game_id = games_with_tables()[-1]
    page, last = one_move_from_the_end(window, tmp_path, game_id)
    c = page.controller
    qtbot.waitUntil(lambda: not c.busy)

    def full_disk(self, record):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(Autosave, "archive", full_disk)
        c._apply(last)
        finished = c.record()
        window.close()  # the filing is tried on the way out, and fails
    assert page.library_id is None and not list(games_folder(data_dir).glob("*.json"))
    assert load_record(Autosave(data_dir, game_id).path).to_dict() == finished.to_dict()  # not lost
    again = MainWindow()
    qtbot.addWidget(again)
    assert [a.game_id for a in again._unfiled_check] == [game_id]
    again._file_unfiled()
    (entry,) = Library(data_dir).games(game=game_id)
    assert load_record(entry.path).to_dict() == finished.to_dict()
    again.close()


def test_an_error_while_filing_on_the_way_out_says_what_failed(window, qtbot, tmp_path, data_dir, monkeypatch):
    """Closing the window files a game that just ended; an unexpected error there
    is shown as a failed filing (not as the end screen's), and the page still goes."""
    from reclaimdesk.ui import guard

    game_id = games_with_tables()[0]
    page, last = one_move_from_the_end(window, tmp_path, game_id)
    c = page.controller
    qtbot.waitUntil(lambda: not c.busy)

    def broken() -> None:
        raise RuntimeError("the library broke")

    monkeypatch.setattr(page, "end_at_once", False)
    monkeypatch.setattr(guard, "last_report", None)
    c._apply(last)
    monkeypatch.setattr(page, "file_due", broken)
    window.close()
    report = guard.last_report
    assert report is not None and "the library broke" in report.message
    assert report.what == _("keep the finished game in Games played")
    assert report.text() == _("Could not {what}.").format(what=report.what)
    assert c.worker._closed  # the controller stopped all the same
    report.close()
