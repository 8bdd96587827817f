"""Issue 28, item 6: text from a record is shown as plain text in every widget of
every game. Every name field of a record of each registered game holds markup
(bold, an image from a file, a link); the page is opened the way the app opens a
record, and every visible label, tooltip and scene text is checked: the markup
must read as the characters it is, never be laid out as rich text. No game is
named: the registry is iterated."""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as QtGuiNamespace, QTextDocument
from PySide6.QtWidgets import QAbstractButton, QGraphicsTextItem, QGraphicsView, QLabel, QWidget

from reclaimdesk.core.game import all_games
from reclaimdesk.ui.plugin import table_for

from tests.hardening_helpers import record_dict


def marked_up(i: int) -> str:
    """A player name made of markup; laid out as HTML it would read ``B{i}L{i}``."""
    return f'<b>B{i}</b><img src="file:///etc/hostname"><a href="http://example.invalid/">L{i}</a>'


RENDERED = re.compile(r"B\d[\ufffc\s]*L\d")
"""What a name reads as once its markup has been laid out (the image is U+FFFC)."""


def rendered(text: str, rich: bool) -> str:
    if not rich:
        return text
    doc = QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()


def is_rich(label: QLabel) -> bool:
    fmt = label.textFormat()
    return fmt == Qt.TextFormat.RichText or (fmt == Qt.TextFormat.AutoText and QtGuiNamespace.mightBeRichText(label.text()))


def shown_texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, the text as a player reads it) for every visible label, button,
    tooltip and scene text item under ``root``."""
    found: list[tuple[str, str]] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        name = f"{type(widget).__name__} {widget.objectName()!r}"
        if isinstance(widget, QLabel):
            found.append((name, rendered(widget.text(), is_rich(widget))))
        elif isinstance(widget, QAbstractButton):
            found.append((name, widget.text()))
        tip = widget.toolTip()
        if tip:
            found.append((f"{name} tooltip", rendered(tip, QtGuiNamespace.mightBeRichText(tip))))
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                if isinstance(item, QGraphicsTextItem) and item.isVisible():
                    found.append((f"{name} {type(item).__name__}", item.toPlainText()))
                tip = item.toolTip()
                if tip:
                    found.append((f"{name} item tooltip", rendered(tip, QtGuiNamespace.mightBeRichText(tip))))
    return found


def games_with_tables() -> list[str]:
    return [spec.id for spec in all_games() if table_for(spec.id) is not None]


@pytest.mark.parametrize("finished", [False, True], ids=["in-progress", "finished"])
@pytest.mark.parametrize("game_id", games_with_tables())
def test_names_from_a_record_are_plain_text_everywhere(window, qtbot, tmp_path, game_id, finished):
    data = record_dict(game_id, seed=3, finished=finished)
    for i, player in enumerate(data["players"]):
        player["name"] = marked_up(i)
    path = tmp_path / f"{game_id}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert window.open_record(path), window.last_message and window.last_message.text()
    qtbot.wait(1)  # let queued layouts and panels fill in
    texts = shown_texts(window)
    drawn = [(where, text) for where, text in texts if RENDERED.search(text)]
    assert not drawn, f"{game_id}: a name from the record was laid out as HTML in {drawn}"
    assert any(where.startswith("QLabel") for where, _text in texts), f"{game_id}: no label was looked at"
