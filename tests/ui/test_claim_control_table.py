"""Claim Control's table, played through the window like a person: clicks on the
board's viewport at the screen positions of cells, spots and tray rows, plain
mouse moves for hovering, and key presses. The game is only *read* (to decide
what to do); every change goes through the view, the keyboard or the buttons.

Checked here: a whole game by clicks against the AI to the end screen; the
legal places and the ghost under the pointer; illegal choices explained in the
status bar; the influence overlay against the engine; take back (and redo)
against the AI and between two people.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import load_record
from reclaimdesk.games.claim_control.actions import ClaimAction
from reclaimdesk.games.claim_control.board import GRID, Spot
from reclaimdesk.ui.claim_control import geometry as geo

from .helpers import click_button, send_mouse_move


class ClaimPlayer:
    def __init__(self, page) -> None:
        self.page = page
        self.table = page.table
        self.view = page.table.view
        self.panel = page.table.panel
        self.controller = page.controller
        self.moves = 0

    # --- low level -----------------------------------------------------------------------
    def _pos(self, point: QPointF) -> QPoint:
        return point.toPoint()

    def click_at(self, point: QPointF, button=Qt.MouseButton.LeftButton) -> None:
        QTest.mouseClick(self.view.viewport(), button, Qt.KeyboardModifier.NoModifier, self._pos(point))

    def hover_at(self, point: QPointF) -> None:
        send_mouse_move(self.view.viewport(), QPointF(self._pos(point)))

    def key(self, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        QTest.keyClick(self.view, key, modifier)

    def click(self, button) -> None:
        click_button(button)

    # --- positions --------------------------------------------------------------------------
    def place_pos(self, action: ClaimAction) -> QPointF:
        if action.piece == "square":
            return self.view.view_pos_of_cell(action.index)
        return self.view.view_pos_of_spot(action.index)

    def tray_pos(self, seat: int, piece: str, colour: str) -> QPointF:
        return self.view.view_pos_of_tray(seat, piece, colour)

    # --- a whole placement -------------------------------------------------------------------
    def pick(self, piece: str, colour: str, use_key: bool = False) -> None:
        c = self.controller
        if use_key:
            self.key((Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4)[geo.KINDS.index((piece, colour))])
        else:
            self.click_at(self.tray_pos(c.state.current_player, piece, colour))
        assert c.pick == (piece, colour), (c.pick, piece, colour)

    def perform(self, action: ClaimAction) -> None:
        """Pick the piece from the tray (a click, or every third time its key),
        hover the place (the ghost must say it fits and the place must be among
        the highlighted ones), then click it."""
        c = self.controller
        before = len(c.state.history)
        self.moves += 1
        if c.pick != (action.piece, action.colour):
            self.pick(action.piece, action.colour, use_key=self.moves % 3 == 0)
        target = self.place_pos(action)
        self.hover_at(target)
        ghost = c.ghost
        assert ghost is not None and ghost.legal and ghost.action == action, (ghost, action)
        scene = self.table.scene
        highlighted = scene.highlight.cells if action.piece == "square" else scene.highlight.spots
        assert action.index in highlighted
        self.click_at(target)
        after = c.state.history
        assert len(after) > before and after[before] == action, (
            f"the view did not play {action}: {c.state.why_illegal(action)}")


# --- fixtures ---------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def quick_ai(monkeypatch):
    """The AI answers at once (the app waits a moment so people see it coming)."""
    from reclaimdesk.ui.claim_control.controller import ClaimController

    monkeypatch.setattr(ClaimController, "ai_pause_ms", 0)


def start_from_the_start_page(qtbot, window, *, mode: str = "ai", side: int = 0, level: str = "easy"):
    """The start page's Claim Control card, its New game button, the dialog, Start."""
    card = window.start_page.cards["claim-control"]
    QTest.mouseClick(card.buttons["new"], Qt.MouseButton.LeftButton)
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible() and "Claim Control" in dialog.windowTitle()
    QTest.mouseClick(dialog.ai_radio if mode == "ai" else dialog.people_radio, Qt.MouseButton.LeftButton)
    if mode == "ai":
        dialog.side_box.setCurrentIndex(dialog.side_box.findData(side))
        dialog.level_box.setCurrentIndex(dialog.level_box.findData(level))
    QTest.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None and page.game_id == "claim-control"
    window.activateWindow()   # the offscreen platform leaves the closed dialog active
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    return page


def wait_for_person(qtbot, c) -> None:
    qtbot.waitUntil(lambda: c.human_turn() or c.over, timeout=20000)


def status_text(window) -> str:
    return window.statusBar().currentMessage()


# --- a whole game -------------------------------------------------------------------------------
def test_a_whole_game_by_clicks_against_the_ai(qtbot, window, data_dir):
    page = start_from_the_start_page(qtbot, window, side=1, level="easy")  # the AI places first
    c = page.controller
    assert [s.kind for s in c.seats] == ["ai", "human"] and c.seats[0].level == "easy"
    assert "Claim Control" in window.windowTitle()
    player = ClaimPlayer(page)
    brain = get_game("claim-control").agent("normal", 7)   # decides; the view acts
    ai_turns = 0
    while not c.over:
        if not c.human_turn():
            ai_turns += 1
            wait_for_person(qtbot, c)
            continue
        player.perform(brain.choose(c.state.clone()))
    assert ai_turns == 30 and player.moves == 30
    qtbot.waitUntil(lambda: page.end is not None and page.currentWidget() is page.end, timeout=5000)
    end = page.end
    a, b = (int(x) for x in c.state.scores())
    title = end.title.text()
    if a == b:
        assert "draw" in title.lower()
    elif b > a:
        assert title.startswith("You win") and f"{b} to {a}" in title
    else:
        assert title.startswith("The AI wins") and f"{a} to {b}" in title
    # the breakdown lists every square, with each claim highlighted on the final board
    rows = [end.breakdown.item(r, 4).text() for r in range(end.breakdown.rowCount())]
    assert len(rows) == 21 and rows[-1] == f"Circles {a}, Crosses {b}"
    claims = end.scene.overlay.claims
    assert end.scene.overlay.final and len(claims) == 20
    for info in claims:
        cell = GRID.cell_at(info.cell)
        assert info.claimant == c.state.claimant(cell)
    assert sum(i.value for i in claims if i.claimant == 0) == a
    assert sum(i.value for i in claims if i.claimant == 1) == b
    # the autosave holds the finished game, and it is filed in games/
    saved = load_record(data_dir / "autosave-claim-control.json")
    assert saved.result is not None and saved.result["scores"] == [float(a), float(b)]
    assert saved.replay().state_key() == c.state.state_key()
    assert list((data_dir / "games").glob("claim-control-*.json"))
    assert not window.undo_action.isEnabled()


# --- pointing -----------------------------------------------------------------------------------
def test_hover_shows_where_a_piece_can_go_and_illegal_choices_explain_themselves(qtbot, window):
    page = start_from_the_start_page(qtbot, window, mode="people")
    c = page.controller
    player = ClaimPlayer(page)
    scene = page.table.scene
    # no piece picked: a click on the board says what to do first
    player.click_at(player.view.view_pos_of_cell(12))
    assert not c.state.history and "Pick a piece" in status_text(window)
    assert scene.highlight.cells == () and scene.highlight.spots == ()
    # squares go on cells: every cell is highlighted at first
    player.pick("square", "blue")
    assert scene.highlight.cells == tuple(range(25)) and scene.highlight.spots == ()
    assert scene.trays[0].data[4] == ("square", "blue")          # the picked row is marked
    player.hover_at(player.view.view_pos_of_cell(12))
    assert c.ghost.legal and scene.ghost.ghost == ("cell", 12, 0, "blue", True)
    assert "c3 (worth 7)" in status_text(window)
    player.click_at(player.view.view_pos_of_cell(12))
    assert [str(a) for a in c.state.history] == ["square blue c3"]
    # Crosses now: the trays swap, the occupied cell is no longer highlighted
    assert scene.trays[1].data[3] and not scene.trays[0].data[3]
    player.click_at(player.tray_pos(0, "square", "red"))           # the other side's tray
    assert "Those are Circles' pieces" in status_text(window) and c.pick == ("square", "blue")
    assert 12 not in scene.highlight.cells and len(scene.highlight.cells) == 24
    player.hover_at(player.view.view_pos_of_cell(12))
    assert c.ghost is not None and not c.ghost.legal and scene.ghost.ghost[-1] is False
    assert "already holds a blue square" in status_text(window)
    player.click_at(player.view.view_pos_of_cell(12))
    assert len(c.state.history) == 1 and "Not there: c3 already holds a blue square" in status_text(window)
    # markers go on spots: the 56 edges and corners are ringed
    player.pick("marker", "red", use_key=True)
    assert scene.highlight.cells == () and len(scene.highlight.spots) == 56
    edge = Spot.parse("c3-d3")
    player.hover_at(player.view.view_pos_of_spot(edge.index))
    assert scene.ghost.ghost == ("spot", edge.index, 1, "red", True)
    assert "between c3 and d3" in status_text(window)
    # the middle of a cell is no spot: a marker cannot go there
    player.click_at(player.view.view_pos_of_cell(6))
    assert len(c.state.history) == 1 and "Markers go on the lines" in status_text(window)
    player.click_at(player.view.view_pos_of_spot(edge.index))
    assert str(c.state.history[-1]) == "marker red edge c3-d3"
    # the taken spot is refused with its reason, and the ring is gone
    player.pick("marker", "blue")
    assert edge.index not in scene.highlight.spots and len(scene.highlight.spots) == 55
    player.click_at(player.view.view_pos_of_spot(edge.index))
    assert len(c.state.history) == 2
    assert "already holds a red marker of Crosses" in status_text(window)
    # Esc puts the piece back
    player.key(Qt.Key.Key_Escape)
    assert c.pick is None and scene.highlight.spots == () and scene.ghost.ghost is None


def test_an_empty_row_of_the_tray_cannot_be_picked(qtbot, window):
    page = start_from_the_start_page(qtbot, window, mode="people")
    c = page.controller
    player = ClaimPlayer(page)
    for text in ["square red a1", "square red e5", "square red a2", "square red e4", "square red a3",
                 "square red e3", "square red a4", "square red e2", "square red a5", "square blue e1"]:
        player.perform(ClaimAction.parse(text))
    assert c.state.pieces_left(0, "square", "red") == 0
    assert c.pick is None or c.pick != ("square", "red")
    player.click_at(player.tray_pos(0, "square", "red"))
    assert c.pick != ("square", "red") and "Circles have no red squares left" in status_text(window)
    assert dict(page.table.scene.trays[0].data[2])[("square", "red")] == 0   # drawn as empty slots


# --- the overlay --------------------------------------------------------------------------------
def test_the_influence_overlay_matches_the_engine(qtbot, window):
    page = start_from_the_start_page(qtbot, window, side=0, level="normal")
    c = page.controller
    player = ClaimPlayer(page)
    brain = get_game("claim-control").agent("easy", 11)
    while len(c.state.history) < 24:
        if c.human_turn():
            player.perform(brain.choose(c.state.clone()))
        else:
            wait_for_person(qtbot, c)
    scene = page.table.scene
    assert page.table.overlay and scene.overlay.claims != ()              # on by default
    player.key(Qt.Key.Key_I)                                              # I turns it off
    assert scene.overlay.claims == () and scene.totals.data[1] is None
    before = page.table.view.grab().toImage()
    player.key(Qt.Key.Key_I)
    assert page.table.overlay and page.table.panel.overlay_box.isChecked()
    state = c.state
    shown = {info.cell: info for info in scene.overlay.claims}
    squares = [i for i, k in enumerate(state.squares) if k >= 0]
    assert sorted(shown) == squares and len(squares) >= 4
    for index in squares:
        cell = GRID.cell_at(index)
        assert shown[index].influence == state.influence_on(cell)
        assert shown[index].claimant == state.claimant(cell)
        assert shown[index].value == state.value(cell)
        assert shown[index].colour == state.square_at(cell)
    totals = tuple(int(x) for x in state.scores())
    assert scene.totals.data == ("If the game ended now", totals)
    assert scene.trays[0].data[5] == totals[0] and scene.trays[1].data[5] == totals[1]
    assert page.table.view.grab().toImage() != before                    # it is drawn
    # it follows the game: after the next placements it still matches
    player.perform(brain.choose(c.state.clone()))
    wait_for_person(qtbot, c)
    assert scene.totals.data[1] == tuple(int(x) for x in c.state.scores())
    for info in scene.overlay.claims:
        assert info.influence == c.state.influence_on(GRID.cell_at(info.cell))
    # the checkbox turns it off again, and the choice is remembered
    box = page.table.panel.overlay_box
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(8, box.height() // 2))
    assert not page.table.overlay and scene.overlay.claims == () and scene.totals.data[1] is None
    player.key(Qt.Key.Key_I)
    assert window.settings.value("claim-control/overlay") in (True, "true")


# --- take back ------------------------------------------------------------------------------------
def test_take_back_against_the_ai_undoes_your_move_and_its_answer(qtbot, window, data_dir):
    page = start_from_the_start_page(qtbot, window, side=0, level="easy")
    c = page.controller
    player = ClaimPlayer(page)
    assert not window.undo_action.isEnabled() and not page.table.panel.undo_button.isEnabled()
    player.perform(ClaimAction.parse("square blue c3"))
    wait_for_person(qtbot, c)
    # the AI's answer (from a random seed) may have taken any spot: use one still free
    player.perform(next(a for a in c.state.legal_actions() if str(a).startswith("marker red corner")))
    wait_for_person(qtbot, c)
    assert len(c.state.history) == 4
    answer = [str(a) for a in c.state.history]
    assert window.undo_action.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [str(a) for a in c.state.history] == answer[:2] and c.human_turn()
    assert "your last placement and the AI's answer" in status_text(window)
    assert load_record(data_dir / "autosave-claim-control.json").actions == answer[:2]
    player.click(page.table.panel.undo_button)
    assert c.state.history == [] and not window.undo_action.isEnabled()
    assert page.table.scene.current.placed == 0
    # redo places both again, and the AI is not asked to think twice
    assert window.redo_action.isEnabled()
    player.click(page.table.panel.redo_button)
    assert [str(a) for a in c.state.history] == answer[:2]
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert [str(a) for a in c.state.history] == answer and c.human_turn()
    # a new placement clears what could be redone
    player.click(page.table.panel.undo_button)
    # (the AI's answer came from a random seed: take an edge it left free)
    player.perform(next(a for a in c.state.legal_actions() if str(a).startswith("marker blue edge")))
    wait_for_person(qtbot, c)
    assert not c.can_redo() and len(c.state.history) == 4


def test_take_back_while_the_ai_is_thinking_drops_its_answer(qtbot, window):
    page = start_from_the_start_page(qtbot, window, side=0, level="hard")
    c = page.controller
    player = ClaimPlayer(page)
    player.perform(ClaimAction.parse("square red b2"))
    assert c.busy
    qtbot.waitUntil(lambda: c.worker.busy)     # the hard AI thinks on its worker thread (once the table is drawn)
    window.undo()
    assert c.state.history == [] and c.human_turn()
    with qtbot.waitSignal(c.worker.finished, timeout=20000) as late:   # its answer arrives late...
        pass
    assert late.args[0][1] == 1 and c.state.history == []              # ...and is dropped
    # taken back and placed elsewhere before the answer comes (the game is as long
    # again): the late answer is still dropped, and the AI thinks about this board
    answers = []
    c.worker.finished.connect(lambda token, _action: answers.append(token[0]))
    player.perform(ClaimAction.parse("square red b2"))
    qtbot.waitUntil(lambda: c.worker.busy)
    window.undo()
    player.perform(ClaimAction.parse("square blue c3"))
    wait_for_person(qtbot, c)
    assert answers == ["ai", "ai"]
    assert [str(a) for a in c.state.history][0] == "square blue c3" and len(c.state.history) == 2


def test_take_back_between_two_people_is_one_placement(qtbot, window):
    page = start_from_the_start_page(qtbot, window, mode="people")
    c = page.controller
    player = ClaimPlayer(page)
    for text in ("square blue c3", "marker blue edge b3-c3", "marker red corner c3"):
        player.perform(ClaimAction.parse(text))
    window.undo()
    assert [str(a) for a in c.state.history] == ["square blue c3", "marker blue edge b3-c3"]
    assert c.state.current_player == 0 and "the last placement" in status_text(window)
    window.undo()
    assert c.state.current_player == 1 and len(c.state.history) == 1


# --- hint -----------------------------------------------------------------------------------------
def test_a_hint_rings_a_place_and_picks_its_piece(qtbot, window):
    page = start_from_the_start_page(qtbot, window, mode="people")
    c = page.controller
    player = ClaimPlayer(page)
    for text in ("square blue c3", "marker blue edge c3-d3"):
        player.perform(ClaimAction.parse(text))
    QTest.keyClick(window, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: c.hint is not None, timeout=10000)
    hint = c.hint
    assert c.state.why_illegal(hint) == "" and c.pick == (hint.piece, hint.colour)
    assert page.table.scene.hint.place == (("cell" if hint.piece == "square" else "spot"), hint.index)
    assert "Hint: place" in status_text(window)
    player.perform(hint)                      # and the hinted placement plays through the view
    assert c.hint is None and page.table.scene.hint.place is None
