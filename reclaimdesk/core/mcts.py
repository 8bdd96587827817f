"""Monte Carlo tree search for games of any number of seats (Qt-free).

Alpha-beta (:class:`reclaimdesk.core.agents.SearchAgent`) treats every other seat
as one enemy minimising the searcher's value. With three or more players that is
wrong: each opponent plays for itself. This search keeps, at every node, a *vector*
of values, one per seat, and lets the seat to move at a node choose the child that
is best for that seat ("max-n" backups). It works for one seat, two, or five.

How one iteration runs:

1. **World.** If the game hides anything (it overrides
   :meth:`GameState.determinize`), the root is resampled from the searching seat's
   point of view; otherwise the root is cloned. The tree is keyed by actions, so one
   tree collects statistics over many sampled worlds (information-set MCTS): at each
   node only the children legal in the current world take part, and a child's
   exploration term counts how often it *was available* rather than the parent's
   visits. A game with no hidden information gets plain MCTS.
2. **Selection.** From the root, while every legal action of a node has a child,
   the seat to move picks the child maximising ``Q[seat] + c * sqrt(ln(n) / n_child)``
   (UCT), or with ``priors`` ``Q[seat] + c * P * sqrt(n) / (1 + n_child)`` (PUCT).
3. **Expansion.** The first legal action without a child (in ``order``'s order, best
   first) becomes a child. With ``widening`` only the first
   ``ceil(k * visits ** alpha)`` actions in that order are ever considered at a node,
   so a good move ordering focuses the search.
4. **Rollout.** From the new node, up to ``rollout_depth`` actions are played by
   ``rollout_policy`` (uniformly random by default); ``None`` plays to the end.
5. **Value.** A finished game is valued by ``terminal_value`` (by default the
   winners share 1, the others get 0); a cut-off rollout by ``evaluate``, which must
   return one value per seat on the same scale (about 0 to 1, higher is better).
6. **Backup.** The value vector is added to every node on the path.

Budgets: ``iterations`` (the budget) and ``time_limit`` (seconds); whichever comes
first ends the search (at least one iteration always runs). AI players count their
budget in iterations, so the same seed gives the same choice on any machine, loaded
or idle, and keep the clock only as a safety cap: when it stops a search before its
iterations are done, a warning naming the game, the level and the iterations done
is logged (``reclaimdesk.ai``; :attr:`SearchResult.capped` says so too). The move played is the most visited root child
(ties broken by mean value for the seat, then by ``order``).

The search only ever calls the public read-only API (``current_player``,
``legal_actions``, ``is_terminal``, ``scores``, ``winners``, ``clone``,
``determinize``) and ``apply`` on its own copies, so the real state is never changed.

>>> from reclaimdesk.core.mcts import MCTS
>>> MCTS(iterations=50, seed=1).iterations
50
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from reclaimdesk.core.agents import game_label, warn_capped
from reclaimdesk.core.game import GameState
from reclaimdesk.core.rng import Rng

ValueVector = Sequence[float]
Evaluate = Callable[[GameState], ValueVector]
"""``evaluate(state)``: one value per seat for an unfinished position (0..1 scale)."""
Order = Callable[[GameState, Sequence[Hashable]], Sequence[Hashable]]
"""``order(state, actions)``: the actions best first (used for expansion and widening)."""
Priors = Callable[[GameState, Sequence[Hashable]], Sequence[float]]
"""``priors(state, actions)``: a non-negative weight per action (normalised here)."""
RolloutPolicy = Callable[[GameState, Sequence[Hashable], Rng], Hashable]
"""``policy(state, actions, rng)``: the action a rollout plays."""


def shared_win_values(state: GameState) -> list[float]:
    """Terminal values: the winners share 1 equally, everyone else gets 0."""
    winners = state.winners()
    values = [0.0] * state.num_players
    for w in winners:
        values[w] = 1.0 / len(winners)
    return values


def _has_hidden_information(state: GameState) -> bool:
    return type(state).determinize is not GameState.determinize


class _Node:
    __slots__ = ("action", "player", "parent", "children", "visits", "available",
                 "totals", "prior", "priors", "legal")

    def __init__(self, action: Hashable, parent: "_Node | None", num_players: int) -> None:
        self.action = action
        self.parent = parent
        self.player = -1
        """Seat to move at this node (set on the first visit)."""
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 0
        """How many times this node's action was legal when its parent was selected."""
        self.totals = [0.0] * num_players
        self.prior = 1.0
        """This node's share of its parent's priors (PUCT)."""
        self.priors: dict[Hashable, float] | None = None
        """Normalised priors of this node's actions (PUCT)."""
        self.legal: list[Hashable] | None = None
        """Ordered legal actions, cached when the game hides nothing."""


@dataclass(frozen=True)
class RootStat:
    """What the search learnt about one root action."""

    action: Hashable
    visits: int
    value: float
    """Mean value for the searching seat."""


@dataclass(frozen=True)
class SearchResult:
    action: Hashable
    iterations: int
    seconds: float
    stats: tuple[RootStat, ...]
    """Root actions, most visited first."""
    capped: bool = False
    """The clock stopped the search before its iteration budget was spent."""


class MCTS:
    """A reusable search configuration; :meth:`search` runs one search.

    See the module documentation for what each parameter does.
    """

    def __init__(
        self,
        *,
        iterations: int | None = 1000,
        time_limit: float | None = None,
        exploration: float = 0.7,
        evaluate: Evaluate | None = None,
        rollout_depth: int | None = None,
        rollout_policy: RolloutPolicy | None = None,
        terminal_value: Callable[[GameState], ValueVector] = shared_win_values,
        order: Order | None = None,
        priors: Priors | None = None,
        widening: tuple[float, float] | None = None,
        seed: int = 0,
        label: str = "",
    ) -> None:
        if iterations is None and time_limit is None:
            raise ValueError("MCTS needs an iteration cap, a time limit, or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if rollout_depth is not None and rollout_depth > 0 and evaluate is None:
            raise ValueError("a rollout cut-off needs an evaluation function")
        if rollout_depth == 0 and evaluate is None:
            raise ValueError("rollout_depth 0 needs an evaluation function")
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.evaluate = evaluate
        self.rollout_depth = rollout_depth
        self.rollout_policy = rollout_policy
        self.terminal_value = terminal_value
        self.order = order
        self.priors = priors
        self.widening = widening
        self.rng = Rng(seed)
        self.label = label
        """``"<game> <level>"`` for the log line when the clock cuts a search short."""
        self.stop: Callable[[], bool] | None = None
        """Asked after each iteration; True ends the search there: a budget of the
        caller's own counted in deterministic units (such as the work its
        ``evaluate`` did), so it stops at the same iteration on any machine."""

    # --- public ------------------------------------------------------------
    def choose(self, state: GameState) -> Hashable:
        return self.search(state).action

    def search(self, state: GameState) -> SearchResult:
        """Search from ``state`` (left unchanged) for the seat to move."""
        if state.is_terminal():
            raise ValueError("the game is over: there is nothing to search")
        me = state.current_player
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action to choose from")
        start = time.perf_counter()
        if len(actions) == 1:
            stat = RootStat(actions[0], 0, 0.0)
            return SearchResult(actions[0], 0, time.perf_counter() - start, (stat,))
        hidden = _has_hidden_information(state)
        n = state.num_players
        root = _Node(None, None, n)
        deadline = math.inf if self.time_limit is None else start + self.time_limit
        cap = self.iterations if self.iterations is not None else math.inf
        done = 0
        capped = False
        while done < cap:
            world = state.determinize(me, self.rng) if hidden else state.clone()
            self._iterate(root, world, hidden, n)
            done += 1
            if self.stop is not None and self.stop():
                break
            if time.perf_counter() >= deadline:
                capped = done < cap and self.iterations is not None
                break
        if capped:
            game, _, level = (self.label or game_label(state)).partition(" ")
            warn_capped(game, level or "search", time.perf_counter() - start, done, self.iterations,
                        "iterations")
        root_order = self._ordered(state, actions)
        rank = {a: i for i, a in enumerate(root_order)}
        stats = []
        for a in actions:
            child = root.children.get(a)
            if child is None or child.visits == 0:
                stats.append(RootStat(a, 0, 0.0))
            else:
                stats.append(RootStat(a, child.visits, child.totals[me] / child.visits))
        stats.sort(key=lambda s: (-s.visits, -s.value, rank.get(s.action, len(rank))))
        return SearchResult(stats[0].action, done, time.perf_counter() - start, tuple(stats), capped)

    # --- one iteration -----------------------------------------------------
    def _iterate(self, root: _Node, world: GameState, hidden: bool, n: int) -> None:
        node = root
        path = [root]
        while not world.is_terminal():
            node.player = world.current_player
            legal = self._legal(node, world, hidden)
            if self.widening is not None:
                k, alpha = self.widening
                allowed = max(1, math.ceil(k * (node.visits + 1) ** alpha))
                legal = legal[:allowed]
            untried = None
            for a in legal:
                if a not in node.children:
                    untried = a
                    break
            if untried is not None:
                child = _Node(untried, node, n)
                if self.priors is not None:
                    child.prior = self._prior(node, world, legal, untried)
                for a in legal:
                    existing = node.children.get(a)
                    if existing is not None:
                        existing.available += 1
                child.available = 1
                node.children[untried] = child
                world.apply(untried)
                node = child
                path.append(node)
                break
            node = self._select(node, legal)
            world.apply(node.action)
            path.append(node)
        values = self._value(world)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i in range(n):
                totals[i] += values[i]

    def _legal(self, node: _Node, world: GameState, hidden: bool) -> list[Hashable]:
        if not hidden and node.legal is not None:
            return node.legal
        legal = self._ordered(world, world.legal_actions())
        if not hidden:
            node.legal = legal
        return legal

    def _ordered(self, state: GameState, actions: Sequence[Hashable]) -> list[Hashable]:
        return list(self.order(state, actions)) if self.order is not None else list(actions)

    def _prior(self, node: _Node, world: GameState, legal: list[Hashable], action: Hashable) -> float:
        """``action``'s normalised prior at ``node`` (computed once per node, and
        again for actions first seen in another sampled world)."""
        if node.priors is None or action not in node.priors:
            weights = [max(0.0, float(w)) for w in self.priors(world, legal)]  # type: ignore[misc]
            total = sum(weights)
            if total <= 0:
                weights, total = [1.0] * len(legal), float(len(legal))
            fresh = {a: w / total for a, w in zip(legal, weights)}
            if node.priors is None:
                node.priors = fresh
            else:
                for a, w in fresh.items():
                    node.priors.setdefault(a, w)
        return node.priors.get(action, 1.0 / max(1, len(legal)))

    def _select(self, node: _Node, legal: list[Hashable]) -> _Node:
        seat = node.player
        c = self.exploration
        best: _Node | None = None
        best_score = -math.inf
        if self.priors is not None:
            sqrt_n = math.sqrt(max(1, node.visits))
            for a in legal:
                child = node.children[a]
                child.available += 1
                q = child.totals[seat] / child.visits if child.visits else 0.0
                score = q + c * child.prior * sqrt_n / (1 + child.visits)
                if score > best_score:
                    best, best_score = child, score
        else:
            for a in legal:
                child = node.children[a]
                child.available += 1
                if child.visits == 0:
                    score = math.inf
                else:
                    score = child.totals[seat] / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                if score > best_score:
                    best, best_score = child, score
        assert best is not None
        return best

    def _value(self, world: GameState) -> ValueVector:
        depth = 0
        limit = math.inf if self.rollout_depth is None else self.rollout_depth
        while not world.is_terminal() and depth < limit:
            actions = world.legal_actions()
            if self.rollout_policy is not None:
                action = self.rollout_policy(world, actions, self.rng)
            else:
                action = actions[self.rng.randrange(len(actions))]
            world.apply(action)
            depth += 1
        if world.is_terminal():
            return self.terminal_value(world)
        assert self.evaluate is not None
        return self.evaluate(world)


class MCTSAgent:
    """An AI player that runs :class:`MCTS` for every decision.

    ``search`` holds the configuration; ``level`` is reported to the app.
    """

    def __init__(self, search: MCTS, level: str = "hard") -> None:
        self.search = search
        self.level = level
        self.last: SearchResult | None = None

    def choose(self, state: GameState) -> Hashable:
        self.last = self.search.search(state)
        return self.last.action
