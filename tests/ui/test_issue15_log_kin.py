"""Issue 15, item 4's kin in the other games: after a redo the status bar no
longer says what was taken back (Claim Control), and a log line keeps the round
it happened in when the same step ends the round (Alluvium)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from reclaimdesk.games.claim_control.actions import ClaimAction

from .test_claim_control_table import ClaimPlayer, quick_ai, start_from_the_start_page, status_text  # noqa: F401


def test_claim_control_after_redo_the_status_bar_no_longer_says_took_back(qtbot, window):
    page = start_from_the_start_page(qtbot, window, mode="people")
    c = page.controller
    player = ClaimPlayer(page)
    player.perform(ClaimAction.parse("square blue c3"))
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.state.history == [] and "Took back" in status_text(window)
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert [str(a) for a in c.state.history] == ["square blue c3"]
    assert "Took back" not in status_text(window)
    assert status_text(window) == "Put back the last placement."


def test_alluvium_a_pass_that_ends_the_round_is_logged_in_that_round(qtbot):
    """A seat that cannot draw passes, and when it is the round's last step the
    same action scores the round and begins the next one. No random game of 600
    tried reached it, so the last seat is made unable to draw (the engine's own
    pass, scoring and new round follow); its log line keeps round 1."""
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import GameRecord
    from reclaimdesk.games.alluvium.state import OTHERS
    from reclaimdesk.ui.alluvium.controller import AlluviumController

    spec = get_game("alluvium")
    state = spec.new_game(3, 3, None)
    brain = spec.agent("random", 3)
    while not (state.round == 1 and state.phase == OTHERS and state.step == 2 and state.seat == 1):
        state.apply(brain.choose(state.clone()))
    people = [{"name": n, "kind": "human"} for n in ("Ann", "Bo", "Cy")]
    c = AlluviumController(GameRecord.from_state(state, people))
    real = c.state._has_action
    c.state._has_action = lambda: c.state.seat != 2 and real()  # Cy has no room left
    c._apply(c.state.legal_actions()[0])
    assert c.state.round == 2
    passes = [line for seat, line in c.lines if seat == 2 and "passed" in line]
    assert passes == ["Round 1: nothing could be drawn; passed"], c.lines
    c.close()
