"""The two tables of the data folder's SQLite file, the library of played games
(``core.library.Library``) and the old personal bests (``ui.scores.PersonalBests``),
open it by the same rules: a sound file is opened without a write, a file SQLite
calls damaged is moved aside and a fresh one started, a lock held by another
program is ``ScoresBusy`` (the file left alone, nothing written), a write is one
transaction, and a FIFO or a folder is refused before SQLite touches it."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from datetime import datetime

import pytest

from reclaimdesk.core.files import WriteProblem
from reclaimdesk.core.library import DB_NAME, Library, ScoresBusy
from reclaimdesk.ui.scores import PersonalBests


def open_library(folder, **kw):
    return Library(folder, **kw)


def open_bests(folder, **kw):
    return PersonalBests(folder / DB_NAME, **kw)


def write_library(db, n: int) -> None:
    db.add_table("any-game", f"2026-01-0{n} 10:00:00", ["A"], [n], [0], {}, db.folder / f"t{n}.json")


def write_bests(db, n: int) -> None:
    db.add(map_id="m", seed=n, score=n, tier=None, played_at=datetime(2026, 1, n, 10))


OPENERS = {"library": (open_library, write_library, "library of played games"),
           "bests": (open_bests, write_bests, "personal bests")}


@pytest.fixture(params=sorted(OPENERS))
def opener(request):
    return OPENERS[request.param]


def test_a_sound_file_opens_without_a_write(tmp_path, opener) -> None:
    open_db, write, _what = opener
    write(open_db(tmp_path), 1)
    path = tmp_path / DB_NAME
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    db = open_db(tmp_path)
    assert db.count() == 1
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_a_damaged_file_is_moved_aside_and_a_fresh_one_started(tmp_path, opener) -> None:
    open_db, write, _what = opener
    path = tmp_path / DB_NAME
    path.write_bytes(b"not a database at all " * 300)
    db = open_db(tmp_path)
    aside = tmp_path / (DB_NAME + ".damaged")
    assert aside.read_bytes() == b"not a database at all " * 300
    assert db.count() == 0
    write(db, 2)
    assert open_db(tmp_path).count() == 1 and not (tmp_path / (DB_NAME + ".damaged.damaged")).exists()


def test_a_lock_is_busy_with_its_words_and_the_file_left_alone(tmp_path, opener) -> None:
    open_db, write, what = opener
    db = open_db(tmp_path, busy_timeout=0.1)
    write(db, 1)
    holder = sqlite3.connect(tmp_path / DB_NAME, timeout=0, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(ScoresBusy) as opening:
            open_db(tmp_path, busy_timeout=0.1)
        with pytest.raises(ScoresBusy) as writing:
            write(db, 2)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    for info in (opening, writing):
        text = str(info.value)
        assert what in text and DB_NAME in text and text.endswith("locked by another program; nothing was changed")
    assert not (tmp_path / (DB_NAME + ".damaged")).exists()
    assert open_db(tmp_path).count() == 1


def test_a_write_that_fails_half_way_leaves_nothing(tmp_path, opener) -> None:
    open_db, write, _what = opener
    db = open_db(tmp_path)
    write(db, 1)
    path = tmp_path / DB_NAME
    con = sqlite3.connect(path)
    table = "library" if isinstance(db, Library) else "scores"
    con.execute(f"CREATE TRIGGER refuse AFTER INSERT ON {table} WHEN (SELECT count(*) FROM {table}) > 1"
                " BEGIN SELECT RAISE(ABORT, 'no second row'); END")
    con.commit()
    con.close()
    with pytest.raises(sqlite3.DatabaseError):
        write(db, 2)
    assert db.count() == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_folder_is_refused_before_sqlite_opens_it(tmp_path, opener) -> None:
    open_db, _write, _what = opener
    os.mkfifo(tmp_path / DB_NAME)
    with pytest.raises(WriteProblem):
        open_db(tmp_path)
    other = tmp_path / "other"
    (other / DB_NAME).mkdir(parents=True)
    with pytest.raises(WriteProblem):
        open_db(other)


def test_the_library_keeps_foreign_keys_and_the_bests_do_not_need_them(tmp_path) -> None:
    lib = Library(tmp_path)
    write_library(lib, 1)
    n = lib.games()[0].id
    lib.store_analysis(n, {"x": 1})
    lib._write("DELETE FROM library WHERE id = ?", (n,))  # the analysis goes with its entry
    with sqlite3.connect(tmp_path / DB_NAME) as con:
        assert con.execute("SELECT count(*) FROM library_analysis").fetchone()[0] == 0
    bests = PersonalBests(tmp_path / DB_NAME)
    with closing(bests._connect()) as con:
        assert con.execute("PRAGMA foreign_keys").fetchone()[0] == 0
