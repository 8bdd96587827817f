"""The best score this deck allowed: a search with hindsight (issue 23).

**This solver reads the real deck order.** It is hindsight, for a finished solo game's
review ("this deck allowed at least N"): it is never used as a player and no AI level
calls it. It plays a solo sheet from a position (normally the start of the record's
game) through the engine's own rules (``legal_actions``, ``child``) and scores with the
engine's own ``scores()``: no second scoring.

The search starts from the hard AI's own line on this deck (the game's public agent
API, seeded as ``reclaimdesk play`` seeds it; the AI itself reads no undrawn card),
so the solver never scores less than that AI; a line of the same planner that sees
each coming card replaces it when it scores more. Then it polishes with hindsight: from
the last round back, the best line's position at the start of each round is
searched again with a beam over whole turns on the real deck (the hard planner's
evaluation, :func:`ai.evaluate`, inside a turn; finished lines compare by their real
score), and a better ending replaces the line's; wider passes follow while the
budget lasts. The budget is counted in evaluated positions (nodes, measured in
``reclaimdesk bench``): the same search on any machine under any load; a wall-clock
cap is only a safety net (past it the search finishes with what it has).

The result is exact only when nothing was ever cut (every legal line was followed:
small end-game positions); otherwise it is a lower bound, reported with
:func:`upper_bound`, a relaxation: each half's castle points at most those of every
castle joined, with no number crossed out beyond the specials that buy triangles, and
the largest rectangle whose missing squares the deck's coming costs and those
specials' triangles could all fill.
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

DEFAULT_NODES = 60_000
"""Evaluated positions per solve after the incumbent line (``reclaimdesk bench``
measures the time this takes; within 20 s on an idle 2-core machine)."""
INNER_BEAM = 4
"""Positions kept at each step inside a turn (distinct positions: paying two squares
in either order is one position)."""
PREFILTER = 30
"""Shape placements fully evaluated per position (the best by the planner's cheap
pre-score)."""
TIME_CAP = 18.0
"""Seconds (from the start, the incumbent line included) after which the polish
finishes the line it is on with a narrow planner and stops (a safety cap only: the
node budget ends the search first on an idle machine)."""


class Solution:
    """What the solver found: ``best`` (a reachable final score: the line ``actions``
    from the position solved reaches it), ``exact`` (True only when the search cut
    nothing, so no line scores more), ``upper`` (a proven upper bound), ``nodes``
    (positions evaluated) and ``capped`` (the safety clock cut the search)."""

    def __init__(self, best: int, actions: list[str], exact: bool, upper: int, nodes: int, capped: bool) -> None:
        self.best = best
        self.actions = actions
        self.exact = exact
        self.upper = upper
        self.nodes = nodes
        self.capped = capped

    def to_dict(self) -> dict:
        return {"best": self.best, "exact": self.exact, "upper": self.upper, "nodes": self.nodes,
                "capped": self.capped, "actions": list(self.actions)}


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


def upper_bound(state: ReclaimState) -> int:
    """A score no line from ``state`` can beat (solo, seat 0), by relaxation. With
    ``k`` more numbers crossed out by special actions (each giving at most its
    entry's triangles): each half not yet scored at most the track's points for
    every castle joined; the rectangle at most the largest one (sides 2 or more,
    no X) whose squares that are not castles, territory or triangles yet number no
    more than the triangles still to come (every icon of the rounds left, both
    cards' from round 11, plus the specials'), its grass no more than the specials'
    (no icon pays grass); the X marks already drawn cost what they cost, further
    ones nothing."""
    sheet = state.sheets[0]
    track = state.track
    if state.phase == OVER:
        return int(state.scores()[0])
    castles = bin(state.castle_mask).count("1")
    # icons still to pay: this turn's unpaid ones, then each coming round's; in round
    # r the field shows cards r-1 and r of the sequence field + deck as it is now
    cards = state.field + state.deck
    now = state.round
    icons = len(state.unpaid) if now >= 1 else 0
    for r in range(now + 1 if now >= 1 else 1, ROUNDS + 1):
        i = r - now if now >= 1 else r - 1
        if i < len(cards):
            icons += len(state.cards[cards[i]].cost)
        if r > FIRST_HALF_ROUNDS and i + 1 < len(cards):
            icons += len(state.cards[cards[i + 1]].cost)
    done = sheet.terr | sheet.tri | state.castle_mask
    needs = _prefix(GRID.full_mask & ~done)
    grass = _prefix(state.terrain_masks[Terrain.GRASS] & ~done)
    xs = _prefix(sheet.xs)
    rects = []
    for r0 in range(SIZE):
        for r1 in range(r0 + 2, SIZE + 1):
            for c0 in range(SIZE):
                for c1 in range(c0 + 2, SIZE + 1):
                    if _count(xs, r0, c0, r1, c1):
                        continue
                    rects.append(((r1 - r0) * (c1 - c0), _count(needs, r0, c0, r1, c1),
                                  _count(grass, r0, c0, r1, c1)))
    rects.sort(reverse=True)
    crossed = sheet.crossed
    penalty = X_PENALTY * bin(sheet.xs).count("1")
    best = None
    for extra in range(0, TRACK_LENGTH - crossed + 1):
        bonus = sum(track.entries[TRACK_LENGTH - 1 - crossed - k].triangles for k in range(extra))
        points = track.points_for(castles, crossed + extra)
        h1 = sheet.half1 if sheet.half1 is not None else points
        h2 = sheet.half2 if sheet.half2 is not None else points
        rect = next((area for area, need, grassy in rects if need <= icons + bonus and grassy <= bonus), 0)
        total = h1 + h2 + (rect or NO_RECTANGLE_POINTS) - penalty
        best = total if best is None else max(best, total)
    assert best is not None
    return int(best)


def _key(node: ReclaimState) -> tuple:
    """What makes two positions within a turn the same (paying two squares in
    either order leads to one position)."""
    return (node.sheets[0].key(), node.phase, tuple(sorted(i.value for i in node.unpaid)),
            node.special_used, node.special_left, node.return_phase)


def _distinct(items: list) -> list:
    seen = set()
    out = []
    for item in items:
        key = _key(item[1])
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


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


class _Search:
    def __init__(self, nodes: int, time_cap: float, cancel: Callable[[], bool] | None) -> None:
        self.left = nodes
        self.deadline = time.perf_counter() + time_cap
        self.cancel = cancel
        self.nodes = 0
        self.cut = False
        self.capped = False
        self.w = dataclasses.replace(ai.LEVEL_WEIGHTS["hard"], beam=INNER_BEAM, prefilter=PREFILTER)
        self.noise = 0.0
        self.rng = None

    def over_time(self) -> bool:
        if time.perf_counter() > self.deadline:
            self.capped = True
        return self.capped

    def _score(self, node: ReclaimState, network, rect_target) -> float:
        self.nodes += 1
        self.left -= 1
        if node.phase == OVER:
            return 1000.0 + node.scores()[0]  # finished lines compare by their real score
        value = ai.evaluate(node, 0, self.w, network, rect_target)
        if self.noise:
            value += self.noise * self.rng.random()
        return value

    def expand(self, state: ReclaimState, beam_width: int, keep: int) -> list[tuple[float, ReclaimState, list]]:
        """The best ``keep`` distinct positions at the end of this turn (the hard
        planner's beam, on the real deck)."""
        w = self.w
        network = ai.plan_network(state, state.sheets[0], w.anchors)
        rect_target = 0
        if w.rect_plan and state.round >= w.rect_from:
            left2 = ROUNDS - max(state.round, 1) + 1
            rect_target = ai.plan_rectangle(state, state.sheets[0], network, 0.6 * 4 * min(left2, 6))
        beam = [(0.0, state, [])]
        finished: dict = {}
        start_round = state.round
        while beam:
            children = []
            for _, node, path in beam:
                actions = node.legal_actions()
                stepped, cut = ai.expand(node, actions, w.prefilter, 0, _child)
                self.cut = self.cut or cut
                for a, child in stepped:
                    value = self._score(child, network, rect_target)
                    if _turn_over(child, start_round, node):
                        key = child.sheets[0].key()
                        if key not in finished or finished[key][0] < value:
                            finished[key] = (value, child, path + [a])
                    else:
                        children.append((value, child, path + [a]))
            children.sort(key=lambda t: -t[0])
            children = _distinct(children)
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
POLISH = ((4, 20, 2, 2, 9, {}), (8, 40, 3, 3, 12, {}), (8, 40, 3, 3, 12, {"cross": 0.0, "cross_drop": 0.0}),
          (12, 60, 4, 4, 14, {}))
"""The polish passes, in order while the node budget lasts, each from the last
round back to a round: positions kept inside a turn, placements evaluated,
end-of-turn positions per parent, end-of-turn positions kept over whole turns, the
earliest round searched again, and changes to the hard planner's weights (without
the cost of a crossed-out number, lines that buy triangles late survive the beam).
A cheap, deep pass first, then wider ones nearer the end, where knowing the cards
pays most."""


FIRST_LINE = (12, 60)
"""The second line: the hard AI's own planner (its evaluation and widths: positions
kept inside a turn, placements evaluated) on the real deck, each turn seeing the card
that really comes next."""


def _play_line(search: "_Search", start: ReclaimState, noise: float, rng) -> tuple[ReclaimState, list, dict]:
    """One line to the end: at each turn the best end-of-turn position by the
    planner (with noise); also the positions at which each round began."""
    node, path = start, []
    rounds: dict[int, tuple[ReclaimState, list]] = {}
    search.noise, search.rng = noise, rng
    while node.phase != OVER:
        rounds.setdefault(node.round, (node, list(path)))
        if search.over_time() or search.left <= 0:  # out of budget: finish this line cheaply
            search.noise = 0.0
            search.w = dataclasses.replace(search.w, beam=2, prefilter=10)
        _, node, steps = search.expand(node, search.w.beam, 1)[0]
        path += steps
    search.noise = 0.0
    return node, path, rounds


def _turn_beam(search: "_Search", start: ReclaimState, path: list, inner: int, keep: int,
               width: int, exhaustive: bool = False) -> tuple[ReclaimState, list]:
    """A beam over whole turns from ``start`` to the end; the best final position."""
    huge = 10 ** 9
    beam = [(0.0, start, list(path))]
    done = []
    while beam:
        narrow = search.over_time() or search.left <= 0
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
            for value, child, steps in search.expand(node, inner_now, keep_now):
                key = child.sheets[0].key()
                if key not in found or found[key][0] < value:
                    found[key] = (value, child, steps_so_far + steps)
        ranked = sorted(found.values(), key=lambda f: -f[0])
        if len(ranked) > width_now:
            search.cut = True
        beam = []
        for item in ranked:
            if item[1].phase == OVER:
                done.append(item)
            elif len(beam) < width_now:
                beam.append(item)
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


def solve(state: ReclaimState, nodes: int = DEFAULT_NODES, time_cap: float = TIME_CAP,
          exhaustive: bool = False, cancel: Callable[[], bool] | None = None, seed: int = 0,
          incumbent: list | None = None) -> Solution:
    """The highest score the solver reaches from ``state`` (a solo game), reading its
    real deck:

    1. the incumbent: ``incumbent`` (a line of actions from ``state`` to the end, for
       instance the hard AI's on this deck) or else the hard AI's own line on the
       real deck (:func:`incumbent_line`, seeded ``seed``), so that the solver never
       scores less than that AI;
    2. a line of the hard AI's planner on the real deck (:data:`FIRST_LINE`), kept
       when it scores more;
    3. the polish: from the last round back, the best line's position at the start
       of each round is searched again with a beam over whole turns on the real deck
       (:data:`POLISH`), and a better ending replaces the line's; further, wider
       passes while the node budget lasts.

    ``exhaustive``: one search that cuts nothing (small end-game positions only: the
    result is then exact). ``cancel()`` returning True stops at the next step (the
    best line so far is returned, not exact)."""
    if state.num_players != 1:
        raise ValueError("the solver plays solo games only")
    search = _Search(nodes, time_cap, cancel)
    upper = upper_bound(state)
    if exhaustive:
        node, path = _turn_beam(search, state.clone(), [], 0, 0, 0, exhaustive=True)
        score = int(node.scores()[0])
        return Solution(score, [str(a) for a in path], not search.cut, max(upper, score), search.nodes,
                        search.capped)
    search.cut = True  # lines and beams cut: nothing they find is proven best
    base = search.w

    def stopped() -> bool:
        return search.left <= 0 or search.over_time() or (cancel is not None and cancel())

    path = incumbent if incumbent is not None else incumbent_line(state, seed, cancel=cancel)
    if path is None:  # cancelled before any line was found
        path = []
        node = state.clone()
        while node.phase != OVER:
            search.w = dataclasses.replace(base, beam=1, prefilter=5)
            _, node, steps = search.expand(node, 1, 1)[0]
            path += steps
    node, rounds = _round_starts(state, list(path))
    if not stopped():  # the hard planner itself on the real deck: the better line is polished
        inner, prefilter = FIRST_LINE
        search.w = dataclasses.replace(base, beam=inner, prefilter=prefilter)
        other, other_path, other_rounds = _play_line(search, state.clone(), 0.0, None)
        search.w = base
        if other.scores()[0] > node.scores()[0]:
            node, path, rounds = other, other_path, other_rounds
    for inner, prefilter, keep, width, back_to, changes in POLISH:
        weights = dataclasses.replace(base, beam=inner, prefilter=prefilter, **changes)
        for round_no in range(ROUNDS, back_to - 1, -1):
            if stopped():
                break
            if round_no not in rounds:
                continue
            search.w = weights
            start, steps = rounds[round_no]
            found, found_path = _turn_beam(search, start, steps, inner, keep, width)
            if found.scores()[0] > node.scores()[0]:
                # a better ending; the rounds before this one are the line's as before,
                # and the polish goes on from those
                node, path = found, found_path
        if stopped():
            break
        node, rounds = _round_starts(state, list(path))
    score = int(node.scores()[0])
    return Solution(score, [str(a) for a in path], score >= upper, max(upper, score), search.nodes,
                    search.capped)


def solve_game(seed: int, options: dict, **kwargs) -> Solution:
    """:func:`solve` from the start of the solo game ``seed`` with ``options``."""
    from reclaimdesk.core.game import get_game

    start = get_game("reclaim").new_game(1, seed, options)
    assert isinstance(start, ReclaimState)
    kwargs.setdefault("seed", agent_seed(seed))
    return solve(start, **kwargs)


__all__ = ["DEFAULT_NODES", "Solution", "solve", "solve_game", "upper_bound", "ReclaimAction",
           "SPECIAL_SHAPE", "SPECIAL_TRIANGLES"]
