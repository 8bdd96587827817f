"""Alluvium's hint (``GameSpec.hint_agent``): the hard level's tree search on a
budget of its own, counted in iterations like every AI budget, so that a hint
answers within half a second on an idle machine whatever the hard level's budget
becomes (``reclaimdesk bench --only table_alluvium``: hint CPU time)."""

from __future__ import annotations

from reclaimdesk.games.alluvium.ai import make_agent

HINT_ITERATIONS = 60
"""Iterations of a hint's search (the hard level runs ``ai.HARD_BUDGETS``)."""


def make_hint_agent(seed: int, budget: int = HINT_ITERATIONS):
    """The hard level's judgement after ``budget`` iterations."""
    if budget < 1:
        raise ValueError("a hint's budget must be at least 1")
    agent = make_agent("hard", seed)
    agent.budgets = {}  # the hard level's budgets by player count do not apply
    agent.received_budgets = {}  # nor its search of received sheets: the normal choice there
    agent.iterations = agent.search.iterations = budget
    return agent
