"""Alluvium's plug-in for the analysis of a record (:mod:`reclaimdesk.core.analysis`):
the expected final score; playouts by the normal AI to the end, on copies determinized from the deciding seat's view (the deck order and what it has not seen of the other sheets are guesses).
In a playout the normal AI plays without the noise it draws at three players
(:data:`~reclaimdesk.games.alluvium.ai.NORMAL_NOISES`): that noise spaces the levels
apart, and would make every position look worse played than the level can play it."""

from __future__ import annotations

from typing import Any

from reclaimdesk.core.analysis import Evaluator, register_evaluator


class AlluviumEvaluator(Evaluator):
    def playout_agent(self, spec: Any, seed: int) -> Any:
        return spec.agent(self.playout_level, seed).without_level_noise()


EVALUATOR = register_evaluator("alluvium", AlluviumEvaluator("points", playout_level="normal", default_budget=4))
