"""Issue 24, item 6: names are roles until a person types one ("You" and
"Computer" show in the language of the moment, a typed name as typed); the UI
font does not change when the Language menu shows 日本語; File > Open starts in
the games folder; a refused action is told on the board beside the pointer, in
every game (the toy sixth game too)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel

from reclaimdesk.core.game import all_games
from reclaimdesk.core.i18n import _, using_language
from reclaimdesk.ui.plugin import table_for

GAMES = [spec.id for spec in all_games() if table_for(spec.id) is not None]


@pytest.fixture(params=[*GAMES, "toy"])
def game_id(request):
    if request.param != "toy":
        yield request.param
        return
    yield request.getfixturevalue("toy").id


def _people(game_id: str, first: str) -> list[dict]:
    spec = next(s for s in all_games() if s.id == game_id)
    names = [first, "Ada", "Bo", "Cy", "Di", "Ed"]
    return [{"name": names[i], "kind": "human"} for i in range(spec.min_players if spec.min_players > 1 else 2)
            if i < spec.max_players]


@pytest.mark.parametrize("game_id", GAMES)
def test_default_names_are_roles_shown_in_the_language_of_the_moment(qtbot, window, game_id):
    """A game begun in Japanese with the dialog's default name (あなた) keeps the
    role "You" in its record: in English it says You, in Japanese あなた; a typed
    name (Ada) stays as typed in both."""
    from reclaimdesk.core.i18n import set_language

    with using_language("ja"):
        you = _("You")
    assert you != "You"
    window.switch_language("ja")
    window.start_choice(game_id, {"players": _people(game_id, you), "seed": 5, "options": {}})
    c = window.page.controller
    assert c.record().players[0]["name"] == "You"
    assert c.seats[0].name == you
    typed = [s.name for s in c.seats[1:]]
    window.switch_language("en")
    c = window.page.controller
    assert c.seats[0].name == "You" and [s.name for s in c.seats[1:]] == typed
    assert c.record().players[0]["name"] == "You"
    set_language("en")


def test_the_language_menu_leaves_the_ui_font_alone(qtbot, window):
    """Showing Options > Language (it names 日本語) registers the Japanese font
    without changing the UI font or its bold headings; Japanese adds it to the
    UI font, and English gives the UI font back as it was."""
    from reclaimdesk.ui import i18n as ui_i18n

    menu = window.findChild(type(window.game_menu), "languageMenu")
    before = QApplication.font().families()
    heading = window.start_page.findChild(QLabel, "cardName")
    weight = heading.font().weight()
    menu.aboutToShow.emit()
    assert ui_i18n.japanese_family() is not None
    assert QApplication.font().families() == before
    assert heading.font().weight() == weight
    window.switch_language("ja")
    assert ui_i18n.japanese_family() in QApplication.font().families()
    window.switch_language("en")
    assert QApplication.font().families() == before
    heading = window.start_page.findChild(QLabel, "cardName")
    assert heading.font().weight() == weight


def test_file_open_starts_in_the_games_folder(qtbot, window, data_dir, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    asked: list[str] = []
    answer = {"path": ""}

    def get_open_file_name(parent, title, folder, filters):
        asked.append(folder)
        return answer["path"], ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(get_open_file_name))
    window.open_action.trigger()
    games = data_dir / "games"
    assert Path(asked[-1]) == games and games.is_dir()
    # a record opened from elsewhere: the next Open starts there, until that folder is gone
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    answer["path"] = str(elsewhere / "missing.json")
    window.open_action.trigger()
    if window.last_message is not None:
        window.last_message.close()
    answer["path"] = ""
    window.open_action.trigger()
    assert Path(asked[-1]) == elsewhere
    elsewhere.rmdir()
    window.open_action.trigger()
    assert Path(asked[-1]) == games


def test_a_refusal_is_told_on_the_board_beside_the_pointer(qtbot, window, game_id):
    """Clicks over the board (real mouse events) until one is refused: its reason
    shows in a note on the board beside the pointer, inside the board, and the
    next move puts it away. A click that played something is taken back."""
    from .test_window_keys import start

    page = start(qtbot, window, game_id)
    c = page.controller
    view = page.table.view
    viewport = view.viewport()
    said: list[str] = []
    c.refused.connect(said.append)
    w, h = viewport.width(), viewport.height()
    points = [QPoint(int(w * (i + 0.5) / 9), int(h * (j + 0.5) / 9)) for j in range(9) for i in range(9)]
    at = None
    for point in points:
        before = len(c.state.history)
        QTest.mouseMove(viewport, point)
        QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        if said:
            at = point
            break
        if len(c.state.history) != before:
            qtbot.waitUntil(lambda: not c.busy, timeout=30000)
            c.undo()
            qtbot.waitUntil(lambda: c.human_turn() and not c.busy, timeout=30000)
    assert at is not None, "no click on the board was refused"
    note = view.note
    assert note is not None and note.isVisible() and note.text() == said[-1]
    box = note.geometry()
    assert viewport.rect().contains(box), "the note is cut by the board's edge"
    # beside the pointer: just below or above it, across it or its neighbour (pushed in from an edge)
    assert box.left() - 40 <= at.x() <= box.right() + 40, (box, at)
    assert 0 <= box.top() - at.y() <= 40 or 0 <= at.y() - box.bottom() <= 40, (box, at)
    # the next move puts it away
    c._apply(c.state.legal_actions()[0])
    assert not note.isVisible()
