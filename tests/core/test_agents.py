"""The core search agent on a tiny explicit game tree."""

from reclaimdesk.core.agents import SearchAgent
from reclaimdesk.core.game import TERMINAL, GameSpec, GameState
from reclaimdesk.core.errors import NotationError

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
