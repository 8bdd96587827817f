"""Reclamation Wars's plug-in for the analysis of a record (:mod:`reclaimdesk.core.analysis`):
three-player: the chance to win (a shared win counts as its share); playouts by the normal AI to the end."""

from __future__ import annotations

from reclaimdesk.core.analysis import Evaluator, register_evaluator

EVALUATOR = register_evaluator("reclamation-wars", Evaluator("win", playout_level="normal", default_budget=6))
