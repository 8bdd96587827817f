"""AI players.

An agent is anything with ``choose(state) -> action``. Agents see the real state
object only to read what every player can see; anything hidden is read from copies
made by :meth:`GameState.determinize`, which resample the hidden parts.

Generic agents live here: :class:`RandomAgent`, and :class:`SearchAgent`, a depth-
limited alpha-beta search (max for the searching seat, min for everyone else) into
which a game plugs its own evaluation and move ordering.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Protocol

from reclaimdesk.core.game import GameState
from reclaimdesk.core.rng import Rng

WIN = 5e5
"""Values beyond this are decided games (see ``SearchAgent._terminal_value``)."""

SAFETY_SECONDS = 3.0
"""The clock's only job in a search: a decision stops after this many seconds
whatever its budget (and says so in the log). Budgets are counted in nodes or
iterations, calibrated to take at most about 0.5 s on an idle machine, so the
cap bites only on a machine several times slower or busier."""

log = logging.getLogger("reclaimdesk.ai")


def safety_seconds() -> float:
    """:data:`SAFETY_SECONDS` as it stands when an AI player is made (a test that
    loads the machine on purpose raises it, to see what the budgets alone decide)."""
    return SAFETY_SECONDS


def game_label(state: object) -> str:
    """The game id of ``state`` for log lines (its class name for a search-only view)."""
    spec = getattr(type(state), "spec", None)
    return getattr(spec, "id", None) or type(state).__name__


def warn_capped(game: str, level: str, seconds: float, done: int, budget: int | None, unit: str) -> None:
    """The one warning a search logs when the clock, not its budget, stopped it:
    the decision then depends on the machine's speed and load."""
    log.warning("%s %s: the %.2f s safety cap stopped the search after %d of %s %s",
                game, level, seconds, done, "?" if budget is None else budget, unit)

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

    Iterative deepening, one ply at a time up to ``depth`` plies; leaves are scored
    with ``evaluate``. ``max_nodes`` is the budget: positions visited per sampled
    world (a deeper iteration that would exceed it is dropped, and the previous
    one's ranking is played), so the same seed gives the same choice on any
    machine. ``time_limit`` (seconds) is only a safety cap: when the clock rather
    than the budget stops a search, a warning is logged (``reclaimdesk.ai``). A finished
    game is scored by its result, far above any evaluation. With ``samples`` > 1
    the search runs on that many determinized copies and sums the values, so hidden
    information is only ever sampled, never read. ``max_branch`` keeps the best few
    actions (by ``order``) at inner nodes; ``root_branch`` keeps, after the first
    iteration (one ply), only that many of the best root actions for the deeper
    ones, so the budget goes into depth. ``noise`` adds a small random term to
    the root values so that equal moves vary between games.
    """

    def __init__(
        self,
        evaluate: Evaluate,
        *,
        level: str = "normal",
        depth: int = 2,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        samples: int = 1,
        max_branch: int | None = None,
        root_branch: int | None = None,
        order: Callable[[GameState, Sequence[Hashable]], list[Hashable]] | None = None,
        noise: float = 0.0,
        seed: int = 0,
    ) -> None:
        self.evaluate = evaluate
        self.level = level
        self.depth = depth
        if max_nodes is not None and max_nodes < 1:
            raise ValueError("max_nodes must be at least 1")
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.samples = max(1, samples)
        self.max_branch = max_branch
        self.root_branch = root_branch
        self.order = order
        self.noise = noise
        self.rng = Rng(seed)
        self._deadline = math.inf
        self._nodes = 0
        self._node_cap: float = math.inf
        self._timed_out = False
        self.last_nodes = 0
        """Positions visited by the last decision (all samples)."""
        self.last_depth = 0
        """Deepest iteration completed by the last decision (the last sample's; a
        fraction when the budget ended an iteration part of the way)."""

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
        self._node_cap = math.inf if self.max_nodes is None else self.max_nodes
        self._timed_out = False
        self.last_nodes = 0
        # Several samples add their values up, so every root action needs an exact
        # value (a full window). With one sample, alpha-beta at the root: values
        # after the first are only bounds, so without noise the choice is the first
        # action in search order that reached the best value (its value is exact),
        # never one that merely ties with it on a bound; with noise the window
        # opens ``noise`` below the best so far, so every action that the noise
        # could still make the choice gets an exact value and the others (bounds
        # more than ``noise`` below the best) can never win the draw.
        exact = self.samples > 1
        totals: dict[Hashable, float] = {}
        order: list[Hashable] = []
        for _ in range(self.samples):
            world = state.determinize(me, self.rng)
            self._nodes = 0
            ranked = self._ranked_root(world, me, exact)
            self.last_nodes += self._nodes
            for a, v in ranked:
                if a not in totals:
                    order.append(a)
                    totals[a] = 0.0
                totals[a] += v
        if self._timed_out:
            warn_capped(game_label(state), self.level, time.perf_counter() - start, self.last_nodes,
                        self.max_nodes, "nodes")
        if self.noise:
            return max(order, key=lambda a: totals[a] + self.rng.random() * self.noise)
        best = max(totals.values())
        return next(a for a in order if totals[a] == best)

    # --- search ------------------------------------------------------------
    def _ranked_root(self, state: GameState, me: int, exact: bool) -> list[tuple[Hashable, float]]:
        """``(action, value)`` in the search order of the deepest iteration that
        finished (iterative deepening: each iteration searches the previous best
        line first). With one sample, an iteration that the budget cut short still
        counts for the root actions it finished, provided it finished the
        previous best one (searched first, so the others were measured against it)."""
        actions = self._ordered(state, state.legal_actions())
        ranked: list[tuple[Hashable, float]] = []
        self.last_depth = 0
        window = self.noise if not exact else 0.0
        for depth in range(1, self.depth + 1):
            layer: list[tuple[Hashable, float]] = []
            alpha = -math.inf
            cut = False
            for a in actions:
                if depth > 1 and self._stopped():
                    cut = True
                    break
                child = state.child(a)
                self._nodes += 1
                v = self._alphabeta(child, me, depth - 1, -math.inf if exact else alpha - window, math.inf)
                if depth > 1 and self._stopped():
                    cut = True  # this action's deeper nodes were cut short
                    break
                layer.append((a, v))
                alpha = max(alpha, v)
            if cut:
                if layer and not exact:
                    self.last_depth = depth - 1 + len(layer) / len(actions)
                    return layer
                return ranked
            ranked = layer
            self.last_depth = depth
            positions = sorted(range(len(layer)), key=lambda k: -layer[k][1])  # stable on ties
            actions = [layer[k][0] for k in positions]
            if self.root_branch is not None:
                actions = actions[: self.root_branch]
            if self._settled(layer[positions[0]][1]):
                break  # a forced result is known
        return ranked

    def _settled(self, value: float) -> bool:
        """Whether the best root value of an iteration ends the iterative deepening:
        a forced result is known. (A game's agent may search on for a later win.)"""
        return abs(value) > WIN

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
        if depth <= 0 or self._stopped():
            return self.evaluate(state, me)
        actions = self._ordered(state, state.legal_actions())
        if self.max_branch is not None:
            actions = actions[: self.max_branch]
        maximizing = state.current_player == me
        if maximizing:
            value = -math.inf
            for a in actions:
                child = state.child(a)
                self._nodes += 1
                value = max(value, self._alphabeta(child, me, depth - 1, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta or self._nodes >= self._node_cap:
                    break  # a cut, or a spent budget (the root drops the unfinished action)
            return value
        value = math.inf
        for a in actions:
            child = state.child(a)
            self._nodes += 1
            value = min(value, self._alphabeta(child, me, depth - 1, alpha, beta))
            beta = min(beta, value)
            if alpha >= beta or self._nodes >= self._node_cap:
                break
        return value

    def _stopped(self) -> bool:
        """Whether the budget is spent (or, as a safety cap, the clock ran out)."""
        if self._nodes >= self._node_cap:
            return True
        if time.perf_counter() > self._deadline:
            self._timed_out = True
            return True
        return False

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
