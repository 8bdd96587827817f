"""Reclamation Wars' hint (``GameSpec.hint_agent``): the hard level's search over
whole turns on a budget of its own, counted in candidate turns (each played out
over several rounds) like every AI budget is counted in work, so that a hint
answers within half a second on an idle machine whatever the hard level's budget
becomes (``reclaimdesk bench --only table_reclamation_wars``: hint CPU time)."""

from __future__ import annotations

from reclaimdesk.games.reclamation_wars.ai import HARD_STAGES, make_agent

HINT_CANDIDATES = 8
"""Candidate turns a hint's search looks at (the hard level: the first entry of
``ai.HARD_STAGES``); its later stages keep as many of them as the hard level's,
at most this many."""


def make_hint_agent(seed: int, budget: int = HINT_CANDIDATES):
    """The hard level's judgement over its ``budget`` best candidate turns."""
    if budget < 1:
        raise ValueError("a hint's budget must be at least 1")
    agent = make_agent("hard", seed)
    agent.search.stages = tuple((min(keep, budget), turns, positions) for keep, turns, positions in HARD_STAGES)
    return agent
