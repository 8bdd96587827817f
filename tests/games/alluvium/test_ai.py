"""Alluvium's AI players: they play legal games at every level and player count,
never act on hidden information, and their judgement points the right way."""

import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.grid import parse_cell
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.alluvium import ai
from reclaimdesk.games.alluvium.actions import AlluviumAction
from reclaimdesk.games.alluvium.state import OTHERS, Sheet

from .helpers import SPEC, cells, new, paint, play_until
from .test_hidden import _two_worlds


def _quick_hard(seed):
    return ai.SearchPlayer("hard", seed, time_limit=None, iterations=12)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_level_plays_a_legal_game(players):
    state = new(players, seed=40 + players)
    levels = ["random", "easy", "normal", "hard"][:players]
    agents = [_quick_hard(i) if lv == "hard" else SPEC.agent(lv, i) for i, lv in enumerate(levels)]
    agents += [SPEC.agent("normal", 9)] * (players - len(agents))
    play_game(state, agents)
    assert state.is_terminal() and len(state.scores()) == players


def test_levels_and_names():
    for level in ("random", "easy", "normal", "hard"):
        assert SPEC.agent(level, 1).level == level
    with pytest.raises(ValueError):
        ai.make_agent("grandmaster", 1)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_choices_do_not_depend_on_hidden_information(level):
    a, b = _two_worlds(4, 5, observer=0, differ_seat=2)
    assert a.sheets[2].filled != b.sheets[2].filled
    make = (lambda: _quick_hard(3)) if level == "hard" else (lambda: SPEC.agent(level, 3))
    assert make().choose(a) == make().choose(b)


def test_the_search_ignores_the_hidden_deck_order():
    state = play_until(new(4, 6), lambda s: s.round == 2 and s.seat == 1)
    other = state.clone()
    for deck in other.decks:
        deck.reverse()
    assert _quick_hard(4).choose(state) == _quick_hard(4).choose(other)


def test_on_received_sheets_hard_plays_the_normal_choice():
    state = play_until(new(4, 6), lambda s: s.phase == OTHERS and s.seat == 1)
    normal = ai.GreedyAgent("normal", ai.NORMAL, 1, noise=0.0)
    assert _quick_hard(1).choose(state) == normal.choose(state)


def test_with_three_players_hard_searches_its_received_sheets_on_a_budget_of_their_own():
    # three players: a received sheet is searched (HARD_RECEIVED_BUDGETS), the
    # moves ordered by the received-sheet weights; the same seed, the same move
    state = play_until(new(3, 6), lambda s: s.phase == OTHERS and s.seat == 1 and s.round == 2)
    before = state.state_key()
    hard = ai.make_agent("hard", 1)
    action = hard.choose(state)
    assert hard.last is not None and hard.last.iterations == ai.HARD_RECEIVED_BUDGETS[3]
    assert hard.last.iterations < ai.HARD_BUDGETS[3] and not hard.last.capped
    assert hard._root_values == dict(zip(state.legal_actions(),
                                         ai.action_values(state, state.legal_actions(), hard.received)))
    assert action in state.legal_actions() and state.state_key() == before
    again = ai.make_agent("hard", 1)
    assert again.choose(state) == action and again.last.iterations == hard.last.iterations
    # the next own decision searches its own budget again
    own = play_until(new(3, 6), lambda s: s.phase == "own" and s.seat == 1 and s.round == 3)
    hard.work, hard.works = None, {}
    hard.choose(own)
    assert hard.last.iterations == ai.HARD_BUDGETS[3]
    # four and five players (and a hint) keep the normal choice there
    assert set(ai.HARD_RECEIVED_BUDGETS) == {3}
    from reclaimdesk.games.alluvium.hint import make_hint_agent

    hint = make_hint_agent(1, budget=7)
    normal = ai.GreedyAgent("normal", ai.NORMAL, 1, noise=0.0)
    assert hint.choose(state) == normal.choose(state) and hint.last is None


def test_the_search_plays_on_determinized_copies_only():
    state = play_until(new(4, 6), lambda s: s.round == 2 and s.seat == 1)
    before = state.state_key()
    calls = []
    original = type(state).determinize

    def spy(self, observer, rng):
        calls.append(observer)
        return original(self, observer, rng)

    type(state).determinize = spy
    try:
        _quick_hard(1).choose(state)
    finally:
        type(state).determinize = original
    assert calls and set(calls) == {1}
    assert state.state_key() == before


def _received(state):
    """Seat 0 to act on a blank copy of seat 3's sheet holding two yellow squares."""
    owner = state.held_by(0)
    state.sheets[owner] = Sheet(owner)
    paint(state, owner, owner, cells(state, "e5", "f5"))
    state.field_history[0][-1] = "I3"
    return owner


def test_normal_goes_for_checks_on_a_received_sheet():
    state = play_until(new(4, 1), lambda s: s.phase == OTHERS)
    owner = _received(state)
    action = SPEC.agent("normal", 1).choose(state)
    best = max(state.checks_for(a) for a in state.legal_actions())
    assert best == 2 and state.checks_for(action) == best  # the I3 laid along both squares
    assert state.action_mask(action) & state.geo.grid.grow(state.sheets[owner].colour_masks[owner])


def test_fast_choice_prefers_checks_and_is_legal():
    state = play_until(new(4, 1), lambda s: s.phase == OTHERS)
    _received(state)
    rng = Rng(2)
    picks = [ai.fast_choice(state, rng) for _ in range(30)]
    assert all(state.why_illegal(a) == "" for a in picks)
    assert sum(state.checks_for(a) >= 2 for a in picks) >= 20


def test_projection_is_the_score_at_the_end_and_grows_with_area():
    state = play_until(new(4, 2), lambda s: s.is_terminal())
    assert ai.projection(state) == state.scores()
    early = new(4, 2)
    paint(early, 0, 0, cells(early, "a1", "b1", "a2", "b2"))
    proj = ai.projection(early)
    assert proj[0] == 4 * early.rounds and proj[1] == 0


def test_normal_values_area_on_its_own_sheet():
    state = new(4, 3)  # red's pieces: T4 and P5 around d4 and g7
    actions = state.legal_actions()
    values = ai.action_values(state, actions, ai.NORMAL)
    best = actions[max(range(len(actions)), key=values.__getitem__)]
    assert state.why_illegal(best) == ""
    assert isinstance(best, AlluviumAction) and best.piece in ("T4", "P5")


def test_seat_values_order_and_range():
    v = ai.seat_values([10.0, 30.0, 20.0])
    assert all(0.0 < x < 1.0 for x in v)
    assert v[1] > v[2] > v[0]
    assert parse_cell("a1") == (0, 0)


@pytest.mark.parametrize("players", [3, 5])
def test_fast_choice_is_legal_in_every_phase_and_on_crowded_sheets(players):
    """The rollout policy samples its own-sheet placements by rejection: every
    pick is legal, in round 1 (start squares), the virtual phase and late, full
    sheets, where most placements are blocked."""
    state = new(players, seed=11)
    rng = Rng(5)
    agent = SPEC.agent("random", 2)
    phases = set()
    while not state.is_terminal():
        for _ in range(3):
            pick = ai.fast_choice(state, rng)
            assert state.why_illegal(pick) == "", (state.round, state.phase, pick)
        phases.add(state.phase)
        state.apply(agent.choose(state))
    assert {"own", OTHERS} <= phases and (players != 3 or "virtual" in phases)


def test_a_state_knows_whether_a_seat_can_act_as_its_legal_actions_do():
    """``_has_action`` stops at the first free placement; it must agree with the
    full list of legal actions on every sheet along random games."""
    for seed in (1, 2):
        state = new(4, seed)
        agent = SPEC.agent("random", seed)
        while not state.is_terminal():
            for owner in range(4):  # every sheet as the sheet in hand
                clone = state.clone()
                clone.sheets[state.held_by(state.seat)] = state.sheets[owner].copy()
                assert clone._has_action() == bool(clone.legal_actions())
            state.apply(agent.choose(state))


def test_play_out_stops_at_the_end_of_its_rounds():
    state = new(4, seed=3)
    one, two = state.clone(), state.clone()
    ai.play_out(one, Rng(1), 200)
    ai.play_out(two, Rng(1), 200, rounds=2)
    assert one.round == 2 and one.phase == "own" and one.step == 0
    assert two.round == 3 and len(two.sheets[0].area) == 2


def test_the_hard_budget_follows_the_player_count_and_a_hint_keeps_its_own():
    from reclaimdesk.games.alluvium.hint import make_hint_agent

    for players in (3, 5):
        state = new(players, seed=2)
        hard = ai.make_agent("hard", 1)
        hard.work, hard.works = None, {}
        hard.choose(state)
        assert hard.last.iterations == ai.HARD_BUDGETS[players]
        hint = make_hint_agent(1, budget=7)
        hint.choose(state)
        assert hint.last.iterations == 7


def test_the_work_cap_ends_a_search_whose_play_outs_are_long():
    # Five players, round 1: the longest round left to play out of any decision.
    state = new(5, seed=2)
    hard = ai.make_agent("hard", 1)
    assert hard.works[5] == ai.HARD_WORKS[5] == ai.HARD_WORK
    hard.choose(state)
    done, played = hard.last.iterations, hard._played
    assert done < ai.HARD_BUDGETS[5] and not hard.last.capped
    assert ai.search_work(done, played) >= ai.HARD_WORKS[5]
    # each iteration played out at least the rest of the round: the work per
    # iteration there is above what the budget's iterations can afford
    assert played / done > (ai.HARD_WORKS[5] / ai.HARD_BUDGETS[5] - 1) / ai.WORK_PER_ACTION
    # counted, not timed: the same seed stops at the same iteration with the same move
    again = ai.make_agent("hard", 1)
    assert again.choose(state) == hard.last.action and again.last.iterations == done


def test_the_work_cap_leaves_a_short_round_its_whole_budget():
    # Four players, the last round's last seat: little is left to play out.
    state = play_until(new(4, 6), lambda s: s.round == 4 and s.phase == "others" and s.step == 3 and s.seat == 3)
    hard = ai.make_agent("hard", 1)
    hard.search_phases = ("others",)
    hard.choose(state)
    assert hard.last.iterations == ai.HARD_BUDGETS[4]
    assert ai.search_work(hard.last.iterations, hard._played) < ai.HARD_WORKS[4]


def test_three_players_have_a_work_cap_of_their_own():
    # Three players search more iterations than four, and count each action
    # played out for more: the cap bites hardest where the round left to play out
    # is longest (round 1's own phase), least on a virtual piece.
    assert ai.HARD_BUDGETS[3] > ai.HARD_BUDGETS[4]
    per_action = ai.HARD_ACTION_WORKS[3]
    assert per_action > ai.WORK_PER_ACTION
    state = new(3, seed=2)
    hard = ai.make_agent("hard", 1)
    hard.choose(state)
    done, played = hard.last.iterations, hard._played
    assert 0 < done < ai.HARD_BUDGETS[3] and not hard.last.capped
    assert ai.search_work(done, played, per_action) >= ai.HARD_WORKS[3]
    assert ai.search_work(done - 1, 0, per_action) < ai.HARD_WORKS[3]
    virtual = play_until(new(3, 6), lambda s: s.round == 2 and s.phase == "virtual" and s.seat == 0)
    hard.choose(virtual)
    assert done < hard.last.iterations <= ai.HARD_BUDGETS[3]
    # a player count without a cap of its own takes the agent's ``work`` and
    # without a count per action of its own the default one
    hard.works, hard.action_works = {}, {}
    hard.choose(state)
    assert ai.search_work(hard.last.iterations, hard._played) >= ai.HARD_WORK
    assert ai.search_work(hard.last.iterations - 1, 0) < ai.HARD_WORK


def test_the_clock_stops_a_hard_search_and_says_so(caplog):
    state = play_until(new(3, 6), lambda s: s.round == 2 and s.seat == 0)
    hard = ai.make_agent("hard", 1)
    hard.budgets, hard.work, hard.works = {3: 10**6}, None, {}
    hard.time_limit = 0.01
    with caplog.at_level("WARNING", logger="reclaimdesk.ai"):
        action = hard.choose(state)
    assert state.is_legal(action)
    assert hard.last.capped and 1 <= hard.last.iterations < 10**6
    assert any("safety cap stopped the search" in r.getMessage() for r in caplog.records)


def test_the_rollout_policy_returns_the_legal_lists_own_action_objects():
    """The search finds the rollout policy's pick in the legal list by identity:
    every place action the policy returns is the very object the list holds."""
    state = new(3, seed=4)
    rng = Rng(9)
    agent = SPEC.agent("random", 4)
    seen = 0
    while not state.is_terminal():
        pick = ai.fast_choice(state, rng)
        legal = state.legal_actions()
        if pick.kind == "place":
            assert any(a is pick for a in legal)
            assert ai._index(legal, pick) == legal.index(pick)
            seen += 1
        state.apply(agent.choose(state))
    assert seen > 20


def test_the_analysis_plays_out_with_normal_as_it_played_before_its_three_player_noise():
    # NORMAL_NOISES spaces the levels at three players; the analysis' play-outs keep
    # the exact normal player (noise 0.05 only), so its values did not change with it
    from reclaimdesk.core.game import get_game
    from reclaimdesk.games.alluvium import ai
    from reclaimdesk.games.alluvium.analysis import EVALUATOR

    spec = get_game("alluvium")
    assert ai.NORMAL_NOISES.get(3, 0.05) > 0.05
    differs = 0
    for seed in range(6):
        state = spec.new_game(3, 4000 + seed, {})
        exact = ai.GreedyAgent("normal", ai.NORMAL_PLAY, seed)
        played = EVALUATOR.playout_agent(spec, seed)
        level = spec.agent("normal", seed)
        for _ in range(6):
            choice = played.choose(state)
            assert choice == exact.choose(state)
            differs += level.choose(state) != choice
            state.apply(choice)
    assert differs  # (the level itself, with its noise, plays otherwise at times)
