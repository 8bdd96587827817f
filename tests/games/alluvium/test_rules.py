"""Alluvium's rules, one test (or more) per rule and per ruling of
docs/rules/alluvium.md."""

import pytest

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.errors import IllegalActionError, NotationError
from reclaimdesk.core.grid import largest_rectangle, parse_cell
from reclaimdesk.games.alluvium.actions import AlluviumAction
from reclaimdesk.games.alluvium.state import OTHERS, OVER, OWN, VIRTUAL, Sheet

from .helpers import SPEC, cells, new, paint, play_until


def blank_held_sheet(state):
    """Empty the sheet the current player holds (for hand-built positions)."""
    owner = state.held_by(state.seat)
    state.sheets[owner] = Sheet(owner)
    state._refresh_seen()
    return owner


def at_others(players=4, seed=1):
    """Round 1, first exchange, seat 0 to act."""
    return play_until(new(players, seed), lambda s: s.phase == OTHERS)


# --- set-up, players, rounds --------------------------------------------------------
@pytest.mark.parametrize("players, rounds", [(3, 4), (4, 4), (5, 3)])
def test_rounds_by_player_count(players, rounds):
    state = new(players)
    assert state.rounds == rounds
    play_until(state, lambda s: s.is_terminal())
    assert all(len(s.area) == rounds for s in state.sheets)


@pytest.mark.parametrize("players", [1, 2, 6])
def test_three_to_five_players(players):
    with pytest.raises(ValueError):
        new(players)


def test_each_seat_plays_its_colour_and_three_players_add_the_virtual_one():
    four = new(4)
    assert [four.colour_of(i) for i in range(4)] == ["red", "brown", "blue", "yellow"]
    assert four.virtual_colour is None
    three = new(3)
    assert three.virtual_colour == "yellow" and three.colours_in_play == (0, 1, 2, 3)


def test_every_deck_is_the_six_shapes_of_its_colour():
    state = new(5)
    ids = set(state.components.piece_ids)
    for seat in range(5):
        drawn = state.field_history[seat] + [state.hand_cards[seat]]
        assert set(drawn) | set(state.decks[seat]) == ids
        assert len(drawn) + len(state.decks[seat]) == 6


# --- round 1 ----------------------------------------------------------------------
def test_round_one_draws_two_pieces_each_on_a_start_square():
    state = new(4, seed=3)
    assert state.round == 1 and state.phase == OWN
    pieces = state.pieces_to_draw()
    assert pieces == [state.field_card(0), state.hand_cards[0]] and len(set(pieces)) == 2
    starts = state.start_mask
    first = state.legal_actions()
    assert {a.piece for a in first} == set(pieces)
    assert all(state.action_mask(a) & starts for a in first)
    a = next(a for a in first if state.action_mask(a) & cells(state, "d4"))
    state.apply(a)
    assert state.seat == 0 and state.pieces_to_draw() == [p for p in pieces if p != a.piece]
    second = state.legal_actions()
    assert second and all(state.action_mask(b) & starts == cells(state, "g7") for b in second)
    # a piece that covers neither start square is refused with the reason
    piece = state.pieces_to_draw()[0]
    assert "start square" in state.why_illegal(AlluviumAction.place(piece, 0, (0, 0)))


def test_round_one_pieces_may_touch_but_not_overlap():
    state = new(4, seed=3)  # red's pieces: T4 and P5
    state.apply(AlluviumAction.parse("place T4 0 d4"))  # d4 e4 f4 e5
    m1 = state.sheets[0].filled
    grow = state.geo.grid.grow(m1)
    second = state.legal_actions()
    assert all(not state.action_mask(b) & m1 for b in second)
    touching = [b for b in second if state.action_mask(b) & grow]
    assert len(touching) == 4
    state.apply(touching[0])
    assert state.sheets[0].colour_masks[0] == state.sheets[0].filled


def test_hand_card_is_seen_only_by_its_seat():
    state = new(4)
    assert state.hand_card(1, 1) == state.hand_cards[1]
    assert state.hand_card(1, 0) is None and state.hand_card(1, 2) is None


# --- pieces ----------------------------------------------------------------------------
def test_pieces_turn_and_mirror():
    comp = new(4).components
    counts = {p.id: len(p.orientations) for p in comp.pieces}
    assert counts == {"I3": 2, "L4": 8, "T4": 4, "S4": 4, "P5": 8, "U5": 4}
    for p in comp.pieces:
        for k in range(len(p.orientations)):
            turns, mirrored = p.turn_and_mirror(k)
            assert p.orientation_index(turns, mirrored) == k
        assert p.orientation_index(0, True) == p.orientations.index(p.shape.flipped())


def test_mirror_images_are_legal_placements():
    state = at_others()
    state.field_history[0][-1] = "L4"
    assert {a.orientation for a in state.legal_actions() if a.kind == "place"} == set(range(8))


def test_a_piece_stays_inside_the_map_and_off_filled_squares():
    state = at_others()
    piece = state.pieces_to_draw()[0]
    assert "inside the map" in state.why_illegal(AlluviumAction.place(piece, 0, (9, 9)))
    filled = state.geo.grid.cells_of(state.sheet.filled)[0]
    bad = [a for a in (AlluviumAction.place(piece, k, (filled[0] - r, filled[1] - c))
                       for k, o in enumerate(state.piece(piece).orientations) for r, c in o.cells)
           if state.placement_problem(a.piece, a.orientation, a.cell) != "the piece must stay inside the map"]
    assert bad and all("filled square" in state.why_illegal(a) for a in bad)


def test_only_the_field_piece_may_be_drawn():
    state = at_others()
    mine = state.pieces_to_draw()[0]
    other = next(p for p in state.components.piece_ids if p != mine)
    assert f"not {other}" in state.why_illegal(AlluviumAction.place(other, 0, (4, 4)))
    assert "no piece" in state.why_illegal(AlluviumAction.place("Q9", 0, (4, 4)))
    with pytest.raises(IllegalActionError):
        state.apply(AlluviumAction.place(other, 0, (4, 4)))


# --- passing sheets --------------------------------------------------------------------
def test_sheets_travel_in_the_direction_cards_direction_and_come_home():
    state = at_others(4)
    assert state.direction == "clockwise" and state.step_direction == 1
    # step 1: each seat holds its counterclockwise neighbour's sheet
    assert [state.held_by(i) for i in range(4)] == [3, 0, 1, 2]
    assert [state.holder_of(o) for o in range(4)] == [1, 2, 3, 0]
    assert state.next_holder(0) == 2 and state.sheets_to_come(0) == 2
    play_until(state, lambda s: s.step == 3)
    assert [state.held_by(i) for i in range(4)] == [1, 2, 3, 0]
    assert state.next_holder(1) == 1 and state.sheets_to_come(0) == 0
    play_until(state, lambda s: s.round == 2 and s.phase == OTHERS)
    assert state.direction == "counterclockwise"
    assert [state.held_by(i) for i in range(4)] == [1, 2, 3, 0]


def test_direction_card_flips_after_every_round():
    state = new(4, seed=5)
    seen = []
    agent = RandomAgent(1)
    while not state.is_terminal():
        if state.phase == OTHERS and (not seen or seen[-1][0] != state.round):
            seen.append((state.round, state.direction))
        state.apply(agent.choose(state))
    assert seen == [(1, "clockwise"), (2, "counterclockwise"), (3, "clockwise"),
                    (4, "counterclockwise")]


def test_every_seat_draws_on_every_other_sheet_once_a_round():
    state = new(5, seed=2)
    play_until(state, lambda s: s.round == 2)
    for sheet in state.sheets:
        actors = sorted(e.actor for e in sheet.entries if e.phase == OTHERS)
        assert actors == [i for i in range(5) if i != sheet.owner]
        assert sum(1 for e in sheet.entries if e.phase == OWN) == 2


# --- checks --------------------------------------------------------------------------
def test_action_a_checks_count_edges_shared_with_the_owners_colour():
    state = at_others()
    owner = blank_held_sheet(state)  # seat 0 holds seat 3's sheet
    paint(state, owner, owner, cells(state, "e5", "f5"))
    paint(state, owner, 1, cells(state, "g6"))  # brown beside: never counts
    state.field_history[0][-1] = "I3"
    action = AlluviumAction.place("I3", 0, parse_cell("d6"))  # d6 e6 f6
    assert state.checks_for(action) == 2
    assert sorted(state.check_edges(action)) == [((5, 4), (4, 4)), ((5, 5), (4, 5))]
    state.apply(action)
    sheet = state.sheets[owner]
    assert sheet.checks[0] == 2 and sum(sheet.checks) == 2


def test_no_checks_on_your_own_sheet():
    state = new(4)
    action = state.legal_actions()[0]
    assert state.checks_for(action) == 0 and state.check_edges(action) == []
    state.apply(action)
    assert sum(state.sheets[0].checks) == 0


def test_action_b_fills_one_enclosed_square_off_the_edge():
    state = at_others()
    owner = blank_held_sheet(state)
    paint(state, owner, owner, cells(state, "e4", "d5"))
    paint(state, owner, 2, cells(state, "f5", "e6"))
    # a5 has all three neighbours on the map filled, but is on the edge
    paint(state, owner, 1, cells(state, "a4", "b5", "a6"))
    assert state.fill_squares() == [parse_cell("e5")]
    assert "edge" in state.why_illegal(AlluviumAction.fill(parse_cell("a5")))
    assert "four neighbours" in state.why_illegal(AlluviumAction.fill(parse_cell("c5")))
    assert "already filled" in state.why_illegal(AlluviumAction.fill(parse_cell("e4")))
    action = AlluviumAction.fill(parse_cell("e5"))
    assert state.checks_for(action) == 2
    state.apply(action)
    sheet = state.sheets[owner]
    assert sheet.checks[0] == 2 and sheet.entries[-1].kind == "fill"
    assert sheet.colour_masks[0] == cells(state, "e5")


def test_action_b_is_only_for_received_sheets():
    state = new(4)
    paint(state, 0, 0, cells(state, "b3", "c2", "d3", "c4"))
    assert "own sheet" in state.why_illegal(AlluviumAction.fill(parse_cell("c3")))
    assert state.fill_squares() == []


def test_a_seat_that_can_do_nothing_passes():
    state = at_others()
    # seat 1 holds seat 0's sheet: fill it all but one corner square
    full = state.geo.full & ~cells(state, "a1")
    sheet = state.sheets[0]
    sheet.colour_masks[2] |= full & ~sheet.filled
    sheet.filled = full
    state.apply(state.legal_actions()[0])  # seat 0 acts; seat 1 cannot
    assert state.seat == 2
    last = state.sheets[0].entries[-1]
    assert last.kind == "pass" and last.actor == 1
    assert ("pass", 1, (0, 0)) in state.events


# --- the virtual colour ------------------------------------------------------------------
def test_three_players_draw_the_virtual_piece_on_their_own_sheets():
    state = play_until(new(3, seed=4), lambda s: s.phase == VIRTUAL)
    assert state.field_card(3) is not None
    assert state.pieces_to_draw() == [state.field_card(3)]
    assert state.drawing_colour() == 3 and state.held_by(0) == 0
    assert "virtual" in state.why_illegal(AlluviumAction.fill(parse_cell("e5")))
    blank_held_sheet(state)
    paint(state, 0, 0, cells(state, "e5"))
    state.field_history[3][-1] = "I3"
    action = AlluviumAction.place("I3", 0, parse_cell("d6"))
    assert state.checks_for(action) == 1
    state.apply(action)
    assert state.sheets[0].checks[3] == 1 and state.sheets[0].colour_masks[3] == cells(state, "d6", "e6", "f6")
    play_until(state, lambda s: s.phase == OTHERS)
    assert all(sum(1 for e in sh.entries if e.phase == VIRTUAL) == 1 for sh in state.sheets)


def test_four_and_five_players_have_no_virtual_phase():
    for players in (4, 5):
        state = new(players)
        phases = set()
        agent = RandomAgent(2)
        while not state.is_terminal():
            phases.add(state.phase)
            state.apply(agent.choose(state))
        assert phases == {OWN, OTHERS}


# --- scoring ------------------------------------------------------------------------------
def test_area_bonus_is_the_largest_filled_rectangle_of_any_colours():
    state = new(4)
    paint(state, 0, 0, cells(state, "a1", "b1", "c1"))
    paint(state, 0, 1, cells(state, "a2", "b2"))
    paint(state, 0, 2, cells(state, "c2", "j10"))
    assert state.area_now(0) == 6
    rect = state.best_rectangle(0)
    assert (rect.top, rect.left, rect.height, rect.width) == (0, 0, 2, 3)


def test_area_bonus_is_scored_every_round():
    state = new(4, seed=6)
    for r in range(1, 5):
        play_until(state, lambda s: s.round > r or s.is_terminal())
        for sheet in state.sheets:
            assert len(sheet.area) == r
            filled = sheet.filled
            if state.phase != OVER:
                # nothing was drawn since the round's scoring
                rect = largest_rectangle(lambda c: bool(state.geo.grid.bit(c) & filled), 10, 10)
                assert sheet.area[-1] == rect.area
    assert state.scores() == [float(sum(s.area) + state.cooperation_points(s.owner))
                              for s in state.sheets]


def _ranking(players, checks, groups):
    """Set checks and a straight group of each size on seat 0's sheet."""
    state = new(players)
    sheet = state.sheets[0]
    for row, (colour, n) in enumerate(groups.items()):
        paint(state, 0, colour, state.geo.grid.mask((row * 2, c) for c in range(n)))
    for colour, n in checks.items():
        sheet.checks[colour] = n
    return {p.colour: (p.place, p.points) for p in state.cooperation_ranking(0)}


def test_cooperation_ranking_shares_places_and_skips_the_next():
    # brown and blue share first: both full; yellow is third = last with 4 players
    assert _ranking(4, {1: 5, 2: 5, 3: 2}, {1: 7, 2: 6, 3: 9}) == {
        "brown": (1, 7), "blue": (1, 6), "yellow": (3, 0)}
    # blue and yellow share second: each half of its own group, rounded down
    assert _ranking(4, {1: 5, 2: 2, 3: 2}, {1: 7, 2: 7, 3: 9}) == {
        "brown": (1, 7), "blue": (2, 3), "yellow": (2, 4)}


def test_five_players_have_a_third_place_worth_a_quarter():
    assert _ranking(5, {1: 9, 2: 5, 3: 3, 4: 1}, {1: 9, 2: 9, 3: 9, 4: 9}) == {
        "brown": (1, 9), "blue": (2, 4), "yellow": (3, 2), "green": (4, 0)}
    # two share third: both a quarter, nobody is fourth
    assert _ranking(5, {1: 7, 2: 7, 3: 3, 4: 3}, {1: 5, 2: 5, 3: 7, 4: 8}) == {
        "brown": (1, 5), "blue": (1, 5), "yellow": (3, 1), "green": (3, 2)}
    # three share first, the fourth is last
    assert _ranking(5, {1: 4, 2: 4, 3: 4, 4: 1}, {1: 5, 2: 5, 3: 5, 4: 5})["green"] == (4, 0)


def test_all_equal_checks_all_share_first_place():
    assert _ranking(4, {1: 0, 2: 0, 3: 0}, {1: 3, 2: 4, 3: 5}) == {
        "brown": (1, 3), "blue": (1, 4), "yellow": (1, 5)}


def test_points_use_the_largest_connected_group():
    state = new(4)
    # brown: a group of 3 and a group of 2 (touching only at a corner)
    paint(state, 0, 1, cells(state, "a1", "b1", "c1", "d2", "d3"))
    state.sheets[0].checks[1] = 4
    ranking = {p.colour: p for p in state.cooperation_ranking(0)}
    assert ranking["brown"].group == 3 and ranking["brown"].points == 3
    assert "3 points" in ranking["brown"].explanation()


def test_virtual_colour_is_ranked_but_never_scores():
    state = new(3)
    sheet = state.sheets[0]
    paint(state, 0, 3, cells(state, "a1", "b1", "c1", "d1"))
    paint(state, 0, 1, cells(state, "a3", "b3"))
    paint(state, 0, 2, cells(state, "a5", "b5", "c5"))
    sheet.checks[3], sheet.checks[1], sheet.checks[2] = 6, 3, 1
    ranking = state.cooperation_ranking(0)
    assert [(p.colour, p.place, p.points, p.virtual) for p in ranking] == [
        ("yellow", 1, 4, True), ("brown", 2, 1, False), ("blue", 3, 0, False)]
    assert "virtual" in ranking[0].explanation()
    play_until(state, lambda s: s.is_terminal())
    assert len(state.scores()) == 3 and len(state.winners()) >= 1
    assert all(w < 3 for w in state.winners())


def _finished(players=4, seed=8):
    state = play_until(new(players, seed), lambda s: s.is_terminal())
    return state


def _force(state, area, coop):
    """Set each seat's area boxes and the cooperation it receives (one sheet pays all)."""
    from reclaimdesk.games.alluvium.state import CooperationPlace

    for seat, a in enumerate(area):
        state.sheets[seat].area = [a, 0, 0, 0][: state.rounds]
    rankings = [[] for _ in range(state.num_players)]
    for seat, points in enumerate(coop):
        owner = (seat + 1) % state.num_players
        rankings[owner].append(CooperationPlace(state.colour_of(seat), 1, 1, points, points, False, False))
    state.cooperation = rankings


def test_highest_total_wins_tie_broken_on_cooperation_then_a_draw():
    state = _finished()
    _force(state, [30, 25, 20, 10], [5, 10, 0, 0])
    assert state.scores() == [35.0, 35.0, 20.0, 10.0]
    assert state.winners() == [1]
    _force(state, [30, 30, 20, 10], [5, 5, 0, 0])
    assert state.winners() == [0, 1]
    _force(state, [40, 30, 20, 10], [0, 5, 0, 0])
    assert state.winners() == [0]
    breakdown = state.breakdown(1)
    assert breakdown["total"] == 35 and breakdown["cooperation"]["blue"] == 5


def test_final_result_reports_area_and_cooperation():
    state = _finished(5, 9)
    result = state.result()
    assert len(result["area"]) == 5 and all(len(a) == 3 for a in result["area"])
    assert [sum(a) + c for a, c in zip(result["area"], result["cooperation"])] == result["scores"]


# --- notation and messages ---------------------------------------------------------------
def test_notation_round_trip_and_errors():
    for text in ("place P5 3 f6", "fill e5", "place I3 1 j10"):
        assert str(AlluviumAction.parse(text)) == text
    for bad in ("", "place P5 8 a1", "place P5 x a1", "fill", "jump a1", "fill 5e", "place P5 1"):
        with pytest.raises(NotationError):
            AlluviumAction.parse(bad)
    state = new(4)
    with pytest.raises(NotationError):
        state.apply_text("fill zz")


def test_describe_action_names_sheet_and_checks():
    state = at_others()
    owner = blank_held_sheet(state)
    paint(state, owner, owner, cells(state, "e5", "f5"))
    state.field_history[0][-1] = "I3"
    text = state.describe_action(AlluviumAction.place("I3", 0, parse_cell("d6")))
    assert "yellow" in text and "I3" in text and "2 checks" in text
    assert "own sheet" in new(4).describe_action(new(4).legal_actions()[0])


def test_legal_actions_are_distinct_and_all_legal():
    state = new(4, seed=12)
    agent = RandomAgent(3)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        assert all(state.why_illegal(a) == "" for a in legal[:: max(1, len(legal) // 25)])
        state.apply(agent.choose(state))
    assert state.why_illegal(AlluviumAction.fill((4, 4))) == "the game is over"


def test_a_paying_place_with_no_squares_on_the_map_scores_nothing():
    state = new(4)
    paint(state, 0, 1, cells(state, "a1", "b1"))
    ranking = {p.colour: p for p in state.cooperation_ranking(0)}
    assert [ranking[c].place for c in ("brown", "blue", "yellow")] == [1, 1, 1]
    assert ranking["brown"].points == 2 and ranking["blue"].points == 0
    assert "no squares" in ranking["blue"].explanation()


def test_view_helpers_read_the_sheet():
    state = new(3)
    paint(state, 0, 3, cells(state, "a1"))
    state.sheets[0].checks[1] = 4
    assert state.colour_at(0, parse_cell("a1")) == "yellow" and state.colour_at(0, parse_cell("b1")) is None
    assert state.track(0) == [("brown", 4), ("blue", 0), ("yellow", 0)]
    assert len(new(5).track(2)) == 4


# --- the move lists the search reuses -------------------------------------------------
@pytest.mark.parametrize("players", [3, 5])
def test_legal_actions_and_placements_are_the_full_lists_in_their_order(players):
    """Round 1's start-square placements come from a cached shorter list, and the
    place actions are built once per piece: the lists are what filtering every
    placement of the map gives, in the same order, at every step of a game."""
    state = new(players, seed=11)
    agent = RandomAgent(3)
    checked = 0
    while not state.is_terminal():
        filled = state.sheet.filled
        expected = []
        for pid in dict.fromkeys(state.pieces_to_draw()):
            every = state.geo.placements(state.piece(pid))
            if state.phase == OWN and state.round == 1:
                starts = state.start_mask & ~filled
                mine = [p for p in every if not p[2] & filled and p[2] & starts]
            else:
                mine = [p for p in every if not p[2] & filled]
            assert state.placements(pid) == mine
            expected += [AlluviumAction.place(pid, k, anchor) for k, anchor, _m in mine]
        expected += [AlluviumAction.fill(c) for c in state.fill_squares()]
        legal = state.legal_actions()
        assert legal == expected
        again = state.legal_actions()
        # the place actions are the same objects, not copies
        assert all(a is b for a, b in zip(legal, again) if a.kind == "place")
        checked += 1
        state.apply(agent.choose(state))
    assert checked > 20


def test_the_free_actions_kept_per_piece_follow_the_sheet_asked_about():
    """The geometry keeps the latest free-action list per piece: asking about two
    sheets in turn (as a search does, world after world) gives each its own list,
    and a placement's shared action object equals the one built from its parts."""
    state = new(4, seed=5)
    agent = RandomAgent(1)
    while state.round < 2 or state.phase != OTHERS:
        state.apply(agent.choose(state))
    geo = state.geo
    piece = state.piece(state.pieces_to_draw()[0])
    sheets = [s.filled for s in state.sheets]
    assert len(set(sheets)) > 1
    for filled in sheets + sheets[::-1]:
        expected = [AlluviumAction.place(piece.id, k, anchor)
                    for k, anchor, m in geo.placements(piece) if not m & filled]
        assert list(geo.free_actions(piece, filled)) == expected
    for k, anchor, _m in geo.placements(piece)[:50]:
        shared = geo.place_action(piece, k, anchor)
        assert shared == AlluviumAction.place(piece.id, k, anchor)
        assert shared is geo.place_action(piece, k, anchor)
