"""Claim Control's AI levels: they play legal moves, and the search players find
the best finish when the end is within reach."""

from __future__ import annotations

import pytest

from reclaimdesk.core.agents import RandomAgent, play_game
from reclaimdesk.core.game import LEVELS, GameState, get_game
from reclaimdesk.games.claim_control.ai import HARD_DEPTH, HARD_NODES, make_agent, order_actions, positional

SPEC = get_game("claim-control")


def random_position(seed: int, plies: int) -> GameState:
    state = SPEC.new_game(2, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(plies):
        state.apply(agent.choose(state))
    return state


def best_margin(state: GameState, seat: int) -> float:
    """Exact minimax value of the final margin for ``seat`` (for short endings)."""
    if state.is_terminal():
        s = state.scores()
        return s[seat] - s[1 - seat]
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(best_margin(child, seat))
    return max(values) if state.current_player == seat else min(values)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves(level):
    agent = SPEC.agent(level, seed=4)
    assert agent.level == level
    for plies in (0, 31, 58):
        state = random_position(plies + 1, plies)
        action = agent.choose(state)
        assert state.is_legal(action), (level, plies, action)


def test_unknown_level():
    with pytest.raises(ValueError, match="unknown AI level 'grandmaster'"):
        make_agent("grandmaster", 0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hard_finds_the_best_last_move(seed):
    state = random_position(seed, 59)
    seat = state.current_player
    target = best_margin(state, seat)
    state.apply(make_agent("hard", seed).choose(state))
    s = state.scores()
    assert s[seat] - s[1 - seat] == target


@pytest.mark.parametrize("seed", [4, 5])
def test_hard_plays_the_last_two_plies_perfectly(seed):
    state = random_position(seed, 58)
    seat = state.current_player
    target = best_margin(state, seat)
    state.apply(make_agent("hard", seed).choose(state))
    assert best_margin(state, seat) == target


def test_hard_searches_within_its_node_budget():
    # the budget, not the clock, ends the search (its time is measured by
    # tools/ai_levels.py, never in tests): the same seed gives the same choice;
    # keeping only the best root placements after the first ply buys depth
    from reclaimdesk.games.claim_control.ai import budget_scale

    for plies, least_depth in ((0, 4), (40, 5)):
        state = random_position(6, plies)
        budget = round(HARD_NODES * budget_scale(len(state.legal_actions())))
        agent = make_agent("hard", 6)
        first = agent.choose(state)
        assert budget <= agent.last_nodes <= budget + 1
        assert agent.max_nodes == HARD_NODES  # the scaled budget lasts one decision
        assert least_depth <= agent.last_depth < HARD_DEPTH
        assert make_agent("hard", 6).choose(state) == first


def test_the_budget_follows_the_placements_open():
    # a position costs more CPU while more placements are open (its replies take
    # longer to rank): the opening gets fewer positions, the ending more, within bounds
    from reclaimdesk.games.claim_control.ai import BUDGET_PLACEMENTS, MAX_BUDGET_SCALE, budget_scale

    opening = len(SPEC.new_game(2, seed=0).legal_actions())
    scales = [budget_scale(n) for n in range(1, opening + 1)]
    assert all(a >= b for a, b in zip(scales, scales[1:]))
    assert budget_scale(BUDGET_PLACEMENTS) == 1.0
    assert max(scales) == MAX_BUDGET_SCALE
    assert 0.65 < budget_scale(opening) < 0.8
    # the hint's smaller budget is scaled alike
    from reclaimdesk.games.claim_control.hint import make_hint_agent

    state = SPEC.new_game(2, seed=0)
    hint = make_hint_agent(3, 1000)
    hint.choose(state)
    assert round(1000 * budget_scale(opening)) <= hint.last_nodes <= round(1000 * budget_scale(opening)) + 1
    assert hint.max_nodes == 1000


def test_easy_beats_random():
    for seat in (0, 1):
        agents = [RandomAgent(seat), RandomAgent(seat + 10)]
        agents[seat] = make_agent("easy", seat)
        state = play_game(SPEC.new_game(2, seed=seat), agents)
        s = state.scores()
        assert s[seat] > s[1 - seat]


@pytest.mark.parametrize("seed", range(6))
def test_evaluation_is_zero_sum(seed):
    state = random_position(seed, 7 * seed + 3)
    assert positional(state, 0) == pytest.approx(-positional(state, 1))


@pytest.mark.parametrize("seed", range(3))
def test_evaluation_of_a_finished_game_is_the_margin(seed):
    state = random_position(seed, 60)
    s = state.scores()
    assert positional(state, 0) == s[0] - s[1]


def test_a_safe_claim_counts_more_than_a_contested_one():
    base = ["square blue a1", "marker red corner d4", "marker blue edge a1-b1",
            "marker red corner c4"]
    safe = SPEC.new_game(2, seed=0)
    contested = SPEC.new_game(2, seed=0)
    for text in base + ["marker blue edge a1-a2"]:
        safe.apply_text(text)
    for text in base + ["marker blue edge d1-e1"]:
        contested.apply_text(text)
    # both lead on a1, but only "safe" leads by more than Crosses could ever add
    assert safe.scores()[0] == contested.scores()[0] == 2
    assert positional(safe, 0) > positional(contested, 0)


@pytest.mark.parametrize("seed", range(4))
def test_the_search_ranks_replies_as_the_ordering_does(seed):
    # ranked_placements builds the hard search's replies straight from the position:
    # the very order order_actions gives the legal actions, cut to the best few
    from reclaimdesk.games.claim_control.ai import ranked_placements

    state = SPEC.new_game(2, seed=seed)
    agent = RandomAgent(seed)
    while not state.is_terminal():
        expected = order_actions(state, state.legal_actions())
        assert ranked_placements(state) == expected
        assert ranked_placements(state, 10) == expected[:10]
        state.apply(agent.choose(state))


def test_ordering_keeps_every_action():
    state = random_position(8, 20)
    actions = state.legal_actions()
    ordered = order_actions(state, actions)
    assert sorted(map(str, ordered)) == sorted(map(str, actions))


@pytest.mark.parametrize("seed, plies", [(3, 30), (4, 44)])
def test_the_transposition_table_changes_no_value(seed, plies):
    # the hard level's table, its killers and its cell-wise scoring one placement
    # before the horizon only save work: searched to the same depth over the same
    # replies, every root placement gets the value the plain alpha-beta search gives
    # it (up to rounding: the cell-wise scores add up in another order)
    import math

    from reclaimdesk.core.agents import SearchAgent
    from reclaimdesk.games.claim_control.ai import TableSearch

    state = random_position(seed, plies)
    seat = state.current_player
    values = []
    for kind in (SearchAgent, TableSearch):
        agent = kind(positional, level="hard", depth=3, order=order_actions, max_branch=6, seed=seed)
        agent._deadline, agent._node_cap, agent._nodes = math.inf, math.inf, 0
        if kind is TableSearch:
            agent._table, agent._leaves, agent._orders, agent._killers = {}, {}, {}, {}
        values.append(dict(agent._ranked_root(state, seat, True)))
    assert values[0] == pytest.approx(values[1], abs=1e-9)
    assert len(values[0]) == len(state.legal_actions())


@pytest.mark.parametrize("seed", range(3))
def test_a_reply_scored_by_the_cells_it_changes_matches_the_full_evaluation(seed):
    from reclaimdesk.games.claim_control.ai import TableSearch, _frontier_terms, cell_term

    state = SPEC.new_game(2, seed=seed)
    agent = RandomAgent(seed)
    scored = 0
    while sum(state.supply) > 1:
        mover = state.current_player
        assert sum(cell_term(state, 0, c) for c in range(25)) == pytest.approx(positional(state, 0), abs=1e-9)
        terms, trailing = _frontier_terms(state, 0, mover)
        # the search's terms are cell_term's, and add up to positional's very value
        assert terms == [cell_term(state, 0, c) for c in range(25)]
        total = 0.0
        for t in terms:
            total += t
        assert total == positional(state, 0)
        assert _frontier_terms(state, 1, mover)[1] == trailing
        for action in state.legal_actions()[::5]:
            cells = TableSearch._changed_cells(state, mover, action, trailing)
            child = state.child(action)
            for seat in (0, 1):
                if cells is None:
                    continue
                scored += 1
                by_cells = positional(state, seat) + sum(
                    cell_term(child, seat, c) - cell_term(state, seat, c) for c in cells)
                # every other cell's share is exactly what it was: leaving it out adds nothing
                for c in set(range(25)) - set(cells):
                    assert cell_term(child, seat, c) == cell_term(state, seat, c), (action, seat, c)
                assert by_cells == pytest.approx(positional(child, seat), abs=1e-9), (action, seat)
        state.apply(agent.choose(state))
    assert scored > 1000


def test_hard_reaches_deeper_in_its_budget_with_the_table():
    from reclaimdesk.core.agents import SearchAgent
    from reclaimdesk.games.claim_control.ai import HARD_ROOT_BRANCH

    state = random_position(6, 40)
    plain = SearchAgent(positional, level="hard", depth=HARD_DEPTH, max_nodes=HARD_NODES, order=order_actions,
                        max_branch=10, root_branch=HARD_ROOT_BRANCH, noise=0.05, seed=6)
    plain.choose(state)
    hard = make_agent("hard", 6)
    hard.choose(state)
    assert hard.last_depth > plain.last_depth


@pytest.mark.parametrize("seed", range(3))
def test_a_reply_patches_the_opponents_key_table_exactly(seed):
    # the hard search ranks a reply's position from the table of the position before
    # it, computing again only the keys the reply changes: the very table (and so the
    # very ranking) that building it from scratch gives
    from reclaimdesk.games.claim_control.ai import _key_table, _patched_table, _ranked_from, ranked_placements

    state = SPEC.new_game(2, seed=seed)
    agent = RandomAgent(seed)
    patched = 0
    while not state.is_terminal():
        mover = state.current_player
        assert _ranked_from(_key_table(state, mover)[0], 10) == ranked_placements(state, 10)
        before = _key_table(state, 1 - mover)
        for reply in state.legal_actions()[seed::7]:
            child = state.child(reply)
            if child.current_player != 1 - mover:
                continue
            table = _patched_table(before, child, 1 - mover, reply)
            assert table == _key_table(child, 1 - mover), reply
            assert _ranked_from(table[0], 10) == ranked_placements(child, 10)
            assert _ranked_from(table[0], None) == ranked_placements(child)
            patched += 1
        state.apply(agent.choose(state))
    assert patched > 500


def test_the_search_ranks_each_reply_as_ranked_placements_does():
    from reclaimdesk.games.claim_control.ai import HARD_ROOT_BRANCH, TableSearch, ranked_placements

    checked = []

    class Checked(TableSearch):
        def _search(self, state, me, depth, alpha, beta, key=None, source=None):
            value = super()._search(state, me, depth, alpha, beta, key, source)
            if source is not None and key in self._orders:
                # its replies were ranked from the parent's patched table
                assert self._orders[key] == ranked_placements(state, self.max_branch)
                checked.append(key)
            return value

    for plies in (9, 40):
        state = random_position(5, plies)
        agent = Checked(positional, level="hard", depth=HARD_DEPTH, max_nodes=2000, order=order_actions,
                        max_branch=10, root_branch=HARD_ROOT_BRANCH, noise=0.05, seed=5)
        assert state.is_legal(agent.choose(state))
    assert len(checked) > 100
