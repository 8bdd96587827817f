"""Claim Control's AI players, built on the core's alpha-beta :class:`SearchAgent`.

=========  ==================================================================
random     any legal placement
easy       one ply deep, counting only the points claimed right now, with noise
normal     two plies deep, counting only the points claimed right now
hard       iterative deepening with a transposition table (the best 10
           replies at inner nodes, the best 12 placements at the root after
           the first ply) within :data:`HARD_NODES` positions a move (fewer
           in the opening, more in the ending: :func:`budget_scale`), five to
           six plies deep (more in the last dozen placements),
           with an evaluation that also weighs how safe each claim is and
           what the empty cells promise
=========  ==================================================================
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from operator import sub as _sub

from reclaimdesk.core.agents import RandomAgent, SearchAgent, safety_seconds
from reclaimdesk.core.game import LEVELS, GameState
from reclaimdesk.games.claim_control.actions import MARKER_ACTIONS, SQUARE, SQUARE_ACTIONS, ClaimAction
from reclaimdesk.games.claim_control.board import (
    CELL_COUNT,
    CELL_SPOT_WEIGHTS,
    SPOT_CELL_INDEXES,
    SPOT_COUNT,
    SPOTS,
)
from reclaimdesk.games.claim_control.state import EMPTY, PIECES_PER_PLAYER, ClaimControlState


HARD_DEPTH = 8
HARD_ROOT_BRANCH = 12
"""After its first ply the hard level searches only its best 12 placements deeper
(by the evaluation one ply ahead): about one ply deeper in the same budget."""
HARD_NODES = 10000
"""The hard level's budget: positions visited per decision (the same choice for the
same seed on any machine) when :data:`BUDGET_PLACEMENTS` placements are open; a
decision among more gets fewer, one among fewer gets more (:func:`budget_scale`).
The search places and takes back on one copy, ranks each position's replies once
per decision (a reply's position from the table of the one before it,
:func:`_patched_table`) and, one placement before its horizon, scores each reply by
the cells it changes. A position costs about the same CPU in every phase of the game
(about 30 us on the 2-core reference machine under load, fitted over 18 decisions
of two games at a budget of 10000: 30.0 - 0.016 us per open placement; the ending's
positions cost about a third less since issue 29 item 1, the same decisions: see
``docs/ai-levels.md``). A deepest
iteration the budget cuts short counts for the moves it finished. The clock is only
the safety cap :data:`~reclaimdesk.core.agents.SAFETY_SECONDS` (``tools/ai_levels.py``
and ``tools/ai_load.py`` report the decision times of whole runs)."""
BUDGET_PLACEMENTS = 80
"""The number of open placements at which a decision gets the whole ``max_nodes``."""
PLACEMENT_COST = 123
"""The shape of :func:`budget_scale`, in placements: the budget is inversely
proportional to ``PLACEMENT_COST`` plus the placements open."""
MAX_BUDGET_SCALE = 1.5
"""The most a decision's budget grows over ``max_nodes`` when few placements are open."""


def budget_scale(placements: int) -> float:
    """How much of its ``max_nodes`` the hard search may visit when ``placements``
    are open: 0.71 on an empty board (162 placements), 1 at 80, growing towards the
    end of the game up to :data:`MAX_BUDGET_SCALE` (1.24 at 40 placements, 1.5 from 12).

    The shape was first fitted to even out the CPU of a decision while a position
    cost 21.7 + 0.176 us per open placement (its replies took longer to rank in the
    opening: PLACEMENT_COST = 21.7 / 0.176). With the patched ranking a position
    costs about the same in every phase, and the shape is kept for strength: it moves
    positions from the opening, where the search looks little further for them, to
    the ending, where the claims are settled. It won all of 25 games against normal
    (seeds 50000-50023 and 50005-50009 with the seats swapped), among them four of
    the five seeds lost in issue 29 (50000, 50014, 50019, 50022), where the same
    budget for every decision lost seed 50000 again. Its slowest decisions are now
    the ending's (about 0.35 s of CPU under load, against 0.2 s in the opening)."""
    return min(MAX_BUDGET_SCALE, (PLACEMENT_COST + BUDGET_PLACEMENTS) / (PLACEMENT_COST + placements))


def score_margin(state: GameState, seat: int) -> float:
    """Points ``seat`` would claim now minus the opponent's."""
    s = state.scores()
    return s[seat] - s[1 - seat]


_NONE_LOW = -2.0
_NONE_HIGH = 2.0
"""Out of the -1..1 range: "this side can place no square on the cell"."""


def _clip(x: float) -> float:
    return 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)


_SPOT_WEIGHT: tuple[int, ...] = tuple(spot.weight for spot in SPOTS)
_CELLS = range(CELL_COUNT)
_FULL_ROOM: tuple[int, ...] = tuple(sum(weight for _spot, weight in spots) for spots in CELL_SPOT_WEIGHTS)
"""Influence all the spots around a cell give it together."""
_SPOTS_RANGE = range(SPOT_COUNT)


def positional(state: GameState, seat: int, empty_weight: float = 0.6) -> float:
    """An estimate of the final margin for ``seat``.

    A placed square counts its value in full for the leader when the trailing
    player could not catch up even by filling every free spot around it with its
    remaining markers of that colour; otherwise it counts in proportion to the
    lead measured against that room to move. An empty cell counts a share of its
    value for whoever has more influence there in a colour they still hold a
    square of (the other player can answer with a square of the other colour).
    (This is the hard level's leaf evaluation, so it is written for speed.)
    """
    assert isinstance(state, ClaimControlState)
    inf = state.influence
    supply = state.supply
    other = 1 - seat
    me4, op4 = seat * 4, other * 4
    my_b = inf[seat * 2 * CELL_COUNT: (seat * 2 + 1) * CELL_COUNT]
    my_r = inf[(seat * 2 + 1) * CELL_COUNT: (seat * 2 + 2) * CELL_COUNT]
    op_b = inf[other * 2 * CELL_COUNT: (other * 2 + 1) * CELL_COUNT]
    op_r = inf[(other * 2 + 1) * CELL_COUNT: (other * 2 + 2) * CELL_COUNT]
    # squares each side can still place, and markers each side can still reach with
    my_sq_b, my_sq_r = supply[me4], supply[me4 + 1]
    op_sq_b, op_sq_r = supply[op4], supply[op4 + 1]
    my_reach_b, my_reach_r = 2 * supply[me4 + 2], 2 * supply[me4 + 3]
    op_reach_b, op_reach_r = 2 * supply[op4 + 2], 2 * supply[op4 + 3]
    # while both sides hold squares of both colours, an empty cell's two better
    # colours are its larger and its smaller lead: together the sum of both leads
    both = my_sq_b and my_sq_r and op_sq_b and op_sq_r
    half = empty_weight / 2
    total = 0.0
    # a placed marker adds its weight to its owner's influence in its colour on
    # every cell it touches: a cell's free room is its full room less all of it
    for v, colour, full, mb, mr, ob, orr in zip(state.values, state.squares, _FULL_ROOM, my_b, my_r, op_b, op_r):
        room = full - mb - mr - ob - orr
        if colour != EMPTY:
            if colour:
                d = mr - orr
                if d > 0:
                    reach = room if room < op_reach_r else op_reach_r
                    total += v if d > reach else v * d / (reach + 1)
                elif d < 0:
                    reach = room if room < my_reach_r else my_reach_r
                    total -= v if -d > reach else v * -d / (reach + 1)
            else:
                d = mb - ob
                if d > 0:
                    reach = room if room < op_reach_b else op_reach_b
                    total += v if d > reach else v * d / (reach + 1)
                elif d < 0:
                    reach = room if room < my_reach_b else my_reach_b
                    total -= v if -d > reach else v * -d / (reach + 1)
            continue
        # an empty cell: each side's better colour (in -1..1, from seat's view),
        # among the colours that side still holds squares of
        r2 = room + 2
        fb = (mb - ob) / r2
        fb = 1.0 if fb > 1.0 else (-1.0 if fb < -1.0 else fb)
        fr = (mr - orr) / r2
        fr = 1.0 if fr > 1.0 else (-1.0 if fr < -1.0 else fr)
        if both:
            total += half * v * (fb + fr)
            continue
        if my_sq_b:
            mine = (fr if fr > fb else fb) if my_sq_r else fb
        elif my_sq_r:
            mine = fr
        else:
            mine = _NONE_LOW
        if op_sq_b:
            theirs = (fr if fr < fb else fb) if op_sq_r else fb
        elif op_sq_r:
            theirs = fr
        else:
            theirs = _NONE_HIGH
        if mine == _NONE_LOW:
            if theirs == _NONE_HIGH:
                continue  # nobody can put a square here any more
            mine = theirs
        elif theirs == _NONE_HIGH:
            theirs = mine
        total += half * v * (mine + theirs)
    return total


def cell_term(state: ClaimControlState, seat: int, cell: int, empty_weight: float = 0.6) -> float:
    """What one cell adds to :func:`positional` (the same sum, a cell at a time): the
    hard search re-scores only the cells a placement changes, instead of the whole
    board, at the positions one placement before its horizon."""
    inf = state.influence
    supply = state.supply
    v = state.values[cell]
    other = 1 - seat
    room = _FULL_ROOM[cell] - inf[cell] - inf[cell + CELL_COUNT] - inf[cell + 2 * CELL_COUNT] \
        - inf[cell + 3 * CELL_COUNT]
    my_b, my_r = inf[seat * 2 * CELL_COUNT + cell], inf[(seat * 2 + 1) * CELL_COUNT + cell]
    op_b, op_r = inf[other * 2 * CELL_COUNT + cell], inf[(other * 2 + 1) * CELL_COUNT + cell]
    colour = state.squares[cell]
    if colour != EMPTY:
        d = my_r - op_r if colour else my_b - op_b
        if d > 0:
            reach = 2 * supply[other * 4 + 2 + colour]
            if room < reach:
                reach = room
            return v if d > reach else v * d / (reach + 1)
        if d < 0:
            reach = 2 * supply[seat * 4 + 2 + colour]
            if room < reach:
                reach = room
            return -v if -d > reach else -(v * -d / (reach + 1))
        return 0.0
    r2 = room + 2
    fb = (my_b - op_b) / r2
    fb = 1.0 if fb > 1.0 else (-1.0 if fb < -1.0 else fb)
    fr = (my_r - op_r) / r2
    fr = 1.0 if fr > 1.0 else (-1.0 if fr < -1.0 else fr)
    my_sq_b, my_sq_r = supply[seat * 4], supply[seat * 4 + 1]
    op_sq_b, op_sq_r = supply[other * 4], supply[other * 4 + 1]
    if my_sq_b:
        mine = (fr if fr > fb else fb) if my_sq_r else fb
    elif my_sq_r:
        mine = fr
    else:
        mine = _NONE_LOW
    if op_sq_b:
        theirs = (fr if fr < fb else fb) if op_sq_r else fb
    elif op_sq_r:
        theirs = fr
    else:
        theirs = _NONE_HIGH
    if mine == _NONE_LOW:
        if theirs == _NONE_HIGH:
            return 0.0
        mine = theirs
    elif theirs == _NONE_HIGH:
        theirs = mine
    return empty_weight / 2 * v * (mine + theirs)


def _frontier_terms(state: ClaimControlState, seat: int, mover: int, empties: list | None = None
                    ) -> tuple[list[float], tuple[list[int], list[int]]]:
    """:func:`cell_term` of every cell, in cell order: the terms :func:`positional`
    adds up one after the other (so adding them up in this order gives its very
    value); and, per colour, the cells holding a square of it on which ``mover``
    trails and whose value a marker of ``mover`` in that colour changes without
    touching them. That shortens how far ``mover`` can still reach there,
    ``min(room, 2 * markers left)``, which changes the value unless ``mover``
    trails by more than it can reach already (the square counts in full for the
    leader before and after) or the free room around the cell, not the markers
    left, bounds the reach. For the hard search's positions one placement before
    its horizon, in one pass. With ``empties``, each empty cell's ``(cell, 0.3 *
    value, blue lead, red lead)`` (the leads in -1..1) is added to it."""
    inf = state.influence
    supply = state.supply
    other = 1 - seat
    me4, op4 = seat * 4, other * 4
    my_b = inf[seat * 2 * CELL_COUNT: (seat * 2 + 1) * CELL_COUNT]
    my_r = inf[(seat * 2 + 1) * CELL_COUNT: (seat * 2 + 2) * CELL_COUNT]
    op_b = inf[other * 2 * CELL_COUNT: (other * 2 + 1) * CELL_COUNT]
    op_r = inf[(other * 2 + 1) * CELL_COUNT: (other * 2 + 2) * CELL_COUNT]
    my_sq_b, my_sq_r = supply[me4], supply[me4 + 1]
    op_sq_b, op_sq_r = supply[op4], supply[op4 + 1]
    my_reach_b, my_reach_r = 2 * supply[me4 + 2], 2 * supply[me4 + 3]
    op_reach_b, op_reach_r = 2 * supply[op4 + 2], 2 * supply[op4 + 3]
    both = my_sq_b and my_sq_r and op_sq_b and op_sq_r
    half = 0.6 / 2
    terms: list[float] = []
    add = terms.append
    trailing: tuple[list[int], list[int]] = ([], [])
    mine = mover == seat
    for c, (v, colour, full, mb, mr, ob, orr) in enumerate(
            zip(state.values, state.squares, _FULL_ROOM, my_b, my_r, op_b, op_r)):
        room = full - mb - mr - ob - orr
        if colour != EMPTY:
            if colour:
                d = mr - orr
                my_reach, op_reach = my_reach_r, op_reach_r
            else:
                d = mb - ob
                my_reach, op_reach = my_reach_b, op_reach_b
            if d > 0:
                reach = room if room < op_reach else op_reach
                add(v if d > reach else v * d / (reach + 1))
                if not mine and room > op_reach - 2 and d <= reach:
                    trailing[colour].append(c)
            elif d < 0:
                reach = room if room < my_reach else my_reach
                add(-v if -d > reach else -(v * -d / (reach + 1)))
                if mine and room > my_reach - 2 and -d <= reach:
                    trailing[colour].append(c)
            else:
                add(0.0)
            continue
        r2 = room + 2
        fb = (mb - ob) / r2
        fb = 1.0 if fb > 1.0 else (-1.0 if fb < -1.0 else fb)
        fr = (mr - orr) / r2
        fr = 1.0 if fr > 1.0 else (-1.0 if fr < -1.0 else fr)
        if empties is not None:
            empties.append((c, half * v, fb, fr))
        if both:
            add(half * v * (fb + fr))
            continue
        if my_sq_b:
            best = (fr if fr > fb else fb) if my_sq_r else fb
        elif my_sq_r:
            best = fr
        else:
            best = _NONE_LOW
        if op_sq_b:
            worst = (fr if fr < fb else fb) if op_sq_r else fb
        elif op_sq_r:
            worst = fr
        else:
            worst = _NONE_HIGH
        if best == _NONE_LOW:
            if worst == _NONE_HIGH:
                add(0.0)
                continue
            best = worst
        elif worst == _NONE_HIGH:
            worst = best
        add(half * v * (best + worst))
    return terms, trailing


def _square_term(state: ClaimControlState, seat: int, cell: int, colour: int) -> float:
    """:func:`cell_term` of ``cell`` once a square of ``colour`` lies on it (a square
    changes nothing else that a cell's term reads unless it is its owner's last of
    that colour), without placing it."""
    inf = state.influence
    other = 1 - seat
    d = inf[(seat * 2 + colour) * CELL_COUNT + cell] - inf[(other * 2 + colour) * CELL_COUNT + cell]
    if not d:
        return 0.0
    v = state.values[cell]
    room = _FULL_ROOM[cell] - inf[cell] - inf[cell + CELL_COUNT] - inf[cell + 2 * CELL_COUNT] \
        - inf[cell + 3 * CELL_COUNT]
    if d > 0:
        reach = 2 * state.supply[other * 4 + 2 + colour]
        if room < reach:
            reach = room
        return v if d > reach else v * d / (reach + 1)
    reach = 2 * state.supply[seat * 4 + 2 + colour]
    if room < reach:
        reach = room
    return -v if -d > reach else -(v * -d / (reach + 1))

def _without_square(state: ClaimControlState, seat: int, mover: int, colour: int, terms: list[float],
                    empties: list[tuple[int, float, float, float]]) -> tuple[list[float], list[float]]:
    """The cells' terms once ``mover`` has placed its last square of ``colour`` (on a
    cell whose own term the caller puts in: :func:`_last_square_value`), and their
    running sums in cell order (entry ``c``: the sum of the terms before cell ``c``),
    from ``terms`` and ``empties`` (:func:`_frontier_terms` before it): only the empty
    cells' terms change, as each side's better colour is chosen among fewer."""
    left = state.supply[:8]
    left[mover * 4 + colour] -= 1
    other = 1 - seat
    my_sq_b, my_sq_r = left[seat * 4], left[seat * 4 + 1]
    op_sq_b, op_sq_r = left[other * 4], left[other * 4 + 1]
    out = terms.copy()
    for c, hv, fb, fr in empties:
        if my_sq_b:
            best = (fr if fr > fb else fb) if my_sq_r else fb
        elif my_sq_r:
            best = fr
        else:
            best = _NONE_LOW
        if op_sq_b:
            worst = (fr if fr < fb else fb) if op_sq_r else fb
        elif op_sq_r:
            worst = fr
        else:
            worst = _NONE_HIGH
        if best == _NONE_LOW:
            if worst == _NONE_HIGH:
                out[c] = 0.0
                continue
            best = worst
        elif worst == _NONE_HIGH:
            worst = best
        out[c] = hv * (best + worst)
    sums: list[float] = []
    total = 0.0
    for t in out:
        sums.append(total)
        total += t
    return out, sums


def _last_square_value(without: tuple[list[float], list[float]], state: ClaimControlState, seat: int,
                       cell: int, colour: int) -> float:
    """:func:`positional` after the mover's last square of ``colour`` goes on ``cell``
    (``without``: :func:`_without_square`): the same sum in the same order, the
    placed square's term in its cell's place."""
    terms, sums = without
    total = sums[cell] + _square_term(state, seat, cell, colour)
    for t in terms[cell + 1:]:
        total += t
    return total


def _cell_terms(state: ClaimControlState, seat: int, cells: list[int]) -> list[float]:
    """:func:`cell_term` of each of ``cells``, in order (for the cells a marker
    changes, one call per placement)."""
    inf = state.influence
    supply = state.supply
    squares = state.squares
    values = state.values
    other = 1 - seat
    my0, op0 = seat * 2 * CELL_COUNT, other * 2 * CELL_COUNT
    my1, op1 = my0 + CELL_COUNT, op0 + CELL_COUNT
    half = 0.6 / 2
    out: list[float] = []
    for cell in cells:
        v = values[cell]
        room = _FULL_ROOM[cell] - inf[cell] - inf[cell + CELL_COUNT] - inf[cell + 2 * CELL_COUNT] \
            - inf[cell + 3 * CELL_COUNT]
        colour = squares[cell]
        if colour != EMPTY:
            d = inf[my1 + cell] - inf[op1 + cell] if colour else inf[my0 + cell] - inf[op0 + cell]
            if d > 0:
                reach = 2 * supply[other * 4 + 2 + colour]
                if room < reach:
                    reach = room
                out.append(v if d > reach else v * d / (reach + 1))
            elif d < 0:
                reach = 2 * supply[seat * 4 + 2 + colour]
                if room < reach:
                    reach = room
                out.append(-v if -d > reach else -(v * -d / (reach + 1)))
            else:
                out.append(0.0)
            continue
        r2 = room + 2
        fb = (inf[my0 + cell] - inf[op0 + cell]) / r2
        fb = 1.0 if fb > 1.0 else (-1.0 if fb < -1.0 else fb)
        fr = (inf[my1 + cell] - inf[op1 + cell]) / r2
        fr = 1.0 if fr > 1.0 else (-1.0 if fr < -1.0 else fr)
        my_sq_b, my_sq_r = supply[seat * 4], supply[seat * 4 + 1]
        op_sq_b, op_sq_r = supply[other * 4], supply[other * 4 + 1]
        if my_sq_b:
            mine = (fr if fr > fb else fb) if my_sq_r else fb
        elif my_sq_r:
            mine = fr
        else:
            mine = _NONE_LOW
        if op_sq_b:
            theirs = (fr if fr < fb else fb) if op_sq_r else fb
        elif op_sq_r:
            theirs = fr
        else:
            theirs = _NONE_HIGH
        if mine == _NONE_LOW:
            if theirs == _NONE_HIGH:
                out.append(0.0)
                continue
            mine = theirs
        elif theirs == _NONE_HIGH:
            theirs = mine
        out.append(half * v * (mine + theirs))
    return out



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
    # the lead of the player to move on each cell, per colour
    leads = []
    for k in (0, 1):
        mine = (seat * 2 + k) * CELL_COUNT
        theirs = (other * 2 + k) * CELL_COUNT
        leads.append([inf[mine + c] - inf[theirs + c] for c in range(CELL_COUNT)])
    keys = []
    for a in actions:
        assert isinstance(a, ClaimAction)
        k = a.colour_index
        lead = leads[k]
        if a.piece == SQUARE:
            c = a.index
            d = lead[c]
            keys.append(-(values[c] * (1.0 if d > 0 else (-1.0 if d < 0 else 0.0)) + 0.1 * d))
            continue
        j = a.index
        w = _SPOT_WEIGHT[j]
        key = 0.0
        for c in SPOT_CELL_INDEXES[j]:
            v = values[c]
            held = squares[c]
            if held == k:
                d = lead[c]
                if -w <= d <= 0:
                    key += 2.0 * v  # wins or unties the square
                elif 0 < d <= w:
                    key += 1.0 * v  # protects a thin lead
                else:
                    key += 0.2 * v
            elif held == EMPTY:
                key += 0.15 * v * w
        keys.append(-key)
    ranked = sorted(range(len(keys)), key=keys.__getitem__)
    return [actions[i] for i in ranked]



_PAD = CELL_COUNT
"""A cell index past the board whose per-cell values are always 0."""
_ADDS = CELL_COUNT + 1
"""Length of one half of :func:`ranked_placements`' table of what a marker adds on
each cell: corners (weight 1) in ``[0, _ADDS)``, edges (weight 2) in ``[_ADDS, 2 * _ADDS)``."""
_SPOT_ROWS: tuple[tuple[int, int, int, int], ...] = tuple(
    tuple((_SPOT_WEIGHT[j] - 1) * _ADDS + c for c in (*cells, *((_PAD,) * (4 - len(cells)))))
    for j, cells in enumerate(SPOT_CELL_INDEXES)
)
"""Per spot, where its four cells (an edge's two, then the pad twice) stand in that
table for the spot's weight: every spot adds four terms."""


def ranked_placements(state: GameState, limit: int | None = None) -> list[Hashable]:
    """The placements open to the player to move, likely good ones first: the
    same order as ``order_actions(state, state.legal_actions())``, built straight
    from the position (each cell's keys computed once for both colours), cut to
    the best ``limit``. The hard level's search ranks every position with it, so it
    is written for speed: the keys are the very numbers ``order_actions`` computes
    (the same operations in the same order), so ties fall the same way."""
    assert isinstance(state, ClaimControlState)
    seat = state.to_move
    supply = state.supply
    base = seat * 4
    inf = state.influence
    squares = state.squares
    values = state.values
    keys: list[float] = []
    acts: list[Hashable] = []
    mine0, theirs0 = seat * 2 * CELL_COUNT, (1 - seat) * 2 * CELL_COUNT
    mine1, theirs1 = mine0 + CELL_COUNT, theirs0 + CELL_COUNT
    lead_b = list(map(_sub, inf[mine0:mine1], inf[theirs0:theirs1]))
    lead_r = list(map(_sub, inf[mine1:mine1 + CELL_COUNT], inf[theirs1:theirs1 + CELL_COUNT]))
    leads = (lead_b, lead_r)
    free_cells = [c for c in _CELLS if squares[c] == EMPTY]
    if supply[base] or supply[base + 1]:
        for k in (0, 1):
            if supply[base + k]:
                lead = leads[k]
                keys.extend([-(values[c] * (1.0 if lead[c] > 0 else (-1.0 if lead[c] < 0 else 0.0))
                               + 0.1 * lead[c]) for c in free_cells])
                table = SQUARE_ACTIONS[k]
                acts.extend([table[c] for c in free_cells])
    if supply[base + 2] or supply[base + 3]:
        markers = state.markers
        free_spots = [j for j in _SPOTS_RANGE if markers[j] == EMPTY]
        rows = [_SPOT_ROWS[j] for j in free_spots]
        # what a marker of weight 1 (corner) or 2 (edge) adds on each empty cell,
        # whatever its colour; a cell holding a square of the marker's colour is set
        # per colour below, one holding the other colour adds nothing
        empty_adds = [0.0] * (2 * _ADDS)
        for c in free_cells:
            x = 0.15 * values[c]
            empty_adds[c] = x * 1
            empty_adds[_ADDS + c] = x * 2
        for k in (0, 1):
            if not supply[base + 2 + k]:
                continue
            lead = leads[k]
            adds = empty_adds.copy()
            for c in _CELLS:
                if squares[c] == k:
                    v = values[c]
                    d = lead[c]
                    if d <= 0:
                        adds[c] = 2.0 * v if d >= -1 else 0.2 * v
                        adds[_ADDS + c] = 2.0 * v if d >= -2 else 0.2 * v
                    else:
                        adds[c] = 1.0 * v if d <= 1 else 0.2 * v
                        adds[_ADDS + c] = 1.0 * v if d <= 2 else 0.2 * v
            keys.extend([-(adds[a] + adds[b] + adds[c] + adds[d]) for a, b, c, d in rows])
            table = MARKER_ACTIONS[k]
            acts.extend([table[j] for j in free_spots])
    ranked = sorted(range(len(keys)), key=keys.__getitem__)
    if limit is not None:
        ranked = ranked[:limit]
    return [acts[i] for i in ranked]


_NO_KEY = math.inf
"""The key of a placement that is not open (its slot in a key table)."""
_MARKER_SLOT = 2 * CELL_COUNT
"""The first marker slot of a key table: square slots ``colour * 25 + cell``, then
marker slots ``_MARKER_SLOT + colour * SPOT_COUNT + spot``, the order of
``legal_actions``."""
_SLOT_ACTIONS: tuple[ClaimAction, ...] = (*SQUARE_ACTIONS[0], *SQUARE_ACTIONS[1], *MARKER_ACTIONS[0],
                                          *MARKER_ACTIONS[1])
_SLOTS = range(len(_SLOT_ACTIONS))
_CELL_SPOTS: tuple[tuple[int, ...], ...] = tuple(tuple(j for j, _w in spots) for spots in CELL_SPOT_WEIGHTS)
"""For each cell index, the spots around it."""


def _held_adds(adds: list[float], c: int, v: float, d: int) -> None:
    """Set what a corner and an edge marker add on cell ``c`` (value ``v``) holding a
    square of their colour, on which their owner leads by ``d`` (as ``ranked_placements``)."""
    if d <= 0:
        adds[c] = 2.0 * v if d >= -1 else 0.2 * v
        adds[_ADDS + c] = 2.0 * v if d >= -2 else 0.2 * v
    else:
        adds[c] = 1.0 * v if d <= 1 else 0.2 * v
        adds[_ADDS + c] = 1.0 * v if d <= 2 else 0.2 * v


def _key_table(state: ClaimControlState, seat: int) -> tuple[list[float], tuple, tuple]:
    """``seat``'s keys of :func:`ranked_placements` for every placement slot of the
    position (``_NO_KEY`` where the placement is not open to ``seat``), as if
    ``seat`` were to move; with the leads and the marker tables they were built
    from, so that :func:`_patched_table` can follow one placement of the opponent."""
    supply = state.supply
    base = seat * 4
    inf = state.influence
    squares = state.squares
    values = state.values
    mine0, theirs0 = seat * 2 * CELL_COUNT, (1 - seat) * 2 * CELL_COUNT
    mine1, theirs1 = mine0 + CELL_COUNT, theirs0 + CELL_COUNT
    leads = (list(map(_sub, inf[mine0:mine1], inf[theirs0:theirs1])),
             list(map(_sub, inf[mine1:mine1 + CELL_COUNT], inf[theirs1:theirs1 + CELL_COUNT])))
    keys: list[float] = []
    for k in (0, 1):
        if supply[base + k]:
            lead = leads[k]
            keys.extend([-(values[c] * (1.0 if lead[c] > 0 else (-1.0 if lead[c] < 0 else 0.0)) + 0.1 * lead[c])
                         if squares[c] == EMPTY else _NO_KEY for c in _CELLS])
        else:
            keys.extend([_NO_KEY] * CELL_COUNT)
    tables: list = [None, None]
    if supply[base + 2] or supply[base + 3]:
        markers = state.markers
        empty_adds = [0.0] * (2 * _ADDS)
        for c in _CELLS:
            if squares[c] == EMPTY:
                x = 0.15 * values[c]
                empty_adds[c] = x * 1
                empty_adds[_ADDS + c] = x * 2
        for k in (0, 1):
            if not supply[base + 2 + k]:
                keys.extend([_NO_KEY] * SPOT_COUNT)
                continue
            lead = leads[k]
            adds = empty_adds.copy()
            for c in [c for c in _CELLS if squares[c] == k]:
                _held_adds(adds, c, values[c], lead[c])
            tables[k] = adds
            keys.extend([-(adds[a] + adds[b] + adds[c] + adds[d]) if m == EMPTY else _NO_KEY
                         for (a, b, c, d), m in zip(_SPOT_ROWS, markers)])
    else:
        keys.extend([_NO_KEY] * (2 * SPOT_COUNT))
    return keys, leads, tuple(tables)


def _patched_table(table: tuple[list[float], tuple, tuple], state: ClaimControlState, seat: int,
                   reply: ClaimAction) -> tuple[list[float], tuple, tuple]:
    """``seat``'s key table after the opponent placed ``reply`` (``state`` is the
    position after it), from ``table``, the one before it: only the keys the reply
    can change are computed again, with the very operations of :func:`_key_table`
    (a square: the placements on its cell and the markers around it; a marker: its
    spot, the squares of its colour on the cells it touches and the markers around
    the squares of that colour there)."""
    keys, leads, tables = table
    keys = keys.copy()
    values = state.values
    squares = state.squares
    markers = state.markers
    i = reply.index
    q = reply.colour_index
    if reply.piece == SQUARE:
        keys[i] = keys[CELL_COUNT + i] = _NO_KEY
        new_tables: list = [None, None]
        for k in (0, 1):
            adds = tables[k]
            if adds is None:
                continue
            adds = adds.copy()
            if k == q:
                _held_adds(adds, i, values[i], leads[k][i])
            else:
                adds[i] = adds[_ADDS + i] = 0.0
            new_tables[k] = adds
            off = _MARKER_SLOT + k * SPOT_COUNT
            for j in _CELL_SPOTS[i]:
                if markers[j] == EMPTY:
                    a, b, c, d = _SPOT_ROWS[j]
                    keys[off + j] = -(adds[a] + adds[b] + adds[c] + adds[d])
        return keys, leads, tuple(new_tables)
    keys[_MARKER_SLOT + i] = keys[_MARKER_SLOT + SPOT_COUNT + i] = _NO_KEY
    w = _SPOT_WEIGHT[i]
    touched = SPOT_CELL_INDEXES[i]
    lead = leads[q].copy()
    for c in touched:
        lead[c] -= w
    new_leads = (leads[0], lead) if q else (lead, leads[1])
    if state.supply[seat * 4 + q]:
        off = q * CELL_COUNT
        for c in touched:
            if squares[c] == EMPTY:
                keys[off + c] = -(values[c] * (1.0 if lead[c] > 0 else (-1.0 if lead[c] < 0 else 0.0))
                                  + 0.1 * lead[c])
    adds = tables[q]
    if adds is not None:
        held = [c for c in touched if squares[c] == q]
        if held:
            adds = adds.copy()
            for c in held:
                _held_adds(adds, c, values[c], lead[c])
            tables = (adds, tables[1]) if q == 0 else (tables[0], adds)
            off = _MARKER_SLOT + q * SPOT_COUNT
            for j in {j for c in held for j in _CELL_SPOTS[c]}:
                if markers[j] == EMPTY:
                    a, b, c, d = _SPOT_ROWS[j]
                    keys[off + j] = -(adds[a] + adds[b] + adds[c] + adds[d])
    return keys, new_leads, tables


def _ranked_from(keys: list[float], limit: int | None) -> list[Hashable]:
    """The open placements of a key table, best first, cut to ``limit``: a stable
    sort of every slot puts them in the order :func:`ranked_placements` gives
    (the slots are in ``legal_actions`` order, closed ones last)."""
    # the open slots in slot order, sorted: the closed ones (``_NO_KEY``, above every
    # open key) would all have come after them
    ranked = sorted([i for i in _SLOTS if keys[i] != _NO_KEY], key=keys.__getitem__)
    if limit is not None:
        ranked = ranked[:limit]
    return [_SLOT_ACTIONS[i] for i in ranked]

def _slots_changed(reply: ClaimAction) -> frozenset[int]:
    """The key table slots :func:`_patched_table` can change for ``reply`` (or more):
    a square's, both placements on its cell and both colours' markers around it; a
    marker's, both placements on its spot, the squares of its colour on the cells it
    touches and the markers of its colour around those cells."""
    i = reply.index
    if reply.piece == SQUARE:
        return frozenset((i, CELL_COUNT + i, *(_MARKER_SLOT + k * SPOT_COUNT + j
                                               for k in (0, 1) for j in _CELL_SPOTS[i])))
    q = reply.colour_index
    touched = SPOT_CELL_INDEXES[i]
    return frozenset((_MARKER_SLOT + i, _MARKER_SLOT + SPOT_COUNT + i, *(q * CELL_COUNT + c for c in touched),
                      *(_MARKER_SLOT + q * SPOT_COUNT + j for c in touched for j in _CELL_SPOTS[c])))


_CHANGED: tuple[frozenset[int], ...] = tuple(_slots_changed(a) for a in _SLOT_ACTIONS)
""":func:`_slots_changed` by the placement's slot."""


def _slot(action: ClaimAction) -> int:
    """The slot of a placement in a key table."""
    if action.piece == SQUARE:
        return action.colour_index * CELL_COUNT + action.index
    return _MARKER_SLOT + action.colour_index * SPOT_COUNT + action.index


def _open_order(keys: list[float]) -> list[int]:
    """The open slots of a key table, best first: :func:`_ranked_from`'s order, uncut."""
    return sorted([i for i in _SLOTS if keys[i] != _NO_KEY], key=keys.__getitem__)


def _ranked_patched(order: list[int], keys: list[float], changed: frozenset[int], limit: int) -> list[Hashable]:
    """``_ranked_from(keys, limit)`` for a table patched on the slots ``changed`` (or
    fewer) from one whose open slots in order are ``order``: the slots not changed
    keep their keys and their order, the changed ones still open are sorted again and
    merged in (a sort by key that keeps slot order on ties orders by key, then slot)."""
    fresh = sorted([(keys[i], i) for i in changed if keys[i] != _NO_KEY])
    out: list[Hashable] = []
    n = len(fresh)
    f = 0
    for p in order:
        if p in changed:
            continue
        kp = keys[p]
        while f < n:
            fk, fi = fresh[f]
            if fk < kp or (fk == kp and fi < p):
                out.append(_SLOT_ACTIONS[fi])
                f += 1
                if len(out) == limit:
                    return out
            else:
                break
        out.append(_SLOT_ACTIONS[p])
        if len(out) == limit:
            return out
    while f < n and len(out) < limit:
        out.append(_SLOT_ACTIONS[fresh[f][1]])
        f += 1
    return out


_EXACT, _LOWER, _UPPER = 0, 1, 2


_PIECES_IN_PLAY = 2 * PIECES_PER_PLAYER


def _to_front(actions: list[Hashable], action: Hashable) -> bool:
    """Move ``action`` to the front of ``actions`` if it is there. Placements are
    the shared objects of :data:`.actions.SQUARE_ACTIONS` and ``MARKER_ACTIONS``, so
    they are found by identity (a dataclass's ``==`` is slow in the search's loop)."""
    for i, a in enumerate(actions):
        if a is action:
            if i:
                del actions[i]
                actions.insert(0, action)
            return True
    return False


class TableSearch(SearchAgent):
    """:class:`SearchAgent` with a transposition table, for the hard level.

    In Claim Control the order of placements does not matter, so a search meets the
    same position along many lines (a then b, b then a). The table (emptied at each
    decision, so a decision depends only on the position and the seed) keeps, per
    position, the value found with its depth and bound, and the best placement,
    which the next, deeper iteration searches first; leaf evaluations are kept too.
    Nodes are counted as in :class:`SearchAgent` (a position met again still counts),
    so the budget means the same thing; each node just costs less on average. Below
    the root the search works on one copy, placing and taking back
    (:meth:`ClaimControlState._take_back`), and each position's ranked replies are
    kept for the deeper iterations; the last two replies that cut the search short
    at a ply ("killers") are tried early at that ply elsewhere. A reply's position is
    ranked from a table of the opponent's keys built once at the position before it,
    computed again only where the reply changed it (:func:`_patched_table`: a quarter
    of the CPU of ranking it from scratch, the same ranking), and ordered by merging
    the few keys the reply changed into that table's order (:func:`_ranked_patched`),
    when the position is searched. One placement before the horizon, a reply's value
    is the position's evaluation plus the change in the cells it touches
    (:func:`cell_term`; and for a marker, the squares of its colour on which its
    owner trails, whose value depends on the owner's markers left), without playing
    the reply out: the position's terms come from one walk over the cells
    (:func:`_frontier_terms`), and a side's last square of a colour, which changes
    every empty cell, is summed from the terms without it (:func:`_without_square`).
    These shortcuts compute the very floats of the plainer code they stand for (the
    same operations in the same order: a last square's value is exactly
    :func:`positional`'s), so none changes a decision. All of it is reset at each
    decision.
    """

    def choose(self, state: GameState):
        # the budget for this decision: ``max_nodes`` scaled by the placements open
        # (see :func:`budget_scale`; the hint sets a smaller ``max_nodes``, scaled alike)
        budget = self.max_nodes
        if budget is not None:
            self.max_nodes = max(1, round(budget * budget_scale(len(state.legal_actions()))))
        self._table: dict = {}
        self._leaves: dict = {}
        self._orders: dict = {}
        self._killers: dict = {}
        try:
            return super().choose(state)
        finally:
            self.max_nodes = budget
            self._table = {}
            self._leaves = {}
            self._orders = {}
            self._killers = {}

    def _alphabeta(self, state: GameState, me: int, depth: int, alpha: float, beta: float) -> float:
        # ``state`` is the search's own copy (a root placement's child): below it
        # placements are made on it and taken back, with no copy per position
        assert isinstance(state, ClaimControlState)
        return self._search(state, me, depth, alpha, beta)

    def _search(self, state: ClaimControlState, me: int, depth: int, alpha: float, beta: float,
                key: tuple | None = None, source: tuple | None = None) -> float:
        if state.to_move < 0:  # the game is over: the base class scores it
            return super()._alphabeta(state, me, depth, alpha, beta)
        if key is None:
            key = (tuple(state.squares), tuple(state.markers), tuple(state.supply))
        if depth <= 0 or self._stopped():
            value = self._leaves.get(key)
            if value is None:
                value = self._leaves[key] = self.evaluate(state, me)
            return value
        entry = self._table.get(key)
        first = None
        if entry is not None:
            e_depth, e_flag, e_value, first = entry
            if e_depth >= depth:
                if e_flag == _EXACT:
                    return e_value
                if e_flag == _LOWER and e_value >= beta:
                    return e_value
                if e_flag == _UPPER and e_value <= alpha:
                    return e_value
        ranked = self._orders.get(key)
        if ranked is None:
            if source is None:
                ranked = ranked_placements(state, self.max_branch)
            else:
                # from the parent's table of this side's keys (built by the first of
                # its replies that needs it), patched where the parent's placement
                # changed it: the same ranking, for a quarter of the work
                holder, placed, placer, skipped = source
                if not holder:
                    state._take_back(placed, placer, skipped)
                    table = _key_table(state, 1 - placer)
                    holder += (table, _open_order(table[0]))
                    state._apply(placed)
                table, order = holder
                keys = _patched_table(table, state, 1 - placer, placed)[0]
                if self.max_branch is None:
                    ranked = _ranked_from(keys, None)
                else:
                    ranked = _ranked_patched(order, keys, _CHANGED[_slot(placed)], self.max_branch)
            self._orders[key] = ranked
        actions = list(ranked)
        # the replies that last cut the search short at this ply in other lines
        # (placements commute: a good answer there is often a good one here) come
        # next after the table's best, among the same replies
        ply = _PIECES_IN_PLAY - sum(state.supply)
        killers = self._killers.get(ply)
        if killers:
            for k in killers:
                _to_front(actions, k)
        if first is not None and not _to_front(actions, first):
            actions.insert(0, first)
        alpha0, beta0 = alpha, beta
        seat = state.to_move
        maximizing = seat == me
        value = -math.inf if maximizing else math.inf
        best = None
        passes = state.passes
        # the opponent's key table here (_key_table) and its open slots in order,
        # built by the first reply that needs them
        their_table: list = []
        # one placement before the horizon (and not the game's last placement), each
        # reply is scored by the cells it changes: the same values as evaluating
        # every reply's position in full (up to rounding), for a fraction of the work
        frontier = depth == 1 and self.evaluate is positional and sum(state.supply) > 1
        if frontier:
            # every cell's term here (adding them up in cell order is positional's sum)
            squares_left = state.supply[seat * 4: seat * 4 + 2]
            empties: list | None = [] if 1 in squares_left else None
            terms, trailing = _frontier_terms(state, me, seat, empties)
            here = self._leaves.get(key)
            if here is None:
                here = 0.0
                for t in terms:
                    here += t
                self._leaves[key] = here
            last_squares: list = [None, None]
            inf = state.influence
            supply = state.supply
        if frontier:
            nodes, cap = self._nodes, self._node_cap
            for a in actions:
                nodes += 1
                q = a.colour_index
                if a.piece == SQUARE:
                    if squares_left[q] != 1:
                        # a square changes only its own cell's term: no need to place it
                        c = a.index
                        v = here + (_square_term(state, me, c, q) - terms[c])
                    else:
                        # a side's last square of a colour: every empty cell changes, the
                        # same way wherever it goes (the terms without it, once a node)
                        without = last_squares[q]
                        if without is None:
                            without = last_squares[q] = _without_square(state, me, seat, q, terms, empties)
                        v = _last_square_value(without, state, me, a.index, q)
                else:
                    # a marker changes the cells it touches and the reach on the cells
                    # where its owner trails: their terms with its influence added and
                    # one marker fewer in hand (all a cell's term reads), not placed
                    cells = self._changed_cells(state, seat, a, trailing)
                    w = _SPOT_WEIGHT[a.index]
                    touched = SPOT_CELL_INDEXES[a.index]
                    at = (seat * 2 + q) * CELL_COUNT
                    for c in touched:
                        inf[at + c] += w
                    supply[seat * 4 + 2 + q] -= 1
                    after = _cell_terms(state, me, cells)
                    supply[seat * 4 + 2 + q] += 1
                    for c in touched:
                        inf[at + c] -= w
                    v = here
                    for c, t in zip(cells, after):
                        v += t - terms[c]
                if maximizing:
                    if v > value:
                        value, best = v, a
                    if value > alpha:
                        alpha = value
                else:
                    if v < value:
                        value, best = v, a
                    if value < beta:
                        beta = value
                if alpha >= beta:
                    self._killer(ply, a)
                    break
                if nodes >= cap:
                    break
            self._nodes = nodes
        else:
            for a in actions:
                skipped = len(passes)
                state._apply(a)
                self._nodes += 1
                child_key = source = None
                if depth >= 2 and state.to_move == 1 - seat:
                    # the reply's position will rank the opponent's placements (unless
                    # the table settles it first): from this position's table of them,
                    # patched where the reply changed it
                    child_key = (tuple(state.squares), tuple(state.markers), tuple(state.supply))
                    source = (their_table, a, seat, skipped)
                v = self._search(state, me, depth - 1, alpha, beta, child_key, source)
                state._take_back(a, seat, skipped)
                if maximizing:
                    if v > value:
                        value, best = v, a
                    if value > alpha:
                        alpha = value
                else:
                    if v < value:
                        value, best = v, a
                    if value < beta:
                        beta = value
                if alpha >= beta:
                    self._killer(ply, a)
                    break
                if self._nodes >= self._node_cap:
                    break
        if self._nodes < self._node_cap and not self._timed_out:
            flag = _UPPER if value <= alpha0 else (_LOWER if value >= beta0 else _EXACT)
            self._table[key] = (depth, flag, value, best)
        return value


    def _killer(self, ply: int, action: ClaimAction) -> None:
        """Remember ``action``, which cut the search short at ``ply``, among the last
        two such replies there."""
        killers = self._killers.setdefault(ply, [])
        if not any(k is action for k in killers):
            killers.append(action)
            if len(killers) > 2:
                del killers[0]

    @staticmethod
    def _changed_cells(state: ClaimControlState, seat: int, action: ClaimAction,
                       trailing: tuple[list[int], list[int]]) -> list[int] | None:
        """The cells whose share of :func:`positional` ``action`` (by ``seat``) can
        change, or None when it changes every empty cell (the last square of a colour
        that ``seat`` holds)."""
        k = action.colour_index
        if action.piece == SQUARE:
            if state.supply[seat * 4 + k] == 1:
                return None
            return [action.index]
        touched = SPOT_CELL_INDEXES[action.index]
        return [*touched, *(c for c in trailing[k] if c not in touched)]


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
    return TableSearch(positional, level="hard", depth=HARD_DEPTH, max_nodes=HARD_NODES,
                       order=order_actions, max_branch=10, root_branch=HARD_ROOT_BRANCH,
                       time_limit=safety_seconds(), noise=0.05, seed=seed)
