"""Every game's table, end screen and new-game dialog say their words in the
language in force when they are built, module-level tables of labels included
(they are marked N_() and translated where shown), and no English sentence is
left on them."""

import re

import pytest
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel

from reclaimdesk.core import i18n
from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import GameRecord, save_record

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{3,}\b[ ,.:;]+\b[A-Za-z]{3,}\b")
"""Two English words in a row: a sentence or a label left untranslated (names of
players, maps' notation and 'PDF' are single words)."""

GAMES = {
    "reclaim": ([{"name": "Ann", "kind": "human"}], {"map": "river"}, 30),
    "claim-control": ([{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "ai", "level": "easy"}], {}, 10),
    "the-reclamation": ([{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "ai", "level": "easy"}],
                        {"rules": "throne"}, 8),
}


def texts(widget):
    out = []
    for child in widget.findChildren(QLabel) + widget.findChildren(QAbstractButton):
        if child.isVisibleTo(widget):
            text = re.sub(r"<[^>]+>", " ", child.text()).replace("&", "").strip()
            if text:
                out.append(text)
    for box in widget.findChildren(QComboBox):
        out += [box.itemText(i) for i in range(box.count())]
    return out


def record_of(game_id, plies=None, seed=5):
    players, options, n = GAMES[game_id]
    spec = get_game(game_id)
    state = spec.new_game(len(players), seed, options)
    agent = spec.agent("random", seed)
    while not state.is_terminal() and (plies is None or len(state.history) < plies):
        state.apply(agent.choose(state))
    return GameRecord.from_state(state, players)


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def english_left(found):
    return [t for t in found if ENGLISH_WORDS.search(t) and not JAPANESE.search(t)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_table_and_end_screen_in_japanese(window, qtbot, tmp_path, japanese, game_id):
    for when, plies in (("mid", GAMES[game_id][2]), ("end", None)):
        path = tmp_path / f"{game_id}-{when}.json"
        save_record(record_of(game_id, plies), path)
        assert window.open_record(path)
        page = window.page
        if when == "end" and hasattr(page, "show_end"):
            page.show_end()

        def all_in_japanese():
            found = texts(page.currentWidget() if hasattr(page, "currentWidget") else page)
            assert sum(1 for t in found if JAPANESE.search(t)) >= 5, found
            assert english_left(found) == [], english_left(found)

        qtbot.waitUntil(all_in_japanese, timeout=10000)
        window.back_to_start()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_new_game_dialogs_follow_the_language_of_the_moment(window, qtbot, game_id):
    window._open_new_game_dialog(game_id)
    english = texts(window.dialog)
    window.dialog.reject()
    i18n.set_language("ja")
    try:
        window._open_new_game_dialog(game_id)
        japanese = texts(window.dialog)
        window.dialog.reject()
    finally:
        i18n.set_language("en")
    assert english_left(japanese) == [], english_left(japanese)
    assert len(japanese) == len(english) and japanese != english
    # the module-level choices (AI levels, seat kinds, maps) are translated too
    combos = [t for t in japanese if JAPANESE.search(t)]
    assert len(combos) >= 3, japanese
