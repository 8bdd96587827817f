"""What each seat may see, and determinize: a seat's copies depend only on what it
has seen (own deck order hidden, a sheet visible only while held)."""

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.alluvium.state import OTHERS, OWN

from .helpers import new, play_until


def _view_key(state):
    """state_key without the seed (two worlds may differ in seed-derived decks)."""
    return state.state_key()


def test_a_sheet_is_visible_only_while_held():
    state = play_until(new(4), lambda s: s.phase == OTHERS)
    for viewer in range(4):
        visible = [o for o in range(4) if state.visible(viewer, o)]
        assert visible == [state.held_by(viewer)]
    play_until(state, lambda s: s.is_terminal())
    assert all(state.visible(v, o) for v in range(4) for o in range(4))


def test_seen_counts_follow_the_sheets():
    state = new(4, seed=2)
    play_until(state, lambda s: s.round == 2 and s.phase == OTHERS)
    # in round 1 (clockwise) seat 0 held sheets 3, 2 and 1 in that order; it has
    # seen sheet 3 up to its own drawing there, and nothing done on it since
    assert state.held_by(0) == 1 and state.seen[0][1] == len(state.sheets[1].entries)
    entries_3 = state.sheets[3].entries
    seen = state.seen[0][3]
    assert entries_3[seen - 1].actor == 0 and entries_3[seen - 1].round == 1
    assert [e.actor for e in entries_3[seen:]] == [1, 2, 3]


def test_hand_card_becomes_known_when_seen_on_the_sheet():
    state = new(4, seed=3)
    play_until(state, lambda s: s.phase == OTHERS)
    assert state.hand_card_known(0, 0)
    # seat 1 holds seat 0's sheet in the first exchange (clockwise): it has seen
    # both of seat 0's pieces; seat 2 has not, yet
    assert state.held_by(1) == 0 and state.hand_card_known(1, 0)
    assert not state.hand_card_known(2, 0) and not state.hand_card_known(0, 1)
    play_until(state, lambda s: s.step == 2)
    assert state.hand_card_known(2, 0)


def _two_worlds(players, seed, observer, differ_seat):
    """Two games with the same public history: ``differ_seat``'s round-1 pieces
    go to different squares; then both play on identically until ``observer`` is
    to move in the first exchange."""
    base = new(players, seed)
    play_until(base, lambda s: s.seat == differ_seat)
    a, b = base.clone(), base.clone()
    while a.seat == differ_seat:
        a.apply(a.legal_actions()[0])
    while b.seat == differ_seat:
        b.apply(b.legal_actions()[-1])
    agent = RandomAgent(9)
    while not (a.phase == OTHERS and a.seat == observer):
        # the same later actions in both, chosen on a (legal in b too: other sheets)
        action = agent.choose(a)
        a.apply(action)
        b.apply(action)
    return a, b


def test_determinize_ignores_what_the_observer_has_not_seen():
    a, b = _two_worlds(4, 5, observer=0, differ_seat=2)
    assert a.sheets[2].filled != b.sheets[2].filled
    # seat 0 holds seat 3's sheet now: seat 2's sheet is unseen
    assert a.held_by(0) == 3
    da, db = a.determinize(0, Rng(11)), b.determinize(0, Rng(11))
    assert _view_key(da) == _view_key(db)
    # a seat that did see the difference gets different copies (seat 2 itself)
    assert _view_key(a.determinize(2, Rng(11))) != _view_key(b.determinize(2, Rng(11)))


def test_determinize_ignores_the_hidden_deck_order():
    state = play_until(new(5, 4), lambda s: s.round == 2 and s.phase == OTHERS)
    other = state.clone()
    for deck in other.decks:
        deck.reverse()
    assert other.decks != state.decks
    assert _view_key(state.determinize(1, Rng(3))) == _view_key(other.determinize(1, Rng(3)))


def test_determinize_keeps_what_the_observer_sees_and_resamples_the_rest():
    state = play_until(new(4, 6), lambda s: s.round == 2 and s.phase == OTHERS and s.seat == 0)
    observer = 0
    held = state.held_by(observer)
    changed = 0
    for k in range(10):
        world = state.determinize(observer, Rng(k))
        assert world.sheets[observer].key() == state.sheets[observer].key() or held != observer
        assert world.sheets[held].key() == state.sheets[held].key()
        assert world.hand_cards[observer] == state.hand_cards[observer]
        assert world.field_history == state.field_history
        for owner in range(4):
            keep = state.seen[observer][owner]
            assert world.sheets[owner].entries[:keep] == state.sheets[owner].entries[:keep]
            # the same seats act in the same slots
            assert [(e.round, e.phase, e.actor, e.colour) for e in world.sheets[owner].entries] == [
                (e.round, e.phase, e.actor, e.colour) for e in state.sheets[owner].entries]
            changed += world.sheets[owner].filled != state.sheets[owner].filled
        for c in range(4):
            assert sorted(world.decks[c]) == sorted(state.decks[c])
        assert world.history == []
    assert changed > 0


def test_a_determinized_copy_plays_on_to_a_legal_end():
    for players in (3, 4, 5):
        state = play_until(new(players, 7), lambda s: s.round == 1 and s.phase == OWN and s.seat == 1)
        for k in range(3):
            world = state.determinize(1, Rng(k))
            assert world.to_place[2] and world.to_place[2][1] != "" and world.legal_actions()
            agent = RandomAgent(k)
            while not world.is_terminal():
                world.apply(agent.choose(world))
            assert len(world.scores()) == players


def test_determinize_mid_game_is_consistent():
    state = play_until(new(3, 8), lambda s: s.round == 3 and s.phase == OTHERS and s.step == 1)
    world = state.determinize(state.seat, Rng(1))
    for sheet in world.sheets:
        union = 0
        for m in sheet.colour_masks:
            assert not union & m
            union |= m
        assert union == sheet.filled
        assert len(sheet.area) == 2
    agent = RandomAgent(4)
    while not world.is_terminal():
        world.apply(agent.choose(world))
