"""The best score this deck allowed: a search with hindsight (issue 23).

**This solver reads the real deck order.** It is hindsight, for a finished solo game's
review ("this deck allowed at least N"): it is never used as a player and no AI level
calls it. It plays a solo sheet from a position (normally the start of the record's
game) through the engine's own rules (``legal_actions``, ``child``) and scores with the
engine's own ``scores()``: no second scoring.

The solver keeps the best of three lines (:func:`solve`), all scored by the real
final score:

- the hard AI's own line on this deck (the game's public agent API, seeded as
  ``reclaimdesk play`` seeds it; the AI itself reads no undrawn card), repaired
  where a few turns changed together pay (:func:`_repairs`): the castle repair
  (:func:`_castle_repair`) moves first-half payments onto the one or two squares
  that would join another castle by round 10 (drawing an earlier turn's shape
  over them if they are no section's yet): 16 points when it makes all nine; the
  rectangle repair (:func:`_rectangle_repair`) moves payments onto the squares
  that complete a larger rectangle (drawing a shape that got no triangle over its
  uncovered squares instead); when the repairs change nothing, the opening
  planned again (:func:`_prefix_replan`) and, for a line that joins fewer than
  every castle at round 10, the first half planned again keeping only positions
  whose castles the first half's icons can still pay in time
  (:func:`_network_replan`), and for a line that joins them all, a larger
  rectangle through a section that cannot be completed, an earlier turn's shape
  drawn over its squares (:func:`_rect_through`). Otherwise a large-neighbourhood search
  (:func:`_neighbourhood`): from the last round back, the best distinct ends of
  one round's turn, each followed by the rest of the line replayed (each later
  turn as it was where it is still legal, else planned again narrowly), the line
  replaced whenever a replayed line scores more. The neighbourhood changes one
  turn; the hard AI's line is often locally best for that (a joined castle or a
  larger rectangle needs a shape drawn in one turn and a payment made on it in
  another), which is what the repairs change. The solver never scores less than
  that AI;
- a forward beam of its own over the whole known deck (:data:`FORWARD`), on a
  second process while the first line is played;
- the hard AI's line again, on the second process once the first has played it:
  unrepaired, its neighbourhood searched (:func:`_rect_part`): a change the
  neighbourhood search finds on the hard AI's own line may no longer pay on the
  repaired one. (Before the repairs this line was a search of the last rounds
  aimed at larger rectangles; with the repairs it was never the only best line on
  the 27 decks measured, so it was replaced and removed.)

Inside a turn the searches step the hard planner's beam (:func:`ai.evaluate`, shapes
pre-scored also by what they add to the turn's castle network and rectangle
plans); between turns, positions compare by :meth:`_Search.value`, a function of
the position alone (the hard evaluation with the plans of the turn it begins), and
finished lines by their real score. Each line's ending is then polished with what
its share of the budget (:data:`SHARES`) leaves: from the last round back, the
line's position at the start of each round is searched again with a beam over
whole turns (:data:`POLISH`) and a better ending replaces the line's. The budget is
counted in evaluated positions (nodes, measured in ``reclaimdesk bench`` and
``tools/reclaim_solver.py``): the same search on any machine under any load, on one
process or two; a wall-clock cap is only a safety net (past it the search finishes
with what it has).

The result is exact only when nothing was ever cut (every legal line was followed:
small end-game positions); otherwise it is a lower bound, reported with
:func:`upper_bound`, a relaxation: each half's castle points at most those of every
castle joined, with no number crossed out beyond the specials that buy triangles, and
the largest rectangle whose missing squares the deck's coming costs and those
specials' triangles could all fill, counted by kind (a square of a kind
beyond the icons of that kind still to pay, or of grass, needs a special's
triangle).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from reclaimdesk.games.reclaim import ai
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import GRID, SIZE, TRACK_LENGTH, Terrain
from reclaimdesk.games.reclaim.state import (
    FIRST_HALF_ROUNDS,
    NO_RECTANGLE_POINTS,
    OVER,
    ROUNDS,
    SETUP,
    SPECIAL_SHAPE,
    SPECIAL_TRIANGLES,
    X_PENALTY,
    ReclaimState,
)

DEFAULT_NODES = 100_000
"""Evaluated positions per solve after the incumbent line, shared by the three
searches (:data:`SHARES`; ``reclaimdesk bench`` measures the time this takes:
within 20 s on an idle 2-core machine)."""
INNER_BEAM = 4
"""Positions kept at each step inside a turn (distinct positions: paying two squares
in either order is one position)."""
PREFILTER = 30
"""Shape placements fully evaluated per position (the best by the planner's cheap
pre-score)."""
PATH_PREFILTER = 2.0
"""Pre-score per square a shape adds to the turn's planned castle network (times
the network's priority of that path)."""
RECT_PREFILTER = 0.5
"""Pre-score per square a shape adds to the turn's planned rectangle."""
TIME_CAP = 18.0
"""Seconds (from the start, the incumbent line included) after which the polish
finishes the line it is on with a narrow planner and stops (a safety cap only: the
node budget ends the search first on an idle machine)."""


class Solution:
    """What the solver found: ``best`` (a reachable final score: the line ``actions``
    from the position solved reaches it), ``exact`` (True only when the search cut
    nothing, so no line scores more), ``upper`` (a proven upper bound), ``nodes``
    (positions evaluated), ``capped`` (the safety clock cut the search),
    ``incumbent`` (the score of the line the search started from, the hard AI's on
    this deck unless another was given; None for an exhaustive search) and
    ``cpu`` (CPU seconds of each part wherever it ran: ``incumbent``, ``main`` (the
    first process's, the incumbent included), ``forward`` (the second process's
    start included when it has one) and ``unrepaired``: on two processes the
    wall clock is about the larger of ``main`` and the later of ``forward`` and
    ``incumbent`` plus ``unrepaired``; on one, the sum)."""

    def __init__(self, best: int, actions: list[str], exact: bool, upper: int, nodes: int, capped: bool,
                 incumbent: int | None = None, cpu: dict | None = None) -> None:
        self.incumbent = incumbent
        self.cpu = cpu or {}
        self.best = best
        self.actions = actions
        self.exact = exact
        self.upper = upper
        self.nodes = nodes
        self.capped = capped
        self.lines: dict[str, int] = {}
        """Each line's final score by name (``repair``, ``main``, ``forward``,
        ``rectangle``; see :func:`solve`), for measuring which line pays."""

    def to_dict(self) -> dict:
        return {"best": self.best, "exact": self.exact, "upper": self.upper, "nodes": self.nodes,
                "capped": self.capped, "incumbent": self.incumbent, "actions": list(self.actions)}


def _prefix(mask: int) -> list[list[int]]:
    """2-D prefix sums of a mask's squares (row-major bits over the 13x13 grid)."""
    n = SIZE
    table = [[0] * (n + 1) for _ in range(n + 1)]
    for r in range(n):
        for c in range(n):
            bit = (mask >> (r * n + c)) & 1
            table[r + 1][c + 1] = bit + table[r][c + 1] + table[r + 1][c] - table[r][c]
    return table


def _count(table: list[list[int]], r0: int, c0: int, r1: int, c1: int) -> int:
    return table[r1][c1] - table[r0][c1] - table[r1][c0] + table[r0][c0]


FLOOR_TERMINALS = 7
""":func:`network_floor` gives up (no bound) above this many groups of castles
joined by free squares (its work grows as 3 to that power)."""


def network_floor(castles: int, blocked: int, costly: int) -> int | None:
    """The fewest squares of ``costly`` that any edge-connected group holding every
    castle of ``castles`` must contain, the squares of ``blocked`` left out (the
    others cost nothing): a node-weighted Steiner tree (Dreyfus-Wagner) over the
    groups of free squares and the costly squares. None: no such group (a castle
    walled off); 0 when the castles are too spread for :data:`FLOOR_TERMINALS`."""
    import heapq

    open_ = GRID.full_mask & ~blocked
    costly &= open_ & ~castles
    masks = GRID.group_masks(open_ & ~costly)
    weight = [0] * len(masks)
    rest = costly
    while rest:
        low = rest & -rest
        masks.append(low)
        weight.append(1)
        rest ^= low
    n = len(masks)
    near = [GRID.grow(m) for m in masks]
    adjacent = [[j for j in range(n) if j != i and near[i] & masks[j]] for i in range(n)]
    terms = [i for i in range(n) if masks[i] & castles]
    if castles & ~sum(masks[i] for i in terms):
        return None
    k = len(terms)
    if k > FLOOR_TERMINALS:
        return 0
    never = 1 << 30
    best: list = [None] * (1 << k)
    for subset in range(1, 1 << k):
        cost = [never] * n
        if subset & (subset - 1) == 0:
            cost[terms[subset.bit_length() - 1]] = 0
        else:
            low = subset & -subset
            part = (subset - 1) & subset
            while part:
                if part & low:
                    a, b = best[part], best[subset ^ part]
                    for v in range(n):
                        joined = a[v] + b[v] - weight[v]
                        if joined < cost[v]:
                            cost[v] = joined
                part = (part - 1) & subset
        heap = [(c, v) for v, c in enumerate(cost) if c < never]
        heapq.heapify(heap)
        while heap:
            c, v = heapq.heappop(heap)
            if c > cost[v]:
                continue
            for u in adjacent[v]:
                if c + weight[u] < cost[u]:
                    cost[u] = c + weight[u]
                    heapq.heappush(heap, (cost[u], u))
        best[subset] = cost
    fewest = min(best[(1 << k) - 1])
    return None if fewest >= never else fewest


def _all_castles_short(state: ReclaimState, icons: dict) -> int:
    """Triangles of the specials that joining every castle needs at least, on top
    of ``icons`` (terrain -> icons still to pay): for every set of paying terrains,
    the squares of those terrains and of grass (which no icon pays) that every
    group joining all castles must still fill (:func:`network_floor`; triangles
    already drawn cost nothing, X marks and territory block), beyond those
    terrains' icons. A large number: no group can join them all."""
    sheet = state.sheets[0]
    blocked = sheet.xs | sheet.terr
    paying = [t for t in (Terrain.FOREST, Terrain.FIELD, Terrain.MOUNTAIN, Terrain.WATER)]
    short = 0
    for chosen in range(1 << len(paying)):
        kinds = [t for i, t in enumerate(paying) if chosen >> i & 1]
        costly = state.terrain_masks[Terrain.GRASS]
        for t in kinds:
            costly |= state.terrain_masks[t]
        floor = network_floor(state.castle_mask, blocked, costly & ~sheet.tri)
        if floor is None:
            return 1 << 20
        short = max(short, floor - sum(icons.get(t, 0) for t in kinds))
    return short


def upper_bound(state: ReclaimState) -> int:
    """A score no line from ``state`` can beat (solo, seat 0), by relaxation. With
    ``k`` more numbers crossed out by special actions (each giving at most its
    entry's triangles): each half not yet scored at most the track's points for
    every castle joined; the rectangle at most the largest one (sides 2 or more,
    no X) whose squares that are not castles, territory or triangles yet could all
    take a triangle: of each kind, those beyond the icons of that kind still to
    pay (every icon of the rounds left, both cards' from round 11; grass: all of
    them, no icon pays grass) no more than the specials' triangles, which go on
    any kind; the X marks already drawn cost what they cost, further ones nothing.
    A half scores every castle only if the specials' triangles cover what joining
    them all needs beyond the icons of that half and before (:func:`_all_castles_short`);
    else at most one castle fewer."""
    sheet = state.sheets[0]
    track = state.track
    if state.phase == OVER:
        return int(state.scores()[0])
    castles = bin(state.castle_mask).count("1")
    # icons still to pay: this turn's unpaid ones, then each coming round's; in round
    # r the field shows cards r-1 and r of the sequence field + deck as it is now
    cards = state.field + state.deck
    now = state.round
    icons: dict = {}  # terrain -> icons still to pay with it
    for icon in (state.unpaid if now >= 1 else []):
        icons[icon.terrain] = icons.get(icon.terrain, 0) + 1
    for r in range(now + 1 if now >= 1 else 1, ROUNDS + 1):
        i = r - now if now >= 1 else r - 1
        paid = [i] + ([i + 1] if r > FIRST_HALF_ROUNDS else [])
        for k in paid:
            if k < len(cards):
                for icon in state.cards[cards[k]].cost:
                    icons[icon.terrain] = icons.get(icon.terrain, 0) + 1
    done = sheet.terr | sheet.tri | state.castle_mask
    open_by_terrain = [(icons.get(t, 0), _prefix(mask & ~done)) for t, mask in state.terrain_masks.items()
                       if t is not Terrain.CASTLE]
    xs = _prefix(sheet.xs)
    rects = []
    for r0 in range(SIZE):
        for r1 in range(r0 + 2, SIZE + 1):
            for c0 in range(SIZE):
                for c1 in range(c0 + 2, SIZE + 1):
                    if _count(xs, r0, c0, r1, c1):
                        continue
                    # squares of each kind to fill beyond what the icons of that kind
                    # can pay: only the specials' triangles (any kind) can fill them
                    short = sum(max(0, _count(table, r0, c0, r1, c1) - paid) for paid, table in open_by_terrain)
                    rects.append(((r1 - r0) * (c1 - c0), short))
    rects.sort(key=lambda t: (-t[0], t[1]))
    crossed = sheet.crossed
    penalty = X_PENALTY * bin(sheet.xs).count("1")
    # the specials' triangles joining all the castles needs by the end of each half
    # (the whole game's icons include the first half's: with none short by the end of
    # the first half, none is short by the end of the game)
    short1 = _all_castles_short(state, first_half_icons(state)) if sheet.half1 is None else 0
    short2 = _all_castles_short(state, icons) if sheet.half2 is None and (short1 > 0 or sheet.half1 is not None) else 0
    best = None
    for extra in range(0, TRACK_LENGTH - crossed + 1):
        bonus = sum(track.entries[TRACK_LENGTH - 1 - crossed - k].triangles for k in range(extra))
        points = track.points_for(castles, crossed + extra)
        h1 = sheet.half1 if sheet.half1 is not None else (
            points if short1 <= bonus else track.points_for(castles - 1, crossed + extra))
        h2 = sheet.half2 if sheet.half2 is not None else (
            points if short2 <= bonus else track.points_for(castles - 1, crossed + extra))
        rect = next((area for area, short in rects if short <= bonus), 0)
        total = h1 + h2 + (rect or NO_RECTANGLE_POINTS) - penalty
        best = total if best is None else max(best, total)
    assert best is not None
    return int(best)


def first_half_icons(state: ReclaimState) -> dict:
    """Terrain -> the icons of that terrain still to pay in the first half from
    ``state`` (this turn's unpaid ones, then each coming first-half round's card:
    the solver reads the real deck); empty from round 11 on."""
    icons: dict = {}
    if state.round > FIRST_HALF_ROUNDS or state.phase == OVER:
        return icons
    now = state.round
    if now >= 1:
        for icon in state.unpaid:
            icons[icon.terrain] = icons.get(icon.terrain, 0) + 1
    cards = state.field + state.deck
    for r in range(now + 1 if now >= 1 else 1, FIRST_HALF_ROUNDS + 1):
        i = r - now if now >= 1 else r - 1
        if i < len(cards):
            for icon in state.cards[cards[i]].cost:
                icons[icon.terrain] = icons.get(icon.terrain, 0) + 1
    return icons


SUPPLY_ROUNDS = 3
"""Re-plans of the supply-aware network (:func:`supply_network`) at most."""
SUPPLY_EXTRA = 2
"""What each re-plan adds to the cost of a square of a terrain the plan needs
more of than the first half's icons of that terrain can pay."""


SUPPLY_PARTS = ("repair",)
"""The repairs whose replanned turns aim at :func:`supply_network`'s network."""


def supply_network(state: ReclaimState, sheet, anchors: bool = True) -> "ai.Network":
    """The hard planner's castle network (:func:`ai.plan_network`: Prim's tree over
    the castles with Dijkstra paths) made aware of the first half's icons, which
    the solver knows: while a terrain's squares on the planned paths (without a
    triangle yet) outnumber that terrain's icons still to pay by round 10, its
    squares cost :data:`SUPPLY_EXTRA` more and the tree is planned again (at most
    :data:`SUPPLY_ROUNDS` times, through the planner's ``cost_extra``), so that links go round the scarce terrain over
    squares another icon can pay. The plan whose paths ask for fewest icons beyond
    the supply is kept (the planner's own when none does better). From round 11
    on, the planner's own."""
    network = ai.plan_network(state, sheet, anchors)
    supply = first_half_icons(state)
    if not supply:
        return network
    masks = [(t, m) for t, m in state.terrain_masks.items() if t is not Terrain.GRASS and t is not Terrain.CASTLE]

    def excess(net) -> tuple[int, list]:
        over, short = 0, []
        for t, m in masks:
            need = (net.mask & m & ~sheet.tri).bit_count()
            if need > supply.get(t, 0):
                over += need - supply.get(t, 0)
                short.append(t)
        return over, short

    best_over, short = excess(network)
    best = network
    extra: dict = {}
    for _ in range(SUPPLY_ROUNDS):
        if not short:
            break
        for t in short:
            extra[t] = extra.get(t, 0) + SUPPLY_EXTRA
        cost_extra = {t: (m, extra[t]) for t, m in masks if extra.get(t)}
        network = ai.plan_network(state, sheet, anchors, cost_extra)
        over, short = excess(network)
        if over < best_over:
            best, best_over = network, over
    return best


def _key(node: ReclaimState) -> tuple:
    """What makes two positions within a turn the same (paying two squares in
    either order leads to one position)."""
    return (node.sheets[0].key(), node.phase, tuple(sorted(i.value for i in node.unpaid)),
            node.special_used, node.special_left, node.return_phase)


def _child(node: ReclaimState, action) -> ReclaimState:
    """``node.child(action)`` for an action taken from ``node.legal_actions()``: the
    engine's own apply, without asking again whether the action is legal (the
    conformance test holds ``why_illegal`` and ``legal_actions`` to agree)."""
    child = node.clone()
    child._apply(action)
    child.history.append(action)
    return child


def _turn_over(child: ReclaimState, start_round: int, parent: ReclaimState) -> bool:
    if child.phase == OVER or child.round != start_round:
        return True
    if parent.phase == SETUP:
        return child.phase != SETUP
    return False


class _Bare:
    """What :meth:`ReclaimState._mark_xs` reads of a position (the castles, the
    round for its event), for :meth:`_Search._shapes`'s pre-score."""
    __slots__ = ("castle_mask", "round", "events")

    def __init__(self, castle_mask: int, round_no: int) -> None:
        self.castle_mask, self.round, self.events = castle_mask, round_no, []


class _BareSheet:
    """A sheet's squares drawn on and X marks, all the pre-score reads of it."""
    __slots__ = ("occupied", "xs")

    def __init__(self, occupied: int, xs: int) -> None:
        self.occupied, self.xs = occupied, xs


class _BareView:
    """What :func:`ai._prescore` reads of a position: the castles and seat 0's sheet."""
    __slots__ = ("castle_mask", "sheets")

    def __init__(self, castle_mask: int, sheet: _BareSheet) -> None:
        self.castle_mask, self.sheets = castle_mask, [sheet]


class _Cancelled(Exception):
    """``cancel()`` returned True inside a beam: the line it was building is dropped."""


class _Search:
    def __init__(self, nodes: int, deadline: float, cancel: Callable[[], bool] | None) -> None:
        self.left = nodes
        self.deadline = deadline
        self.cancel = cancel
        self.nodes = 0
        self.cut = False
        self.capped = False
        self.replayed: dict = {}
        """What :func:`_replay` found before: (the position a turn starts from, the
        turns still to play, the planner's weights, ``patch``) -> (final position,
        the actions from that position on)."""
        self.w = dataclasses.replace(ai.LEVEL_WEIGHTS["hard"], beam=INNER_BEAM, prefilter=PREFILTER)
        self.hits = 0
        self.supply = False
        """Plans with :func:`supply_network` (the first half's icons known) instead
        of the hard planner's own network."""
        self.in_time = False
        """Inside a first-half turn, drops the payments after which the icons still
        to pay cannot reach the turn's network in time (:func:`_late_icons`)."""

    def over_time(self) -> bool:
        """Past the safety clock (``time.monotonic()``, the same in every process)."""
        if time.monotonic() > self.deadline:
            self.capped = True
        return self.capped

    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel()

    def stopped(self) -> bool:
        """Out of nodes, past the safety clock or cancelled: finish the line cheaply."""
        return self.left <= 0 or self.over_time() or self.cancelled()

    def _score(self, node: ReclaimState, network, rect_target) -> float:
        self.nodes += 1
        self.left -= 1
        if node.phase == OVER:
            return 1000.0 + node.scores()[0]  # finished lines compare by their real score
        return ai.evaluate(node, 0, self.w, network, rect_target)

    def plan(self, state: ReclaimState) -> tuple:
        """The hard planner's network and rectangle plans for the turn that starts at
        ``state`` (a function of the position only)."""
        w = self.w
        if self.supply:
            network = supply_network(state, state.sheets[0], w.anchors)
        else:
            network = ai.plan_network(state, state.sheets[0], w.anchors)
        rect_target = 0
        if w.rect_plan and state.round >= w.rect_from:
            left2 = ROUNDS - max(state.round, 1) + 1
            rect_target = ai.plan_rectangle(state, state.sheets[0], network, 0.6 * 4 * min(left2, 6))
        return network, rect_target

    def value(self, node: ReclaimState) -> float:
        """The value of a position between turns, the same whichever line led to it:
        the hard planner's evaluation with the plans of the turn it begins (finished
        lines: 1000 + their real score)."""
        if node.phase == OVER:
            self.nodes += 1
            self.left -= 1
            return 1000.0 + node.scores()[0]
        network, rect_target = self.plan(node)
        return self._score(node, network, rect_target)

    def _shapes(self, node: ReclaimState, shaped: list, network, rect_target: int) -> list:
        """Each shape placement with its position, the ``prefilter`` best kept. The
        pre-score is the planner's (X marks, room) plus what the new section adds to
        this turn's plans (:data:`PATH_PREFILTER` per square on the network's paths,
        :data:`RECT_PREFILTER` per square of the planned rectangle): with the whole
        deck known the solver can afford fewer shapes, but not to drop the ones that
        build the castle network."""
        w = self.w
        if len(shaped) <= w.prefilter:
            return [(a, _child(node, a)) for a in shaped]
        self.cut = True
        sheet = node.sheets[0]
        # the pre-score reads only the squares drawn on and the X marks: each
        # placement's are worked out on a bare copy of those two (the engine's own
        # X marking), and only the placements kept become whole positions
        bare = _Bare(node.castle_mask, node.round)
        drawn = _BareSheet(0, 0)
        view = _BareView(node.castle_mask, drawn)
        pre = []
        for i, a in enumerate(shaped):
            new = GRID.mask(node.shape(a.shape).rotations()[a.rotation].placed(a.cell))
            drawn.occupied, drawn.xs = sheet.occupied | new, sheet.xs
            ReclaimState._mark_xs(bare, drawn, 0)
            bonus = PATH_PREFILTER * network.credit(new)
            if rect_target:
                bonus += RECT_PREFILTER * (new & rect_target).bit_count()
            pre.append((ai._prescore(view, 0) + bonus, i, a))
        pre.sort(key=lambda t: (-t[0], t[1]))
        return [(a, _child(node, a)) for _, _, a in pre[:w.prefilter]]

    def expand(self, state: ReclaimState, beam_width: int, keep: int) -> list[tuple[float, ReclaimState, list]]:
        """The best ``keep`` distinct positions at the end of this turn (the hard
        planner's beam and evaluation, on the real deck)."""
        network, rect_target = self.plan(state)
        beam = [(0.0, state, [])]
        finished: dict = {}
        seen: dict = {}
        start_round = state.round
        while beam:
            children = []
            step: set = set()  # the positions of this step already among the children
            for _, node, path in beam:
                actions = node.legal_actions()
                shaped = [a for a in actions if a.kind == "shape"]
                stepped = self._shapes(node, shaped, network, rect_target)
                stepped += [(a, _child(node, a)) for a in actions if a.kind != "shape"]
                if self.in_time and start_round <= FIRST_HALF_ROUNDS:
                    kept = [(a, child) for a, child in stepped if a.kind != "pay" or not _late_icons(child, network)]
                    stepped = kept or stepped
                for a, child in stepped:
                    # two orders of the same payments reach one position: its value
                    # is the same (a function of the position and this turn's plans),
                    # so it is evaluated once and counted as a node each time (the
                    # budget, hence the line, is unchanged)
                    known = (_key(child), child.round)
                    value = seen.get(known)
                    if value is None:
                        value = seen[known] = self._score(child, network, rect_target)
                    else:
                        self.nodes += 1
                        self.left -= 1
                        self.hits += 1
                    if _turn_over(child, start_round, node):
                        key = child.sheets[0].key()
                        if key not in finished or finished[key][0] < value:
                            finished[key] = (value, child, path + [a])
                    elif known not in step:
                        # a position met again has the same value: the first met
                        # stays first after the (stable) sort, the others add nothing
                        step.add(known)
                        children.append((value, child, path + [a]))
            children.sort(key=lambda t: -t[0])
            if len(children) > beam_width:
                self.cut = True
            beam = children[:beam_width]
        ranked = sorted(finished.values(), key=lambda f: -f[0])
        if len(ranked) > keep:
            self.cut = True
        return ranked[:keep]


INCUMBENT_LEVEL = "hard"
"""The AI level whose own line on the real deck is the first incumbent (through the
game's public agent API, so a stronger hard AI is picked up as it is)."""
POLISH = ((4, 20, 2, 2, 9, {}), (8, 40, 3, 3, 11, {"rect_potential": 2.0, "rect_plan": 3.0}), (8, 40, 3, 3, 12, {}),
          (8, 40, 3, 3, 12, {"cross": 0.0, "cross_drop": 0.0}),
          (12, 60, 4, 4, 14, {}))
"""The polish passes, in order while the node budget lasts, each from the last
round back to a round: positions kept inside a turn, placements evaluated,
end-of-turn positions per parent, end-of-turn positions kept over whole turns, the
earliest round searched again, and changes to the hard planner's weights (without
the cost of a crossed-out number, lines that buy triangles late survive the beam).
A cheap, deep pass first, then wider ones nearer the end, where knowing the cards
pays most."""
FORWARD = (4, 40, 3, 4)
"""The forward search over the whole known deck: positions kept inside a turn,
placements evaluated, end-of-turn positions per parent, positions kept between
turns (compared by :meth:`_Search.value`)."""
SHARES = (0.34, 0.4, 0.26)
"""The node budget's shares: the repairs and the neighbourhood search on the hard
AI's line (on this process, after that line is played), the forward search and
the neighbourhood search on the hard AI's unrepaired line (one after the other on
the second process); each polishes its line with what its share leaves. The
forward search runs while this process plays the hard AI's line (5 to 11 s of
CPU), so its share is the largest: before (45%, 20%, 35%) the second process
waited up to 6 s for that line and both processes went over 18 s of CPU on the
slowest decks (lake 70019 idle: 21.7 s and 19.7 s; now 18.9 and 16.8 under a load
of 7)."""


def _turn_beam(search: "_Search", start: ReclaimState, path: list, inner: int, keep: int,
               width: int, exhaustive: bool = False, guide: dict | None = None) -> tuple[ReclaimState, list]:
    """A beam over whole turns from ``start`` to the end, positions between turns
    compared by :meth:`_Search.value`; the best final position. ``guide`` (round ->
    a line's position at its start, and the actions to it): that position joins the
    beam whatever its value, so the beam searches every turn of that line again."""
    huge = 10 ** 9
    beam = [(0.0, start, list(path))]
    done = []
    while beam:
        if search.cancelled():
            raise _Cancelled()
        narrow = search.stopped()
        if exhaustive and not narrow:
            inner_now, keep_now, width_now = huge, huge, huge
        elif narrow:
            search.w = dataclasses.replace(search.w, beam=2, prefilter=10)
            inner_now, keep_now, width_now = 2, 1, 1
            search.cut = True
        else:
            inner_now, keep_now, width_now = inner, keep, width
        found: dict = {}
        for _, node, steps_so_far in beam:
            for _, child, steps in search.expand(node, inner_now, keep_now):
                key = child.sheets[0].key()
                if key not in found:
                    found[key] = (child, steps_so_far + steps)
        if len(found) > width_now:
            search.cut = True
            ranked = sorted(((search.value(child), child, steps) for child, steps in found.values()),
                            key=lambda f: -f[0])
        else:  # everything is kept: no need to rank
            ranked = [(0.0, child, steps) for child, steps in found.values()]
        beam = []
        for item in ranked:
            if item[1].phase == OVER:
                done.append(item)
            elif len(beam) < width_now:
                beam.append(item)
        if guide and beam and beam[0][1].round in guide and not narrow:
            on_line, line_path = guide[beam[0][1].round]
            if all(b[1].sheets[0].key() != on_line.sheets[0].key() for b in beam):
                beam.append((0.0, on_line, list(line_path)))
    best = max(done, key=lambda f: f[1].scores()[0])
    return best[1], best[2]


def agent_seed(seed: int) -> int:
    """The seed ``reclaimdesk play`` gives the AI of a solo game of deck ``seed``."""
    return seed * 31


def _round_starts(start: ReclaimState, path: list) -> tuple[ReclaimState, dict]:
    """Replays ``path`` from ``start``: the final position, and the position (with
    the actions leading to it) at which each round began."""
    node = start.clone()
    rounds: dict[int, tuple[ReclaimState, list]] = {}
    for i, action in enumerate(path):
        if node.round not in rounds:
            rounds[node.round] = (node.clone(), list(path[:i]))
        node._apply(action)
        node.history.append(action)
    return node, rounds


def incumbent_line(state: ReclaimState, seed: int, level: str = INCUMBENT_LEVEL,
                   cancel: Callable[[], bool] | None = None) -> list | None:
    """The actions the AI of ``level`` (seeded ``seed``) plays from ``state`` to the
    end, on the real deck (the AI itself reads no undrawn card); None if cancelled."""
    from reclaimdesk.core.game import get_game

    agent = get_game("reclaim").agent(level, seed)
    node = state.clone()
    path = []
    while node.phase != OVER:
        if cancel is not None and cancel():
            return None
        action = agent.choose(node)
        node.apply(action)
        path.append(action)
    return path


def _polish(search: _Search, state: ReclaimState, node: ReclaimState, path: list) -> tuple[ReclaimState, list]:
    """From the last round back, the line's position at the start of each round is
    searched again with a beam over whole turns on the real deck (:data:`POLISH`);
    a better ending replaces the line's. Further, wider passes while the node budget
    lasts."""
    base = search.w
    rounds = _round_starts(state, list(path))[1]
    for inner, prefilter, keep, width, back_to, changes in POLISH:
        weights = dataclasses.replace(base, beam=inner, prefilter=prefilter, **changes)
        for round_no in range(ROUNDS, back_to - 1, -1):
            if search.stopped():
                break
            if round_no not in rounds:
                continue
            search.w = weights
            start, steps = rounds[round_no]
            try:
                found, found_path = _turn_beam(search, start, steps, inner, keep, width)
            except _Cancelled:
                break
            if found.scores()[0] > node.scores()[0]:
                # a better ending; the rounds before this one are the line's as before,
                # and the polish goes on from those
                node, path = found, found_path
        search.w = base
        if search.stopped():
            break
        node, rounds = _round_starts(state, list(path))
    return node, path


LNS = (6, 30, 6)
"""The neighbourhood search (:func:`_neighbourhood`): positions kept inside a turn,
placements evaluated, and the distinct ends of one turn each tried with the rest of
the line replayed."""


def _replay(search: _Search, node: ReclaimState, segments: list[list],
            patch: bool = False) -> tuple[ReclaimState, list]:
    """Plays ``segments`` (one list of actions per turn, in order) from ``node``:
    each turn as it was where all its actions are still legal and it ends the turn,
    else that turn planned again by a narrow beam. ``patch``: a payment that is no
    longer legal is first replaced by the legal payment of the same kind the hard
    evaluation likes best, the rest of the turn kept (:func:`_patched`). The final
    position and the actions played."""
    played: list = []
    # the same position with the same turns still to play ends the same way (the
    # repairs' trials often differ only in turns that a later one replans anyway)
    tails = [0] * (len(segments) + 1)
    for i in range(len(segments) - 1, -1, -1):
        tails[i] = hash((tuple(str(a) for a in segments[i]), tails[i + 1]))
    starts = []
    for i, segment in enumerate(segments):
        if node.phase == OVER:
            break
        key = (node.round, _key(node), tails[i], patch, search.w, search.supply)
        known = search.replayed.get(key)
        if known is not None:
            search.nodes += 1
            search.left -= 1
            node, rest = known
            played += rest
            break
        starts.append((key, len(played)))
        trial = node.clone()
        ok = True
        for action in segment:
            if trial.phase == OVER or trial.why_illegal(action):
                ok = False
                break
            trial._apply(action)
            trial.history.append(action)
        search.nodes += 1
        search.left -= 1
        if ok and (trial.phase == OVER or trial.round != node.round):
            node = trial
            played += segment
            continue
        if patch:
            patched = _patched(search, node, segment)
            if patched is not None:
                node, steps = patched
                played += steps
                continue
        node, steps = _narrow_turn(search, node)
        played += steps
    while node.phase != OVER:  # the line ended early: finish it narrowly
        node, steps = _narrow_turn(search, node)
        played += steps
    for key, at in starts:
        search.replayed[key] = (node, played[at:])
    return node, played


def _patched(search: _Search, node: ReclaimState, segment: list) -> tuple[ReclaimState, list] | None:
    """The turn ``segment`` from ``node`` with each payment that is no longer legal
    replaced by the legal payment of the same kind that the hard evaluation (with
    the turn's plans) likes best; None when another action is not legal or the turn
    does not end."""
    network = rect_target = None
    trial = node.clone()
    steps = []
    for action in segment:
        if trial.phase == OVER:
            return None
        if trial.why_illegal(action):
            if action.kind != "pay":
                return None
            if network is None:
                network, rect_target = search.plan(node)
            kind = trial.map.at(action.cell)
            options = [a for a in trial.legal_actions() if a.kind == "pay" and trial.map.at(a.cell) is kind]
            if not options:
                return None
            action = max(options, key=lambda a: (search._score(_child(trial, a), network, rect_target), str(a)))
        trial._apply(action)
        trial.history.append(action)
        steps.append(action)
    if trial.phase == OVER or trial.round != node.round:
        return trial, steps
    return None


def _narrow_turn(search: _Search, node: ReclaimState) -> tuple[ReclaimState, list]:
    """The turn from ``node`` planned by a narrow beam (2 kept, 10 placements): the
    position it ends in and its actions."""
    base = search.w
    search.w = dataclasses.replace(base, beam=2, prefilter=10)
    try:
        _, node, steps = search.expand(node, 2, 1)[0]
    finally:
        search.w = base
    return node, steps


LAST_FIRST = tuple(range(ROUNDS, -1, -1))
"""The rounds of a neighbourhood pass from the last back to the first."""
FIRST_HALF_FIRST = tuple(range(FIRST_HALF_ROUNDS, -1, -1)) + tuple(range(ROUNDS, FIRST_HALF_ROUNDS, -1))
"""The first half's rounds from its last back, then the second half's: the order of
the third line (:func:`_rect_part`). On the four decks where that line found more
than the other two (river 70001, 70008, 70009, lake 70009, 88eec12) its gain came
from round 7, the last round its share reached going back from round 16: the
second half's rounds, searched first, had found nothing that lasted."""


def _neighbourhood(search: _Search, state: ReclaimState, node: ReclaimState, path: list,
                   order: tuple = LAST_FIRST) -> tuple[ReclaimState, list]:
    """A large-neighbourhood search on a whole line: for each round in ``order``
    (from the last back to the first unless told), the distinct best ends of that
    round's turn (:data:`LNS`) are each followed by the rest of the line replayed
    (:func:`_replay`) and scored by the real final score; a better line replaces
    the line, and the pass goes on from it. Repeated while the node budget lasts
    and a pass improves."""
    inner, prefilter, keep = LNS
    base = search.w
    improved = True
    while improved and not search.stopped():
        improved = False
        for round_no in order:
            if search.stopped():
                break
            starts = _round_starts(state, list(path))[1]
            if round_no not in starts:
                continue
            start, steps = starts[round_no]
            later = sorted(r for r in starts if r > round_no)
            bounds = [len(starts[r][1]) for r in later] + [len(path)]
            segments = [list(path[bounds[i]:bounds[i + 1]]) for i in range(len(bounds) - 1)]
            search.w = dataclasses.replace(base, beam=inner, prefilter=prefilter)
            try:
                ends = search.expand(start, inner, keep)
            finally:
                search.w = base
            for _, end, turn in ends:
                if search.cancelled():
                    raise _Cancelled()
                final, rest = _replay(search, end, segments)
                if final.scores()[0] > node.scores()[0]:
                    node, path = final, list(steps) + list(turn) + rest
                    improved = True
    return node, path


PREFIX = (4, 8, 4, 40, 3)
"""The opening re-plan (:func:`_prefix_replan`): the opening's last round (round
0, the starting shapes, to this one are planned again), positions kept between
turns, positions kept inside a turn, placements evaluated, end-of-turn positions
per parent."""
PREFIX_NODES = 16_000
"""At most this many of the first process's nodes go to the opening re-plan."""


def _whole_turn_beam(search: _Search, state: ReclaimState, upto: int, width: int, inner: int,
                     prefilter: int, keep: int, admit=None) -> list | None:
    """A beam over whole turns from ``state`` to the start of the round after
    ``upto``: each kept position's turns (:meth:`_Search.expand` with ``inner``
    positions inside a turn, ``prefilter`` placements, ``keep`` ends), one per sheet
    met, ranked by :meth:`_Search.value`; the best ``width`` that are not over (and
    that ``admit`` accepts, when given) are kept. The ``(value, position, actions)``
    kept at the end, or None when the search was stopped or nothing was kept."""
    base = search.w
    search.w = dataclasses.replace(base, beam=inner, prefilter=prefilter)
    beam = [(0.0, state.clone(), [])]
    try:
        while beam[0][1].phase != OVER and beam[0][1].round <= upto:
            if search.stopped():
                return None
            found: dict = {}
            for _, start, steps in beam:
                for _, child, turn in search.expand(start, inner, keep):
                    found.setdefault(child.sheets[0].key(), (child, steps + turn))
            ranked = sorted(((search.value(child), child, steps) for child, steps in found.values()),
                            key=lambda f: -f[0])
            beam = []
            for item in ranked:
                if item[1].phase == OVER or (admit is not None and not admit(item[1])):
                    continue
                beam.append(item)
                if len(beam) == width:
                    break
            if not beam:
                return None
    finally:
        search.w = base
    return beam


def _prefix_replan(search: _Search, state: ReclaimState, node: ReclaimState,
                   path: list) -> tuple[ReclaimState, list]:
    """The line's opening planned again with the whole deck known, its later turns
    kept: a beam over whole turns from ``state`` to the start of the round after
    :data:`PREFIX`'s last (positions between turns compared by
    :meth:`_Search.value`), then from each position it keeps, best first, the
    line's turns from that round on replayed (:func:`_replay`, illegal payments
    patched first, then such turns planned again). A better real final score
    replaces the line. It changes several early turns together, which the
    neighbourhood search (one turn) and the repairs (payments and one shape)
    cannot: on lake 70022 the hard AI's sections of rounds 3 and 4 wall off a
    square each (two X marks), and an opening drawn otherwise keeps the castles
    and the rectangle without them (128 against 124)."""
    upto, width, inner, prefilter, keep = PREFIX
    rounds = _round_starts(state, list(path))[1]
    if upto + 1 not in rounds:
        return node, path
    segments = _segments(rounds, path)
    later = [segments[r] for r in sorted(segments) if r > upto]
    beam = _whole_turn_beam(search, state, upto, width, inner, prefilter, keep)
    if beam is None:
        return node, path
    for _, start, steps in beam:
        for patch in (True, False):
            if search.stopped():
                return node, path
            if search.cancelled():
                raise _Cancelled()
            final, rest = _replay(search, start, later, patch)
            if final.scores()[0] > node.scores()[0]:
                node, path = final, steps + rest
    return node, path


NETWORK_REPLAN = (4, 4, 40, 4, 1)
"""The first half planned again for a line that joins fewer than every castle when
the first half is scored (:func:`_network_replan`): positions kept between turns,
positions kept inside a turn, placements evaluated, end-of-turn positions per
parent, and the positions at the end of round 10 finished."""
NETWORK_NODES = 24_000
"""Nodes of :func:`_network_replan`, on top of the first process's share (it runs
only on lines that join fewer than every castle by round 10 and that the repairs
did not change; 22,295 on lake 70024)."""


def _short_at_half(state: ReclaimState, path: list) -> bool:
    """Whether ``path`` (a whole line from ``state``) joins fewer than every castle
    when the first half is scored."""
    rounds = _round_starts(state, list(path))[1]
    if FIRST_HALF_ROUNDS + 1 not in rounds:
        return False
    end1 = rounds[FIRST_HALF_ROUNDS + 1][0]
    return end1.connected_castles(end1.sheets[0])[0] < state.castle_mask.bit_count()


def _late_icons(node: ReclaimState, network: "ai.Network") -> int:
    """Squares of ``network`` that the first half's icons still to pay cannot reach
    in time, counted by terrain: the icons of this turn still unpaid can go only on
    the network's squares already in a section, the later ones anywhere."""
    if node.round > FIRST_HALF_ROUNDS or node.phase == OVER:
        return 0
    sheet = node.sheets[0]
    later = first_half_icons(node)
    now: dict = {}
    for icon in node.unpaid:
        now[icon.terrain] = now.get(icon.terrain, 0) + 1
    empty = sheet.empty_section_squares
    late = 0
    for terrain, mask in node.terrain_masks.items():
        if terrain is Terrain.CASTLE or terrain is Terrain.GRASS:
            continue
        need = network.mask & mask & ~sheet.tri & ~sheet.terr
        if not need:
            continue
        ready = (need & empty).bit_count()
        paid_now = now.get(terrain, 0)
        reach = min(paid_now, ready) + later.get(terrain, 0) - paid_now
        late += max(0, need.bit_count() - reach)
    return late


def _network_replan(search: _Search, state: ReclaimState, node: ReclaimState,
                    path: list) -> tuple[ReclaimState, list]:
    """The first half planned again, keeping only positions from which every castle
    can still be joined by round 10: a beam over whole turns from ``state``
    (positions compared by :meth:`_Search.value` with the supply-aware network,
    :func:`supply_network`) that drops, best first, each position with a number
    crossed out or whose icons still to pay in the first half cannot pay for a
    network joining every castle (:func:`_all_castles_short`: counted by terrain,
    triangles already drawn free), and after round 10 each that joins fewer than
    every castle. The best positions at the end of round 10 are finished by the
    beam over whole turns (:data:`POLISH`'s first pass), and a better real final
    score replaces the line.

    The hard AI spends a scarce icon early on a square its network could do without:
    on lake 70024 the first half's three stone icons (rounds 2, 3 and 7) paid g8, h8
    and e5, and the ninth castle needs c5, a fourth mountain; neither a moved payment
    nor one changed turn finds the line where the stones pay g8, e5 and c5, whose
    sections must be drawn by rounds 1, 2 and 6. The shortage shows at the end of
    round 3 (one stone left, two mountains to fill), so the beam drops those
    positions when they appear."""
    width, inner, prefilter, keep, finish = NETWORK_REPLAN
    everyone = state.castle_mask.bit_count()

    def admit(child: ReclaimState) -> bool:
        if child.sheets[0].crossed:
            return False
        if child.round > FIRST_HALF_ROUNDS:
            return child.connected_castles(child.sheets[0])[0] >= everyone
        return not (_late_icons(child, supply_network(child, child.sheets[0], search.w.anchors))
                    or _all_castles_short(child, first_half_icons(child)) > 0)

    search.supply = search.in_time = True
    try:
        beam = _whole_turn_beam(search, state, FIRST_HALF_ROUNDS, width, inner, prefilter, keep, admit)
    finally:
        search.supply = search.in_time = False
    if beam is None:
        return node, path
    base = search.w
    inner, prefilter, keep, width, _, changes = POLISH[0]
    for _, start, steps in beam[:finish]:
        if search.stopped():
            break
        search.w = dataclasses.replace(base, beam=inner, prefilter=prefilter, **changes)
        try:
            final, line = _turn_beam(search, start, steps, inner, keep, width)
        finally:
            search.w = base
        if final.scores()[0] > node.scores()[0]:
            node, path = final, line
    return node, path


def _segments(rounds: dict, path: list) -> dict[int, list]:
    """The line ``path`` cut into its turns: round -> that round's actions (``rounds``
    as :func:`_round_starts` gives it)."""
    order = sorted(rounds)
    bounds = [len(rounds[r][1]) for r in order] + [len(path)]
    return {r: list(path[bounds[i]:bounds[i + 1]]) for i, r in enumerate(order)}


def _joining_squares(node: ReclaimState) -> list[int]:
    """Sets of one or two free squares (as masks; no grass, X, castle, territory or
    triangle) next to ``node``'s largest castle group whose triangles would join
    more castles to it: the largest gain first, single squares before pairs."""
    sheet = node.sheets[0]
    have, group = node.connected_castles(sheet)
    if not group:
        return []
    blocked = sheet.tri | sheet.terr | sheet.xs | node.castle_mask | node.terrain_masks[Terrain.GRASS]
    found = []

    def gain(squares: int) -> int:
        for joined in GRID.group_masks(sheet.tri | squares | node.castle_mask):
            if joined & group:
                return (joined & node.castle_mask).bit_count() - have
        return 0

    singles = GRID.grow(group) & ~group & ~blocked
    for cell in GRID.cells_of(singles):
        bit = GRID.bit(cell)
        more = gain(bit)
        if more > 0:
            found.append((-more, 1, GRID.index(cell), bit))
    joined_alone = {bit for _, _, _, bit in found}
    for cell in GRID.cells_of(singles):
        first = GRID.bit(cell)
        if first in joined_alone:
            continue
        for cell2 in GRID.cells_of(GRID.grow(first) & ~first & ~group & ~blocked):
            pair = first | GRID.bit(cell2)
            more = gain(pair)
            if more > 0 and all(pair != f[3] for f in found):
                found.append((-more, 2, 0, pair))
    found.sort(key=lambda f: (f[0], f[1]))
    return [squares for _, _, _, squares in found]


def _changed_line(search: _Search, rounds: dict, segments: dict, first: int, changed: dict, patch: bool,
                  node: ReclaimState) -> tuple[ReclaimState, list] | None:
    """The line with the turns of ``changed`` (by round) in place of its own, replayed
    from round ``first`` (:func:`_replay`): (final position, actions) when it scores
    more than ``node``, else None."""
    later = [changed.get(r, segments[r]) for r in sorted(segments) if r >= first]
    final, rest = _replay(search, rounds[first][0], later, patch)
    if final.scores()[0] > node.scores()[0]:
        return final, list(rounds[first][1]) + rest
    return None


def _castle_repair(search: _Search, state: ReclaimState, node: ReclaimState, path: list,
                   patch: bool = False) -> tuple[ReclaimState, list]:
    """A joint change of turns of the first half, aimed at the castles joined when it
    is scored: for each set of one or two squares whose triangles would join more
    castles to the group at the end of round 10 (:func:`_joining_squares`), a payment
    of a first-half round with an icon of each square's kind is moved onto it (the
    latest such round where the square is a section's already, else the latest); if
    a square is no section's yet then, one of the :data:`REPAIR` turns before draws
    its shape over the squares instead (the placements sharing most squares with the
    line's first). The rest of the line is replayed (:func:`_replay`, its illegal
    payments patched if ``patch``) and a better real final score replaces the line;
    repeated while it finds one."""
    rounds_back, placements = REPAIR
    improved = True
    while improved and not search.stopped():
        improved = False
        rounds = _round_starts(state, list(path))[1]
        if FIRST_HALF_ROUNDS + 1 not in rounds:
            break
        segments = _segments(rounds, path)
        for squares in _joining_squares(rounds[FIRST_HALF_ROUNDS + 1][0]):
            for first, changed in _repair_trials(state, rounds, segments, squares, rounds_back, placements):
                if search.stopped():
                    return node, path
                if search.cancelled():
                    raise _Cancelled()
                better = _changed_line(search, rounds, segments, first, changed, patch, node)
                if better is not None:
                    node, path = better
                    improved = True
                    break
            if improved:
                break
    return node, path


def _repair_trials(state: ReclaimState, rounds: dict, segments: dict, squares: int, rounds_back: int,
                   placements: int) -> list[tuple[int, dict]]:
    """The changed turns that put a first-half triangle on each of ``squares``
    (:func:`_castle_repair`): (the first round changed, round -> its new actions).
    For each square, each first-half payment of its kind may be the one moved (the
    rounds where the square is a section's already first, the latest first); the
    first :data:`REPAIR_CHOICES` combinations are tried."""
    choices = []
    for cell in GRID.cells_of(squares):
        bit = GRID.bit(cell)
        terrain = state.map.at(cell)
        options = []
        for j in range(FIRST_HALF_ROUNDS, 0, -1):
            if j not in rounds or all(icon.terrain is not terrain for icon in rounds[j][0].costs()):
                continue
            covered = bool(rounds[j][0].sheets[0].occupied & bit)
            for i, a in enumerate(segments[j]):
                if a.kind == "pay" and state.map.at(a.cell) is terrain and not GRID.bit(a.cell) & squares:
                    options.append((not covered, -j, i, cell))
        if not options:
            return []
        options.sort()
        choices.append(options)
    combos: list[list] = [[]]
    for options in choices:
        combos = [combo + [o] for combo in combos for o in options
                  if all((o[1], o[2]) != (c[1], c[2]) for c in combo)]
    combos.sort(key=lambda combo: sorted((c[0], c[1]) for c in combo))
    trials = []
    for combo in combos[:REPAIR_CHOICES]:
        changed: dict[int, list] = {}
        uncovered, latest_uncovered = 0, None
        for not_covered, minus_j, i, cell in combo:
            j = -minus_j
            turn = list(changed.get(j, segments[j]))
            turn[i] = ReclaimAction.pay(cell)
            changed[j] = turn
            if not_covered:
                uncovered |= GRID.bit(cell)
                latest_uncovered = j if latest_uncovered is None else min(latest_uncovered, j)
        first = min(changed)
        if not uncovered:
            trials.append((first, changed))
            continue
        for k in range(latest_uncovered - 1, max(0, latest_uncovered - 1 - rounds_back), -1):
            for drawn in _covering(rounds[k][0], changed.get(k, segments[k]), uncovered, placements):
                trials.append((min(first, k), {**changed, k: drawn}))
    return trials


def _covering(start: ReclaimState, segment: list, bit: int, limit: int) -> list[list]:
    """The turn ``segment`` (played from ``start``) with its shape drawn instead over
    the square ``bit``: up to ``limit`` such turns, the placements sharing most
    squares with the turn's own first."""
    found = _placements_of_turn(start, segment)
    if found is None:
        return []
    i, own, placements = found
    options = [(-(new & own).bit_count(), str(other), other) for other, new in placements
               if other != segment[i] and new & bit == bit]
    options.sort(key=lambda t: (t[0], t[1]))
    return [segment[:i] + [other] + segment[i + 1:] for _, _, other in options[:limit]]


REPAIR = (3, 4)
"""The castle repair (:func:`_castle_repair`): how many turns before the payment's
may draw their shape over the square, and placements tried in each."""
REPAIR_CHOICES = 4
"""The castle repair's combinations of moved payments tried per set of squares."""
REPAIR_NODES = 22_000
"""At most this many of the first process's nodes go to the castle repair."""
RECT_REPAIR_NODES = 12_000
"""At most this many of the first process's nodes go to the rectangle repair
(14,000 with the first process's share at 45%)."""


def _repairs(search: _Search, state: ReclaimState, node: ReclaimState, path: list,
             lines: dict) -> tuple[ReclaimState, list]:
    """The castle repair then the rectangle repair, each within its nodes
    (:data:`REPAIR_NODES`, :data:`RECT_REPAIR_NODES`): first with the replayed
    turns' illegal payments patched (cheap, and the line stays closest to itself),
    then with such turns planned again. ``lines`` gets the score after each.
    When the line joins fewer than all the castles by the end of round 10, the
    turns planned again aim at the supply-aware network (:func:`supply_network`):
    the first half's icons of one terrain often run short on such decks (lake
    70026: four forest icons, all on squares the hard AI's network needs), and
    its links then go round that terrain."""
    rounds = _round_starts(state, list(path))[1]
    short = False
    if FIRST_HALF_ROUNDS + 1 in rounds:
        end1 = rounds[FIRST_HALF_ROUNDS + 1][0]
        short = end1.connected_castles(end1.sheets[0])[0] < state.castle_mask.bit_count()
    try:
        for part, nodes, name in ((_castle_repair, REPAIR_NODES, "castles"),
                                  (_rectangle_repair, RECT_REPAIR_NODES, "repair")):
            search.supply = short and name in SUPPLY_PARTS
            before = search.left
            for patch in (True, False):
                left = nodes - (before - search.left)
                if left <= 0:
                    break
                node, path = _within(search, left, part, state, node, list(path), patch)
            lines[name] = int(node.scores()[0])
    finally:
        search.supply = False
    return node, path


def _within(search: _Search, nodes: int, part: Callable, *args):
    """``part(search, *args)`` with at most ``nodes`` of the search's budget; what
    it leaves stays for what follows."""
    kept = max(0, search.left - nodes)
    search.left -= kept
    try:
        return part(search, *args)
    finally:
        search.left += kept


def _rectangle_repair(search: _Search, state: ReclaimState, node: ReclaimState,
                      path: list, patch: bool = False) -> tuple[ReclaimState, list]:
    """Payments moved onto the squares that would complete a larger rectangle: for
    each rectangle larger than the line's (those whose sections hold no triangle of
    the line's castle links first: moved payments never leave a link, but a change
    near the links more often costs a castle later), the fewest triangles to add
    first (at most :data:`RECT_REPAIR`), each
    triangle still needed is paid instead of one of the line's payments of its kind
    (in a round where the square is a section's already; payments onto triangles
    that join nothing first, the latest first). The rest is replayed
    (:func:`_replay`, its illegal payments patched if ``patch``) and a better real
    final score replaces the line; repeated while it finds one."""
    most, tried = RECT_REPAIR
    if not ai._RECTANGLES:
        ai._RECTANGLES.extend(ai._rectangles())
    improved = True
    while improved and not search.stopped():
        improved = False
        rounds = _round_starts(state, list(path))[1]
        segments = _segments(rounds, path)
        sheet = node.sheets[0]
        solid = sheet.terr | node.castle_mask
        have = GRID.largest_rectangle_area(solid, 2)
        links = node.connected_castles(sheet)[1] & sheet.tri
        targets = []
        for mask, area in ai._RECTANGLES:
            if area <= have:
                break
            need = mask & ~solid
            if mask & sheet.xs:
                continue
            fill = 0
            for sec in sheet.sections:
                if sec & need:
                    fill |= sec
            linked = bool(fill & links)  # completing these sections keeps their links,
            fill = (fill | need) & ~sheet.tri & ~sheet.terr  # but they are tried last
            count = fill.bit_count()
            if count <= most:
                targets.append((linked, count, -area, len(targets), fill, need & ~sheet.occupied))
        targets.sort(key=lambda t: t[:4])
        replayed = 0
        seen: set = set()
        turns: dict = {}  # each turn's placements, for every rectangle of this line
        for _, count, _, _, fill, new in targets:
            if search.stopped() or replayed >= tried:
                break
            if search.cancelled():
                raise _Cancelled()
            drawn = _drawn_over(rounds, segments, new, node, turns) if new else [(None, None, 0)]
            for k, turn, extra in drawn:
                if count + extra.bit_count() > most + 2:
                    continue
                placed = new | extra
                trial = _moved_payments(state, rounds, segments, fill | extra, links, placed, k, node)
                if trial is None:
                    continue
                first, changed = trial
                if k is not None:
                    changed[k] = turn
                    first = min(first, k)
                # the same change found for another rectangle, or a line the replay
                # knew already, does not count as a trial
                key = tuple(sorted((r, tuple(sorted(map(str, t)))) for r, t in changed.items()))
                if key in seen:
                    continue
                seen.add(key)
                before = search.nodes
                better = _changed_line(search, rounds, segments, first, changed, patch, node)
                replayed += search.nodes - before > 1
                if better is not None:
                    node, path = better
                    improved = True
                    break
            if improved:
                break
    return node, path


def _drawn_over(rounds: dict, segments: dict, new: int, final: ReclaimState,
                cache: dict | None = None) -> list[tuple[int, list, int]]:
    """Turns whose shape could be drawn instead over all of ``new`` (squares of a
    rectangle no section covers at the end of the line): (round, its new actions,
    the shape's squares beyond ``new``), the fewest squares beyond first, then the
    turns whose own section got fewest triangles and territory by the end (a shape
    drawn for nothing costs the least to move), the latest first; at most
    :data:`RECT_REPAIR_DRAWS`. ``cache``: each turn's legal placements of its shape
    (the same for every rectangle of one line)."""
    end = final.sheets[0]
    cache = {} if cache is None else cache
    found = []
    for k in sorted(segments, reverse=True):
        if k < 1:
            continue
        if k not in cache:
            cache[k] = _placements_of_turn(rounds[k][0], segments[k])
        if cache[k] is None:
            continue
        i, own, options = cache[k]
        used = (own & (end.tri | end.terr)).bit_count()
        for other, drawn in options:
            if drawn & new == new:
                extra = drawn & ~new
                found.append((extra.bit_count(), used, -k, str(other), k,
                              segments[k][:i] + [other] + segments[k][i + 1:], extra))
    found.sort(key=lambda f: f[:4])
    return [(k, turn, extra) for _, _, _, _, k, turn, extra in found[:RECT_REPAIR_DRAWS]]


def _placements_of_turn(start: ReclaimState, segment: list) -> tuple[int, int, list] | None:
    """The turn ``segment``'s first shape drawn (from ``start``): its index in the
    turn, the squares it drew, and every legal placement of that shape then (action,
    squares); None when the turn draws none."""
    node = start.clone()
    for i, action in enumerate(segment):
        if action.kind == "shape" and node.phase == "place":
            sid = node.field[0]
            options = [(ReclaimAction.draw(sid, rot, anchor), mask) for rot, anchor, mask in node.placements(sid)]
            own = next((mask for a, mask in options if a == action), 0)
            return i, own, options
        if node.why_illegal(action):
            return None
        node._apply(action)
        node.history.append(action)
    return None


def _moved_payments(state: ReclaimState, rounds: dict, segments: dict, fill: int, links: int,
                    new: int = 0, drawn_in: int | None = None,
                    final: ReclaimState | None = None) -> tuple[int, dict] | None:
    """One payment of the line moved onto each square of ``fill`` (of the square's
    kind, in a round where it is a section's already: for the squares of ``new``,
    drawn in round ``drawn_in``, a later round), never one onto ``links`` or
    ``fill``: those onto squares that turned into nothing first (neither links nor
    territory at the end), the latest first. (first round changed, round -> its new
    actions), or None when some square finds none. ``final``: the line's final
    position, when the caller has it (else the line is replayed for it)."""
    if final is None:
        final = _round_starts(state, [a for r in sorted(segments) for a in segments[r]])[0]
    final_sheet = final.sheets[0]
    changed: dict[int, list] = {}
    for cell in GRID.cells_of(fill):
        bit = GRID.bit(cell)
        terrain = state.map.at(cell)
        best = None
        for j in sorted(segments, reverse=True):
            if j < 1:
                continue
            if bit & new:
                if drawn_in is None or j <= drawn_in:
                    continue
            elif not rounds[j][0].sheets[0].occupied & bit:
                continue
            if all(icon.terrain is not terrain for icon in rounds[j][0].costs()):
                continue
            turn = changed.get(j, segments[j])
            for i, a in enumerate(turn):
                if a.kind != "pay" or a.cell == cell or state.map.at(a.cell) is not terrain:
                    continue
                source = GRID.bit(a.cell)
                if source & (links | fill):
                    continue
                rank = (0 if source & final_sheet.tri else 1, -j, i)
                if best is None or rank < best[0]:
                    best = (rank, j, i)
        if best is None:
            return None
        _, j, i = best
        turn = list(changed.get(j, segments[j]))
        turn[i] = ReclaimAction.pay(cell)
        changed[j] = turn
    if not changed:
        return None
    return min(changed), changed


RECT_REPAIR = (9, 12)
"""The rectangle repair (:func:`_rectangle_repair`): at most this many triangles
added per rectangle, and this many changed lines replayed per pass (a change
already replayed, or one whose replay the replay remembered, does not count)."""
RECT_PART_ORDER = FIRST_HALF_FIRST
"""The order of the third line's neighbourhood pass (:data:`FIRST_HALF_FIRST`)."""
RECT_REPAIR_DRAWS = 5
"""Turns tried per rectangle whose shape is drawn instead over its squares that no
section covers."""


THROUGH = (12, 9)
"""The rectangle repair through a section (:func:`_rect_through`): changed lines
replayed, and at most this many triangles still needed per rectangle."""
THROUGH_NODES = 30_000
"""Nodes of :func:`_rect_through`, on top of the first process's share (it runs only
on lines that join every castle by round 10 and that the repairs did not change:
run on its own from the hard AI's line on river 70021, the 12 trials took 10,645
nodes and the neighbourhood search from the best of them found 132 after about
20,000 more; 24,000 in all gave 131)."""


def _drawn_rounds(rounds: dict, final: ReclaimState) -> dict[int, int]:
    """Each section of ``final`` (as a mask) -> the round in which it was drawn (0:
    the starting shapes), read from the line's positions at the start of each round."""
    order = sorted(rounds)
    drawn: dict[int, int] = {}
    for i, k in enumerate(order):
        after = rounds[order[i + 1]][0] if i + 1 < len(order) else final
        for sec in after.sheets[0].sections:
            drawn.setdefault(sec, k)
    return drawn


def _cannot_complete(state: ReclaimState, rounds: dict, sec: int, drawn_in: int, sheet) -> bool:
    """Whether the empty squares of section ``sec`` (drawn in round ``drawn_in``) are
    more than the icons of their kinds in the rounds after it (a grass square: no
    icon at all), so that no moved payment can complete it."""
    left = sec & ~sheet.tri & ~sheet.terr
    if left & state.terrain_masks[Terrain.GRASS]:
        return True
    icons: dict = {}
    for j in rounds:
        if j > drawn_in:
            for icon in rounds[j][0].costs():
                icons[icon.terrain] = icons.get(icon.terrain, 0) + 1
    for cell in GRID.cells_of(left):
        terrain = state.map.at(cell)
        icons[terrain] = icons.get(terrain, 0) - 1
        if icons[terrain] < 0:
            return True
    return False


def _through_trials(state: ReclaimState, rounds: dict, segments: dict, node: ReclaimState,
                    most: int) -> list[tuple[int, dict]]:
    """The changed turns of :func:`_rect_through`, in the order tried: (first round
    changed, round -> its new actions). For each rectangle larger than the line's
    (no X, no grass that is not territory) some of whose missing squares lie in a
    section that cannot be completed (:func:`_cannot_complete`), fewest triangles
    still needed first (at most ``most``), then the largest: each earlier turn (before
    the first such section was drawn) whose shape can be drawn instead over those
    squares and the rectangle's squares no section covers, with payments moved onto
    the new section and the other sections the rectangle cuts
    (:func:`_moved_payments`), or only the shape moved when no payment can be."""
    if not ai._RECTANGLES:
        ai._RECTANGLES.extend(ai._rectangles())
    sheet = node.sheets[0]
    solid = sheet.terr | node.castle_mask
    have = GRID.largest_rectangle_area(solid, 2)
    links = node.connected_castles(sheet)[1] & sheet.tri
    grass = state.terrain_masks[Terrain.GRASS]
    drawn = _drawn_rounds(rounds, node)
    targets = []
    for mask, area in ai._RECTANGLES:
        if area <= have:
            break
        if mask & (sheet.xs | (grass & ~sheet.terr)):
            continue
        need = mask & ~solid
        through, fill, before = need & ~sheet.occupied, 0, ROUNDS + 1
        for sec in sheet.sections:
            if sec & need:
                if _cannot_complete(state, rounds, sec, drawn[sec], sheet):
                    through |= sec & need
                    before = min(before, drawn[sec])
                else:
                    fill |= sec
        if not through & sheet.occupied:
            continue  # no section stands in the way: the rectangle repair's case
        fill &= ~sheet.tri & ~sheet.terr
        count = (fill | through).bit_count()
        if count <= most:
            targets.append((count, -area, len(targets), through, fill, before))
    targets.sort(key=lambda t: t[:3])
    trials = []
    for _, _, _, through, fill, before in targets:
        for k in range(1, before):
            if k not in segments:
                continue
            found = _placements_of_turn(rounds[k][0], segments[k])
            if found is None:
                continue
            i, _, options = found
            for other, new in options:
                if new & through != through:
                    continue
                moved = _moved_payments(state, rounds, segments, fill | new, links, new, k, node)
                changed = {} if moved is None else moved[1]
                changed[k] = segments[k][:i] + [other] + segments[k][i + 1:]
                trials.append((min(changed), changed))
    return trials


def _rect_through(search: _Search, state: ReclaimState, node: ReclaimState,
                  path: list) -> tuple[ReclaimState, list]:
    """A larger rectangle through a section that cannot be completed: the rectangle
    repair moves payments onto the sections a rectangle cuts, but a section drawn
    late whose empty squares need icons the rounds after it do not bring stays
    open. Here an earlier turn draws its shape over the rectangle's squares in that
    section instead (:func:`_through_trials`; the section's own turn, now illegal,
    is planned again by the replay), at most :data:`THROUGH`'s number of changed
    lines each replayed with illegal payments patched (:func:`_replay`). Such a
    line is usually worse at first (turns planned again narrowly), so the best of
    them by real final score gets a neighbourhood search (:func:`_neighbourhood`)
    with what is left of the nodes, and replaces the line if it ends higher.

    On river 70021 the hard AI's rectangle is e7:g11 (15). The 4x4 d7:g10 misses d9
    and d10, which lie in the section drawn in round 11 whose three empty water
    squares the one water icon after it cannot fill. Round 3's L drawn over d9, e9
    and d10 (with a water paid on d10 in round 4) replays to 126, and the
    neighbourhood search from there ends at 132 (58 + 58 + 16)."""
    tried, most = THROUGH
    rounds = _round_starts(state, list(path))[1]
    segments = _segments(rounds, path)
    best = None
    seen: set = set()
    replayed = 0
    for first, changed in _through_trials(state, rounds, segments, node, most):
        if replayed >= tried or search.stopped():
            break
        if search.cancelled():
            raise _Cancelled()
        key = tuple(sorted((r, tuple(map(str, t))) for r, t in changed.items()))
        if key in seen:
            continue
        seen.add(key)
        later = [changed.get(r, segments[r]) for r in sorted(segments) if r >= first]
        final, rest = _replay(search, rounds[first][0], later, True)
        replayed += 1
        if best is None or final.scores()[0] > best[0].scores()[0]:
            best = (final, list(rounds[first][1]) + rest)
    if best is None or search.stopped():
        return node, path
    if best[0].scores()[0] > node.scores()[0]:
        node, path = best
    found, line = _neighbourhood(search, state, best[0], best[1])
    if found.scores()[0] > node.scores()[0]:
        node, path = found, line
    return node, path


def _forward_part(state: ReclaimState, nodes: int, deadline: float,
                  cancel: Callable[[], bool] | None = None) -> tuple[int, list[str], int, bool]:
    """The forward search over the whole known deck (:data:`FORWARD`) from ``state``,
    its line then polished (:func:`_polish`), within ``nodes``: (score, actions,
    nodes used, whether the safety clock cut it)."""
    search = _Search(nodes, deadline, cancel)
    search.cut = True
    base = search.w
    inner, prefilter, keep, width = FORWARD
    search.w = dataclasses.replace(base, beam=inner, prefilter=prefilter)
    node, path = _turn_beam(search, state.clone(), [], inner, keep, width)
    search.w = base
    node, path = _polish(search, state, node, path)
    return int(node.scores()[0]), [str(a) for a in path], search.nodes, search.capped


def _rect_part(state: ReclaimState, line: list[str], nodes: int, deadline: float,
               cancel: Callable[[], bool] | None = None) -> tuple[int, list[str], int, bool]:
    """The neighbourhood search (:func:`_neighbourhood`) on ``line`` (actions from
    ``state`` to the end, as text: the incumbent) as it was, unrepaired, then
    polished (:func:`_polish`) with what is left of ``nodes``: (score, actions,
    nodes used, whether the safety clock cut it). The repairs change the line the
    first process's neighbourhood search starts from, and a change the search
    would have found on the hard AI's own line (river 70008: round 7, 128 against
    118) may no longer pay on the repaired one; this keeps it. (It replaced a
    search of the last rounds aimed at larger rectangles, which was never the only
    best line on the 27 decks measured with the repairs.)"""
    search = _Search(nodes, deadline, cancel)
    search.cut = True
    node = state.clone()
    path = []
    for text in line:
        action = node.parse_action(text)
        node._apply(action)
        node.history.append(action)
        path.append(action)
    node, path = _neighbourhood(search, state, node, path, RECT_PART_ORDER)
    node, path = _polish(search, state, node, path)
    return int(node.scores()[0]), [str(a) for a in path], search.nodes, search.capped


def _side_worker(conn, state: ReclaimState, nodes: int, rect_nodes: int, deadline: float) -> None:
    """The second process: :func:`_forward_part`, then (once the first process has
    sent the incumbent line through ``conn``) :func:`_rect_part` on that line; both
    results go back through ``conn`` (an error as its text)."""
    try:
        forward = _forward_part(state, nodes, deadline)
        forward_cpu = time.process_time()  # the start of the process included
        line = conn.recv()
        rect = _rect_part(state, line, rect_nodes, deadline) if line is not None else None
        conn.send(("ok", (forward, rect, (forward_cpu, time.process_time() - forward_cpu))))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which runs the parts itself
        try:
            conn.send(("error", repr(exc)))
        except (OSError, EOFError):
            pass
    finally:
        conn.close()


class _Side:
    """The second process's parts (:func:`_side_worker`, spawned: nothing of the
    caller's threads is copied); :meth:`send_line` hands it the incumbent,
    :meth:`result` waits for it, polling ``cancel``, and runs the parts in this
    process when the second one could not start or failed."""

    def __init__(self, state: ReclaimState, nodes: int, rect_nodes: int, deadline: float, start: bool = True) -> None:
        import multiprocessing

        self.args = (state, nodes, rect_nodes, deadline)
        self.line: list[str] | None = None
        self.process = None
        if not start:  # one process: the parts run in this one when asked for
            return
        try:
            ctx = multiprocessing.get_context("spawn")
            self.conn, child = ctx.Pipe(duplex=True)
            self.process = ctx.Process(target=_side_worker, args=(child, *self.args), daemon=True,
                                       name="reclaim-solver")
            self.process.start()
            child.close()
        except (OSError, RuntimeError, ValueError):
            self.process = None

    def send_line(self, line: list[str] | None) -> None:
        """The incumbent line (as text) for the third line (:func:`_rect_part`);
        None: none."""
        self.line = line
        if self.process is not None:
            try:
                self.conn.send(line)
            except (OSError, EOFError, ValueError):
                self.stop()

    def result(self, cancel: Callable[[], bool] | None) -> tuple | None:
        """(forward result, rectangle result or None, CPU seconds of each), or None
        when cancelled."""
        if self.process is not None:
            try:
                while not self.conn.poll(0.05):
                    if cancel is not None and cancel():
                        self.stop()
                        return None
                    if not self.process.is_alive() and not self.conn.poll(0):
                        break
                else:
                    kind, value = self.conn.recv()
                    if kind == "ok":
                        return value
            except (EOFError, OSError):
                pass
            finally:
                self.stop()
        if cancel is not None and cancel():
            return None
        state, nodes, rect_nodes, deadline = self.args
        began = time.process_time()
        try:
            forward = _forward_part(state, nodes, deadline, cancel)
            middle = time.process_time()
            rect = _rect_part(state, self.line, rect_nodes, deadline, cancel) if self.line is not None else None
        except _Cancelled:
            return None
        return forward, rect, (middle - began, time.process_time() - middle)

    def stop(self) -> None:
        if self.process is not None:
            if self.process.is_alive():
                self.process.terminate()
            self.process.join()
            self.conn.close()
            self.process = None


def default_workers() -> int:
    """Processes the solver uses: two where there are two cores or more (also in
    a frozen build: its entry point, ``packaging/launcher.py``, hands a spawned
    process to ``multiprocessing.freeze_support``)."""
    import os

    return 2 if (os.cpu_count() or 1) >= 2 else 1


def solve(state: ReclaimState, nodes: int = DEFAULT_NODES, time_cap: float = TIME_CAP,
          exhaustive: bool = False, cancel: Callable[[], bool] | None = None, seed: int = 0,
          incumbent: list | None = None, workers: int | None = None) -> Solution:
    """The highest score the solver reaches from ``state`` (a solo game), reading its
    real deck, the best of three lines (the same result whatever ``workers``):

    1. the incumbent, ``incumbent`` (a line of actions from ``state`` to the end)
       or else the hard AI's own line on the real deck (:func:`incumbent_line`,
       seeded ``seed``), so that the solver never scores less than that AI; then
       the castle and rectangle repairs (:func:`_repairs`) and the
       neighbourhood search on it (:func:`_neighbourhood`; when the repairs
       changed nothing, the opening re-plan (:func:`_prefix_replan`) instead:
       the third line searches that same line's neighbourhood; then, if the
       line still joins fewer than every castle at the end of round 10, the
       first half planned again so that every castle stays payable in time
       (:func:`_network_replan`, with its own :data:`NETWORK_NODES`), else the
       rectangle repair through a section that cannot be completed
       (:func:`_rect_through`, with its own :data:`THROUGH_NODES`)), polished
       (:func:`_polish`) with what is left of its share (:data:`SHARES`);
    2. a forward search over the whole known deck (:data:`FORWARD`), polished;
    3. the incumbent again, unrepaired, its neighbourhood searched
       (:func:`_rect_part`), polished.

    ``workers``: 2 runs the second and third on another process (the third once
    the first has found the incumbent) while this one plays the first (default
    :func:`default_workers`). ``exhaustive``: one search that cuts nothing (small
    end-game positions only: the result is then exact). ``cancel()`` returning
    True stops at the next step (the best line so far is returned, not exact)."""
    if state.num_players != 1:
        raise ValueError("the solver plays solo games only")
    deadline = time.monotonic() + time_cap
    upper = upper_bound(state)
    if exhaustive:  # small end-game positions: quick, not cancellable
        search = _Search(nodes, deadline, None)
        node, path = _turn_beam(search, state.clone(), [], 0, 0, 0, exhaustive=True)
        score = int(node.scores()[0])
        return Solution(score, [str(a) for a in path], not search.cut, max(upper, score), search.nodes,
                        search.capped)
    main_share, forward_share, _ = SHARES
    main_nodes = int(nodes * main_share) if nodes > 0 else 0
    side_nodes = int(nodes * forward_share) if nodes > 0 else 0
    rect_nodes = max(0, nodes - main_nodes - side_nodes)
    side = None
    if side_nodes and (workers or default_workers()) >= 2:
        side = _Side(state.clone(), side_nodes, rect_nodes, deadline)
    search = _Search(main_nodes, deadline, cancel)
    search.cut = True  # lines and beams cut: nothing they find is proven best
    began = time.process_time()
    cpu = {"incumbent": 0.0, "main": 0.0, "forward": 0.0, "unrepaired": 0.0}
    lines: dict[str, int] = {}  # each line's final score (the repair's: before the neighbourhood search)
    try:
        path = incumbent if incumbent is not None else incumbent_line(state, seed, cancel=cancel)
        if path is None:  # cancelled before any line was found: the cheapest line
            base = search.w
            search.w = dataclasses.replace(base, beam=1, prefilter=5)
            node, path = state.clone(), []
            while node.phase != OVER:
                _, node, steps = search.expand(node, 1, 1)[0]
                path += steps
            search.w = base
        node, _ = _round_starts(state, list(path))
        incumbent_score = int(node.scores()[0])
        cpu["incumbent"] = time.process_time() - began
        line_text = [str(a) for a in path]
        if side is not None:
            side.send_line(line_text)
        if not search.stopped():
            try:
                node, path = _repairs(search, state, node, list(path), lines)
                if int(node.scores()[0]) <= incumbent_score:
                    # the repairs changed nothing: the line is the incumbent's, whose
                    # neighbourhood the third line searches with more nodes; this
                    # process plans the opening again instead
                    node, path = _within(search, PREFIX_NODES, _prefix_replan, state, node, list(path))
                    lines["opening"] = int(node.scores()[0])
                    if _short_at_half(state, path):
                        # its own nodes: what follows gets the share's rest as before
                        left = search.left
                        search.left += NETWORK_NODES
                        node, path = _within(search, NETWORK_NODES, _network_replan, state, node, list(path))
                        search.left = min(left, search.left)
                        lines["network"] = int(node.scores()[0])
                    else:
                        # its own nodes, and the polish keeps the share it had
                        left = search.left
                        search.left += THROUGH_NODES
                        node, path = _within(search, THROUGH_NODES, _rect_through, state, node, list(path))
                        search.left = left
                        lines["through"] = int(node.scores()[0])
                else:
                    node, path = _neighbourhood(search, state, node, list(path))
            except _Cancelled:
                pass
        node, path = _polish(search, state, node, path)
        score, actions = int(node.scores()[0]), [str(a) for a in path]
        lines["main"] = score
        nodes_used, capped = search.nodes, search.capped
        cpu["main"] = time.process_time() - began
        if side_nodes and not search.cancelled():
            if side is None:
                side = _Side(state, side_nodes, rect_nodes, deadline, start=False)
                side.send_line(line_text)
            others = side.result(cancel)
            if others is not None:
                cpu["forward"], cpu["unrepaired"] = others[2]
                for name, other in zip(("forward", "unrepaired"), others[:2]):
                    if other is None:
                        continue
                    lines[name] = other[0]
                    nodes_used += other[2]
                    capped = capped or other[3]
                    if other[0] > score:
                        score, actions = other[0], other[1]
    finally:
        if side is not None:
            side.stop()
    found = Solution(score, actions, score >= upper, max(upper, score), nodes_used, capped, incumbent_score,
                     {k: round(v, 2) for k, v in cpu.items()})
    found.lines = lines
    return found


def solve_game(seed: int, options: dict, **kwargs) -> Solution:
    """:func:`solve` from the start of the solo game ``seed`` with ``options``."""
    from reclaimdesk.core.game import get_game

    start = get_game("reclaim").new_game(1, seed, options)
    assert isinstance(start, ReclaimState)
    kwargs.setdefault("seed", agent_seed(seed))
    return solve(start, **kwargs)


__all__ = ["DEFAULT_NODES", "Solution", "solve", "solve_game", "upper_bound", "ReclaimAction",
           "SPECIAL_SHAPE", "SPECIAL_TRIANGLES"]
