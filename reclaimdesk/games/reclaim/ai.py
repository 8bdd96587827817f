"""Reclaim's AI players.

All levels plan a whole turn (payments, the shape, a special action) with a beam
search over the turn's atomic actions, scoring each position with
:func:`evaluate`, a projection of the final score:

- the castle connection each half is expected to reach (the present connection,
  blended with the connection the open section squares could still give),
- the territory rectangle already built and the one the sections could still give,
- X marks (-2 each) and room left to draw, and
- the numbers crossed out on the track (each one lowers what connection can score).

``easy`` is greedy (beam width 1) with a coarse evaluation and no special actions
except to rescue a payment; ``normal`` a narrow beam; ``hard`` a wide beam that
also searches the special action at every point and, at the end of its turn,
averages the value of its position over sampled next cards. No level ever reads
the deck order: the hard player samples the unseen cards
(:meth:`ReclaimState.determinize`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.game import GameState
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import GRID, TRACK_LENGTH, Terrain
from reclaimdesk.games.reclaim.state import (
    FIRST_HALF_ROUNDS,
    GIFT,
    OVER,
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
    cross: float = 4.0           # cost per crossed-out number (beyond its effect on the track)
    supply: float = 1.5          # per empty section square able to pay an icon (capped)
    next_need: float = 3.0       # per icon of the next, visible card the sheet can pay
    specials: bool = True        # consider special actions freely
    beam: int = 6
    prefilter: int = 40          # full evaluation only for this many best pre-scored children
    samples: int = 0             # sampled next cards averaged at the end of a turn


LEVEL_WEIGHTS = {
    "easy": Weights(potential=0.0, budget=0.0, rect_potential=0.0, room=0.0, cross=3.0, supply=1.0,
                    next_need=0.0, specials=False, beam=1, prefilter=12, samples=0),
    "normal": Weights(specials=False, beam=2, prefilter=20, samples=0),
    "hard": Weights(beam=6, prefilter=40, samples=0),
}


def _popcount(m: int) -> int:
    return m.bit_count()


def _max_castles(state: ReclaimState, nodes: int, need: int) -> int:
    """Largest number of castles in one edge-connected group of ``nodes`` (which
    include the castles) that contains at least one square of ``need``."""
    castles = state.castle_mask
    best = 0
    rest = castles
    while rest:
        low = rest & -rest
        group = GRID.flood(low, nodes)
        rest &= ~group
        if group & need:
            n = _popcount(group & castles)
            if n > best:
                best = n
    return best


def _reachable_castles(state: ReclaimState, sheet: Sheet, budget: int) -> int:
    """How many castles one group could join if ``budget`` more triangles went on
    the best squares: grow the present best group (or the centre castle) towards
    the nearest other castle through squares that can still take a triangle
    (section squares and empty map squares of a paying terrain), Prim-style,
    while the distance fits the budget."""
    castles = state.castle_mask
    nodes = sheet.tri | castles
    best_group = 0
    best_n = 0
    rest = castles
    while rest:
        low = rest & -rest
        group = GRID.flood(low, nodes)
        rest &= ~group
        if group & sheet.tri:
            n = _popcount(group & castles)
            if n > best_n:
                best_n, best_group = n, group
    if not best_group:
        best_group = GRID.flood(state.centre_bit, nodes)
    grass = state.terrain_masks[Terrain.GRASS]
    # a section square still free of triangles costs one triangle; a bare map square
    # costs two steps (a shape must be drawn there first)
    sect = sheet.empty_section_squares & ~grass
    free = GRID.full_mask & ~(castles | sheet.occupied | sheet.xs | grass)
    tree = best_group
    count = _popcount(tree & castles)
    while budget > 0:
        visited = tree
        frontier = tree
        pending = 0
        dist = 0
        hit = 0
        while dist < budget:
            reach = GRID.grow(frontier)
            hit = reach & castles & ~tree
            if hit:
                break
            fast = reach & sect & ~visited
            slow = reach & free & ~visited & ~pending
            visited |= fast | pending
            frontier = fast | pending
            pending = slow
            if not frontier and not pending:
                break
            dist += 1
        if not hit:
            break
        budget -= dist
        one = hit & -hit
        tree |= GRID.flood(one, nodes) | one
        count = _popcount(tree & castles)
    return count


def evaluate(state: ReclaimState, seat: int, w: Weights = LEVEL_WEIGHTS["hard"]) -> float:
    """A projection of ``seat``'s final score from the present position."""
    sheet: Sheet = state.sheets[seat]
    track = state.track
    crossed = sheet.crossed
    castles = state.castle_mask
    over = state.phase == OVER
    round_no = max(state.round, 1)

    now = _max_castles(state, sheet.tri | castles, sheet.tri)
    left1 = max(0, FIRST_HALF_ROUNDS - round_no) if state.round >= 1 else FIRST_HALF_ROUNDS
    left2 = max(0, ROUNDS - round_no) if state.round >= 1 else ROUNDS

    def projected(half_done: int | None, budget: int) -> float:
        if half_done is not None:
            return half_done
        if not w.potential or budget <= 0:
            return track.points_for(now, crossed)
        could = max(now, _reachable_castles(state, sheet, budget))
        return (1 - w.potential) * track.points_for(now, crossed) + w.potential * track.points_for(could, crossed)

    h1 = projected(sheet.half1, int(2 * left1 * w.budget))
    h2 = projected(sheet.half2, int((2 * left1 + 4 * (left2 - left1)) * w.budget))

    solid = sheet.terr | castles
    rect = GRID.largest_rectangle_area(solid, 2)
    if over:
        rect_value = rect if rect else -5.0
    else:
        rect_value = float(rect) if rect else -5.0
        if w.rect_potential and left2 > 0:
            completable = 0
            grass = state.terrain_masks[Terrain.GRASS]
            for sec in sheet.sections:
                if not sec & sheet.terr and not (sec & ~sheet.tri) & grass:
                    completable |= sec
            maybe = GRID.largest_rectangle_area(solid | completable, 2)
            rect_value += w.rect_potential * max(0, maybe - max(rect, 0)) * min(1.0, left2 / 6.0)
    xs = -X_PENALTY * _popcount(sheet.xs)
    value = h1 + h2 + rect_value + xs
    if not over:
        if w.room:
            empty = GRID.full_mask & ~(castles | sheet.occupied | sheet.xs)
            value += w.room * _popcount(GRID.grow(sheet.occupied) & empty)
        value -= w.cross * crossed
        value += _supply_value(state, sheet, w)
    return value


_ICON_TERRAINS = (Terrain.FOREST, Terrain.FIELD, Terrain.MOUNTAIN, Terrain.WATER)


def _supply_value(state: ReclaimState, sheet: Sheet, w: Weights) -> float:
    """Empty section squares that can pay future costs: a stock of each terrain
    (worth less beyond a few squares), and above all the icons of the card that
    will be paid next (the right field card, face up for everyone)."""
    empty = sheet.empty_section_squares
    if state.round >= ROUNDS:
        return 0.0
    value = 0.0
    stock = {}
    for t in _ICON_TERRAINS:
        n = _popcount(empty & state.terrain_masks[t])
        stock[t] = n
        value += w.supply * min(n, 3) + 0.3 * w.supply * max(0, min(n, 6) - 3)
    if w.next_need and state.phase != SETUP:
        # the card that becomes the leftmost field card next round
        upcoming = state.cards[state.field[1]].cost if len(state.field) > 1 else ()
        left = dict(stock)
        for icon in upcoming:
            t = icon.terrain
            if left[t] > 0:
                left[t] -= 1
                value += w.next_need
    return value


def _prescore(state: ReclaimState, seat: int) -> float:
    """Cheap score for pruning placements: X marks are costly, room is good."""
    sheet = state.sheets[seat]
    empty = GRID.full_mask & ~(state.castle_mask | sheet.occupied | sheet.xs)
    return -3 * _popcount(sheet.xs) + 0.1 * _popcount(GRID.grow(sheet.occupied) & empty)


def _step(state: ReclaimState, action: ReclaimAction) -> ReclaimState:
    child = state.clone()
    child.events = []
    child._apply(action)
    child.history.append(action)
    return child


class ReclaimAgent:
    """Plans the rest of its turn, then plays the plan action by action (replanning
    whenever the position is not the one the plan expects)."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.weights = LEVEL_WEIGHTS[level]
        self.rng = Rng(seed)
        self._plan: list[ReclaimAction] = []
        self._plan_at = -1

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
        beam: list[tuple[float, ReclaimState, list[ReclaimAction]]] = [(0.0, state, [])]
        finished: list[tuple[float, list[ReclaimAction]]] = []
        start_round = state.round
        while beam:
            children: list[tuple[float, ReclaimState, list[ReclaimAction]]] = []
            for _, node, path in beam:
                actions = node.legal_actions()
                if not w.specials and node.phase not in (SPECIAL_TRIANGLES, SPECIAL_SHAPE):
                    actions = self._without_free_specials(node, actions)
                shaped = [a for a in actions if a.kind == "shape"]
                others = [a for a in actions if a.kind != "shape"]
                if len(shaped) > w.prefilter:
                    pre = sorted(((_prescore(c, seat), i, a, c) for i, (a, c) in
                                  enumerate((a, _step(node, a)) for a in shaped)),
                                 key=lambda t: (-t[0], t[1]))[: w.prefilter]
                    stepped = [(a, c) for _, _, a, c in pre]
                else:
                    stepped = [(a, _step(node, a)) for a in shaped]
                stepped += [(a, _step(node, a)) for a in others]
                for a, child in stepped:
                    value = evaluate(child, seat, w)
                    if self._turn_over(child, seat, start_round, node):
                        finished.append((value, path + [a]))
                    else:
                        children.append((value, child, path + [a]))
            children.sort(key=lambda t: -t[0])
            beam = children[: w.beam]
            if finished and beam and beam[0][0] < max(f[0] for f in finished) - 30:
                break
        if not finished:  # cannot happen: every turn ends
            return [state.legal_actions()[0]]  # type: ignore[list-item]
        best = max(finished, key=lambda f: f[0])
        return best[1]

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
        """Variant: the triangle that leaves the neighbour's projection lowest."""
        target = state.gift_target(state.current_player)
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
