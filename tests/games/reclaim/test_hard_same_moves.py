"""Reclaim's hard AI makes the choices it made before it was made faster
(issue 29, item 3: at most 1 s a decision, with the same moves, so the
30-seed medians and the solver's results stand).

The data was recorded with the code before the speed-up
(``tools/reclaim_hard_decisions.py``): ``data/hard_games.json`` holds four whole
solo games (seeds 70000 and 70001 on both maps, agent seed ``seed * 31`` as
``tools/ai_levels.py`` plays them) with every action; ``data/hard_positions.json``
holds twelve positions from those games (each game's two slowest planning
decisions and its setup) with the whole plan a fresh agent made there. The
positions run in the suite; two of the whole games, one per map (about 5 s of
CPU each), are marked slow, and the suite's time keeps the other two (and the
fourteen of ``docs/reclaim-hard-2d4aa5d.json``) to
``python tools/reclaim_hard_decisions.py check FILE``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reclaimdesk.core import agents as core_agents
from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclaim import ai

DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _budget_only(monkeypatch):
    # the budgets in positions decide, never the clock's safety cap (a loaded
    # machine would otherwise cut a look-ahead short and change the plan)
    monkeypatch.setattr(core_agents, "SAFETY_SECONDS", 600.0)


def _new_game(map_id: str, seed: int):
    spec = get_game("reclaim")
    return spec.new_game(1, seed, {**spec.default_options, "map": map_id})


POSITIONS = _load("hard_positions.json")["positions"]


def test_the_recorded_positions_cover_both_maps_the_setup_and_both_halves():
    assert {p["map"] for p in POSITIONS} == {"river", "lake"}
    assert len(POSITIONS) == 12
    rounds = set()
    for pos in POSITIONS:
        state = _new_game(pos["map"], pos["seed"])
        for text in pos["before"]:
            state.apply_text(text)
        rounds.add(state.round)
    assert 0 in rounds and any(r > 10 for r in rounds) and any(1 <= r <= 10 for r in rounds)


@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: f"{p['map']}-{p['seed']}-{len(p['before'])}")
def test_the_hard_plan_at_a_recorded_position_is_the_one_recorded(pos):
    state = _new_game(pos["map"], pos["seed"])
    for text in pos["before"]:
        state.apply_text(text)
    plan = ai.ReclaimAgent("hard", pos["agent_seed"]).plan_turn(state)
    assert [state.action_to_str(a) for a in plan] == pos["plan"]


GAMES = [g for g in _load("hard_games.json")["games"] if (g["map"], g["seed"]) in {("river", 70000), ("lake", 70001)}]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['map']}-{g['seed']}")
def test_a_whole_hard_game_makes_every_recorded_choice(game):
    state = _new_game(game["map"], game["seed"])
    agent = ai.make_agent("hard", game["seed"] * 31)
    played = []
    while not state.is_terminal():
        action = agent.choose(state)
        played.append(state.action_to_str(action))
        assert played == game["actions"][: len(played)], f"action {len(played) - 1} differs"
        state.apply(action)
    assert played == game["actions"]
    assert state.scores()[0] == game["score"]
