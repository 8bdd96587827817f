"""A table of personal bests (a :class:`~reclaimdesk.ui.plugin.BestsTable`), on the
start page, the end screen and in the personal-bests dialog. Its own small module:
the start page fills it right after the window shows.

It is a rich-text label, not a ``QTableWidget``: the rows are few, read-only and
never sorted or selected, and Qt's item views (with the ``Qt.*`` flags they need,
whose first use makes PySide build ~100 Python enums) cost the start page about
40 ms, more than half its whole budget over a bare window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reclaimdesk.ui.style import BORDER, MUTED, SURFACE

from PySide6.QtWidgets import QLabel, QWidget

if TYPE_CHECKING:
    from reclaimdesk.ui.plugin import BestsTable

ALTERNATE = "#f3efe6"


class WrappedLabel(QLabel):
    """A label whose height at a width is laid out once: Qt's ``QLabel`` lays its
    text out again at every ``heightForWidth`` a layout asks (several for each width
    while a page is laid out: the start page's wrapped labels took 23M instructions
    of its start, issue 25; the bests table, not wrapped, is asked none of them at
    the start but is one all the same). The heights are kept per width
    and font metrics and forgotten when the text, the wrapping or the style sheet
    changes."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        self._heights: dict[tuple[int, int, int], int] = {}

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        metrics = self.fontMetrics()  # (a font or screen change gives other metrics)
        key = (width, metrics.height(), metrics.averageCharWidth())
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) > 64:
                self._heights.clear()
            height = self._heights[key] = super().heightForWidth(width)
        return height

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._heights.clear()
        super().setText(text)

    def setStyleSheet(self, sheet: str) -> None:  # noqa: N802 - Qt's name
        self._heights.clear()
        super().setStyleSheet(sheet)

    def clear(self) -> None:
        self._heights.clear()
        super().clear()

    def setWordWrap(self, on: bool) -> None:  # noqa: N802 - Qt's name
        self._heights.clear()
        super().setWordWrap(on)


def escape(text: str) -> str:
    """Text for rich text (the ``html`` module's import would cost a few ms more)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ScoreTable(WrappedLabel):
    """One game's bests. ``cells`` holds the texts shown (one tuple per row) and
    ``highlighted`` the row drawn in bold, for tests and screen readers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # (no Qt.* flags here, see above: a label whose text starts with a tag is
        # rich text, and its layout gives it its height)
        self.setObjectName("scoreTable")
        self.cells: tuple[tuple[str, ...], ...] = ()
        self.highlighted: int | None = None

    def rowCount(self) -> int:  # noqa: N802 - read like the Qt table it replaced
        return len(self.cells)

    def set_table(self, table: BestsTable) -> None:
        self.cells = table.rows
        self.highlighted = table.highlight
        self.setText(self._html(table))
        self.setAccessibleName(table.title)
        self.setAccessibleDescription("; ".join(", ".join(r) for r in self.cells) or table.empty)

    @staticmethod
    def _html(table: BestsTable) -> str:
        cell = f"padding:3px 10px; border-bottom:1px solid {BORDER};"

        def align(column: int) -> str:
            return "center" if column in table.centred else "left"

        head = "".join(f'<th style="{cell} text-align:{align(c)};">{escape(h)}</th>'
                       for c, h in enumerate(table.headers))
        body = []
        if not table.rows:
            body.append(f'<tr><td colspan="{len(table.headers)}" style="{cell} color:{MUTED};">'
                        f"{escape(table.empty)}</td></tr>")
        for i, values in enumerate(table.rows):
            shade = ALTERNATE if i % 2 else SURFACE
            weight = "font-weight:bold;" if i == table.highlight else ""
            tds = "".join(f'<td style="{cell} {weight} text-align:{align(c)};">{escape(_cell_text(v))}</td>'
                          for c, v in enumerate(values))
            body.append(f'<tr style="background:{shade};">{tds}</tr>')
        return (f'<table width="100%" cellspacing="0" style="background:{SURFACE};">'
                f"<tr>{head}</tr>{''.join(body)}</table>")


def _cell_text(value: str) -> str:
    """A cell as the language writes it: a saved ISO date (``2026-11-26`` or
    ``2026-11-26 01:15:00``) becomes ``2026/11/26 01:15`` in Japanese."""
    if len(value) in (10, 16, 19) and value[4:5] == "-" and value[7:8] == "-" and value[:4].isdigit():
        from reclaimdesk.core.i18n import date_cell

        return date_cell(value, with_time=len(value) > 10)
    return value
