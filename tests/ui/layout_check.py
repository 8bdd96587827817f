"""What a screen must show whole: every visible control's words and every visible
child inside what its parent shows. :func:`clipped` walks a top-level widget (a
window or a dialog) and lists what is cut off, in words a failing test can print.

Cut off means:

* a label, button, check box or drop-down list whose text is wider than the room
  its widget gives it (without eliding or wrapping), or less tall than a line;
* a word-wrapped label whose wrapped text is taller than the label;
* a visible child lying (partly) outside its parent's rectangle, where no scroll
  bar can bring it into view (the content of a scroll area may be larger than its
  viewport only in a direction where a scroll bar is on show and reaches all of it:
  a policy that would allow one is not enough);
* a visible widget whose rectangle, in the window's coordinates, is not inside the
  window;
* two buttons (push buttons, check boxes, tool buttons) or drop-down lists whose
  visible parts overlap;
* a cell or a column heading of a table or tree whose text is wider than its
  column (the view elides it: the player reads "Clai..."), where the column is
  not wider than the view (the view then scrolls to it);
* a list or text box (a game's log) squeezed to fewer than :data:`FEWEST_LINES`
  lines;
* the window itself larger than the size it was given (its layout's minimum
  forced it wider or taller than the screen).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import Qt as GuiQt, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
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
    QScrollBar,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QTableView,
    QTextEdit,
    QToolButton,
    QTreeView,
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


def _reach_problem(bar: QScrollBar, top: QWidget, overflow: int, what: str) -> str:
    """'' when ``bar`` is on show and scrolls at least ``overflow`` px."""
    if overflow <= SLACK:
        return ""
    if not (bar.isVisibleTo(top) and bar.width() > 0 and bar.height() > 0):
        return f"{overflow} px of it lie beyond the viewport with no {what} scroll bar on show"
    if bar.maximum() - bar.minimum() + SLACK < overflow:
        return (f"{overflow} px of it lie beyond the viewport; the {what} scroll bar "
                f"reaches only {bar.maximum() - bar.minimum()}")
    return ""


def _child_problem(child: QWidget, parent: QWidget, top: QWidget | None = None) -> str:
    area = _scroll_area_of_viewport(parent)
    geo = child.geometry()
    room = parent.rect()
    if area is not None:
        # the content may be larger than the viewport where a scroll bar on show reaches it
        top = top or child.window()
        wide = max(0, geo.width() - room.width())
        tall = max(0, geo.height() - room.height())
        if geo.width() <= room.width() + SLACK and (geo.right() > room.right() + SLACK or geo.left() < -SLACK):
            wide = max(wide, geo.right() - room.right(), -geo.left())  # scrolled aside
        if geo.height() <= room.height() + SLACK and (geo.bottom() > room.bottom() + SLACK or geo.top() < -SLACK):
            tall = max(tall, geo.bottom() - room.bottom(), -geo.top())
        problems = []
        across = _reach_problem(area.horizontalScrollBar(), top, wide, "horizontal")
        if across:
            problems.append(f"{geo.width()} px wide in a viewport of {room.width()}: {across}")
        down = _reach_problem(area.verticalScrollBar(), top, tall, "vertical")
        if down:
            problems.append(f"{geo.height()} px tall in a viewport of {room.height()}: {down}")
        return "; ".join(problems)
    inside = QRect(room).adjusted(-SLACK, -SLACK, SLACK, SLACK)
    if not inside.contains(geo):
        return f"at {geo.x()},{geo.y()} {geo.width()}x{geo.height()} outside its parent's {room.width()}x{room.height()}"
    return ""


def _view_problem(view: QAbstractItemView) -> str:
    """A table's or tree's cells and headings in view whose text its column cuts
    (elides): the column is narrower than the text, and the view cannot scroll
    to a wider one."""
    if view.textElideMode() == Qt.TextElideMode.ElideNone or view.model() is None:
        return ""
    model = view.model()
    fm = view.fontMetrics()
    pad = 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)
    cut = []
    header = view.horizontalHeader() if isinstance(view, QTableView) else view.header()
    if header is not None and header.isVisibleTo(view.window()):
        hfm = header.fontMetrics()
        for column in range(model.columnCount()):
            if header.isSectionHidden(column):
                continue
            text = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
            room = header.sectionSize(column) - 2 * header.style().pixelMetric(
                QStyle.PixelMetric.PM_HeaderMargin, None, header) - 2
            if text and hfm.horizontalAdvance(text) > room + SLACK:
                cut.append(f"heading {text!r} ({hfm.horizontalAdvance(text)} px in {room})")
    viewport = view.viewport().rect()
    at = view.indexAt(viewport.topLeft() + QPoint(1, 1))
    row = at.row() if at.isValid() else 0
    for r in range(row, min(model.rowCount(), row + 60)):
        for column in range(model.columnCount()):
            index = model.index(r, column)
            rect = view.visualRect(index)
            if rect.isEmpty() or not rect.intersects(viewport):
                continue
            text = str(model.data(index, Qt.ItemDataRole.DisplayRole) or "")
            if not text or "\n" in text:
                continue
            need = fm.horizontalAdvance(text)
            icon = model.data(index, Qt.ItemDataRole.DecorationRole)
            if icon is not None:
                need += view.iconSize().width() if view.iconSize().width() > 0 else 16
            if need <= rect.width() - pad + SLACK:
                continue
            if view.wordWrap() and " " in text:  # wrapped: cut when its lines are taller than the row
                lines = fm.boundingRect(QRect(0, 0, rect.width() - pad, 10_000),
                                        int(Qt.TextFlag.TextWordWrap), text)
                if lines.width() <= rect.width() - pad + SLACK and lines.height() <= rect.height() + SLACK:
                    continue
            cut.append(f"cell {text!r} ({need} px in {rect.width() - pad})")
        if len(cut) > 3:
            break
    return "text cut in its column: " + ", ".join(cut[:4]) if cut else ""


def _visible_rect(widget: QWidget, top: QWidget) -> QRect:
    """What of ``widget`` shows in ``top`` (its rectangle clipped by every parent's), in ``top``'s coordinates."""
    rect = QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        rect = rect.intersected(QRect(parent.mapTo(top, QPoint(0, 0)), parent.size()))
        parent = parent.parentWidget()
    return rect.intersected(top.rect())


def overlaps(top: QWidget) -> list[str]:
    """Buttons and drop-down lists whose visible parts overlap, one line a pair."""
    controls = [w for w in top.findChildren(QWidget)
                if isinstance(w, (QAbstractButton, QComboBox)) and w.window() is top and _shown(w, top)
                and not isinstance(w.parentWidget(), (QAbstractSpinBox, QComboBox, QScrollBar))]
    rects = [(w, _visible_rect(w, top)) for w in controls]
    rects = [(w, r) for w, r in rects if r.width() > 2 and r.height() > 2]
    found = []
    for i, (a, ra) in enumerate(rects):
        for b, rb in rects[i + 1:]:
            if a.isAncestorOf(b) or b.isAncestorOf(a):
                continue
            both = ra.intersected(rb)
            if both.width() > SLACK + 1 and both.height() > SLACK + 1:
                found.append(f"{_name(a)} and {_name(b)} overlap ({both.width()}x{both.height()} px)")
    return found


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
    if isinstance(widget, (QTableView, QTreeView)):
        return _view_problem(widget)
    if isinstance(widget, (QListView, QTextEdit, QPlainTextEdit)):
        return _log_problem(widget)
    return ""


def clipped(top: QWidget, size: tuple[int, int] | None = None) -> list[str]:
    """Everything cut off on ``top`` (a shown window or dialog), one line each.
    ``size``: the window size it was given (checked it kept it)."""
    found = []
    if size is not None and (top.width() > size[0] or top.height() > size[1]):
        found.append(f"{_name(top)}: {top.width()}x{top.height()} does not fit in {size[0]}x{size[1]}")
    window = top.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK)
    for widget in top.findChildren(QWidget):
        if widget.window() is not top or not _shown(widget, top):
            continue  # (a dialog's widgets are checked with the dialog)
        problem = widget_problem(widget)
        if problem:
            found.append(f"{_name(widget)}: {problem}")
        parent = widget.parentWidget()
        if parent is not None and parent is not top.parentWidget():
            problem = _child_problem(widget, parent, top)
            if problem:
                found.append(f"{_name(widget)}: {problem}")
        area = _scrolled_by(widget, top)
        if area is None:
            rect = QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())
            if not window.contains(rect):
                found.append(f"{_name(widget)}: at {rect.x()},{rect.y()} {rect.width()}x{rect.height()} "
                             f"outside the window's {top.width()}x{top.height()}")
        elif _scroll_area_of_viewport(parent) is None and not any(
                _shown(c, top) for c in widget.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)):
            problem = _cut_by_viewport(widget, area, top)
            if problem:
                found.append(f"{_name(widget)}: {problem}")
    found += overlaps(top)
    return found


def _scrolled_by(widget: QWidget, top: QWidget) -> QAbstractScrollArea | None:
    """The nearest scroll area whose content ``widget`` lies in (its place in the
    window follows the scroll bars: it is checked against the viewport instead)."""
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        area = _scroll_area_of_viewport(parent)
        if area is not None:
            return area
        parent = parent.parentWidget()
    return None


def _cut_by_viewport(widget: QWidget, area: QAbstractScrollArea, top: QWidget) -> str:
    """A control in a scroll area's content that sticks out of the viewport in a
    direction no scroll bar on show can bring it from: what the player sees cut
    at the column's edge."""
    viewport = area.viewport()
    rect = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    room = viewport.rect()
    problems = []
    if rect.right() > room.right() + SLACK or rect.left() < -SLACK:
        bar = area.horizontalScrollBar()
        if not bar.isVisibleTo(top):
            hidden = max(rect.right() - room.right(), -rect.left())
            problems.append(f"{hidden} px of its {rect.width()} cut at the side of its scroll area, "
                            "with no horizontal scroll bar")
    if rect.bottom() > room.bottom() + SLACK or rect.top() < -SLACK:
        bar = area.verticalScrollBar()
        if not bar.isVisibleTo(top):
            hidden = max(rect.bottom() - room.bottom(), -rect.top())
            problems.append(f"{hidden} px of its {rect.height()} cut at the foot of its scroll area, "
                            "with no vertical scroll bar")
    return "; ".join(problems)
