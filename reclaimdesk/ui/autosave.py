"""The autosave: after every action the game's record is written atomically to the
data folder, so a crash or a kill loses nothing. At start the app looks for an
unfinished autosave and offers to resume it exactly where it stopped."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from reclaimdesk.core.errors import ReclaimDeskError
from reclaimdesk.core.record import GameRecord, load_record, save_record


@dataclass(frozen=True)
class Unfinished:
    record: GameRecord
    path: Path
    saved_at: datetime


class Autosave:
    """The autosave file of one game (``autosave-<game>.json`` in ``folder``)."""

    def __init__(self, folder: str | Path, game_id: str = "reclaim") -> None:
        self.folder = Path(folder)
        self.game_id = game_id
        self.path = self.folder / f"autosave-{game_id}.json"

    def write(self, record: GameRecord) -> None:
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
        try:
            record = load_record(self.path)
            if record.game != self.game_id or record.result is not None or not record.actions:
                return None
            state = record.replay()
        except (ReclaimDeskError, ValueError, OSError):
            return None
        if state.is_terminal():
            return None
        saved_at = datetime.fromtimestamp(self.path.stat().st_mtime)
        return Unfinished(record, self.path, saved_at)

    def archive(self, record: GameRecord) -> Path:
        """Keep a finished game in ``games/`` beside the autosave; returns its path."""
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
