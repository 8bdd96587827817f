"""The personal-best table, on the start page, the end screen and in the scores
dialog. Its own small module: the start page fills it right after the window shows.

It is a rich-text label, not a ``QTableWidget``: the rows are few, read-only and
never sorted or selected, and making Qt's item-view classes available costs the
start page about 20 ms, a third of its whole budget over a bare window."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reclaimdesk.core.i18n import N_, _
from reclaimdesk.ui.style import BORDER, MUTED, SURFACE

from PySide6.QtWidgets import QLabel, QWidget

ALTERNATE = "#f3efe6"


def escape(text: str) -> str:
    """Text for rich text (the ``html`` module's import would cost a few ms more)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ScoreTable(QLabel):
    """Personal-best rows: place, score, tier, map, seed, date. ``cells`` holds the
    texts shown (one tuple per row), ``highlighted`` the row drawn in bold."""

    HEADERS = ("#", N_("Score"), N_("Tier"), N_("Map"), N_("Seed"), N_("Played"))
    CENTRED = (0, 1, 2)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # (no Qt.* flags here: the first use of the Qt namespace makes its ~100
        # Python enums, 15 ms the start page does not otherwise spend; a label
        # whose text starts with a tag is rich text, and a layout gives it its height)
        self.setObjectName("scoreTable")
        self.cells: list[tuple[str, ...]] = []
        self.highlighted: int | None = None

    def rowCount(self) -> int:  # noqa: N802 - read like the Qt table it replaced
        return len(self.cells)

    def set_rows(self, rows: Sequence[Any], highlight_id: int | None = None) -> None:
        self.cells = []
        self.highlighted = None
        for i, row in enumerate(rows):
            tier = f"{row.tier}" if row.tier else "-"
            # the map's name is Reclaim's own word (its catalogue translates it)
            seed = _("{seed} (day)").format(seed=row.seed) if row.daily else str(row.seed)
            self.cells.append((str(i + 1), str(row.score), tier, _(row.map.title()), seed, row.played_at[:16]))
            if highlight_id is not None and row.id == highlight_id:
                self.highlighted = i
        self.setText(self._html())
        self.setAccessibleDescription("; ".join(", ".join(r) for r in self.cells))

    def _html(self) -> str:
        cell = f"padding:3px 10px; border-bottom:1px solid {BORDER};"
        head = "".join(
            f'<th style="{cell} text-align:{"center" if c in self.CENTRED else "left"};">{escape(_(h))}</th>'
            for c, h in enumerate(self.HEADERS))
        body = []
        if not self.cells:
            body.append(f'<tr><td colspan="{len(self.HEADERS)}" style="{cell} color:{MUTED};">'
                        f'{escape(_("No solo game finished yet. Your best scores will be listed here."))}</td></tr>')
        for i, values in enumerate(self.cells):
            shade = ALTERNATE if i % 2 else SURFACE
            weight = "font-weight:bold;" if i == self.highlighted else ""
            tds = "".join(
                f'<td style="{cell} {weight} text-align:{"center" if c in self.CENTRED else "left"};">'
                f"{escape(v)}</td>" for c, v in enumerate(values))
            body.append(f'<tr style="background:{shade};">{tds}</tr>')
        return (f'<table width="100%" cellspacing="0" style="background:{SURFACE};">'
                f"<tr>{head}</tr>{''.join(body)}</table>")
