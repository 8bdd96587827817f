"""Personal bests at Alluvium, kept per number of players: the ten best scores of
people (not computer seats) with the date and seed, in ``bests-alluvium.json`` in
the data folder (not named like a record, so file managers do not offer to open
it as a game), written atomically. A damaged file is set aside, never fatal."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from reclaimdesk.core.record import write_atomic

KEEP = 10


class Bests:
    def __init__(self, folder: str | Path) -> None:
        self.path = Path(folder) / "bests-alluvium.json"

    def _read(self) -> dict[str, list[dict[str, Any]]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, RecursionError):
            try:
                self.path.replace(self.path.with_suffix(".damaged.json"))
            except OSError:
                pass
            return {}
        if not isinstance(data, dict):
            return {}
        out: dict[str, list[dict[str, Any]]] = {}
        for key, rows in data.items():
            if key in ("3", "4", "5") and isinstance(rows, list):
                out[key] = [r for r in rows if isinstance(r, dict) and isinstance(r.get("score"), int)
                            and isinstance(r.get("name"), str)]
        return out

    def best(self, players: int) -> list[dict[str, Any]]:
        return self._read().get(str(players), [])

    def add(self, players: int, name: str, score: int, seed: int, when: date | None = None) -> int | None:
        """Keep a score; returns its rank (1 = best) or None when it did not make the list."""
        data = self._read()
        rows = data.setdefault(str(players), [])
        row = {"name": name[:24], "score": int(score), "seed": int(seed),
               "date": (when or date.today()).isoformat()}
        rows.append(row)
        rows.sort(key=lambda r: -r["score"])
        del rows[KEEP:]
        if row not in rows:
            return None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, json.dumps(data, ensure_ascii=False, indent=1))
        return rows.index(row) + 1
