"""Reclamation Wars' AI: every level plays legal moves; the evaluation and the
turn-level view the hard level searches behave as documented. (Strength is measured
by tools/reclamation_wars_strength.py, never in tests.)"""

from __future__ import annotations

from dataclasses import replace

import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game
from reclaimdesk.core.mcts import MCTS
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.reclamation_wars import ai
from reclaimdesk.games.reclamation_wars.hint import HINT_ITERATIONS, make_hint_agent

from .helpers import FORTIFIED_HEX, LOCKDOWN_HEX, SUPER_HEX, legal, play, position


@pytest.fixture
def quick_hard(monkeypatch):
    monkeypatch.setattr(ai, "HARD_BUDGET", {board: replace(budget, playouts=6)
                                            for board, budget in ai.HARD_BUDGET.items()})


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_levels_play_whole_games(level):
    spec = get_game("reclamation-wars")
    state = spec.new_game(3, 4)
    agents = [spec.agent(level, 10 + i) for i in range(3)]
    assert all(a.level == level for a in agents)
    play_game(state, agents)  # apply() refuses any illegal action
    assert state.is_terminal()


def test_hard_plays_legal_turns_and_follows_its_plan(quick_hard):
    spec = get_game("reclamation-wars")
    state = spec.new_game(3, 6)
    agents = [spec.agent("hard", 1), spec.agent("normal", 2), spec.agent("normal", 3)]
    assert agents[0].level == "hard"
    searches = 0
    while not state.is_terminal() and state.turn < 30:
        agent = agents[state.current_player]
        before = agent.last if agent is agents[0] else None
        state.apply(agent.choose(state))
        if agent is agents[0] and agent.last is not before:
            searches += 1
    assert 5 <= searches <= 10  # one search per turn of seat 0 (at most), not per action


def test_projections_are_fair_at_the_start_and_value_powers():
    for seed in range(5):
        # a seeded layout is fair by distance sums: nobody starts far ahead (the
        # race terms differ a little: one seat may be nearer the Super Demolisher)
        proj = ai.projections(get_game("reclamation-wars").new_game(3, seed))
        assert max(proj) - min(proj) < 3.0
    with_super = position({0: ["0,0", SUPER_HEX], 1: ["1,-3"], 2: ["-3,3"]}, {0: "0,0"})
    without_demolisher = position({0: ["0,0", SUPER_HEX], 1: ["1,-3"], 2: ["-3,3"]}, {0: None})
    assert ai.projections(with_super)[0] > ai.projections(without_demolisher)[0] + 2
    # a free special hex counts mostly for the nearest seat
    near = position({0: ["2,-3"], 1: ["-2,1"], 2: ["-3,3"]})
    far = position({0: ["-1,1"], 1: ["-2,1"], 2: ["-3,3"]})
    assert ai.projections(near)[0] > ai.projections(far)[0]
    margins = ai.margins(with_super)
    assert len(margins) == 3 and margins[0] > margins[1]


def test_easy_takes_a_special_hex_next_to_it():
    state = position({0: ["2,-3"], 1: ["-2,1"], 2: ["-3,3"]})
    assert "reclaim 2,-4" in legal(state)
    for seed in range(5):
        assert str(ai.make_agent("easy", seed).choose(state)) == "reclaim 2,-4"


def test_normal_converts_with_the_super_demolisher():
    state = position({0: ["0,0", SUPER_HEX], 1: ["1,0", "1,-1", "0,-1", "-3,1"], 2: ["-3,3"]},
                     {0: "0,0"}, turn_number=12)
    action = ai.make_agent("normal", 1).choose(state)
    assert str(action).startswith("demolish")


def test_turn_view_offers_whole_turns_for_the_core_search():
    state = position({0: ["0,0", "-1,0", SUPER_HEX], 1: ["1,0", "1,-1"], 2: ["-3,3"]}, {0: "0,0"})
    view = ai.TurnView(state.clone(), width=3, root_width=4)
    turns = view.legal_actions()
    assert 1 <= len(turns) <= 4
    for turn in turns:
        after = view.clone()
        after.apply(turn)
        assert after.current_player != 0  # a view action is the whole turn
        logged = state.clone()  # (the view's copies keep no log: the turn played on the real rules)
        for atomic in turn:
            logged.apply(atomic)
        mine = next(t for t in reversed(logged.turns) if t.seat == 0)
        assert [str(e.action) for e in mine.events] == [str(a) for a in turn]
        assert after.state == logged
    result = MCTS(iterations=8, evaluate=lambda v: ai.margins(v.state), rollout_depth=0,
                  terminal_value=lambda v: ai.margins(v.state), seed=1).search(view)
    assert result.action in turns
    assert state.history == []  # the real state is never touched


def test_hard_takes_the_super_demolisher_before_the_next_seat_can():
    # seat 1, next to play, also borders the Super Demolisher hex
    state = position({0: ["2,-3", "3,-3"], 1: ["1,-3", "0,-3"], 2: ["-3,3"]}, {0: "3,-3", 1: "0,-3"})
    assert "reclaim " + SUPER_HEX in legal(state)
    for seed in range(3):
        assert str(ai.make_agent("hard", seed).choose(state)) == "reclaim " + SUPER_HEX


def test_each_candidate_gets_its_share_of_noisy_play_outs_on_common_luck(monkeypatch):
    state = position({0: ["0,0", "-1,0"], 1: ["1,-3", "0,-3"], 2: ["-3,3", "-2,2"]}, turn_number=3)
    calls = []
    rollout = ai._rollout_value

    def recording(view, rng=None):
        calls.append((view.state.history[0], rng.getstate()))  # (a search copy logs no turns)
        value = rollout(view, rng)
        calls[-1] += (view.state.turn,)
        return value

    monkeypatch.setattr(ai, "_rollout_value", recording)
    monkeypatch.setitem(ai.HARD_BUDGET, "standard", replace(ai.HARD_BUDGET["standard"], root_width=5, playouts=10))
    turns = ai.HARD_BUDGET["standard"].turns
    agent = ai.make_agent("hard", 1)
    agent.search.time_limit = None  # the play-out budget alone
    first = agent.choose(state)
    root_turns = ai.TurnView(state.clone(), ai.HARD_WIDTH, 5).legal_actions()
    assert len(root_turns) == 5
    assert first == agent.last.action[0] and agent.last.action in root_turns
    assert agent.last.iterations == 10
    assert {s.action: s.visits for s in agent.last.stats} == {t: 2 for t in root_turns}
    assert agent.last.stats[0].action == agent.last.action
    # play-out m of every candidate plays the budget's whole turns on the same
    # luck (one generator state per round), and the rounds differ
    assert [c[0] for c in calls] == [t[0] for t in root_turns] * 2
    assert all(c[2] == state.turn + 1 + turns for c in calls)
    rounds = [{c[1] for c in calls[:5]}, {c[1] for c in calls[5:]}]
    assert all(len(r) == 1 for r in rounds) and rounds[0] != rounds[1]
    # a candidate's value is the mean of its play-outs for the searching seat
    again = ai.make_agent("hard", 1)
    again.search.time_limit = None
    assert again.choose(state) == first and again.last.stats == agent.last.stats


def _large_position():
    state = get_game("reclamation-wars").new_game(3, 50005, {"board": "large"})
    for text in "J6 B10 F2 J5 B9 E3".split():
        state.apply_text("reclaim " + text)
    return state


def test_the_large_boards_play_outs_are_noisy_and_run_to_the_games_end(monkeypatch):
    state = _large_position()
    budget = ai.HARD_BUDGET["large"]
    assert budget.turns >= ai.SEATS * ai.TURNS_PER_PLAYER and budget.spend and not budget.chances
    ends = []
    rollout = ai._rollout_value

    def recording(view, rng=None):
        value = rollout(view, rng)
        ends.append((rng is not None, view.state.is_terminal(), view.positions))
        return value

    monkeypatch.setattr(ai, "_rollout_value", recording)
    agent = ai.make_agent("hard", 1)
    agent.search.time_limit = None
    first = agent.choose(state)
    assert first == agent.last.action[0] and agent.last.iterations == len(ends) >= budget.root_width
    assert all(noisy for noisy, _end, _positions in ends)
    # each play-out reaches the game's end unless it would rank more than its positions
    assert all(end or positions == budget.positions + 1 for _noisy, end, positions in ends)
    assert any(end for _noisy, end, _positions in ends)


@pytest.mark.parametrize("cost, visits", [
    (5000, [1, 1, 1, 1, 1]),  # a second round would cost 10 x 5,000: one round
    (1500, [2, 2, 2, 2, 2]),  # 15,000 after two; a third for the four left: 21,000
    (1000, [5, 5, 4, 3, 2]),  # rounds of 5, 5, 4, 3, 2 play-outs: a sixth round would reach 21,000
    (100, [12, 12, 4, 3, 2]),  # twelve rounds at most
])
def test_the_large_boards_rounds_drop_the_worst_candidate_and_stay_within_its_spend(monkeypatch, cost, visits):
    # a round is begun while the positions ranked so far plus the last round's, scaled
    # to the candidates left, fit in 20,000; after the second, third and fourth round
    # the candidate with the lowest mean is left out (two stay)
    state = _large_position()
    budget = ai.HARD_BUDGET["large"]
    assert (budget.spend, budget.rounds, budget.rejects) == (20000, 12, (2, 3, 4))
    candidates = ai.TurnView(state.search_copy(), ai.HARD_WIDTH, 5).legal_actions()
    assert len(candidates) == 5
    calls = []

    def fixed_cost(view, rng=None):
        k = [c[0] for c in candidates].index(view.state.history[0])
        calls.append((k, rng.getstate()))
        view.positions = cost
        values = [0.0, 0.0, 0.0]
        values[view.seat] = -k / 10  # (the first candidate the best, the last the worst)
        return values

    monkeypatch.setattr(ai, "_rollout_value", fixed_cost)
    agent = ai.make_agent("hard", 1)
    agent.search.time_limit = None
    agent.choose(state)
    assert agent.last.action == candidates[0] and agent.last.iterations == sum(visits) == len(calls)
    assert [sum(1 for k, _luck in calls if k == c) for c in range(5)] == visits
    # common luck: the play-outs of a round share one seed, each round its own
    rounds, start = [], 0
    while start < len(calls):
        alive = sum(1 for v in visits if v > len(rounds))
        rounds.append(calls[start:start + alive])
        start += alive
    assert all(len({luck for _k, luck in one}) == 1 for one in rounds)
    assert len({one[0][1] for one in rounds}) == len(rounds) == max(visits)
    assert [s.action for s in agent.last.stats] == candidates  # (best mean first, the dropped after)


def test_a_decision_is_the_same_with_the_helper_process_as_alone(monkeypatch):
    # the large board's rounds shared with a helper process (reclaimdesk.core.parallel)
    # decide exactly as in one process: the same turn, the same means and visits
    state = _large_position()
    results = []
    for count in ("1", "2"):
        monkeypatch.setenv("RECLAIMDESK_AI_PROCESSES", count)
        agent = ai.make_agent("hard", 7)
        agent.search.time_limit = None
        agent.choose(state)
        results.append(agent.last)
    alone, shared = results
    assert alone.iterations > 5 and (shared.action, shared.stats, shared.iterations) == (
        alone.action, alone.stats, alone.iterations)


def _three_normal_players_at_turn_9():
    """A game of three normal players (seed 41) at the start of turn 9."""
    state = get_game("reclamation-wars").new_game(3, 41, {})
    agents = [ai.make_agent("normal", 5 + s) for s in range(3)]
    while state.turn < 9:
        state.apply(agents[state.current_player].choose(state))
    return state


def test_noisy_play_outs_vary_the_modelled_turn_within_normals_noise():
    # a game of three normal players at turn 9: with a generator, the play-out ranks
    # a turn by its margin plus up to NORMAL_NOISE, as normal chooses; without one,
    # the best turn by margin (the analysis' play-outs are unchanged)
    state = _three_normal_players_at_turn_9()
    seat = state.current_player
    best = max(ai.margin(after, seat) for _turn, after in ai.turn_sequences(state, distinct=True))
    played = set()
    for seed in range(12):
        view = ai.TurnView(state.clone(), 1, 1, depth=1, seat=(seat + 1) % 3)
        turn = view._best_turns(rng=Rng(seed))[0]
        after = state.clone()
        for atomic in turn:
            after.apply(atomic)
        assert ai.margin(after, seat) >= best - ai.NORMAL_NOISE
        played.add(turn)
    assert len(played) > 1  # near-equal turns are taken at random
    plain = ai.TurnView(state.clone(), 1, 1, depth=1, seat=(seat + 1) % 3)._best_turns()[0]
    assert plain == ai.TurnView(state.clone(), 1, 1, depth=1, seat=(seat + 1) % 3)._best_turns()[0]


def test_the_rollouts_play_the_turn_normal_would(monkeypatch):
    # normal's objective: the whole turn with the best margin (it adds only a little
    # noise to break near-ties)
    state = position({0: ["0,0", SUPER_HEX], 1: ["1,0", "1,-1", "0,-1", "-3,1"], 2: ["-3,3"]},
                     {0: "0,0"}, turn_number=12)
    monkeypatch.setitem(ai.HARD_BUDGET, "standard", replace(ai.HARD_BUDGET["standard"], turns=1))
    view = ai.TurnView(state.clone(), 1, 1, depth=1, seat=1)  # seat 1 searches: seat 0 is modelled
    ai._rollout_value(view)
    turn = [e.action for e in view.state.turns[-1].events]
    played = state.clone()
    for atomic in turn:
        played.apply(atomic)
    assert played.current_player == 1 and len(turn) == 3  # three Super Demolisher moves
    best = max(ai.margin(after, 0) for _turn, after in ai.turn_sequences(state))
    assert ai.margin(played, 0) == best
    assert ai.make_agent("normal", 1).choose(state).kind == turn[0].kind == "demolish"


def test_distinct_turns_leave_out_only_repeated_positions_and_keep_the_best():
    # three Super Demolisher moves: two demolishes in either order reach the same
    # position; the hard level ranks each position once
    state = position({0: ["0,0", SUPER_HEX], 1: ["1,0", "1,-1", "0,-1", "-3,1"], 2: ["-3,3"]},
                     {0: "0,0"}, turn_number=12)
    every = ai.turn_sequences(state)
    distinct = ai.turn_sequences(state, distinct=True)
    keys = {ai._position_key(after) for _turn, after in every}
    assert len(distinct) == len(keys) < len(every)
    assert {ai._position_key(after) for _turn, after in distinct} == keys
    best = max(range(len(every)), key=lambda k: (ai.margin(every[k][1], 0), -k))
    best_distinct = max(range(len(distinct)), key=lambda k: (ai.margin(distinct[k][1], 0), -k))
    assert every[best][0] == distinct[best_distinct][0]


def test_a_rollout_stops_before_a_turn_that_overruns_its_positions(monkeypatch):
    # the hard level's work is bounded in positions, not by the clock: a rollout that
    # has spent its budget values the position it reached; the turn that did not fit
    # is counted (one position past the budget at most) but not played
    state = position({0: ["0,0", SUPER_HEX], 1: ["1,0", "1,-1", "0,-1", "-3,1"], 2: ["-3,3"]},
                     {0: "0,0"}, turn_number=12)
    ways = len(ai.turn_sequences(state, distinct=True))
    for budget in (ways - 1, ways):
        monkeypatch.setitem(ai.HARD_BUDGET, "standard", replace(ai.HARD_BUDGET["standard"], positions=budget))
        view = ai.TurnView(state.clone(), 1, 1, depth=1)
        value = ai._rollout_value(view)
        if budget < ways:
            assert view.state.turn == state.turn and view.positions == budget + 1
        else:
            assert view.state.turn > state.turn and len(view.state.turns[-1].events) == 3
        assert view.positions <= budget + 1
        assert value == ai.chance_values(view.state)  # (the standard board's leaf value)


def test_normal_brings_a_far_super_demolisher_to_a_rivals_border():
    # the demolisher stands three steps behind seat 0's border with seat 1: walking
    # there is worth more than one more hex (on the large board the planners used to
    # take the Super Demolisher's hex and leave the demolisher at home)
    state = position({0: ["-2,0", "-1,0", "0,0", "1,0", SUPER_HEX], 1: ["2,0", "3,0", "3,-1"], 2: ["-3,3"]},
                     {0: "-2,0"}, turn_number=5)
    for seed in range(3):
        assert str(ai.make_agent("normal", seed).choose(state)) == "step -1,0"
    reclaimed = state.clone()
    play(reclaimed, "reclaim 0,1")
    play(state, "step -1,0", "step 0,0", "step 1,0")
    assert ai.projections(state)[0] > ai.projections(reclaimed)[0]


def test_lockdown_on_the_last_turn_is_not_worth_a_hex():
    # activating Lockdown on a seat's last turn skips nothing; the projection once
    # counted the skipped turn as -1 turns left and still added the powers held, so
    # normal gave up its last reclaim for it
    state = position({0: ["0,0", LOCKDOWN_HEX, FORTIFIED_HEX, "-1,3"], 1: ["1,-3", "2,-3"], 2: ["-3,3", "-3,2"]},
                     {0: "0,0"}, turn_number=20)
    assert "lockdown" in legal(state)
    locked = state.clone()
    play(locked, "lockdown")
    assert ai.projections(locked)[0] == 4
    for seed in range(3):
        assert str(ai.make_agent("normal", seed).choose(state)).startswith("reclaim")


def test_the_super_demolishers_reach_leaves_out_a_fortified_rival():
    # a Super Demolisher only neutralises a Fortified seat's hexes: walking to that
    # seat's border is not worth the reach a convertible border is (on the large
    # board normal once walked its demolisher for turns toward such a rival)
    owners = {0: ["-2,0", "-1,0", "0,0", "1,0", SUPER_HEX], 1: ["2,0", "3,0", "3,-1", FORTIFIED_HEX], 2: ["-4,4"]}
    state = position(owners, {0: "-2,0", 2: "-4,4"}, turn_number=5)
    walked = state.clone()
    play(walked, "step -1,0", "step 0,0", "step 1,0")
    reclaimed = state.clone()
    play(reclaimed, "reclaim 0,1")
    assert ai.projections(walked)[0] < ai.projections(reclaimed)[0]
    for seed in range(3):
        assert not str(ai.make_agent("normal", seed).choose(state)).startswith("step")


def test_a_special_hex_just_demolished_goes_to_the_demolishers_seat():
    # the hex is banned to the others until the demolisher's seat plays again, so
    # that seat takes the power back: normal strikes a rival's Super Demolisher hex
    owners = {0: ["1,-2", "1,-3", "0,0"], 1: [SUPER_HEX, "3,-4", "0,-4", "1,-4"], 2: ["-4,4"]}
    state = position(owners, {0: "1,-3", 1: "0,-4", 2: "-4,4"}, turn_number=6)
    struck = state.clone()
    play(struck, "demolish 2,-4", "end")
    race = struck.clone()
    race.blocked = [-1] * len(race.owner)  # the same free hex, no seat first
    assert ai.projections(struck)[0] > ai.projections(race)[0] + 0.5 * ai.POWER["super"]
    for seed in range(3):
        turn, agent = state.clone(), ai.make_agent("normal", seed)
        played = []
        while turn.current_player == 0:
            played.append(str(agent.choose(turn)))
            turn.apply(turn.parse_action(played[-1]))
        assert "demolish 2,-4" in played


def test_a_super_demolisher_that_cannot_strike_in_time_is_worth_little():
    # one that cannot reach a hex it would convert before the game ends is worth
    # little more than an extra move: each move farther than its owner's remaining
    # reach takes a little off (normal used the Special Neutralizer on such ones)
    owners = {0: ["-4,0", "-3,0", "-2,0", "-1,0", "0,0", "1,0", SUPER_HEX], 1: ["3,0", "3,-1"], 2: ["-4,4"]}
    near = position(owners, {0: "1,0", 2: "-4,4"}, turn_number=19)
    far = position(owners, {0: "-4,0", 2: "-4,4"}, turn_number=19)
    # two turns left: 6 moves; from 1,0 a neutral hex (3 moves) lies before seat 1's
    # border, from -4,0 five steps more (8 moves): 3 moves within reach, 2 beyond it
    assert ai.projections(near)[0] - ai.projections(far)[0] == pytest.approx(3 * ai.SUPER_REACH + 2 * ai.SUPER_FAR)


def test_normal_spends_no_turn_on_a_rivals_super_demolisher_far_from_striking():
    # a large-board game (seed 50005, normal in seat 2 against two easy players):
    # seat 0 took the Super Demolisher next to its start, its demolisher stays at
    # home, three moves or more from any hex it could convert. Normal used to strip
    # it with the Special Neutralizer (a rival's Super Demolisher was valued as if
    # it would walk to a border), gave up a reclaim for it and lost 20 to 21, 21
    state = get_game("reclamation-wars").new_game(3, 50005, {"board": "large"})
    for text in ("J6 B10 F2 J5 B9 E3 K5 C10 D4 I7 C11 C5 I5 D11 C6 J7 A10 F3 H5 A9 F4 H8 D10").split():
        state.apply_text("reclaim " + text)
    assert state.current_player == 2 and state.holder("super") == 0 and state.holder("neutralizer") == 2
    assert any(str(a).startswith("neutralize") for a in state.legal_actions())
    for seed in range(3):
        assert ai.make_agent("normal", seed).choose(state).kind == "reclaim"
    # seen by seat 2, seat 0's far Super Demolisher is worth less than to seat 0 itself
    assert ai.projections(state, 2)[0] < ai.projections(state)[0] - 1


def test_a_rollout_that_reaches_the_end_values_the_win():
    # seat 0 plays its last turn: the rollout plays the game out, and the finished game
    # is valued by the margins plus each seat's share of the win
    state = position({0: ["0,0", "-1,0", "-1,1"], 1: ["1,-3", "0,-3"], 2: ["-3,3", "-2,2"]}, turn_number=20)
    view = ai.TurnView(state.clone(), 1, 1, depth=1)
    value = ai._rollout_value(view)
    assert view.state.is_terminal()
    winners = view.state.winners()
    assert value == ai.final_values(view.state)
    plain = ai.margins(view.state)
    for seat in range(3):
        bonus = ai.WIN_BONUS / len(winners) if seat in winners else 0.0
        assert value[seat] == pytest.approx(plain[seat] + bonus)


def test_a_shared_win_shares_the_bonus():
    state = position({0: ["0,0", "-1,0"], 1: ["1,-3", "0,-3"], 2: ["-3,3"]}, turn_number=21)
    assert state.is_terminal() and state.winners() == [0, 1]
    value, plain = ai.final_values(state), ai.margins(state)
    assert value[0] - plain[0] == value[1] - plain[1] == pytest.approx(ai.WIN_BONUS / 2)
    assert value[2] == plain[2]


def test_the_searching_seat_ranks_its_own_turns_by_the_searchs_weights():
    # seat 0 to play turn 9 of a game of three normal players: by normal's margin
    # (the leading rival at PLAN_LEADER_WEIGHT) one reclaim is best, by the search's
    # (LEADER_WEIGHT) another; the view offers the searching seat its turns by the
    # search's weights and models any other seat as normal
    state = _three_normal_players_at_turn_9()
    seat = state.current_player
    ways = ai.turn_sequences(state, distinct=True)

    def best(weight):
        return max(range(len(ways)), key=lambda k: (ai.margin(ways[k][1], seat, weight), -k))

    own = ai.TurnView(state.clone(), 1, 5).legal_actions()
    modelled = ai.TurnView(state.clone(), 1, 5, seat=(seat + 1) % 3).legal_actions()
    assert own[0] == ways[best(ai.LEADER_WEIGHT)][0]
    assert modelled[0] == ways[best(ai.PLAN_LEADER_WEIGHT)][0] == ways[best(None)][0]
    assert own[0] != modelled[0]
    assert ai.make_agent("normal", 1).choose(state) == modelled[0][0]


def test_a_held_lead_wins_more_often_late_and_the_leaf_adds_the_chances_to_the_margins():
    # seat 0 holds one hex more than each rival, seat 1 is projected ahead (it is
    # nearer the free special hexes); the same board early and late
    owners = {0: ["0,0", "-1,0", "-1,1"], 1: ["1,-3", "0,-3"], 2: ["-3,3", "-2,2"]}
    early, late = position(owners, turn_number=3), position(owners, turn_number=19)
    assert ai._turns_still(early) == 54 and ai._turns_still(late) == 6
    for state in (early, late):
        proj = ai.projections(state)
        assert proj[1] == max(proj) and state.counts()[0] == max(state.counts())
        chances = ai.win_chances(state)
        assert abs(sum(chances) - 1) < 1e-9
        values = ai.chance_values(state)
        assert values == pytest.approx([m + ai.WIN_BONUS * c for m, c in zip(ai.margins(state), chances)])
    # early the projection decides, late the hexes held
    assert ai.win_chances(early)[1] == max(ai.win_chances(early))
    assert ai.win_chances(late)[0] == max(ai.win_chances(late)) > 0.5
    # the standard board's play-outs end on it; the large board's tree keeps the margins
    assert ai.HARD_BUDGET["standard"].chances and not ai.HARD_BUDGET["large"].chances


def test_the_end_search_plays_each_candidate_to_the_end_and_takes_its_best_finish(monkeypatch):
    # seat 0 plays turn 19 of 20: within the budget's end entries the hard level plays
    # each candidate to the game's end (the rivals as normal does, noiselessly) and
    # values it by the finish, the best over its own later choices, plus the held lead
    state = position({0: ["0,0", "-1,0", "-1,1"], 1: ["1,-3", "0,-3", "1,-2"], 2: ["-3,3", "-2,2"]},
                     turn_number=19)
    me = state.current_player
    plain = ai.end_search(ai.TurnView(state.search_copy(), 1, 4), (), 10**6)
    assert len(plain.stats) == 4 and plain.action == plain.stats[0].action and plain.iterations == 4
    assert [s.value for s in plain.stats] == sorted((s.value for s in plain.stats), reverse=True)
    monkeypatch.setitem(ai.HARD_BUDGET, "standard", replace(ai.HARD_BUDGET["standard"], turns=20, positions=10**6))
    for stat in plain.stats:  # no choice of its own later: one noiseless play-out to the end
        child = ai.TurnView(state.search_copy(), 1, 4)
        child._apply(stat.action)
        counts = child.state.counts()
        lead = counts[me] - max(c for seat, c in enumerate(counts) if seat != me)
        assert stat.value == pytest.approx(ai._rollout_value(child)[me] + ai.HELD_LEAD * lead / 10)
        assert child.state.is_terminal()
    wide = ai.end_search(ai.TurnView(state.search_copy(), 1, 4), (3,), 10**6)
    searched = {s.action: s.value for s in wide.stats}
    assert all(searched[s.action] >= s.value - 1e-12 for s in plain.stats) and wide.iterations > 4
    # the agent decides by it where an entry fits (5 whole turns are left after this one)
    budget = replace(ai.HARD_BUDGET["standard"], end=((3, 2, (2,)), (5, 4, (3,))), end_positions=10**6)
    monkeypatch.setitem(ai.HARD_BUDGET, "standard", budget)
    agent = ai.make_agent("hard", 1)
    first = agent.choose(state)
    assert agent.last.action[0] == first and {s.action: s.value for s in agent.last.stats} == searched
    # a hint keeps its own budget of play-outs there
    hint = make_hint_agent(1)
    hint.choose(state)
    assert hint.last.iterations == HINT_ITERATIONS
    monkeypatch.setitem(ai.HARD_BUDGET, "standard", replace(budget, end=((4, 4, (3,)),)))
    agent.choose(state)
    assert agent.last.iterations == budget.playouts


def _large_end_position(turns_left: int = 5):
    """A large game of three normal players, at the start of the first turn after
    which at most ``turns_left`` whole turns are left."""
    state = get_game("reclamation-wars").new_game(3, 50078, {"board": "large"})
    agents = [ai.make_agent("normal", 31 + i) for i in range(3)]
    while not (state.moves_used == 0 and ai._turns_still(state) - 1 <= turns_left):
        state.apply(agents[state.current_player].choose(state))
    return state


def _count_positions(monkeypatch):
    """Counts the positions the searches rank (every way to play a turn generated)."""
    ranked = []
    real = ai.turn_values

    def counted(*args, **kwargs):
        out = real(*args, **kwargs)
        ranked.append(len(out))
        return out

    monkeypatch.setattr(ai, "turn_values", counted)
    return ranked


def test_the_end_search_keeps_to_its_cap_in_positions(monkeypatch):
    state = _large_end_position()
    me = state.current_player
    ranked = _count_positions(monkeypatch)

    def lines_ranked(cap):  # (the positions of the lines: the candidates' own ranking left out)
        view = ai.TurnView(state.search_copy(), 1, 25)
        candidates = view.legal_actions()
        before = sum(ranked)
        return ai.end_search(view, (), 0, cap=cap), sum(ranked) - before, candidates

    unbounded, lines, candidates = lines_ranked(0)
    assert lines > 1000  # (far more than the cap below)
    roomy, _, _ = lines_ranked(10**6)
    assert (roomy.action, roomy.stats, roomy.iterations) == (unbounded.action, unbounded.stats, unbounded.iterations)
    capped, lines, _ = lines_ranked(600)
    # each candidate uses what is left divided by the candidates still to play, and
    # a line finds that a turn does not fit after generating at most one too many
    assert lines <= 600 + len(candidates)
    assert {s.action for s in capped.stats} == set(candidates) and capped.action in candidates
    assert capped.stats != unbounded.stats
    # with no room at all, every line stops right after its candidate and is valued
    # by the chances to win there (plus the held lead, as a finished line)
    tiny = ai.end_search(ai.TurnView(state.search_copy(), 1, 25), (), 0, cap=1)
    for stat in tiny.stats:
        child = ai.TurnView(state.search_copy(), 1, 25)
        child._apply(stat.action)
        counts = child.state.counts()
        lead = counts[me] - max(counts[o] for o in range(3) if o != me)
        assert stat.value == pytest.approx(ai.chance_values(child.state)[me] + ai.HELD_LEAD * lead / 10)


def test_the_large_boards_end_search_is_capped_and_its_clock_only_a_logged_safety_cap(monkeypatch, caplog):
    state = _large_end_position()
    assert ai.HARD_BUDGET["large"].end_cap == ai.END_CAP > 0
    monkeypatch.setitem(ai.HARD_BUDGET, "large", replace(ai.HARD_BUDGET["large"], end_cap=300))
    ranked = _count_positions(monkeypatch)
    agent = ai.make_agent("hard", 1)
    agent.choose(state)
    root, *lines = ranked  # (the first: the searched position's own turns, ranked for the candidates)
    assert sum(lines) <= 300 + len(agent.last.stats) and not agent.last.capped
    # the clock stops it only past its safety cap: the candidates not begun are left out
    with caplog.at_level("WARNING", logger="reclaimdesk.ai"):
        result = ai.end_search(ai.TurnView(state.search_copy(), 1, 25), (), 0, time_limit=0.0,
                               label="reclamation-wars hard")
    assert result.capped and len(result.stats) == 1
    assert "safety cap stopped the search after 1 of 25 candidates" in caplog.text
