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
        totals = {a: 0.0 for a in actions}
        for _ in range(self.samples):
            world = state.determinize(me, self.rng)
            values = self._root_values(world, me)
            for a, v in values.items():
                totals[a] += v
        best_value = max(totals.values())
        if self.noise:
            scored = [(totals[a] + self.rng.random() * self.noise, i, a) for i, a in enumerate(actions)]
            return max(scored, key=lambda t: (t[0], -t[1]))[2]
        return next(a for a in actions if totals[a] == best_value)

    # --- search ------------------------------------------------------------
    def _root_values(self, state: GameState, me: int) -> dict[Hashable, float]:
        actions = self._ordered(state, state.legal_actions())
        values: dict[Hashable, float] = {a: -math.inf for a in actions}
        for depth in range(1, self.depth + 1):
            layer: dict[Hashable, float] = {}
            alpha = -math.inf
            completed = True
            for a in actions:
                if time.perf_counter() > self._deadline and depth > 1:
                    completed = False
                    break
                child = state.clone()
                child._apply(a)
                child.history.append(a)
                v = self._alphabeta(child, me, depth - 1, alpha, math.inf)
                layer[a] = v
                alpha = max(alpha, v)
            if completed or not values or depth == 1:
                values.update(layer)
            if not completed:
                break
            # search the best line first at the next depth
            actions = sorted(actions, key=lambda a: -values[a])
        return values

    def _alphabeta(self, state: GameState, me: int, depth: int, alpha: float, beta: float) -> float:
        if state.is_terminal():
            return self._terminal_value(state, me)
        if depth <= 0 or time.perf_counter() > self._deadline:
            return self.evaluate(state, me)
        actions = self._ordered(state, state.legal_actions())
        if self.max_branch is not None:
            actions = actions[: self.max_branch]
        maximizing = state.current_player == me
        if maximizing:
            value = -math.inf
            for a in actions:
                child = state.clone()
                child._apply(a)
                child.history.append(a)
                value = max(value, self._alphabeta(child, me, depth - 1, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = math.inf
        for a in actions:
            child = state.clone()
            child._apply(a)
            child.history.append(a)
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
