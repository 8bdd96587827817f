"""The generic multi-seat Monte Carlo tree search (reclaimdesk.core.mcts) on tiny games
whose best play is known."""

from __future__ import annotations

import pytest

from reclaimdesk.core.game import TERMINAL, GameSpec, GameState
from reclaimdesk.core.mcts import MCTS, MCTSAgent, shared_win_values
from reclaimdesk.core.rng import Rng

from tests.core.toys import TreeGame, solve_max_n, tree_game


class MaxNGame(TreeGame):
    # Seat 0 chooses L or R. After L seat 1 chooses between (0.8, 0.7, 0) and
    # (0, 0.3, 0.7): playing for itself it takes the first, so L is worth 0.8 to
    # seat 0. After R everyone gets a flat 0.5/0.25/0.25. Max-n picks L; a
    # "paranoid" search (everyone against seat 0) would pick R.
    TREE = [0, {
        "L": [1, {"x": (0.8, 0.7, 0.0), "y": (0.0, 0.3, 0.7)}],
        "R": [1, {"z": (0.5, 0.25, 0.25)}],
    }]


MaxNGame.spec = GameSpec("max-n-tree", "Max-n tree", 3, 3, (0.0, 1.0), 3, MaxNGame)


class Pile(GameState):
    """Three seats take 1 or 2 tokens in turn; whoever takes the last token wins."""

    def __init__(self, num_players: int, seed: int, options) -> None:
        super().__init__(num_players, seed, options)
        self.left = int(self.options["tokens"])
        self.turn = 0
        self.winner = -1

    @property
    def current_player(self) -> int:
        return TERMINAL if self.left == 0 else self.turn % self.num_players

    def legal_actions(self):
        return [k for k in (1, 2) if k <= self.left] if self.left else []

    def _apply(self, action) -> None:
        self.left -= action
        if self.left == 0:
            self.winner = self.turn % self.num_players
        self.turn += 1

    def scores(self):
        return [1.0 if i == self.winner else 0.0 for i in range(self.num_players)]

    def parse_action(self, text):
        return int(text)

    def state_key(self):
        return (self.left, self.turn)


Pile.spec = GameSpec("pile", "Pile", 2, 5, (0.0, 1.0), 100, Pile, default_options={"tokens": 7})


class HiddenHand(GameState):
    """Seat 0 bets ``safe`` (0.5 for sure) or ``bold``; then seat 1 plays one of the
    two cards in its hidden hand, drawn from 1-4. ``bold`` wins for seat 0 unless
    seat 1 holds a 4 (then seat 1 wins). Seat 1's legal actions are its cards, so
    they differ between sampled worlds. Seat 0 cannot see the hand: a 4 is in it
    with probability 1/2, so ``bold`` is worth 0.5 and ``safe`` 0.5 as well; with
    only 1-3 possible ``bold`` is worth 1 (see ``deal``)."""

    def __init__(self, num_players: int, seed: int, options) -> None:
        super().__init__(num_players, seed, options)
        self.bet = ""
        self.played = 0
        self.hand = self.deal(Rng(seed))
        self.determinized = 0

    def deal(self, rng: Rng) -> tuple[int, int]:
        cards = [1, 2, 3] if self.options["no_fours"] else [1, 2, 3, 4]
        return tuple(sorted(rng.sample(cards, 2)))  # type: ignore[return-value]

    @property
    def current_player(self) -> int:
        if not self.bet:
            return 0
        return 1 if not self.played else TERMINAL

    def legal_actions(self):
        if not self.bet:
            return ["safe", "bold"]
        return [] if self.played else list(self.hand)

    def _apply(self, action) -> None:
        if not self.bet:
            self.bet = action
        else:
            self.played = action

    def scores(self):
        if self.bet == "safe":
            return [0.5, 0.5]
        return [0.0, 1.0] if 4 in self.hand else [1.0, 0.0]

    def determinize(self, observer: int, rng: Rng) -> "HiddenHand":
        self.determinized += 1
        copy = self.clone()
        if observer != 1:
            copy.hand = self.deal(rng)
        return copy

    def parse_action(self, text):
        return text if text in ("safe", "bold") else int(text)

    def state_key(self):
        return (self.bet, self.played, self.hand)


HiddenHand.spec = GameSpec(
    "hidden-hand", "Hidden hand", 2, 2, (0.0, 1.0), 2, HiddenHand, default_options={"no_fours": False}
)


def _payoffs(state: GameState):
    return state.scores()


def test_max_n_lets_each_seat_play_for_itself():
    game = MaxNGame(3, 0, {})
    result = MCTS(iterations=400, terminal_value=_payoffs, seed=3).search(game)
    assert result.action == "L"
    by_action = {s.action: s for s in result.stats}
    assert by_action["L"].value == pytest.approx(0.8, abs=0.1)
    assert by_action["R"].value == pytest.approx(0.5)
    assert result.iterations == 400


def test_the_second_seat_maximises_its_own_value():
    game = MaxNGame(3, 0, {})
    game.apply("L")
    assert MCTS(iterations=100, terminal_value=_payoffs, seed=1).choose(game) == "x"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_takes_an_immediate_win_with_any_number_of_seats(players):
    state = Pile(players, 0, {"tokens": 2})
    assert MCTS(iterations=60, seed=players).choose(state) == 2


def test_choices_agree_with_an_exact_max_n_solve():
    # Three seats taking 1 or 2 tokens: for each pile size the searched move must
    # be one that an exhaustive max-n solve values best for the mover.
    for tokens in range(1, 9):
        state = Pile(3, 0, {"tokens": tokens})
        expected = _solve_max_n(state)
        result = MCTS(iterations=1500, exploration=0.4, seed=tokens).search(state)
        best_value = max(expected[a][0] for a in expected)
        assert expected[result.action][0] == best_value, tokens


def _solve_max_n(state: Pile) -> dict[int, list[float]]:
    """Exact max-n values of each root action (ties: the first action)."""

    def value(s: Pile) -> list[float]:
        if s.is_terminal():
            return s.scores()
        me = s.current_player
        best = None
        for a in s.legal_actions():
            child = s.clone()
            child.apply(a)
            v = value(child)
            if best is None or v[me] > best[me]:
                best = v
        return best

    out = {}
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        out[a] = value(child)
    return out


def test_the_real_state_is_left_unchanged_and_seeds_repeat():
    state = Pile(3, 0, {"tokens": 7})
    before = state.clone()
    first = MCTS(iterations=200, seed=9).search(state)
    assert state == before and state.history == before.history
    again = MCTS(iterations=200, seed=9).search(state)
    assert first.action == again.action
    assert [s.visits for s in first.stats] == [s.visits for s in again.stats]
    assert sum(s.visits for s in first.stats) == 200


def test_a_time_budget_ends_the_search():
    # No iteration cap: only the time budget can end it (how long that took is the
    # machine's business, not the test's).
    state = Pile(3, 0, {"tokens": 30})
    result = MCTS(iterations=None, time_limit=0.05, seed=2).search(state)
    assert result.iterations >= 1
    assert result.action in state.legal_actions()
    assert sum(s.visits for s in result.stats) == result.iterations


def test_a_stop_of_the_callers_own_ends_the_search_where_it_says():
    state = Pile(3, 0, {"tokens": 30})
    search = MCTS(iterations=200, seed=2)
    asked = []
    search.stop = lambda: asked.append(1) or len(asked) >= 17
    result = search.search(state)
    assert result.iterations == 17 and len(asked) == 17 and not result.capped
    assert sum(s.visits for s in result.stats) == 17
    search.stop = lambda: False
    assert search.search(state).iterations == 200


def test_a_single_legal_action_is_returned_without_searching():
    state = Pile(3, 0, {"tokens": 1})
    result = MCTS(iterations=10).search(state)
    assert result.action == 1 and result.iterations == 0


def test_cut_off_rollouts_use_the_evaluation():
    calls = []

    def evaluate(state):
        calls.append(state.left)
        # pretend that leaving an even number of tokens is good for the mover's
        # predecessor: a made-up but deterministic signal
        return [1.0 if (state.left % 2 == 0 and i == (state.turn - 1) % 3) else 0.0 for i in range(3)]

    state = Pile(3, 0, {"tokens": 30})
    result = MCTS(iterations=100, rollout_depth=0, evaluate=evaluate, seed=1).search(state)
    assert calls and all(left < 30 for left in calls)
    assert result.action == 2  # leaves 28, an even number


def test_order_and_priors_steer_expansion_and_widening():
    state = Pile(3, 0, {"tokens": 30})
    search = MCTS(
        iterations=50, rollout_depth=0, evaluate=lambda s: [1 / 3] * 3,
        order=lambda s, actions: sorted(actions, reverse=True), widening=(1.0, 0.0), seed=1,
    )
    # with widening (1, 0) only the first action in order is ever tried
    result = search.search(state)
    assert result.action == 2
    assert {s.action: s.visits for s in result.stats}[1] == 0
    priors = MCTS(iterations=100, rollout_depth=0, evaluate=lambda s: [1 / 3] * 3,
                  priors=lambda s, actions: [0.9 if a == 1 else 0.1 for a in actions], seed=1)
    visits = {s.action: s.visits for s in priors.search(state).stats}
    assert visits[1] > visits[2]


def test_hidden_information_is_sampled_never_read():
    # The real hand differs between the two states; the search must not notice.
    a = HiddenHand(2, 0, {})
    b = HiddenHand(2, 0, {})
    b.hand = (1, 4) if a.hand != (1, 4) else (2, 3)
    ra = MCTS(iterations=300, seed=5).search(a)
    rb = MCTS(iterations=300, seed=5).search(b)
    assert [(s.action, s.visits) for s in ra.stats] == [(s.action, s.visits) for s in rb.stats]
    assert a.determinized == 300
    # Without fours in the deck, bold is a sure win: the search finds it while
    # seat 1's legal actions (its cards) differ from world to world.
    sure = HiddenHand(2, 0, {"no_fours": True})
    assert MCTS(iterations=200, seed=5).choose(sure) == "bold"


def test_agent_wrapper_and_bad_budgets():
    agent = MCTSAgent(MCTS(iterations=30, seed=1), level="hard")
    state = Pile(3, 0, {"tokens": 2})
    assert agent.choose(state) == 2 and agent.last is not None and agent.level == "hard"
    with pytest.raises(ValueError):
        MCTS(iterations=None, time_limit=None)
    with pytest.raises(ValueError):
        MCTS(iterations=10, rollout_depth=3)
    finished = Pile(3, 0, {"tokens": 1})
    finished.apply(1)
    with pytest.raises(ValueError):
        MCTS(iterations=10).search(finished)
    assert shared_win_values(finished) == [1.0, 0.0, 0.0]


# --- max-n backups where the seats want different things -----------------------------------------

# Seat 0 picks L or R. After L, seat 1 picks a or b; after a, seat 2 picks p or q.
# Playing for itself seat 2 takes q (0.9), which leaves seat 1 with 0.0 after a,
# so seat 1 takes b (0.3), and L is worth 0.4 to seat 0: less than R's 0.6.
# Were any seat to choose for seat 0 (a shared "seat 0" value), L would be worth 0.8.
CONFLICT = tree_game([0, {
    "L": [1, {"a": [2, {"p": (0.2, 0.9, 0.1), "q": (0.8, 0.0, 0.9)}],
              "b": (0.4, 0.3, 0.2)}],
    "R": [1, {"c": (0.6, 0.2, 0.2), "d": (0.6, 0.1, 0.3)}],
}], 3, name="conflict")


def uniform_priors(state, actions):
    return [1.0] * len(actions)


@pytest.mark.parametrize("priors", [None, uniform_priors], ids=["uct", "puct"])
def test_each_seat_picks_what_is_best_for_itself(priors):
    assert solve_max_n(CONFLICT(3, 0, {})) == [0.6, 0.2, 0.2]
    result = MCTS(iterations=3000, terminal_value=_payoffs, priors=priors, seed=4).search(CONFLICT(3, 0, {}))
    assert result.action == "R"
    values = {s.action: s.value for s in result.stats}
    assert values["R"] == pytest.approx(0.6, abs=0.02)
    assert values["L"] < 0.6
    # and from the positions further down, each seat's own choice
    at_l = CONFLICT(3, 0, {})
    at_l.apply("L")
    assert MCTS(iterations=2000, terminal_value=_payoffs, priors=priors, seed=5).choose(at_l) == "b"
    at_a = CONFLICT(3, 0, {})
    at_a.apply("L")
    at_a.apply("a")
    assert MCTS(iterations=300, terminal_value=_payoffs, priors=priors, seed=6).choose(at_a) == "q"


def test_root_statistics_are_the_searching_seats_values():
    # Seat 1 searches: the values reported are its own (0.9 for x), not seat 0's.
    game = tree_game([1, {"x": (0.1, 0.9), "y": (0.8, 0.2)}], 2, name="stats")
    result = MCTS(iterations=200, terminal_value=_payoffs, seed=2).search(game(2, 0, {}))
    values = {s.action: s.value for s in result.stats}
    assert result.action == "x"
    assert values["x"] == pytest.approx(0.9) and values["y"] == pytest.approx(0.2)
    assert [s.action for s in result.stats] == ["x", "y"]  # most visited first


def test_a_shared_win_is_shared():
    def finished(scores):
        return tree_game(tuple(scores), len(scores), name="end")(len(scores), 0, {})

    assert shared_win_values(finished((3.0, 3.0, 1.0))) == [0.5, 0.5, 0.0]
    assert shared_win_values(finished((2.0, 2.0, 2.0, 2.0))) == [0.25] * 4
    assert shared_win_values(finished((1.0, 4.0))) == [0.0, 1.0]
    # by default a seat prefers winning alone to sharing
    game = tree_game([0, {"share": (2.0, 2.0), "alone": (3.0, 1.0)}], 2, name="alone")
    assert MCTS(iterations=100, seed=1).choose(game(2, 0, {})) == "alone"


@pytest.mark.parametrize("depth", [0, 1, 2, 5])
def test_a_rollout_cut_off_plays_exactly_that_many_actions(depth):
    # One iteration per root action: the expansion plays one action, the rollout
    # ``depth`` more, then the evaluation sees the position.
    seen = []

    def evaluate(state):
        seen.append(len(state.history))
        return [1 / 3] * 3

    state = Pile(3, 0, {"tokens": 40})
    MCTS(iterations=2, rollout_depth=depth, evaluate=evaluate, seed=1).search(state)
    assert seen == [1 + depth, 1 + depth]


def test_rollouts_to_the_end_use_the_terminal_value():
    ends = []

    def terminal(state):
        ends.append(state.is_terminal())
        return shared_win_values(state)

    MCTS(iterations=20, terminal_value=terminal, seed=3).search(Pile(2, 0, {"tokens": 9}))
    assert len(ends) == 20 and all(ends)
