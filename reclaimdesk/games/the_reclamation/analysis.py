"""The Reclamation's plug-in for the analysis of a record (:mod:`reclaimdesk.core.analysis`):
two-player: the chance to win (a draw counts half); playouts by the easy AI to the end (16 a value: the normal AI looks three turns ahead since issue 29, and 8 playouts of it took over a minute for a short game)."""

from __future__ import annotations

from reclaimdesk.core.analysis import Evaluator, register_evaluator

EVALUATOR = register_evaluator("the-reclamation", Evaluator("win", playout_level="easy", default_budget=16))
