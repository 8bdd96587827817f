"""One test (at least) for every Reclaim ruling in RULINGS.md and every checkable
example of the rule book."""

import pytest

from reclaimdesk.core.errors import IllegalActionError
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import GRID, load_cards, load_track
from reclaimdesk.games.reclaim.state import GIFT, OVER, PAY, PLACE, POST, Sheet, tier_reached

from .helpers import SPEC, act, add_section, mask, new_state, start_turn

CARDS = {c.id: c for c in load_cards()}
TRACK = load_track()


def card_with(cost, size=None, exclude=()):
    for c in load_cards():
        if sorted(i.value for i in c.cost) == sorted(cost) and (size is None or len(c.shape) == size) \
                and c.id not in exclude:
            return c.id
    raise LookupError(cost)


def blank(state, seat=0):
    state.sheets[seat] = Sheet()
    return state.sheets[seat]


# --- setup -----------------------------------------------------------------------
def test_setup_deals_a_17_card_deck_two_field_cards_and_two_starting_cards_each():
    state = SPEC.new_game(6, 42, {})
    assert len(state.field) == 2 and len(state.deck) == 15
    starts = [c for s in state.sheets for c in s.start_cards]
    assert len(starts) == 12 and len(set(starts)) == 12
    deck = set(state.field) | set(state.deck)
    assert len(deck) == 17 and not deck & set(starts)
    assert deck | set(starts) <= set(CARDS)


def test_the_same_seed_gives_the_same_deal_and_another_seed_another():
    a, b, c = (SPEC.new_game(2, s, {}) for s in (7, 7, 8))
    assert (a.field, a.deck) == (b.field, b.deck)
    assert (a.field, a.deck) != (c.field, c.deck)


def test_starting_shapes_touch_the_centre_castle_and_do_not_overlap():
    state = new_state()
    centre_ring = GRID.grow(GRID.bit((6, 6)))
    first = state.legal_actions()
    assert first and all(a.shape in state.sheets[0].start_cards for a in first)
    for action in first:
        m = GRID.mask(state.shape(action.shape).rotations()[action.rotation].placed(action.cell))
        assert m & centre_ring
    state.apply(first[0])
    placed = state.sheets[0].occupied
    second = state.legal_actions()
    assert second and all(a.shape != first[0].shape for a in second)
    for action in second:
        m = GRID.mask(state.shape(action.shape).rotations()[action.rotation].placed(action.cell))
        assert m & centre_ring and not m & placed


def test_starting_shapes_need_not_touch_each_other():
    state = new_state()
    state.sheets[0].start_cards = ["r01", "r02"]
    state.setup_left = ["r01", "r02"]
    act(state, "shape r01 0 e7")          # e7-f7, left of the centre castle
    assert "shape r02 0 h7" in [str(a) for a in state.legal_actions()]  # h7-i7, right of it
    act(state, "shape r02 0 h7")
    assert state.round == 1 and state.phase == PAY


# --- placement ---------------------------------------------------------------------
def placing(state, card):
    start_turn(state, 2, [card, "r02"])
    state.unpaid = []
    state.phase = PLACE


def test_a_new_shape_must_share_an_edge_with_a_section_not_only_a_castle():
    state = new_state()
    blank(state)
    add_section(state, 0, "e7", "f7")
    placing(state, "r01")
    # h7-i7 touches the centre castle only
    assert "one of your sections" in state.why_illegal(ReclaimAction.parse("shape r01 0 h7"))
    # e8-f8 lies under the section: shares edges
    assert state.why_illegal(ReclaimAction.parse("shape r01 0 e8")) == ""
    # g8-g9 touches f7 only at a corner (and the castle g7 by an edge): not enough
    assert "one of your sections" in state.why_illegal(ReclaimAction.parse("shape r01 1 g8"))


def test_a_section_never_covers_a_castle_an_x_or_another_section_and_stays_on_the_map():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "e7", "f7")
    sheet.xs = mask("e9")
    placing(state, "r01")
    assert "castle" in state.why_illegal(ReclaimAction.parse("shape r01 1 g6"))  # g6-g7

    assert "overlap" in state.why_illegal(ReclaimAction.parse("shape r01 0 e7"))
    assert "X" in state.why_illegal(ReclaimAction.parse("shape r01 1 e8"))
    assert "inside the map" in state.why_illegal(ReclaimAction.parse("shape r01 0 m1"))
    with pytest.raises(IllegalActionError):
        act(state, "shape r01 0 e7")


def test_shapes_rotate_but_never_flip():
    state = new_state()
    blank(state)
    add_section(state, 0, "e7", "f7")
    chiral = next(c for c in load_cards() if c.shape.flipped() not in c.shape.rotations())
    placing(state, chiral.id)
    legal = {GRID.mask(state.shape(a.shape).rotations()[a.rotation].placed(a.cell))
             for a in state.legal_actions() if a.kind == "shape"}
    mirrored = set()
    for rot in chiral.shape.flipped().rotations():
        if rot in chiral.shape.rotations():
            continue
        for r in range(13 - rot.height + 1):
            for c in range(13 - rot.width + 1):
                mirrored.add(GRID.mask(rot.placed((r, c))))
    assert legal and not legal & mirrored


# --- payment -----------------------------------------------------------------------
def test_payment_goes_on_empty_section_squares_of_the_matching_terrain_and_is_compulsory():
    state = new_state()
    blank(state)
    add_section(state, 0, "f7", "f8")          # mountain squares
    add_section(state, 0, "e5", "e6")          # field squares
    stone = card_with(["stone", "stone"])
    start_turn(state, 2, [stone, "r01"])
    pays = sorted(str(a) for a in state.legal_actions() if a.kind == "pay")
    assert pays == ["pay f7", "pay f8"]
    assert "compulsory" in state.why_illegal(ReclaimAction.pass_())
    assert "no unpaid icon" in state.why_illegal(ReclaimAction.parse("pay e5"))
    assert "section" in state.why_illegal(ReclaimAction.parse("pay a7"))
    act(state, "pay f7")
    assert "already holds" in state.why_illegal(ReclaimAction.parse("pay f7"))
    act(state, "pay f8")
    assert state.phase == PLACE


def test_an_unpaid_cost_keeps_the_triangles_crosses_out_a_number_and_draws_no_shape():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "f7", "f8")
    start_turn(state, 2, [card_with(["wood", "stone"]), "r01"])
    act(state, "pay f7")                       # stone paid; no forest square to pay wood
    actions = [str(a) for a in state.legal_actions()]
    assert "pass" in actions                   # the special action could still rescue it
    sections_before = len(sheet.sections)
    act(state, "pass")
    assert sheet.crossed == 1 and sheet.crossings[0] == (2, "cost unpaid")
    assert len(sheet.sections) == sections_before and sheet.tri == mask("f7")
    assert state.round == 3                    # solo: the turn and the round are over


def test_with_no_payable_square_and_no_special_action_the_penalty_is_automatic():
    state = new_state()
    sheet = blank(state)
    sheet.crossings = [(1, "test")] * 9
    add_section(state, 0, "a12", "b12")        # grass pays nothing
    start_turn(state, 2, [card_with(["wood", "wheat"]), "r01"])
    state._settle()
    assert state.round > 2 and sheet.crossed == 9      # nothing left to cross: no effect


def test_second_half_pays_both_cards_and_draws_only_the_leftmost_shape():
    state = new_state()
    blank(state)
    add_section(state, 0, "a1", "b1", "c1", "d1")   # forest
    add_section(state, 0, "a5", "b5", "c5", "d5")   # field
    left, right = card_with(["wood", "wheat"]), card_with(["wheat", "wood"], exclude=())
    right = next(c.id for c in load_cards() if sorted(i.value for i in c.cost) == ["wheat", "wood"] and c.id != left)
    start_turn(state, 11, [left, right])
    assert sorted(i.value for i in state.costs()) == ["wheat", "wheat", "wood", "wood"]
    for name in ("a1", "b1", "a5", "b5"):
        act(state, f"pay {name}")
    assert state.phase == PLACE and state.current_shape_id() == left


def test_a_section_full_of_triangles_becomes_territory_at_once_and_stops_connecting():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "h7", "i7")          # between castles g7 and j7 (mountain)
    start_turn(state, 2, [card_with(["stone", "stone"]), "r01"])
    act(state, "pay h7")
    assert state.connected_castles(sheet)[0] == 1   # h7 touches g7; i7 still empty
    act(state, "pay i7")
    assert sheet.terr == mask("h7", "i7") and sheet.tri == 0
    assert state.connected_castles(sheet)[0] == 0


def test_triangles_join_castles_by_edges_only():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "h7", "i7", "i6")
    sheet.tri = mask("h7", "i7")
    assert state.connected_castles(sheet)[0] == 2
    sheet.tri = mask("h7", "i6")               # i6 touches j7 only diagonally
    assert state.connected_castles(sheet)[0] == 1


# --- X marks -------------------------------------------------------------------------
def test_empty_squares_cut_off_from_the_border_get_an_x_and_those_touching_it_do_not():
    state = new_state()
    sheet = blank(state)
    for name in ("d5", "e4", "e6", "f4"):
        add_section(state, 0, name)
    add_section(state, 0, "a2", "b1")          # almost enclosing a1, which touches the border
    placing(state, "r01")
    act(state, "shape r01 1 f5")               # f5-f6 closes the ring around e5
    assert sheet.xs == mask("e5")
    assert not sheet.xs & mask("a1")
    assert state.x_count(sheet) == 1


def test_a_shape_that_fits_nowhere_costs_a_number_and_is_skipped():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "a13")               # a lone corner square
    sheet.xs = GRID.full_mask & ~(state.castle_mask | mask("a13", "b13"))
    big = next(c.id for c in load_cards() if len(c.shape) == 5)
    start_turn(state, 2, [big, "r01"])
    state.unpaid = []
    state.phase = PLACE
    state._settle()
    assert sheet.crossings[0] == (2, "no room for the shape")


# --- special action ---------------------------------------------------------------------
def test_special_triangles_go_on_any_terrain_and_need_enough_empty_section_squares():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "a12", "b12", "c12")      # grass
    add_section(state, 0, "f7")
    start_turn(state, 2, [card_with(["stone", "stone"]), "r01"])
    entry = TRACK.entries[8]
    assert "triangles" in state.special_options()
    act(state, "special triangles")
    assert sheet.crossed == 1 and state.special_left == entry.triangles
    targets = sorted(str(a) for a in state.legal_actions())
    assert "triangle a12" in targets
    for name in ("a12", "b12", "c12")[: entry.triangles]:
        act(state, f"triangle {name}")
    assert state.phase == PAY and state.round == 2
    assert state.special_options() == []        # once per round
    assert "one special action per round" in state.why_illegal(ReclaimAction.special("shape"))
    sheet2 = blank(state)
    add_section(state, 0, "f7")
    state.special_used = False
    state.phase = POST
    if TRACK.entries[7].triangles > 1:
        assert "triangles" not in state.special_options()
    assert sheet2.crossed == 0


def test_special_shape_follows_the_placement_rules_and_crosses_the_rightmost_number():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "e7", "f7")
    start_turn(state, 2, [card_with(["wood", "stone"]), "r01"])
    act(state, "special shape")
    assert sheet.crossings == [(2, "special-shape")]
    sid = state.current_shape_id()
    assert sid == "t9"
    shapes = state.legal_actions()
    assert shapes and all(a.kind == "shape" and a.shape == "t9" for a in shapes)
    assert state.why_illegal(ReclaimAction.draw("t9", 0, (12, 12))) != ""
    state.apply(shapes[0])
    assert len(sheet.sections) == 2 and state.phase == PAY


def test_no_special_action_once_every_number_is_crossed_out():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "f7", "f8", "f9")
    sheet.crossings = [(1, "test")] * 9
    start_turn(state, 2, [card_with(["stone", "stone"]), "r01"])
    assert state.special_options() == []
    assert "crossed out" in state.why_illegal(ReclaimAction.special("shape"))
    assert not sheet.cross_out(2, "again") and sheet.crossed == 9


# --- scoring ---------------------------------------------------------------------------
FIVE_CASTLES = ("e7", "f7", "h7", "i7", "g4", "g5", "g6", "g8", "g9", "g10")
EIGHT_CASTLES = FIVE_CASTLES + ("e3", "f3", "h3", "i3", "h11", "i11")


def test_five_connected_castles_score_16_and_seven_26():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, *FIVE_CASTLES)
    sheet.tri = mask(*FIVE_CASTLES)
    assert state.connected_castles(sheet)[0] == 5
    assert state.castle_points(sheet) == 16
    assert TRACK.entries[6].points == 26
    assert [e.castles for e in TRACK.entries] == list(range(1, 10))
    assert all(a.points < b.points for a, b in zip(TRACK.entries, TRACK.entries[1:]))


def test_a_crossed_out_entry_scores_the_nearest_remaining_entry_on_its_left():
    assert TRACK.points_for(8, 2) == TRACK.entries[6].points == 26
    assert TRACK.points_for(5, 2) == 16
    assert TRACK.points_for(3, 9) == 0
    assert TRACK.points_for(0, 0) == 0


def test_no_triangle_touching_a_castle_scores_zero():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "a1", "b1")
    sheet.tri = mask("a1", "b1")
    assert state.connected_castles(sheet) == (0, 0)
    assert state.castle_points(sheet) == 0


def test_rectangle_needs_two_by_two_of_territory_or_castle_else_minus_five():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, "a1", "b1", "c1", "d1")
    sheet.terr = mask("a1", "b1", "c1", "d1")
    assert state.rectangle_points(sheet) == -5      # 1 x 4 is not a rectangle here
    add_section(state, 0, "c2", "d2", "e2", "f2", "f3", "e3")
    sheet.terr |= mask("c2", "d2", "e2", "f2", "e3", "f3")
    rect = state.best_rectangle(sheet)
    # d2-f2 over d3 (a castle), e3, f3: 2 x 3 beats c1-d2 (2 x 2)
    assert state.rectangle_points(sheet) == 6
    assert (rect.top, rect.left, rect.height, rect.width) == (1, 3, 2, 3)


def test_rule_book_example_16_plus_26_plus_12_minus_4_is_50():
    state = new_state()
    sheet = blank(state)
    add_section(state, 0, *EIGHT_CASTLES)
    block = ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3")  # d3 is a castle
    add_section(state, 0, *block)
    sheet.terr = mask(*block)
    # end of the first half: five castles joined, nothing crossed out
    sheet.tri = mask(*FIVE_CASTLES)
    state.round, state.seat = 10, 0
    state._end_turn()
    assert sheet.half1 == 16
    # second half: eight joined, but 9 and 8 are crossed out, so 7 castles are scored
    sheet.tri = mask(*EIGHT_CASTLES)
    sheet.crossings = [(12, "cost unpaid"), (14, "special-shape")]
    sheet.xs = mask("a13", "m13")
    state.round, state.seat = 16, 0
    state._end_turn()
    assert state.phase == OVER
    assert state.breakdown(0) == {"first_half": 16, "second_half": 26, "rectangle": 12,
                                  "x_penalty": -4, "total": 50}
    assert state.scores() == [50.0]


def test_ties_go_to_fewer_crossed_out_numbers_then_stay_tied():
    state = new_state(players=3)
    for seat in range(3):
        blank(state, seat)
    state.phase = OVER
    state.sheets[0].crossings = [(1, "x")] * 2
    state.sheets[1].crossings = [(1, "x")]
    state.sheets[2].crossings = [(1, "x")]
    assert state.scores() == [-5.0, -5.0, -5.0]
    assert state.winners() == [1, 2]
    state.sheets[2].crossings.append((2, "x"))
    assert state.winners() == [1]


def test_solo_tiers():
    assert [tier_reached(s) for s in (79, 80, 89, 90, 99, 100, 130)] == [None, 80, 80, 90, 90, 100, 100]


# --- round structure -------------------------------------------------------------------
def test_field_cards_move_left_each_round_from_round_two():
    state = SPEC.new_game(1, 3, {})
    first_field = list(state.field)
    top = state.deck[0]
    while state.round < 2:
        state.apply(state.legal_actions()[0])
    assert state.discard == [first_field[0]]
    assert state.field == [first_field[1], top]
    assert len(state.deck) == 14


def test_a_whole_game_lasts_16_rounds_and_scores_both_halves():
    state = SPEC.new_game(2, 9, {})
    rounds = set()
    rng = Rng(1)
    while not state.is_terminal():
        rounds.add(state.round)
        state.apply(rng.choice(state.legal_actions()))
    assert rounds == set(range(0, 17))
    assert all(s.half1 is not None and s.half2 is not None for s in state.sheets)
    assert state.deck == []


# --- variant -------------------------------------------------------------------------------
def test_variant_each_player_puts_one_triangle_on_the_left_neighbours_sheet():
    state = new_state(players=3, variant=True)
    for seat in range(3):
        blank(state, seat)
    add_section(state, 1, "h7", "i7")
    add_section(state, 2, "a12")
    state.round, state.seat = 10, 2
    state._end_turn()
    assert all(s.half1 is not None for s in state.sheets)
    assert state.phase == GIFT and state.current_player == 0
    assert sorted(str(a) for a in state.legal_actions()) == ["gift h7", "gift i7"]
    act(state, "gift h7")
    assert state.sheets[1].tri == mask("h7")
    # seat 1 gives to seat 2 (one square: completes the section); seat 2's target (seat 0)
    # has no section square, so that gift is skipped
    assert state.current_player == 1
    act(state, "gift a12")
    assert state.sheets[2].terr == mask("a12")
    assert state.round == 11 and state.phase == PAY


def test_without_the_variant_the_second_half_starts_straight_away():
    state = new_state(players=2)
    for seat in range(2):
        blank(state, seat)
    add_section(state, 1, "h7")
    state.round, state.seat = 10, 1
    state._end_turn()
    assert state.round == 11 and state.phase != GIFT


def test_players_outside_1_to_6_are_refused():
    with pytest.raises(ValueError):
        SPEC.new_game(7, 1, {})
    with pytest.raises(ValueError):
        SPEC.new_game(0, 1, {})
    with pytest.raises(ValueError):
        SPEC.new_game(1, 1, {"map": "desert"})


def test_can_place_agrees_with_the_placements():
    # the short-circuit the AI's legality checks use answers as the full list does
    from reclaimdesk.games.reclaim import ai

    state = new_state(seed=6)
    agent = ai.make_agent("normal", 6)
    seen = 0
    while not state.is_terminal() and seen < 40:
        for sid in ("t1", "t2", "t3", state.field[0]):
            assert state.can_place(sid) == bool(state.placements(sid))
        seen += 1
        state.apply(agent.choose(state))
    assert seen == 40
