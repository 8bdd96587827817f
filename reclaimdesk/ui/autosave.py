"""The autosave: after every action the game's record is written atomically to the
data folder, so a crash or a kill loses nothing. At start the app looks for an
unfinished autosave and offers to resume it exactly where it stopped.

Light to import (the start page asks whether an autosave exists before the window
shows): the records and the rules are loaded only when there is one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from datetime import datetime

    from reclaimdesk.core.record import GameRecord


class Unfinished(NamedTuple):
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

    def write(self, record: GameRecord) -> None:
        from reclaimdesk.core.record import save_record

        self.folder.mkdir(parents=True, exist_ok=True)
        save_record(record, self.path)

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
            if record.result is not None or not record.actions:
                return None  # finished or not begun: nothing to resume, nothing lost
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

    def _move_aside(self) -> None:
        """Rename the damaged autosave to ``autosave-<game>.damaged-<time>.json``: the
        app no longer offers it, the next game does not overwrite it, and the player
        (or a bug report) still has it."""
        from datetime import datetime

        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.folder / f"autosave-{self.game_id}.damaged-{stamp}.json"
        n = 2
        while target.exists():
            target = self.folder / f"autosave-{self.game_id}.damaged-{stamp}-{n}.json"
            n += 1
        try:
            self.path.replace(target)
        except OSError:
            return
        self.set_aside = target

    def archive(self, record: GameRecord) -> Path:
        """Keep a finished game in ``games/`` beside the autosave; returns its path."""
        from datetime import datetime

        from reclaimdesk.core.record import save_record

        folder = self.folder / "games"
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"{self.game_id}-{stamp}-seed{record.seed}.json"
        n = 2
        while path.exists():
            path = folder / f"{self.game_id}-{stamp}-seed{record.seed}-{n}.json"
            n += 1
        save_record(record, path)
        return path
