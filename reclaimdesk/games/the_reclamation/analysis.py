"""The Reclamation's plug-in for the analysis of a record (:mod:`reclaimdesk.core.analysis`):
two-player: the chance to win (a draw counts half); playouts by the easy AI to the end (16 a value: the normal AI looks three turns ahead since issue 29, and 8 playouts of it took over a minute for a short game).
In a playout the easy AI takes a win it sees at once: its pace (putting a seen win
off, so that games against a person vary in length) is for variety, and would
make a won position look less won than it is."""

from __future__ import annotations

from typing import Any

from reclaimdesk.core.analysis import Evaluator, register_evaluator


class ReclamationEvaluator(Evaluator):
    def playout_agent(self, spec: Any, seed: int) -> Any:
        agent = spec.agent(self.playout_level, seed)
        agent.wait_for_nothing()  # no pace: a seen win is taken
        return agent


EVALUATOR = register_evaluator("the-reclamation", ReclamationEvaluator("win", playout_level="easy", default_budget=16))
