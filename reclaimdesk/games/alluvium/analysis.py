"""Alluvium's plug-in for the analysis of a record (:mod:`reclaimdesk.core.analysis`):
the expected final score; playouts by the normal AI to the end, on copies determinized from the deciding seat's view (the deck order and what it has not seen of the other sheets are guesses)."""

from __future__ import annotations

from reclaimdesk.core.analysis import Evaluator, register_evaluator

EVALUATOR = register_evaluator("alluvium", Evaluator("points", playout_level="normal", default_budget=4))
