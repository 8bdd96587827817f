"""The personal-best table of solo score attack as earlier versions kept it in SQLite
in the data folder. The app now keeps every finished game in the library
(:mod:`reclaimdesk.core.library`, the same file); this table is read once, when
its rows move into the library, and kept as it was.

One row per finished solo game: when it was played, the map, the seed, the score,
the tier reached (80, 90, 100 or none) and whether it was the deck of the day.
Qt-free, so it can be tested and used from scripts.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import date, datetime

from reclaimdesk.core.database import BUSY_TIMEOUT, Database, ScoresBusy, is_busy  # noqa: F401 - one opener
from reclaimdesk.core.library import DB_NAME

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class ScoreRow:
    id: int
    played_at: str
    map: str
    seed: int
    score: int
    tier: int | None
    daily: bool

    @property
    def day(self) -> str:
        return self.played_at[:10]


class PersonalBests(Database):
    """Solo results in ``path`` (created on first use)."""

    BUSY = "the personal bests ({name}) are locked by another program; nothing was changed"

    def _create(self, con: sqlite3.Connection) -> None:
        made = con.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'scores'")
        if made.fetchone()[0] and con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            return  # nothing to write: a write would wait for the disk at every start of the app
        con.execute(
            "CREATE TABLE IF NOT EXISTS scores ("
            " id INTEGER PRIMARY KEY,"
            " played_at TEXT NOT NULL,"
            " map TEXT NOT NULL,"
            " seed INTEGER NOT NULL,"
            " score INTEGER NOT NULL,"
            " tier INTEGER,"
            " daily INTEGER NOT NULL DEFAULT 0)"
        )
        con.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)

    def add(self, *, map_id: str, seed: int, score: int, tier: int | None, daily: bool = False,
            played_at: datetime | None = None) -> int:
        when = (played_at or datetime.now()).replace(microsecond=0).isoformat(sep=" ")
        with self._db() as con:
            cur = con.execute(
                "INSERT INTO scores (played_at, map, seed, score, tier, daily) VALUES (?, ?, ?, ?, ?, ?)",
                (when, map_id, int(seed), int(score), tier, int(bool(daily))),
            )
            return int(cur.lastrowid or 0)

    def best(self, limit: int = 10, map_id: str | None = None, daily_on: date | None = None) -> list[ScoreRow]:
        query = "SELECT id, played_at, map, seed, score, tier, daily FROM scores"
        where, params = [], []
        if map_id:
            where.append("map = ?")
            params.append(map_id)
        if daily_on is not None:
            where.append("daily = 1 AND substr(played_at, 1, 10) = ?")
            params.append(daily_on.isoformat())
        if where:
            query += " WHERE " + " AND ".join(where)
        query += " ORDER BY score DESC, played_at ASC LIMIT ?"
        params.append(int(limit))
        with closing(self._connect()) as con:
            rows = con.execute(query, params).fetchall()
        return [ScoreRow(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6])) for r in rows]

    def rank(self, row_id: int) -> int | None:
        """1-based place of a row among all results (ties share the better place)."""
        with closing(self._connect()) as con:
            found = con.execute("SELECT score FROM scores WHERE id = ?", (row_id,)).fetchone()
            if found is None:
                return None
            above = con.execute("SELECT COUNT(*) FROM scores WHERE score > ?", (found[0],)).fetchone()
        return int(above[0]) + 1

    def count(self) -> int:
        with closing(self._connect()) as con:
            return int(con.execute("SELECT COUNT(*) FROM scores").fetchone()[0])


def open_default() -> PersonalBests:
    from reclaimdesk.ui.common import data_dir

    return PersonalBests(data_dir() / DB_NAME)
