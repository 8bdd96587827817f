"""What Alluvium declares for the match's one take-back rule (docs/rules/alluvium.md,
"Taking back"): one drawing at a time, with the computer's drawings after it;
never past a new round, phase or pass step; nothing once another person is to
play; and the squares each drawing filled."""

from reclaimdesk.core.match import Match
from reclaimdesk.games.alluvium.actions import FILL
from reclaimdesk.games.alluvium.state import OTHERS, OWN

from .helpers import SPEC

YOU_AND_AI = [{"name": "You", "kind": "human"}] + [{"name": "AI", "kind": "ai", "level": "random"}] * 3
THREE_PEOPLE = [{"name": n, "kind": "human"} for n in ("Ann", "Bo", "Cy")]


def first(match):
    return match.state.legal_actions()[0]


def test_one_drawing_at_a_time_with_the_computers_drawings_after_it_and_redo_puts_them_back():
    m = Match.new(SPEC, YOU_AND_AI, seed=4)
    m.act(first(m))                                      # your first start piece
    after_first = m.state.state_key()
    m.act(first(m))                                      # your second
    m.act(first(m))                                      # the computer (seat 1) begins its turn
    after_reply = m.state.state_key()
    assert m.undo_target() == 1                          # your second piece and the reply
    changes = m.undo()
    assert changes.rebuilt and changes.seats == frozenset({0, 1})
    assert m.state.state_key() == after_first
    assert m.undo_target() == 0                          # then your first piece, on its own
    assert m.redo().end == 3 and m.state.state_key() == after_reply
    assert not m.can_redo()


def test_nothing_is_taken_back_past_a_new_phase():
    m = Match.new(SPEC, YOU_AND_AI, seed=4)
    while m.state.phase == OWN:                          # everyone's start pieces
        m.act(first(m))
    assert m.state.phase == OTHERS and m.state.current_player == 0
    assert m.steps()[-1].seen != m.state.seen_key()
    assert not m.can_undo()


def test_nothing_is_taken_back_once_another_person_is_to_play():
    m = Match.new(SPEC, THREE_PEOPLE, seed=2)
    m.act(first(m))
    assert m.undo_target(0) == 0                         # Ann, still drawing
    m.act(first(m))
    assert m.state.current_player == 1
    assert not m.can_undo(0) and not m.can_undo(1)       # Bo is to play: Ann's sheet is hers again later


def test_touched_places_name_the_squares_on_the_sheet_drawn_on():
    state = SPEC.new_game(4, 7)
    for _ in range(30):
        action = state.legal_actions()[0]
        owner = state.held_by(state.seat)
        filled = state.sheets[owner].filled
        state.apply(action)
        new = state.sheets[owner].filled & ~filled
        places = state.touched_places()
        assert {o for o, _cell in places} == {owner}
        assert state.geo.grid.mask(cell for _o, cell in places) == new
        assert action.kind != FILL or len(places) == 1


def test_the_turn_and_what_was_seen_follow_round_phase_and_step():
    state = SPEC.new_game(3, 1)
    assert state.seen_key() == (1, OWN, 0) and state.turn_key() == (1, OWN, 0, 0)
    state.apply(state.legal_actions()[0])
    assert state.turn_key() == (1, OWN, 0, 0)            # round 1: a second start piece, same turn
