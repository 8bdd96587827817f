"""Claim Control's hard AI makes the decisions it made before its search was made
cheaper (issue 29 item 1: the same moves for less CPU).

``data/hard_positions.json`` holds six positions recorded with the code before
the speed-up (f948b72): the slowest decision of the recorded games and one of
the last, with the level's own budget, and four more (one from the opening) with
a budget of 2000 positions, to keep the test cheap. Each has a fresh hard agent's
choice, the root values of the iteration it played from (in search order), the
positions it visited and the depth it reached. Twelve whole games
(every decision, hard in both seats) and 36 positions recorded alongside are in
``docs/claim-control-hard-f948b72.json`` and
``docs/claim-control-hard-positions-f948b72.json``, for
``python tools/search_decisions.py check`` and ``time``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reclaimdesk.core import agents as core_agents
from reclaimdesk.core.game import get_game

POSITIONS = json.loads((Path(__file__).parent / "data" / "hard_positions.json").read_text(encoding="utf-8"))["positions"]


@pytest.fixture(autouse=True)
def _budget_only(monkeypatch):
    # the node budget decides, never the clock's safety cap (a loaded machine
    # would otherwise cut a search short and change the decision)
    monkeypatch.setattr(core_agents, "SAFETY_SECONDS", 600.0)


@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: f"{p['seed']}-{len(p['before'])}-{p['max_nodes'] or 'hard'}")
def test_hard_decides_as_recorded(pos):
    spec = get_game(pos["game"])
    state = spec.new_game(2, pos["seed"], dict(spec.default_options))
    for text in pos["before"]:
        state.apply(state.parse_action(text))
    agent = spec.agent("hard", pos["agent_seed"])
    if pos["max_nodes"] is not None:
        agent.max_nodes = pos["max_nodes"]
    roots = []
    ranked_root = agent._ranked_root

    def recording(world, me, exact):
        ranked = ranked_root(world, me, exact)
        roots.append(ranked)
        return ranked

    agent._ranked_root = recording
    choice = agent.choose(state)
    assert state.action_to_str(choice) == pos["choice"]
    assert [[state.action_to_str(a), v] for ranked in roots for a, v in ranked] == pos["root"]
    assert (agent.last_nodes, agent.last_depth) == (pos["nodes"], pos["depth"])


def test_the_recorded_positions_cover_the_opening_the_ending_and_both_seats():
    spec = get_game("claim-control")
    movers = set()
    for pos in POSITIONS:
        state = spec.new_game(2, pos["seed"], dict(spec.default_options))
        for text in pos["before"]:
            state.apply(state.parse_action(text))
        movers.add(state.current_player)
    assert movers == {0, 1}
    assert min(len(p["before"]) for p in POSITIONS) < 20 < 50 < max(len(p["before"]) for p in POSITIONS)
