"""Reclamation Wars' AI players.

* ``random``: a uniformly random legal action.
* ``easy``: plans its whole turn (a reclaim, a power, or every sequence of demolisher
  moves) and takes the one that leaves it the most hexes, counting a special hex as
  one and a half more, a little against the leading rival; sizeable noise keeps its
  play loose.
* ``normal``: plans its whole turn the same way but judges the outcome with
  :func:`margin`: its expected final count (:func:`projections`) against the leading
  rival's and, less, the other rival's (a rival's Super Demolisher valued by how
  near it is to striking now, not by where it might walk: :data:`RIVAL_FAR`).
* ``hard``: successive halving over whole turns (:class:`HalvingSearch`). The
  game's move ordering (:func:`margin`, random among equal turns) offers the hard
  seat its ten best turns; after each the search plays the game on, every seat's
  best whole turn by its margin (the other seats as normal plays them: a model that
  reads nothing hidden, the game has no hidden information), and values where the
  play-out stands by each seat's chance to win (:func:`win_chances`; a finished game
  by :func:`final_values`, the win itself). Stage by stage (:data:`HARD_STAGES`) the
  best candidates go on playing: all ten until both rivals have replied, four
  of them eight turns on, two seventeen (or to the end). Looking rounds ahead shows what a turn does to the
  fight over the special hexes, the Super Demolisher above all, which the one-turn
  estimate misses; looking at ten turns lets the search tell apart the many reclaims
  that estimate values the same. The budget counts positions ranked (the clock only
  as a safety cap); one search per turn, the turn's further demolisher moves follow
  the plan.

:func:`projections` is the game's evaluation: each seat's expected final count,
from its hexes now, what it gains per turn left, the powers it holds (a Super
Demolisher without a demolisher is worth little), a share of each unclaimed special
hex by how near the seat's territory is to it (most of it to the seat that just
demolished it, whose next turn comes before anyone else may reclaim it), room to
grow, what demolishers threaten, and how near a Super Demolisher is to striking a
rival (in demolisher moves through its owner's hexes, a neutral hex on the way
counting as a reclaim: :func:`_strike_distance`; a Fortified rival's hexes, which it
only neutralises, are no target; one too far to strike in time loses some of its
worth). Its weights were fitted to self-play games (see the constants). The reach term is what the large board needs: there the territories
meet late and the Super Demolisher's owner must walk its demolisher (and grow its
territory) to a border before the power is worth anything.

A demolisher turn is several atomic actions. The planners search the rest of the turn
again at every action (a turn has at most a few hundred move sequences), so they
need no memory between calls.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from functools import lru_cache

from reclaimdesk.core.agents import RandomAgent, safety_seconds, warn_capped
from reclaimdesk.core.game import GameState
from reclaimdesk.core.mcts import RootStat, SearchResult
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.reclamation_wars.components import (
    FORTIFIED,
    LOCKDOWN,
    LONGRANGE,
    NEUTRALIZER,
    SEATS,
    SUPER,
    TURNS_PER_PLAYER,
    VOID,
    geometry,
)
from reclaimdesk.games.reclamation_wars.state import MAX_SPECIALS, NEUTRAL, ReclamationWarsState

# --- evaluation ------------------------------------------------------------------
# PER_TURN, DEMOLISHER_PER_TURN, POWER, THREAT and EXPOSED were fitted (least squares)
# to how many more hexes each seat ended with in 60 self-play games of the easy level,
# from positions every third turn; the race to free special hexes and the Super
# Demolisher terms were then set by hand and checked in games against easy players.
PER_TURN = 0.6
"""Hexes a seat gains per turn it has left (it reclaims most turns)."""
DEMOLISHER_PER_TURN = 0.45
"""...more per turn left while its demolisher lives."""
POWER = {SUPER: 3.5, FORTIFIED: 2.4, VOID: 1.25, LONGRANGE: 1.0, NEUTRALIZER: 0.7, LOCKDOWN: 0.3}
"""What holding a power is worth, in hexes at the end."""
ROOM = 0.1
"""Per neutral hex next to the territory (up to the turns left)."""
SHUT_IN = 0.7
"""Lost per turn left when no neutral hex is within reach."""
THREAT = 0.45
"""Per enemy hex next to a seat's demolisher (its next turn can take it)."""
EXPOSED = 0.55
"""Per own hex next to an enemy demolisher."""
SUPER_THREAT, SUPER_EXPOSED = 0.3, 0.9
"""The same next to a Super Demolisher (a hit takes the hex over)."""
POWER_NO_DEMOLISHER = 0.5
"""The Super Demolisher's worth to a seat whose demolisher is gone."""
BLOCKED_SLOT = 1.5
"""Lost by a seat whose two special hexes keep it from taking a free Super Demolisher."""
RACE = 0.6
"""The share of a free special hex's worth that the race to it hands out now."""
FIRST_CLAIM = 0.9
"""The share of a free special hex's worth that goes to the seat that just
demolished it, when that seat's territory is in reach: the other seats may not
reclaim the hex before its next turn, so it takes the power back for itself."""
RACE_SHARPNESS = 1.2
"""How much one step nearer counts in that race."""
SUPER_REACH = 0.4
"""Per demolisher move a Super Demolisher is nearer to striking than
:data:`SUPER_REACH_MOVES` away: a Super Demolisher converts a hex with each hit, so
bringing it to a rival's border is worth several turns of reclaiming. On the large
board the territories meet late and the demolisher starts far behind its border; without
this term the one-turn planners took the Super Demolisher's hex and then left the
demolisher at home (normal won no more than easy there)."""
SUPER_REACH_MOVES = 9
"""How far ahead (in demolisher moves; reclaiming a neutral hex on the way counts as
:data:`NEUTRAL_STEP` moves) the Super Demolisher's reach is valued."""
NEUTRAL_STEP = 3
SUPER_FAR = 0.25
"""Taken off the Super Demolisher's worth per demolisher move it is farther from
striking than :data:`SUPER_REACH_MOVES` (or the moves its owner has left), up to
:data:`SUPER_FAR_MOVES` moves: one that cannot reach a hex it would convert in time
is worth little more than an extra move (on the large board normal spent turns on
the Special Neutralizer against Super Demolishers that never came near)."""
SUPER_FAR_MOVES = 9
RIVAL_FAR = 0.5
"""Seen by a seat (:func:`margin`), a rival's Super Demolisher earns no reach and
loses this much per demolisher move it is from striking, up to
:data:`RIVAL_FAR_MOVES` moves (then it is worth no more than
:data:`POWER_NO_DEMOLISHER`): that a rival will walk its demolisher to a border is
no more than a guess, and valued at its full price normal spent whole turns on the
Special Neutralizer or the Void Maker against Super Demolishers that never came
(the easy level never walks one; normal, one against two easy, lost those games by
one hex on the large board)."""
RIVAL_FAR_MOVES = 6


@lru_cache(maxsize=None)
def _distances(board: str) -> tuple[tuple[int, ...], ...]:
    geo = geometry(board)
    return tuple(tuple(geo.distance(i, j) for j in range(len(geo))) for i in range(len(geo)))


_RACE_WEIGHT = tuple(math.exp(-RACE_SHARPNESS * d) for d in range(32))


@lru_cache(maxsize=None)
def _masks(board: str) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """For each hex of ``board``: the bit mask of its neighbours, and the masks of the
    hexes within distance 0, 1, 2, ... of it (the last one holds every hex)."""
    geo = geometry(board)
    n = len(geo)
    nbr = tuple(sum(1 << k for k in geo.neighbours[j]) for j in range(n))
    dist = _distances(board)
    balls = []
    for i in range(n):
        far = max(dist[i])
        balls.append(tuple(sum(1 << j for j in range(n) if dist[i][j] <= d) for d in range(far + 1)))
    return nbr, tuple(balls)


@lru_cache(maxsize=None)
def _dilation(board: str) -> tuple[tuple[int, ...], ...]:
    """For each byte of a hex mask (hexes 8b to 8b+7) and each of its 256 values: the
    mask of every neighbour of those hexes; :func:`_grow` ORs one entry per byte."""
    nbr = _masks(board)[0]
    table = []
    for b in range((len(nbr) + 7) // 8):
        row = [0] * 256
        for v in range(1, 256):
            low = v & -v
            k = 8 * b + low.bit_length() - 1
            row[v] = row[v ^ low] | (nbr[k] if k < len(nbr) else 0)
        table.append(tuple(row))
    return tuple(table)


def _grow(m: int, table) -> int:
    """The neighbours of the hexes of mask ``m`` (see :func:`_dilation`)."""
    out = 0
    for row in table:
        if m & 255:
            out |= row[m & 255]
        m >>= 8
        if not m:
            break
    return out


def _strike_distance(start: int, own: int, neutral: int, targets: int, nbr_mask, limit: int, table) -> int:
    """Demolisher moves from hex ``start`` until it stands next to a hex of
    ``targets``: a step onto an own hex is one move, a neutral hex on the way costs
    :data:`NEUTRAL_STEP` (a turn spent reclaiming it). ``limit`` (or more) when farther."""
    if nbr_mask[start] & targets:
        return 0
    seen = 1 << start
    layers = [seen]  # layers[k]: hexes first reached after k moves
    near = _grow(targets, table)  # where a demolisher can strike from
    for k in range(1, limit):
        layer = _grow(layers[k - 1], table) & own & ~seen
        if k >= NEUTRAL_STEP and layers[k - NEUTRAL_STEP]:
            layer |= _grow(layers[k - NEUTRAL_STEP], table) & neutral & ~seen
        seen |= layer
        layers.append(layer)
        if layer & near:
            return k
    return limit


def _first_claim(mask: int, mine: list[str], ball: tuple[int, ...]) -> bool:
    """Whether a seat with the hexes of ``mask`` and the powers ``mine`` can reclaim
    a hex (``ball``: the masks of the hexes around it, by distance) on its next turn."""
    reach = 2 if LONGRANGE in mine else 1
    return bool(ball[min(reach, len(ball) - 1)] & mask)


def projections(state: ReclamationWarsState, judge: int | None = None) -> list[float]:
    """Each seat's expected final count (see the module documentation). (The
    evaluation of every planned turn: written with bit masks for speed.) Seen by
    seat ``judge``, a rival's Super Demolisher is valued by :data:`RIVAL_FAR`."""
    owner = state.owner
    nbr_mask, balls = _masks(state.board_name)
    table = _dilation(state.board_name)
    counts = [0, 0, 0]
    masks = [0, 0, 0]
    neutral = 0
    bit = 1
    for o in owner:
        if o >= 0:
            counts[o] += 1
            masks[o] |= bit
        elif o == NEUTRAL:
            neutral |= bit
        bit <<= 1
    room = [0, 0, 0]
    for seat in range(SEATS):
        if masks[seat]:
            room[seat] = (_grow(masks[seat], table) & neutral).bit_count()
    # who holds which power now
    special_at = state.special_at
    powers: list[list[str]] = [[], [], []]
    free: list[tuple[str, int]] = []
    for kind, i in state.layout.items():
        if special_at[i] == kind:
            o = owner[i]
            if o >= 0:
                powers[o].append(kind)
            elif o == NEUTRAL:
                free.append((kind, i))
    number = state.turn // SEATS + 1
    left = [max(0, TURNS_PER_PLAYER + 1 - (number + (1 if s < state.turn % SEATS else 0))
                - (1 if state.skip_turn[s] else 0)) for s in range(SEATS)]
    """Turns each seat will still play (a turn Lockdown skips is not played; Lockdown
    on a seat's last turn skips nothing, and must not make the count negative)."""
    proj = [float(c) for c in counts]
    if free:
        able = [len(powers[s]) < MAX_SPECIALS and left[s] > 0 and masks[s] for s in range(SEATS)]
        blocked = state.blocked
        for kind, i in free:
            first = blocked[i]
            if first >= 0 and able[first] and _first_claim(masks[first], powers[first], balls[i]):
                # just demolished: no other seat may reclaim it before its demolisher's
                # owner, whose territory is in reach: that seat takes it next turn
                proj[first] += FIRST_CLAIM * POWER[kind]
                continue
            ball = balls[i]
            weights = [0.0, 0.0, 0.0]
            for seat in range(SEATS):
                if able[seat]:
                    m = masks[seat]
                    d = 0
                    while not ball[d] & m:
                        d += 1
                    if LONGRANGE in powers[seat]:
                        d = (d + 1) // 2
                    weights[seat] = _RACE_WEIGHT[d]
            total = weights[0] + weights[1] + weights[2]
            if total:
                worth = RACE * POWER[kind] / total
                for seat in range(SEATS):
                    proj[seat] += worth * weights[seat]
    lock = state.lock_until
    demolisher = state.demolisher
    nbrs = state.geo.neighbours
    super_free = any(kind == SUPER for kind, _i in free)
    for seat in range(SEATS):
        lt = left[seat]
        if not lt:
            continue
        mine = powers[seat]
        proj[seat] += PER_TURN * lt + ROOM * min(room[seat], lt)
        if room[seat] == 0 and LONGRANGE not in mine:
            proj[seat] -= SHUT_IN * lt
        d = demolisher[seat]
        for kind in mine:
            proj[seat] += POWER[kind] if kind != SUPER or d >= 0 else POWER_NO_DEMOLISHER
        if super_free and len(mine) == MAX_SPECIALS:
            proj[seat] -= BLOCKED_SLOT
        if d >= 0:
            proj[seat] += DEMOLISHER_PER_TURN * lt
            strong = SUPER in mine
            if strong and SUPER_REACH:
                targets = 0
                for o in range(SEATS):
                    if o != seat and not lock[o] and FORTIFIED not in powers[o]:
                        targets |= masks[o]  # (a Fortified seat's hexes are only neutralised)
                if judge is None or judge == seat:
                    reach = min(3 * lt, SUPER_REACH_MOVES)
                    far = reach + SUPER_FAR_MOVES
                    k = _strike_distance(d, masks[seat], neutral, targets, nbr_mask, far, table) if targets else far
                    if k < reach:
                        proj[seat] += SUPER_REACH * (reach - k)
                    else:
                        proj[seat] -= SUPER_FAR * (k - reach)
                else:  # a rival's, seen by the judge: worth its full price only where it strikes now
                    far = RIVAL_FAR_MOVES
                    k = _strike_distance(d, masks[seat], neutral, targets, nbr_mask, far, table) if targets else far
                    proj[seat] -= RIVAL_FAR * k
            for j in nbrs[d]:
                o = owner[j]
                if o >= 0 and o != seat and not lock[o]:
                    if strong and FORTIFIED not in powers[o]:
                        proj[seat] += SUPER_THREAT
                        proj[o] -= SUPER_EXPOSED
                    else:
                        proj[seat] += THREAT
                        proj[o] -= EXPOSED
    return proj


class PlannerAgent:
    """Plays the first action of the best whole turn by a scoring function
    ``score(state_after, seat) -> float``, with a little random noise."""

    def __init__(self, score, level: str, seed: int, noise: float) -> None:
        self.score = score
        self.level = level
        self.noise = noise
        self.rng = Rng(seed)

    def choose(self, state: ReclamationWarsState) -> Hashable:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        best: dict[Hashable, float] = {}
        for turn, after in turn_sequences(state):
            value = self.score(after, seat)
            if turn[0] not in best or value > best[turn[0]]:
                best[turn[0]] = value
        ranked = [(v + self.rng.random() * self.noise, k) for k, (a, v) in enumerate(best.items())]
        keys = list(best)
        return keys[max(ranked)[1]]


# --- the hard level: the core's search over whole turns -----------------------------------
class TurnView(GameState):
    """Reclamation Wars seen one whole turn at a time, for the core's search.

    An action of this view is a whole turn: a tuple of the game's atomic actions
    (one reclaim or power, or a demolisher's moves). Only the ``width`` most promising
    turns of the seat to move are offered, ranked by :func:`margin` after the turn
    (the game's move ordering), ``root_width`` of them at the searched position. The
    search then looks at the replies of the other seats, each choosing what is best
    for itself (max-n), and values positions with :func:`margins`.
    """

    def __init__(self, state: ReclamationWarsState, width: int, root_width: int, depth: int = 0,
                 seat: int | None = None) -> None:
        # not GameState.__init__: the view has no options or seed of its own
        self.state = state
        self.num_players = state.num_players
        self.seed = state.seed
        self.options = state.options
        self.history = []
        self.width = width
        self.root_width = root_width
        self.depth = depth
        self.seat = state.current_player if seat is None else seat
        """The searching seat: its turns are ranked by :data:`LEADER_WEIGHT`, the
        other seats' by normal's :data:`PLAN_LEADER_WEIGHT` (see :meth:`_best_turns`)."""
        self._turns: list[tuple[Hashable, ...]] | None = None
        self.positions = 0
        """Positions this view has generated and valued to rank turns (the search's
        cost, counted by :func:`_play_on`)."""

    @property
    def current_player(self) -> int:
        return self.state.current_player

    def legal_actions(self) -> list[Hashable]:
        if self._turns is None:
            self._turns = self._best_turns()
        return list(self._turns)

    def _best_turns(self, within: int | None = None) -> list[tuple[Hashable, ...]] | None:
        """The most promising turns, best first; ``None`` when the turn has more
        than ``within`` ways to play it (those generated are counted all the same)."""
        state = self.state
        if state.is_terminal():
            return []
        seat = state.current_player
        # the other seats play as normal does; the searching seat's own turns (the
        # candidates at the root and its turns in the rollouts) weigh the leading
        # rival as the search's values do
        leader = LEADER_WEIGHT if seat == self.seat else PLAN_LEADER_WEIGHT
        limit = SEQUENCE_LIMIT if within is None or within >= SEQUENCE_LIMIT else within + 1
        scored = []
        for k, (turn, after) in enumerate(turn_sequences(state, limit, distinct=True)):
            scored.append((-margin(after, seat, leader), k, turn))
        self.positions += len(scored)
        if limit < SEQUENCE_LIMIT and len(scored) >= limit:
            return None
        scored.sort()
        keep = self.root_width if self.depth == 0 else self.width
        return [turn for _v, _k, turn in scored[:keep]]

    def _apply(self, action: Hashable) -> None:
        for atomic in action:  # type: ignore[attr-defined]
            self.state._apply(atomic)
            self.state.history.append(atomic)
        self.depth += 1
        self._turns = None

    def clone(self) -> "TurnView":
        return TurnView(self.state.clone(), self.width, self.root_width, self.depth, self.seat)

    def scores(self) -> list[float]:
        return self.state.scores()

    def winners(self) -> list[int]:
        return self.state.winners()

    def parse_action(self, text: str) -> Hashable:
        return tuple(self.state.parse_action(part) for part in text.split("/"))

    def action_to_str(self, action: Hashable) -> str:
        return "/".join(str(a) for a in action)  # type: ignore[attr-defined]

    def state_key(self) -> Hashable:
        return self.state.state_key()


TurnView.spec = None  # type: ignore[assignment]  # never registered: a search-only view


SEQUENCE_LIMIT = 600
"""The most ways to play a turn that the planners look at."""


def turn_sequences(state: ReclamationWarsState, limit: int = SEQUENCE_LIMIT, distinct: bool = False):
    """``(actions of the turn, state after it)`` for every way to play the rest of the
    current seat's turn (at most ``limit``). With ``distinct``, a sequence that reaches
    a position an earlier one reached (mid-turn or at the end: two hexes demolished in
    either order) is left out with everything after it: the first of equal ways is
    kept, so the best turn by any valuation (the first of the best) is unchanged."""
    seat = state.current_player
    out: list[tuple[tuple[Hashable, ...], ReclamationWarsState]] = []
    seen: set | None = set() if distinct else None

    def walk(s: ReclamationWarsState, done: tuple[Hashable, ...]) -> None:
        for a in s.legal_actions():
            if len(out) >= limit:
                return
            child = s.clone()  # a is legal: no need to check it again as child() does
            child._apply(a)
            child.history.append(a)
            if seen is not None:
                key = _position_key(child)
                if key in seen:
                    continue
                seen.add(key)
            if child.current_player == seat and child.moves_used:
                walk(child, done + (a,))
            else:
                out.append((done + (a,), child))

    walk(state, ())
    return out


def _position_key(state: ReclamationWarsState) -> tuple:
    """What tells two positions of the same turn apart (the layout, the turn's seat
    and the game's settings are the same)."""
    return (tuple(state.owner), tuple(state.demolisher), tuple(state.hits), tuple(state.blocked),
            tuple(state.special_at), state.turn, state.moves_used, tuple(state.lock_until),
            tuple(state.skip_turn), tuple(state.lock_ready))


class HardAgent:
    """Runs :class:`HalvingSearch` at the start of each turn and plays the chosen
    turn's actions one by one (:attr:`last`: the search's result)."""

    level = "hard"

    def __init__(self, search: "HalvingSearch") -> None:
        self.search = search
        self._plan: list[Hashable] = []
        self._expect: list[Hashable] | None = None
        self.last = None

    def choose(self, state: ReclamationWarsState) -> Hashable:
        if self._plan and self._expect is not None and list(state.history) == self._expect:
            action = self._plan.pop(0)
            if state.is_legal(action):
                self._expect = list(state.history) + [action]
                return action
        actions = state.legal_actions()
        if len(actions) == 1:
            self._plan = []
            return actions[0]
        self.last = self.search.search(state)
        turn = list(self.last.action)
        self._plan = turn[1:]
        self._expect = list(state.history) + [turn[0]]
        return turn[0]


def easy_score(state: ReclamationWarsState, seat: int) -> float:
    counts = state.counts()
    specials = state.specials_held(seat)
    return counts[seat] + 1.5 * specials - 0.3 * max(c for s, c in enumerate(counts) if s != seat)


def margin(state: ReclamationWarsState, seat: int, leader: float | None = None) -> float:
    """The seat's projected count against its rivals': mostly the leading rival's,
    weighed ``leader`` (normal's :data:`PLAN_LEADER_WEIGHT` when None)."""
    proj = projections(state, seat)
    others = sorted(p for s, p in enumerate(proj) if s != seat)
    weight = PLAN_LEADER_WEIGHT if leader is None else leader
    return proj[seat] - weight * others[-1] - TRAILER_WEIGHT * others[0]


def margins(state: ReclamationWarsState) -> list[float]:
    """:func:`margin` of every seat, scaled to about -1..1 (ten hexes): the value
    vector the hard level's search backs up (each seat maximises its own entry)."""
    proj = projections(state)
    out = []
    for seat in range(SEATS):
        others = sorted(p for s, p in enumerate(proj) if s != seat)
        out.append((proj[seat] - LEADER_WEIGHT * others[-1] - TRAILER_WEIGHT * others[0]) / 10)
    return out


LEADER_WEIGHT = 0.6
TRAILER_WEIGHT = 0.2
PLAN_LEADER_WEIGHT = 0.4
"""The leading rival's weight in :func:`margin` (normal's whole objective, and the
hard level's model of the other seats); the hard level ranks its own turns and
values positions with :data:`LEADER_WEIGHT` (with 0.4 there too, hard one against
two normal on the large board won 48.1% of 60 games where it had won 63.3% of the
same seeds when normal used 0.6). Hurting one rival by a hex
while the other grows wins nothing against two rivals: at 0.6, normal one against
two easy on the large board lost more games by one hex (300 games each: 65.7%, and
about 1.5 points more at 0.4 over 120 paired games; the standard board unchanged)."""




class HalvingSearch:
    """The hard level's search: successive halving over the searching seat's turns.

    Every way to play the turn is ranked by :func:`margin` (the search's
    :data:`LEADER_WEIGHT`; equal turns in a random order drawn from the search's own
    seeded generator) and the best few become candidates (the first entry of
    :attr:`stages`). Each candidate is played, then the game is played on from it by
    :func:`_play_on` (every seat the best turn by its margin: the other seats as
    normal plays), stage by stage: after each stage every candidate still in is
    valued where its play-out stands, and only the best few of them go on. Mid-game a
    dozen reclaims often tie by the one-turn estimate: all of them are looked at a
    round ahead, the best of them rounds further. Candidates valued within
    :data:`HARD_TOLERANCE` of the best at the last stage are drawn from at random
    (the generator again). The budget counts positions ranked; the clock
    (``time_limit``) is only a safety cap, logged when it stops a search.
    """

    def __init__(self, seed: int, time_limit: float | None,
                 stages: tuple[tuple[int, int, int], ...] | None = None) -> None:
        self.rng = Rng(seed)
        self.time_limit = time_limit
        self.stages = HARD_STAGES if stages is None else stages
        """``(candidates kept, whole turns played after the candidate, positions)`` per
        stage (see :data:`HARD_STAGES`)."""

    def search(self, state: ReclamationWarsState) -> SearchResult:
        """The turn to play from ``state`` (left unchanged), for its seat to move."""
        start = time.perf_counter()
        seat = state.current_player
        scored = [(-margin(after, seat, LEADER_WEIGHT), self.rng.random(), turn)
                  for turn, after in turn_sequences(state, SEQUENCE_LIMIT, distinct=True)]
        scored.sort(key=lambda item: (item[0], item[1]))
        lines = []
        for _v, _r, turn in scored[:self.stages[0][0]]:
            view = TurnView(state.clone(), HARD_WIDTH, 1, 0, seat)
            view._apply(turn)
            lines.append(_Line(turn, view, len(lines)))
        deadline = math.inf if self.time_limit is None else start + self.time_limit
        done = 0
        alive = lines
        capped = False
        for keep, turns, positions in self.stages:
            alive = alive[:keep]
            for line in alive:
                if line.value is not None and time.perf_counter() >= deadline:
                    capped = True
                    break
                line.value = _play_on(line.view, 1 + turns, positions)
                done += 1
            if capped:
                break
            alive.sort(key=lambda line: (-line.value[seat], line.rank))
        if capped:
            planned = sum(min(keep, len(lines)) for keep, _t, _p in self.stages)
            warn_capped("reclamation-wars", "hard", time.perf_counter() - start, done, planned, "play-outs")
            depth = min(line.view.depth for line in alive)  # judged where every play-out got to
            alive = [line for line in alive if line.view.depth >= depth]
            alive.sort(key=lambda line: (-line.value[seat], line.rank))
        best = alive[0]
        near = [line for line in alive if line.view.depth == best.view.depth
                and line.value[seat] >= best.value[seat] - HARD_TOLERANCE]
        chosen = self.rng.choice(near) if len(near) > 1 else best
        stats = tuple(RootStat(line.turn, line.view.depth - 1, line.value[seat] if line.value else 0.0)
                      for line in [chosen] + [line for line in lines if line is not chosen])
        return SearchResult(chosen.turn, done, time.perf_counter() - start, stats, capped)


class _Line:
    """One candidate turn of a search and its play-out so far."""

    __slots__ = ("turn", "view", "rank", "value")

    def __init__(self, turn: tuple[Hashable, ...], view: TurnView, rank: int) -> None:
        self.turn = turn
        self.view = view
        self.rank = rank
        self.value: list[float] | None = None


def _play_on(view: TurnView, depth: int, positions: int) -> list[float]:
    """Plays ``view`` on until it stands ``depth`` whole turns below the searched
    position, the game ends, or ranking the next turn would take the positions ranked
    by the whole play-out (:attr:`TurnView.positions`) past ``positions`` (that turn is
    not played: the work is bounded in positions, not by the clock). Every seat plays
    the first turn the view offers (:meth:`TurnView._best_turns`: the best by its
    margin, the other seats' as normal plays). Values where it stands: a finished game
    by :func:`final_values`, else by :func:`win_chances`."""
    while view.depth < depth and not view.is_terminal():
        turns = view._best_turns(positions - view.positions)
        if not turns:  # (None: the turn would overrun the budget)
            break
        view._apply(turns[0])
    if view.is_terminal():
        return final_values(view.state)
    return win_chances(view.state)


def make_agent(level: str, seed: int):
    if level == "random":
        return RandomAgent(seed)
    if level == "easy":
        return PlannerAgent(easy_score, "easy", seed, noise=0.8)
    if level == "normal":
        return PlannerAgent(margin, "normal", seed, noise=0.05)
    return HardAgent(HalvingSearch(seed, safety_seconds()))


def win_chances(state: ReclamationWarsState) -> list[float]:
    """Each seat's chance to win from ``state``, the value vector of an unfinished
    play-out: a softmax of the projected final counts (:func:`projections`) whose
    spread (:data:`WIN_SPREAD`) grows with the turns left, plus :data:`WIN_MARGIN`
    times :func:`margins` to tell equal chances apart. (Values by the margins alone
    wanted a bigger lead over the last seat as much as over the first: with two
    rivals, only beating the leader wins.)"""
    proj = projections(state)
    left = max(0, TURNS_PER_PLAYER * SEATS - state.turn) / SEATS
    spread = WIN_SPREAD[0] + WIN_SPREAD[1] * left
    top = max(proj)
    weights = [math.exp((p - top) / spread) for p in proj]
    total = sum(weights)
    return [w / total + WIN_MARGIN * m for w, m in zip(weights, margins(state))]


def final_values(state: ReclamationWarsState) -> list[float]:
    """The value vector of a finished game: each seat's share of the win plus
    :data:`WIN_MARGIN` times its :func:`margins` (on the scale of
    :func:`win_chances`)."""
    values = [WIN_MARGIN * m for m in margins(state)]
    winners = state.winners()
    for seat in winners:
        values[seat] += 1.0 / len(winners)
    return values


WIN_SPREAD = (1.5, 0.3)
"""The softmax's spread in :func:`win_chances`, in hexes: ``a + b * turns`` each
seat has left (on average), for how much a projection may still be off."""
WIN_MARGIN = 0.1
"""The share of :func:`margins` (about -1..1, ten hexes) in a value."""
HARD_WIDTH = 1
"""Whole turns a play-out considers per seat (one: every seat is expected to play
its best turn by its margin)."""
HARD_STAGES = ((10, 2, 200), (4, 8, 400), (2, 17, 650))
"""The hard level's budget, per stage of :class:`HalvingSearch`: how many
candidates go on, how many whole turns after a candidate its play-out then stands,
and the most positions the whole play-out may have ranked by then (a turn that
would pass them is not played). Ten candidates each followed by both rivals'
replies, the best four by eight turns, the best two by seventeen (or to the end):
about as many positions as the five candidates of fifteen turns each before."""
HARD_TOLERANCE = 0.0
"""Candidates valued within this of the best at the last stage are drawn from at
random."""
