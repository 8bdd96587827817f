"""Geometry (reclaimdesk/core/grid.py, hexgrid.py, polyomino.py) and the seeded
random source's first checks (rng.py; more in test_rng.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reclaimdesk.core.grid import (
    KING,
    ORTHOGONAL,
    Rectangle,
    SquareGrid,
    cell_name,
    connected_groups,
    largest_rectangle,
    parse_cell,
)
from reclaimdesk.core.hexgrid import HEX_DIRECTIONS, HexBoard, hex_distance, hex_name, parse_hex
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


# --- square grids: more contracts --------------------------------------------------------------------
RECT_SIZES = [(1, 1), (1, 5), (4, 1), (3, 7), (7, 3), (13, 13)]


@pytest.mark.parametrize("rows, cols", RECT_SIZES)
def test_cells_bits_and_borders_agree_on_any_shape(rows, cols):
    grid = SquareGrid(rows, cols)
    cells = list(grid.cells())
    assert len(cells) == grid.size == rows * cols and len(set(cells)) == len(cells)
    assert grid.full_mask == grid.mask(cells) == (1 << grid.size) - 1
    for cell in cells:
        assert cell in grid and grid.cell_at(grid.index(cell)) == cell and grid.bit(cell) == 1 << grid.index(cell)
        assert grid.on_border(cell) == (cell[0] in (0, rows - 1) or cell[1] in (0, cols - 1))
        assert set(grid.neighbours(cell)) == {
            (cell[0] + dr, cell[1] + dc) for dr, dc in ORTHOGONAL} & set(cells)
        assert set(grid.neighbours(cell, KING)) == {
            (cell[0] + dr, cell[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc} & set(cells)
    assert set(grid.cells_of(grid.border_mask())) == {c for c in cells if grid.on_border(c)}
    for outside in [(-1, 0), (0, -1), (rows, 0), (0, cols), "a1", (1,), (0, 0, 0)]:
        assert outside not in grid


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(RECT_SIZES[1:]), st.data())
def test_masks_round_trip_and_flood_is_connected_reach(size, data):
    rows, cols = size
    grid = SquareGrid(rows, cols)
    within = data.draw(st.integers(0, grid.full_mask), label="within")
    cells = set(grid.cells_of(within))
    assert grid.mask(cells) == within
    assert sorted(grid.cells_of(within)) == sorted(cells)
    assert [grid.row_masks(within)[r] >> c & 1 for r in range(rows) for c in range(cols)] == [
        int((r, c) in cells) for r in range(rows) for c in range(cols)]
    expected = {n for c in cells for n in grid.neighbours(c)} - cells
    assert set(grid.cells_of(grid.grow(within))) == expected
    groups = grid.group_masks(within)
    reference = connected_groups(cells, grid.neighbours)
    assert sorted(sorted(grid.cells_of(g)) for g in groups) == sorted(sorted(g) for g in reference)
    if cells:
        start = min(cells)
        reached = set(grid.cells_of(grid.flood(grid.bit(start), within)))
        assert reached == next(g for g in reference if start in g)
    assert grid.flood(grid.full_mask, 0) == 0


def test_the_largest_rectangle_on_a_wide_board():
    grid = SquareGrid(3, 7)
    rows = ["..####.", ".#####.", "..####."]
    filled = {(r, c) for r in range(3) for c in range(7) if rows[r][c] == "#"}
    assert largest_rectangle(lambda c: c in filled, 3, 7) == Rectangle(0, 2, 3, 4)
    assert grid.largest_rectangle_area(grid.mask(filled)) == 12
    assert grid.largest_rectangle_area(grid.mask(filled), min_side=4) == 0
    assert largest_rectangle(lambda c: c in filled, 3, 7, min_side=4) is None
    assert Rectangle(1, 2, 2, 3).cells() == [(1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (2, 4)]


def test_cell_names_refuse_what_is_not_a_square():
    for text in ("", "a", "7c", "c", "a-1", "a１", "aa1", "a 1"):
        with pytest.raises(ValueError):
            parse_cell(text)
    assert parse_cell(" C10 ") == (9, 2) and cell_name((9, 25)) == "z10"


# --- hex boards -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("radius", [0, 1, 2, 4, 5])
def test_hex_board_contracts(radius):
    board = HexBoard(radius)
    hexes = list(board.hexes())
    assert len(hexes) == len(set(hexes)) == len(board) == 3 * radius * (radius + 1) + 1
    assert set(hexes) == {(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
                          if hex_distance((0, 0), (q, r)) <= radius}
    assert board.side == radius + 1
    for h in hexes:
        assert h in board
        around = list(board.neighbours(h))
        assert all(hex_distance(h, n) == 1 and h in board.neighbours(n) for n in around)
        assert len(around) == sum(1 for d in HEX_DIRECTIONS if (h[0] + d[0], h[1] + d[1]) in board)
    assert (radius + 1, 0) not in board and (0, -radius - 1) not in board and "0,0" not in board
    assert board.corners() == [(dq * radius, dr * radius) for dq, dr in HEX_DIRECTIONS]


@pytest.mark.parametrize("centre", [(0, 0), (2, -1), (4, 0), (-3, 3)])
@pytest.mark.parametrize("distance", [0, 1, 2, 3])
def test_hexes_within_a_distance_leave_out_the_centre(centre, distance):
    board = HexBoard(4)
    found = list(board.within(centre, distance))
    assert len(found) == len(set(found))
    assert set(found) == {h for h in board.hexes() if 0 < hex_distance(centre, h) <= distance}
    if centre == (0, 0):
        assert len(found) == 3 * distance * (distance + 1)


@settings(max_examples=100, deadline=None)
@given(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), st.tuples(st.integers(-50, 50), st.integers(-50, 50)))
def test_hex_distance_is_a_metric_and_names_round_trip(a, b):
    assert hex_distance(a, b) == hex_distance(b, a) >= 0
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, b) <= hex_distance(a, (0, 0)) + hex_distance((0, 0), b)
    assert parse_hex(hex_name(a)) == a


def test_hex_names_refuse_what_is_not_a_hex():
    for text in ("", "1", "1,2,3", "+1,2", "1_0,2", "１,2", "a,b", "1, 2", "12345,0"):
        with pytest.raises(ValueError):
            parse_hex(text)


def test_hex_centres_in_pixels():
    board = HexBoard(2)
    x, y = board.to_pixel((1, 0), size=2.0)
    assert (round(x, 6), y) == (round(2 * 3**0.5, 6), 0.0)
    assert board.to_pixel((0, 1)) == (3**0.5 / 2, 1.5)
    for h in board.hexes():
        for n in board.neighbours(h):
            (x1, y1), (x2, y2) = board.to_pixel(h), board.to_pixel(n)
            assert abs(((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 - 3**0.5) < 1e-9


# --- polyominoes -----------------------------------------------------------------------------------------------
def polyominoes(max_size=6):
    """Random edge-connected shapes, grown square by square."""

    @st.composite
    def grow(draw):
        cells = [(0, 0)]
        for _ in range(draw(st.integers(0, max_size - 1))):
            r, c = draw(st.sampled_from(cells))
            dr, dc = draw(st.sampled_from(ORTHOGONAL))
            if (r + dr, c + dc) not in cells:
                cells.append((r + dr, c + dc))
        return Polyomino(tuple(cells))

    return grow()


@settings(max_examples=100, deadline=None)
@given(polyominoes())
def test_polyomino_laws(p):
    assert p.rotated(4) == p and p.rotated(0) == p and p.flipped().flipped() == p
    assert p.rotated(1).rotated(3) == p and p.rotated(-1) == p.rotated(3)
    assert min(r for r, _ in p.cells) == 0 == min(c for _, c in p.cells)
    assert (p.rotated(1).height, p.rotated(1).width) == (p.width, p.height)
    rotations = p.rotations()
    assert rotations[0] == p and len(rotations) in (1, 2, 4) and len(set(rotations)) == len(rotations)
    orientations = p.orientations(allow_flip=True)
    assert orientations[: len(rotations)] == rotations and len(orientations) in (1, 2, 4, 8)
    assert set(orientations) == set(rotations) | set(p.flipped().rotations())
    assert p.canonical(True) == p.flipped().canonical(True) == p.rotated(1).canonical(True)
    assert p.canonical(False) == p.rotated(3).canonical(False)
    assert Polyomino.parse(p.rows()) == p and str(p) == "/".join(p.rows())
    assert sorted(p.placed((3, 5))) == sorted((r + 3, c + 5) for r, c in p.cells)


def test_a_chiral_shape_is_not_its_mirror_without_flips():
    s = Polyomino.parse([".##", "##."])
    assert s.canonical(False) != s.flipped().canonical(False)
    assert s.canonical(True) == s.flipped().canonical(True)
    assert Polyomino.parse(["##", "#."]).placed((2, 3)) == [(2, 3), (2, 4), (3, 3)]
    assert Polyomino.parse(["#.", "##"]).placed((0, 1)) == [(0, 1), (1, 1), (1, 2)]
    for bad in ([], [(0, 0), (0, 0)], [(0, 0), (1, 1)]):
        with pytest.raises(ValueError):
            Polyomino(tuple(bad))
