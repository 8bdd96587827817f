"""The solver's upper bound knows which squares joining every castle must fill: the
fewest squares of given kinds any group holding all the castles contains (cases on
the 13x13 grid whose answer is known by hand), and a castle walled off lowers the
bound of both halves."""

from __future__ import annotations

from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclaim import solver
from reclaimdesk.games.reclaim.components import GRID, SIZE

SPEC = get_game("reclaim")


def _column(c: int, rows=range(SIZE)) -> int:
    return GRID.mask((r, c) for r in rows)


def _row(r: int, cols) -> int:
    return GRID.mask((r, c) for c in cols)


def test_a_wall_of_costly_squares_costs_its_thickness():
    castles = GRID.mask([(6, 1), (6, 11)])
    assert solver.network_floor(castles, 0, 0) == 0
    assert solver.network_floor(castles, 0, _column(6)) == 1
    assert solver.network_floor(castles, 0, _column(5) | _column(6)) == 2
    # blocked squares are no way through: a wall with its only gap blocked is crossed
    # where it is thin
    wall = _column(5) | _column(6, range(1, SIZE))
    assert solver.network_floor(castles, GRID.bit((0, 6)), wall) == 2
    assert solver.network_floor(castles, 0, wall) == 1


def test_three_regions_joined_by_two_squares_not_one():
    """Column 6 cuts the left half off; row 6 splits the right half. (5, 6) joins the
    left half to the top right, (6, 9) the top right to the bottom right: no square
    touches all three regions, so two squares are the fewest."""
    castles = GRID.mask([(6, 0), (0, 12), (12, 12)])
    costly = _column(6) | _row(6, range(7, SIZE))
    assert solver.network_floor(castles, 0, costly) == 2


def test_a_castle_walled_off_cannot_be_joined():
    castles = GRID.mask([(6, 6), (0, 0)])
    ring = GRID.mask([(5, 6), (7, 6), (6, 5), (6, 7)])
    assert solver.network_floor(castles, ring, 0) is None
    # the ring costly instead of blocked: one square of it
    assert solver.network_floor(castles, 0, ring) == 1


def test_a_castle_walled_off_by_x_marks_lowers_both_halves():
    start = SPEC.new_game(1, 3, {"map": "river"})
    assert solver._all_castles_short(start, solver.first_half_icons(start)) <= 0
    walled = start.clone()
    castle = walled.castle_mask & -walled.castle_mask
    walled.sheets[0].xs |= GRID.grow(castle) & ~walled.castle_mask
    assert solver._all_castles_short(walled, solver.first_half_icons(walled)) >= 1 << 20
    loose = solver.upper_bound(walled)

    def never_short(state, icons):
        return 0

    original = solver._all_castles_short
    solver._all_castles_short = never_short
    try:
        before = solver.upper_bound(walled)
    finally:
        solver._all_castles_short = original
    assert loose < before
