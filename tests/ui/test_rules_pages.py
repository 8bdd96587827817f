"""The players' rules pages: one per game with a table and per language, found by
the game id in the game's own UI package; every link in them leads somewhere (an
anchor of the same page or a web address), and the rules window never shows a
blank page."""

import re
from html.parser import HTMLParser

import pytest

from reclaimdesk.core import i18n
from reclaimdesk.core.game import all_games
from reclaimdesk.ui.common import RULES_FOLDER, RULES_FORMATS, rules_file, ui_package_dir

DEVELOPER_WORDS = ("reclaimdesk/", "tests/", ".py", "docs/", "(pass)", "the tier field")


def games_with_a_table() -> list[str]:
    """Registered games that have a UI package (their table)."""
    return [g.id for g in all_games() if (ui_package_dir(g.id) / "__init__.py").exists()]


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.anchors: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        attrs = dict(attrs)
        for key in ("name", "id"):
            if attrs.get(key) and (key == "id" or tag == "a"):
                self.anchors.add(attrs[key])
        if tag == "a" and attrs.get("href") is not None:
            self.hrefs.append(attrs["href"])


def links_of(page) -> Links:
    """The anchors and links of a page (HTML, or Markdown with its [text](href)
    links and any inline <a> tags)."""
    text = page.read_text(encoding="utf-8")
    parser = Links()
    parser.feed(text)
    if page.suffix == ".md":
        parser.hrefs += re.findall(r"\]\(([^)\s]+)[^)]*\)", text)
        parser.hrefs += re.findall(r"<(https?://[^>]+)>", text)
    return parser


def pages():
    return [(game, lang) for game in games_with_a_table() for lang in i18n.LANGUAGES]


def test_the_games_with_a_table_are_found():
    assert {"reclaim", "claim-control", "the-reclamation"} <= set(games_with_a_table())


@pytest.mark.parametrize("game, lang", pages())
def test_every_game_with_a_table_has_a_rules_page_in_every_language(game, lang):
    folder = ui_package_dir(game) / RULES_FOLDER
    found = [folder / f"{lang}{suffix}" for suffix in RULES_FORMATS if (folder / f"{lang}{suffix}").is_file()]
    assert found, f"{game} has no rules page in {lang}: write {folder / (lang + '.html')} (or .md)"
    page = found[0]
    assert rules_file(game, lang) == page
    text = page.read_text(encoding="utf-8")
    assert len(text) > 2000, f"{page} is too short to hold the rules and how to play them in the app"
    if page.suffix == ".html":
        assert 'name="app"' in text, f"{page} has no 'Playing in the app' section (anchor 'app')"
    for word in DEVELOPER_WORDS:
        assert word not in text, f"{page} speaks to developers ({word!r}); developer notes stay in docs/"


@pytest.mark.parametrize("game, lang", pages())
def test_every_link_resolves(game, lang):
    page = rules_file(game, lang)
    parser = links_of(page)
    for href in parser.hrefs:
        if href.startswith("#"):
            assert href[1:] in parser.anchors, f"{page}: link {href} has no anchor"
        else:
            assert href.startswith(("https://", "http://", "mailto:")), f"{page}: link {href} leads nowhere"


def test_the_japanese_page_is_japanese_and_english_is_the_fallback(tmp_path):
    assert "リクレイム" in rules_file("reclaim", "ja").read_text(encoding="utf-8")
    assert rules_file("reclaim", "xx").name == "en.html"


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_rules_window_follows_links_without_leaving_the_page(qtbot, monkeypatch, lang):
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QDesktopServices

    from reclaimdesk.ui.dialogs import RulesDialog

    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True)
    i18n.set_language(lang)
    try:
        for game in games_with_a_table():
            dialog = RulesDialog(game)
            qtbot.addWidget(dialog)
            browser = dialog.browser
            text = browser.toPlainText()
            assert len(text) > 1000, f"{game} ({lang}): the rules window is (nearly) empty"
            parser = links_of(rules_file(game, lang))
            for href in parser.hrefs + ["../../docs/reclaim-balance.md", "elsewhere.html"]:
                browser.anchorClicked.emit(QUrl(href))
                assert browser.toPlainText() == text, f"{game} ({lang}): following {href} changed the page"
                assert browser.source().isEmpty()
            browser.anchorClicked.emit(QUrl("https://example.org/"))
            assert opened[-1] == "https://example.org/"
            assert browser.toPlainText() == text
    finally:
        i18n.set_language("en")


def test_the_rules_window_is_in_the_language_chosen(qtbot):
    from reclaimdesk.ui.dialogs import RulesDialog

    i18n.set_language("ja")
    try:
        dialog = RulesDialog("the-reclamation")
        qtbot.addWidget(dialog)
        assert "庭師" in dialog.browser.toPlainText()
        assert "ザ・リクラメーション" in dialog.windowTitle()
    finally:
        i18n.set_language("en")
    dialog = RulesDialog("the-reclamation")
    qtbot.addWidget(dialog)
    assert "Gardener" in dialog.browser.toPlainText() and dialog.windowTitle() == "Rules of The Reclamation"
