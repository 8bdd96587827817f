"""The personal-bests table (``ui.score_table.ScoreTable``): a grid of plain labels
(issue 25: the rich-text table it replaced was 30M instructions of the start), laid
out as that table was: each column as wide as its widest cell plus an even share of
the rest, the headers bold, the rows shaded in turn, the empty text muted across
every column."""

from __future__ import annotations

import pytest

from PySide6.QtWidgets import QWidget

from reclaimdesk.ui.plugin import BestsTable
from reclaimdesk.ui.score_table import ScoreTable

HEADERS = ("#", "Score", "Tier", "Map", "Seed", "Played")
ROWS = (("1", "97", "gold", "River", "12345", "2026-11-26 18:28"),
        ("2", "88", "-", "Lake", "7", "2026-11-25 09:01"),
        ("3", "80", "-", "River", "99", "2026-11-24 22:13"))


_holders: list[QWidget] = []


@pytest.fixture(autouse=True)
def _let_go():
    yield
    _holders.clear()


def _table(qtbot, rows, highlight=None, width=900, empty="Nothing finished yet.") -> ScoreTable:
    holder = QWidget()
    qtbot.addWidget(holder)
    table = ScoreTable(holder)
    table.set_table(BestsTable(title="Bests", headers=HEADERS, rows=rows, centred=(0, 1, 2),
                               empty=empty, highlight=highlight))
    table.setGeometry(0, 0, width, table.sizeHint().height())
    holder.resize(width, 400)
    holder.show()
    qtbot.waitUntil(lambda: table.labels[0].width() > 0)
    _holders.append(holder)  # (qtbot keeps a weak reference only)
    return table


def _column_lefts(table: ScoreTable) -> list[int]:
    return [label.geometry().left() for label in table.labels[:len(HEADERS)]]


@pytest.mark.usefixtures("styled")
def test_cells_are_the_rows_texts_with_the_highlighted_row_bold(qtbot):
    table = _table(qtbot, ROWS, highlight=1)
    assert table.rowCount() == 3 and table.cells == ROWS and table.highlighted == 1
    body = table.labels[len(HEADERS):]
    assert [label.text() for label in table.labels[:len(HEADERS)]] == list(HEADERS)
    assert [tuple(label.text() for label in body[r * 6:(r + 1) * 6]) for r in range(3)] == list(ROWS)
    assert [label.objectName() for label in body[::6]] == ["bestsCell", "bestsAlt", "bestsCell"]
    bold = [label for label in body if label.property("bold")]
    assert [label.text() for label in bold] == list(ROWS[1])
    assert bold[0].font().bold() and not body[0].font().bold() and table.labels[0].font().bold()
    assert table.accessibleDescription().startswith("1, 97, gold")
    assert table.text().splitlines() == ["\t".join(HEADERS), *("\t".join(row) for row in ROWS)]


@pytest.mark.usefixtures("styled")
def test_an_empty_table_says_so_across_every_column_in_equal_columns(qtbot):
    table = _table(qtbot, (), empty="Nothing finished yet: when a game ends, your best scores are listed here.")
    assert table.rowCount() == 0 and len(table.labels) == len(HEADERS) + 1
    empty = table.labels[-1]
    assert empty.objectName() == "bestsEmpty" and empty.text().startswith("Nothing finished")
    assert empty.width() == table.width()
    lefts = _column_lefts(table) + [table.width()]
    widths = [b - a for a, b in zip(lefts, lefts[1:])]
    assert max(widths) - min(widths) <= 2  # (the long empty text shared out over them all)
    assert table.sizeHint().height() < _table(qtbot, ROWS).sizeHint().height()


@pytest.mark.usefixtures("styled")
@pytest.mark.parametrize("width", [700, 900, 1400])
def test_each_column_is_its_widest_cell_plus_an_even_share_of_the_rest(qtbot, width):
    table = _table(qtbot, ROWS, width=width)
    lefts = _column_lefts(table) + [table.width()]
    widths = [b - a for a, b in zip(lefts, lefts[1:])]
    naturals = [max(label.sizeHint().width() for label in table.labels[c::len(HEADERS)]) for c in range(6)]
    shares = [w - n for w, n in zip(widths, naturals)]
    assert min(shares) > 0 and max(shares) - min(shares) <= 2
    assert widths[0] < widths[5]  # (the dates' column the widest, the rank's the narrowest)


@pytest.mark.usefixtures("styled")
def test_new_rows_replace_the_old_ones(qtbot):
    table = _table(qtbot, ROWS)
    table.set_table(BestsTable(title="Bests", headers=HEADERS, rows=ROWS[:1], empty="None."))
    qtbot.waitUntil(lambda: len(table.findChildren(type(table.labels[0]))) == len(HEADERS) * 2)
    assert table.cells == ROWS[:1] and [label.text() for label in table.labels[6:]] == list(ROWS[0])


def test_a_typed_name_that_looks_like_markup_is_shown_as_typed(qtbot):
    # Alluvium's bests list typed names: one written as markup must not be read as rich text.
    from PySide6.QtCore import Qt

    rows = (("1", "97", "-", "<b>Ann</b>", "5", "2026-11-26 18:28"),)
    table = _table(qtbot, rows)
    name = next(label for label in table.labels if label.text() == "<b>Ann</b>")
    assert name.textFormat() == Qt.TextFormat.PlainText
    plain = next(label for label in table.labels if label.text() == "97")
    assert plain.textFormat() == Qt.TextFormat.AutoText
    assert "<b>Ann</b>" in table.text()
