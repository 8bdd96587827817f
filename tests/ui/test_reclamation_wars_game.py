"""Whole games of Reclamation Wars through the window: played by clicks against
two AI players to the end screen, checked against the engine's replay of the
autosave; a hot-seat game of three people; a hint; saving and taking back."""

from __future__ import annotations

import pytest

from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import load_record
from reclaimdesk.ui.reclamation_wars.endscreen import EndScreen

from .helpers import click_button
from .test_reclamation_wars_table import THREE, YOU_RED, Hand


def start(window, players, seed, options=None):
    from reclaimdesk.ui.reclamation_wars import page_for_choice

    page = page_for_choice({"players": players, "seed": seed, "options": options or {}}, window.settings)
    page.controller.ai_pause_ms = 0
    window._show_page(page)
    return page


@pytest.mark.parametrize("side, board, seed", [(0, "standard", 20261123), (2, "large", 8)])
def test_a_whole_game_by_clicks_against_two_ai_players(qtbot, window, data_dir, side, board, seed):
    players = [dict(p) for p in YOU_RED]
    players[0], players[side] = players[side], players[0]
    page = start(window, players, seed, {"board": board})
    c = page.controller
    assert c.human_seats() == [side]
    hand = Hand(page)
    brain = get_game("reclamation-wars").agent("random", 5)     # decides for the person; the view acts
    actions = 0
    while not c.over:
        if not c.human_turn():
            qtbot.waitUntil(lambda: c.human_turn() or c.over, timeout=30000)
            continue
        hand.play(brain.choose(c.state.clone()))
        actions += 1
        assert actions < 200
    assert isinstance(page.currentWidget(), EndScreen)
    counts = c.state.counts()
    winners = c.state.winners()
    assert all(counts[w] == max(counts) for w in winners)
    assert str(max(counts)) in page.end.title.text()
    assert c.result_text() in window.statusBar().currentMessage()
    # the autosave holds the finished game, and a copy was archived
    saved = load_record(data_dir / "autosave-reclamation-wars.json")
    replayed = saved.replay()
    assert replayed.is_terminal() and replayed.state_key() == c.state.state_key()
    assert saved.result is not None and saved.result["winners"] == winners
    assert page.archived is not None and page.archived.exists()
    # every seat played its 20 turns (skipped and passed turns included)
    assert [sum(1 for t in c.state.turns if t.seat == s) for s in range(3)] == [20, 20, 20]


def test_three_people_at_one_computer_and_taking_back(qtbot, window, data_dir):
    page = start(window, THREE, 12)
    c = page.controller
    hand = Hand(page)
    brain = get_game("reclamation-wars").agent("random", 9)
    for _ in range(7):
        hand.play(brain.choose(c.state.clone()))
    assert not c.busy                                        # nobody waits for an AI
    names = [s.name for s in c.seats]
    assert names == ["Ann", "Bo", "Cy"]
    before = list(c.state.history)
    last_start = max(start for _, start in c.turn_starts)
    click_button(page.table.panel.undo_button)                # takes back the last person's turn only
    assert c.state.history == before[:last_start]
    assert "Took back the last turn" in window.statusBar().currentMessage()
    assert load_record(data_dir / "autosave-reclamation-wars.json").actions == [str(a) for a in c.state.history]


def test_a_hint_marks_a_hex(qtbot, window):
    page = start(window, YOU_RED, 3)
    c = page.controller
    click_button(page.table.panel.hint_button)
    qtbot.waitUntil(lambda: c.hint is not None, timeout=30000)
    assert c.state.why_illegal(c.hint) == ""
    if c.hint.hex is not None:
        assert page.table.scene.highlights["hint"].hexes == (c.hint.hex,)
    assert window.statusBar().currentMessage().startswith("Hint:")
