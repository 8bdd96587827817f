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
* ``hard``: flat Monte Carlo over whole turns (:class:`PlayoutSearch`). The game's
  move ordering (:class:`TurnView`) offers the hard seat its few best turns by
  :func:`margin`; each is played out several times over the next rounds, every seat
  playing as normal does, its noise included (a model of the other seats that reads
  nothing hidden, the game has no hidden information), the hard seat's own turns
  ranked by the search's weights (:data:`LEADER_WEIGHT`), and the position reached
  is valued with :func:`margins`, on the standard board with the margins plus the
  chances to win (:func:`chance_values`, :func:`win_chances`) (a finished game with
  :func:`final_values`, which count the win). The turn with the best mean is played. Looking several rounds
  ahead shows what a turn does to the fight over the special hexes, the Super
  Demolisher above all, which the one-turn estimate misses. The budget, per board,
  is in play-outs and positions ranked (:data:`HARD_BUDGET`; the clock only as a
  safety cap); one search per turn, the turn's further demolisher moves follow the
  plan. On the large board the play-outs run to the game's end, in as many rounds as
  the board's positions allow (:attr:`HardBudget.spend`), the worst candidate left
  out after each of the first rounds (:attr:`HardBudget.rejects`), shared with the
  AI's helper process on two cores (:mod:`reclaimdesk.core.parallel`, the same
  decision either way); in the last turns the end search decides (:func:`end_search`).

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
from dataclasses import dataclass
from functools import lru_cache

from reclaimdesk.core.agents import RandomAgent, safety_seconds, warn_capped
from reclaimdesk.core.game import GameState
from reclaimdesk.core.mcts import RootStat, SearchResult
from reclaimdesk.core.parallel import shared
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
from reclaimdesk.games.reclamation_wars import actions as A
from reclaimdesk.games.reclamation_wars.state import MAX_SPECIALS, NEUTRAL, REMOVED, TOTAL_TURNS, ReclamationWarsState

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


def _turns_left(state: ReclamationWarsState) -> list[int]:
    """Turns each seat will still play (a turn Lockdown skips is not played; Lockdown
    on a seat's last turn skips nothing, and must not make the count negative)."""
    number = state.turn // SEATS + 1
    return [max(0, TURNS_PER_PLAYER + 1 - (number + (1 if s < state.turn % SEATS else 0))
                - (1 if state.skip_turn[s] else 0)) for s in range(SEATS)]


def projections(state: ReclamationWarsState, judge: int | None = None) -> list[float]:
    """Each seat's expected final count (see the module documentation). (The
    evaluation of every planned turn: written with bit masks for speed.) Seen by
    seat ``judge``, a rival's Super Demolisher is valued by :data:`RIVAL_FAR`."""
    return _combine(_Facts(state, judge))


class _Facts:
    """What :func:`projections` reads of a position, worked out: the hexes' counts
    and room, the races to the free special hexes, the Super Demolishers' distances
    to striking and the owners around each demolisher; :func:`_combine` then adds
    the terms up. Split so that the turns that change one hex's owner (a reclaim, a
    Void Maker removal) can be valued from one position's facts changed by that hex
    (:meth:`after`), instead of a copy of the game and all of it again
    (:func:`_one_hex_margins`)."""

    __slots__ = ("board", "judge", "masks", "neutral", "grown", "counts", "room", "powers", "left",
                 "able", "free", "races", "super_free", "lock", "dem", "alive", "strikes", "around")

    def __init__(self, state: ReclamationWarsState, judge: int | None) -> None:
        self.board, self.judge = state.board_name, judge
        owner = state.owner
        table = _dilation(self.board)
        masks = state.owner_masks()
        self.neutral = masks.pop()
        self.masks = masks
        self.counts = [masks[0].bit_count(), masks[1].bit_count(), masks[2].bit_count()]
        self.grown = [_grow(m, table) if m else 0 for m in masks]
        self._set_room()
        # who holds which power now
        special_at = state.special_at
        powers: list[list[str]] = [[], [], []]
        free: list[tuple[str, int, int]] = []
        blocked = state.blocked
        for kind, i in state.layout.items():
            if special_at[i] == kind:
                o = owner[i]
                if o >= 0:
                    powers[o].append(kind)
                elif o == NEUTRAL:
                    free.append((kind, i, blocked[i]))
        self.powers = powers
        self.left = left = _turns_left(state)
        self.free = free
        self.able = [bool(len(powers[s]) < MAX_SPECIALS and left[s] > 0 and masks[s]) for s in range(SEATS)]
        self.races = self._races(None, ())
        self.super_free = any(kind == SUPER for kind, _i, _b in free)
        self.lock = state.lock_until
        self.dem = dem = state.demolisher
        nbrs = state.geo.neighbours
        # per seat with a live demolisher: the owners of the hexes around it
        self.alive = [dem[s] >= 0 and left[s] > 0 for s in range(SEATS)]
        self.around = [[owner[j] for j in nbrs[dem[s]]] if self.alive[s] else None for s in range(SEATS)]
        self._set_strikes()

    def _set_room(self) -> None:
        neutral = self.neutral
        self.room = [(g & neutral).bit_count() for g in self.grown]

    def _races(self, old: list | None, changed: tuple[int, ...], gained: int = -1, h: int = -1) -> list:
        """Per free special hex: ``(kind, hex, the seat that just demolished it and
        takes it first or -1, each seat's distance to it)``, the distances None when
        that seat takes it first, a seat's None when it cannot take it. From ``old``
        (the races of a position where only the seats ``changed`` had other hexes),
        what is still the same is kept; a seat ``gained`` that only won hex ``h`` is
        as near as before or as ``h``."""
        masks, powers, able = self.masks, self.powers, self.able
        balls = _masks(self.board)[1]
        dist = _distances(self.board)[h] if gained >= 0 else ()
        races = []
        for r, (kind, i, first) in enumerate(self.free):
            ball = balls[i]
            if first >= 0 and able[first] and _first_claim(masks[first], powers[first], ball):
                # just demolished: no other seat may reclaim it before its demolisher's
                # owner, whose territory is in reach: that seat takes it next turn
                races.append((kind, i, first, None))
                continue
            before = old[r][3] if old is not None else None
            near: list[int | None] = [None, None, None]
            for seat in range(SEATS):
                if able[seat]:
                    if before is not None and seat not in changed:
                        near[seat] = before[seat]
                        continue
                    if before is not None and seat == gained:
                        near[seat] = min(before[seat], dist[i])  # type: ignore[type-var]
                        continue
                    m = masks[seat]
                    d = 0
                    while not ball[d] & m:
                        d += 1
                    near[seat] = d
            races.append((kind, i, first, near))
        return races

    def _set_strikes(self) -> None:
        """Per seat: with the Super Demolisher and a live demolisher, ``(moves it is
        from striking, the most counted)`` (:func:`_strike_distance`), else None."""
        masks, powers, lock, judge = self.masks, self.powers, self.lock, self.judge
        nbr_mask = _masks(self.board)[0]
        table = _dilation(self.board)
        strikes: list[tuple[int, int] | None] = [None, None, None]
        for seat in range(SEATS):
            if self.alive[seat] and SUPER in powers[seat] and SUPER_REACH:
                targets = 0
                for o in range(SEATS):
                    if o != seat and not lock[o] and FORTIFIED not in powers[o]:
                        targets |= masks[o]  # (a Fortified seat's hexes are only neutralised)
                far = _strike_limit(self.left[seat]) if judge is None or judge == seat else RIVAL_FAR_MOVES
                k = _strike_distance(self.dem[seat], masks[seat], self.neutral, targets, nbr_mask, far,
                                     table) if targets else far
                strikes[seat] = (k, far)
        self.strikes = strikes

    def _copy(self) -> "_Facts":
        other = object.__new__(_Facts)
        other.board, other.judge, other.masks, other.neutral = self.board, self.judge, self.masks, self.neutral
        other.grown, other.counts, other.room, other.powers = self.grown, self.counts, self.room, self.powers
        other.left, other.able, other.free, other.races = self.left, self.able, self.free, self.races
        other.super_free, other.lock, other.dem, other.alive = self.super_free, self.lock, self.dem, self.alive
        other.strikes, other.around = self.strikes, self.around
        return other

    def of(self, state: ReclamationWarsState) -> "_Facts | None":
        """The facts of ``state``, a search copy at the end of another way to play the
        turn this position ended (the same turn passing to the same seat) with
        demolisher moves alone: only the demolishers and the owners of hexes (their
        hits too, which the projections do not read) can differ. None when a special
        hex changed hands or a seat lost its last hex: then the facts are worked out whole."""
        other = self._copy()
        masks = state._masks[:3]
        changed = tuple(x for x in range(SEATS) if masks[x] != self.masks[x])
        if changed:
            moved = (masks[0] ^ self.masks[0]) | (masks[1] ^ self.masks[1]) | (masks[2] ^ self.masks[2])
            if not all(masks) or moved & _special_bits(state):
                return None  # (a seat lost its last hex, or a special hex changed hands)
            table = _dilation(self.board)
            grown = self.grown[:]
            for x in changed:
                grown[x] = _grow(masks[x], table)
            other.masks, other.grown, other.neutral = masks, grown, state._masks[3]
            other.counts = [masks[0].bit_count(), masks[1].bit_count(), masks[2].bit_count()]
            other._set_room()
            if self.free:
                other.races = other._races(self.races, changed)
        dem, left, owner, nbrs = state.demolisher, self.left, state.owner, state.geo.neighbours
        other.dem = dem
        other.alive = alive = [dem[x] >= 0 and left[x] > 0 for x in range(SEATS)]
        other.around = [[owner[j] for j in nbrs[dem[x]]] if alive[x] else None for x in range(SEATS)]
        other._set_strikes()
        return other

    def after(self, h: int, old: int, new: int) -> "_Facts":
        """The facts once hex ``h`` went from ``old`` (a seat, or neutral) to ``new``
        (a seat, or removed), the turn passing as it did to this position; nothing else
        changed: no power changes hands (``h`` is no special hex) and no seat loses
        its last hex."""
        other = self._copy()
        bit = 1 << h
        masks, grown, counts = self.masks[:], self.grown[:], self.counts[:]
        changed = []
        if old >= 0:
            masks[old] &= ~bit
            counts[old] -= 1
            grown[old] = _grow(masks[old], _dilation(self.board))
            changed.append(old)
        else:
            other.neutral = self.neutral & ~bit
        if new >= 0:
            masks[new] |= bit
            counts[new] += 1
            grown[new] |= _masks(self.board)[0][h]
            changed.append(new)
        other.masks, other.grown, other.counts = masks, grown, counts
        other._set_room()
        if self.free:
            other.races = other._races(self.races, tuple(changed), new, h)
        if self.strikes != [None, None, None]:
            other._set_strikes()
        if self.alive != [False, False, False]:
            nbr_mask, nbrs, dem = _masks(self.board)[0], geometry(self.board).neighbours, self.dem
            around = self.around[:]
            for x in range(SEATS):
                if around[x] is not None and bit & nbr_mask[dem[x]]:
                    owners = around[x][:]  # type: ignore[index]
                    owners[nbrs[dem[x]].index(h)] = new
                    around[x] = owners
            other.around = around
        return other


def _special_bits(state: ReclamationWarsState) -> int:
    """The mask of the special hexes' places."""
    return _layout_bits(tuple(state.layout.values()))


@lru_cache(maxsize=64)
def _layout_bits(places: tuple[int, ...]) -> int:
    return sum(1 << i for i in set(places))


def _strike_limit(turns_left: int) -> int:
    """The most moves counted of an own Super Demolisher's distance to striking."""
    return min(3 * turns_left, SUPER_REACH_MOVES) + SUPER_FAR_MOVES


def _combine(facts: _Facts) -> list[float]:
    """:func:`projections` from a position's :class:`_Facts`."""
    powers, left, room = facts.powers, facts.left, facts.room
    proj = [float(c) for c in facts.counts]
    for kind, _i, first, near in facts.races:
        if near is None:
            proj[first] += FIRST_CLAIM * POWER[kind]
            continue
        weights = [0.0, 0.0, 0.0]
        for seat in range(SEATS):
            d = near[seat]
            if d is not None:
                if LONGRANGE in powers[seat]:
                    d = (d + 1) // 2
                weights[seat] = _RACE_WEIGHT[d]
        total = weights[0] + weights[1] + weights[2]
        if total:
            worth = RACE * POWER[kind] / total
            for seat in range(SEATS):
                proj[seat] += worth * weights[seat]
    lock, judge, super_free = facts.lock, facts.judge, facts.super_free
    for seat in range(SEATS):
        lt = left[seat]
        if not lt:
            continue
        mine = powers[seat]
        proj[seat] += PER_TURN * lt + ROOM * min(room[seat], lt)
        if room[seat] == 0 and LONGRANGE not in mine:
            proj[seat] -= SHUT_IN * lt
        alive = facts.alive[seat]
        for kind in mine:
            proj[seat] += POWER[kind] if kind != SUPER or alive else POWER_NO_DEMOLISHER
        if super_free and len(mine) == MAX_SPECIALS:
            proj[seat] -= BLOCKED_SLOT
        if alive:
            proj[seat] += DEMOLISHER_PER_TURN * lt
            strong = SUPER in mine
            strike = facts.strikes[seat]
            if strike is not None:
                k = strike[0]
                if judge is None or judge == seat:
                    reach = min(3 * lt, SUPER_REACH_MOVES)
                    if k < reach:
                        proj[seat] += SUPER_REACH * (reach - k)
                    else:
                        proj[seat] -= SUPER_FAR * (k - reach)
                else:  # a rival's, seen by the judge: worth its full price only where it strikes now
                    proj[seat] -= RIVAL_FAR * k
            for o in facts.around[seat]:  # type: ignore[union-attr]
                if o >= 0 and o != seat and not lock[o]:
                    if strong and FORTIFIED not in powers[o]:
                        proj[seat] += SUPER_THREAT
                        proj[o] -= SUPER_EXPOSED
                    else:
                        proj[seat] += THREAT
                        proj[o] -= EXPOSED
    return proj


def _one_hex_margins(state: ReclamationWarsState, leader: float, legal: list[Hashable]) -> dict[Hashable, float]:
    """:func:`margin` (``leader``) after each reclaim and each Void Maker removal the
    seat to move may make (the same numbers as from the state after each), or for
    none of them (an empty dict) when this shortcut does not apply. The turn passes
    the same way whichever hex such a turn takes, so one state after one of them, with
    that hex given back, serves them all: its :class:`_Facts`, changed by each hex
    (:meth:`_Facts.after`), are added up. A special hex (a power changes hands), a
    seat's last hex, and the next seat's own hex (its moves might all go) are worked
    out on a copy, as the search always did. ``legal``: the seat's legal actions."""
    seat = state.current_player
    acts = [a for a in legal if a.kind in _ONE_HEX]  # type: ignore[attr-defined]
    if not acts:
        return {}
    index, special_at, owner = state.geo.index, state.special_at, state.owner
    first = next((a for a in acts if special_at[index[a.hex]] is None), None)
    if first is None:
        return {}
    base = state.search_copy()
    h0 = index[first.hex]
    base._apply(first)
    if base.turn != state.turn + 1:  # (the next seat sat out: Lockdown, or it had no move)
        return {}
    # as if the turn passed with nothing done (the ban on reclaiming a just demolished
    # hex and the hits on a hex do not count in the projections)
    if base.owner[h0] != REMOVED:
        base._masks[base.owner[h0]] &= ~(1 << h0)
    base.owner[h0] = owner[h0]
    base._masks[owner[h0]] |= 1 << h0  # (a seat's mask, or at -1 the neutral hexes')
    nxt = base.turn % SEATS if base.turn < TOTAL_TURNS else None
    # the next seat must keep a move whatever hex is taken, or it would pass: one hex
    # not its own takes at most one of its moves
    if nxt is not None:
        moves = len(base._demolisher_moves(nxt))
        if moves < 2 and moves + len(base._reclaims(nxt)) < 2:
            return {}
    facts = _Facts(base, seat)
    counts = facts.counts
    out: dict[Hashable, float] = {}
    for a in acts:
        h = index[a.hex]
        old = owner[h]
        if special_at[h] is not None or old == nxt or (old >= 0 and counts[old] == 1):
            child = state.search_copy()
            child._apply(a)
            out[a] = margin(child, seat, leader)
        else:
            new = seat if a.kind == A.RECLAIM else REMOVED
            out[a] = _margin_of(_combine(facts.after(h, old, new)), seat, leader)
    return out


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
        if self.score is margin:  # (the same numbers, worked out faster)
            values = turn_values(state, PLAN_LEADER_WEIGHT, distinct=False)
        else:
            values = ((turn, self.score(after, seat)) for turn, after in turn_sequences(state))
        for turn, value in values:
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
                 seat: int | None = None, seen: dict | None = None) -> None:
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
        cost, counted by :func:`_rollout_value`)."""
        self.seen: dict = {} if seen is None else seen
        """The turns ranked at positions met before in this search (its views share
        it): play-outs of a candidate often meet the same positions in their first
        rounds. They are counted in :attr:`positions` again, as if ranked again, so
        that the budgets mean what they meant."""

    @property
    def current_player(self) -> int:
        return self.state.current_player

    def legal_actions(self) -> list[Hashable]:
        if self._turns is None:
            self._turns = self._best_turns()
        return list(self._turns)

    def _best_turns(self, within: int | None = None, rng: Rng | None = None) -> list[tuple[Hashable, ...]] | None:
        """The most promising turns, best first; ``None`` when the turn has more
        than ``within`` ways to play it (those generated are counted all the same).
        With ``rng``, each turn's margin gets up to :data:`NORMAL_NOISE` of noise
        drawn from it, as normal's choice does."""
        state = self.state
        if state.is_terminal():
            return []
        seat = state.current_player
        # the other seats play as normal does; the searching seat's own turns (the
        # candidates at the root and its turns in the rollouts) weigh the leading
        # rival as the search's values do
        leader = LEADER_WEIGHT if seat == self.seat else PLAN_LEADER_WEIGHT
        limit = SEQUENCE_LIMIT if within is None or within >= SEQUENCE_LIMIT else within + 1
        key = (_position_key(state), leader)
        ranked = self.seen.get(key)
        if ranked is None:
            ranked = turn_values(state, leader, limit)
            if len(ranked) < limit:  # (all the ways to play the turn: worth keeping)
                self.seen[key] = ranked
        elif len(ranked) >= limit:
            ranked = ranked[:limit]
        scored = []
        for k, (turn, value) in enumerate(ranked):
            if rng is not None:
                value += rng.random() * NORMAL_NOISE
            scored.append((-value, k, turn))
        self.positions += len(scored)
        if limit < SEQUENCE_LIMIT and len(scored) >= limit:
            return None
        keep = self.root_width if self.depth == 0 else self.width
        if keep == 1 and scored:  # (a play-out's turn: the best alone)
            return [min(scored)[2]]
        scored.sort()
        return [turn for _v, _k, turn in scored[:keep]]

    def _apply(self, action: Hashable) -> None:
        for atomic in action:  # type: ignore[attr-defined]
            self.state._apply(atomic)
            self.state.history.append(atomic)
        self.depth += 1
        self._turns = None

    def clone(self) -> "TurnView":
        return TurnView(self.state.search_copy(), self.width, self.root_width, self.depth, self.seat, self.seen)

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
    kept, so the best turn by any valuation (the first of the best) is unchanged.
    (The planners value the same turns with :func:`turn_values`, faster.)"""
    seat = state.current_player
    out: list[tuple[tuple[Hashable, ...], ReclamationWarsState]] = []
    seen: set | None = set() if distinct else None

    def walk(s: ReclamationWarsState, done: tuple[Hashable, ...]) -> None:
        for a in s.legal_actions():
            if len(out) >= limit:
                return
            child = s.search_copy()  # a is legal: no need to check it again as child() does
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

    walk(state if state._quiet else state.search_copy(), ())
    return out


def turn_values(state: ReclamationWarsState, leader: float, limit: int = SEQUENCE_LIMIT, distinct: bool = True):
    """``(actions of the turn, margin after it)`` (:func:`margin` of the seat to move,
    ``leader``) for the ways to play the rest of its turn that
    ``turn_sequences(state, limit, distinct)`` gives, in its order. The same
    numbers, worked out faster:

    * a reclaim's or a removal's value without the state after it (:func:`_one_hex_margins`);
    * a demolisher's step is made on the position it leaves and taken back after
      (no copy), and where it ends the turn, the turn passes as it did at the end
      of a way played out in full, whose facts, changed by what differs
      (:meth:`_Facts.of`), value it (the demolisher's other moves are played on
      copies, their ends valued the same way).

    Positions are told apart as :func:`turn_sequences` tells them: in a demolisher's
    turn by the hexes' owners, the hits and the demolishers (all else follows from
    them), mid-turn with the moves made; other turns by :func:`_position_key`."""
    seat = state.current_player
    root = state if state._quiet else state.search_copy()
    legal = root.legal_actions()
    quick = _one_hex_margins(state, leader, legal) if not state.moves_used else {}
    out: list[tuple[tuple[Hashable, ...], float]] = []
    seen: set | None = set() if distinct else None
    ref: list = [None, -1]  # the facts of a demolisher turn's end played out in full, its turn

    def value(after: ReclamationWarsState, kind: str) -> float:
        facts = None
        if kind in _DEMOLISHER_KINDS:
            if ref[0] is None or after.turn != ref[1]:
                ref[0], ref[1] = facts = _Facts(after, seat), after.turn
                facts = ref[0]
            else:
                facts = ref[0].of(after)
        if facts is None:
            facts = _Facts(after, seat)
        return _margin_of(_combine(facts), seat, leader)

    def new(key: tuple) -> bool:
        if seen is None:
            return True
        if key in seen:
            return False
        seen.add(key)
        return True

    def walk(s: ReclamationWarsState, done: tuple[Hashable, ...]) -> None:
        for a in s.legal_actions() if done else legal:
            if len(out) >= limit:
                return
            kind = a.kind  # type: ignore[attr-defined]
            if not done and a in quick:  # (no other turn reaches its position: it alone
                out.append(((a,), quick[a]))  # makes a neutral hex the seat's, or removes one)
                continue
            turn = done + (a,)
            if kind == A.STEP:
                step(s, turn, a)
                continue
            child = s.search_copy()
            child._apply(a)
            if kind in _DEMOLISHER_KINDS:
                going = child.current_player == seat and child.moves_used
                key = (tuple(child.owner), tuple(child.demolisher), tuple(child.hits), child.moves_used if going else -1)
            else:
                going = False
                key = _position_key(child)
            if not new(key):
                continue
            if going:
                walk(child, turn)
            else:
                out.append((turn, value(child, kind)))

    def step(s: ReclamationWarsState, turn: tuple[Hashable, ...], a: Hashable) -> None:
        d = s.demolisher[seat]
        s.demolisher[seat] = s.geo.index[a.hex]  # type: ignore[attr-defined]
        s.moves_used += 1
        try:
            going = s._turn_goes_on(seat)
            if not new((tuple(s.owner), tuple(s.demolisher), tuple(s.hits), s.moves_used if going else -1)):
                return
            if going:
                walk(s, turn)
                return
            # the turn ends: it passes as at the end played out in full, unless the next
            # seat has no move here (it would pass: that end is played out in full too)
            nxt = (s.turn + 1) % SEATS
            facts = None
            if ref[0] is not None and ref[1] == s.turn + 1 and (s._can_move(nxt) or s._can_reclaim(nxt)):
                facts = ref[0].of(s)
            if facts is None:
                after = s.search_copy()
                after._end_turn("demolisher")
                out.append((turn, value(after, A.STEP)))
            else:
                out.append((turn, _margin_of(_combine(facts), seat, leader)))
        finally:
            s.demolisher[seat] = d
            s.moves_used -= 1

    walk(root, ())
    return out


_ONE_HEX = frozenset((A.RECLAIM, A.VOID))
"""The kinds of turn :func:`_one_hex_margins` values: one action that changes one hex's owner."""
_DEMOLISHER_KINDS = frozenset((A.STEP, A.DEMOLISH, A.DESTROY, A.END))
"""The actions of a demolisher's turn."""


def _position_key(state: ReclamationWarsState) -> tuple:
    """What tells two positions of the same turn apart (the layout, the turn's seat
    and the game's settings are the same)."""
    return (tuple(state.owner), tuple(state.demolisher), tuple(state.hits), tuple(state.blocked),
            tuple(state.special_at), state.turn, state.moves_used, tuple(state.lock_until),
            tuple(state.skip_turn), tuple(state.lock_ready))


class PlayoutSearch:
    """The hard level's search: the board's play-outs (:data:`HARD_BUDGET`) shared out in turn
    among the candidate turns a :class:`TurnView` offers (the best few by
    :func:`margin`). A play-out plays the candidate, then up to
    the budget's ``turns`` whole turns of every seat as normal plays them, its
    noise included (:func:`_rollout_value` with a generator), and values the position
    reached (:func:`margins`; a finished game with :func:`final_values`). A candidate's
    value is the mean over its play-outs; the ``m``-th play-out of every candidate
    draws its noise from one seed (common random numbers: candidates are compared
    on the same luck). Several noisy play-outs per candidate, because normal often
    has another turn within its noise of its best: one noiseless play-out followed
    the real rivals for a few turns only. Equal values are split at random.

    The play-outs go in rounds, one per candidate still in the running; where the
    board's budget says so, the rounds stop at its positions (``spend``) or its round
    count (``rounds``), and the worst candidate is left out after the rounds named in
    ``rejects``. A round's play-outs are shared with the AI's helper process
    (:func:`reclaimdesk.core.parallel.shared`; the same results without it).

    The budget is in play-outs (:attr:`iterations`) and positions; the clock only a
    safety cap, checked between rounds and logged when it bites. The noise comes
    from this search's own generator."""

    def __init__(self, iterations: int | None, time_limit: float | None, seed: int, label: str = "") -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.iterations = iterations
        """Play-outs per decision; None: the board's (:data:`HARD_BUDGET`)."""
        self.time_limit = time_limit
        self.rng = Rng(seed)
        self.label = label

    def search(self, view: "TurnView") -> SearchResult:
        start = time.perf_counter()
        candidates = view.legal_actions()
        if not candidates:
            raise ValueError("the game is over: there is nothing to search")
        me = view.current_player
        if len(candidates) == 1:
            return SearchResult(candidates[0], 0, time.perf_counter() - start,
                                (RootStat(candidates[0], 0, 0.0),))
        deadline = math.inf if self.time_limit is None else start + self.time_limit
        board = HARD_BUDGET[view.state.board_name]
        budget = self.iterations or board.playouts
        totals = [0.0] * len(candidates)
        visits = [0] * len(candidates)
        alive = list(range(len(candidates)))
        done = rounds = spent = last = 0  # spent: positions the play-outs have ranked
        last_alive = len(candidates)
        capped = False
        with shared(_playout_setup, (view.state, view.width, view.root_width, candidates, me)) as work:
            while done < budget:
                if rounds:
                    if board.rounds and rounds >= board.rounds:
                        break
                    if board.spend and spent + last * len(alive) / last_alive > board.spend:
                        break  # (one more round, at the cost of the last one, would overrun it)
                    if time.perf_counter() >= deadline:
                        capped = True
                        break
                seed = self.rng.randrange(1 << 31)
                played = alive[:budget - done]
                results = work.map(_playout_job, [(k, seed) for k in played])
                before = spent
                for k, (value, positions) in zip(played, results):
                    totals[k] += value
                    visits[k] += 1
                    spent += positions
                done += len(played)
                rounds += 1
                last, last_alive = spent - before, len(played)
                if rounds in board.rejects and len(alive) > 2:
                    alive.remove(min(alive, key=lambda k: (totals[k] / visits[k], -k)))
        if capped:
            game, _, level = self.label.partition(" ")
            warn_capped(game, level, time.perf_counter() - start, done, budget, "play-outs")
        means = [totals[k] / visits[k] if visits[k] and k in alive else -math.inf for k in range(len(candidates))]
        top = max(means)
        best = [k for k in alive if means[k] >= top - 1e-9]
        chosen = best[0] if len(best) == 1 else self.rng.choice(best)
        stats = [RootStat(a, visits[k], totals[k] / visits[k] if visits[k] else 0.0) for k, a in enumerate(candidates)]
        order = sorted(range(len(candidates)), key=lambda k: (k != chosen, -means[k], k))
        return SearchResult(candidates[chosen], done, time.perf_counter() - start,
                            tuple(stats[k] for k in order), capped)


def _playout_setup(state: ReclamationWarsState, width: int, root_width: int, candidates: list, me: int) -> tuple:
    """A search's context for :func:`_playout_job`, in this process or the helper
    (:func:`reclaimdesk.core.parallel.shared`)."""
    return TurnView(state, width, root_width, seat=me), candidates, me


def _playout_job(context: tuple, k: int, seed: int) -> tuple[float, int]:
    """One play-out of candidate ``k`` on the luck of ``seed``: the searching seat's
    value of it and the positions it ranked (none when the candidate ends the game)."""
    view, candidates, me = context
    child = view.clone()
    child._apply(candidates[k])
    if child.is_terminal():
        return final_values(child.state)[me], 0
    value = _rollout_value(child, Rng(seed))[me]
    return value, child.positions


class HardAgent:
    """Runs :class:`PlayoutSearch` on a :class:`TurnView` at the start of each turn
    and plays the chosen turn's actions one by one."""

    level = "hard"

    def __init__(self, search: PlayoutSearch, width: int) -> None:
        self.search = search
        self.width = width
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
        budget = HARD_BUDGET[state.board_name]
        view = TurnView(state.search_copy(), self.width, budget.root_width)
        # (the end search is the level's own budget: a hint's budget of play-outs stays its own)
        end = _end_entry(budget, state) if self.search.iterations is None else None
        if end is not None:
            view.root_width = end[1]
            self.last = end_search(view, end[2], budget.end_positions, budget.end_cap,
                                   self.search.time_limit, self.search.label)
        else:
            self.last = self.search.search(view)
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
    return _margin_of(projections(state, seat), seat, PLAN_LEADER_WEIGHT if leader is None else leader)


def _margin_of(proj: list[float], seat: int, weight: float) -> float:
    """:func:`margin` from the projections (seen by ``seat``)."""
    a, b = proj[(seat + 1) % SEATS], proj[(seat + 2) % SEATS]
    high, low = (a, b) if a >= b else (b, a)
    return proj[seat] - weight * high - TRAILER_WEIGHT * low


def margins(state: ReclamationWarsState, proj: list[float] | None = None) -> list[float]:
    """:func:`margin` of every seat, scaled to about -1..1 (ten hexes): the value
    vector the hard level's search backs up (each seat maximises its own entry)."""
    proj = projections(state) if proj is None else proj
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
NORMAL_NOISE = 0.05
"""Normal's noise: up to this much (in hexes) is added at random to each choice's
:func:`margin`; the hard level's play-outs add it too, from their own generator."""



def make_agent(level: str, seed: int):
    if level == "random":
        return RandomAgent(seed)
    if level == "easy":
        return PlannerAgent(easy_score, "easy", seed, noise=0.8)
    if level == "normal":
        return PlannerAgent(margin, "normal", seed, noise=NORMAL_NOISE)
    search = PlayoutSearch(None, safety_seconds(), seed, label="reclamation-wars hard")
    return HardAgent(search, width=HARD_WIDTH)


def _rollout_value(view: TurnView, rng: Rng | None = None) -> list[float]:
    """The value of a play-out: every seat plays on as normal would (the first turn
    the view offers, the best by :func:`margin`, with normal's noise drawn from
    ``rng`` when one is given) for up to the board's :data:`HARD_BUDGET` ``turns``
    whole turns, or until the turns looked at have cost its ``positions``, and the
    position reached is valued by :func:`margins`. The positions bound the decision's work in busy positions (a
    Super Demolisher's three moves give hundreds of turns to rank), so its time
    does not depend on the clock."""
    budget = HARD_BUDGET[view.state.board_name]
    view.positions = 0
    for _ in range(budget.turns):
        if view.is_terminal():
            break
        turns = view._best_turns(budget.positions - view.positions, rng)
        if not turns:  # (None: the turn would overrun the budget; it is not played)
            break
        view._apply(turns[0])
    if view.is_terminal():
        return final_values(view.state)
    return chance_values(view.state) if budget.chances else margins(view.state)


HELD_LEAD = 0.05
"""The weight, on the :func:`margins` scale (per ten hexes), of the searching seat's
lead in hexes held (its count minus the best rival's) right after a candidate of
:func:`end_search`, added to the value of the candidate's finish. Small: it parts
candidates whose noiseless lines end alike, where the first by :func:`margin` would
be taken, at times a demolisher walk rather than a sure hex (the large board's tree
search of before used it the same way: 58.8% of games 50000-50299 against two normal
where it won 56.7% without it; docs/ai-levels.md)."""


def final_values(state: ReclamationWarsState) -> list[float]:
    """The value vector of a finished game for the hard level's search: each seat's
    :func:`margins` plus :data:`WIN_BONUS` times its share of the win. (By the margins
    alone, losing by one hex is worth almost as much as winning by one, and a larger
    lead over the seat that finishes last can outweigh the win itself.)"""
    values = margins(state)
    winners = state.winners()
    for seat in winners:
        values[seat] += WIN_BONUS / len(winners)
    return values


WIN_BONUS = 1.0
"""What winning a finished game is worth on the :func:`margins` scale (ten hexes)."""


# --- the standard board's leaf value: the chances to win -----------------------------
WIN_CHANCE = (-0.0012, 0.541, 1.510, -2.139)
"""``(a0, a1, b0, b1)`` of :func:`win_chances`: a seat's score is ``(a0 + a1 * l) *
projected + (b0 + b1 * l) * held``, where ``l`` is the share of the game's turns still
to be played (1 at the start) and ``held`` its hexes now; a seat's chance to win is
its score's softmax over the three seats. Fitted (maximum likelihood, Newton's method)
to who won 400 games of three normal players on the standard board (seeds 91001-91200
and 92000-92199, the positions at the start of every turn, 23,645 of them; a shared win
counts as a share); on 100 games it was not fitted to (seeds 92200-92299) its mean log
likelihood is -0.660 against -1.099 for even chances and -0.810 for the best softmax of
the projections alone. Late in the game the hexes held say more than the projection:
with 18 turns left (``l`` = 0.3) a hex held counts 0.87 and a projected one 0.16, with
42 left (0.7) a projected hex 0.38 and one held almost nothing more."""


def _turns_still(state: ReclamationWarsState) -> int:
    """Whole turns still to be played in the game (as :func:`projections` counts them)."""
    return sum(_turns_left(state))


def win_chances(state: ReclamationWarsState, proj: list[float] | None = None) -> list[float]:
    """Each seat's chance to win from this position (:data:`WIN_CHANCE`), from its
    :func:`projections` (``proj`` when given) and the hexes it holds now."""
    proj = projections(state) if proj is None else proj
    held = state.owner_masks()
    still = _turns_still(state) / (SEATS * TURNS_PER_PLAYER)
    a0, a1, b0, b1 = WIN_CHANCE
    a, b = a0 + a1 * still, b0 + b1 * still
    scores = [a * proj[s] + b * held[s].bit_count() for s in range(SEATS)]
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


def chance_values(state: ReclamationWarsState) -> list[float]:
    """The value vector of a position a play-out reaches on the standard board
    (:attr:`HardBudget.chances`): :func:`margins` plus :data:`WIN_BONUS` times
    :func:`win_chances`, what :func:`final_values` would give on average if the
    chances were right. The margins alone, a straight line in the projected counts,
    value a lead of one hex with two turns left the same as one with thirty, and
    trust a projected lead as much as a held one."""
    proj = projections(state)
    return [m + WIN_BONUS * c for m, c in zip(margins(state, proj), win_chances(state, proj))]


@dataclass(frozen=True)
class HardBudget:
    """The hard level's budget on one board, in play-outs and positions."""

    root_width: int
    """Candidate turns: the best by :func:`margin` (:data:`LEADER_WEIGHT`)."""
    playouts: int
    """Play-outs per decision, shared out in turn among the candidates."""
    turns: int
    """Whole turns a play-out plays after its candidate before the position is valued."""
    positions: int
    """The most positions a play-out generates and values to rank the turns it plays
    (one more, when it finds that the next turn does not fit: that turn is not played)."""
    chances: bool = False
    """Value the position a play-out reaches with :func:`chance_values` (the margins
    and the chances to win) instead of :func:`margins`."""
    spend: int = 0
    """The most positions the play-outs rank in one decision (0: no such bound,
    ``playouts`` alone). They are played in whole rounds, one play-out per candidate
    still in the running, on common luck; the first round always, and a further one
    only when the positions ranked so far plus the last round's, scaled to the
    candidates left, stay within ``spend``. Play-outs that run to the game's end cost
    more the earlier the turn: few rounds early in a large game, more late, in the
    same bound."""
    rounds: int = 0
    """The most rounds in one decision (0: no such bound)."""
    rejects: tuple[int, ...] = ()
    """Successive rejects: after each of these rounds the candidate with the lowest
    mean so far is left out of the later rounds (two stay at least), so the rounds
    left go to the ones still in contention."""
    end: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    """The end game's search (:func:`end_search`), nearest the end first: ``(turns,
    candidates, branch)``: when at most ``turns`` whole turns are left after the turn
    searched (its play-outs reach the game's end), the first entry that fits decides
    instead of the play-outs, with ``candidates`` turns at the searched position and
    ``branch``: the choices at the searching seat's later turns, in order (its best
    by :func:`margin`, :data:`LEADER_WEIGHT`; after these, its best turn alone)."""
    end_positions: int = 0
    """The most positions :func:`end_search` ranks while it branches, shared equally
    among its candidates (a line that would overrun its share takes the searching
    seat's best turn alone from there)."""
    end_cap: int = 0
    """The most positions :func:`end_search`'s lines rank in one decision (0: no cap),
    so that its cost is bounded in positions, never by the clock: each candidate in
    turn may use what is left of it divided by the candidates not yet played (what
    one leaves goes to the next), and a line that would overrun its allowance stops
    there and is valued by :func:`chance_values`."""


END_CAP = 6000
"""The large board's :attr:`HardBudget.end_cap`: the most positions its end search's
lines rank in one decision (see the budget's documentation below)."""

HARD_BUDGET = {
    "standard": HardBudget(root_width=5, playouts=10, turns=9, positions=300, chances=True),
    "large": HardBudget(root_width=5, playouts=60, turns=SEATS * TURNS_PER_PLAYER, positions=4000, spend=20000,
                        rounds=12, rejects=(2, 3, 4), end=((5, 25, ()), (8, 16, ()), (11, 11, ())),
                        end_cap=END_CAP),
}
"""Per board. Standard: five candidates, two noisy play-outs of nine turns each
(three rounds show what a turn does there), the position reached valued with the
chances to win (``chances``: against two normal, games 50000-50299, 67.6% [62.1-72.6]
where the margins alone won 61.0% [55.4-66.3]; docs/ai-levels.md). A decision ranks
at most ``playouts * positions`` positions in its play-outs, plus the candidates' turn.

Large: five candidates, noisy play-outs to the game's end (``turns``: every turn
left; a play-out stops early only where it would rank more than 4,000 positions,
where one from the first turn ranks 1,100 to 1,700), in whole rounds within 20,000
positions a decision (``spend``), at most twelve, the worst candidate left out after
the second, third and fourth round (``rejects``). There the territories meet late and
the fight over the Super Demolisher is decided many rounds on: a tree or a single
noiseless play-out trusts one line of the rivals' play, and the projections a few
rounds ahead are 6 to 8 hexes off in the middle game; several noisy play-outs to the
end, averaged, judge the candidates where the game is decided (docs/wars-large-board.md,
sessions 21 to 23). The rounds are shared with the helper process where there is one
(:mod:`reclaimdesk.core.parallel`), with the same result. A decision ranks at most
``spend`` positions in its play-outs plus one round's (the first round is always
played; a later one is begun only when the last round's cost still fits), plus the
candidates' turn.

In the large game's last turns (``end``) most candidates tie: 25 candidates with at most five
whole turns left after the searched one, 16 with eight, 11 with eleven, each played
to the end (:func:`end_search`, no branching): 60.3% [54.6-65.6] of games
50000-50299 against two normal with the tree search of before, where the tree alone won 58.8% [53.2-64.2] (20, 12 and
8 candidates: 59.7%; docs/ai-levels.md). A decision there plays at most candidates
times turns left whole turns, at most 16 x 8 = 128, each ranked as normal ranks its turn,
and its lines rank at most :data:`END_CAP` positions in all (``end_cap``): in 300 games
(50000-50299) the end search's 1,200 decisions ranked 3,227 positions at the median, 5,862
at the 99th percentile and 7,585 at most (0.44 s of CPU), with no cap; with 6,000, no
result of 240 games screened changed (docs/ai-levels.md)."""
HARD_WIDTH = 1
"""Whole turns a view offers below the searched position (one: the seat plays as
normal does)."""


# --- the large board's end game: a small max over the searching seat's own turns ---------
def _end_entry(budget: HardBudget, state: ReclamationWarsState) -> tuple[int, int, tuple[int, ...]] | None:
    """The entry of ``budget.end`` that decides at ``state`` (None: the play-outs do)."""
    after = _turns_still(state) - 1  # (whole turns left once the searched one is played)
    for entry in budget.end:
        if after <= entry[0]:
            return entry
    return None


def end_search(view: TurnView, branch: tuple[int, ...], positions: int, cap: int = 0,
               time_limit: float | None = None, label: str = "") -> SearchResult:
    """The hard level's decision when the game's end is in reach (:attr:`HardBudget.end`):
    each of the view's candidates (``root_width`` of them, by :func:`margin`) is played
    to the game's end, every other seat playing its best turn by :func:`margin` as
    normal does (noiseless), the searching seat choosing at each of its later turns
    the best end among its ``branch`` best turns (then its best turn alone), and
    is valued by that end (:func:`final_values`: the margins and the share of the
    win, so a sole win beats a tie and a tie with one rival beats one with two) plus
    :data:`HELD_LEAD` for the hexes held right after the candidate (the lead, not the line: the lines of a late large game often end alike).
    Each candidate may rank ``positions`` / candidates positions while it branches
    (past that no other choice is begun and its lines take the best turn alone), so
    the work is bounded in positions, never by the clock. With ``cap``, the lines
    of all candidates together rank at most that many positions (:attr:`HardBudget.end_cap`).
    The clock (``time_limit``) is only a safety cap, logged when it bites: then the
    candidates not yet begun are left out. ``iterations``: the lines played."""
    start = time.perf_counter()
    deadline = math.inf if time_limit is None else start + time_limit
    me = view.current_player
    candidates = view.legal_actions()
    share = positions // max(1, len(candidates))
    left = cap
    stats = []
    lines = [0]
    capped = False
    for k, turn in enumerate(candidates):
        if k and time.perf_counter() >= deadline:
            capped = True
            break
        child = view.clone()
        child._apply(turn)
        counts = child.state.counts()
        room = [left // (len(candidates) - k) if cap else math.inf]
        allowed = room[0]
        value = _end_value(child, me, branch, 0, [share], lines, room)
        if cap:
            left -= allowed - room[0]
        lead = counts[me] - max(counts[o] for o in range(SEATS) if o != me)
        stats.append(RootStat(turn, 1, value + HELD_LEAD * lead / 10))
    if capped:
        game, _, level = label.partition(" ")
        warn_capped(game, level, time.perf_counter() - start, len(stats), len(candidates), "candidates")
    order = sorted(range(len(stats)), key=lambda k: (-stats[k].value, k))
    ranked = tuple(stats[k] for k in order)
    return SearchResult(ranked[0].action, lines[0], time.perf_counter() - start, ranked, capped)


def _end_value(view: TurnView, me: int, branch: tuple[int, ...], mine: int, left: list[int], lines: list[int],
               room: list[float]) -> float:
    """Seat ``me``'s value of the game's end from ``view`` (see :func:`end_search`);
    ``mine``: its turns already passed on this line; ``left[0]``: the positions its
    candidate may still rank while branching; ``lines[0]``: lines played out so far;
    ``room[0]``: the positions its candidate may still rank in all (past it, a line
    stops before the turn that would overrun it and is valued by :func:`chance_values`)."""
    while not view.is_terminal():
        before = view.positions
        branching = view.current_player == me and mine < len(branch) and left[0] > 0
        if branching:
            view.root_width, view.depth = branch[mine], 0
        turns = view._best_turns(room[0] if room[0] < SEQUENCE_LIMIT else None)
        spent = view.positions - before
        room[0] -= spent
        if left[0] > 0:
            left[0] -= spent
        if turns is None:  # (the turn would overrun the candidate's positions)
            lines[0] += 1
            return chance_values(view.state)[me]
        if branching and len(turns) > 1:
            best = -math.inf
            for k, turn in enumerate(turns):
                if k and left[0] <= 0:  # (the best turn's line is always played)
                    break
                child = view.clone()
                child._apply(turn)
                best = max(best, _end_value(child, me, branch, mine + 1, left, lines, room))
            return best
        if view.current_player == me:
            mine += 1
        view._apply(turns[0])
    lines[0] += 1
    return final_values(view.state)[me]
