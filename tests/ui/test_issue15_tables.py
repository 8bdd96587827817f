"""Issue 15's findings on Claim Control and The Reclamation, played through the
window: what a player sees right after a placement (no refusal mark on the piece
just placed, the newest placement in sight in the list, influence shown)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.games.claim_control.actions import ClaimAction

from .test_claim_control_table import ClaimPlayer, start_from_the_start_page


@pytest.fixture(autouse=True)
def quick_ai(monkeypatch):
    from reclaimdesk.ui.claim_control.controller import ClaimController

    monkeypatch.setattr(ClaimController, "ai_pause_ms", 0)


def test_the_piece_just_placed_is_not_marked_refused_while_the_pointer_stays(qtbot, window):
    page = start_from_the_start_page(qtbot, window, mode="people")
    c = page.controller
    player = ClaimPlayer(page)
    action = ClaimAction.parse("square blue c3")
    player.perform(action)
    assert c.state.history[-1] == action
    # the pointer has not moved: the square just placed shows no red refusal
    ghost = page.table.scene.ghost.ghost
    assert ghost is None or ghost[-1], ghost
    # moving on to another place and back shows the truth again (occupied: refused)
    other = ClaimAction.parse("square blue d4")
    player.hover_at(player.place_pos(other))
    assert c.ghost is not None and c.ghost.legal
    player.hover_at(player.place_pos(action))
    assert c.ghost is not None and not c.ghost.legal


def test_the_placements_list_shows_the_newest_move(qtbot, window):
    page = start_from_the_start_page(qtbot, window, mode="people")
    c = page.controller
    player = ClaimPlayer(page)
    log = page.table.panel.log
    while len(c.state.history) < 24:
        player.perform(c.state.legal_actions()[len(c.state.history) % 5])
        qtbot.wait(1)
    assert log.count() == len(c.state.history) >= 20
    bar = log.verticalScrollBar()
    assert bar.maximum() > 0, "the list should be longer than it is tall here"
    last = log.item(log.count() - 1)
    rect = log.visualItemRect(last)
    assert log.viewport().rect().contains(rect), (rect, log.viewport().rect(), bar.value(), bar.maximum())


def test_influence_is_shown_by_default(qtbot, window):
    page = start_from_the_start_page(qtbot, window, mode="people")
    player = ClaimPlayer(page)
    assert page.table.panel.overlay_box.isChecked()
    player.perform(ClaimAction.parse("square blue c3"))
    assert page.table.scene.overlay.claims != ()


def test_the_placements_list_shows_the_newest_move_against_the_ai(qtbot, window):
    window.resize(1024, 768)
    page = start_from_the_start_page(qtbot, window, side=0, level="easy")
    c = page.controller
    player = ClaimPlayer(page)
    log = page.table.panel.log
    while len(c.state.history) < 30:
        qtbot.waitUntil(lambda: c.human_turn(), timeout=20000)
        player.perform(c.state.legal_actions()[len(c.state.history) % 7])
        qtbot.waitUntil(lambda: c.human_turn(), timeout=20000)

        def newest_in_view():
            last = log.item(log.count() - 1)
            rect = log.visualItemRect(last)
            bar = log.verticalScrollBar()
            assert log.viewport().rect().contains(rect), (len(c.state.history), rect, log.viewport().rect(), bar.value(), bar.maximum())

        qtbot.waitUntil(newest_in_view, timeout=10000)



# --- item 10: nothing of a game stays once it is over or left ----------------------------------
def test_back_on_the_start_page_no_message_of_the_game_stays(qtbot, window):
    page = start_from_the_start_page(qtbot, window, mode="people")
    player = ClaimPlayer(page)
    player.pick("square", "blue")
    assert "picked" in window.statusBar().currentMessage()
    QTest.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.stack.currentWidget() is window.start_page
    assert window.statusBar().currentMessage() == ""
    # a late word from the closed game (its AI, a timer) does not reach the start page
    page.status.emit("late news from the old game", 0)
    assert window.statusBar().currentMessage() == ""


def test_a_finished_reclaim_game_shows_no_field_cards(qtbot, window, tmp_path):
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import GameRecord, save_record

    spec = get_game("reclaim")
    state = spec.new_game(1, 20261121, {"map": "river"})
    brain = spec.agent("easy", 3)
    while not state.is_terminal():
        state.apply(brain.choose(state.clone()))
    record = GameRecord.from_state(state, [{"name": "You", "kind": "human"}])
    path = tmp_path / "finished.json"
    save_record(record, path)
    assert window.open_record(path)
    page = window.page
    scene = page.table.scene
    assert page.controller.over
    assert [item.face for item in scene.field] == [None, None]
    assert not any(item.isVisible() for item in scene.field)


# --- item 3: Reclaim's status bar names the square under the pointer ------------------------------
def test_reclaim_status_bar_names_the_hovered_square_of_the_shape(qtbot, window):
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.grid import cell_name
    from reclaimdesk.games.reclaim.components import SIZE
    from reclaimdesk.ui.reclaim import geometry as rgeo

    from .player import ViewPlayer
    from .test_reclaim_game import start_solo_with_seed

    page = start_solo_with_seed(qtbot, window, 20261121)
    player = ViewPlayer(page)
    c = page.controller
    brain = get_game("reclaim").agent("easy", 5)
    checked = 0
    for _turn in range(12):
        sid = c.shape_to_draw() if c.human_turn() else None
        if sid is not None and rgeo.ghost_pivot(c._rotated(sid)) != (0, 0):
            for cell in [(r, col) for r in range(1, SIZE - 1, 2) for col in range(1, SIZE - 1, 2)]:
                player.hover_cell(cell)
                ghost = c.ghost
                if ghost is None or not ghost.legal:
                    continue
                text = window.statusBar().currentMessage()
                named = text.split(":")[0]
                assert named in [cell_name(x) for x in ghost.cells], (text, ghost.cells)
                if cell in ghost.cells:
                    assert named == cell_name(cell), (text, cell)
                checked += 1
            if checked >= 5:
                break
        if player.close_scoring():
            continue
        player.perform(brain.choose(c.state.clone()))
    assert checked >= 5
