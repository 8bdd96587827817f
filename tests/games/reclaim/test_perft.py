"""Legal-move counts of fixed positions (tests/data/perft_reclaim.json): a move
generator that drifts is caught at once."""

import json
from pathlib import Path

import pytest

from reclaimdesk.core.game import get_game

DATA = json.loads((Path(__file__).resolve().parents[2] / "data" / "perft_reclaim.json").read_text())
SPEC = get_game("reclaim")


def test_fixture_matches_the_shipped_data_versions():
    state = SPEC.new_game(1, 1, {})
    versions = {k: v for k, v in state.data_versions().items() if "maps" not in k}
    assert {k: v for k, v in DATA["data_versions"].items() if "maps" not in k} == versions


@pytest.mark.parametrize("pos", DATA["positions"], ids=lambda p: f"seed{p['seed']}-{len(p['actions'])}")
def test_legal_move_counts(pos):
    state = SPEC.new_game(pos["players"], pos["seed"], pos["options"])
    for text in pos["actions"]:
        state.apply_text(text)
    legal = state.legal_actions()
    assert state.phase == pos["phase"]
    assert len(legal) == pos["legal_count"]
    by_kind = {}
    for a in legal:
        by_kind[a.kind] = by_kind.get(a.kind, 0) + 1
    assert by_kind == pos["legal_by_kind"]
    assert len(set(legal)) == len(legal), "no duplicate actions"
