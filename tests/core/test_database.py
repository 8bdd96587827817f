"""core/database.py, the one opener of the data folder's SQLite files, on a table
of its own: the tables made once in the opening transaction, the pragmas on every
connection, damage moved aside, a lock reported in the subclass's words, a
transaction rolled back by an error inside it."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from reclaimdesk.core.database import Database, ScoresBusy, is_busy


class Notes(Database):
    BUSY = "the notes ({name}) are locked; nothing was changed"
    PRAGMAS = ("PRAGMA foreign_keys = ON", "PRAGMA recursive_triggers = ON")

    def _create(self, con: sqlite3.Connection) -> None:
        self.created = getattr(self, "created", 0) + 1
        con.execute("CREATE TABLE IF NOT EXISTS notes (text TEXT NOT NULL)")


def test_the_folder_and_the_tables_are_made_once_per_opening(tmp_path) -> None:
    notes = Notes(tmp_path / "deep" / "notes.db")
    assert notes.created == 1 and notes.damaged_to is None
    with notes._db() as con:
        con.execute("INSERT INTO notes VALUES ('a')")
    with closing(notes._connect()) as con:
        assert con.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert con.execute("PRAGMA recursive_triggers").fetchone()[0] == 1
        assert con.execute("SELECT text FROM notes").fetchall() == [("a",)]


def test_an_error_inside_a_transaction_rolls_it_back(tmp_path) -> None:
    notes = Notes(tmp_path / "notes.db")
    with pytest.raises(ValueError):
        with notes._db() as con:
            con.execute("INSERT INTO notes VALUES ('lost')")
            raise ValueError("half way")
    with notes._db() as con:
        assert con.execute("SELECT count(*) FROM notes").fetchone()[0] == 0


def test_damage_is_moved_aside_and_a_lock_is_not_damage(tmp_path) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(b"\x00not sqlite" * 500)
    notes = Notes(path, busy_timeout=0.1)
    assert notes.damaged_to == tmp_path / "notes.db.damaged" and notes.damaged_to.exists()
    holder = sqlite3.connect(path, timeout=0, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(ScoresBusy, match=r"^the notes \(notes\.db\) are locked; nothing was changed$"):
            Notes(path, busy_timeout=0.1)
        with pytest.raises(ScoresBusy):
            with notes._db() as con:
                con.execute("INSERT INTO notes VALUES ('x')")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not (tmp_path / "notes.db.damaged.damaged").exists()


def test_busy_is_told_from_damage() -> None:
    assert is_busy(sqlite3.OperationalError("database is locked"))
    assert not is_busy(sqlite3.DatabaseError("file is not a database"))


def test_a_database_without_tables_of_its_own_is_refused(tmp_path) -> None:
    with pytest.raises(NotImplementedError, match="_create"):
        Database(tmp_path / "x.db")
