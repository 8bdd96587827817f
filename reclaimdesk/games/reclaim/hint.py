"""Reclaim's hint (``GameSpec.hint_agent``): the hard level's planner, its beam
(the plans kept at each step of the turn: the budget, never seconds) narrowed so
that a hint answers within half a second on an idle machine whatever the hard
level's weights become (``reclaimdesk bench --only table_reclaim``: hint CPU time).
The evaluation, the network plan and the special actions stay the hard level's;
the hard level's look-ahead into the next turn is left out (it would double the
time: a hint plans the present turn only)."""

from __future__ import annotations

from dataclasses import replace

from reclaimdesk.games.reclaim.ai import LEVEL_WEIGHTS, ReclaimAgent

HINT_BEAM = 10
"""Plans a hint keeps at each step (the hard level keeps ``LEVEL_WEIGHTS["hard"].beam``,
16; 12 when this was measured). Measured at seat 0's decisions of a normal game on a
loaded machine (load average about 15): CPU p95 286 ms against hard's 363 ms (a beam of 8: 230 ms, 6:
209 ms). Over eight solo games on the river map (seeds 501-508) a beam of 10
scored as hard did in every one (mean 98.0); 8 lost one game by 26 points (mean
94.8), 6 four of them (91.9)."""


def make_hint_agent(seed: int, budget: int = HINT_BEAM):
    """The hard level's planner keeping ``budget`` plans at each step."""
    if budget < 1:
        raise ValueError("a hint's budget must be at least 1")
    agent = ReclaimAgent("hard", seed)
    agent.weights = replace(LEVEL_WEIGHTS["hard"], beam=budget, lookahead=0)
    return agent
