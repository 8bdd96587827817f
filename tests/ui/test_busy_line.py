"""board/panels.busy_line: the "thinking" line under a table's tools keeps its
height while empty or hidden, so the buttons above it stand still."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from reclaimdesk.ui.board.panels import busy_line


@pytest.fixture(params=["plain", "styled"])
def style(request, qapp):
    """With Qt's own look and with the app's style sheet (whose "small" type made
    the words a pixel taller than the empty line)."""
    before = qapp.styleSheet()
    if request.param == "styled":
        from reclaimdesk.ui.style import apply_style

        apply_style(qapp)
    yield request.param
    qapp.setStyleSheet(before)


def test_the_buttons_above_the_line_never_move(qtbot, style) -> None:
    column = QWidget()
    box = QVBoxLayout(column)
    box.addStretch(1)  # the tools stand at the foot of their column
    button = QPushButton("Hint")
    line = busy_line()
    box.addWidget(button)
    box.addWidget(line)
    qtbot.addWidget(column)
    column.resize(300, 400)
    column.show()
    qtbot.waitExposed(column)
    assert line.objectName() == "small" and line.text() == ""
    assert line.minimumHeight() >= line.fontMetrics().height() > 0
    at = button.geometry()
    line.setText("Thinking...")
    qtbot.waitUntil(lambda: line.isVisible())
    assert button.geometry() == at
    line.hide()
    box.activate()
    assert button.geometry() == at and line.sizePolicy().retainSizeWhenHidden()
