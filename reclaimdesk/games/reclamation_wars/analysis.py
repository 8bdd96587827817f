"""Reclamation Wars's plug-in for the analysis of a record (:mod:`reclaimdesk.core.analysis`):
three-player: the chance to win (a shared win counts as its share); playouts to the end by
the normal AI's planner with its choices loosened (:data:`PLAYOUT_NOISE`)."""

from __future__ import annotations

from typing import Any

from reclaimdesk.core.analysis import Evaluator, register_evaluator

PLAYOUT_NOISE = 1.5
"""The random noise (in hexes of :func:`~reclaimdesk.games.reclamation_wars.ai.margin`)
added to each whole turn's value by a playout's players; the normal level itself adds
0.05. With normal's own near-fixed choices, every playout after a given action followed
much the same line, so a value measured how that one line ended rather than the
chance to win: taking the Special Neutralizer in one early position won 0 of 40
playouts against 0.19 and 0.34 for two other reclaims, and a person playing at random
seemed to lose no value to the AI on five of six analysis seeds. Loosened, the
playouts sample the turns normal judges close to its best."""


class WarsEvaluator(Evaluator):
    """Plays every playout seat with normal's planner and :data:`PLAYOUT_NOISE`."""

    def playout_agent(self, spec: Any, seed: int) -> Any:
        from reclaimdesk.games.reclamation_wars.ai import PlannerAgent, margin

        return PlannerAgent(margin, "normal", seed, noise=PLAYOUT_NOISE)


EVALUATOR = register_evaluator("reclamation-wars", WarsEvaluator("win", playout_level="normal", default_budget=6))
