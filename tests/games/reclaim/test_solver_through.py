"""The rectangle repair through a section that cannot be completed, on the deck where
it was needed (river 70021): the hard AI's line (131) and the best line known for that
deck (141, found offline by an exact model) replay through the rules, the repair's
trials include the change that leads past 131, and the count that completes the
offline proof (tools/reclaim_rect_count.py) admits the best line's rectangle."""

from __future__ import annotations

import json
from pathlib import Path

from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclaim import solver
from reclaimdesk.games.reclaim.components import GRID
from reclaimdesk.core.grid import parse_cell

SPEC = get_game("reclaim")
DATA = json.loads((Path(__file__).parent / "data" / "river_70021.json").read_text(encoding="utf-8"))


def _start():
    return SPEC.new_game(1, DATA["seed"], {"map": DATA["map"]})


def _played(line: list[str]):
    state = _start()
    for text in line:
        action = state.parse_action(text)
        assert state.why_illegal(action) == "", text
        state.apply(action)
    return state


def test_both_lines_replay_through_the_rules_and_the_bound_stays_above_the_best():
    hard = _played(DATA["hard"]["actions"])
    assert hard.phase == "over" and hard.scores() == [131.0]
    best = _played(DATA["best"]["actions"])
    assert best.phase == "over"
    assert best.breakdown(0) == {"first_half": 58, "second_half": 58, "rectangle": 25, "x_penalty": 0,
                                 "total": 141}
    assert best.sheets[0].crossed == 0
    # the upper bound is a relaxation: never below a line that the rules allow
    assert solver.upper_bound(_start()) >= 141


def test_a_section_whose_empty_squares_the_later_icons_cannot_pay_cannot_be_completed():
    start = _start()
    path = [start.parse_action(a) for a in DATA["hard"]["actions"]]
    final, rounds = solver._round_starts(start, path)
    sheet = final.sheets[0]
    drawn = solver._drawn_rounds(rounds, final)
    d9 = GRID.bit(parse_cell("d9"))
    # round 11's section (d9 b10 c10 d10 d11) keeps three empty water squares, and the
    # rounds after it bring one water icon
    late = next(sec for sec in sheet.sections if sec & d9)
    assert drawn[late] == 11
    assert solver._cannot_complete(start, rounds, late, 11, sheet)
    # the same empty squares could be paid by the icons after round 1
    assert not solver._cannot_complete(start, rounds, late, 1, sheet)
    # a finished section has nothing left to pay
    done = next(sec for sec in sheet.sections if sec & sheet.terr)
    assert not solver._cannot_complete(start, rounds, done, drawn[done], sheet)


def test_the_trials_draw_an_earlier_shape_over_the_squares_that_section_holds():
    start = _start()
    path = [start.parse_action(a) for a in DATA["hard"]["actions"]]
    final, rounds = solver._round_starts(start, path)
    segments = solver._segments(rounds, path)
    trials = solver._through_trials(start, rounds, segments, final, solver.THROUGH[1])
    first_ten = [changed for _, changed in trials[:10]]
    # round 3's L drawn over d9, e9 and d10 instead of e5, d6 and e6 (the change that,
    # replayed and searched, scores 132)
    assert any([str(a) for a in changed[3]] == ["pay i8", "pay d4", "shape r07 0 d9", "end"]
               for changed in first_ten if 3 in changed)
    sheet = final.sheets[0]
    drawn = solver._drawn_rounds(rounds, final)
    for first, changed in trials:
        assert first == min(changed)
        moved = [k for k in changed
                 if [a for a in changed[k] if a.kind == "shape"] != [a for a in segments[k] if a.kind == "shape"]]
        assert len(moved) == 1  # one turn's shape drawn elsewhere, the others only pay elsewhere
        k = moved[0]
        shape = next(a for a in changed[k] if a.kind == "shape")
        new = GRID.mask(start.shape(shape.shape).rotations()[shape.rotation].placed(shape.cell))
        # over squares of a section the line draws later and cannot complete
        stuck = 0
        for sec in sheet.sections:
            if drawn[sec] > k and solver._cannot_complete(start, rounds, sec, drawn[sec], sheet):
                stuck |= sec
        assert new & stuck


def _count_tool():
    import importlib.util

    root = Path(__file__).resolve().parents[3]
    spec = importlib.util.spec_from_file_location("reclaim_rect_count", root / "tools" / "reclaim_rect_count.py")
    tool = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(tool)
    return tool


def test_the_count_behind_the_offline_proof_admits_the_best_line_and_nothing_of_42_squares():
    """tools/reclaim_rect_count.py, the second half of the proof that 141 is river
    70021's best: the deck's icons by terrain; the best line's 5x5 rectangle c7:g11
    passes the count (it was completed); no rectangle of 42 squares or more passes it
    without a special action's triangle, nor with the 3 of one number crossed out."""
    from reclaimdesk.games.reclaim.components import Terrain

    tool = _count_tool()
    start = _start()
    icons = tool.deck_icons(start)
    assert {t.value: n for t, n in icons.items()} == {"forest": 13, "field": 13, "mountain": 10, "water": 8}
    assert (25, 6, 11, 2, 7) in tool.passing(start, icons, 25, 0)
    assert tool.passing(start, icons, 42, 0) == []
    assert tool.passing(start, icons, 42, 3) == []
    # grass needs a special's triangle: the top-left 2x2 (a1 b1 a2 b2: M M H M) passes,
    # the 2x2 at a6:b7 (all grass) needs 4
    assert (4, 0, 2, 0, 2) in tool.passing(start, icons, 4, 0)
    assert all((r0, c0) != (5, 0) or (r1, c1) != (7, 2) for _, r0, r1, c0, c1 in tool.passing(start, icons, 4, 3))
    assert (4, 5, 7, 0, 2) in tool.passing(start, icons, 4, 4)
    assert start.map.at((5, 0)) is Terrain.GRASS
