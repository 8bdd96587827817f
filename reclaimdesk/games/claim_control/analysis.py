"""Claim Control's plug-in for the analysis of a record (:mod:`reclaimdesk.core.analysis`):
two-player: the chance to win (a drawn game counts half); playouts by the easy AI (the normal one searches two plies at every move, too slow for many playouts)."""

from __future__ import annotations

from reclaimdesk.core.analysis import Evaluator, register_evaluator

EVALUATOR = register_evaluator("claim-control", Evaluator("win", playout_level="easy", default_budget=6))
