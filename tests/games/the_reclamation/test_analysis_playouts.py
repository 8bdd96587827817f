"""The analysis's playouts take a win at once: the easy level's pace (a seen win
put off for variety) is off in them, so a won position is valued as won."""

from __future__ import annotations

from reclaimdesk.core.game import get_game
from reclaimdesk.games.the_reclamation.analysis import EVALUATOR


def test_playout_players_have_no_pace_while_the_easy_level_has_one():
    spec = get_game("the-reclamation")
    seeds = range(40)
    assert any(spec.agent("easy", seed).slack["garden"] for seed in seeds)  # a game's easy player may wait
    for seed in seeds:
        agent = EVALUATOR.playout_agent(spec, seed)
        assert agent.slack == {"garden": 0, "throne": 0} and agent.level == "easy"
