"""Options > Language: the choice is remembered, and switching says the menus, the
start page and an open game's panel again in the new language, the game going on
where it was; Qt's own dialogs follow with its translations."""

import re

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QMenu

from reclaimdesk.core import i18n
from reclaimdesk.ui import i18n as ui_i18n
from .helpers import start_solo

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def shown_texts(widget):
    """The texts of the labels and buttons under ``widget`` (tags and mnemonics removed)."""
    out = []
    for child in widget.findChildren(QLabel) + widget.findChildren(QAbstractButton):
        text = re.sub(r"<[^>]+>", "", child.text()).replace("&", "").strip()
        if text:
            out.append(text)
    return out


def language_menu(window):
    return window.findChild(QMenu, "languageMenu")


def choose(window, value):
    action = next(a for a in language_menu(window).actions() if a.data() == value)
    action.trigger()


def test_the_status_bar_speaks_the_new_language_after_a_switch(window):
    """The start's welcome line was left up in the old language after a switch: the
    status bar now says which language is in force, in it."""
    assert window.statusBar().currentMessage() == "Welcome. Choose a game to play."
    choose(window, "ja")
    assert window.statusBar().currentMessage() == "言語：日本語"
    choose(window, "en")
    assert window.statusBar().currentMessage() == "Language: English"


def test_switching_language_rebuilds_menus_start_page_and_game(window, qtbot):
    start_solo(window, "river", 3)
    page = window.page
    actions_before = list(page.record().actions)
    start_before = window.start_page
    english_panel = shown_texts(page)

    choose(window, "ja")
    assert i18n.language() == "ja"
    assert window.settings.value(ui_i18n.LANGUAGE_KEY) == "ja"
    # menus: rebuilt in Japanese, the choice checked
    menu = language_menu(window)
    assert menu.title() == "言語(&L)"
    assert [a.text() for a in menu.actions()] == ["システム", "English", "日本語"]
    assert [a.data() for a in menu.actions() if a.isChecked()] == ["ja"]
    # the game's page: a new one, same game, its panel in Japanese
    assert window.page is not page and window.page.record().actions == actions_before
    japanese_panel = shown_texts(window.page)
    assert any(JAPANESE.search(t) for t in japanese_panel), japanese_panel
    assert japanese_panel != english_panel
    # Qt's own words (message-box and dialog buttons) from qtbase_ja.qm
    assert QApplication.translate("QPlatformTheme", "Cancel") == "キャンセル"
    # the start page: a new one, shown when the game is left
    window.back_to_start()
    assert window.start_page is not start_before and window.stack.currentWidget() is window.start_page

    choose(window, "en")
    assert i18n.language() == "en"
    assert language_menu(window).title() == "&Language"
    assert QApplication.translate("QPlatformTheme", "Cancel") == "Cancel"
    assert not any(JAPANESE.search(t) for t in shown_texts(window.start_page))


def test_start_page_in_japanese(window):
    choose(window, "ja")
    texts = shown_texts(window.start_page)
    assert any(JAPANESE.search(t) for t in texts), texts
    # no word on it that the catalogue says in Japanese is left in English
    left = [t for t in texts if i18n._(t) != t]
    assert left == [], left


def test_system_choice_follows_the_environment(window, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "ja")
    choose(window, "system")
    assert window.settings.value(ui_i18n.LANGUAGE_KEY) == "system"
    assert i18n.language() == "ja"
    assert language_menu(window).actions()[0].text() == "システム"
    monkeypatch.setenv("LANGUAGE", "en")
    choose(window, "system")
    assert i18n.language() == "en"


def test_start_language_order(monkeypatch):
    from reclaimdesk.ui.common import make_settings

    settings = make_settings()
    monkeypatch.setenv("LANGUAGE", "en")
    assert ui_i18n.start_language(settings, []) == "en"          # nothing saved: the system's
    ui_i18n.save_choice(settings, "ja")
    assert ui_i18n.start_language(settings, []) == "ja"          # the saved choice
    assert ui_i18n.start_language(settings, ["--lang=en"]) == "en"  # the command line first
    assert ui_i18n.start_language(settings, ["--lang", "xx"]) == "ja"  # a bad one is ignored
    ui_i18n.save_choice(settings, "klingon")
    assert ui_i18n.saved_choice(settings) == "system"


def test_japanese_font_is_registered_and_falls_back(qapp):
    family = ui_i18n.use_japanese_font()
    assert family and "IPA" in family
    from PySide6.QtGui import QFontDatabase, QFontMetrics

    assert family in QFontDatabase.families()
    assert family in QApplication.font().families()
    metrics = QFontMetrics(QApplication.font())
    assert metrics.inFontUcs4(ord("あ")) or metrics.horizontalAdvance("日本語") > 0


@pytest.mark.parametrize("game_id, module", [("claim-control", "reclaimdesk.ui.claim_control"),
                                             ("the-reclamation", "reclaimdesk.ui.the_reclamation")])
def test_switching_language_keeps_a_table_game(window, game_id, module):
    import importlib

    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import GameRecord

    state = get_game(game_id).new_game(2, 5)
    for _turn in range(3):
        state.apply(state.legal_actions()[0])
    record = GameRecord.from_state(state, [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}])
    window._show_page(importlib.import_module(module).TABLE.page_from_record(record, window.settings))
    page = window.page
    english = shown_texts(page)

    choose(window, "ja")
    assert window.page is not page and window.page.game_id == game_id
    assert window.page.record().actions == record.actions
    japanese = shown_texts(window.page)
    assert any(JAPANESE.search(t) for t in japanese), japanese
    assert japanese != english
    choose(window, "en")
    assert not any(JAPANESE.search(t) for t in shown_texts(window.page))
