"""The one way the app opens an SQLite file of its data folder (the library of
played games and the personal bests of earlier versions share ``scores.sqlite3``).

A :class:`Database` subclass names what the file holds (for the busy message),
the pragmas every connection runs and its tables (``_create``, run in the
transaction that opens the file; it writes only when something is missing, so
opening a sound file writes nothing). The base gives:

- the writer's rule for the path (``files.write_target``: a regular file or a new
  name, never a FIFO, device or folder: ``WriteProblem`` before SQLite opens it);
- the busy timeout, and :class:`ScoresBusy` when another program holds a lock for
  all of it (the file is left alone: a lock is never damage);
- a file SQLite itself calls damaged (not a database, or a failed integrity
  check) moved aside as ``<name>.damaged`` and a fresh one started
  (:attr:`Database.damaged_to`);
- :meth:`Database._db`: a connection for one transaction.

Qt-free and game-free.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

BUSY_TIMEOUT = 15.0
"""Seconds to wait for another process that holds a lock on the database."""
_BUSY_CODES = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED


class ScoresBusy(sqlite3.OperationalError):
    """The database stayed locked by another process for the whole busy timeout.
    Nothing was written and the file was left alone: it is not damaged."""


def is_busy(exc: BaseException) -> bool:
    """Whether an SQLite error means "locked by someone else", not "damaged"."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return (code & 0xFF) in _BUSY_CODES
    text = str(exc).lower()
    return "locked" in text or "busy" in text


class Database:
    """An SQLite file at ``path`` (its folder made when missing), opened and its
    tables made at once (see the module)."""

    BUSY = "the database ({name}) is locked by another program; nothing was changed"
    """The words of :class:`ScoresBusy` (``{name}``: the file's name)."""
    PRAGMAS: tuple[str, ...] = ()
    """Run on every connection, e.g. ``"PRAGMA foreign_keys = ON"``."""
    damaged_to: Path | None = None
    """Where a damaged file was moved aside when this one opened (None: it was sound)."""

    def __init__(self, path: str | Path, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._ensure()
        except sqlite3.DatabaseError as exc:
            if is_busy(exc):
                raise self._busy() from None
            if not self._damaged():
                raise
            aside = self.path.with_name(self.path.name + ".damaged")
            self.path.replace(aside)
            self.damaged_to = aside
            self._ensure()

    def _create(self, con: sqlite3.Connection) -> None:
        """Make the tables that are missing (in the opening transaction); write
        nothing when they are all there."""
        raise NotImplementedError(f"{type(self).__name__} must define _create()")

    def _busy(self) -> ScoresBusy:
        return ScoresBusy(self.BUSY.format(name=self.path.name))

    def _damaged(self) -> bool:
        """True only when SQLite itself says the file is not a sound database (not
        a database at all, or a failed integrity check); a lock is never damage."""
        try:
            with closing(self._connect()) as con:
                rows = con.execute("PRAGMA integrity_check").fetchall()
        except sqlite3.DatabaseError as exc:
            return not is_busy(exc)
        return [tuple(r) for r in rows] != [("ok",)]

    def _connect(self) -> sqlite3.Connection:
        from reclaimdesk.core.files import write_target

        # the one writer's rule: a regular file or a new name (a link's target), never a
        # FIFO, device or folder (WriteProblem names it; SQLite would block on a FIFO)
        con = sqlite3.connect(write_target(self.path), timeout=self.busy_timeout)
        for pragma in self.PRAGMAS:
            con.execute(pragma)
        return con

    def _ensure(self) -> None:
        with closing(self._connect()) as con, con:
            self._create(con)

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """A connection for one transaction (committed when the block ends without
        an error, rolled back otherwise); a lock held too long is :class:`ScoresBusy`."""
        try:
            with closing(self._connect()) as con, con:
                yield con
        except sqlite3.OperationalError as exc:
            if is_busy(exc):
                raise self._busy() from None
            raise
