"""Legal-move counts ("perft") of fixed positions, for every game that keeps a file
``tests/data/perft_<anything>.json`` (one format, described in each file's "about";
the file's "game" names the registered id). A move generator that drifts, or a
legality check that stops agreeing with it, is caught at once."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from reclaimdesk.core.game import GameState, all_games, get_game

DATA = Path(__file__).resolve().parent / "data"
FILES = sorted(DATA.glob("perft_*.json"))
FORMAT = 1
KEYS = {"name", "players", "seed", "options", "actions", "perft", "phase", "legal", "legal_by_kind"}


def perft(state: GameState, depth: int) -> int:
    """How many sequences of ``depth`` legal actions the position allows."""
    if depth == 0:
        return 1
    if depth == 1:
        return len(state.legal_actions())
    return sum(perft(state.child(a), depth - 1) for a in state.legal_actions())


def _load(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data.get("format") == FORMAT, f"{path.name}: format must be {FORMAT}"
    return data


def _cases():
    for path in FILES:
        data = _load(path)
        for pos in data["positions"]:
            yield pytest.param(data, pos, id=f"{data['game']}: {pos['name']}")


def test_every_file_names_a_registered_game():
    ids = {g.id for g in all_games()}
    assert FILES, "no legal-move count files found"
    for path in FILES:
        data = _load(path)
        assert data["game"] in ids, f"{path.name}: unknown game {data['game']!r}"
        for pos in data["positions"]:
            assert set(pos) <= KEYS, f"{path.name}: {pos['name']}: unknown keys {set(pos) - KEYS}"


@pytest.mark.parametrize("data,pos", list(_cases()))
def test_legal_move_counts(data, pos):
    spec = get_game(data["game"])
    state = spec.new_game(pos["players"], pos["seed"], pos["options"])
    for text in pos["actions"]:
        state.apply_text(text)
    expected_versions = data.get("data_versions")
    if expected_versions is not None:
        for key, version in state.data_versions().items():
            assert expected_versions.get(key) == version, f"data file {key} is version {version}"
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "no duplicate actions"
    assert all(state.is_legal(a) and state.why_illegal(a) == "" for a in legal)
    if "phase" in pos:
        assert state.phase == pos["phase"]
    if "legal" in pos:
        assert [state.action_to_str(a) for a in legal] == pos["legal"]
    if "legal_by_kind" in pos:
        assert dict(Counter(a.kind for a in legal)) == pos["legal_by_kind"]
    counts = [perft(state, d) for d in range(1, len(pos["perft"]) + 1)]
    assert counts == pos["perft"]
