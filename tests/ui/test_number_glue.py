"""Japanese lines never break between a number and its counter on screen.

Qt may break Japanese between any two characters, so "1手に" could end one line
with "1" and start the next with "手に". The app's words hold such pairs together
with word joiners (``core.i18n.set_glue``, on once ``ui.i18n.apply_language``
runs); here every Japanese message with a number before a Japanese word is laid
out by Qt at many widths, and no line may start just after a number."""

from __future__ import annotations

import re

import pytest
from PySide6.QtGui import QFont, QTextLayout

from reclaimdesk.core import i18n
from reclaimdesk.ui.i18n import apply_language

NUMBER_THEN_WORD = re.compile(r"(?:\d|\})[\u3040-\u30ff\u3400-\u9fff]")


def _lines(text: str, font: QFont, width: float) -> list[tuple[int, int]]:
    layout = QTextLayout(text, font)
    layout.beginLayout()
    spans = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        spans.append((line.textStart(), line.textLength()))
    layout.endLayout()
    return spans


@pytest.fixture
def japanese(qapp):
    apply_language("ja", qapp)
    yield
    apply_language("en", qapp)


def _japanese_messages() -> list[str]:
    texts = []
    for key in i18n._catalogue.messages:  # every message of every domain, as the app reads them
        text = i18n._catalogue._text(key)
        if text and NUMBER_THEN_WORD.search(text.replace(i18n.WORD_JOINER, "")):
            texts.append(text)
    return texts


def test_no_line_starts_with_the_counter_of_a_number(japanese, qapp):
    font = qapp.font()
    messages = _japanese_messages()
    assert len(messages) > 50  # the catalogues have many (a count of moves, points, cards)
    broken = []
    for text in messages:
        shown = re.sub(r"\{[^{}]*\}", "12", text)  # a two-digit number in each placeholder
        for width in range(40, 400, 9):
            for start, _length in _lines(shown, font, width)[1:]:
                before, after = shown[start - 1], shown[start]
                if before == i18n.WORD_JOINER or after == i18n.WORD_JOINER:
                    broken.append((text, width))
                elif before.isdigit() and NUMBER_THEN_WORD.match(before + after):
                    broken.append((text, width))
    assert not broken, broken[:5]


def test_the_command_line_and_the_kits_get_plain_words(japanese):
    i18n.set_glue(False)
    assert all(i18n.WORD_JOINER not in text for text in _japanese_messages())


def test_glue_is_the_screens_and_keeps_the_meaning(japanese):
    glued = _japanese_messages()
    assert any(i18n.WORD_JOINER in text for text in glued)
    i18n.set_glue(False)
    plain = _japanese_messages()
    assert sorted(text.replace(i18n.WORD_JOINER, "") for text in glued) == sorted(plain)
