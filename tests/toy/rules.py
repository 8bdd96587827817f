"""Toy Nim's rules: two players take one or two of seven tokens in turn; whoever
takes the last one wins. Everything the core asks of a game, nothing more."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.errors import NotationError
from reclaimdesk.core.game import TERMINAL, Credits, GameSpec, GameState

from tests.toy import TOY

TOKENS = 7


class ToyState(GameState):
    """Nim for two: take 1 or 2 of 7 tokens; whoever takes the last one wins.

    >>> s = SPEC.new_game(2, seed=1)
    >>> s.apply(2); s.apply(2); s.left, s.current_player
    (3, 0)
    """

    def __init__(self, num_players: int, seed: int, options: Any) -> None:
        super().__init__(num_players, seed, options)
        self.left = TOKENS
        self.to_move = 0
        self.winner: int | None = None
        self.taken: list[int] = []
        """How many each turn took, in order (the table's row of taken tokens)."""

    @property
    def current_player(self) -> int:
        return TERMINAL if self.winner is not None else self.to_move

    def legal_actions(self) -> list[Hashable]:
        return [] if self.winner is not None else [n for n in (1, 2) if n <= self.left]

    def why_illegal(self, action: Hashable) -> str:
        if self.winner is not None:
            return "the game is over"
        return "" if action in self.legal_actions() else f"cannot take {action} of {self.left}"

    def _apply(self, action: Hashable) -> None:
        self.left -= int(action)  # type: ignore[arg-type]
        self.taken.append(int(action))  # type: ignore[arg-type]
        if self.left == 0:
            self.winner = self.to_move
        self.to_move = 1 - self.to_move

    def scores(self) -> list[float]:
        return [1.0 if self.winner == i else 0.0 for i in range(2)]

    def parse_action(self, text: str) -> Hashable:
        if text.strip() not in ("1", "2"):
            raise NotationError(f"'{text}' is not 1 or 2")
        return int(text)

    def state_key(self) -> Hashable:
        return (self.left, self.to_move, self.winner)

    def turn_key(self) -> Hashable:
        return len(self.history)

    def touched_places(self) -> tuple[Hashable, ...]:
        """The tokens the last turn took (numbered 0 to 6 from the left)."""
        if not self.taken:
            return ()
        start = TOKENS - self.left - self.taken[-1]
        return tuple(range(start, start + self.taken[-1]))


class PerfectAgent:
    """Leaves a multiple of three when it can (the known winning play)."""

    def __init__(self, seed: int) -> None:
        self.fallback = RandomAgent(seed)

    def choose(self, state: ToyState) -> Hashable:
        take = state.left % 3
        return take if take in state.legal_actions() else self.fallback.choose(state)


def make_agent(level: str, seed: int) -> Any:
    return PerfectAgent(seed) if level in ("normal", "hard") else RandomAgent(seed)


SPEC = GameSpec(TOY, "Toy Nim", 2, 2, (0.0, 1.0), TOKENS, ToyState, make_agent=make_agent,
                summary="Take one or two tokens; last one wins.", credits=Credits(designers=("A Test",)), order=99)
