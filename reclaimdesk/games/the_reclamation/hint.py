"""The Reclamation's hint (``GameSpec.hint_agent``): the hard level's search on a
budget of its own, counted in positions visited like every AI budget, so that a
hint answers within half a second on an idle machine whatever the hard level's
budget becomes (``reclaimdesk bench --only table_the_reclamation``: hint CPU time)."""

from __future__ import annotations

from reclaimdesk.games.the_reclamation.ai import make_agent

HINT_NODES = 3000
"""Positions a hint may visit (the hard level visits up to ``ai.HARD_NODES``): at
the hint positions of ``reclaimdesk bench`` 4000 took up to 0.45 s of CPU on a loaded
machine."""


def make_hint_agent(seed: int, budget: int = HINT_NODES):
    """The hard level's judgement, stopped after ``budget`` positions."""
    if budget < 1:
        raise ValueError("a hint's budget must be at least 1")
    agent = make_agent("hard", seed)
    agent.max_nodes = budget
    agent.opening_noise = agent.later_noise  # a hint names a best move, also in the opening
    agent.wait_for_nothing()  # and the quickest win it can prove
    return agent
