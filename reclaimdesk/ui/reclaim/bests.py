"""Reclaim's personal bests (solo score attack) as the table the start page, the end
screen and the personal-bests dialog show, read from the library of played games
(:mod:`reclaimdesk.core.library`): every solo game played in the app, with the
rows earlier versions kept in the ``scores`` table moved in once
(:func:`migrate`). Qt-free: the start page asks for it right after the window shows."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reclaimdesk.core.i18n import N_, _, date_text
from reclaimdesk.ui.plugin import BestsTable

GAME_ID = "reclaim"

HEADERS = ("#", N_("Score"), N_("Tier"), N_("Map"), N_("Seed"), N_("Played"))


def bests_table(rows: Sequence[Any], highlight_id: int | None = None, note: str = "") -> BestsTable:
    """``rows``: :class:`~reclaimdesk.ui.scores.ScoreRow`s, best first; the one whose
    id is ``highlight_id`` (a game just finished) is drawn in bold."""
    cells = []
    highlight = None
    for i, row in enumerate(rows):
        tier = f"{row.tier}" if row.tier else "-"
        seed = _("{seed} (day)").format(seed=row.seed) if row.daily else str(row.seed)
        cells.append((str(i + 1), str(row.score), tier, _(row.map.title()), seed, row.played_at[:16]))
        if highlight_id is not None and row.id == highlight_id:
            highlight = i
    return BestsTable(
        title=_("Personal bests, solo score attack"), headers=tuple(_(h) for h in HEADERS), rows=tuple(cells),
        centred=(0, 1, 2), note=note, highlight=highlight,
        empty=_("No solo game finished yet. Your best scores will be listed here."))


def start_page_bests(folder: Path, limit: int) -> BestsTable:
    """The best ``limit`` solo results, with today's deck of the day beside the title."""
    import time  # (not datetime: a module more to load at start)

    from reclaimdesk.core.rng import seed_from_text

    today = time.strftime("%Y-%m-%d")  # the local date, as date.today().isoformat()
    note = _("Deck of the day for {date}: seed {seed}").format(date=date_text(today), seed=seed_from_text(today))
    path = folder / "scores.sqlite3"  # (core.library.DB_NAME, a test checks: SQLite is not loaded without it)
    if not path.exists():
        return bests_table([], note=note)  # no solo game finished yet: nothing to open, nothing to create
    from reclaimdesk.ui.played import open_library

    return bests_table(solo_bests(open_library(folder), limit), note=note)


def solo_bests(library: Any, limit: int = 10, map_id: str | None = None) -> list[Any]:
    """The best solo results in ``library`` as :class:`~reclaimdesk.ui.scores.ScoreRow`s
    (the row id is the library entry's), best first, the earlier first on a tie."""
    from reclaimdesk.ui.scores import ScoreRow

    rows = []
    for e in library.games(game=GAME_ID, players=1, for_bests=True):
        if e.source not in ("record", "imported") or not e.scores:
            continue
        if map_id and e.options.get("map") != map_id:
            continue
        rows.append(ScoreRow(e.id, e.played_at, str(e.options.get("map", "")), int(e.seed or 0),
                             int(e.scores[0]), e.result.get("tier"), bool(e.extra.get("daily"))))
    rows.sort(key=lambda r: (-r.score, r.played_at, r.id))
    return rows[:limit]


def migrate(folder: Path, library: Any) -> int:
    """Move the rows of the ``scores`` table (earlier versions' solo bests) into the
    library: a row whose game was indexed from its record (same map, seed, score
    and day) marks that entry (deck of the day, the time the best was kept);
    another becomes an entry of its own. The table itself stays as it was. Safe to
    run again: a row already moved is skipped. Returns the rows moved."""
    import sqlite3

    from reclaimdesk.ui.scores import PersonalBests

    path = folder / "scores.sqlite3"
    if not path.exists():
        return 0
    try:
        old = PersonalBests(path).best(limit=1_000_000_000)
    except sqlite3.DatabaseError as exc:
        raise OSError(str(exc)) from exc
    entries = library.games(game=GAME_ID, players=1)
    moved = {e.extra.get("bests_row") for e in entries}
    count = 0
    for row in sorted(old, key=lambda r: r.id):
        if row.id in moved:
            continue
        match = next((e for e in entries if e.source == "record" and "bests_row" not in e.extra
                      and e.seed == row.seed and e.options.get("map") == row.map and e.scores
                      and int(e.scores[0]) == row.score and e.day == row.day), None)
        if match is not None:
            library.update_extra(match.id, daily=row.daily, bests_row=row.id)
            library.set_played_at(match.id, row.played_at)
            entries = [e for e in entries if e.id != match.id]
        else:
            result = {"scores": [row.score], "winners": [0], "tier": row.tier}
            library.add(game=GAME_ID, played_at=row.played_at, source="imported",
                        players=[{"name": "", "kind": "human"}], scores=[row.score], winners=[0],
                        options={"map": row.map}, seed=row.seed, result=result, length=0, path=None,
                        extra={"daily": row.daily, "bests_row": row.id})
        count += 1
    return count
