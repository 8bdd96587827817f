"""Issue 15, every screen: the new-game dialog of every registered table shows its
controls whole (spin boxes with their arrows, drop-down lists as tall as their
text, the title not cut by the window manager), in English and Japanese."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QApplication, QComboBox, QSpinBox, QStyle, QStyleOptionComboBox,
                               QStyleOptionSpinBox)

from reclaimdesk.ui.plugin import tables


def open_dialog(window, game_id: str):
    card = window.start_page.cards[game_id]
    button = card.buttons.get("new") or card.buttons.get("table")   # Reclaim: its table game
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible()
    QApplication.processEvents()
    return dialog


def dark_pixels(image, rect) -> int:
    n = 0
    for x in range(rect.left(), rect.right() + 1):
        for y in range(rect.top(), rect.bottom() + 1):
            if QColor(image.pixel(x, y)).lightness() < 110:
                n += 1
    return n


GAMES = sorted(tables())


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_new_game_dialogs_show_every_control_whole(qtbot, window, styled, game_id, lang):
    from reclaimdesk.core import i18n

    if lang != "en":
        i18n.set_language(lang)
        window.retranslate()
    window.resize(1024, 768)
    dialog = open_dialog(window, game_id)
    # the title bar: the text in a title font and the window's buttons fit the width
    title = dialog.windowTitle()
    assert dialog.width() >= dialog.fontMetrics().horizontalAdvance(title) * 1.3 + 170, (title, dialog.width())
    for box in dialog.findChildren(QComboBox):
        if not box.isVisibleTo(dialog):
            continue
        opt = QStyleOptionComboBox()
        box.initStyleOption(opt)
        field = box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                           QStyle.SubControl.SC_ComboBoxEditField, box)
        fm = box.fontMetrics()
        assert field.height() >= fm.height() + 4, (box.currentText(), field.height(), fm.height())
        assert field.width() >= fm.horizontalAdvance(box.currentText()), (box.currentText(), field.width())
    for spin in dialog.findChildren(QSpinBox):
        if not spin.isVisibleTo(dialog):
            continue
        image = spin.grab().toImage()
        opt = QStyleOptionSpinBox()
        spin.initStyleOption(opt)
        for part in (QStyle.SubControl.SC_SpinBoxUp, QStyle.SubControl.SC_SpinBoxDown):
            button = spin.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, opt, part, spin)
            inner = button.adjusted(button.width() // 4, button.height() // 4,
                                    -(button.width() // 4), -(button.height() // 4))
            assert inner.width() > 2 and inner.height() > 1, button
            assert dark_pixels(image, inner) >= 4, f"{game_id}: the spin box's arrow is not drawn ({part})"
    dialog.reject()
