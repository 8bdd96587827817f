"""Reclaim's hint (``GameSpec.hint_agent``): the hard level's planner, its beam
(the plans kept at each step of the turn: the budget, never seconds) narrowed so
that a hint answers within half a second on an idle machine whatever the hard
level's weights become (``reclaimdesk bench --only table_reclaim``: hint CPU time).
The evaluation, the network plan and the special actions stay the hard level's."""

from __future__ import annotations

from dataclasses import replace

from reclaimdesk.games.reclaim.ai import LEVEL_WEIGHTS, ReclaimAgent

HINT_BEAM = 8
"""Plans a hint keeps at each step (the hard level keeps ``LEVEL_WEIGHTS["hard"].beam``,
12). Measured at seat 0's decisions of a normal game on a loaded machine: CPU p95
230 ms (hard's 363 ms, a beam of 6 209 ms). Over eight solo games on the river map
(seeds 501-508) the beam of 8 scored 94.8 on average (hard 98.0, a beam of 6
91.9): the same as hard in seven of them."""


def make_hint_agent(seed: int, budget: int = HINT_BEAM):
    """The hard level's planner keeping ``budget`` plans at each step."""
    if budget < 1:
        raise ValueError("a hint's budget must be at least 1")
    agent = ReclaimAgent("hard", seed)
    agent.weights = replace(LEVEL_WEIGHTS["hard"], beam=budget)
    return agent
