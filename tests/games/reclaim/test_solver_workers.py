"""How many processes the solver uses: two on two cores or more, in a frozen
build too (its entry point hands the spawned process to ``freeze_support``)."""

from __future__ import annotations

import os
import sys

from reclaimdesk.games.reclaim import solver


def test_two_processes_on_two_cores_frozen_or_not(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert solver.default_workers() == 2
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert solver.default_workers() == 2
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert solver.default_workers() == 1
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert solver.default_workers() == 1
