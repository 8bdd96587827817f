"""The autosave: after every action the game's record is written atomically to the
data folder, so a crash or a kill loses nothing. At start the app looks for an
unfinished autosave and offers to resume it exactly where it stopped.

A write that fails (a read-only or full disk, a folder taken away) never raises:
the :class:`Autosave` keeps the game's latest record in memory (``pending``),
remembers why (``failure``, a ``WriteProblem``), tells its listeners, and writes
again at the next move, at :meth:`Autosave.retry` or to a file the player picks
(:meth:`Autosave.save_elsewhere`); what is already on disk is left as it was. The
main window listens (:func:`watch`) and keeps a warning in view until a save
succeeds again.

Light to import (the start page asks whether an autosave exists before the window
shows): the records and the rules are loaded only when there is one."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reclaimdesk.core.fields import Fields

if TYPE_CHECKING:
    from datetime import datetime

    from reclaimdesk.core.files import WriteProblem
    from reclaimdesk.core.record import GameRecord

Listener = Callable[["Autosave"], None]
_listeners: list[Any] = []


GAMES_FOLDER = "games"
"""Where finished games are kept, in the data folder (File > Open starts there)."""


def games_folder(data_folder: str | Path | None = None) -> Path:
    """The folder of finished games in ``data_folder`` (default: the app's)."""
    if data_folder is None:
        from reclaimdesk.ui.common import data_dir

        data_folder = data_dir()
    return Path(data_folder) / GAMES_FOLDER


def watch(listener: Listener) -> None:
    """Call ``listener(autosave)`` after every write of any autosave, failed
    (``autosave.failure`` says why) or not (a bound method is held weakly: a closed
    window stops listening by itself)."""
    _listeners.append(weakref.WeakMethod(listener) if hasattr(listener, "__self__") else listener)


def unwatch(listener: Listener) -> None:
    for held in list(_listeners):
        if (held() if isinstance(held, weakref.WeakMethod) else held) == listener:
            _listeners.remove(held)


def _notify(autosave: "Autosave") -> None:
    for held in list(_listeners):
        listener = held() if isinstance(held, weakref.WeakMethod) else held
        if listener is None:
            _listeners.remove(held)
            continue
        listener(autosave)


class Unfinished(Fields):
    record: GameRecord
    path: Path
    saved_at: datetime


class Autosave:
    """The autosave file of one game (``autosave-<game>.json`` in ``folder``)."""

    def __init__(self, folder: str | Path, game_id: str) -> None:
        self.folder = Path(folder)
        self.game_id = game_id
        self.path = self.folder / f"autosave-{game_id}.json"
        self.set_aside: Path | None = None
        """Where :meth:`unfinished` moved an autosave it could not read (so that the
        next game does not overwrite it), with ``problem`` saying why."""
        self.problem = ""
        self.failure: WriteProblem | None = None
        """Why the last write failed (None when it succeeded)."""
        self.pending: GameRecord | None = None
        """The latest record not yet on disk (kept while writes fail)."""
        self.moved_to: Path | None = None
        """The file the player chose with :meth:`save_elsewhere`, where later writes go."""
        self.finished: GameRecord | None = None
        """The finished game :meth:`unfinished` found in the autosave (whether it is
        filed in ``games/`` too: :meth:`unfiled`)."""

    @property
    def failed(self) -> bool:
        return self.failure is not None

    def write(self, record: GameRecord) -> bool:
        """Save ``record`` (atomically, through the one writer); True when it is on
        disk. A failure is kept (``failure``, ``pending``) and told to the
        listeners, never raised: the game goes on in memory."""
        from reclaimdesk.core.files import WriteProblem, why_not_written
        from reclaimdesk.core.record import save_record

        self.pending = record
        try:
            if self.moved_to is None:
                try:
                    self.folder.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise WriteProblem(self.folder, why_not_written(exc), exc.errno) from None
            save_record(record, self.path)
        except OSError as exc:
            self.failure = exc if isinstance(exc, WriteProblem) else WriteProblem(
                self.path, why_not_written(exc), exc.errno)
            _notify(self)
            return False
        self.pending = None
        self.failure = None
        _notify(self)  # every write: the one that succeeds after failures clears the warning
        return True

    def retry(self) -> bool:
        """Write the kept record again; True when nothing is left unsaved."""
        return True if self.pending is None else self.write(self.pending)

    def save_elsewhere(self, path: str | Path) -> bool:
        """Write the kept record to ``path`` (the player's choice) and autosave
        there from now on; True when it worked (a failure is kept as by
        :meth:`write`, and the autosave goes on trying ``path``)."""
        if self.pending is None:
            return True
        self.path = Path(path)
        self.moved_to = self.path
        return self.write(self.pending)

    def discard(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass

    def unfinished(self) -> Unfinished | None:
        """The autosaved game if it exists, reads and replays cleanly and is not over."""
        if not self.path.exists():
            return None
        from datetime import datetime

        from reclaimdesk.core.errors import ReclaimDeskError
        from reclaimdesk.core.record import load_record

        try:
            record = load_record(self.path)
            if record.game != self.game_id:
                raise ValueError(f"it is a record of '{record.game}'")
            if record.result is not None:
                self.finished = record
                return None  # finished: nothing to resume (filed, else see unfiled())
            if not record.actions:
                return None  # not begun: nothing to resume, nothing lost
            state = record.replay()
        except OSError as exc:  # unreadable now (permissions, a disk away): left where it is
            self.problem = str(exc)
            return None
        except (ReclaimDeskError, ValueError, RecursionError) as exc:
            self.problem = str(exc) or type(exc).__name__
            self._move_aside()
            return None
        if state.is_terminal():
            return None
        saved_at = datetime.fromtimestamp(self.path.stat().st_mtime)
        return Unfinished(record, self.path, saved_at)

    def unfiled(self) -> GameRecord | None:
        """The autosave's finished game when the library of played games was not
        written since the autosave: the app stopped between the game's last move
        and its filing (which follows the move's redraw), or the filing failed.
        (A game filed, then deleted from the games played, leaves the library
        newer: it is not brought back.) None when it is filed, unfinished or
        unreadable. Uses the record :meth:`unfinished` read, if it did."""
        from reclaimdesk.core.library import DB_NAME

        try:
            saved = self.path.stat().st_mtime_ns
        except OSError:
            return None
        try:
            if (self.folder / DB_NAME).stat().st_mtime_ns >= saved:
                return None
        except FileNotFoundError:
            pass  # no library yet: this game was never filed
        record = self.finished
        if record is None:
            from reclaimdesk.core.errors import ReclaimDeskError
            from reclaimdesk.core.record import load_record

            try:
                record = load_record(self.path)
            except (OSError, ReclaimDeskError, ValueError, RecursionError):
                return None
        if record.result is None or record.game != self.game_id:
            return None
        return record

    def filed_copy(self, record: GameRecord) -> Path | None:
        """The copy of ``record`` in ``games/`` (:meth:`archive` wrote it), if there is one."""
        from reclaimdesk.core.errors import ReclaimDeskError
        from reclaimdesk.core.record import load_record

        folder = games_folder(self.folder)
        want = record.to_dict()
        for path in sorted(folder.glob(f"{self.game_id}-*-seed{record.seed}*.json")) if folder.is_dir() else []:
            try:
                if load_record(path).to_dict() == want:
                    return path
            except (OSError, ReclaimDeskError, ValueError, RecursionError):
                continue
        return None

    def _move_aside(self) -> None:
        """Rename the damaged autosave to ``autosave-<game>.damaged-<time>.json``: the
        app no longer offers it, the next game does not overwrite it, and the player
        (or a bug report) still has it."""
        from reclaimdesk.core.files import stamped_name

        target = stamped_name(self.folder, f"autosave-{self.game_id}.damaged")
        try:
            self.path.replace(target)
        except OSError:
            return
        self.set_aside = target

    def archive(self, record: GameRecord) -> Path:
        """Keep a finished game in ``games/`` beside the autosave; returns its path."""
        from reclaimdesk.core.files import stamped_name
        from reclaimdesk.core.record import save_record

        folder = games_folder(self.folder)
        folder.mkdir(parents=True, exist_ok=True)
        path = stamped_name(folder, self.game_id, f"-seed{record.seed}")
        save_record(record, path)
        return path
