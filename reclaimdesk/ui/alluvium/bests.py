"""Personal bests at Alluvium, kept per number of players: the ten best scores of
people (not computer seats) with the date and seed, in ``bests-alluvium.json`` in
the data folder (not named like a record, so file managers do not offer to open
it as a game), written atomically. A damaged file is set aside, never fatal."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from reclaimdesk.core.i18n import N_, _, pgettext
from reclaimdesk.ui.plugin import BestsTable
from reclaimdesk.ui.text import shown_name

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
GAME_ID = "alluvium"
BACKUP_SUFFIX = ".before-library"
"""The old bests file, once moved into the library, is kept as
``bests-alluvium.json.before-library``."""


def best_rows(library: Any, players: int) -> list[dict[str, Any]]:
    """The scores of people (not computer seats) in every Alluvium game with
    ``players`` players the library holds, best first: dicts with ``name``,
    ``score``, ``seed``, ``date``, the ``entry`` id and the ``seat``. On a tie the
    rows the old bests file held come first in its order, then the earlier game."""
    rows = []
    for e in library.games(game=GAME_ID, players=players, for_bests=True):
        if e.source not in ("record", "imported"):
            continue
        order = e.extra.get("bests_order")
        for seat in e.human_seats():
            if seat >= len(e.scores):
                continue
            rows.append({"name": str(e.players[seat].get("name", ""))[:24], "score": int(e.scores[seat]),
                         "seed": e.seed if e.seed is not None else "", "date": e.day, "entry": e.id, "seat": seat,
                         "_key": (0 if order is not None else 1, order or 0, e.played_at, e.id, seat)})
    rows.sort(key=lambda r: (-r["score"], r["_key"]))
    for r in rows:
        del r["_key"]
    return rows


def bests_table(folder: str | Path, limit: int) -> BestsTable | None:
    """The lists of every player count that has one, fewest players first, each cut
    to share ``limit`` rows between them (at least its best); None with no list."""
    folder = Path(folder)
    if not (folder / "scores.sqlite3").exists() and not Bests(folder).path.exists():
        return None  # nothing kept yet (without loading SQLite: the start page asks right after it shows)
    from reclaimdesk.ui.played import open_library

    library = open_library(folder)
    data = {n: best_rows(library, int(n)) for n in ("3", "4", "5")}
    counts = [n for n in ("3", "4", "5") if data.get(n)]
    if not counts:
        return None
    each = max(1, limit // len(counts))
    rows = []
    for n in counts:
        for rank, row in enumerate(data[n][:each], start=1):
            rows.append((n, str(rank), str(row["score"]), shown_name(row["name"]), str(row.get("seed", "")),
                         str(row.get("date", ""))))
    headers = (pgettext("a column of player counts", "Players"), *(_(h) for h in HEADERS))
    return BestsTable(title=_("Personal bests by number of players"), headers=headers,
                      rows=tuple(rows), centred=(0, 1, 2))


def migrate(folder: Path, library: Any) -> int:
    """Move every row of ``bests-alluvium.json`` into the library, then keep the file
    renamed (:data:`BACKUP_SUFFIX`). A row whose game was indexed from its record
    (same players, seed, day, and a person of that name with that score) marks that
    entry; another becomes an entry of its own. Safe to run again (a row already
    moved is skipped). Returns the rows moved."""
    bests = Bests(folder)
    if not bests.path.exists():
        return 0
    data = bests._read()
    if not bests.path.exists():  # set aside as damaged by the reading: nothing to move
        return 0
    count = 0
    for n in ("3", "4", "5"):
        entries = library.games(game=GAME_ID, players=int(n))
        moved = {e.extra.get("bests_key") for e in entries}
        for order, row in enumerate(data.get(n, [])):
            key = f"{n}:{order}"
            if key in moved:
                continue
            match = next((e for e in entries if e.source == "record" and "bests_key" not in e.extra
                          and e.seed == row.get("seed") and e.day == row.get("date")
                          and any(str(e.players[s].get("name", ""))[:24] == row["name"]
                                  and int(e.scores[s]) == row["score"] for s in e.human_seats()
                                  if s < len(e.scores))), None)
            if match is not None:
                library.update_extra(match.id, bests_key=key, bests_order=order)
                entries = [e for e in entries if e.id != match.id]
            else:
                seed = row.get("seed")
                day = str(row.get("date", ""))
                library.add(game=GAME_ID, played_at=day + " 00:00:00" if day else "", source="imported",
                            players=[{"name": row["name"], "kind": "human"}], scores=[row["score"]],
                            winners=[], options={}, seed=seed if isinstance(seed, int) else None,
                            result={"scores": [row["score"]]}, length=0, path=None, num_players=int(n),
                            extra={"bests_key": key, "bests_order": order})
            count += 1
    bests.path.replace(bests.path.with_name(bests.path.name + BACKUP_SUFFIX))
    return count
