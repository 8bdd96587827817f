"""The Reclamation's plug-in for the analysis of a record (:mod:`reclaimdesk.core.analysis`):
two-player: the chance to win (a draw counts half); playouts by the normal AI to the end."""

from __future__ import annotations

from reclaimdesk.core.analysis import Evaluator, register_evaluator

EVALUATOR = register_evaluator("the-reclamation", Evaluator("win", playout_level="normal", default_budget=8))
