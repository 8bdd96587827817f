"""AI players.

An agent is anything with ``choose(state) -> action``. Agents see the real state
object only to read what every player can see; anything hidden is read from copies
made by :meth:`GameState.determinize`, which resample the hidden parts.

Generic agents live here: :class:`RandomAgent`, and :class:`SearchAgent`, a depth-
limited alpha-beta search (max for the searching seat, min for everyone else) into
which a game plugs its own evaluation and move ordering.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Protocol

from reclaimdesk.core.game import GameState
from reclaimdesk.core.rng import Rng

WIN = 5e5
"""Values beyond this are decided games (see ``SearchAgent._terminal_value``)."""

Evaluate = Callable[[GameState, int], float]
"""``evaluate(state, seat)``: how good ``state`` is for ``seat`` (higher is better)."""


class Agent(Protocol):
    level: str

    def choose(self, state: GameState) -> Hashable: ...


class RandomAgent:
    """Picks uniformly among the legal actions."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState) -> Hashable:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(actions)


class SearchAgent:
    """Alpha-beta search over atomic actions.

    ``depth`` plies are searched in full (or until ``time_limit`` seconds run out,
    deepening one ply at a time); leaves are scored with ``evaluate``. A finished
    game is scored by its result, far above any evaluation. With ``samples`` > 1
    the search runs on that many determinized copies and sums the values, so hidden
    information is only ever sampled, never read. ``max_branch`` keeps the best few
    actions (by ``order``) at inner nodes. ``noise`` adds a small random term to
    the root values so that equal moves vary between games.
    """

    def __init__(
        self,
        evaluate: Evaluate,
        *,
        level: str = "normal",
        depth: int = 2,
        time_limit: float | None = None,
        samples: int = 1,
        max_branch: int | None = None,
        order: Callable[[GameState, Sequence[Hashable]], list[Hashable]] | None = None,
        noise: float = 0.0,
        seed: int = 0,
    ) -> None:
        self.evaluate = evaluate
        self.level = level
        self.depth = depth
        self.time_limit = time_limit
        self.samples = max(1, samples)
        self.max_branch = max_branch
        self.order = order
        self.noise = noise
        self.rng = Rng(seed)
        self._deadline = math.inf

    # --- public ------------------------------------------------------------
    def choose(self, state: GameState) -> Hashable:
        me = state.current_player
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        start = time.perf_counter()
        self._deadline = math.inf if self.time_limit is None else start + self.time_limit
        # With noise or several samples, values are compared or added up, so every
        # root action needs an exact value (a full window). Otherwise alpha-beta at
        # the root: values after the first are only bounds, so the choice is the
        # first action in search order that reached the best value (its value is
        # exact), never one that merely ties with it on a bound.
        exact = bool(self.noise) or self.samples > 1
        totals: dict[Hashable, float] = {}
        order: list[Hashable] = []
        for _ in range(self.samples):
            world = state.determinize(me, self.rng)
            ranked = self._ranked_root(world, me, exact)
            for a, v in ranked:
                if a not in totals:
                    order.append(a)
                    totals[a] = 0.0
                totals[a] += v
        if self.noise:
            return max(order, key=lambda a: totals[a] + self.rng.random() * self.noise)
        best = max(totals.values())
        return next(a for a in order if totals[a] == best)

    # --- search ------------------------------------------------------------
    def _ranked_root(self, state: GameState, me: int, exact: bool) -> list[tuple[Hashable, float]]:
        """``(action, value)`` in the search order of the deepest iteration that
        finished (iterative deepening: each iteration searches the previous best
        line first)."""
        actions = self._ordered(state, state.legal_actions())
        ranked: list[tuple[Hashable, float]] = []
        for depth in range(1, self.depth + 1):
            layer: list[tuple[Hashable, float]] = []
            alpha = -math.inf
            for a in actions:
                if depth > 1 and time.perf_counter() > self._deadline:
                    return ranked
                child = state.child(a)
                v = self._alphabeta(child, me, depth - 1, -math.inf if exact else alpha, math.inf)
                layer.append((a, v))
                alpha = max(alpha, v)
            if depth > 1 and time.perf_counter() > self._deadline:
                return ranked  # this iteration's deeper nodes were cut short
            ranked = layer
            positions = sorted(range(len(layer)), key=lambda k: -layer[k][1])  # stable on ties
            actions = [layer[k][0] for k in positions]
            if abs(layer[positions[0]][1]) > WIN:
                break  # a forced result is known
        return ranked

    def _alphabeta(self, state: GameState, me: int, depth: int, alpha: float, beta: float) -> float:
        if state.is_terminal():
            # a win found with more depth left is a quicker win: worth a little more
            # (and a loss a little less), so the search takes the shortest win and
            # the longest defence
            value = self._terminal_value(state, me)
            if value > WIN:
                return value + depth
            if value < -WIN:
                return value - depth
            return value
        if depth <= 0 or time.perf_counter() > self._deadline:
            return self.evaluate(state, me)
        actions = self._ordered(state, state.legal_actions())
        if self.max_branch is not None:
            actions = actions[: self.max_branch]
        maximizing = state.current_player == me
        if maximizing:
            value = -math.inf
            for a in actions:
                child = state.child(a)
                value = max(value, self._alphabeta(child, me, depth - 1, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = math.inf
        for a in actions:
            child = state.child(a)
            value = min(value, self._alphabeta(child, me, depth - 1, alpha, beta))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def _ordered(self, state: GameState, actions: Sequence[Hashable]) -> list[Hashable]:
        return list(self.order(state, actions)) if self.order else list(actions)

    @staticmethod
    def _terminal_value(state: GameState, me: int) -> float:
        winners = state.winners()
        scores = state.scores()
        margin = scores[me] - max((s for i, s in enumerate(scores) if i != me), default=0.0)
        if me in winners:
            return 1e6 + margin if len(winners) == 1 else margin
        return -1e6 + margin


def play_game(
    state: GameState, agents: Sequence[Agent], on_action: Callable[[GameState, Hashable], None] | None = None
) -> GameState:
    """Let ``agents`` (one per seat) play ``state`` to the end, in place."""
    if len(agents) != state.num_players:
        raise ValueError(f"need {state.num_players} agents, got {len(agents)}")
    while not state.is_terminal():
        agent = agents[state.current_player]
        action = agent.choose(state)
        state.apply(action)
        if on_action is not None:
            on_action(state, action)
    return state
