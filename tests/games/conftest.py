"""Shared fixtures of the games' tests."""

import pytest

from reclaimdesk.core import agents as core_agents


@pytest.fixture(autouse=True)
def _budgets_decide(monkeypatch):
    """AI searches end at their node or iteration budgets, never at the clock: the
    safety cap (a few times the calibrated time, ``SAFETY_SECONDS``) is raised, so
    a test run on a busy shared machine checks what the budgets decide. The cap
    itself is tested in tests/test_ai_determinism.py."""
    monkeypatch.setattr(core_agents, "SAFETY_SECONDS", 600.0)
