"""The parts of Reclaim's planner that the calibration relies on, on the synthetic
test map (castles on rows 2, 6, 10 and columns 3, 6, 9; forest, field, mountain,
water and grass in bands of rows)."""

import dataclasses

from reclaimdesk.games.reclaim import ai
from reclaimdesk.games.reclaim.components import Terrain

from .helpers import add_section, mask, new_state, skip_setup


def _fresh_sheet():
    state = new_state()
    skip_setup(state)
    sheet = state.sheets[0]
    # forget the starting shapes: each test draws its own sections
    sheet.sections.clear()
    sheet.occupied = sheet.tri = sheet.terr = sheet.xs = 0
    return state, sheet


def test_the_last_empty_square_of_a_section_is_closing_unless_it_is_grass():
    state, sheet = _fresh_sheet()
    add_section(state, 0, "h7", "i7")          # mountain squares between g7 and j7
    sheet.tri |= mask("h7")
    add_section(state, 0, "a12", "b12")        # grass: no payment can fill it
    sheet.tri |= mask("a12")
    add_section(state, 0, "a1", "b1", "c1")    # two empty squares left: nothing closes yet
    sheet.tri |= mask("a1")
    assert ai._closing_squares(state, sheet) == mask("i7")


def test_a_planned_chain_avoids_a_square_that_would_complete_its_section():
    state, sheet = _fresh_sheet()
    add_section(state, 0, "h7", "i7")
    sheet.tri |= mask("h7")
    # g7 (the centre) and j7 are two squares apart: without the anchor rule the
    # cheapest path runs through i7, the section's last empty square
    plain = ai.plan_network(state, sheet, anchors=False)
    anchored = ai.plan_network(state, sheet, anchors=True)
    assert plain.mask & mask("i7")
    assert not anchored.mask & mask("i7")
    joined = 0
    for path in anchored.paths:
        joined |= path
    assert joined == anchored.mask


def test_the_planned_rectangle_takes_the_largest_block_the_budget_can_fill():
    state, sheet = _fresh_sheet()
    # a finished 2x3 block of territory in the forest rows, far from the network
    block = add_section(state, 0, "a1", "b1", "c1", "a2", "b2", "c2")
    sheet.terr |= block
    assert ai.plan_rectangle(state, sheet, None, 0) == block
    # with a budget the plan grows, but never over grass (rows 12 and 13)
    grown = ai.plan_rectangle(state, sheet, None, 8)
    assert bin(grown).count("1") > 6 and grown & block == block
    assert not grown & state.terrain_masks[Terrain.GRASS]
    network = ai.plan_network(state, sheet)
    assert not ai.plan_rectangle(state, sheet, network, 8) & network.mask


def test_a_crossed_out_number_costs_what_it_was_worth_above_its_left_neighbour():
    state, sheet = _fresh_sheet()
    add_section(state, 0, "f7", "f8")
    w = ai.LEVEL_WEIGHTS["hard"]
    no_drop = dataclasses.replace(w, cross_drop=0.0)
    before = ai.evaluate(state, 0, w), ai.evaluate(state, 0, no_drop)
    sheet.crossings.append((1, "special-shape"))
    after = ai.evaluate(state, 0, w), ai.evaluate(state, 0, no_drop)
    entries = state.track.entries
    worth = entries[8].points - entries[7].points  # the 9-castle entry over the 8-castle one
    extra = (before[0] - after[0]) - (before[1] - after[1])
    assert abs(extra - w.cross_drop * worth) < 1e-9  # both halves still to score


def test_the_starting_shapes_can_pay_the_first_cost():
    state = new_state(seed=3)
    state.field = ["r17", state.field[1]]  # wheat + wheat: field squares are rows 5 and 6
    agent = ai.make_agent("hard", 3)
    while state.phase == "setup":
        state.apply(agent.choose(state))
    sheet = state.sheets[0]
    fields = bin(sheet.occupied & state.terrain_masks[Terrain.FIELD]).count("1")
    assert fields >= 2


def _played_positions(seed: int, count: int):
    """Positions of a hard game on the test map, one after each action."""
    state = new_state(seed=seed)
    agent = ai.make_agent("hard", seed)
    out = []
    while not state.is_terminal() and len(out) < count:
        state.apply(agent.choose(state))
        out.append(state.clone())
    return out


def test_the_inlined_bit_operations_match_the_grid():
    from reclaimdesk.core.rng import Rng
    from reclaimdesk.games.reclaim.components import GRID

    rng = Rng(5)
    for _ in range(200):
        within = rng.randrange(1 << GRID.size)
        seed_mask = rng.randrange(1 << GRID.size) & within
        m = rng.randrange(1 << GRID.size)
        assert ai._grow(m) == GRID.grow(m)
        assert ai._flood(seed_mask, within) == GRID.flood(seed_mask, within)


def test_one_castle_growth_answers_every_smaller_budget():
    # evaluate runs the growth once with the second half's budget and reads the
    # first half's answer from it: the same as a run with the smaller budget
    checked, grew, fraction = 0, False, False
    for state in _played_positions(seed=4, count=60)[::6]:
        sheet = state.sheets[0]
        closing = ai._closing_squares(state, sheet)
        for ahead in (0, 4):
            start, steps = ai._reach_steps(state, sheet, 40, closing, ahead)
            for budget in range(0, 41, 3):
                alone = ai._reach_steps(state, sheet, budget, closing, ahead)
                value = ai._castles_within(start, steps, budget, ahead)
                assert value == ai._castles_within(*alone, budget, ahead)
                # looking ahead, part of the way to the next castle counts as a fraction
                fraction = fraction or (ahead > 0 and value != int(value))
                checked += 1
        grew = grew or len(steps) >= 2
    assert checked >= 100 and grew and fraction


def _round_one(seed: int = 3):
    state = new_state(seed=seed)
    agent = ai.make_agent("hard", seed)
    while state.phase == "setup":
        state.apply(agent.choose(state))
    return state


def _agent(seed: int, **weights):
    agent = ai.ReclaimAgent("hard", seed)
    agent.weights = dataclasses.replace(ai.LEVEL_WEIGHTS["hard"], **weights)
    return agent


def test_looking_ahead_without_budget_is_the_one_turn_plan():
    state = _round_one()
    alone = _agent(7, lookahead=0).plan_turn(state.clone())
    assert _agent(7, nodes=0).plan_turn(state.clone()) == alone


def test_the_look_ahead_takes_the_turn_whose_next_turn_ends_best(monkeypatch):
    # the next turns' values are made up: the third candidate's is the best, so
    # its line is played although its own turn ended lower than the first's
    state = _round_one()
    agent = _agent(7, lookahead=4, nodes=10**9, ahead_beam=3)
    one_turn = _agent(7, lookahead=0)  # hard keeps a wider beam (16) than a look-ahead (3)
    searched = []
    search = ai.ReclaimAgent._search

    def fake(self, node, seat, width, prefilter):
        finished = search(self, node, seat, width, prefilter)
        if width == self.weights.ahead_beam:
            searched.append(node)
            value = 100.0 if len(searched) == 3 else 0.0
            return [(value, f[1], f[2]) for f in finished]
        return finished

    monkeypatch.setattr(ai.ReclaimAgent, "_search", fake)
    plan = agent.plan_turn(state.clone())
    assert len(searched) == 4  # every candidate looked at: the budget is large
    keys = [node.sheets[0].key() for node in searched]
    assert len(set(keys)) == 4  # distinct ends of the turn
    assert plan != one_turn.plan_turn(state.clone())
    end = state.clone()
    for action in plan:
        end.apply(action)
    assert end.sheets[0].key() == keys[2]


def test_the_look_ahead_stops_at_its_node_budget(monkeypatch):
    state = _round_one()
    first = _agent(7, lookahead=0)
    first.plan_turn(state.clone())
    own = first._nodes  # the turn's own search
    calls = []
    search = ai.ReclaimAgent._search

    def counted(self, node, seat, width, prefilter):
        calls.append(width)
        return search(self, node, seat, width, prefilter)

    monkeypatch.setattr(ai.ReclaimAgent, "_search", counted)
    _agent(7, lookahead=4, nodes=own + 1).plan_turn(state.clone())
    assert len(calls) == 2  # the turn's search and the first look-ahead only
    calls.clear()
    _agent(7, lookahead=4, nodes=own).plan_turn(state.clone())
    assert len(calls) == 1


def test_the_solo_look_ahead_reads_no_deck_order():
    # the look-ahead plays out the next turn on the determinized copy: the same
    # position with its undrawn cards in another order gets the same plan
    state = _round_one(seed=5)
    other = state.clone()
    other.deck = list(reversed(other.deck))
    assert other.deck != state.deck
    alone = _agent(11, lookahead=0)
    alone.plan_turn(state.clone())
    agent = _agent(11)
    plan = agent.plan_turn(state.clone())
    assert agent._nodes > alone._nodes  # it did look ahead
    assert _agent(11).plan_turn(other) == plan


def test_the_remembered_groups_are_the_grids_groups():
    # the castle growth and the evaluation read the groups of triangles and of
    # triangles with castles from memos keyed by the triangles: the groups the
    # grid finds, asked once or twice
    from reclaimdesk.core.rng import Rng
    from reclaimdesk.games.reclaim.components import GRID

    state = new_state()
    castles = state.castle_mask
    rng = Rng(11)
    for _ in range(100):
        tri = rng.randrange(1 << GRID.size) & rng.randrange(1 << GRID.size) & ~castles
        groups = GRID.group_masks(tri)
        assert ai._tri_groups(tri) == ai._tri_groups(tri) == tuple(groups)
        # ordered by their lowest castle (the order the planner's loops took them in)
        with_castles = sorted((g for g in GRID.group_masks(tri | castles) if g & castles),
                              key=lambda g: (g & castles) & -(g & castles))
        expected = tuple((g, bin(g & castles).count("1")) for g in with_castles)
        assert ai._castle_groups(castles, tri) == ai._castle_groups(castles, tri) == expected
        one = castles & -castles
        assert ai._group_of(castles, tri, one) == GRID.flood(one, tri | castles)
        solid = rng.randrange(1 << GRID.size) | rng.randrange(1 << GRID.size)
        assert ai._rect_area(solid) == ai._rect_area(solid) == GRID.largest_rectangle_area(solid, 2)
