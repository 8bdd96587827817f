"""Personal bests at Alluvium, kept per number of players: the ten best scores of
people (not computer seats) with the date and seed, in ``bests-alluvium.json`` in
the data folder (not named like a record, so file managers do not offer to open
it as a game), written atomically. A damaged file is set aside, never fatal."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from reclaimdesk.core.i18n import N_, _, pgettext
from reclaimdesk.ui.plugin import BestsTable

if TYPE_CHECKING:
    from datetime import date

KEEP = 10


def _today() -> date:
    from datetime import date  # (imported when a score is kept: the start page does not need it)

    return date.today()


class Bests:
    def __init__(self, folder: str | Path) -> None:
        self.path = Path(folder) / "bests-alluvium.json"

    def _read(self) -> dict[str, list[dict[str, Any]]]:
        import json

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
               "date": (when or _today()).isoformat()}
        rows.append(row)
        rows.sort(key=lambda r: -r["score"])
        del rows[KEEP:]
        if row not in rows:
            return None
        import json

        from reclaimdesk.core.record import write_atomic  # (not at start-up: the start page reads only)

        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, json.dumps(data, ensure_ascii=False, indent=1))
        return rows.index(row) + 1


HEADERS = ("#", N_("Score"), N_("Name"), N_("Seed"), N_("Played"))
"""The columns after the first, the player count (its own message: Japanese heads a
column of counts 人数, not プレイヤー)."""


def bests_table(folder: str | Path, limit: int) -> BestsTable | None:
    """The lists of every player count that has one, fewest players first, each cut
    to share ``limit`` rows between them (at least its best); None with no list."""
    bests = Bests(folder)
    if not bests.path.exists():
        return None  # (without importing json: the start page asks right after it shows)
    data = bests._read()
    counts = [n for n in ("3", "4", "5") if data.get(n)]
    if not counts:
        return None
    each = max(1, limit // len(counts))
    rows = []
    for n in counts:
        for rank, row in enumerate(data[n][:each], start=1):
            rows.append((n, str(rank), str(row["score"]), row["name"], str(row.get("seed", "")),
                         str(row.get("date", ""))))
    headers = (pgettext("a column of player counts", "Players"), *(_(h) for h in HEADERS))
    return BestsTable(title=_("Personal bests by number of players"), headers=headers,
                      rows=tuple(rows), centred=(0, 1, 2))
