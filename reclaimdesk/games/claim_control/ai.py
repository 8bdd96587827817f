"""Claim Control's AI players, built on the core's alpha-beta :class:`SearchAgent`.

=========  ==================================================================
random     any legal placement
easy       one ply deep, counting only the points claimed right now, with noise
normal     two plies deep, counting only the points claimed right now
hard       iterative deepening up to four plies (the best 10 replies at inner
           nodes) within :data:`HARD_NODES` positions a move, with an
           evaluation that also weighs how safe each claim is and what the
           empty cells promise
=========  ==================================================================
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from reclaimdesk.core.agents import RandomAgent, SearchAgent, safety_seconds
from reclaimdesk.core.game import LEVELS, GameState
from reclaimdesk.games.claim_control.actions import SQUARE, ClaimAction
from reclaimdesk.games.claim_control.board import (
    CELL_COUNT,
    CELL_SPOT_WEIGHTS,
    SPOT_CELL_INDEXES,
    SPOTS,
)
from reclaimdesk.games.claim_control.state import EMPTY, ClaimControlState


HARD_DEPTH = 4
HARD_NODES = 5000
"""The hard level's budget: positions visited per decision (median about 0.3 s,
95th percentile about 0.5 s, on one core of the 2-core reference machine: 7000
took 0.38/0.67 s CPU; the same choice for the same seed on any machine). A deepest iteration the budget cuts short counts for the moves it
finished. The clock is only the safety cap
:data:`~reclaimdesk.core.agents.SAFETY_SECONDS`."""


def score_margin(state: GameState, seat: int) -> float:
    """Points ``seat`` would claim now minus the opponent's."""
    s = state.scores()
    return s[seat] - s[1 - seat]


_NONE_LOW = -2.0
_NONE_HIGH = 2.0
"""Out of the -1..1 range: "this side can place no square on the cell"."""


def _clip(x: float) -> float:
    return 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)


def positional(state: GameState, seat: int, empty_weight: float = 0.6) -> float:
    """An estimate of the final margin for ``seat``.

    A placed square counts its value in full for the leader when the trailing
    player could not catch up even by filling every free spot around it with its
    remaining markers of that colour; otherwise it counts in proportion to the
    lead measured against that room to move. An empty cell counts a share of its
    value for whoever has more influence there in a colour they still hold a
    square of (the other player can answer with a square of the other colour).
    """
    assert isinstance(state, ClaimControlState)
    inf = state.influence
    squares = state.squares
    markers = state.markers
    supply = state.supply
    values = state.values
    other = 1 - seat
    me4, op4 = seat * 4, other * 4
    total = 0.0
    for cell in range(CELL_COUNT):
        room = 0
        for spot, weight in CELL_SPOT_WEIGHTS[cell]:
            if markers[spot] == EMPTY:
                room += weight
        v = values[cell]
        colour = squares[cell]
        if colour != EMPTY:
            d = inf[(seat * 2 + colour) * CELL_COUNT + cell] - inf[(other * 2 + colour) * CELL_COUNT + cell]
            if d > 0:
                reach = min(room, 2 * supply[op4 + 2 + colour])
                total += v if d > reach else v * d / (reach + 1)
            elif d < 0:
                reach = min(room, 2 * supply[me4 + 2 + colour])
                total -= v if -d > reach else v * -d / (reach + 1)
            continue
        # an empty cell: each side's better colour (in -1..1, from seat's view),
        # among the colours that side still holds squares of
        mine, theirs = _NONE_LOW, _NONE_HIGH
        for colour in (0, 1):
            d = inf[(seat * 2 + colour) * CELL_COUNT + cell] - inf[(other * 2 + colour) * CELL_COUNT + cell]
            f = _clip(d / (room + 2))
            if supply[me4 + colour] and f > mine:
                mine = f
            if supply[op4 + colour] and f < theirs:
                theirs = f
        if mine == _NONE_LOW:
            if theirs == _NONE_HIGH:
                continue  # nobody can put a square here any more
            mine = theirs
        elif theirs == _NONE_HIGH:
            theirs = mine
        total += empty_weight * v * (mine + theirs) / 2
    return total


def order_actions(state: GameState, actions: Sequence[Hashable]) -> list[Hashable]:
    """Likely good placements first: a marker by the value it adds to squares of
    its colour (most for squares whose claim it can swing), a square by the lead
    in its colour of the player placing it."""
    assert isinstance(state, ClaimControlState)
    seat = state.current_player
    other = 1 - seat
    inf = state.influence
    squares = state.squares
    values = state.values
    scored = []
    for i, a in enumerate(actions):
        assert isinstance(a, ClaimAction)
        k = a.colour_index
        mine = (seat * 2 + k) * CELL_COUNT
        theirs = (other * 2 + k) * CELL_COUNT
        if a.piece == SQUARE:
            c = a.index
            d = inf[mine + c] - inf[theirs + c]
            key = values[c] * (1.0 if d > 0 else (-1.0 if d < 0 else 0.0)) + 0.1 * d
        else:
            spot = SPOTS[a.index]
            w = spot.weight
            key = 0.0
            for c in SPOT_CELL_INDEXES[a.index]:
                v = values[c]
                if squares[c] == k:
                    d = inf[mine + c] - inf[theirs + c]
                    if -w <= d <= 0:
                        key += 2.0 * v  # wins or unties the square
                    elif 0 < d <= w:
                        key += 1.0 * v  # protects a thin lead
                    else:
                        key += 0.2 * v
                elif squares[c] == EMPTY:
                    key += 0.15 * v * w
        scored.append((-key, i, a))
    scored.sort()
    return [a for _, _, a in scored]


def make_agent(level: str, seed: int):
    """An AI player of ``level`` (one of ``LEVELS``), seeded."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level '{level}' (choose from {', '.join(LEVELS)})")
    if level == "random":
        return RandomAgent(seed)
    if level == "easy":
        return SearchAgent(score_margin, level="easy", depth=1, noise=3.0, seed=seed)
    if level == "normal":
        return SearchAgent(score_margin, level="normal", depth=2, order=order_actions,
                           noise=0.5, seed=seed)
    return SearchAgent(positional, level="hard", depth=HARD_DEPTH, max_nodes=HARD_NODES,
                       order=order_actions, max_branch=10, time_limit=safety_seconds(), noise=0.05,
                       seed=seed)
