"""Reclaim's personal bests (solo score attack, kept by :mod:`reclaimdesk.ui.scores`)
as the table the start page, the end screen and the personal-bests dialog show.
Qt-free: the start page asks for it right after the window shows."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reclaimdesk.core.i18n import N_, _, date_text
from reclaimdesk.ui.plugin import BestsTable

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
    path = folder / "scores.sqlite3"  # (ui.scores.DB_NAME, a test checks: SQLite is not loaded without it)
    if not path.exists():
        return bests_table([], note=note)  # no solo game finished yet: nothing to open, nothing to create
    from reclaimdesk.ui.scores import PersonalBests

    return bests_table(PersonalBests(path).best(limit), note=note)
