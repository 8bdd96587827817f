"""Random legal play never breaks a sheet's invariants (hypothesis), and the AI
never reads the hidden deck order."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reclaimdesk.core.rng import Rng
from reclaimdesk.games.reclaim.components import GRID, TRACK_LENGTH
from reclaimdesk.games.reclaim.state import OVER

from .helpers import SPEC


def check_sheet(state, sheet):
    union = 0
    for sec in sheet.sections:
        assert not sec & union, "sections overlap"
        union |= sec
        assert len(GRID.group_masks(sec)) == 1, "a section is one connected shape"
        if sec & sheet.terr:
            assert sec & ~sheet.terr == 0, "territory covers whole sections"
        else:
            assert sec & ~sheet.tri, "a section full of triangles must have become territory"
    assert union == sheet.occupied
    assert not union & state.castle_mask
    assert sheet.tri & sheet.terr == 0
    assert (sheet.tri | sheet.terr) & ~sheet.occupied == 0
    assert not sheet.xs & (sheet.occupied | state.castle_mask)
    # X squares are never reachable from the border through empty squares
    empty = GRID.full_mask & ~(state.castle_mask | sheet.occupied | sheet.xs)
    reach = GRID.flood(empty & GRID.border_mask(), empty | sheet.xs)
    assert not reach & sheet.xs
    assert reach == empty, "every empty square touches the border through empty squares"
    assert 0 <= sheet.crossed <= TRACK_LENGTH


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), variant=st.booleans(),
       map_id=st.sampled_from(["river", "lake"]))
def test_random_play_keeps_every_invariant(seed, players, variant, map_id):
    state = SPEC.new_game(players, seed, {"map": map_id, "variant": variant})
    rng = Rng(seed)
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions
        assert all(state.why_illegal(a) == "" for a in actions[:20])
        state.apply(rng.choice(actions))
        steps += 1
        if steps % 7 == 0:
            for sheet in state.sheets:
                check_sheet(state, sheet)
    assert state.phase == OVER
    for sheet in state.sheets:
        check_sheet(state, sheet)
        assert sheet.half1 is not None and sheet.half2 is not None


def test_ai_choices_do_not_depend_on_the_hidden_deck_order():
    for level in ("easy", "normal", "hard"):
        state = SPEC.new_game(1, 11, {})
        while state.round < 3:
            state.apply(SPEC.agent("easy", 1).choose(state))
        shuffled = state.clone()
        Rng(99).shuffle(shuffled.deck)
        assert shuffled.deck != state.deck
        a = SPEC.agent(level, 5).choose(state)
        b = SPEC.agent(level, 5).choose(shuffled)
        assert a == b, level


def test_determinize_keeps_what_is_seen_and_resamples_the_deck_from_unseen_cards():
    state = SPEC.new_game(2, 4, {})
    copy = state.determinize(0, Rng(1))
    assert copy.field == state.field and copy.sheets[0].start_cards == state.sheets[0].start_cards
    assert len(copy.deck) == len(state.deck)
    assert not set(copy.deck) & state.seen_cards()
