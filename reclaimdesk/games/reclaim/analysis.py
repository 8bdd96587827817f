"""Reclaim's plug-in for the analysis of a record (:mod:`reclaimdesk.core.analysis`).

The unit is the expected final score. A playout is a determinized copy (the undrawn
deck is a guess from the unseen cards: a decision is judged from what the player knew
then) played on by the normal AI to the end of the next round, then valued by the
game's own projection of the final score (:func:`reclaimdesk.games.reclaim.ai.evaluate`
with :data:`PROJECTION`: the hard weights without the planner's heuristic terms, so
that the value is in points: each half's castle points with what the coming
payments can still join, the rectangle the sections can still become, and the X
marks); a playout that reaches the end scores the engine's own final score.

The hindsight is :mod:`reclaimdesk.games.reclaim.solver`, which reads the real deck:
the best score the deck allowed (solo games only).
"""

from __future__ import annotations

from typing import Any

from reclaimdesk.core.analysis import Evaluator, register_evaluator
from reclaimdesk.core.game import GameState
from reclaimdesk.core.i18n import _

PLAYOUT_ROUNDS = 2
"""A playout ends when this many rounds have begun after the decision's round."""


def _projection_weights():
    import dataclasses

    from reclaimdesk.games.reclaim import ai

    return dataclasses.replace(ai.LEVEL_WEIGHTS["hard"], room=0.0, cross=0.0, cross_drop=0.0, supply=0.0,
                               next_need=0.0, setup_need=0.0, path_tri=0.0, path_sec=0.0, rect_plan=0.0)


class ReclaimEvaluator(Evaluator):
    def __init__(self) -> None:
        super().__init__("points", playout_level="normal", default_budget=2)
        self.weights = None

    def stop(self, start: GameState, world: GameState, actions: int) -> bool:
        return world.round >= max(start.round, 1) + PLAYOUT_ROUNDS  # type: ignore[attr-defined]

    def estimate(self, world: GameState, seat: int) -> float:
        from reclaimdesk.games.reclaim import ai

        if self.weights is None:
            self.weights = _projection_weights()
        return float(ai.evaluate(world, seat, self.weights))  # type: ignore[arg-type]

    def hindsight(self, state: GameState, budget: int | None = None, cancel=None) -> dict[str, Any] | None:
        """The solver's best on this game's deck and map (a solo game only), with
        the player's final score when the game is over."""
        from reclaimdesk.games.reclaim.solver import DEFAULT_NODES, solve_game

        if state.num_players != 1:
            return None
        found = solve_game(state.seed, dict(state.options), nodes=budget or DEFAULT_NODES, cancel=cancel)
        out = found.to_dict()
        out["you"] = int(state.scores()[0]) if state.is_terminal() else None
        return out

    def hindsight_text(self, data: dict[str, Any]) -> str:
        best, you = data.get("best"), data.get("you")
        if data.get("exact"):
            if you is None:
                return _("This deck allowed exactly {best}.").format(best=best)
            return _("This deck allowed exactly {best} (you: {you}).").format(best=best, you=you)
        if you is None:
            return _("This deck allowed at least {best}.").format(best=best)
        return _("This deck allowed at least {best} (you: {you}).").format(best=best, you=you)


EVALUATOR = register_evaluator("reclaim", ReclaimEvaluator())
