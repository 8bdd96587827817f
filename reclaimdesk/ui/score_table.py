"""A table of personal bests (a :class:`~reclaimdesk.ui.plugin.BestsTable`), on the
start page, the end screen and in the personal-bests dialog. Its own small module:
the start page fills it right after the window shows.

It is a grid of plain labels, not a ``QTableWidget``: the rows are few, read-only
and never sorted or selected, and Qt's item views (with the ``Qt.*`` flags they
need, whose first use makes PySide build ~100 Python enums) cost the start page
about 40 ms, more than half its whole budget over a bare window; nor rich text (a
table in a text document was laid out again for each size hint asked)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

if TYPE_CHECKING:
    from PySide6.QtCore import QRect

    from reclaimdesk.ui.plugin import BestsTable


class WrappedLabel(QLabel):
    """A label whose height at a width is laid out once: Qt's ``QLabel`` lays its
    text out again at every ``heightForWidth`` a layout asks (several for each width
    while a page is laid out: the start page's wrapped labels took 23M instructions
    of its start, issue 25). The heights are kept per width
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


class _ColumnsLayout(QGridLayout):
    """The table's grid, its columns shared out as a rich-text table with 100 %
    width shares them: each as wide as its widest cell, a cell spanning columns
    counted evenly over them, and what is left of the width in even parts. (A
    ``QGridLayout`` of its own makes equal columns.) The shares are given as
    column stretches at each width the table is placed at."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.naturals: list[int] = []
        """Each column's width before the rest is shared out (set by the table)."""
        self._width = -1

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt's name
        width = rect.width()
        if width != self._width and self.naturals:
            self._width = width
            extra = max(0, width - sum(self.naturals)) / len(self.naturals)
            for column, natural in enumerate(self.naturals):
                self.setColumnStretch(column, max(1, round((natural + extra) * 16)))
        super().setGeometry(rect)


class ScoreTable(QWidget):
    """One game's bests: a grid of plain-text labels, each cell drawing its own
    background, padding and bottom rule from the style sheet (``QLabel#bestsHead``,
    ``#bestsCell``, ``#bestsAlt``, ``#bestsEmpty``; ``centred`` and ``bold``
    properties). Columns are as wide as their widest cell plus an even share of the
    rest, as the rich-text table it replaced laid them out (issue 25: that table
    was 30M instructions of the start, its document laid out again for every size
    hint). ``cells`` holds the texts shown (one tuple per row) and ``highlighted``
    the row drawn in bold, for tests and screen readers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scoreTable")
        self.grid = _ColumnsLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(0)
        self.cells: tuple[tuple[str, ...], ...] = ()
        self.highlighted: int | None = None
        self.labels: list[QLabel] = []
        """Every cell's label, the headers first, row by row."""

    def rowCount(self) -> int:  # noqa: N802 - read like the Qt table it replaced
        return len(self.cells)

    def text(self) -> str:
        """Every cell as shown, a line per row (the headers first), cells separated by tabs."""
        columns = max(1, self.grid.columnCount())
        lines: dict[int, list[str]] = {}
        for label in self.labels:
            row = self.grid.getItemPosition(self.grid.indexOf(label))[0]
            lines.setdefault(row, []).append(label.text())
        return "\n".join("\t".join(lines[row][:columns]) for row in sorted(lines))

    def set_table(self, table: BestsTable) -> None:
        self.cells = table.rows
        self.highlighted = table.highlight
        for label in self.labels:
            label.setParent(None)
            label.deleteLater()
        self.labels = []
        columns = len(table.headers)

        def cell(text: str, name: str, row: int, column: int, span: int = 1, centred: bool = False,
                 bold: bool = False) -> None:
            label = QLabel(text, self)
            if "<" in text:  # a typed name that Qt would take for rich text: shown as typed
                from PySide6.QtCore import Qt  # (only then: the Qt namespace's first use is dear)

                label.setTextFormat(Qt.TextFormat.PlainText)
            label.setObjectName(name)
            if centred:
                label.setProperty("centred", True)
            if bold:
                label.setProperty("bold", True)
            self.grid.addWidget(label, row, column, 1, span)
            self.labels.append(label)

        for c, header in enumerate(table.headers):
            cell(header, "bestsHead", 0, c, centred=c in table.centred)
        if not table.rows:
            cell(table.empty, "bestsEmpty", 1, 0, span=max(1, columns))
        for r, values in enumerate(table.rows):
            for c, value in enumerate(values):
                cell(_cell_text(value), "bestsAlt" if r % 2 else "bestsCell", r + 1, c,
                     centred=c in table.centred, bold=r == table.highlight)
        naturals = [0] * columns
        spans = []
        for label in self.labels:
            row, column, _rows, span = self.grid.getItemPosition(self.grid.indexOf(label))
            if span > 1:
                spans.append((label, column, span))
            elif column < columns:
                naturals[column] = max(naturals[column], label.sizeHint().width())
        for label, column, span in spans:
            share = -(-label.sizeHint().width() // span)
            for c in range(column, min(columns, column + span)):
                naturals[c] = max(naturals[c], share)
        self.grid.naturals = naturals
        self.grid._width = -1
        self.setAccessibleName(table.title)
        self.setAccessibleDescription("; ".join(", ".join(r) for r in self.cells) or table.empty)


def _cell_text(value: str) -> str:
    """A cell as the language writes it: a saved ISO date (``2026-11-26`` or
    ``2026-11-26 01:15:00``) becomes ``2026/11/26 01:15`` in Japanese."""
    if len(value) in (10, 16, 19) and value[4:5] == "-" and value[7:8] == "-" and value[:4].isdigit():
        from reclaimdesk.core.i18n import date_cell

        return date_cell(value, with_time=len(value) > 10)
    return value
