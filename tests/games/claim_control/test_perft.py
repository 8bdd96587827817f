"""Fixed legal-move counts ("perft") for a few positions, kept in
tests/data/perft_claim_control.json. A drifting move generator is caught at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reclaimdesk.core.game import GameState, get_game

DATA = Path(__file__).resolve().parents[2] / "data" / "perft_claim_control.json"
POSITIONS = json.loads(DATA.read_text(encoding="utf-8"))["positions"]


def perft(state: GameState, depth: int) -> int:
    """How many action sequences of length ``depth`` the position allows."""
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize("position", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_perft(position):
    state = get_game("claim-control").new_game(2, seed=0)
    for text in position["actions"]:
        state.apply_text(text)
    for depth, expected in enumerate(position["counts"], start=1):
        assert perft(state, depth) == expected, f"depth {depth}"
    assert all(state.is_legal(a) for a in state.legal_actions())
