"""The library of played games: every finished game of every registered game,
indexed in the SQLite database the app keeps in its data folder (the file that
holds the personal bests, ``scores.sqlite3``), beside its record file.

One row per game: the game, when it was played, its options and seed, the
players (name, kind, AI level), the scores, the winners, the result as the rules
state it, its length (actions), the record's path and where it came from
(``record``: a game played in the app; ``table``: a paper game scored with the
app's companion, its file a JSON summary; ``imported``: a best score kept by an
earlier version without a record). A second table keeps an analysis of a record
(a JSON blob) for the review.

Every write is one SQLite transaction; a file SQLite itself calls damaged is
moved aside (``<name>.damaged``) and a fresh database started, as the personal
bests always did; a lock held too long by another program is :class:`ScoresBusy`.

Qt-free and game-free: no game is named here, a game's own code decides what
its bests are (reading :meth:`Library.games`).

>>> import tempfile
>>> from pathlib import Path
>>> lib = Library(Path(tempfile.mkdtemp()))
>>> n = lib.add_table("any-game", "2026-11-20 20:00:00", ["Ann", "Bo"], [31, 27], [0], {}, Path("x.json"))
>>> [(e.players[1]["name"], e.outcome) for e in lib.games(players=2)]
[('Bo', 'people')]
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reclaimdesk.core.database import BUSY_TIMEOUT, Database, ScoresBusy, is_busy  # noqa: F401 - one opener

if TYPE_CHECKING:
    from reclaimdesk.core.record import GameRecord

DB_NAME = "scores.sqlite3"
SOURCES = ("record", "table", "imported")
OUTCOMES = ("won", "lost", "drawn", "solo", "people", "computers")
"""The result of a game for the person at the computer: ``won`` (a person among
the winners, no computer seat sharing the win), ``drawn`` (a person and a computer
seat share it), ``lost``, ``solo`` (one seat: a score, no opponent), ``people``
(every seat a person: the app cannot tell who "you" are), ``computers`` (no person)."""
RECORDS_FOLDER = "games"
"""Where the app files a finished game's record (``Autosave.archive``)."""
SKIPPED_NAMES = ("autosave-", "bests-")


def outcome_of(kinds: list[str], winners: Iterable[int]) -> str:
    """The result for the person (see :data:`OUTCOMES`).

    >>> outcome_of(["human"], [0]), outcome_of(["human", "ai"], [1]), outcome_of(["human", "ai"], [0, 1])
    ('solo', 'lost', 'drawn')
    """
    won = set(winners)
    people = {i for i, k in enumerate(kinds) if k == "human"}
    if len(kinds) == 1:
        return "solo"
    if not people:
        return "computers"
    if len(people) == len(kinds):
        return "people"
    if not people & won:
        return "lost"
    return "drawn" if won - people else "won"


def local_time(created: str) -> str:
    """A record's ``created`` (ISO, usually UTC) as local "YYYY-MM-DD HH:MM:SS"
    ("" when it cannot be read)."""
    from datetime import datetime

    try:
        when = datetime.fromisoformat(created)
    except (TypeError, ValueError):
        return ""
    if when.tzinfo is not None:
        when = when.astimezone()
    return when.replace(microsecond=0, tzinfo=None).isoformat(sep=" ")


def now_text() -> str:
    from datetime import datetime

    return datetime.now().replace(microsecond=0).isoformat(sep=" ")


@dataclass(frozen=True)
class Entry:
    """One played game. ``players``: dicts with ``name``, ``kind`` (human/ai) and
    ``level`` for an AI seat; ``scores``/``winners`` by seat; ``path``: the record
    (or the companion's summary), absolute, None for an imported best."""

    id: int
    game: str
    played_at: str
    source: str
    players: tuple[dict[str, Any], ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    options: dict[str, Any]
    seed: int | None
    result: dict[str, Any]
    length: int
    path: Path | None
    extra: dict[str, Any] = field(default_factory=dict)
    num_players: int = 0
    outcome: str = ""

    @property
    def day(self) -> str:
        return self.played_at[:10]

    def human_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.get("kind", "human") == "human"]

    def ai_levels(self) -> list[str]:
        """The levels of the computer seats, each once, in seat order."""
        out: list[str] = []
        for p in self.players:
            if p.get("kind") == "ai" and str(p.get("level", "")) not in out:
                out.append(str(p.get("level", "")))
        return out

    @property
    def counts_for_bests(self) -> bool:
        """False for a game played on from a review (it began from a position
        taken from another game): no personal best or score chart counts it."""
        return self.extra.get("played_on_from") is None

    @property
    def replayable(self) -> bool:
        """A move record the app can open, review and export from."""
        return self.source == "record" and self.path is not None


class Library(Database):
    """The played games kept in ``folder`` (the data folder)."""

    BUSY = "the library of played games ({name}) is locked by another program; nothing was changed"
    PRAGMAS = ("PRAGMA foreign_keys = ON",)

    def __init__(self, folder: str | Path, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.folder = Path(folder)
        super().__init__(self.folder / DB_NAME, busy_timeout)

    # --- the file -------------------------------------------------------------------
    def _create(self, con: sqlite3.Connection) -> None:
        made = con.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN"
                           " ('library', 'library_analysis', 'library_meta')").fetchone()[0]
        if made == 3:
            return  # nothing to write at every start
        con.execute(
            "CREATE TABLE IF NOT EXISTS library ("
            " id INTEGER PRIMARY KEY,"
            " game TEXT NOT NULL,"
            " played_at TEXT NOT NULL,"
            " source TEXT NOT NULL,"
            " num_players INTEGER NOT NULL,"
            " players TEXT NOT NULL,"
            " scores TEXT NOT NULL,"
            " winners TEXT NOT NULL,"
            " outcome TEXT NOT NULL,"
            " options TEXT NOT NULL,"
            " seed INTEGER,"
            " result TEXT NOT NULL,"
            " length INTEGER NOT NULL,"
            " path TEXT UNIQUE,"
            " extra TEXT NOT NULL DEFAULT '{}')")
        con.execute("CREATE INDEX IF NOT EXISTS library_game ON library (game, played_at)")
        con.execute(
            "CREATE TABLE IF NOT EXISTS library_analysis ("
            " record_id INTEGER PRIMARY KEY REFERENCES library (id) ON DELETE CASCADE,"
            " stored_at TEXT NOT NULL,"
            " data TEXT NOT NULL)")
        con.execute("CREATE TABLE IF NOT EXISTS library_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")

    def _write(self, sql: str, params: Iterable[Any] = ()) -> int:
        with self._db() as con:
            return int(con.execute(sql, tuple(params)).lastrowid or 0)

    def _stored_path(self, path: Path | None) -> str | None:
        """Inside the data folder a path is kept relative to it (the folder may move)."""
        if path is None:
            return None
        path = Path(path)
        try:
            return path.resolve().relative_to(self.folder.resolve()).as_posix()
        except ValueError:
            return str(path.resolve())

    def _full_path(self, stored: str | None) -> Path | None:
        if stored is None:
            return None
        p = Path(stored)
        return p if p.is_absolute() else self.folder / p

    # --- adding ---------------------------------------------------------------------
    def add(self, *, game: str, played_at: str, source: str, players: list[dict[str, Any]],
            scores: list[float], winners: list[int], options: dict, seed: int | None, result: dict,
            length: int, path: Path | None, extra: dict | None = None, num_players: int | None = None) -> int:
        """The one insert (the public ``add_*`` build its fields). A path already
        indexed is not added twice: its entry's id is returned."""
        if source not in SOURCES:
            raise ValueError(f"unknown source {source!r}")
        count = len(players) if num_players is None else int(num_players)
        kinds = [str(p.get("kind", "human")) for p in players] if len(players) == count else ["human"] * count
        stored = self._stored_path(path)
        with self._db() as con:
            if stored is not None:
                known = con.execute("SELECT id FROM library WHERE path = ?", (stored,)).fetchone()
                if known is not None:
                    return int(known[0])
            return int(con.execute(
            "INSERT INTO library (game, played_at, source, num_players, players, scores, winners, outcome,"
            " options, seed, result, length, path, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game, played_at, source, count, _dump(players), _dump([_number(s) for s in scores]),
             _dump([int(w) for w in winners]), outcome_of(kinds, winners), _dump(options),
             seed, _dump(result), int(length), stored, _dump(extra or {}))).lastrowid or 0)

    def add_record(self, record: GameRecord, path: Path, *, extra: dict | None = None,
                   played_at: str | None = None) -> int:
        """Index a finished game's record kept at ``path``; ``extra``: what the game
        wants remembered beside it (e.g. a deck of the day). The record must hold a
        result (a finished game)."""
        if record.result is None:
            raise ValueError("only a finished game (a record with a result) goes into the library")
        result = dict(record.result)
        players = [_player(p) for p in record.players]
        if record.played_on_from is not None:
            extra = {**(extra or {}), "played_on_from": int(record.played_on_from)}
        return self.add(game=record.game, played_at=played_at or local_time(record.created) or now_text(),
                        source="record", players=players, scores=list(result.get("scores", [])),
                        winners=list(result.get("winners", [])), options=dict(record.options),
                        seed=record.seed, result=result, length=len(record.actions), path=path, extra=extra)

    def add_table(self, game: str, played_at: str, players: list[str], scores: list[float],
                  winners: list[int], options: dict, path: Path) -> int:
        """Index a paper game scored at the table with the app's companion (its
        file at ``path`` is the companion's JSON summary, not a move record)."""
        if len(scores) != len(players):
            raise ValueError("one score per player is needed")
        if any(not 0 <= int(w) < len(players) for w in winners):
            raise ValueError("a winner must be one of the players")
        seats = [{"name": str(n), "kind": "human"} for n in players]
        result = {"scores": [_number(s) for s in scores], "winners": [int(w) for w in winners]}
        return self.add(game=game, played_at=played_at, source="table", players=seats, scores=list(scores),
                        winners=list(winners), options=dict(options), seed=None, result=result, length=0,
                        path=path)

    # --- reading --------------------------------------------------------------------
    _COLUMNS = ("id, game, played_at, source, players, scores, winners, options, seed, result, length, path,"
                " extra, num_players, outcome")

    def games(self, *, game: str | None = None, players: int | None = None, outcome: str | None = None,
              since: str | None = None, until: str | None = None, source: str | None = None,
              seed: int | None = None, for_bests: bool = False) -> list[Entry]:
        """The entries, newest first, filtered by game id, number of players, result
        for the person (:data:`OUTCOMES`), date range (``since``/``until``,
        "YYYY-MM-DD", both days included), source and seed; ``for_bests``: only
        the games that count for personal bests (:attr:`Entry.counts_for_bests`)."""
        where, params = [], []
        for column, value in (("game", game), ("num_players", players), ("outcome", outcome),
                              ("source", source), ("seed", seed)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if since:
            where.append("substr(played_at, 1, 10) >= ?")
            params.append(since[:10])
        if until:
            where.append("substr(played_at, 1, 10) <= ?")
            params.append(until[:10])
        query = f"SELECT {self._COLUMNS} FROM library"
        if where:
            query += " WHERE " + " AND ".join(where)
        query += " ORDER BY played_at DESC, id DESC"
        with self._db() as con:
            rows = con.execute(query, params).fetchall()
        entries = [self._entry(r) for r in rows]
        return [e for e in entries if e.counts_for_bests] if for_bests else entries

    def get(self, entry_id: int) -> Entry:
        with self._db() as con:
            row = con.execute(f"SELECT {self._COLUMNS} FROM library WHERE id = ?", (int(entry_id),)).fetchone()
        if row is None:
            raise KeyError(entry_id)
        return self._entry(row)

    def count(self) -> int:
        with self._db() as con:
            return int(con.execute("SELECT COUNT(*) FROM library").fetchone()[0])

    def _entry(self, r: tuple) -> Entry:
        return Entry(id=int(r[0]), game=r[1], played_at=r[2], source=r[3], players=tuple(json.loads(r[4])),
                     scores=tuple(json.loads(r[5])), winners=tuple(json.loads(r[6])), options=json.loads(r[7]),
                     seed=r[8], result=json.loads(r[9]), length=int(r[10]), path=self._full_path(r[11]),
                     extra=json.loads(r[12]), num_players=int(r[13]), outcome=r[14])

    # --- changing -------------------------------------------------------------------
    def delete(self, entry_id: int) -> None:
        """Remove an entry, its analysis and its file (a file already gone is fine;
        a file that cannot be removed raises ``OSError`` and the entry stays)."""
        entry = self.get(entry_id)
        if entry.path is not None:
            try:
                entry.path.unlink()
            except FileNotFoundError:
                pass
        self._write("DELETE FROM library WHERE id = ?", (int(entry_id),))

    def update_extra(self, entry_id: int, **values: Any) -> None:
        """Merge ``values`` into an entry's ``extra`` (in one transaction)."""
        with self._db() as con:
            row = con.execute("SELECT extra FROM library WHERE id = ?", (int(entry_id),)).fetchone()
            if row is None:
                raise KeyError(entry_id)
            merged = {**json.loads(row[0]), **values}
            con.execute("UPDATE library SET extra = ? WHERE id = ?", (_dump(merged), int(entry_id)))

    def set_played_at(self, entry_id: int, played_at: str) -> None:
        self._write("UPDATE library SET played_at = ? WHERE id = ?", (played_at, int(entry_id)))

    # --- analysis (for the review) ----------------------------------------------------
    def analysis(self, record_id: int) -> Any | None:
        """The analysis stored for an entry (any JSON value), or None."""
        with self._db() as con:
            row = con.execute("SELECT data FROM library_analysis WHERE record_id = ?", (int(record_id),)).fetchone()
        return None if row is None else json.loads(row[0])

    def store_analysis(self, record_id: int, data: Any) -> None:
        """Keep (or replace) an entry's analysis; ``data`` must be JSON."""
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        self.get(record_id)  # KeyError for an entry that is not there
        self._write("INSERT INTO library_analysis (record_id, stored_at, data) VALUES (?, ?, ?)"
                    " ON CONFLICT(record_id) DO UPDATE SET stored_at = excluded.stored_at, data = excluded.data",
                    (int(record_id), now_text(), text))

    # --- one-time jobs ----------------------------------------------------------------
    def done(self, key: str) -> bool:
        with self._db() as con:
            return con.execute("SELECT 1 FROM library_meta WHERE key = ?", (key,)).fetchone() is not None

    def mark_done(self, *keys: str) -> None:
        """Mark one-time jobs done (several in one transaction: one commit)."""
        with self._db() as con:
            con.executemany("INSERT OR REPLACE INTO library_meta (key, value) VALUES (?, ?)",
                            [(key, now_text()) for key in keys])

    def index_folder(self, folder: Path | None = None) -> tuple[int, list[tuple[Path, str]]]:
        """Index the finished records already on disk: ``games/`` of the data folder
        and the ``*.json`` records beside it (autosaves and bests files are not
        records). Each is read and replayed by the strict reader; returns how many
        were added and the files left out with why (unfinished, damaged, foreign)."""
        from reclaimdesk.core.errors import ReclaimDeskError
        from reclaimdesk.core.files import one_line
        from reclaimdesk.core.record import load_record

        base = Path(folder) if folder is not None else self.folder
        candidates = sorted((base / RECORDS_FOLDER).glob("*.json")) if (base / RECORDS_FOLDER).is_dir() else []
        candidates += sorted(p for p in base.glob("*.json") if not p.name.startswith(SKIPPED_NAMES))
        added, skipped = 0, []
        known = {e.path.resolve() for e in self.games() if e.path is not None}
        for path in candidates:
            if path.resolve() in known or not path.is_file():
                continue
            try:
                record = load_record(path)
                state = record.replay()
                if not state.is_terminal():
                    skipped.append((path, "unfinished"))
                    continue
                if record.result is None:
                    record.result = json.loads(json.dumps(state.result()))
                when = local_time(record.created) or _mtime(path)
                self.add_record(record, path, played_at=when)
                added += 1
            except (ReclaimDeskError, ValueError, OSError, RecursionError) as exc:
                skipped.append((path, one_line(str(exc) or type(exc).__name__, 200)))
        return added, skipped


def _mtime(path: Path) -> str:
    from datetime import datetime

    return datetime.fromtimestamp(path.stat().st_mtime).replace(microsecond=0).isoformat(sep=" ")


def _player(p: dict[str, Any]) -> dict[str, Any]:
    out = {"name": str(p.get("name", "")), "kind": str(p.get("kind", "human"))}
    if out["kind"] == "ai":
        out["level"] = str(p.get("level", ""))
    return out


def _number(value: Any) -> float | int:
    number = float(value)
    return int(number) if number.is_integer() else number


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


# --- what the charts show (Qt-free, so tests read the figures) --------------------------------
def person_score(entry: Entry) -> float | None:
    """The score the person made in a game: the best of the people's seats (one
    seat in a solo game); None when no person played or nothing was scored."""
    scores = [entry.scores[s] for s in entry.human_seats() if s < len(entry.scores)]
    return max(scores) if scores else None


def score_series(entries: Iterable[Entry], option: str | None = None, value: Any = None) -> list[tuple[str, float]]:
    """``(played_at, score)`` of the person in each game played in the app (or kept
    as a best), oldest first; with ``option``, only games where it is ``value``
    (a game's map). Paper games scored at the table are left out: the app cannot
    tell which of the people there is you."""
    out = []
    for e in entries:
        if (e.source == "table" or not e.counts_for_bests
                or (option is not None and e.options.get(option) != value)):
            continue
        score = person_score(e)
        if score is not None:
            out.append((e.played_at, score))
    out.sort()
    return out


def results_by_level(entries: Iterable[Entry]) -> dict[str, dict[str, int]]:
    """For each AI level met: how many games the person ``won``, ``drawn`` and
    ``lost`` against it (a game against two levels counts for both), levels in the
    order of :data:`reclaimdesk.core.game.LEVELS`.

    >>> e = Entry(1, "g", "2026-01-01 10:00:00", "record", ({"kind": "human"}, {"kind": "ai", "level": "hard"}),
    ...           (3, 5), (1,), {}, 1, {}, 9, None, {}, 2, "lost")
    >>> results_by_level([e, e])
    {'hard': {'won': 0, 'drawn': 0, 'lost': 2}}
    """
    from reclaimdesk.core.game import LEVELS

    counts: dict[str, dict[str, int]] = {}
    for e in entries:
        if e.outcome not in ("won", "drawn", "lost"):
            continue
        for level in e.ai_levels():
            counts.setdefault(level, {"won": 0, "drawn": 0, "lost": 0})[e.outcome] += 1
    order = {lv: i for i, lv in enumerate(LEVELS)}
    return dict(sorted(counts.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))
