"""Reclaim at a table with computer seats (issue 24, item 2): every step a
computer seat takes is a line of the log (who, the shape and the squares it
covers as the printed sheet names them, what it paid, what it brought), what a
seat drew in its latest turn is outlined on its small sheet and on the enlarged
one until its next turn begins, and Options > Computer players' pace lets a
person watch the computer's turn step by step (the controller's own pacing)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QActionGroup
from PySide6.QtTest import QTest

from reclaimdesk.core.game import get_game
from reclaimdesk.core.grid import cell_name
from reclaimdesk.core.match import ACT
from reclaimdesk.games.reclaim.state import ReclaimState
from reclaimdesk.ui.reclaim.logbook import STEP_KINDS, TableStory
from reclaimdesk.ui.reclaim.words import icon_name

from .player import ViewPlayer

PLAYERS = [{"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "easy"},
           {"name": "Rnd", "kind": "ai", "level": "random"}]
RIVER = {"map": "river", "variant": False}


def start(window, seed: int = 8):
    window.start_choice("reclaim", {"players": PLAYERS, "seed": seed, "options": dict(RIVER)})
    page = window.page
    return page, page.controller, page.table


def replayed(c) -> TableStory:
    start_state = get_game("reclaim").new_game(3, c.state.seed, c.state.options)
    assert isinstance(start_state, ReclaimState)
    return TableStory.replayed(start_state, list(c.state.history), [s.name for s in c.seats], [1, 2])


def shape_cells(state_before: ReclaimState, action) -> list[str]:
    return [cell_name(x) for x in state_before.shape(action.shape).rotations()[action.rotation].placed(action.cell)]


def test_every_computer_step_is_a_log_line_with_its_seat_squares_payment_and_effects(qtbot, window) -> None:
    page, c, table = start(window)
    assert c.pace == "at-once" and c.ai_pause_ms == 0
    player = ViewPlayer(page)
    brain = get_game("reclaim").agent("easy", 2)
    told: list[tuple[int, object, object, list]] = []   # (seat, action, the position before, its new lines)
    before: dict[str, object] = {"state": c.state.clone()}

    def on_change(changes) -> None:
        if changes.kind == ACT:
            step = c.match.steps()[-1]
            told.append((step.seat, c.state.history[-1], before["state"], list(c.new_log)))
        before["state"] = c.state.clone()

    c.changed.connect(on_change)
    while c.state.round <= 4:
        player.close_scoring()
        if c.human_turn():
            player.perform(brain.choose(c.state.clone()))
        else:
            qtbot.waitUntil(lambda: c.human_turn() or c.over, timeout=30000)
    computer = [(seat, a, b, lines) for seat, a, b, lines in told if seat != 0]
    kinds = {a.kind for _s, a, _b, _l in computer}
    assert {"shape", "pay", "end"} <= kinds, kinds
    for seat, action, state_before, lines in computer:
        steps = [e for e in lines if e.kind == "step"]
        if action.kind not in STEP_KINDS:            # 'end' passes the turn on: no line of its own
            assert steps == [], (action, steps)
            continue
        assert len(steps) == 1, (action, lines)
        line = steps[0]
        name = c.seats[seat].name
        assert line.seat == seat and line.text.startswith(name) and line.round == state_before.round
        if action.kind == "shape":
            assert all(square in line.text for square in shape_cells(state_before, action)), line.text
        elif action.kind == "pay":
            icon = next(i.value for i in state_before.unpaid if i.terrain is state_before.map.at(action.cell))
            assert f"paid {icon_name(icon)} with a triangle on {cell_name(action.cell)}" in line.text
        if any(e.kind == "complete" and e.seat == seat for e in lines):
            raise AssertionError(f"a completed section is said twice: {lines}")
    # a section a computer completed is said in the step's own line
    completions = [lines for s, a, b, lines in computer if any("A section is complete" in e.text for e in lines)]
    assert all(len([e for e in ls if e.kind == "step"]) == 1 for ls in completions)
    # the lines added step by step are the log a replay of the record tells
    assert c.log_entries() == replayed(c).entries
    shown = table.panel.log_lines()
    newest_steps = [e.text for e in c.log_entries() if e.kind == "step"][-5:]
    assert newest_steps and all(any(text in row for row in shown) for text in newest_steps)
    # a take back cuts the log back to what the record holds
    qtbot.waitUntil(lambda: not c.busy)
    if c.can_undo():
        assert c.undo()
        assert c.log_entries() == replayed(c).entries
        assert table.panel.log_lines() == _rows_for(table, c)
        assert c.redo()
        assert c.log_entries() == replayed(c).entries
    # looking back through the game (a review's jumps): back, and on again
    c.begin_review()
    played = len(c.state.history)
    for upto in (played // 2, played // 3, played - 1, played):
        c.jump(upto)
        assert len(c.state.history) == upto and c.log_entries() == replayed(c).entries


def _rows_for(table, c) -> list[str]:
    fresh = type(table.panel)()
    fresh.set_log(c.log_entries())
    rows = fresh.log_lines()
    fresh.deleteLater()
    return rows


def hold_computer(c) -> None:
    """Each computer step waits until the test lets it land (as its pause would)."""
    c.ai_pause_ms = 10 ** 9
    c.ai_pause_every_action = True


def end_pause(c) -> None:
    """The pause before the computer's chosen step ends: the step lands."""
    c._ai_timer.stop()
    c._apply_pending_ai()


def land_one(qtbot, c) -> None:
    qtbot.waitUntil(lambda: c._pending_ai is not None, timeout=30000)
    end_pause(c)


def test_what_a_computer_drew_is_outlined_until_its_next_turn_begins(qtbot, window) -> None:
    page, c, table = start(window, seed=11)
    hold_computer(c)
    player = ViewPlayer(page)
    brain = get_game("reclaim").agent("easy", 3)
    thumb = table.thumbs[1]
    while c.human_turn():                            # Ada's setup
        player.perform(brain.choose(c.state.clone()))
    assert c.state.current_player == 1
    assert c.newest(1) == ([], []) and not thumb.scene.newest.isVisible()
    drawn: set = set()
    while c.state.current_player == 1:               # Bot's setup, step by step
        land_one(qtbot, c)
        action = c.state.history[-1]
        if action.kind == "shape":
            drawn |= set(c.state.shape(action.shape).rotations()[action.rotation].placed(action.cell))
            sections, _triangles = c.newest(1)
            assert set(sections) == drawn          # outlined as it lands
            assert thumb.scene.newest.cells[0] == frozenset(drawn) and thumb.scene.newest.isVisible()
    assert drawn
    QTest.mouseClick(thumb, Qt.MouseButton.LeftButton)   # the enlarged sheet outlines the same
    dialog = table.sheet_dialog
    assert dialog is not None and dialog.scene.newest.cells[0] == frozenset(drawn)
    assert "Bot" in dialog.caption.text() and "Outlined" in thumb.toolTip()
    # the outline stays through the others' turns...
    while c.state.round == 0 or c.state.current_player != 1:
        player.close_scoring()
        if c.human_turn():
            player.perform(brain.choose(c.state.clone()))
        else:
            land_one(qtbot, c)
        if c.state.current_player != 1:
            assert set(c.newest(1)[0]) == drawn and thumb.scene.newest.cells[0] == frozenset(drawn)
    # ...and goes when Bot's next turn begins (nothing drawn by it yet)
    assert c.state.round == 1 and c.state.current_player == 1
    assert c.newest(1) == ([], []) and not thumb.scene.newest.isVisible()
    assert not dialog.scene.newest.isVisible()       # the open sheet follows the game
    land_one(qtbot, c)                               # its first payment is ringed
    action = c.state.history[-1]
    assert action.kind == "pay"                      # (this deck: Bot can pay round 1's card)
    assert c.newest(1)[1] == [action.cell] and thumb.scene.newest.cells[1] == frozenset([action.cell])
    dialog.reject()


def pace_group(window) -> QActionGroup:
    group = window.option_actions["reclaim"]["ai_pace"]
    assert isinstance(group, QActionGroup)
    return group


def choose_pace(window, value: str) -> None:
    choice = next(a for a in pace_group(window).actions() if a.data() == value)
    choice.trigger()


def test_the_pace_option_is_saved_and_lands_each_computer_step_after_a_pause(qtbot, window) -> None:
    assert window.options("reclaim")["ai_pace"] == "at-once"   # the default: as before
    choose_pace(window, "step")
    assert window.settings.value("reclaim/ai_pace") == "step"
    from reclaimdesk.ui.app import MainWindow

    again = MainWindow()                                       # remembered by the next start
    qtbot.addWidget(again)
    assert again.options("reclaim")["ai_pace"] == "step"
    again.close()
    page, c, table = start(window, seed=5)
    assert c.pace == "step" and c.ai_pause_ms == c.PACES["step"] > 0 and c.ai_pause_every_action
    player = ViewPlayer(page)
    brain = get_game("reclaim").agent("easy", 4)
    while c.human_turn():
        player.perform(brain.choose(c.state.clone()))
    landed: list[int] = []
    c.changed.connect(lambda changes: landed.append(len(c.state.history)) if changes.kind == ACT else None)
    n = len(c.state.history)
    qtbot.waitUntil(lambda: len(c.state.history) > n, timeout=30000)
    assert landed == [n + 1]                          # one step at a time, each redrawn and logged
    assert c.new_log and c.new_log[0].kind == "step" and c.new_log[0].text.startswith("Bot")
    # each step waits for its pause: held here (as a long pause), the chosen step is not
    # on the board until the pause ends
    c.ai_pause_ms = 10 ** 9
    qtbot.waitUntil(lambda: c._pending_ai is not None, timeout=30000)
    assert len(c.state.history) == n + 1 and c.busy and c._ai_timer.isActive()
    assert not page.can_hint()
    end_pause(c)
    assert len(c.state.history) == n + 2 and landed == [n + 1, n + 2]
    c.ai_pause_ms = c.PACES["step"]
    # switched back while a game is on: the computer plays at once again
    choose_pace(window, "at-once")
    assert window.settings.value("reclaim/ai_pace") == "at-once"
    assert c.pace == "at-once" and c.ai_pause_ms == 0 and not c.ai_pause_every_action
    qtbot.waitUntil(lambda: c.human_turn(), timeout=30000)
    assert c.state.current_player == 0


def test_an_unknown_saved_pace_falls_back_to_at_once(qtbot, window) -> None:
    page, c, _table = start(window)
    c.set_pace("warp")
    assert c.pace == "at-once" and c.ai_pause_ms == 0 and not c.ai_pause_every_action
