"""What a screen must show whole: every visible control's words and every visible
child inside what its parent shows. :func:`clipped` walks a top-level widget (a
window or a dialog) and lists what is cut off, in words a failing test can print.

Cut off means:

* a label, button, check box or drop-down list whose text is wider than the room
  its widget gives it (without eliding or wrapping), or less tall than a line;
* a word-wrapped label whose wrapped text is taller than the label;
* a visible child lying (partly) outside its parent's rectangle, where no scroll
  bar can bring it into view (the content of a scroll area may be larger than its
  viewport only in a direction it scrolls);
* a list or text box (a game's log) squeezed to fewer than :data:`FEWEST_LINES`
  lines;
* the window itself larger than the size it was given (its layout's minimum
  forced it wider or taller than the screen).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import Qt as GuiQt, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QTextEdit,
    QToolButton,
    QWidget,
)

SLACK = 1
"""Pixels of rounding allowed."""

FEWEST_LINES = 4
"""A log (a list or a text box) shows at least this many lines of its text."""


def _name(widget: QWidget) -> str:
    text = ""
    for getter in ("text", "currentText", "windowTitle"):
        value = getattr(widget, getter, None)
        if callable(value):
            try:
                text = value()
            except TypeError:
                continue
            if text:
                break
    text = re.sub(r"<[^>]+>", " ", text or "")
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) > 40:
        text = text[:37] + "..."
    path = []
    w = widget
    while w is not None and len(path) < 4:
        path.append(type(w).__name__ + (f"#{w.objectName()}" if w.objectName() else ""))
        w = w.parentWidget()
    return f"{' < '.join(path)} {text!r}"


def _shown(widget: QWidget, top: QWidget) -> bool:
    return widget.isVisibleTo(top) and widget.width() > 0 and widget.height() > 0


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _text_width(widget: QWidget, text: str) -> int:
    fm = widget.fontMetrics()
    return max((fm.horizontalAdvance(line) for line in text.split("\n")), default=0)


def _label_problem(label: QLabel) -> str:
    text = label.text()
    if not text or label.pixmap() is not None and not label.pixmap().isNull():
        return ""
    rect = label.contentsRect()
    margin = label.margin() * 2
    room_w, room_h = rect.width() - margin, rect.height() - margin
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(text))
    if label.wordWrap():
        need_h = label.heightForWidth(label.width())
        if need_h > label.height() + SLACK:
            return f"wrapped text needs {need_h} px of height, has {label.height()}"
        if rich:  # a word (or an image) wider than the label cannot wrap
            doc = QTextDocument()
            doc.setDefaultFont(label.font())
            doc.setHtml(text)
            doc.setTextWidth(room_w)
            if doc.size().width() > room_w + SLACK + 1:
                return f"text needs {doc.size().width():.0f} px of width, has {room_w}"
        return ""
    if rich:
        doc = QTextDocument()
        doc.setDefaultFont(label.font())
        doc.setHtml(text)
        need_w = doc.idealWidth() - 2 * doc.documentMargin()
        need_h = label.fontMetrics().height()
    else:
        need_w = _text_width(label, text)
        need_h = label.fontMetrics().height() * (text.count("\n") + 1)
    if need_w > room_w + SLACK:
        return f"text needs {need_w:.0f} px of width, has {room_w}"
    if need_h > room_h + SLACK + 2:
        return f"text needs {need_h} px of height, has {room_h}"
    return ""


def _button_problem(button: QAbstractButton) -> str:
    text = _plain(button.text())
    if not text:
        return ""
    style = button.style()
    if isinstance(button, QPushButton):
        opt = QStyleOptionButton()
        button.initStyleOption(opt)
        room = style.subElementRect(QStyle.SubElement.SE_PushButtonContents, opt, button)
    elif isinstance(button, (QCheckBox, QRadioButton)):
        opt = QStyleOptionButton()
        button.initStyleOption(opt)
        element = (QStyle.SubElement.SE_CheckBoxContents if isinstance(button, QCheckBox)
                   else QStyle.SubElement.SE_RadioButtonContents)
        room = style.subElementRect(element, opt, button)
    elif isinstance(button, QToolButton):
        room = button.contentsRect().adjusted(3, 0, -3, 0)
    else:
        room = button.contentsRect()
    need = _text_width(button, text)
    if not button.icon().isNull() and not isinstance(button, (QCheckBox, QRadioButton)):
        need += button.iconSize().width() + 4
    if need > room.width() + SLACK:
        return f"text needs {need} px of width, has {room.width()}"
    if button.fontMetrics().height() > button.height() + SLACK:
        return f"text needs {button.fontMetrics().height()} px of height, has {button.height()}"
    return ""


def _combo_problem(box: QComboBox) -> str:
    opt = QStyleOptionComboBox()
    box.initStyleOption(opt)
    field = box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                       QStyle.SubControl.SC_ComboBoxEditField, box)
    need = _text_width(box, box.currentText())
    if not box.itemIcon(box.currentIndex()).isNull():
        need += box.iconSize().width() + 4
    if need > field.width() + SLACK:
        return f"text needs {need} px of width, has {field.width()}"
    if box.fontMetrics().height() > field.height() + SLACK:
        return f"text needs {box.fontMetrics().height()} px of height, has {field.height()}"
    return ""


def _spin_problem(edit: QLineEdit) -> str:
    need = _text_width(edit, edit.text())
    room = edit.contentsRect().width() - 4
    if need > room + SLACK:
        return f"number needs {need} px of width, has {room}"
    return ""


def _log_problem(view: QAbstractScrollArea) -> str:
    """A log shows a few lines: it is tall enough, and that much of it is in view
    (not scrolled off under the panels above it)."""
    line = max(1, view.fontMetrics().height())
    lines = view.viewport().height() / line
    if lines < FEWEST_LINES:
        return f"shows {lines:.1f} lines of text, fewer than {FEWEST_LINES}"
    seen = view.viewport().visibleRegion().boundingRect().height() / line
    if seen < FEWEST_LINES:
        return f"only {seen:.1f} lines of it are in view, fewer than {FEWEST_LINES}"
    return ""


def _scroll_area_of_viewport(widget: QWidget) -> QAbstractScrollArea | None:
    """The scroll area whose viewport ``widget`` is, if any."""
    parent = widget.parentWidget()
    if isinstance(parent, QAbstractScrollArea) and parent.viewport() is widget:
        return parent
    return None


def _child_problem(child: QWidget, parent: QWidget) -> str:
    area = _scroll_area_of_viewport(parent)
    geo = child.geometry()
    room = parent.rect()
    if area is not None:
        # the content may be larger than the viewport where a scroll bar can show it
        wide = geo.width() > room.width() + SLACK or geo.right() > room.right() + SLACK or geo.left() < -SLACK
        tall = geo.height() > room.height() + SLACK or geo.bottom() > room.bottom() + SLACK or geo.top() < -SLACK
        problems = []
        if wide and area.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            problems.append(f"{geo.width()} px wide in a viewport of {room.width()} with no horizontal scroll bar")
        if tall and area.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            problems.append(f"{geo.height()} px tall in a viewport of {room.height()} with no vertical scroll bar")
        return "; ".join(problems)
    inside = QRect(room).adjusted(-SLACK, -SLACK, SLACK, SLACK)
    if not inside.contains(geo):
        return f"at {geo.x()},{geo.y()} {geo.width()}x{geo.height()} outside its parent's {room.width()}x{room.height()}"
    return ""


def widget_problem(widget: QWidget) -> str:
    """What is cut off in ``widget``'s own text ('' when nothing)."""
    if isinstance(widget, QLabel):
        return _label_problem(widget)
    if isinstance(widget, QAbstractButton):
        return _button_problem(widget)
    if isinstance(widget, QComboBox):
        return _combo_problem(widget)
    if isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), QAbstractSpinBox):
        return _spin_problem(widget)
    if isinstance(widget, (QListView, QTextEdit, QPlainTextEdit)):
        return _log_problem(widget)
    return ""


def clipped(top: QWidget, size: tuple[int, int] | None = None) -> list[str]:
    """Everything cut off on ``top`` (a shown window or dialog), one line each.
    ``size``: the window size it was given (checked it kept it)."""
    found = []
    if size is not None and (top.width() > size[0] or top.height() > size[1]):
        found.append(f"{_name(top)}: {top.width()}x{top.height()} does not fit in {size[0]}x{size[1]}")
    for widget in top.findChildren(QWidget):
        if widget.isWindow() or not _shown(widget, top):
            continue
        problem = widget_problem(widget)
        if problem:
            found.append(f"{_name(widget)}: {problem}")
        parent = widget.parentWidget()
        if parent is not None and parent is not top.parentWidget():
            problem = _child_problem(widget, parent)
            if problem:
                found.append(f"{_name(widget)}: {problem}")
    return found
