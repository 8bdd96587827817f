"""Reclaim's AI players.

Every level plans its whole turn (payments, the shape, a special action) with a
beam search over the turn's atomic actions, scoring positions with
:func:`evaluate`, a projection of the final score built from:

- the castle connection each half can still reach: the present scoring group
  grown Prim-style towards the nearest castles through squares that can still
  take a triangle, within the triangles left to pay in that half;
- a network plan (:func:`plan_network`, once per turn): a minimum tree over all
  castles with Dijkstra paths; triangles and empty section squares on its paths
  earn credit, so every payment and shape that builds towards it counts. A chain
  cannot pass through the last empty square of a section (its triangle would
  complete the section, and a completed section is territory, which links
  nothing), and a section whose empty squares all lie on the paths earns no
  credit: it would complete when the paths are filled;
- the rectangle the territory and completable sections can still become, and
  from round 8 a planned rectangle (:func:`plan_rectangle`): the largest one the
  coming payments can fill, away from the network;
- X marks (-2 each), room left to draw, the stock of squares able to pay each
  icon (the next card's icons above all, the first card's while drawing the
  starting shapes) and a cost per crossed-out number, which grows with what the
  crossed-out entries were worth.

``easy`` is greedy (beam width 1), has no network plan and uses a special
action only to rescue a payment; ``normal`` has the planner's evaluation with a
narrow beam and also uses special actions only as a rescue; ``hard`` a wide
beam that weighs every special action, plans its rectangle and counts, as
supply, only squares whose triangle would not complete a section that links
castles; alone at the table, it also searches the next turn from its best ends of
this one (the next turn's card is face up) and plays the one whose next turn ends
best, within a budget of evaluated positions.
No level reads the deck order: each plans its turns and chooses the variant's
gift on a copy whose undrawn cards (and seed) are a random guess among the unseen
ones (:meth:`ReclaimState.determinize`).

Speed without changing a choice (issue 29: at most 1 s a decision): a turn's
search evaluates a position it reached before (two payments in either order)
once; the groups of triangles and castles are remembered by the triangles and
rectangle areas by their squares; the castle growth takes in whole groups of
triangles and keeps what it has not reached per kind of square. The choices are
checked against ones recorded before (``tests/games/reclaim/test_hard_same_moves.py``,
``tools/reclaim_hard_decisions.py``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from reclaimdesk.core.agents import RandomAgent, safety_seconds, warn_capped
from reclaimdesk.core.game import GameState
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import GRID, SIZE, TRACK_LENGTH, Terrain
from reclaimdesk.games.reclaim.state import (
    FIRST_HALF_ROUNDS,
    GIFT,
    OVER,
    PAY,
    ROUNDS,
    SETUP,
    SPECIAL_SHAPE,
    SPECIAL_TRIANGLES,
    X_PENALTY,
    ReclaimState,
    Sheet,
)


@dataclass(frozen=True)
class Weights:
    """Tunable weights of the evaluation."""

    potential: float = 0.6       # weight of the connection the coming triangles could give
    budget: float = 0.5          # share of the coming payment triangles counted for connection
    rect_potential: float = 0.5  # weight of the rectangle the sections could still give
    room: float = 0.08           # per empty square next to a section (room to draw)
    cross: float = 8.0           # cost per crossed-out number (beyond its effect on the track)
    supply: float = 1.5          # per empty section square able to pay an icon (capped)
    stock: int = 3               # squares of each terrain worth the full supply value
    next_need: float = 3.0       # per icon of the next, visible card the sheet can pay
    specials: bool = True        # consider special actions freely
    beam: int = 6
    prefilter: int = 40          # full evaluation only for this many best pre-scored children
    path_tri: float = 3.0        # per triangle on the planned castle network
    path_sec: float = 1.0        # per empty section square on the planned network
    potential2: float = -1.0     # the second half's potential weight (-1: same as potential)
    budget2: float = -1.0        # the second half's budget share (-1: same as budget)
    safe: bool = False           # supply counts only squares whose triangle breaks no castle link
    anchors: bool = False        # chains avoid the last empty square of a section (it would complete it)
    rect_plan: float = 0.0       # per square of progress towards the planned rectangle (0: no plan)
    rect_from: int = 8           # the round from which the rectangle is planned
    setup_need: float = -1.0     # next_need while drawing the starting shapes (-1: the same)
    cross_drop: float = 0.0      # share of what each crossed-out entry added over the one on its left,
                                 # counted per half still to score
    reach_ahead: int = 0         # triangles beyond the budget searched for the next castle,
                                 # counted as a fraction of a castle (0: whole castles only)
    lookahead: int = 0           # best distinct ends of the turn searched one turn further (0, 1: none)
    ahead_beam: int = 4          # the beam of that next turn's search
    ahead_prefilter: int = 40    # shapes fully evaluated per position in it
    nodes: int = 0               # positions a decision evaluates before it stops looking ahead


# The evaluation normal and hard share: chains that keep an empty square in each
# section, the network plan weighted towards squares ready for triangles, a
# projection that counts more of the coming payments in the first half than in
# the second, starting shapes that can pay round 1, and a crossed-out number
# costing what it could have been worth (calibrated against the solo tiers, see
# docs/reclaim-balance.md)
_PLANNER = dict(anchors=True, path_sec=2.0, supply=0.8, potential=0.9, budget=0.7, budget2=0.4,
                setup_need=15.0, cross=14.0, cross_drop=1.0)

LEVEL_WEIGHTS = {
    # greedy, one step at a time, no network plan, special actions only to rescue a payment
    "easy": Weights(potential=0.6, budget=0.5, rect_potential=0.5, cross=8.0, path_tri=0.0,
                    path_sec=0.0, specials=False, beam=1, prefilter=12),
    # the planner's evaluation with a narrow beam, special actions only as a rescue
    "normal": Weights(beam=2, prefilter=20, specials=False, **_PLANNER),
    # the planner's evaluation with a wide beam and every special action considered;
    # it keeps squares ready for the coming payments that break no castle link
    # (``safe``) and, from round 8, aims at one rectangle of territory. Beam 16 and
    # 120 shapes fully evaluated (was 12 and 60, paid for by the cheaper evaluation):
    # on seeds 501-516 the mean rose from 89.8 to 94.1 on river and 89.3 to 93.3 on
    # lake; a beam of 20 with 80 shapes did no better, looking ahead for the next
    # castle (reach_ahead=6) no better either. It then searches the next turn
    # (whose card is the public right field card) from its 4 best distinct ends of
    # the turn, within 3000 positions a decision: on seeds 71000-71019 the median
    # rose from 91 to 120 on river and 88 to 113.5 on lake (means 95.0 to 113.2,
    # 88.7 to 101.2), mostly by keeping squares to pay the next card with, where the
    # one-turn plan had to cross out a number for a special shape
    "hard": Weights(beam=16, prefilter=120, rect_potential=1.0, safe=True, rect_plan=1.0,
                    lookahead=4, nodes=3000, **_PLANNER),
}


def _popcount(m: int) -> int:
    return m.bit_count()


# The grid's bit operations inlined with module constants: the planner evaluates
# thousands of positions a decision, and ``GRID.grow``'s property look-ups were a
# third of its time (cProfile on a hard decision).
_COLS = GRID.cols
_FULL = GRID.full_mask
_NOT_FIRST = GRID._not_first_col
_NOT_LAST = GRID._not_last_col


def _grow(mask: int) -> int:
    """``GRID.grow``: the squares edge-adjacent to ``mask``, outside it."""
    return (((mask >> _COLS) | (mask << _COLS) | ((mask & _NOT_FIRST) >> 1)
             | ((mask & _NOT_LAST) << 1)) & _FULL & ~mask)


def _flood(seed_mask: int, within: int) -> int:
    """``GRID.flood``: the squares of ``within`` connected to ``seed_mask`` through it."""
    reached = seed_mask & within
    while True:
        more = (((reached >> _COLS) | (reached << _COLS) | ((reached & _NOT_FIRST) >> 1)
                 | ((reached & _NOT_LAST) << 1)) & within & ~reached)
        if not more:
            return reached
        reached |= more


_MEMO_SIZE = 1 << 12  # entries each memo keeps before it starts again (a few MB at most)
_GROUPS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}


def _castle_groups(castles: int, tri: int) -> tuple[tuple[int, int], ...]:
    """The edge-connected groups of ``tri | castles`` that hold a castle, as
    ``(group, castles in it)``, in the order of their lowest castle: what
    :func:`_max_castles`, :func:`_reach_steps` and :func:`_unsafe_squares` each
    flooded for themselves. Remembered by the triangles (drawing a shape or
    crossing out a number leaves them as they were, so most positions of a
    search share their parent's groups)."""
    key = (castles, tri)
    groups = _GROUPS.get(key)
    if groups is None:
        nodes = tri | castles
        found = []
        rest = castles
        while rest:
            low = rest & -rest
            group = _flood(low, nodes)
            rest &= ~group
            found.append((group, _popcount(group & castles)))
        groups = tuple(found)
        if len(_GROUPS) >= _MEMO_SIZE:
            _GROUPS.clear()
        _GROUPS[key] = groups
    return groups


def _group_of(castles: int, tri: int, castle: int) -> int:
    """The group of ``tri | castles`` that holds the castle square ``castle``."""
    for group, _n in _castle_groups(castles, tri):
        if group & castle:
            return group
    raise AssertionError("not a castle square")


_TRI_GROUPS: dict[int, tuple[int, ...]] = {}


def _tri_groups(tri: int) -> tuple[int, ...]:
    """The edge-connected groups of the triangles ``tri``, remembered."""
    groups = _TRI_GROUPS.get(tri)
    if groups is None:
        found = []
        rest = tri
        while rest:
            group = _flood(rest & -rest, tri)
            rest &= ~group
            found.append(group)
        groups = tuple(found)
        if len(_TRI_GROUPS) >= _MEMO_SIZE:
            _TRI_GROUPS.clear()
        _TRI_GROUPS[tri] = groups
    return groups


_RECT_AREAS: dict[int, int] = {}


def _rect_area(solid: int) -> int:
    """``GRID.largest_rectangle_area(solid, 2)``, remembered: the territory (and
    what the sections could add to it) changes only when a section completes."""
    area = _RECT_AREAS.get(solid)
    if area is None:
        area = GRID.largest_rectangle_area(solid, 2)
        if len(_RECT_AREAS) >= _MEMO_SIZE:
            _RECT_AREAS.clear()
        _RECT_AREAS[solid] = area
    return area


def _max_castles(state: ReclaimState, nodes: int, need: int) -> int:
    """Largest number of castles in one edge-connected group of ``nodes`` (which
    include the castles) that contains at least one square of ``need``."""
    castles = state.castle_mask
    best = 0
    if nodes == need | castles and not need & castles:  # the triangles' groups (evaluate's question)
        for group, n in _castle_groups(castles, need):
            if group & need and n > best:
                best = n
        return best
    rest = castles
    while rest:
        low = rest & -rest
        group = _flood(low, nodes)
        rest &= ~group
        if group & need:
            n = _popcount(group & castles)
            if n > best:
                best = n
    return best


def _closing_squares(state: ReclaimState, sheet: Sheet) -> int:
    """The last empty square of each section (grass excepted: no payment goes
    there): its triangle would complete the section and turn the section's
    triangles into territory, so a chain of triangles cannot pass through it."""
    grass = state.terrain_masks[Terrain.GRASS]
    closing = 0
    for sec in sheet.sections:
        left = sec & ~sheet.tri & ~sheet.terr
        if left and left & (left - 1) == 0 and not left & grass:
            closing |= left
    return closing


def _reach_steps(state: ReclaimState, sheet: Sheet, budget: int, closing: int = 0,
                 ahead: int = 0) -> tuple[int, list[tuple[int, int]]]:
    """How many castles one group could join if ``budget`` more triangles went on
    the best squares: grow the present best group (or the centre castle) towards
    the nearest other castle through squares that can still take a triangle
    (section squares and empty map squares of a paying terrain), Prim-style,
    while the distance fits the budget.

    Returns the castles of the starting group and, for each castle joined, the
    triangles it took and the castles joined so far: the growth does not depend
    on the budget until the budget runs out, so one run with the largest budget
    answers every smaller one (:func:`_castles_within`). With ``ahead``, the search
    looks that many triangles beyond the budget for the next castle, whose step
    ends the list (a castle part of the way there counts as a fraction)."""
    castles = state.castle_mask
    nodes = sheet.tri | castles
    best_group = 0
    best_n = 0
    for group, n in _castle_groups(castles, sheet.tri):
        if group & sheet.tri and n > best_n:
            best_n, best_group = n, group
    if not best_group:
        best_group = _flood(state.centre_bit, nodes)
    grass = state.terrain_masks[Terrain.GRASS]
    # a section square still free of triangles costs one triangle; a bare map square
    # costs two steps (a shape must be drawn there first)
    sect = sheet.empty_section_squares & ~grass & ~closing
    free = _FULL & ~(castles | sheet.occupied | sheet.xs | grass)
    tree = best_group
    start = _popcount(tree & castles)
    steps: list[tuple[int, int]] = []
    tri = sheet.tri
    parts = None  # the groups of triangles, looked up when the growth first meets one
    cols, not_first, not_last = _COLS, _NOT_FIRST, _NOT_LAST
    while budget > 0:
        # what the growth has not reached yet, kept per kind of square (the
        # triangles, the section squares at one step, the bare squares at two,
        # these also apart from those waiting for their second step): each mask
        # loses what is reached, so no square is reached twice
        tri_left = tri & ~tree
        sect_left = sect & ~tree
        free_left = free & ~tree
        frontier = tree
        pending = 0
        dist = 0
        hit = 0
        targets = castles & ~tree
        while dist <= budget + ahead:
            # triangles already drawn are free steps: the frontier floods through
            # those next to it. ``reach`` is the frontier's growth without
            # ``& _FULL & ~frontier``: every use below masks it with squares of
            # the map not reached yet (the frontier's castles are the tree's)
            reach = ((frontier >> cols) | (frontier << cols) | ((frontier & not_first) >> 1)
                     | ((frontier & not_last) << 1))
            touched = reach & tri_left
            if touched:
                # the flood takes in each group of triangles the frontier touches
                # (two groups never touch; the growth reaches whole groups)
                if parts is None:
                    parts = _tri_groups(tri)
                for part in parts:
                    if part & touched:
                        frontier |= part
                tri_left &= ~frontier
                reach = ((frontier >> cols) | (frontier << cols) | ((frontier & not_first) >> 1)
                         | ((frontier & not_last) << 1))
            hit = reach & targets
            if hit:
                break
            fast = reach & sect_left
            sect_left ^= fast
            slow = reach & free_left
            free_left ^= slow
            frontier = fast | pending
            pending = slow
            if not frontier and not pending:
                break
            dist += 1
        if not hit:
            break
        one = hit & -hit
        joined = _group_of(castles, tri, one)  # _flood(one, nodes), remembered
        if dist > budget:
            steps.append((dist, _popcount((tree | joined) & castles)))
            break
        budget -= dist
        tree |= joined | one
        steps.append((dist, _popcount(tree & castles)))
    return start, steps


def _castles_within(start: int, steps: list[tuple[int, int]], budget: int, ahead: int = 0) -> float:
    """The castles :func:`_reach_steps`' growth joins within ``budget`` triangles;
    with ``ahead``, the castles of the next step, if at most ``ahead`` triangles
    beyond the budget, count for the share of their way the budget covers (so
    that every step along a path counts)."""
    count: float = start
    for dist, after in steps:
        if budget <= 0:
            break
        if dist > budget:
            if dist <= budget + ahead:
                count += (after - count) * budget / (dist + 1)
            break
        budget -= dist
        count = after
    return count


def _reachable_castles(state: ReclaimState, sheet: Sheet, budget: int, closing: int = 0) -> float:
    """How many castles one group could join if ``budget`` more triangles went on
    the best squares (see :func:`_reach_steps`)."""
    return _castles_within(*_reach_steps(state, sheet, budget, closing), budget)


@dataclass(frozen=True)
class Network:
    """The castle network a player aims for this turn: the squares of the paths
    of a minimum tree over the castles (cheapest first), by priority."""

    paths: tuple[int, ...]  # one mask of path squares per link, cheapest link first
    mask: int = 0           # all of them together

    def credit(self, mask: int) -> float:
        """Squares of ``mask`` on the planned paths, earlier links counting more."""
        total = 0.0
        for k, path in enumerate(self.paths):
            if mask & path:
                total += _popcount(mask & path) * (1.0 if k < 3 else 0.7 if k < 5 else 0.4)
        return total


_INF = 1 << 30


def plan_network(state: ReclaimState, sheet: Sheet, anchors: bool = False,
                 cost_extra: dict | None = None) -> Network:
    """Prim's tree over the castles with Dijkstra paths, where a square costs
    0 with a triangle, 1 as an empty section square of a paying terrain, 2 as a
    bare square of a paying terrain, 4 as grass; territory and X block.
    ``cost_extra`` (key -> (mask, cost)) adds ``cost`` to the open squares of
    ``mask`` that hold no triangle yet (the solver's supply-aware network; the
    AI passes none)."""
    import heapq

    castles = state.castle_mask
    grass = state.terrain_masks[Terrain.GRASS]
    blocked = sheet.terr | sheet.xs
    if anchors:
        blocked |= _closing_squares(state, sheet)
    size = GRID.size
    cost = [0] * size
    for i in range(size):
        bit = 1 << i
        if bit & blocked:
            cost[i] = _INF
        elif bit & (sheet.tri | castles):
            cost[i] = 0
        elif bit & grass:
            cost[i] = 4
        elif bit & sheet.occupied:
            cost[i] = 1
        else:
            cost[i] = 2
    if cost_extra:
        for mask, add in cost_extra.values():
            for i in GRID_INDEXES(mask & ~sheet.tri & ~castles & ~blocked):
                cost[i] += add
    nodes = sheet.tri | castles
    best_group, best_n = 0, 0
    rest = castles
    while rest:
        low = rest & -rest
        group = _flood(low, nodes)
        rest &= ~group
        if group & sheet.tri and _popcount(group & castles) > best_n:
            best_n, best_group = _popcount(group & castles), group
    tree = best_group or _flood(state.centre_bit, nodes)
    neighbours = _NEIGHBOURS
    paths = []
    while castles & ~tree:
        dist = [_INF] * size
        prev = [-1] * size
        heap = []
        for i in GRID_INDEXES(tree):
            dist[i] = 0
            heap.append((0, i))
        heapq.heapify(heap)
        target = -1
        while heap:
            d, i = heapq.heappop(heap)
            if d > dist[i]:
                continue
            if (1 << i) & castles and not (1 << i) & tree:
                target = i
                break
            for j in neighbours[i]:
                c = cost[j]
                if c >= _INF:
                    continue
                nd = d + c
                if nd < dist[j]:
                    dist[j] = nd
                    prev[j] = i
                    heapq.heappush(heap, (nd, j))
        if target < 0:
            break
        path = 0
        i = prev[target]
        while i >= 0 and not (1 << i) & tree:
            path |= 1 << i
            i = prev[i]
        paths.append(path & ~castles & ~sheet.tri)
        tree |= path | (1 << target) | _flood(1 << target, nodes)
    whole = 0
    for path in paths:
        whole |= path
    return Network(tuple(paths), whole)


def _rectangles() -> list[tuple[int, int]]:
    """Every rectangle of at least 2x2 squares and at most 30, as (mask, area)."""
    out = []
    n = SIZE
    for r0 in range(n - 1):
        for c0 in range(n - 1):
            for h in range(2, n - r0 + 1):
                for w_ in range(2, n - c0 + 1):
                    if h * w_ > 30:
                        break
                    m = 0
                    for r in range(r0, r0 + h):
                        for c in range(c0, c0 + w_):
                            m |= GRID.bit((r, c))
                    out.append((m, h * w_))
    out.sort(key=lambda t: -t[1])
    return out


_RECTANGLES: list[tuple[int, int]] = []


def plan_rectangle(state: ReclaimState, sheet: Sheet, network: "Network | None", budget: float) -> int:
    """The rectangle a player aims to fill with territory: the largest one whose
    missing squares fit within ``budget`` triangles. It holds no X, no grass
    that is not territory yet (no payment can fill it), no triangle of the
    scoring group and no square of the planned castle network; the sections it
    cuts must be completed too, so their outside squares count."""
    if not _RECTANGLES:
        _RECTANGLES.extend(_rectangles())
    castles = state.castle_mask
    grass = state.terrain_masks[Terrain.GRASS]
    _, group = state.connected_castles(sheet)
    forbidden = sheet.xs | (grass & ~sheet.terr) | (group & sheet.tri)
    if network is not None:
        forbidden |= network.mask
    free_solid = sheet.terr | castles
    best, best_value = 0, 0.0
    for mask, area in _RECTANGLES:
        if area <= best_value:
            break
        if mask & forbidden:
            continue
        need = mask & ~free_solid
        cost = _popcount(need & ~sheet.tri)  # triangles still to draw inside
        cost += 0.5 * _popcount(need & ~sheet.occupied)  # squares with no section yet
        if cost > budget:
            continue
        for sec in sheet.sections:
            if sec & mask and sec & ~mask:
                outside = sec & ~mask & ~sheet.tri & ~sheet.terr
                if outside & grass:
                    cost = budget + 1
                    break
                cost += _popcount(outside)
        if cost > budget:
            continue
        best, best_value = mask, area
    return best


def GRID_INDEXES(mask: int) -> list[int]:  # noqa: N802 - mirrors GRID
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_NEIGHBOURS = [
    [GRID.index(n) for n in GRID.neighbours(GRID.cell_at(i))] for i in range(GRID.size)
]


def evaluate(state: ReclaimState, seat: int, w: Weights = LEVEL_WEIGHTS["hard"],
             network: Network | None = None, rect_target: int = 0) -> float:
    """A projection of ``seat``'s final score from the present position."""
    sheet: Sheet = state.sheets[seat]
    track = state.track
    crossed = sheet.crossed
    castles = state.castle_mask
    over = state.phase == OVER
    round_no = max(state.round, 1)

    now = _max_castles(state, sheet.tri | castles, sheet.tri)
    # one pass over the sections for what four loops asked of each (the same
    # answers as _closing_squares, _unsafe_squares and the loops below had)
    tri, terr = sheet.tri, sheet.terr
    grass = state.terrain_masks[Terrain.GRASS]
    doomed_wanted = not over and network is not None and w.path_tri and w.anchors
    on_path = network.mask if doomed_wanted else 0  # (0: nothing doomed)
    linking = 0  # the triangles of the groups that link castles
    if w.safe and not over and state.round < ROUNDS:
        for group, n in _castle_groups(castles, tri):
            if n >= 2:
                linking |= group & tri
    closing = completable = doomed = unsafe = 0
    for sec in sheet.sections:
        left = sec & ~tri & ~terr
        if not left & grass:
            if not sec & terr:
                completable |= sec  # no grass left empty: payments can complete it
            if left and not left & (left - 1):
                closing |= left  # its last empty square
                if sec & linking:
                    unsafe |= left
        if left and not left & ~on_path:
            doomed |= sec  # every empty square on the planned paths
    if not w.anchors:
        closing = 0
    left1 = max(0, FIRST_HALF_ROUNDS - round_no) if state.round >= 1 else FIRST_HALF_ROUNDS
    left2 = max(0, ROUNDS - round_no) if state.round >= 1 else ROUNDS

    reach: list = []  # one growth for both halves (_reach_steps), made on first use

    def projected(half_done: int | None, budget: int, potential: float) -> float:
        if half_done is not None:
            return half_done
        if not potential or budget <= 0:
            return track.points_for(now, crossed)
        if not reach:
            reach.extend(_reach_steps(state, sheet, max(budget, budget_h2), closing, w.reach_ahead))
        could = max(now, _castles_within(reach[0], reach[1], budget, w.reach_ahead))
        whole = int(could)
        part = could - whole
        could_points = track.points_for(whole, crossed)
        if part:
            could_points += part * (track.points_for(whole + 1, crossed) - could_points)
        return (1 - potential) * track.points_for(now, crossed) + potential * could_points

    budget2 = w.budget if w.budget2 < 0 else w.budget2
    potential2 = w.potential if w.potential2 < 0 else w.potential2
    budget_h2 = int(2 * left1 * w.budget + 4 * (left2 - left1) * budget2) if sheet.half2 is None else 0
    h1 = projected(sheet.half1, int(2 * left1 * w.budget), w.potential)
    h2 = projected(sheet.half2, budget_h2, potential2)

    solid = sheet.terr | castles
    rect = _rect_area(solid)
    if over:
        rect_value = rect if rect else -5.0
    else:
        # what the rectangle can still become: sections with no grass left empty
        # can be completed by payments, so count them at a discount that grows as
        # the rounds to complete them run out
        if left2 <= 0:
            completable = 0
        maybe = _rect_area(solid | completable) if completable else rect
        share = w.rect_potential * min(1.0, left2 / 6.0)
        expected = rect + share * max(0, maybe - rect)
        rect_value = expected if expected >= 4 else -5.0 + (expected / 4.0) * 9.0
    xs = -X_PENALTY * _popcount(sheet.xs)
    value = h1 + h2 + rect_value + xs
    if not over:
        if w.room:
            empty = _FULL & ~(castles | sheet.occupied | sheet.xs)
            value += w.room * _popcount(_grow(sheet.occupied) & empty)
        value -= w.cross * crossed
        if w.cross_drop and crossed:
            halves = (sheet.half1 is None) + (sheet.half2 is None)
            entries = track.entries
            drop = sum(entries[k].points - entries[k - 1].points
                       for k in range(TRACK_LENGTH - crossed, TRACK_LENGTH) if k >= 1)
            value -= w.cross_drop * drop * halves / 2
        value += _supply_value(state, sheet, w, unsafe)
        if rect_target:
            # progress towards the planned rectangle: territory, triangles and
            # section squares inside it
            value += w.rect_plan * (_popcount(sheet.terr & rect_target)
                                    + 0.6 * _popcount(sheet.tri & rect_target)
                                    + 0.3 * _popcount(sheet.empty_section_squares & rect_target))
        if network is not None and w.path_tri:
            # live triangles on the planned paths, and section squares ready for them
            if w.anchors:
                # a section whose empty squares all lie on the planned paths would
                # complete when the paths are filled: its squares cannot carry the chain
                value += w.path_tri * network.credit(sheet.tri & ~doomed)
                value += w.path_sec * network.credit(sheet.empty_section_squares & ~doomed)
            else:
                value += w.path_tri * network.credit(sheet.tri)
                value += w.path_sec * network.credit(sheet.empty_section_squares)
    return value


_ICON_TERRAINS = (Terrain.FOREST, Terrain.FIELD, Terrain.MOUNTAIN, Terrain.WATER)


def _supply_value(state: ReclaimState, sheet: Sheet, w: Weights, unsafe: int | None = None) -> float:
    """Empty section squares that can pay future costs: a stock of each terrain
    (worth less beyond a few squares), and above all the icons of the card that
    will be paid next (the right field card, face up for everyone). ``unsafe``:
    :func:`_unsafe_squares` when the caller has it."""
    empty = sheet.empty_section_squares
    if state.round >= ROUNDS:
        return 0.0
    if w.safe:
        empty &= ~(_unsafe_squares(state, sheet) if unsafe is None else unsafe)
    value = 0.0
    stock = {}
    for t in _ICON_TERRAINS:
        n = _popcount(empty & state.terrain_masks[t])
        stock[t] = n
        value += w.supply * min(n, w.stock) + 0.3 * w.supply * max(0, min(n, 2 * w.stock) - w.stock)
    if w.next_need:
        # the icons to pay next: during a turn, the right field card's (face up);
        # at the start of a turn, the left card's (it was face up last round);
        # during setup, the left card's, paid in round 1 from the starting sections
        if state.phase == SETUP or (state.phase == PAY and len(state.unpaid) == len(state.costs())):
            nxt = state.field[0]
        else:
            nxt = state.field[1]
        upcoming = state.cards[nxt].cost
        need = w.setup_need if state.phase == SETUP and w.setup_need >= 0 else w.next_need
        left = dict(stock)
        for icon in upcoming:
            t = icon.terrain
            if left[t] > 0:
                left[t] -= 1
                value += need
    return value


def _unsafe_squares(state: ReclaimState, sheet: Sheet) -> int:
    """Empty section squares whose triangle would complete a section that links
    castles (its triangles would turn into territory and cut the link): the last
    paying square of such a section. A section with an empty grass square can
    never be completed by payment, so none of its squares is unsafe."""
    linking = 0
    for group, n in _castle_groups(state.castle_mask, sheet.tri):
        if n >= 2:
            linking |= group & sheet.tri
    if not linking:
        return 0
    grass = state.terrain_masks[Terrain.GRASS]
    unsafe = 0
    for sec in sheet.sections:
        if sec & linking:
            left = sec & ~sheet.tri & ~sheet.terr
            if left and not left & grass and _popcount(left) == 1:
                unsafe |= left
    return unsafe


def _evaluation_key(state: ReclaimState, seat: int) -> tuple:
    """Everything :func:`evaluate` reads of a position, for a given seat, weights,
    network and planned rectangle (the map, track and cards are the game's): the
    seat's sheet (its sections, triangles, territory, X marks, how many numbers are
    crossed out, the halves scored), the round, the phase, how many icons are left
    to pay and the field cards (the next card's icons)."""
    sheet = state.sheets[seat]
    return (tuple(sheet.sections), sheet.occupied, sheet.tri, sheet.terr, sheet.xs,
            len(sheet.crossings), sheet.half1, sheet.half2, state.round, state.phase,
            len(state.unpaid), tuple(state.field))


def _prescore(state: ReclaimState, seat: int) -> float:
    """Cheap score for pruning placements: X marks are costly, room is good."""
    sheet = state.sheets[seat]
    empty = _FULL & ~(state.castle_mask | sheet.occupied | sheet.xs)
    return -3 * _popcount(sheet.xs) + 0.1 * _popcount(_grow(sheet.occupied) & empty)


def _step(state: ReclaimState, action: ReclaimAction) -> ReclaimState:
    """``state.child(action)`` for an action of ``state.legal_actions()``: the
    rules' own step without asking them again whether it is legal (a tenth of a
    search's time went to that question)."""
    child = state.clone()
    child._apply(action)
    child.history.append(action)
    return child


def expand(node: ReclaimState, actions: list[ReclaimAction], prefilter: int, seat: int,
           step: Callable[[ReclaimState, ReclaimAction], ReclaimState] = _step,
           ) -> tuple[list[tuple[ReclaimAction, ReclaimState]], bool]:
    """One step of a beam: each of ``actions`` with the state it leads to. Shapes
    beyond the ``prefilter`` best by :func:`_prescore` (for ``seat``; ties keep the
    actions' order) are dropped; every other action is kept. Returns the pairs and
    whether any shape was dropped. The planner and the solver both step this way."""
    shaped = [a for a in actions if a.kind == "shape"]
    others = [a for a in actions if a.kind != "shape"]
    cut = len(shaped) > prefilter
    if cut:
        pre = sorted(((_prescore(c, seat), i, a, c) for i, (a, c) in
                      enumerate((a, step(node, a)) for a in shaped)),
                     key=lambda t: (-t[0], t[1]))[:prefilter]
        stepped = [(a, c) for _, _, a, c in pre]
    else:
        stepped = [(a, step(node, a)) for a in shaped]
    stepped += [(a, step(node, a)) for a in others]
    return stepped, cut


class ReclaimAgent:
    """Plans the rest of its turn, then plays the plan action by action (replanning
    whenever the position is not the one the plan expects)."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.weights = LEVEL_WEIGHTS[level]
        self.rng = Rng(seed)
        self._plan: list[ReclaimAction] = []
        self._plan_at = -1
        self._nodes = 0  # positions evaluated by the decision being made

    def choose(self, state: GameState) -> Hashable:
        assert isinstance(state, ReclaimState)
        if self._plan and self._plan_at == len(state.history):
            action = self._plan[0]
            if state.why_illegal(action) == "":
                self._plan.pop(0)
                self._plan_at += 1
                return action
        plan = self.plan_turn(state)
        self._plan = plan[1:]
        self._plan_at = len(state.history) + 1
        return plan[0]

    # --- planning ----------------------------------------------------------
    def plan_turn(self, state: ReclaimState) -> list[ReclaimAction]:
        """The best sequence of actions until this seat's turn (or step) ends."""
        seat = state.current_player
        if state.phase == GIFT:
            return [self._gift(state)]
        w = self.weights
        # Search on a copy whose undrawn deck is a random guess from the unseen
        # cards: when a simulated turn ends, the card it reveals is a sample, never
        # the real next card.
        state = state.determinize(seat, self.rng)
        self._nodes = 0
        finished = self._search(state, seat, w.beam, w.prefilter)
        if not finished:  # cannot happen: every turn ends
            return [state.legal_actions()[0]]  # type: ignore[list-item]
        best = max(finished, key=lambda f: f[0])
        if w.lookahead > 1:
            best = self._look_ahead(finished, seat, best)
        return best[2]

    def _look_ahead(self, finished: list, seat: int, best: tuple) -> tuple:
        """The turn, among the ``lookahead`` best distinct ends of this one, whose
        next turn (searched with the ``ahead_beam`` and ``ahead_prefilter`` widths
        on the same determinized copy: its next card is the public right field
        card, the one revealed after it a guess) ends best. A look-ahead begins
        only while the decision's evaluated positions, plus as many as its dearest
        look-ahead so far took, stay within ``nodes`` (so the budget bounds the
        decision, not just where its last look-ahead begins; the clock only as a
        logged safety cap); the first candidate is the turn's own best, so without
        budget the choice is the one-turn plan."""
        w = self.weights
        ranked = sorted(range(len(finished)), key=lambda k: (-finished[k][0], k))
        seen: set = set()
        candidates = []
        for k in ranked:
            value, child, path = finished[k]
            if child.phase == OVER or child.current_player != seat or child.phase == GIFT:
                return best  # the game ends, or another seat moves next: nothing to look at
            key = child.sheets[seat].key()
            if key in seen:
                continue
            seen.add(key)
            candidates.append(finished[k])
            if len(candidates) >= w.lookahead:
                break
        if len(candidates) < 2:
            return best
        deadline = time.perf_counter() + safety_seconds()
        chosen, chosen_value = best, None
        dearest = 0  # the most positions one look-ahead of this decision has taken
        for done, (value, child, path) in enumerate(candidates):
            if self._nodes + dearest >= w.nodes:
                break  # another look-ahead as dear as the dearest would pass the budget
            if time.perf_counter() > deadline:
                warn_capped("reclaim", self.level, safety_seconds(), done, len(candidates), "look-aheads")
                break
            before = self._nodes
            after = self._search(child, seat, w.ahead_beam, w.ahead_prefilter)
            dearest = max(dearest, self._nodes - before)
            if not after:
                continue
            ahead = max(f[0] for f in after)
            if chosen_value is None or ahead > chosen_value:
                chosen, chosen_value = (value, child, path), ahead
        return chosen

    def _search(self, state: ReclaimState, seat: int, width: int, prefilter: int,
                ) -> list[tuple[float, ReclaimState, list[ReclaimAction]]]:
        """Beam search over the rest of ``seat``'s turn from ``state``: every
        finished line with its value (counting evaluated positions in ``_nodes``)."""
        w = self.weights
        network = plan_network(state, state.sheets[seat], w.anchors) if w.path_tri else None
        rect_target = 0
        if w.rect_plan and state.round >= w.rect_from:
            left2 = ROUNDS - max(state.round, 1) + 1
            rect_target = plan_rectangle(state, state.sheets[seat], network, 0.6 * 4 * min(left2, 6))
        beam: list[tuple[float, ReclaimState, list[ReclaimAction]]] = [(0.0, state, [])]
        finished: list[tuple[float, ReclaimState, list[ReclaimAction]]] = []
        start_round = state.round
        # Paying two icons in either order (or a special action's triangles) reaches
        # the same position: about half the positions of a turn's search come twice.
        # Their value is looked up, not evaluated again (the network, the planned
        # rectangle, the seat and the weights are the search's own; the key holds
        # everything else evaluate reads), so the values, and the choice, are those
        # of evaluating each one; each still counts as a position evaluated.
        values: dict[tuple, float] = {}
        # Likewise the beam often holds one position twice (reached by two lines of
        # equal value): its actions and the positions they lead to are the same,
        # so they are stepped once and shared by both lines (no search changes a
        # position once made; what differs, the line's history, the search never
        # reads). They count as evaluated each time. (Kept for one step of the
        # beam: a position comes again after as many actions.)
        while beam:
            expanded: dict[Hashable, list[tuple[ReclaimAction, ReclaimState, float, bool]]] = {}
            children: list[tuple[float, ReclaimState, list[ReclaimAction]]] = []
            for _, node, path in beam:
                node_key = node.state_key()
                stepped = expanded.get(node_key)
                if stepped is None:
                    actions = node.legal_actions()
                    if not w.specials and node.phase not in (SPECIAL_TRIANGLES, SPECIAL_SHAPE):
                        actions = self._without_free_specials(node, actions)
                    pairs, _cut = expand(node, actions, prefilter, seat)
                    stepped = []
                    for a, child in pairs:
                        key = _evaluation_key(child, seat)
                        value = values.get(key)
                        if value is None:
                            value = values[key] = evaluate(child, seat, w, network, rect_target)
                        stepped.append((a, child, value, self._turn_over(child, seat, start_round, node)))
                    expanded[node_key] = stepped
                self._nodes += len(stepped)
                for a, child, value, over in stepped:
                    if over:
                        finished.append((value, child, path + [a]))
                    else:
                        children.append((value, child, path + [a]))
            children.sort(key=lambda t: -t[0])
            beam = children[:width]
            if finished and beam and beam[0][0] < max(f[0] for f in finished) - 30:
                break
        return finished

    @staticmethod
    def _turn_over(child: ReclaimState, seat: int, start_round: int, parent: ReclaimState) -> bool:
        if child.phase == OVER or child.current_player != seat:
            return True
        if child.round != start_round:
            return True
        if parent.phase == SETUP:
            return child.phase != SETUP
        return False

    @staticmethod
    def _without_free_specials(node: ReclaimState, actions: list) -> list:
        """Easy and normal use a special action only to rescue a failing payment."""
        rescue = any(a.kind == "pass" for a in actions) and node.phase == "pay"
        if rescue:
            return actions
        kept = [a for a in actions if not a.kind.startswith("special-")]
        return kept or actions

    def _gift(self, state: ReclaimState) -> ReclaimAction:
        """Variant: the triangle that leaves the neighbour's projection lowest,
        judged on a determinized copy (the real next card is hidden)."""
        target = state.gift_target(state.current_player)
        state = state.determinize(state.current_player, self.rng)
        options = state.legal_actions()
        scored = [(evaluate(_step(state, a), target, self.weights), i, a) for i, a in enumerate(options)]
        return min(scored)[2]


def make_agent(level: str, seed: int):
    if level == "random":
        return RandomAgent(seed)
    if level not in LEVEL_WEIGHTS:
        raise ValueError(f"unknown AI level '{level}'")
    return ReclaimAgent(level, seed)


__all__ = ["ReclaimAgent", "Weights", "evaluate", "make_agent", "TRACK_LENGTH"]
