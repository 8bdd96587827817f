"""Tiny games for the core's tests, written out in full so the right answer is known.

- :func:`tree_game`: a fixed game tree. An inner node is ``[seat, {action: subtree}]``
  (actions in the order given are the legal order), a leaf is a tuple of final
  scores, one per seat (the best score wins; equal best scores share the win).
  ``glance`` values unfinished positions for the searches' evaluations.
- :class:`Race`: a registered toy game with options of every kind and a data
  version, for records, replay and options.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from reclaimdesk.core.errors import NotationError
from reclaimdesk.core.game import TERMINAL, GameSpec, GameState


class TreeGame(GameState):
    """A fixed game tree: inner nodes are ``[seat, {action: subtree}]``, leaves are
    payoff tuples (one value per seat)."""

    TREE: object = None
    GLANCE: Mapping[tuple, tuple[float, ...]] = {}
    """What an evaluation thinks of an unfinished position, keyed by the actions so far."""

    def __init__(self, num_players: int, seed: int, options) -> None:
        super().__init__(num_players, seed, options)
        self.node = self.TREE

    @property
    def current_player(self) -> int:
        return self.node[0] if isinstance(self.node, list) else TERMINAL

    def legal_actions(self):
        return list(self.node[1]) if isinstance(self.node, list) else []

    def _apply(self, action) -> None:
        self.node = self.node[1][action]

    def scores(self):
        return list(self.node) if isinstance(self.node, tuple) else [0.0] * self.num_players

    def parse_action(self, text):
        return text

    def state_key(self):
        return tuple(self.history)

    def glance(self) -> tuple[float, ...]:
        return tuple(self.GLANCE.get(tuple(self.history), (0.0,) * self.num_players))


def tree_game(tree: object, players: int, glance: Mapping[tuple, tuple[float, ...]] | None = None,
              name: str = "tree") -> type[TreeGame]:
    """A :class:`TreeGame` class playing ``tree`` with ``players`` seats."""
    cls = type(f"Tree_{name}", (TreeGame,), {"TREE": tree, "GLANCE": dict(glance or {})})
    cls.spec = GameSpec(f"toy-{name}", name, players, players, (-100.0, 100.0), 20, cls)
    return cls


def glance_for(state: TreeGame, seat: int) -> float:
    """An alpha-beta evaluation: the glance (or the running score) for ``seat``."""
    if state.is_terminal():
        return state.scores()[seat]
    return state.glance()[seat]


def solve_max_n(state: GameState) -> list[float]:
    """Exact max-n value vector of ``state`` (each seat picks its best child; on a tie
    the first in legal order)."""
    if state.is_terminal():
        return [float(v) for v in state.scores()]
    me = state.current_player
    best: list[float] | None = None
    for a in state.legal_actions():
        v = solve_max_n(state.child(a))
        if best is None or v[me] > best[me]:
            best = v
    assert best is not None
    return best


def solve_paranoid(state: GameState, me: int) -> float:
    """Exact minimax value of ``state`` for ``me`` against everyone else, with the
    terminal value alpha-beta uses (a sole win far above, a shared win worth the
    margin, a loss far below)."""
    if state.is_terminal():
        from reclaimdesk.core.agents import SearchAgent

        return SearchAgent._terminal_value(state, me)
    values = [solve_paranoid(state.child(a), me) for a in state.legal_actions()]
    return max(values) if state.current_player == me else min(values)


# --- a registered toy game --------------------------------------------------------------------------
RACE_ID = "core-toy-race"


class Race(GameState):
    """Seats take turns adding 1 or 2 to a running total; whoever brings it to the
    ``target`` (or past it) scores 1. Each seat's additions are its running score
    otherwise. Actions are written ``+1`` and ``+2``."""

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.total = 0
        self.turn = 0
        self.added = [0] * num_players
        self.winner = -1

    @property
    def current_player(self) -> int:
        return TERMINAL if self.winner >= 0 else self.turn % self.num_players

    def legal_actions(self) -> list[Hashable]:
        return [] if self.winner >= 0 else [1, 2]

    def _apply(self, action: Hashable) -> None:
        seat = self.current_player
        self.total += action  # type: ignore[operator]
        self.added[seat] += action  # type: ignore[operator]
        if self.total >= self.options["target"]:
            self.winner = seat
        self.turn += 1

    def scores(self) -> list[float]:
        if self.winner >= 0:
            return [1.0 if i == self.winner else 0.0 for i in range(self.num_players)]
        return [float(a) for a in self.added]

    def action_to_str(self, action: Hashable) -> str:
        return f"+{action}"

    def parse_action(self, text: str) -> Hashable:
        if text not in ("+1", "+2"):
            raise NotationError(f"'{text}' is not +1 or +2")
        return int(text[1:])

    def state_key(self) -> Hashable:
        return (self.total, self.turn, tuple(self.added), self.winner)

    def data_versions(self) -> dict[str, int]:
        return {"race-board": 2}


RACE_SPEC = GameSpec(
    RACE_ID, "Race", 1, 3, (0.0, 1.0), 12, Race,
    default_options={"target": 7, "label": "plain", "fast": False, "rounds": 1},
    option_choices={"target": (3, 5, 7, 9)},
)
Race.spec = RACE_SPEC
