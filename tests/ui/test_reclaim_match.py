"""Reclaim's table on the match (issue 22): undo and redo go through the one
match, a take back and a redo give back the very position (its state key),
the computer's reply and a turned-up card are never taken back, and the table
redraws what each change names (a view change leaves the panel alone, an action
adds only its log lines, a take back reads the log whole)."""

from __future__ import annotations

from reclaimdesk.core.match import Changes
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.ui.board.controller import VIEW
from reclaimdesk.ui.reclaim.controller import ReclaimController
from reclaimdesk.ui.reclaim.logbook import LogEntry
from reclaimdesk.ui.reclaim.panels import MAX_LOG_LINES, SidePanel

from .helpers import start_solo
from .test_reclaim_log import ROUND_2_UNPAYABLE, log_rows

RIVER = {"map": "river", "variant": False}


def new_controller(players: list[dict], seed: int) -> tuple[ReclaimController, list[str]]:
    """A controller without a window, and the status lines it says."""
    c = ReclaimController.new_game(players, seed, RIVER)
    c.ai_pause_ms = 0
    messages: list[str] = []
    c.message.connect(lambda text, _ms: messages.append(text))
    return c, messages


def play(c: ReclaimController, texts: list[str]) -> None:
    for text in texts:
        assert c.act(ReclaimAction.parse(text), confirmed=True), text


def test_solo_undo_and_redo_through_the_controller_give_back_the_state_key(qtbot) -> None:
    c, messages = new_controller([{"name": "You", "kind": "human"}], 2)
    seen: list[Changes] = []
    c.changed.connect(seen.append)
    keys = [c.state.state_key()]
    for text in ROUND_2_UNPAYABLE[:5]:
        play(c, [text])
        keys.append(c.state.state_key())
    assert c.state.round == 1 and c.state.phase == "post"
    for n in range(5, 0, -1):  # step by step, from round 1 on back into the setup
        assert c.undo()
        assert c.state.state_key() == keys[n - 1] and seen[-1].kind == "undo" and seen[-1].rebuilt
    assert not c.can_undo() and c.can_redo()
    for n in range(1, 6):
        assert c.redo()
        assert c.state.state_key() == keys[n] and seen[-1].kind == "redo" and not seen[-1].rebuilt
    assert not c.can_redo() and "Done again." in messages
    # 'end' turns round 2's card up: that cannot be taken back
    play(c, ROUND_2_UNPAYABLE[5:6])
    key, history = c.state.state_key(), list(c.state.history)
    assert c.state.round == 2 and not c.can_undo()
    assert not c.undo()
    assert c.state.state_key() == key and c.state.history == history
    assert messages[-1] == "Nothing to take back: the new card is already revealed."
    c.close()


def test_with_a_computer_reply_only_the_persons_own_steps_are_taken_back(qtbot) -> None:
    c, _messages = new_controller([{"name": "Me", "kind": "human"}, {"name": "Cpu", "kind": "ai", "level": "random"}], 4)
    c.start()
    key = c.state.state_key()
    first = c.state.legal_actions()[0]
    assert c.act(first)
    assert c.can_undo() and c.undo() and c.state.state_key() == key
    assert c.redo() and c.state.history == [first]
    second = next(a for a in c.state.legal_actions())
    assert c.act(second, confirmed=True)  # the last starting shape: the computer sets up next
    assert not c.can_undo()
    qtbot.waitUntil(lambda: c.human_turn(), timeout=20000)  # the computer's setup, then round 1
    assert c.state.round == 1 and len(c.match.steps()) > 2
    key, history = c.state.state_key(), list(c.state.history)
    assert not c.can_undo() and not c.undo()  # neither Me's setup nor the computer's
    assert c.state.state_key() == key and c.state.history == history
    # a step that leaves the turn going: it alone is taken back, and put back
    step = next(a for a in c.state.legal_actions() if c.state.child(a).seen_key() == c.state.seen_key())
    assert c.act(step) and c.human_turn()
    after = c.state.state_key()
    assert c.undo() and c.state.state_key() == key
    assert c.redo() and c.state.state_key() == after
    c.close()


def test_undo_and_redo_from_the_edit_menu(qtbot, window) -> None:
    start_solo(window, "river", 2)
    page = window.page
    c = page.controller
    play(c, ROUND_2_UNPAYABLE[:3])
    key = c.state.state_key()
    assert window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    window.undo_action.trigger()
    assert [str(a) for a in c.state.history] == ROUND_2_UNPAYABLE[:2]
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert c.state.state_key() == key and not window.redo_action.isEnabled()


def test_the_table_redraws_what_the_change_names(qtbot, window, monkeypatch) -> None:
    start_solo(window, "river", 2)
    page = window.page
    c = page.controller
    panel = page.table.panel
    calls: list[str] = []
    for name in ("set_log", "add_log", "set_turn"):
        original = getattr(panel, name)
        monkeypatch.setattr(panel, name, lambda *a, _n=name, _o=original, **k: (calls.append(_n), _o(*a, **k)))
    # a view change (another starting card picked) redraws the board only
    other = c.state.setup_left[1]
    c.select_start(other)
    assert c.selected_start == other and calls == []
    assert page.table.scene.current.lower[1].selected
    # actions add their log lines; the log then reads as if read whole
    play(c, ROUND_2_UNPAYABLE)
    assert "add_log" in calls and "set_log" not in calls and "set_turn" in calls
    calls.clear()
    assert c.special("triangles")  # crosses out 58: a line
    assert calls.count("add_log") == 1 and "set_log" not in calls
    assert any("crossed out 58" in row for row in log_rows(page)) and log_rows(page) == whole_log(c)
    # a take back reads it whole
    calls.clear()
    assert c.undo()
    assert "set_log" in calls and "add_log" not in calls and log_rows(page) == whole_log(c)
    assert not any("crossed out" in row for row in log_rows(page))
    # the penalty that ends round 2 comes in under round 2, as read whole
    calls.clear()
    assert c.act(ReclaimAction.pass_(), confirmed=True) and c.state.round == 3
    assert "set_log" not in calls and log_rows(page) == whole_log(c)
    assert log_rows(page) == ["Round 2", "You crossed out 58: the cost could not be paid."]


def whole_log(c) -> list[str]:
    fresh = SidePanel()
    fresh.set_log(c.log_entries())
    return [fresh.log.item(i).text() for i in range(fresh.log.count())]


def test_adding_log_lines_shows_what_setting_them_all_shows(qtbot) -> None:
    entries = [LogEntry(1 + i // 7, 0, "x", f"line {i}", i % 3 == 0) for i in range(MAX_LOG_LINES + 25)]
    added, whole = SidePanel(), SidePanel()
    qtbot.addWidget(added)
    qtbot.addWidget(whole)
    for n in range(0, len(entries), 4):
        added.add_log(entries[n:n + 4])
        whole.set_log(entries[:n + 4])
        assert added.log_lines() == whole.log_lines()
        assert [added.log.item(i).text() for i in range(added.log.count())] == \
            [whole.log.item(i).text() for i in range(whole.log.count())]
    assert added.log.count() == len(whole.log_lines()) and "line 0" not in added.log_lines()
    added.set_log([])
    assert added.log.count() == 1


def test_a_view_change_carries_kind_view(qtbot) -> None:
    c, _messages = new_controller([{"name": "You", "kind": "human"}], 2)
    seen: list[Changes] = []
    c.changed.connect(seen.append)
    c.select_start(2)
    assert [ch.kind for ch in seen] == [VIEW] and seen[0].nothing
    c.close()
