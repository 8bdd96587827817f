"""``ui.score_table.WrappedLabel`` keeps each height it laid out (issue 25: the start
page's wrapped labels were laid out again at every ``heightForWidth``): the heights
are Qt's own label's, and they follow the text and the font when those change."""

from __future__ import annotations

import pytest

from PySide6.QtWidgets import QLabel

from reclaimdesk.ui.score_table import WrappedLabel

TEXT = "Move your Gardener and reclaim squares with four cycling cards: occupy 12 squares or topple the rival."
WIDTHS = (60, 90, 140, 200, 320, 90, 60)


def _pair(qtbot, text: str) -> tuple[WrappedLabel, QLabel]:
    kept, plain = WrappedLabel(text), QLabel(text)
    for label in (kept, plain):
        label.setWordWrap(True)
        qtbot.addWidget(label)
    return kept, plain


def test_heights_are_the_labels_own_at_every_width(qtbot):
    kept, plain = _pair(qtbot, TEXT)
    heights = [kept.heightForWidth(w) for w in WIDTHS]
    assert heights == [plain.heightForWidth(w) for w in WIDTHS]
    assert heights[0] > heights[3] > 0  # narrower: more lines
    assert [kept.heightForWidth(w) for w in WIDTHS] == heights  # asked again: the same


def test_new_text_gives_new_heights(qtbot):
    kept, plain = _pair(qtbot, TEXT)
    before = kept.heightForWidth(90)
    kept.setText("Short.")
    plain.setText("Short.")
    assert kept.heightForWidth(90) == plain.heightForWidth(90) < before


def test_cleared_or_unwrapped_it_is_one_line_again(qtbot):
    kept, plain = _pair(qtbot, TEXT)
    one_line = QLabel("x").heightForWidth(90)
    assert kept.heightForWidth(90) > one_line
    kept.setWordWrap(False)
    plain.setWordWrap(False)
    assert kept.heightForWidth(90) == plain.heightForWidth(90)
    kept.setWordWrap(True)
    before = kept.heightForWidth(90)
    kept.clear()
    plain.clear()
    assert kept.heightForWidth(90) == plain.heightForWidth(90) < before


@pytest.mark.parametrize("how", ["style sheet", "font"])
def test_a_larger_font_gives_new_heights(qtbot, how):
    kept, plain = _pair(qtbot, TEXT)
    before = kept.heightForWidth(140)
    for label in (kept, plain):
        if how == "font":  # (no setText or setStyleSheet: the metrics tell)
            font = label.font()
            font.setPointSizeF(font.pointSizeF() * 2)
            label.setFont(font)
        else:
            label.setStyleSheet("font-size: 20pt;")
            label.ensurePolished()
    assert kept.heightForWidth(140) == plain.heightForWidth(140) > before
