"""The core's alpha-beta search agent (SearchAgent), RandomAgent and play_game on tiny
explicit game trees whose right answers are known."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reclaimdesk.core.agents import WIN, RandomAgent, SearchAgent, play_game
from reclaimdesk.core.errors import NotationError
from reclaimdesk.core.game import TERMINAL, GameSpec, GameState
from reclaimdesk.core.rng import Rng

from tests.core.toys import glance_for, solve_paranoid, tree_game

# Seat 0 moves, seat 1 replies, then the game ends with the leaf's score for seat 0.
TREE = {
    "": ["C", "A"],                 # legal order puts the losing move first
    "C": ["Cx", "Cy"], "A": ["Ax", "Ay"],
}
LEAF = {"Cx": 3.0, "Cy": -100.0, "Ax": 3.0, "Ay": 4.0}
FIRST_GLANCE = {"C": 0.0, "A": 5.0}   # what the evaluation thinks after one move


class TreeGame(GameState):
    def __init__(self, num_players, seed, options):
        super().__init__(num_players, seed, options)
        self.path = ""

    @property
    def current_player(self):
        if self.path in LEAF:
            return TERMINAL
        return 0 if self.path == "" else 1

    def legal_actions(self):
        return [] if self.path in LEAF else [p[len(self.path):] for p in TREE[self.path]]

    def _apply(self, action):
        self.path += action

    def scores(self):
        v = LEAF.get(self.path, 0.0)
        return [v, -v]

    def parse_action(self, text):
        if text not in ("A", "C", "x", "y"):
            raise NotationError(text)
        return text

    def state_key(self):
        return self.path


TreeGame.spec = GameSpec("tree", "Tree", 2, 2, (-100.0, 100.0), 2, TreeGame)


def evaluate(state, seat):
    value = FIRST_GLANCE.get(state.path, LEAF.get(state.path, 0.0))
    return value if seat == 0 else -value


def test_root_choice_is_the_first_action_reaching_the_best_value_in_search_order():
    # Depth 2: A is searched first (it looks better after one move) and is worth 3
    # exactly. C's first reply also gives 3, which cuts C off with a bound of 3
    # although C is really worth -100. The agent must not pick C for the tie.
    agent = SearchAgent(evaluate, depth=2)
    assert agent.choose(TreeGame(2, 0, {})) == "A"


def test_with_noise_every_root_action_gets_an_exact_value():
    agent = SearchAgent(evaluate, depth=2, noise=0.5, seed=3)
    for _ in range(20):
        assert agent.choose(TreeGame(2, 0, {})) == "A"


# --- alpha-beta on hand-made trees (tests/core/toys.py) -----------------------------------------

# Seat 1 is to move: "gift" lets seat 0 win, "keep" wins for seat 1.
SECOND_SEAT = tree_game([1, {"gift": (5.0, 1.0), "keep": (1.0, 5.0)}], 2, name="second-seat")


def test_the_seat_to_move_is_the_one_maximised():
    state = SECOND_SEAT(2, 0, {})
    assert SearchAgent(glance_for, depth=1).choose(state) == "keep"
    assert SearchAgent(glance_for, depth=3).choose(state) == "keep"


# Seat 0 moves, then seat 1 replies. After "trap" seat 1 can win ("take") or hand
# seat 0 the win ("give"); after "safe" the two share the win. Against a seat
# that plays for itself "trap" loses: "safe" is right.
REPLY = tree_game([0, {
    "trap": [1, {"give": (9.0, 0.0), "take": (0.0, 9.0)}],
    "safe": [1, {"tie": (4.0, 4.0), "tie2": (4.0, 4.0)}],
}], 2, name="reply")


def test_the_other_seat_is_minimised():
    assert SearchAgent(glance_for, depth=2).choose(REPLY(2, 0, {})) == "safe"


def test_a_reply_by_the_other_seat_is_its_own_best():
    state = REPLY(2, 0, {})
    state.apply("trap")
    assert SearchAgent(glance_for, depth=2).choose(state) == "take"


# Three seats: seat 0 moves; after "hope" seat 1 decides who wins, and it will not
# choose seat 0 (alpha-beta treats every other seat as one enemy); "share" ties
# seat 0 with seat 2 for the win.
THREE = tree_game([0, {
    "hope": [1, {"zero": (9.0, 0.0, 0.0), "one": (0.0, 9.0, 0.0)}],
    "share": [2, {"s": (5.0, 1.0, 5.0), "t": (5.0, 1.0, 5.0)}],
}], 3, name="three")


def test_with_three_seats_every_other_seat_is_an_enemy():
    assert SearchAgent(glance_for, depth=2).choose(THREE(3, 0, {})) == "share"


# "tie" ends the game at once with a shared win; "play" leads to an unfinished
# position the evaluation values at +3 for seat 0. A shared win is worth only its
# margin (0 here), so playing on is better; counting the tie as a win would take it.
SHARED = tree_game([0, {
    "tie": (4.0, 4.0),
    "play": [1, {"x": [0, {"w": (9.0, 0.0), "l": (0.0, 9.0)}],
                 "y": [0, {"w": (9.0, 0.0), "l": (0.0, 9.0)}]}],
}], 2, glance={("play",): (3.0, -3.0), ("play", "x"): (3.0, -3.0), ("play", "y"): (3.0, -3.0)},
    name="shared")


def test_a_shared_win_is_not_counted_as_a_win():
    assert SearchAgent(glance_for, depth=1).choose(SHARED(2, 0, {})) == "play"
    assert SearchAgent(glance_for, depth=3).choose(SHARED(2, 0, {})) == "play"


def test_the_value_of_a_finished_game():
    def finished(scores):
        return tree_game(tuple(scores), len(scores), name="leaf")(len(scores), 0, {})

    alone = SearchAgent._terminal_value(finished((7.0, 3.0, 5.0)), 0)
    assert alone == 1e6 + 2.0
    shared = SearchAgent._terminal_value(finished((7.0, 7.0, 5.0)), 1)
    assert shared == 0.0 and abs(shared) < WIN
    lost = SearchAgent._terminal_value(finished((7.0, 3.0, 5.0)), 2)
    assert lost == -1e6 - 2.0
    assert SearchAgent._terminal_value(finished((2.0,)), 0) == 1e6 + 2.0  # alone at the table


# Seat 0 loses whatever it does: "quick" loses at once, "slow" two moves later.
# The longest defence is the better choice (the opponent may still go wrong).
DEFENCE = tree_game([0, {
    "quick": [1, {"win": (0.0, 1.0), "win2": (0.0, 1.0)}],
    "slow": [1, {"on": [0, {"on": [1, {"win": (0.0, 1.0), "win2": (0.0, 1.0)}],
                            "on2": [1, {"win": (0.0, 1.0), "win2": (0.0, 1.0)}]}],
                 "on2": [0, {"on": [1, {"win": (0.0, 1.0), "win2": (0.0, 1.0)}],
                             "on2": [1, {"win": (0.0, 1.0), "win2": (0.0, 1.0)}]}]}],
}], 2, name="defence")


def test_a_lost_game_is_defended_longest():
    assert SearchAgent(glance_for, depth=4).choose(DEFENCE(2, 0, {})) == "slow"


# Two wins at once: by 1 point or by 4. The bigger margin is better.
MARGIN = tree_game([0, {"small": (6.0, 5.0), "big": (9.0, 5.0)}], 2, name="margin")


def test_a_bigger_winning_margin_is_preferred():
    assert SearchAgent(glance_for, depth=1).choose(MARGIN(2, 0, {})) == "big"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_choice_has_the_exact_minimax_value(data):
    """Alpha-beta's pruning never changes the value of its choice: on random
    two- and three-seat trees searched to the end, the chosen action's exact
    minimax value (every other seat against the searcher) is the best there is
    (among forced wins any will do, and when every action loses there is no
    better one)."""
    players = data.draw(st.sampled_from([2, 3]), label="players")
    leaf = st.tuples(*[st.integers(0, 3).map(float) for _ in range(players)])

    def grow(depth):
        if depth == 0:
            return leaf
        return st.one_of(leaf, st.tuples(
            st.integers(0, players - 1),
            st.lists(grow(depth - 1), min_size=1, max_size=3),
        ).map(lambda t: [t[0], {f"a{i}": sub for i, sub in enumerate(t[1])}]))

    seat = data.draw(st.integers(0, players - 1), label="root seat")
    children = data.draw(st.lists(grow(2), min_size=2, max_size=3), label="children")
    tree = [seat, {f"m{i}": sub for i, sub in enumerate(children)}]
    state = tree_game(tree, players, name="random")(players, 0, {})
    choice = SearchAgent(glance_for, depth=4).choose(state)
    values = {a: solve_paranoid(state.child(a), seat) for a in state.legal_actions()}
    best = max(values.values())
    if best > WIN:  # a forced win: any (the search prefers the quickest, which this solve ignores)
        assert values[choice] > WIN, (values, choice)
    elif best >= -WIN:  # undecided or a shared win: exactly the best value
        assert values[choice] == best, (values, choice)


class Sampled(GameState):
    """Seat 0 alone, two moves, then over; a one-ply search sees the position after
    one move only through the evaluation, and what a move is worth there depends on a
    hidden coin that ``determinize`` deals anew (world 0, then world 1, then 0...)."""

    def __init__(self, num_players, seed, options):
        super().__init__(num_players, seed, options)
        self.coin = 0
        self.dealt = 0

    def parse_action(self, text):
        return text

    def state_key(self):
        return (self.coin, tuple(self.history))

    @property
    def current_player(self):
        return 0 if len(self.history) < 2 else TERMINAL

    def legal_actions(self):
        return ["a", "b"] if len(self.history) < 2 else []

    def _apply(self, action):
        pass

    def scores(self):
        return [0.0]

    def determinize(self, observer, rng):
        copy = self.clone()
        copy.coin = self.dealt % 2
        self.dealt += 1
        return copy


Sampled.spec = GameSpec("toy-sampled", "Sampled", 1, 1, (0.0, 1.0), 2, Sampled)
WORTH = {(0, "a"): 40.0, (0, "b"): 0.0, (1, "a"): -10.0, (1, "b"): 0.0}


def sampled_value(state, seat):
    return WORTH[state.coin, state.history[-1]] if state.history else 0.0


def test_values_over_sampled_worlds_are_added_up():
    # "a" is worth 40 in one world and -10 in the other: 30 in all, better than "b"
    # (0); the last world alone would say "b".
    state = Sampled(1, 0, {})
    assert SearchAgent(sampled_value, depth=1, samples=2).choose(state) == "a"
    assert state.dealt == 2
    assert SearchAgent(sampled_value, depth=1, samples=1).choose(Sampled(1, 0, {})) == "a"


# A refutation hidden behind the move ordering: with max_branch 1 the agent sees
# only the first reply, so it walks into the trap.
ORDERED = tree_game([0, {
    "trap": [1, {"weak": (5.0, 0.0), "refute": (0.0, 5.0)}],
    "solid": [1, {"only": (1.0, 1.0), "only2": (1.0, 1.0)}],
}], 2, name="ordered")


def test_max_branch_keeps_only_the_first_actions_in_order():
    assert SearchAgent(glance_for, depth=2).choose(ORDERED(2, 0, {})) == "solid"
    assert SearchAgent(glance_for, depth=2, max_branch=1).choose(ORDERED(2, 0, {})) == "trap"
    reordered = SearchAgent(glance_for, depth=2, max_branch=1, order=lambda s, acts: sorted(acts, key=lambda a: a != "refute"))
    assert reordered.choose(ORDERED(2, 0, {})) == "solid"  # "refute" now comes first


def test_root_branch_searches_only_the_best_root_actions_of_the_first_ply_deeper():
    # After one ply "trap" looks best (5 against 1): with root_branch 1 only it is
    # searched two plies deep, so its refutation is seen but "solid" is no longer
    # a candidate; with root_branch 2 both are, and the refuted trap is avoided.
    glance = {("trap",): (5.0, 0.0), ("solid",): (1.0, 1.0)}
    game = tree_game(ORDERED.TREE, 2, glance=glance, name="root-branch")
    assert SearchAgent(glance_for, depth=2, root_branch=2).choose(game(2, 0, {})) == "solid"
    narrow = SearchAgent(glance_for, depth=2, root_branch=1)
    assert narrow.choose(game(2, 0, {})) == "trap"
    assert narrow.last_depth == 2


def test_a_spent_time_budget_keeps_the_first_full_iteration():
    # A deadline already passed when the search starts: the depth-1 iteration is
    # always finished (its values come from the evaluation alone), deeper ones not.
    glance = {("trap",): (5.0, 0.0), ("solid",): (1.0, 1.0)}
    game = tree_game(ORDERED.TREE, 2, glance=glance, name="budget")
    assert SearchAgent(glance_for, depth=2).choose(game(2, 0, {})) == "solid"
    assert SearchAgent(glance_for, depth=2, time_limit=0.0).choose(game(2, 0, {})) == "trap"


def test_a_single_legal_action_is_played_and_none_refused():
    only = tree_game([0, {"only": (1.0, 0.0)}], 2, name="only")
    assert SearchAgent(glance_for).choose(only(2, 0, {})) == "only"
    over = only(2, 0, {})
    over.apply("only")
    with pytest.raises(ValueError):
        SearchAgent(glance_for).choose(over)
    with pytest.raises(ValueError):
        RandomAgent(1).choose(over)


def test_the_random_agent_reaches_every_legal_action_and_repeats_by_seed():
    state = tree_game([0, {a: (1.0,) for a in "abcdef"}], 1, name="six")(1, 0, {})
    seen = {RandomAgent(seed).choose(state) for seed in range(200)}
    assert seen == set("abcdef")
    assert [RandomAgent(5).choose(state) for _ in range(3)] == [RandomAgent(5).choose(state)] * 3
    agent = RandomAgent(9)
    assert len({agent.choose(state) for _ in range(200)}) == 6


def test_play_game_plays_to_the_end_with_one_agent_per_seat():
    state = REPLY(2, 0, {})
    seen = []
    play_game(state, [SearchAgent(glance_for, depth=2), SearchAgent(glance_for, depth=2)],
              on_action=lambda s, a: seen.append((len(s.history), a)))
    assert state.is_terminal() and state.history == ["safe", "tie"]
    assert seen == [(1, "safe"), (2, "tie")]
    with pytest.raises(ValueError):
        play_game(REPLY(2, 0, {}), [RandomAgent(0)])


def test_the_real_state_is_never_changed_by_a_search():
    state = REPLY(2, 0, {})
    SearchAgent(glance_for, depth=3, samples=2, noise=0.1, seed=Rng(4).randrange(100)).choose(state)
    assert state.history == [] and state.node is REPLY.TREE
