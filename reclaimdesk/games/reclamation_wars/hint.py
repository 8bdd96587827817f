"""Reclamation Wars' hint (``GameSpec.hint_agent``): the hard level's play-outs
of whole turns on a budget of its own, counted in play-outs like every AI
budget (iterations), so that a hint answers within half a second on an idle machine whatever
the hard level's budget becomes (``reclaimdesk bench --only
table_reclamation_wars``: hint CPU time). The hard level's end search on the large
board (``ai.HardBudget.end``) is the level's own: a hint runs its play-outs there too."""

from __future__ import annotations

from reclaimdesk.games.reclamation_wars.ai import make_agent

HINT_ITERATIONS = 5
"""Play-outs of a hint's search, each a candidate turn played out over several
rounds, one per candidate (the hard level runs its board's ``ai.HARD_BUDGET``)."""


def make_hint_agent(seed: int, budget: int = HINT_ITERATIONS):
    """The hard level's judgement after ``budget`` play-outs."""
    if budget < 1:
        raise ValueError("a hint's budget must be at least 1")
    agent = make_agent("hard", seed)
    agent.search.iterations = budget
    return agent
