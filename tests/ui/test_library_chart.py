"""The Games played window's two charts: with nothing to show, each paints its
surface and its own muted words in the middle, and says them to screen readers;
with data, each paints its chart instead (the dots of the scores, the bars of the
results)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

from reclaimdesk.core import i18n
from reclaimdesk.core.i18n import _
from reclaimdesk.ui.library_chart import LevelChart, ScoreChart
from reclaimdesk.ui.style import ACCENT, GOOD, MUTED, SURFACE

SIZE = QSize(360, 200)
EMPTY = {ScoreChart: "No scores yet.", LevelChart: "No game against the computer yet."}


def shown(chart) -> QImage:
    chart.resize(SIZE)
    return chart.grab().toImage()


def words_alone(chart, text: str) -> QImage:
    """What an empty chart should look like: its surface and ``text`` centred, muted."""
    pixmap = QPixmap(chart.grab().size())
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setFont(chart.font())
    p.fillRect(QRect(0, 0, SIZE.width(), SIZE.height()), QColor(SURFACE))
    p.setPen(QColor(MUTED))
    p.drawText(QRect(0, 0, SIZE.width(), SIZE.height()), Qt.AlignmentFlag.AlignCenter, text)
    p.end()
    return pixmap.toImage()


def has_colour(image: QImage, colour: str) -> bool:
    want = QColor(colour).rgb()
    return any(image.pixel(x, y) == want for y in range(0, image.height(), 2) for x in range(image.width()))


@pytest.mark.parametrize("chart_class", [ScoreChart, LevelChart])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_empty_chart_shows_its_words_in_the_middle(qtbot, chart_class, lang) -> None:
    i18n.set_language(lang)
    chart = chart_class()
    qtbot.addWidget(chart)
    chart.set_data({}) if chart_class is LevelChart else chart.set_data([])
    words = _(EMPTY[chart_class])
    if lang == "ja":
        assert words != EMPTY[chart_class]
    assert chart.accessibleDescription() == words
    image = shown(chart)
    assert image == words_alone(chart, words)
    assert image != words_alone(chart, "") and not has_colour(image, ACCENT)


def test_a_chart_with_data_paints_it_instead_of_the_words(qtbot) -> None:
    scores = ScoreChart()
    qtbot.addWidget(scores)
    scores.set_data([("2026-11-01T10:00", 72.0), ("2026-11-02T10:00", 91.0)], (80, 90, 100))
    image = shown(scores)
    assert image != words_alone(scores, _(EMPTY[ScoreChart]))
    assert has_colour(image, ACCENT)
    assert "2026-11-01 72" in scores.accessibleDescription()
    levels = LevelChart()
    qtbot.addWidget(levels)
    levels.set_data({"easy": {"won": 3, "drawn": 1, "lost": 2}})
    image = shown(levels)
    assert image != words_alone(levels, _(EMPTY[LevelChart]))
    assert has_colour(image, GOOD)
    assert "3" in levels.accessibleDescription()
