"""The board data file and the geometry of cells and marker spots."""

from __future__ import annotations

import json

import pytest

from reclaimdesk.core.data import DataFile
from reclaimdesk.core.errors import DataError
from reclaimdesk.games.claim_control.board import (
    BOARD_KIND,
    DATA_VERSIONS,
    CELL_SPOTS,
    MAX_SCORE,
    SPOTS,
    Spot,
    load_board,
    parse_board,
)

PRINTED = [
    [2, 3, 4, 3, 2],
    [3, 5, 6, 5, 3],
    [4, 6, 7, 6, 4],
    [3, 5, 6, 5, 3],
    [2, 3, 4, 3, 2],
]


def _board_file(tmp_path, **changes):
    data = {"id": "board", "version": 1, "kind": BOARD_KIND, "name": "Test", "values": PRINTED}
    data.update(changes)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _load(path):
    return parse_board(DataFile.load(path, expected_kind=BOARD_KIND, versions=DATA_VERSIONS))


def test_shipped_board_is_the_printed_grid():
    board = load_board()
    assert [list(row) for row in board.values] == PRINTED
    assert board.id == "board" and board.version >= 1
    assert board.value((2, 2)) == 7


def test_score_bound_is_the_twenty_best_values():
    values = sorted((v for row in PRINTED for v in row), reverse=True)
    assert sum(values[:20]) == MAX_SCORE


def test_spot_counts_and_weights():
    edges = [s for s in SPOTS if s.kind == "edge"]
    corners = [s for s in SPOTS if s.kind == "corner"]
    assert len(edges) == 40 and len(corners) == 16
    assert all(s.weight == 2 for s in edges) and all(s.weight == 1 for s in corners)
    assert [s.index for s in SPOTS] == list(range(56))
    # every spot hands out 4 influence in all
    assert all(s.weight * len(s.cells) == 4 for s in SPOTS)


def test_cells_touch_the_right_spots():
    # a1, a corner cell of the board: 2 edges and 1 corner
    assert sorted(s.name for s in CELL_SPOTS[0]) == ["a1", "a1-a2", "a1-b1"]
    # c3, the centre (index 12): 4 edges and 4 corners
    assert sorted(s.name for s in CELL_SPOTS[12]) == [
        "b2", "b3", "b3-c3", "c2", "c2-c3", "c3", "c3-c4", "c3-d3"]
    assert sum(s.weight for s in CELL_SPOTS[12]) == 12


@pytest.mark.parametrize("name", ["c3-c4", "c4-c3", "b2", "d4", "a1-b1"])
def test_spot_names_round_trip(name):
    spot = Spot.parse(name)
    assert Spot.parse(spot.name) == spot
    assert SPOTS[spot.index] == spot


@pytest.mark.parametrize(
    "name, problem",
    [
        ("c3-e3", "do not share a side"),
        ("c3-c3", "two different cells"),
        ("c3-d4", "do not share a side"),
        ("e2", "outer border"),
        ("b5", "outer border"),
        ("f1", "not a cell of the board"),
        ("c3-c6", "not a cell of the board"),
    ],
)
def test_bad_spot_names(name, problem):
    with pytest.raises(ValueError, match=problem):
        Spot.parse(name)


@pytest.mark.parametrize(
    "changes, field, problem",
    [
        ({"kind": "reclaim-map"}, "kind", "must be 'claim-control-board'"),
        ({"values": PRINTED[:4]}, "values", "must have 5 entries"),
        ({"values": [*PRINTED[:2], [4, 6, 7, 6], *PRINTED[3:]]}, "values[2]", "must have 5 entries"),
        ({"values": [*PRINTED[:2], [4, 6, "7", 6, 4], *PRINTED[3:]]}, "values[2][2]", "whole number"),
        ({"values": [*PRINTED[:2], [4, 6, 0, 6, 4], *PRINTED[3:]]}, "values[2][2]", "at least 1"),
        ({"values": [[9] * 5] * 5}, "values", "at most 88"),
        ({"name": 3}, "name", "must be text"),
        ({"version": 0}, "version", "at least 1"),
        ({"version": 2}, "version", "reads version 1"),
        ({"name": "  "}, "name", "must not be empty"),
    ],
)
def test_damaged_board_files_name_file_and_field(tmp_path, changes, field, problem):
    with pytest.raises(DataError) as info:
        _load(_board_file(tmp_path, **changes))
    assert info.value.file == "board.json"
    assert info.value.field == field
    assert problem in info.value.problem


def test_missing_field_and_bad_json(tmp_path):
    path = _board_file(tmp_path)
    data = json.loads(path.read_text())
    del data["values"]
    path.write_text(json.dumps(data))
    with pytest.raises(DataError, match="'values': is missing"):
        _load(path)
    path.write_text("{")
    with pytest.raises(DataError, match="valid JSON"):
        _load(path)
