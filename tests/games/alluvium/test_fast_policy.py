"""The rollout policy's cheaper scans give the very moves (and draws) of the
straightforward ones: :func:`_reference_choice` is the policy as it was written
before (a test per placement, eight bit counts per sampled placement), kept here
only to compare against."""

import pickle

import pytest

from reclaimdesk.core.rng import Rng
from reclaimdesk.games.alluvium import ai
from reclaimdesk.games.alluvium.actions import AlluviumAction
from reclaimdesk.games.alluvium.state import FILL, OTHERS, OWN, PLACE, VIRTUAL, AlluviumState, Entry, nth_placed, placed

from .helpers import new


def _reference_sample(state, pids, filled, rng):
    if len(pids) == 1 and not state._needs_start():
        pid = pids[0]
        every = state.geo.placements(state.piece(pid))
        n = len(every)
        out = []
        rnd = rng._random.random
        for _ in range(4 * ai.FAST_SAMPLE):
            k, anchor, m = every[int(rnd() * n)]
            if not m & filled:
                out.append((pid, k, anchor, m))
                if len(out) == ai.FAST_SAMPLE:
                    return out
        if len(out) >= ai.FAST_SAMPLE // 4:
            return out
    options = [(pid, k, anchor, m) for pid in pids for k, anchor, m in state.placements(pid)]
    if len(options) > ai.FAST_SAMPLE:
        options = [options[rng.randrange(len(options))] for _ in range(ai.FAST_SAMPLE)]
    return options


def _reference_choice(state, rng):
    geo = state.geo
    sheet = state.sheet
    filled = sheet.filled
    owner = sheet.owner
    phase = state.phase
    pids = list(dict.fromkeys(state.pieces_to_draw()))
    if phase != OTHERS:
        sample = _reference_sample(state, pids, filled, rng)
        if rng.random() < 0.1:
            pid, k, anchor, _m = sample[0]
            return geo.place_action(state.piece(pid), k, anchor)
        f1, f2, f3, f4 = geo.layers(filled)
        t, b, l, r = geo._edges
        scores = [(m & f1).bit_count() + (m & f2).bit_count() + (m & f3).bit_count()
                  + (m & f4).bit_count() + (m & t).bit_count() + (m & b).bit_count()
                  + (m & l).bit_count() + (m & r).bit_count()
                  for _p, _k, _a, m in sample]
        if phase == VIRTUAL:
            v1, v2, v3, v4 = geo.layers(sheet.colour_masks[owner])
            scores = [2 * s + 3 * ((m & v1).bit_count() + (m & v2).bit_count() + (m & v3).bit_count()
                                   + (m & v4).bit_count())
                      for s, (_p, _k, _a, m) in zip(scores, sample)]
        pid, k, anchor, _m = sample[ai._best_index(scores, rng)]
        return geo.place_action(state.piece(pid), k, anchor)
    pid = pids[0]
    every = geo.placements(state.piece(pid))
    own_mask = sheet.colour_masks[owner]
    o1, o2, o3, o4 = geo.layers(own_mask)
    near = [p for p in every if p[2] & o1 and not p[2] & filled]
    legal = near if near else [p for p in every if not p[2] & filled]
    fill_mask = geo.enclosed(filled)
    if fill_mask:
        fills = geo.grid.cells_of(fill_mask)
        if not legal or rng.random() < 0.5 * len(fills) / (len(fills) + 4):
            best = max(fills, key=lambda c: geo.shared_edges(geo.grid.bit(c), own_mask) + rng.random())
            return AlluviumAction.fill(best)
    if rng.random() < 0.1:
        if near:
            legal = [p for p in every if not p[2] & filled]
        k, anchor, _m = legal[rng.randrange(len(legal))]
        return geo.place_action(state.piece(pid), k, anchor)
    m1, m2, _m3, _m4 = geo.layers(sheet.colour_masks[state.seat])
    if near:
        scores = [6 * ((m & o1).bit_count() + (m & o2).bit_count() + (m & o3).bit_count()
                       + (m & o4).bit_count()) + (m & m1).bit_count() + (m & m2).bit_count()
                  for _k, _a, m in legal]
    else:
        scores = [(m & m1).bit_count() + (m & m2).bit_count() for _k, _a, m in legal]
    k, anchor, _m = legal[ai._best_index(scores, rng)]
    return geo.place_action(state.piece(pid), k, anchor)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_fast_policy_makes_the_reference_moves_and_draws(players):
    """Along games played by the policy itself (every phase, empty to crowded
    sheets), each state is asked several times with twin generators: the same
    action every time, and the generators left in the same state."""
    compared = set()
    for seed in (1, 2):
        state = new(players, seed=20 + seed)
        mover = Rng(seed)
        while not state.is_terminal():
            for k in range(4):
                mine, theirs = Rng(1000 * seed + k), Rng(1000 * seed + k)
                assert ai.fast_choice(state, mine) == _reference_choice(state, theirs), \
                    (state.round, state.phase, state.seat)
                assert mine.random() == theirs.random()
            compared.add(state.phase)
            state.apply(ai.fast_choice(state, mover))
    assert OTHERS in compared and "own" in compared and (players != 3 or VIRTUAL in compared)


def test_a_piece_s_placements_are_shifts_of_one_shape_per_orientation():
    state = new(3, seed=1)
    geo = state.geo
    for pid in state.components.piece_ids:
        piece = state.piece(pid)
        shapes = geo.shapes(piece)
        listed = placed(shapes, [valid for _s, valid, _p in shapes])
        assert listed == list(geo.placements(piece))
        assert ai._masks(geo, piece) == tuple(m for _k, _a, m in listed)


def test_the_geometry_s_quick_answers_are_the_plain_ones():
    """Free placements by shifts, the largest group grown in place and the kept
    rectangle areas, against the plain computations on the sheets of random
    games."""
    rng = Rng(8)
    for players in (3, 5):
        state = new(players, seed=3)
        geo = state.geo
        grid = geo.grid
        pieces = [state.piece(p) for p in state.components.piece_ids]
        while not state.is_terminal():
            for sheet in state.sheets:
                filled = sheet.filled
                piece = pieces[rng.randrange(len(pieces))]
                free = [p for p in geo.placements(piece) if not p[2] & filled]
                assert geo.free_placements(piece, filled) == free
                anchors = geo.free_anchors(piece, filled)
                assert [nth_placed(geo.shapes(piece), anchors, k) for k in range(len(free))] == free
                with pytest.raises(IndexError):
                    nth_placed(geo.shapes(piece), anchors, len(free))
                actions = [a for a, p in zip(geo.place_actions(piece), geo.placements(piece)) if not p[2] & filled]
                listed = geo.free_actions(piece, filled)
                assert list(listed) == actions and all(a is b for a, b in zip(listed, actions))
                assert geo.rect_area(filled) == grid.largest_rectangle_area(filled)
                for mask in sheet.colour_masks:
                    assert geo.largest_group(mask) == max((g.bit_count() for g in grid.group_masks(mask)), default=0)
            state.apply(ai.fast_choice(state, rng))


def test_the_planes_sum_weighted_masks_per_square():
    a, b, c = 0b1011, 0b0110, 0b1110
    planes = ai._planes(((a, 1), (b, 3), (c, 6)), 4)
    for sq in range(4):
        want = (a >> sq & 1) + 3 * (b >> sq & 1) + 6 * (c >> sq & 1)
        assert sum((p >> sq & 1) << i for i, p in enumerate(planes)) == want
    with pytest.raises(ValueError):
        ai._planes(((a, 7), (b, 7), (c, 7)), 3)


def test_a_received_sheet_with_no_free_placement_gets_its_fill():
    """A received sheet whose piece fits nowhere: the policy fills an enclosed
    square (the only legal kind of move), as the reference does."""
    state = new(3, seed=5)
    rng = Rng(3)
    while not (state.phase == OTHERS and state.fill_squares()):
        state.apply(ai.fast_choice(state, rng))
        assert not state.is_terminal()
    sheet = state.sheet
    holes = state.geo.enclosed(sheet.filled)
    sheet.filled |= state.geo.full & ~holes  # every other square filled
    pick = ai.fast_choice(state, Rng(4))
    assert pick == _reference_choice(state, Rng(4)) and pick.kind == "fill"


def test_the_kept_received_sheets_give_the_reference_moves():
    """The policy keeps a received sheet's moves and best placements; asked again
    on the same sheet (the same piece, other generators) it still makes the
    reference moves and draws."""
    ai._RECEIVED.clear()
    state = new(3, seed=31)
    mover = Rng(5)
    asked = 0
    while not state.is_terminal():
        if state.phase == OTHERS:
            for k in range(3):
                mine, theirs = Rng(70 + k), Rng(70 + k)
                assert ai.fast_choice(state, mine) == _reference_choice(state, theirs)
                assert mine.random() == theirs.random()
                asked += 1
        state.apply(ai.fast_choice(state, mover))
    assert 0 < len(ai._RECEIVED) < asked


def _reference_random_entry(self, sheet, e, r1, rng):
    """``AlluviumState._random_entry`` as it was: every free placement listed."""
    filled = sheet.filled
    if e.phase == OWN:
        if e.round == 1:
            piece = r1.pop()
            opts = [p for p in self.geo.covering(self.piece(piece), self.start_mask)
                    if not p[2] & filled and p[2] & self.start_mask & ~filled]
        else:
            piece = self.field_history[e.colour][e.round - 1]
            opts = self.geo.free_placements(self.piece(piece), filled)
        fills = 0
    else:
        piece = self.field_history[e.colour][e.round - 1]
        opts = self.geo.free_placements(self.piece(piece), filled)
        fills = self.geo.enclosed(filled) if e.phase == OTHERS else 0
    cells = self.geo.grid.cells_of(fills)
    total = len(opts) + len(cells)
    if total == 0:
        return Entry(e.round, e.phase, e.actor, e.colour, "pass", piece, 0, None, 0)
    k = rng.randrange(total)
    if k < len(opts):
        o, anchor, mask = opts[k]
        return Entry(e.round, e.phase, e.actor, e.colour, PLACE, piece, o, anchor, mask)
    cell = cells[k - len(opts)]
    return Entry(e.round, e.phase, e.actor, e.colour, FILL, "", 0, cell, self.geo.grid.bit(cell))


@pytest.mark.parametrize("players", [3, 5])
def test_determinized_sheets_are_the_reference_ones(players, monkeypatch):
    """The hidden slots are redrawn by counting the free placements instead of
    listing them: the same copies, the generators left in the same state."""
    state = new(players, seed=40 + players)
    mover = Rng(9)
    compared = 0
    while not state.is_terminal():
        observer = state.current_player
        mine = state.determinize(observer, Rng(compared))
        with monkeypatch.context() as m:
            m.setattr(AlluviumState, "_random_entry", _reference_random_entry)
            theirs = state.determinize(observer, Rng(compared))
        assert [s.entries for s in mine.sheets] == [s.entries for s in theirs.sheets]
        assert mine.to_place == theirs.to_place and mine.seed == theirs.seed
        compared += 1
        state.apply(ai.fast_choice(state, mover))
    assert compared > 40


def test_a_piece_s_kept_hash_is_its_fields_hash():
    state = new(3, seed=1)
    for pid in state.components.piece_ids:
        piece = state.piece(pid)
        assert hash(piece) == hash((piece.id, piece.shape))
        copy = pickle.loads(pickle.dumps(piece))
        assert copy == piece and "_hash" not in copy.__dict__ and hash(copy) == hash(piece)
