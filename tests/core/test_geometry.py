import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reclaimdesk.core.grid import SquareGrid, cell_name, connected_groups, largest_rectangle, parse_cell
from reclaimdesk.core.hexgrid import HexBoard, hex_distance
from reclaimdesk.core.polyomino import Polyomino
from reclaimdesk.core.rng import Rng, seed_from_text


def test_cell_names_round_trip():
    grid = SquareGrid(13, 13)
    for cell in grid.cells():
        assert parse_cell(cell_name(cell)) == cell
    with pytest.raises(ValueError):
        parse_cell("7c")


def test_polyomino_rotations_and_reflections():
    assert len(Polyomino.parse(["#"]).rotations()) == 1
    assert len(Polyomino.parse(["##"]).rotations()) == 2
    assert len(Polyomino.parse(["##", "##"]).rotations()) == 1
    assert len(Polyomino.parse(["###", ".#."]).rotations()) == 4
    s = Polyomino.parse([".##", "##."])
    assert len(s.rotations()) == 2 and len(s.orientations(allow_flip=True)) == 4
    f = Polyomino.parse([".##", "##.", ".#."])
    assert len(f.orientations(allow_flip=True)) == 8
    # rotating clockwise: the top row becomes the right column
    assert Polyomino.parse(["##", "#."]).rotated(1).rows() == ["##", ".#"]
    with pytest.raises(ValueError):
        Polyomino.parse(["#.", ".#"])


def test_polyomino_rotation_never_flips_a_chiral_shape():
    l_shape = Polyomino.parse(["#.", "#.", "##"])
    mirrored = l_shape.flipped()
    assert mirrored not in l_shape.rotations()
    assert mirrored in l_shape.orientations(allow_flip=True)


def test_connected_groups_and_bit_groups_agree():
    grid = SquareGrid(5, 5)
    cells = [(0, 0), (0, 1), (1, 1), (3, 3), (4, 4), (3, 4)]
    groups = connected_groups(cells, grid.neighbours)
    assert sorted(len(g) for g in groups) == [3, 3]
    masks = grid.group_masks(grid.mask(cells))
    assert sorted(len(grid.cells_of(m)) for m in masks) == [3, 3]


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=(1 << 49) - 1))
def test_fast_rectangle_matches_reference(bits):
    grid = SquareGrid(7, 7)
    cells = set(grid.cells_of(bits))
    for min_side in (1, 2):
        rect = largest_rectangle(lambda c: c in cells, 7, 7, min_side)
        assert (rect.area if rect else 0) == grid.largest_rectangle_area(bits, min_side)
        if rect:
            assert set(rect.cells()) <= cells
            assert rect.height >= min_side and rect.width >= min_side


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=(1 << 169) - 1))
def test_grow_is_the_edge_neighbourhood(bits):
    grid = SquareGrid(13, 13)
    cells = set(grid.cells_of(bits))
    expected = {n for c in cells for n in grid.neighbours(c)} - cells
    assert set(grid.cells_of(grid.grow(bits))) == expected


def test_hex_board_sizes_and_distances():
    assert len(list(HexBoard(4).hexes())) == 61
    board = HexBoard(5)
    assert len(list(board.hexes())) == 91 == len(board)
    corners = board.corners()
    assert all(hex_distance((0, 0), c) == 5 for c in corners)
    assert all(len(list(board.neighbours(c))) == 3 for c in corners)
    assert len(list(board.neighbours((0, 0)))) == 6
    assert len(list(board.within((0, 0), 2))) == 18


def test_rng_is_deterministic_and_derivable():
    a, b = Rng(3), Rng(3)
    assert [a.randint(0, 100) for _ in range(10)] == [b.randint(0, 100) for _ in range(10)]
    assert Rng(3).derive("x").randint(0, 10**9) == Rng(3).derive("x").randint(0, 10**9)
    assert Rng(3).derive("x").randint(0, 10**9) != Rng(3).derive("y").randint(0, 10**9)
    assert seed_from_text("2026-11-21") == seed_from_text("2026-11-21")
