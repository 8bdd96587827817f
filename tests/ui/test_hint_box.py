"""The hint box the three board games share (The Reclamation, Claim Control,
Reclamation Wars): a hint asked for is told in words in the side panel, stays on
the board while the pointer moves over it, and Enter on the board or the box's
"Take it (Enter)" button plays exactly the hinted action."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from .helpers import click_button, send_mouse_move
from .test_every_screen_fits import look, small, speak  # noqa: F401  (fixtures; styled is in conftest)

PEOPLE2 = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]
PEOPLE3 = PEOPLE2 + [{"name": "Cy", "kind": "human"}]


def _the_reclamation(qtbot, window):
    from .test_the_reclamation_table import open_game

    return open_game(window, PEOPLE2)


def _claim_control(qtbot, window):
    from reclaimdesk.ui.claim_control import TABLE

    page = TABLE.page_for_choice({"players": PEOPLE2, "seed": 5, "options": {}}, window.settings)
    window._show_page(page)
    return page


def _reclamation_wars(qtbot, window):
    from .test_reclamation_wars_game import start

    return start(window, PEOPLE3, 3)


GAMES = {"the-reclamation": _the_reclamation, "claim-control": _claim_control,
         "reclamation-wars": _reclamation_wars}


def ask_for_hint(qtbot, page):
    c = page.controller
    assert page.can_hint()
    page.hint()                                   # what Game > Hint (H) calls
    qtbot.waitUntil(lambda: c.hint is not None and not c.busy, timeout=30000)
    return c.hint


def drawn(page, hint) -> bool:
    """Whether the board shows ``hint`` (each game marks it its own way)."""
    scene = page.table.scene
    if page.game_id == "claim-control":
        return scene.hint.place == (("cell" if hint.piece == "square" else "spot"), hint.index)
    if page.game_id == "reclamation-wars":
        return hint.hex is None or scene.highlights["hint"].hexes == (hint.hex,)
    cells = page.controller.hint_cells()
    hinted_card = any(f.hinted for row in scene.current.cards for f in row)
    return scene.highlights["hint"].cells == tuple(cells) if cells else hinted_card


def wave_over_the_board(page) -> None:
    viewport = page.table.view.viewport()
    w, h = viewport.width(), viewport.height()
    for fx, fy in ((0.5, 0.5), (0.3, 0.6), (0.7, 0.35), (0.1, 0.1)):
        send_mouse_move(viewport, QPointF(w * fx, h * fy))


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("how", ["enter", "button"])
def test_the_hint_is_explained_stays_and_is_taken(qtbot, window, game, how):
    page = GAMES[game](qtbot, window)
    c, box = page.controller, page.table.hint_box
    assert not box.isVisible()
    hint = ask_for_hint(qtbot, page)
    assert c.state.why_illegal(hint) == ""
    assert box.isVisible() and box.take_button.isEnabled() and drawn(page, hint)
    words = box.text.text()
    assert words.startswith("Hint") and words.replace("\u200b", "") == c.hint_text()
    assert box.take_button.text() == "Take it (Enter)"

    wave_over_the_board(page)                     # the pointer over the board keeps the hint
    assert c.hint == hint and box.isVisible() and drawn(page, hint)

    before = len(c.state.history)
    if how == "enter":
        page.table.view.setFocus()
        QTest.keyClick(page.table.view, Qt.Key.Key_Return)
    else:
        click_button(box.take_button)
    assert len(c.state.history) == before + 1
    assert c.state.history[before] == hint        # exactly the hinted action, nothing else
    assert c.hint is None and not box.isVisible()


def game_menu_entry(window, text):
    menu = window.game_menu
    return next((a for a in menu.actions() if a.text().split("\t")[0] == text), None)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("how", ["esc", "button"])
def test_the_hint_is_put_away_with_esc_or_its_button_and_nothing_else_changes(qtbot, window, game, how):
    """Esc on the board (or the box's Hide) puts the hint away and changes nothing
    else; the next Esc does the game's own Esc (The Reclamation: forget the chosen card)."""
    page = GAMES[game](qtbot, window)
    c, box, view = page.controller, page.table.hint_box, page.table.view
    hint = ask_for_hint(qtbot, page)
    assert box.dismiss_button.text() == "Hide (Esc)" and box.dismiss_button.isVisible()
    before = (len(c.state.history), c.state.current_player, page.record().actions)
    if how == "esc":
        view.setFocus()
        QTest.keyClick(view, Qt.Key.Key_Escape)
    else:
        click_button(box.dismiss_button)
    assert c.hint is None and not box.isVisible() and not drawn(page, hint)
    assert (len(c.state.history), c.state.current_player, page.record().actions) == before
    assert view.hasFocus() or how == "esc"
    if game == "the-reclamation":  # Esc again: the game's own Esc
        c.selected_card = 1
        QTest.keyClick(view, Qt.Key.Key_Escape)
        assert c.selected_card == 0


@pytest.mark.parametrize("game", list(GAMES))
def test_game_menu_take_the_hint_plays_it(qtbot, window, game):
    page = GAMES[game](qtbot, window)
    c = page.controller
    entry = game_menu_entry(window, "Take the hint")
    assert entry is not None and not entry.isEnabled()   # no hint yet
    hint = ask_for_hint(qtbot, page)
    assert entry.isEnabled() and entry.text().endswith("\tEnter")
    before = len(c.state.history)
    entry.trigger()
    assert c.state.history[before:] == [hint] and c.hint is None and not entry.isEnabled()


@pytest.mark.parametrize("game", list(GAMES))
def test_taking_back_drops_the_hint(qtbot, window, game):
    page = GAMES[game](qtbot, window)
    c, box = page.controller, page.table.hint_box
    hint = ask_for_hint(qtbot, page)
    assert c.take_hint() and c.state.history[-1] == hint
    ask_for_hint(qtbot, page)
    assert box.isVisible()
    page.undo()
    assert c.hint is None and not box.isVisible()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_hint_box_fits_at_1024x768(qtbot, small, game, lang):
    window = small
    speak(window, lang)
    page = GAMES[game](qtbot, window)
    window.resize(1024, 768)
    ask_for_hint(qtbot, page)
    assert page.table.hint_box.isVisible()
    assert look(window, f"{game} {lang} with a hint") == []


# --- Alluvium (its own table: the hint's words and 'Take the hint' in the turn panel) -------------
@pytest.mark.parametrize("how", ["enter", "enter-after-arrows", "button"])
def test_alluvium_hint_stays_and_enter_or_the_button_draws_exactly_it(qtbot, how):
    from .test_alluvium_table import VS_AI, open_page, wait_for_human

    page = open_page(qtbot, VS_AI)
    wait_for_human(qtbot, page)
    c, panel, view = page.controller, page.table.panel, page.table.view
    click_button(panel.hint_button)
    qtbot.waitUntil(lambda: c.hint is not None, timeout=30000)
    hint = c.hint
    assert c.state.why_illegal(hint) == ""
    assert panel.hint_label.isVisible() and panel.hint_label.text() == c.hint_text()
    assert panel.take_hint_button.isVisible()
    wave_over_the_board(page)
    assert c.hint == hint and panel.hint_label.isVisible()
    before = len(c.state.history)
    if how == "button":
        click_button(panel.take_hint_button)
    else:
        view.setFocus()
        if how == "enter-after-arrows":                     # a keyboard cursor does not outrank the hint
            QTest.keyClick(view, Qt.Key.Key_Left)
        QTest.keyClick(view, Qt.Key.Key_Return)
    assert len(c.state.history) > before and c.state.history[before] == hint
    assert c.hint is None


def test_alluvium_esc_puts_the_hint_away_and_the_page_offers_take_the_hint(qtbot):
    """Esc on the sheet puts Alluvium's hint away (nothing drawn); the page's Game
    menu command 'Take the hint' is enabled while one is showing and draws it."""
    from .test_alluvium_table import VS_AI, open_page, wait_for_human

    page = open_page(qtbot, VS_AI)
    wait_for_human(qtbot, page)
    c, panel, view = page.controller, page.table.panel, page.table.view
    (entry,) = page.menu_actions()
    assert entry.text().split("\t")[0] == "Take the hint" and not entry.isEnabled()
    click_button(panel.hint_button)
    qtbot.waitUntil(lambda: c.hint is not None, timeout=30000)
    assert entry.isEnabled()
    before = len(c.state.history)
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert c.hint is None and not panel.hint_label.isVisible() and len(c.state.history) == before
    assert not entry.isEnabled()
    click_button(panel.hint_button)
    qtbot.waitUntil(lambda: c.hint is not None, timeout=30000)
    hint = c.hint
    entry.trigger()
    assert c.state.history[before] == hint and c.hint is None
