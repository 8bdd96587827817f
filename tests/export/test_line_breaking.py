"""Japanese body text: lines broken by the kinsoku rules, never a paragraph
ending on a line of one character, and justified lines that reach the column's
right edge. Every Japanese message of every catalogue is wrapped at several widths."""

from __future__ import annotations

import gettext
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from reclaimdesk.export.kit_pages import LAST_LINE_CHARS, _is_cjk, justified_width, wrap
from reclaimdesk.export.layout import A4, PT_PER_MM
from reclaimdesk.export.pdf import PdfDocument

CATALOGUES = sorted((Path(__file__).parents[2] / "reclaimdesk" / "locale" / "ja" / "LC_MESSAGES").glob("*.mo"))
NO_LINE_START = "。、）」』：；？！"
COUNTERS = "枚個人点回マス番目本行列つ"
WIDTHS_MM = (28.0, 41.5, 63.0, 87.0)


def japanese_messages() -> list[str]:
    texts = []
    for path in CATALOGUES:
        with path.open("rb") as f:
            catalogue = gettext.GNUTranslations(f)
        for value in catalogue._catalog.values():          # type: ignore[attr-defined]
            if isinstance(value, str) and len(value) > 12 and any(_is_cjk(ch) for ch in value) and "{" not in value:
                texts.append(value)
    return texts


def test_there_are_catalogues_to_read():
    assert len(CATALOGUES) >= 5 and len(japanese_messages()) > 300


@pytest.mark.parametrize("width", WIDTHS_MM)
def test_japanese_lines_obey_kinsoku_and_never_end_a_paragraph_on_one_character(width):
    problems = []
    for text in japanese_messages():
        lines = wrap(text, width, 9)
        for before, after in zip(lines, lines[1:]):
            if after[0] in NO_LINE_START:
                problems.append(f"line starts with {after[0]!r}: {before!r} / {after!r}")
            if before[-1].isdigit() and after[0] in COUNTERS:
                problems.append(f"number parted from its counter: {before!r} / {after!r}")
        if len(lines) >= 2 and _is_cjk(lines[-1][-1]) and len(lines[-1]) < LAST_LINE_CHARS \
                and _is_cjk(lines[-2][-1]):
            problems.append(f"one-character last line: {lines[-2]!r} / {lines[-1]!r}")
    assert not problems, "\n".join(problems[:20])


def test_a_last_line_of_one_character_takes_a_piece_from_the_line_above():
    text = "ルールの要約を読む"
    greedy_width = 25.5                 # 'ルールの要約を読' fits, leaving 'む' alone
    assert wrap(text, greedy_width, 9) == ["ルールの要約を", "読む"]
    assert wrap("駒は4枚です", 14.82, 9) == ["駒は4枚", "です"]


def test_a_justified_line_reaches_the_right_edge_and_the_last_line_does_not():
    lines = wrap("カードを一枚めくり、場札にします。次の手番の人が続けます。", 40, 9)
    assert len(lines) >= 2
    doc = PdfDocument(lang="ja")
    with doc.page(A4) as page:
        for k, line in enumerate(lines):
            fill = justified_width(line, lines[k + 1] if k + 1 < len(lines) else "", 40, 9)
            page.text(20, 200 - 6 * k, line, size_pt=9, justify_mm=fill)
    textpage = pdfium.PdfDocument(doc.to_bytes())[0].get_textpage()
    rights = []
    for k, line in enumerate(lines):
        y_pt = (200 - 6 * k + 1) * PT_PER_MM
        boxes = [textpage.get_charbox(i) for i in range(textpage.count_chars())]
        rights.append(max(r for _l, b, r, t in boxes if b <= y_pt <= t) / PT_PER_MM)
    for right in rights[:-1]:
        assert right == pytest.approx(60.0, abs=0.6)
    assert rights[-1] < 60.0 - 3.0
