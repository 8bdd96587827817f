"""The app's way into the library of played games (:mod:`reclaimdesk.core.library`):
open it in the data folder and, the first time, bring in what earlier versions
left there: the finished records on disk, and each game's own bests (a table's
``migrate_to_library(folder, library)`` hook, run once per game).

Qt-free: the start page's bests hooks call :func:`open_library` right after the
window shows. No game is named here: the games come from the registry."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reclaimdesk.core.library import Library
    from reclaimdesk.core.record import GameRecord
    from reclaimdesk.ui.autosave import Autosave

INDEXED = "records-indexed"
MIGRATED = "bests-migrated:{game}"
_ready: set[Path] = set()


def legacy_data(folder: Path) -> bool:
    """Whether ``folder`` holds anything the library keeps or takes in (its
    database, filed records, a bests file): without any, nothing needs opening."""
    # core.library's DB_NAME and RECORDS_FOLDER, written out (a test checks they
    # agree): importing it for two names loaded json, sqlite3, dataclasses and
    # datetime into every start, which is what this check is there to avoid
    return ((folder / "scores.sqlite3").exists() or (folder / "games").is_dir()
            or any(folder.glob("bests-*.json")))


def open_library(folder: Path) -> Library:
    """The library of ``folder``, with the one-time jobs done (see the module)."""
    from reclaimdesk.core.library import DB_NAME, Library

    folder = Path(folder)
    # no database and no bests file yet: no earlier version's bests to bring in
    new = not (folder / DB_NAME).exists() and not any(folder.glob("bests-*.json"))
    library = Library(folder)
    key = folder.resolve()
    if key not in _ready or not library.done(INDEXED):
        prepare(library, nothing_to_migrate=new)
        _ready.add(key)
    return library


def prepare(library: Library, nothing_to_migrate: bool = False) -> list[str]:
    """Run what is not done yet: index the records on disk, then each game's
    migration of its bests (after the records, so a best can find its game).
    Returns the problems met (a game's migration that failed is tried again at
    the next start; nothing is marked done that was not). ``nothing_to_migrate``:
    the database was just made in a folder without bests files, so the games'
    migrations are marked done without running, in the index's one commit (the
    first setup of a new folder was a commit and an fsync per job, and Reclaim's
    migration made its old table in the new database to find it empty)."""
    from reclaimdesk.ui.plugin import tables

    problems = []
    if nothing_to_migrate:
        keys = [MIGRATED.format(game=game_id) for game_id, table in sorted(tables().items())
                if getattr(table, "migrate_to_library", None) is not None]
        if not library.done(INDEXED):
            _added, skipped = library.index_folder()
            problems += [f"{path.name}: {why}" for path, why in skipped if why != "unfinished"]
            keys.append(INDEXED)
        library.mark_done(*keys)
        return problems
    if not library.done(INDEXED):
        _added, skipped = library.index_folder()
        problems += [f"{path.name}: {why}" for path, why in skipped if why != "unfinished"]
        library.mark_done(INDEXED)
    for game_id, table in sorted(tables().items()):
        key = MIGRATED.format(game=game_id)
        migrate = getattr(table, "migrate_to_library", None)
        if migrate is None or library.done(key):
            continue
        try:
            migrate(library.folder, library)
        except (OSError, ValueError) as exc:
            problems.append(f"{game_id}: {exc}")
            continue
        library.mark_done(key)
    return problems


def file_finished(folder: Path, record: GameRecord, path: Path, extra: dict[str, Any] | None = None) -> int:
    """Index a finished game just filed at ``path``; returns its entry's id."""
    return open_library(folder).add_record(record, path, extra=extra)


def file_unfiled(autosave: Autosave) -> int | None:
    """File the finished game ``autosave`` holds when the library was not written
    since (the app stopped between its last move and its filing,
    :meth:`Autosave.unfiled`): kept in ``games/`` (unless a copy is there already)
    and added to the library. Returns its entry's id, or None when there was
    nothing to file. A game's own extras (a deck of the day) are not known here
    and are not kept."""
    record = autosave.unfiled()
    if record is None:
        return None
    path = autosave.filed_copy(record) or autosave.archive(record)
    return file_finished(autosave.folder, record, path)
