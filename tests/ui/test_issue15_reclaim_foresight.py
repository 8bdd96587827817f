"""Issue 15, Reclaim items 1 and 2, played through the window: the ghost shows
what a placement would do before the click (the squares it walls off, castle
links made or cut, the score), and a hint stays on the board, is explained in
the panel and is taken with its button or Enter."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.game import get_game
from reclaimdesk.core.grid import cell_name
from reclaimdesk.core.record import GameRecord, save_record
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import GRID
from reclaimdesk.games.reclaim.consequences import castle_groups
from reclaimdesk.ui.reclaim import geometry as geo

from .helpers import send_mouse_move
from .player import ViewPlayer


def open_position(window, tmp_path, state):
    """The window on a solo game standing at ``state`` (saved as a record, opened)."""
    path = tmp_path / "position.json"
    save_record(GameRecord.from_state(state, [{"name": "You", "kind": "human"}]), path)
    assert window.open_record(path)
    page = window.page
    assert page.controller.state.state_key() == state.state_key()
    return page


def play_to(seed: int, found, map_id: str = "river"):
    """An AI-played solo game up to the first position where ``found(state)``
    gives an action; (state, action)."""
    spec = get_game("reclaim")
    state = spec.new_game(1, seed, {"map": map_id})
    agent = spec.agent("easy", seed)
    while not state.is_terminal():
        action = found(state)
        if action is not None:
            return state, action
        state.apply(agent.choose(state.clone()))
    raise AssertionError("no such position in the game")


def walling_draw(state):
    if state.phase != "place":
        return None
    for action in state.legal_actions():
        if action.kind == "shape":
            after = state.child(action)
            if after.round == state.round and after.sheets[0].xs & ~state.sheets[0].xs:
                return action
    return None


def words_settled(player):
    """Wait until the panel's words follow the pointer (they come once it rests):
    as long as a loaded machine needs (30 s at most, as qtbot.waitUntil would)."""
    timer = player.table.words_timer
    for _ in range(6000):
        if not timer.isActive():
            return
        QTest.qWait(5)
    raise AssertionError("the panel's words never came")


def hover_draw(player, action):
    c = player.controller
    while c.rotation != action.rotation:
        player.key(Qt.Key.Key_R)
    shape = c.state.shape(action.shape).rotations()[action.rotation]
    player.hover_cell(geo.pointer_for(shape, action.cell))
    assert c.ghost is not None and c.ghost.action() == action and c.ghost.legal
    words_settled(player)


def off_the_map(player):
    """Move the pointer onto the table beside the map (no square under it)."""
    x, y, w, h = geo.MAP_X, geo.MAP_Y, geo.MAP_W, geo.MAP_H
    pos = player.view.mapFromScene(QPointF(x + w + 40, y + h / 2))
    send_mouse_move(player.view.viewport(), QPointF(pos))
    assert player.view._last_cell is None


# --- item 1: consequences before the click ----------------------------------------------------
def test_the_ghost_shows_the_squares_it_walls_off_and_their_points_before_the_click(qtbot, window, tmp_path):
    state, action = play_to(3, walling_draw)
    page = open_position(window, tmp_path, state)
    c, scene, panel = page.controller, page.table.scene, page.table.panel
    player = ViewPlayer(page)
    hover_draw(player, action)

    walled = set(scene.forecast.walled)
    assert walled and scene.forecast.isVisible()
    n = len(walled)
    status = window.statusBar().currentMessage()
    assert f"walls off {n} square{'s' if n > 1 else ''}: -{2 * n} points" in status, status
    words = panel.forecast.text.text()
    assert panel.forecast.isVisible() and f"Walls off {n} square" in words, words
    for cell in walled:
        assert cell_name(cell) in words
    before_total = c.state.projected_total(0)
    predicted = c.ghost.forecast.score_change
    assert f"({predicted:+d})" in words, words

    xs_before = c.state.sheets[0].xs
    player.click_cell(player.view._last_cell)
    assert c.state.history[-1] == action
    became_x = set(GRID.cells_of(c.state.sheets[0].xs & ~xs_before))
    assert became_x == walled  # the ghost showed exactly the squares that became X
    assert c.state.projected_total(0) - before_total == predicted == -2 * n
    assert not scene.forecast.isVisible()  # drawn: nothing left to foretell there


def test_a_harmless_placement_says_so(qtbot, window, tmp_path):
    state, action = play_to(3, lambda s: next(
        (a for a in s.legal_actions() if a.kind == "shape" and not s.child(a).sheets[0].xs & ~s.sheets[0].xs),
        None) if s.phase == "place" else None)
    page = open_position(window, tmp_path, state)
    player = ViewPlayer(page)
    hover_draw(player, action)
    assert not page.table.scene.forecast.walled
    assert "Walls off no square." in page.table.panel.forecast.text.text()
    assert "walls off" not in window.statusBar().currentMessage()


def link_changing_payment(state):
    if state.phase != "pay":
        return None
    for action in state.legal_actions():
        if action.kind == "pay":
            after = state.child(action)
            if after.round != state.round:
                continue
            if castle_groups(state, after.sheets[0]) != castle_groups(state, state.sheets[0]):
                return action
    return None


def test_pointing_at_a_square_to_pay_shows_the_castle_links_it_makes_or_cuts(qtbot, window, tmp_path):
    state, action = play_to(8, link_changing_payment)
    page = open_position(window, tmp_path, state)
    c, scene, panel = page.controller, page.table.scene, page.table.panel
    player = ViewPlayer(page)
    player.hover_cell(action.cell)
    words_settled(player)
    forecast = c.cell_forecast
    assert forecast is not None and forecast.action == action
    groups_before = castle_groups(c.state, c.state.sheets[0])
    made = {cell for g in forecast.links_made for cell in g}
    cut = {cell for g in forecast.links_cut for cell in g}
    assert made or cut
    assert set(scene.forecast.linked) == made and set(scene.forecast.cut) == cut
    words = panel.forecast.text.text()
    for group in forecast.links_made:
        assert "Links the castles on" in words and all(cell_name(x) in words for x in group)
    for group in forecast.links_cut:
        assert "Cuts the link between the castles on" in words
    assert ("links castles" in window.statusBar().currentMessage()) == bool(made)

    before_total = c.state.projected_total(0)
    player.click_cell(action.cell)
    assert c.state.history[-1] == action
    groups_after = castle_groups(c.state, c.state.sheets[0])
    assert [g for g in groups_after if g not in groups_before] == list(forecast.links_made)
    assert [g for g in groups_before if g not in groups_after] == list(forecast.links_cut)
    assert c.state.projected_total(0) - before_total == forecast.score_change


# --- item 2: hints you can follow --------------------------------------------------------------
def ask_for_a_hint(qtbot, page):
    c = page.controller
    QTest.mouseClick(page.table.panel.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.hint is not None, timeout=30000)
    return c.hint


def test_the_hint_stays_on_the_map_while_the_mouse_moves_and_enter_takes_it(qtbot, window, tmp_path):
    state, _walls = play_to(3, walling_draw)
    page = open_position(window, tmp_path, state)
    c, scene, panel = page.controller, page.table.scene, page.table.panel
    player = ViewPlayer(page)
    hint = ask_for_a_hint(qtbot, page)
    assert hint.kind == "shape"
    kind, cells = c.hint_cells()
    assert kind == "shape" and set(scene.hint.cells) == set(cells) and scene.hint.style == "hint"
    # the panel says what to draw where, and why
    assert panel.hint_box.isVisible()
    what = panel.hint_box.what.text()
    assert all(cell_name(cell) in what for cell in cells), what
    why = panel.hint_box.why.text()
    assert "Score if the game ended now" in why, why
    paying = [t for t in (c.state.map.at(cell).value for cell in cells) if t not in ("grass", "castle")]
    if paying:  # why the squares are worth having: what they can pay later
        assert "New squares to pay on later:" in why and f"{paying.count(paying[0])} {paying[0]}" in why, why
    assert "Enter" in panel.hint_box.take_button.text()
    # the mouse wanders over the map: the ghost follows it, the hint stays
    for cell in [(0, 0), (6, 6), (12, 12), cells[0], (3, 9)]:
        player.hover_cell(cell)
        assert set(scene.hint.cells) == set(cells) and scene.hint.isVisible()
        assert panel.hint_box.isVisible()
        if c.ghost is not None and c.ghost.legal:  # the status bar says what Enter does now
            assert "Enter takes the hint" in window.statusBar().currentMessage()
    hover_draw(player, hint)  # the ghost right over the hint: the status bar says what Enter does now
    assert "Enter takes the hint" in window.statusBar().currentMessage()
    assert set(scene.hint.cells) == set(cells)
    # turning the shape is not acting either
    player.key(Qt.Key.Key_R)
    assert set(scene.hint.cells) == set(cells)
    # off the map, Enter takes exactly the hint (not the last square pointed at)
    off_the_map(player)
    player.key(Qt.Key.Key_Return)
    assert c.state.history[-1] == hint
    assert c.hint is None and not scene.hint.cells and not panel.hint_box.isVisible()


def test_the_hint_button_takes_the_hint_and_the_menu_names_enter(qtbot, window, tmp_path):
    state, _pay = play_to(8, link_changing_payment)
    page = open_position(window, tmp_path, state)
    c, panel = page.controller, page.table.panel
    menu_item = page.take_hint_action
    assert menu_item in page.menu_actions() and "Enter" in menu_item.text()
    assert not menu_item.isEnabled()
    hint = ask_for_a_hint(qtbot, page)
    assert menu_item.isEnabled()
    assert panel.hint_box.isVisible() and panel.hint_box.what.text()
    length = len(c.state.history)
    QTest.mouseClick(panel.hint_box.take_button, Qt.MouseButton.LeftButton)
    assert len(c.state.history) == length + 1 and c.state.history[-1] == hint
    assert not menu_item.isEnabled()


def test_escape_puts_the_hint_away_and_asking_again_replaces_it(qtbot, window, tmp_path):
    state, _walls = play_to(3, walling_draw)
    page = open_position(window, tmp_path, state)
    c, scene, panel = page.controller, page.table.scene, page.table.panel
    player = ViewPlayer(page)
    ask_for_a_hint(qtbot, page)
    player.key(Qt.Key.Key_Escape)
    assert c.hint is None and not scene.hint.cells and not panel.hint_box.isVisible()
    # put away, Enter over a square draws the ghost there, as before
    ask_for_a_hint(qtbot, page)
    QTest.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)  # asking again: the old one goes
    assert c.hint is None and not scene.hint.cells
    qtbot.waitUntil(lambda: c.hint is not None, timeout=30000)
    player.key(Qt.Key.Key_Escape)
    target = c.state.legal_actions()[0]
    hover_draw(player, target)
    player.key(Qt.Key.Key_Return)
    assert c.state.history[-1] == target


# --- the kin: Enter never acts on a square the player cannot see ---------------------------------
def unpayable_square(state):
    if state.phase != "pay":
        return None
    for r, row_c in GRID.cells_of(state.sheets[0].occupied):
        action = ReclaimAction.pay((r, row_c))
        if state.why_illegal(action):
            return action
    return None


def test_enter_with_the_pointer_off_the_map_shows_the_square_first(qtbot, window, tmp_path):
    state, refused = play_to(3, unpayable_square)
    page = open_position(window, tmp_path, state)
    c, scene = page.controller, page.table.scene
    player = ViewPlayer(page)
    player.hover_cell(refused.cell)
    off_the_map(player)
    length = len(c.state.history)
    player.key(Qt.Key.Key_Return)
    assert len(c.state.history) == length
    message = window.statusBar().currentMessage()
    assert "No unpaid icon" not in message or "click to pay" in message
    assert set(scene.highlights["cursor"].cells) == {refused.cell}  # now the square is shown
    assert c.keyboard


def test_enter_with_the_pointer_off_the_map_shows_the_ghost_before_drawing(qtbot, window, tmp_path):
    state, action = play_to(3, walling_draw)
    page = open_position(window, tmp_path, state)
    c, scene = page.controller, page.table.scene
    player = ViewPlayer(page)
    hover_draw(player, action)
    off_the_map(player)
    assert c.ghost is None and not scene.ghost.cells
    length = len(c.state.history)
    player.key(Qt.Key.Key_Return)
    assert len(c.state.history) == length  # nothing drawn unseen
    assert c.ghost is not None and scene.ghost.cells == c.ghost.cells
    assert scene.forecast.walled == c.ghost.forecast.walled_off
    player.key(Qt.Key.Key_Return)  # now seen: Enter draws it
    assert len(c.state.history) == length + 1 and c.state.history[-1] == action


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_hint_and_the_forecast_fit_the_panel_at_1024x768(qtbot, window, tmp_path, language):
    from PySide6.QtWidgets import QAbstractButton, QLabel

    from reclaimdesk.core import i18n

    i18n.set_language(language)
    window.resize(1024, 768)
    state, action = play_to(3, walling_draw)
    page = open_position(window, tmp_path, state)
    panel = page.table.panel
    player = ViewPlayer(page)
    ask_for_a_hint(qtbot, page)
    hover_draw(player, action)
    qtbot.waitUntil(lambda: panel.hint_box.isVisible() and panel.forecast.isVisible(), timeout=10000)
    if language == "ja":
        assert "×印" in panel.forecast.text.text() and "ヒント" in panel.hint_box.take_button.text()
    for box in (panel.hint_box, panel.forecast):
        for button in box.findChildren(QAbstractButton):
            assert button.width() >= button.sizeHint().width(), (button.text(), button.width())
        labels = [t for t in box.findChildren(QLabel) if t.isVisible() and t.wordWrap()]

        def all_lines_shown():
            return all(t.height() >= t.heightForWidth(t.width()) for t in labels)

        qtbot.waitUntil(all_lines_shown, timeout=2000)
    assert panel.hint_box.geometry().right() <= panel.width()


# --- the kin: the panel's steps say what they cost before the click ------------------------------
def enter(widget):
    from PySide6.QtCore import QPointF as Point
    from PySide6.QtGui import QEnterEvent
    from PySide6.QtWidgets import QApplication

    centre = Point(widget.rect().center())
    QApplication.sendEvent(widget, QEnterEvent(centre, centre, Point(widget.mapToGlobal(centre))))


def leave(widget):
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    QApplication.sendEvent(widget, QEvent(QEvent.Type.Leave))


def test_pointing_at_accept_the_penalty_says_what_it_costs(qtbot, window, tmp_path):
    state, _pass = play_to(3, lambda s: next((a for a in s.legal_actions() if a.kind == "pass"), None))
    page = open_position(window, tmp_path, state)
    c, panel = page.controller, page.table.panel
    player = ViewPlayer(page)
    assert panel.pass_button.isVisible()
    crossed_before = c.state.sheets[0].crossed
    number = c.state.track.entries[8 - crossed_before].points
    before_total = c.state.projected_total(0)
    enter(panel.pass_button)
    assert panel.forecast.isVisible() and panel.forecast.title.text() == "If you accept the penalty"
    lines = panel.forecast.text.text().splitlines()
    assert f"Crosses out {number} on your scoring track." in lines, lines
    score_line = next(line for line in lines if line.startswith("Score if the game ended now"))
    leave(panel.pass_button)
    assert panel.forecast.title.text() != "If you accept the penalty"

    player.click(panel.pass_button)
    player.answer_question(True)
    assert c.state.history[-1].kind == "pass"
    sheet = c.state.sheets[0]
    assert sheet.crossings[crossed_before] == (state.round, "cost unpaid")
    # the score the words foretold (the next round's own steps, unseen then, left aside)
    this_round = sheet.copy()
    this_round.crossings = [x for x in sheet.crossings if x[0] <= state.round]
    after_total = c.state.sheet_total(this_round)
    if after_total == before_total:
        assert score_line.endswith(f"stays {before_total}."), score_line
    else:
        assert f"{before_total} becomes {after_total} ({after_total - before_total:+d})" in score_line, score_line


def test_pointing_at_a_special_action_says_which_number_it_crosses_out(qtbot, window, tmp_path):
    state, _special = play_to(3, lambda s: next((a for a in s.legal_actions() if a.kind == "special-triangles"), None))
    page = open_position(window, tmp_path, state)
    c, panel = page.controller, page.table.panel
    number = c.state.track.entries[8 - c.state.sheets[0].crossed].points
    enter(panel.special_tri_button)
    assert panel.forecast.title.text() == "If you use the special action's triangles"
    assert f"Crosses out {number} on your scoring track." in panel.forecast.text.text()
    leave(panel.special_tri_button)
    assert panel.forecast.title.text() != "If you use the special action's triangles"


def only_way_to_pay(state):
    """A payment position with exactly one way to pay all the icons (Pay for me is offered)."""
    from collections import Counter

    if state.phase != "pay":
        return None
    cells = [a.cell for a in state.legal_actions() if a.kind == "pay"]
    if len(cells) < 2:
        return None
    need = Counter(icon.terrain.value for icon in state.unpaid)
    have = Counter(state.map.at(c).value for c in cells)
    return tuple(cells) if have == need else None


def test_pointing_at_pay_for_me_says_what_the_whole_payment_does(qtbot, window, tmp_path):
    from reclaimdesk.ui.reclaim.words import icon_name

    state, cells = play_to(8, only_way_to_pay)
    page = open_position(window, tmp_path, state)
    c, panel = page.controller, page.table.panel
    assert panel.autopay_button.isVisible() and sorted(c.unique_payment()) == sorted(cells)
    before_total = c.state.projected_total(0)
    icons = [icon.value for icon in c.state.unpaid]
    enter(panel.autopay_button)
    assert panel.forecast.title.text() == "If the app pays for you"
    lines = panel.forecast.text.text().splitlines()
    pays = next(line for line in lines if line.startswith("Pays "))
    assert all(icon_name(icon) in pays for icon in icons), (pays, icons)
    score_line = next(line for line in lines if line.startswith("Score if the game ended now"))
    QTest.mouseClick(panel.autopay_button, Qt.MouseButton.LeftButton)
    assert [a.cell for a in c.state.history[-len(cells):]] and not c.state.unpaid
    after_total = c.state.projected_total(0)
    if after_total == before_total:
        assert score_line.endswith(f"stays {before_total}."), score_line
    else:
        assert f"{before_total} becomes {after_total}" in score_line, score_line


def test_the_hint_in_the_status_bar_names_squares_of_the_shape(qtbot, window, tmp_path):
    """Item 3's kin: the hint named the corner of the shape's bounding box, which may lie
    outside the shape; now it names the squares the shape covers."""
    state, _walls = play_to(3, walling_draw)
    page = open_position(window, tmp_path, state)
    c = page.controller
    hint = ask_for_a_hint(qtbot, page)
    _kind, cells = c.hint_cells()
    status = window.statusBar().currentMessage()
    named = {name for name in (cell_name((r, col)) for r in range(13) for col in range(13))
             if f" {name}" in status.replace(",", " ").replace("(", " ")}
    assert named == {cell_name(cell) for cell in cells}, (status, hint)
