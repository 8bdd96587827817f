"""Reclamation Wars' analysis: the playouts are played by normal's planner with its
choices loosened (analysis.PLAYOUT_NOISE), so a value is a chance to win over varied
play, and a person who plays at random loses value to the AI whatever the analysis
seed (the shared test in tests/core/test_analysis.py uses seed 1 alone; with normal's
own near-fixed choices the sum of the losses was at most zero on five of seeds 1-6)."""

from __future__ import annotations

import pytest

from reclaimdesk.core import analysis
from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclamation_wars import ai
from reclaimdesk.games.reclamation_wars.analysis import PLAYOUT_NOISE

from tests.core.test_analysis import short_record


def test_the_playouts_use_normals_planner_loosened():
    spec = get_game("reclamation-wars")
    player = analysis.evaluator_for("reclamation-wars").playout_agent(spec, 5)
    assert isinstance(player, ai.PlannerAgent)
    assert player.score is ai.margin and player.noise == PLAYOUT_NOISE > ai.make_agent("normal", 5).noise
    state = spec.new_game(3, 5, {})
    again = analysis.evaluator_for("reclamation-wars").playout_agent(spec, 5)
    assert player.choose(state.clone()) == again.choose(state.clone())  # seeded


@pytest.mark.parametrize("seed", [2, 3])
def test_a_random_player_loses_value_on_other_analysis_seeds(seed):
    results = [analysis.analyse(short_record("reclamation-wars", 16, seed=record), level="normal", seed=seed)
               for record in (5, 7)]
    assert sum(d.loss for result in results for d in result.decisions) > 0
    assert any(result.costliest() for result in results)
