"""Reclamation Wars' rules (see docs/rules/reclamation-wars.md).

Three seats in fixed order take 20 turns each on a hexagon of hexes. A turn is one
of: reclaim a neutral hex next to your territory; move your demolisher up to twice
(step, demolish, destroy); or use a special power (Void Maker, Special Neutralizer,
Lockdown). The demolisher's moves are separate atomic actions by the same seat; the
turn ends after the last allowed move or with ``end``. Turns with no choice (the turn
skipped after Lockdown, a turn with no legal action) pass by themselves and are
logged in :attr:`ReclamationWarsState.turns`.

Public, read-only API for the table and the print kit (everything a screen needs):
``geo`` (hexes, names, neighbours), :meth:`owner_of`, :meth:`demolisher_hex`,
:meth:`special_hexes`, :meth:`holder`, :meth:`hits_on`, :meth:`locked_seats`,
:meth:`blocked_hexes`, :meth:`turn_number`, :attr:`moves_used`,
:meth:`moves_allowed`, :attr:`turns` (a :class:`TurnEntry` per turn played),
:meth:`last_turn`, :meth:`actions_at`, :meth:`describe_action`,
:meth:`describe_event`, :meth:`why_illegal`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from reclaimdesk.core.game import TERMINAL, GameState
from reclaimdesk.core.hexgrid import Hex
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.games.reclamation_wars import actions as A
import reclaimdesk.games.reclamation_wars as _package
from reclaimdesk.games.reclamation_wars.actions import WarsAction
from reclaimdesk.games.reclamation_wars.components import (
    FORTIFIED,
    LOCKDOWN,
    LONGRANGE,
    NEUTRALIZER,
    SEATS,
    SPECIAL_NAMES,
    SUPER,
    TURNS_PER_PLAYER,
    VOID,
    Geometry,
    geometry,
    layout_to_text,
    load_setup,
    parse_layout,
    seeded_layout,
)

NEUTRAL = -1
"""Owner of a hex nobody holds."""
REMOVED = -2
"""Owner of a hex taken out of play by the Void Maker."""
TOTAL_TURNS = SEATS * TURNS_PER_PLAYER
MAX_DEMOLISHER_MOVES = 3
MAX_LENGTH = TOTAL_TURNS * MAX_DEMOLISHER_MOVES
"""No turn has more than three atomic actions (a Super Demolisher's three moves)."""
if MAX_LENGTH != _package.MAX_LENGTH:  # the spec registers the package's figure
    raise ImportError(f"MAX_LENGTH is {MAX_LENGTH} here but {_package.MAX_LENGTH} in the game's package")
MAX_SPECIALS = 2
FORTIFIED_HITS = 2
LOCKDOWN_COOLDOWN = 4
"""Activated on turn T, Lockdown can next be activated on turn T + 4."""
from reclaimdesk.games.reclamation_wars import SEED_LAYOUT  # noqa: E402 - the spec's default

# What an action did (or would do): the outcome codes of :class:`Event`.
RECLAIMED = "reclaimed"
STEPPED = "stepped"
NEUTRALISED = "neutralised"
HIT = "hit"
CONVERTED = "converted"
DESTROYED = "destroyed"
ENDED = "ended"
VOIDED = "voided"
STRIPPED = "stripped"
LOCKED = "locked"

# Turn kinds of :class:`TurnEntry`.
TURN_KINDS: dict[str, str] = {
    "reclaim": N_("reclaimed a hex"),
    "demolisher": N_("moved the demolisher"),
    "void": N_("used the Void Maker"),
    "neutralize": N_("used the Special Neutralizer"),
    "lockdown": N_("activated Lockdown"),
    "skipped": N_("skipped a turn (Lockdown)"),
    "passed": N_("passed (no legal turn)"),
}


def seat_name(seat: int) -> str:
    """``Player 1`` ... ``Player 3`` in the current language."""
    return _("Player {number}").format(number=seat + 1)


@dataclass(frozen=True)
class Event:
    """One atomic action and what it did."""

    seat: int
    action: WarsAction
    outcome: str
    victim: int = NEUTRAL
    """The seat that lost a hex, a hit, its demolisher or a power; NEUTRAL if none."""
    special: str | None = None
    """The special kind of the hex concerned (before the action), if any."""


@dataclass(frozen=True)
class TurnEntry:
    """One seat's turn, as played."""

    seat: int
    number: int
    """The seat's own turn number, 1-20."""
    kind: str
    """A key of :data:`TURN_KINDS`."""
    events: tuple[Event, ...]
    counts: tuple[int, ...]
    """Hexes per seat after the turn."""

    def summary(self) -> str:
        return _(TURN_KINDS[self.kind])


@lru_cache(maxsize=None)
def _action_table(board: str) -> dict[str, tuple[WarsAction, ...]]:
    geo = geometry(board)
    return {kind: tuple(WarsAction(kind, h) for h in geo.hexes) for kind in A.HEX_KINDS}


_END = WarsAction(A.END)
_OUTCOME_KINDS = frozenset((A.DEMOLISH, A.DESTROY))
"""The kinds whose application reads the outcome (:meth:`ReclamationWarsState._outcome`)."""
_LOCKDOWN = WarsAction(A.LOCKDOWN)


class ReclamationWarsState(GameState):
    """A game of Reclamation Wars for three seats.

    Options: ``board`` (``standard``: 61 hexes, ``large``: 91) and ``layout``
    (``seed`` places the special hexes from the seed; otherwise a fixed layout like
    ``super D7; fortified G3; void C5; longrange D8; neutralizer G2; lockdown G4``,
    hexes named as the board's edge prints them, or axial ``q,r`` as before).
    """

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.board_name: str = self.options["board"]
        geo = geometry(self.board_name)
        self.geo: Geometry = geo
        text = self.options["layout"]
        if text.strip().lower() == SEED_LAYOUT:
            layout = seeded_layout(self.board_name, self.seed)
        else:
            try:
                layout = parse_layout(geo, text)
            except ValueError as exc:
                raise ValueError(f"option 'layout': {exc}") from None
        self.layout: dict[str, int] = layout
        """Where each special kind was placed (hex index); never changes."""
        n = len(geo)
        self._acts = _action_table(self.board_name)
        self.special_at: list[str | None] = [None] * n
        """The special kind whose power a hex still has (None: a regular hex)."""
        for kind, i in layout.items():
            self.special_at[i] = kind
        self.owner: list[int] = [NEUTRAL] * n
        for seat, i in enumerate(geo.starts):
            self.owner[i] = seat
        self.demolisher: list[int] = list(geo.starts)
        """Hex index of each seat's demolisher; -1 once destroyed."""
        self.hits: list[int] = [0] * n
        """Demolish hits a hex took while its owner held Fortified (kept until it changes owner)."""
        self.blocked: list[int] = [NEUTRAL] * n
        """For a hex just demolished to neutral: the seat whose next turn lifts the ban."""
        self.turn = 0
        """Turns begun so far minus one: seat ``turn % 3`` plays its turn ``turn // 3 + 1``."""
        self.moves_used = 0
        """Demolisher moves made in the turn in progress."""
        self.lock_until: list[int] = [0] * SEATS
        """Per seat: the own turn number whose start ends its immunity; 0 when not locked."""
        self.skip_turn: list[int] = [0] * SEATS
        self.lock_ready: list[int] = [1] * SEATS
        """Per seat: the earliest own turn number on which Lockdown may be activated."""
        self.turns: list[TurnEntry] = []
        """Every finished turn, in order (skipped and passed turns included)."""
        self._events: list[Event] = []
        self._begin_turn()

    # --- GameState API -----------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.turn >= TOTAL_TURNS else self.turn % SEATS

    def legal_actions(self) -> list[Hashable]:
        if self.turn >= TOTAL_TURNS:
            return []
        seat = self.turn % SEATS
        if self.moves_used:
            out = self._demolisher_moves(seat)
            out.append(_END)
            return out
        out = self._reclaims(seat)
        out.extend(self._demolisher_moves(seat))
        if self.holds(seat, VOID):
            out.extend(self._voids(seat))
        if self.holds(seat, NEUTRALIZER):
            out.extend(self._neutralizations(seat))
        if self.holds(seat, LOCKDOWN) and self.turn_number(seat) >= self.lock_ready[seat]:
            out.append(_LOCKDOWN)
        return out

    def _apply(self, action: Hashable) -> None:
        assert isinstance(action, WarsAction)
        seat = self.turn % SEATS
        kind = action.kind
        if self._quiet:  # (only a demolish or a destroy needs its outcome worked out)
            event = self._outcome(seat, action) if kind in _OUTCOME_KINDS else None
        else:
            event = self._outcome(seat, action)
            self._events.append(event)
        if kind == A.END:
            self._end_turn("demolisher")
            return
        if kind == A.LOCKDOWN:
            number = self.turn_number(seat)
            self.lock_until[seat] = number + 2
            self.skip_turn[seat] = number + 1
            self.lock_ready[seat] = number + LOCKDOWN_COOLDOWN
            self._end_turn("lockdown")
            return
        i = self.geo.index[action.hex]  # type: ignore[index]
        if kind == A.RECLAIM:
            self._set_owner(i, seat)
            self._end_turn("reclaim")
        elif kind == A.VOID:
            if self._quiet:
                self._masks[self.owner[i]] &= ~(1 << i)  # (never a hex of nobody's: a void takes a held or neutral hex)
            self.owner[i] = REMOVED
            self.hits[i] = 0
            self.blocked[i] = NEUTRAL
            self._end_turn("void")
        elif kind == A.NEUTRALIZE:
            self.special_at[i] = None
            self.special_at[self.layout[NEUTRALIZER]] = None
            self._end_turn("neutralize")
        else:
            if kind == A.STEP:
                self.demolisher[seat] = i
            elif kind == A.DESTROY:
                self.demolisher[event.victim] = -1
            elif event.outcome == HIT:
                self.hits[i] += 1
            elif event.outcome == CONVERTED:
                self._set_owner(i, seat)
            else:
                self._set_owner(i, NEUTRAL)
                self.blocked[i] = seat
            self.moves_used += 1
            if not self._turn_goes_on(seat):
                self._end_turn("demolisher")

    def _turn_goes_on(self, seat: int) -> bool:
        """After a demolisher move: whether the seat's turn goes on (moves left, and one to make)."""
        return self.moves_used < self.moves_allowed(seat) and self._can_move(seat)

    def scores(self) -> list[float]:
        return [float(c) for c in self.counts()]

    def parse_action(self, text: str) -> Hashable:
        """An action in the notation; hexes as the board's edge names them, or
        axial ``q,r`` as records written before issue 24 have them."""
        return WarsAction.parse(text, self.geo)

    def action_to_str(self, action: Hashable) -> str:
        """The notation, hexes named as printed on the board (``reclaim D7``)."""
        if isinstance(action, WarsAction):
            return action.text(self.geo)
        return str(action)

    def state_key(self) -> Hashable:
        return (
            self.board_name, tuple(sorted(self.layout.items())), tuple(self.owner),
            tuple(self.special_at), tuple(self.demolisher), tuple(self.hits),
            tuple(self.blocked), self.turn, self.moves_used, tuple(self.lock_until),
            tuple(self.skip_turn), tuple(self.lock_ready),
        )

    def clone(self) -> "ReclamationWarsState":
        other = ReclamationWarsState.__new__(ReclamationWarsState)
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
        other.history = list(self.history)
        other.board_name = self.board_name
        other.geo = self.geo
        other.layout = self.layout
        other._acts = self._acts
        other.special_at = list(self.special_at)
        other.owner = list(self.owner)
        other.demolisher = list(self.demolisher)
        other.hits = list(self.hits)
        other.blocked = list(self.blocked)
        other.turn = self.turn
        other.moves_used = self.moves_used
        other.lock_until = list(self.lock_until)
        other.skip_turn = list(self.skip_turn)
        other.lock_ready = list(self.lock_ready)
        other.turns = list(self.turns)
        other._events = list(self._events)
        return other

    _quiet = False
    """True in a search copy (:meth:`search_copy`)."""

    def search_copy(self) -> "ReclamationWarsState":
        """A copy for the AI's searches: the same position and rules, but it keeps
        no log (its :attr:`history`, :attr:`turns` and events start empty and
        :attr:`turns` stays so), which a search playing thousands of turns never
        reads and would pay for at every copy."""
        other = ReclamationWarsState.__new__(ReclamationWarsState)
        d = self.__dict__.copy()  # (the settings and tables shared, the position's lists copied)
        d["history"], d["turns"], d["_events"] = [], [], []
        d["special_at"], d["owner"], d["demolisher"] = self.special_at[:], self.owner[:], self.demolisher[:]
        d["hits"], d["blocked"] = self.hits[:], self.blocked[:]
        d["lock_until"], d["skip_turn"], d["lock_ready"] = self.lock_until[:], self.skip_turn[:], self.lock_ready[:]
        d["_quiet"] = True
        other.__dict__ = d
        other._masks = self.owner_masks()
        return other

    def owner_masks(self) -> list[int]:
        """Bit masks of the hexes (bit ``i`` for hex index ``i``) of seats 0, 1 and 2,
        then of the neutral hexes (index -1 is :data:`NEUTRAL`'s). A new list; a search
        copy keeps it up to date as hexes change owner instead of counting them again."""
        if self._quiet:
            return self._masks[:]
        masks = [0, 0, 0, 0]
        bit = 1
        for o in self.owner:
            if o != REMOVED:
                masks[o] |= bit
            bit <<= 1
        return masks

    # --- taking back (reclaimdesk.core.match) ---------------------------------
    take_back_unit = "turn"
    """A take back removes the asking person's whole latest turn (a demolisher's
    moves go together, also a turn still in progress), with the computer's turns
    after it."""
    take_back_after_end = True
    """Nothing is hidden and no score is kept: the last turn may still be taken
    back from the end screen, to try the ending again."""

    def turn_key(self) -> Hashable:
        """The turn in progress (:attr:`turn`): a seat whose rivals sit out
        (Lockdown) or pass plays two turns in a row, and they stay two."""
        return self.turn

    def data_versions(self) -> dict[str, int]:
        setup = load_setup()
        return {f"reclamation_wars/{setup.id}": setup.version}

    def result(self) -> dict[str, Any]:
        out = super().result()
        out["layout"] = layout_to_text(self.geo, self.layout)
        return out

    def result_agrees(self, key: str, stated: Any, computed: Any) -> bool:
        """A record written before issue 24 states the layout in axial ``q,r``:
        it agrees when it places the same hexes."""
        if key == "layout" and isinstance(stated, str) and stated != computed:
            try:
                return parse_layout(self.geo, stated) == self.layout
            except ValueError:
                return False
        return stated == computed

    # --- reading the position ----------------------------------------------
    def counts(self) -> list[int]:
        """Hexes held by each seat."""
        owner = self.owner
        return [owner.count(seat) for seat in range(SEATS)]

    def owner_of(self, h: Hex) -> int:
        """The seat holding ``h``, ``NEUTRAL`` or ``REMOVED``."""
        return self.owner[self.geo.index[h]]

    def demolisher_hex(self, seat: int) -> Hex | None:
        """Where the seat's demolisher stands; None once destroyed."""
        i = self.demolisher[seat]
        return None if i < 0 else self.geo.hexes[i]

    def special_hexes(self) -> dict[Hex, str]:
        """Hexes that still carry a power, with their kind."""
        return {self.geo.hexes[i]: k for i, k in enumerate(self.special_at) if k is not None}

    def stripped_hexes(self) -> dict[Hex, str]:
        """Special hexes whose power the Special Neutralizer removed (now regular)."""
        return {self.geo.hexes[i]: kind for kind, i in self.layout.items() if self.special_at[i] is None}

    def holder(self, kind: str) -> int:
        """The seat holding the power ``kind`` now, or ``NEUTRAL``."""
        i = self.layout[kind]
        if self.special_at[i] != kind:
            return NEUTRAL
        o = self.owner[i]
        return o if o >= 0 else NEUTRAL

    def holds(self, seat: int, kind: str) -> bool:
        """Whether ``seat`` holds the power ``kind`` now."""
        if seat < 0:
            return False
        i = self.layout[kind]
        return self.special_at[i] == kind and self.owner[i] == seat

    def specials_held(self, seat: int) -> int:
        return sum(1 for kind, i in self.layout.items() if self.special_at[i] == kind and self.owner[i] == seat)

    def hits_on(self, h: Hex) -> int:
        return self.hits[self.geo.index[h]]

    def fortified_hits(self) -> dict[Hex, int]:
        """Hexes carrying demolish hits (they need one more hit while Fortified holds)."""
        return {self.geo.hexes[i]: n for i, n in enumerate(self.hits) if n}

    def is_locked(self, seat: int) -> bool:
        """Whether ``seat`` is immune (Lockdown) right now."""
        return self.lock_until[seat] > 0

    def locked_seats(self) -> list[int]:
        return [s for s in range(SEATS) if self.lock_until[s] > 0]

    def locked_hexes(self) -> list[Hex]:
        """Hexes immune to demolishers and special effects now."""
        locked = self.locked_seats()
        return [self.geo.hexes[i] for i, o in enumerate(self.owner) if o in locked]

    def blocked_hexes(self) -> dict[Hex, int]:
        """Neutral hexes nobody may reclaim yet, with the seat whose next turn frees them."""
        return {self.geo.hexes[i]: s for i, s in enumerate(self.blocked) if s >= 0}

    def turn_number(self, seat: int) -> int:
        """The seat's turn in progress or next to come (1-20; 21 when all are played)."""
        return (self.turn - seat + SEATS - 1) // SEATS + 1

    def moves_allowed(self, seat: int) -> int:
        return MAX_DEMOLISHER_MOVES if self.holds(seat, SUPER) else 2

    def last_turn(self, seat: int) -> TurnEntry | None:
        for entry in reversed(self.turns):
            if entry.seat == seat:
                return entry
        return None

    def actions_at(self, h: Hex) -> list[WarsAction]:
        """The legal actions that name ``h`` (what a click on ``h`` could do)."""
        return [a for a in self.legal_actions() if isinstance(a, WarsAction) and a.hex == h]

    # --- move generation ---------------------------------------------------
    def _reclaims(self, seat: int) -> list[WarsAction]:
        owner = self.owner
        table = self.geo.ring2 if self.holds(seat, LONGRANGE) else self.geo.neighbours
        mark = bytearray(len(owner))
        for i, o in enumerate(owner):
            if o == seat:
                for j in table[i]:
                    mark[j] = 1
        full = self.specials_held(seat) >= MAX_SPECIALS
        blocked, special_at = self.blocked, self.special_at
        acts = self._acts[A.RECLAIM]
        return [acts[j] for j in range(len(owner))
                if mark[j] and owner[j] == NEUTRAL and blocked[j] < 0
                and not (full and special_at[j] is not None)]

    def _can_reclaim(self, seat: int) -> bool:
        """Whether :meth:`_reclaims` would offer anything (stops at the first)."""
        owner = self.owner
        table = self.geo.ring2 if self.holds(seat, LONGRANGE) else self.geo.neighbours
        full = self.specials_held(seat) >= MAX_SPECIALS
        blocked, special_at = self.blocked, self.special_at
        for i, o in enumerate(owner):
            if o == seat:
                for j in table[i]:
                    if owner[j] == NEUTRAL and blocked[j] < 0 and not (full and special_at[j] is not None):
                        return True
        return False

    def _demolisher_moves(self, seat: int) -> list[WarsAction]:
        d = self.demolisher[seat]
        if d < 0:
            return []
        owner, dem, lock = self.owner, self.demolisher, self.lock_until
        steps, hits, kills = [], [], []
        for j in self.geo.neighbours[d]:
            o = owner[j]
            if j in dem:
                e = dem.index(j)
                if e != seat and not lock[e]:
                    kills.append(j)
            elif o == seat:
                steps.append(j)
            if o >= 0 and o != seat and not lock[o]:
                hits.append(j)
        acts = self._acts
        return ([acts[A.STEP][j] for j in steps] + [acts[A.DEMOLISH][j] for j in hits]
                + [acts[A.DESTROY][j] for j in kills])

    def _can_move(self, seat: int) -> bool:
        """Whether :meth:`_demolisher_moves` would offer anything (stops at the first)."""
        d = self.demolisher[seat]
        if d < 0:
            return False
        owner, dem, lock = self.owner, self.demolisher, self.lock_until
        for j in self.geo.neighbours[d]:
            o = owner[j]
            if j in dem:
                e = dem.index(j)
                if e != seat and not lock[e]:
                    return True
            elif o == seat:
                return True
            if o >= 0 and o != seat and not lock[o]:
                return True
        return False

    def _voids(self, seat: int) -> list[WarsAction]:
        owner, nbrs = self.owner, self.geo.neighbours
        mark = bytearray(len(owner))
        for i, o in enumerate(owner):
            if o == seat:
                for j in nbrs[i]:
                    mark[j] = 1
        lock, dem, special_at = self.lock_until, self.demolisher, self.special_at
        acts = self._acts[A.VOID]
        out = []
        for j in range(len(owner)):
            o = owner[j]
            if (mark[j] and o != seat and o != REMOVED and special_at[j] is None
                    and j not in dem and not (o >= 0 and lock[o])):
                out.append(acts[j])
        return out

    def _neutralizations(self, seat: int) -> list[WarsAction]:
        mine = self.layout[NEUTRALIZER]
        acts = self._acts[A.NEUTRALIZE]
        out = []
        for j, kind in enumerate(self.special_at):
            if kind is None or j == mine:
                continue
            o = self.owner[j]
            if o >= 0 and self.lock_until[o]:
                continue
            out.append(acts[j])
        return out

    # --- applying ----------------------------------------------------------
    def _outcome(self, seat: int, action: WarsAction) -> Event:
        """What ``action`` (legal) does, worked out before it is applied."""
        kind = action.kind
        if kind == A.END:
            return Event(seat, action, ENDED)
        if kind == A.LOCKDOWN:
            return Event(seat, action, LOCKED, special=LOCKDOWN)
        i = self.geo.index[action.hex]  # type: ignore[index]
        special = self.special_at[i]
        victim = self.owner[i] if self.owner[i] >= 0 and self.owner[i] != seat else NEUTRAL
        if kind == A.RECLAIM:
            return Event(seat, action, RECLAIMED, special=special)
        if kind == A.STEP:
            return Event(seat, action, STEPPED, special=special)
        if kind == A.VOID:
            return Event(seat, action, VOIDED, victim, special)
        if kind == A.NEUTRALIZE:
            return Event(seat, action, STRIPPED, victim, special)
        if kind == A.DESTROY:
            return Event(seat, action, DESTROYED, self.demolisher.index(i))
        # demolish
        superd = self.holds(seat, SUPER)
        if self.holds(victim, FORTIFIED):
            if not superd and self.hits[i] + 1 < FORTIFIED_HITS:
                return Event(seat, action, HIT, victim, special)
            return Event(seat, action, NEUTRALISED, victim, special)
        if superd and not (special is not None and self.specials_held(seat) >= MAX_SPECIALS):
            return Event(seat, action, CONVERTED, victim, special)
        return Event(seat, action, NEUTRALISED, victim, special)

    def _set_owner(self, i: int, seat: int) -> None:
        if self._quiet:
            masks, bit = self._masks, 1 << i
            masks[self.owner[i]] &= ~bit  # (the hex is a seat's or neutral: index -1 is the neutral mask)
            masks[seat] |= bit
        self.owner[i] = seat
        self.hits[i] = 0

    def _end_turn(self, kind: str) -> None:
        if not self._quiet:
            seat = self.turn % SEATS
            self.turns.append(TurnEntry(seat, self.turn_number(seat), kind, tuple(self._events),
                                        tuple(self.counts())))
            self._events = []
        self.moves_used = 0
        self.turn += 1
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Start the next turn that has a choice: lift the seat's demolish bans and
        its expired immunity, play out a skipped or empty turn."""
        while self.turn < TOTAL_TURNS:
            seat = self.turn % SEATS
            number = self.turn_number(seat)
            blocked = self.blocked
            if seat in blocked:
                for i, s in enumerate(blocked):
                    if s == seat:
                        blocked[i] = NEUTRAL
            if self.lock_until[seat] and number >= self.lock_until[seat]:
                self.lock_until[seat] = 0
            if self.skip_turn[seat] == number:
                self.skip_turn[seat] = 0
                kind = "skipped"
            elif not self._can_move(seat) and not self._can_reclaim(seat) and not self.legal_actions():
                # (a demolisher move or a reclaim is a legal action: when there is
                # one, the full list need not be built; searches start many turns)
                kind = "passed"
            else:
                return
            if not self._quiet:
                self.turns.append(TurnEntry(seat, number, kind, (), tuple(self.counts())))
            self.turn += 1

    # --- words -------------------------------------------------------------
    def why_illegal(self, action: Hashable) -> str:
        """``""`` when ``action`` is legal now, else why not (current language).
        This decides legality; it agrees with :meth:`legal_actions` (tested over
        random games by the conformance test)."""
        if not isinstance(action, WarsAction) or action.kind not in A.KINDS:
            return _("not a Reclamation Wars action")
        if self.turn >= TOTAL_TURNS:
            return _("the game is over")
        seat = self.turn % SEATS
        kind = action.kind
        if kind in A.HEX_KINDS:
            if action.hex not in self.geo.index:
                return _("{hex} is not on the board").format(hex=self._hex_text(action.hex))
        elif action.hex is not None:
            return _("not a Reclamation Wars action")
        if self.moves_used and not action.is_demolisher_move and kind != A.END:
            return _("your demolisher turn is under way: make another demolisher move or end the turn")
        if kind == A.END:
            return "" if self.moves_used else _("there is no demolisher turn to end")
        if kind == A.LOCKDOWN:
            if not self.holds(seat, LOCKDOWN):
                return _("you do not hold the Lockdown hex")
            if self.turn_number(seat) < self.lock_ready[seat]:
                return _("Lockdown can be activated again on your turn {number}").format(
                    number=self.lock_ready[seat])
            return ""
        i = self.geo.index[action.hex]  # type: ignore[index]
        where = self.geo.names[i]
        owner = self.owner
        o = owner[i]
        if kind == A.RECLAIM:
            if o == REMOVED:
                return _("{hex} has been removed from play").format(hex=where)
            if o == seat:
                return _("{hex} is already yours").format(hex=where)
            if o >= 0:
                return _("{hex} belongs to {player}: demolish it first").format(hex=where, player=seat_name(o))
            if self.blocked[i] >= 0:
                return _("{hex} was just demolished: nobody may reclaim it before {player}'s next turn").format(
                    hex=where, player=seat_name(self.blocked[i]))
            if self.special_at[i] is not None and self.specials_held(seat) >= MAX_SPECIALS:
                return _("you already hold two special hexes")
            if self.holds(seat, LONGRANGE):
                if any(owner[j] == seat for j in self.geo.ring2[i]):
                    return ""
                return _("{hex} is more than two hexes from your territory").format(hex=where)
            if any(owner[j] == seat for j in self.geo.neighbours[i]):
                return ""
            return _("{hex} is not next to your territory").format(hex=where)
        if kind in A.DEMOLISHER_KINDS:
            d = self.demolisher[seat]
            if d < 0:
                return _("your demolisher has been destroyed")
            if i not in self.geo.neighbours[d]:
                return _("{hex} is not next to your demolisher").format(hex=where)
            if kind == A.STEP:
                if i in self.demolisher:
                    return _("a demolisher already stands on {hex}").format(hex=where)
                if o != seat:
                    return _("a demolisher steps only onto its owner's hexes")
                return ""
            if kind == A.DESTROY:
                if i not in self.demolisher or self.demolisher.index(i) == seat:
                    return _("there is no enemy demolisher on {hex}").format(hex=where)
                enemy = self.demolisher.index(i)
                if self.lock_until[enemy]:
                    return _("{player} is in lockdown: immune to demolishers").format(player=seat_name(enemy))
                return ""
            if o < 0 or o == seat:
                return _("only an enemy hex can be demolished")
            if self.lock_until[o]:
                return _("{player} is in lockdown: immune to demolishers").format(player=seat_name(o))
            return ""
        if kind == A.VOID:
            if not self.holds(seat, VOID):
                return _("you do not hold the Void Maker")
            if o == REMOVED:
                return _("{hex} has been removed from play").format(hex=where)
            if o == seat:
                return _("you may not remove your own hex")
            if self.special_at[i] is not None:
                return _("a special hex cannot be removed")
            if i in self.demolisher:
                return _("a hex with a demolisher on it cannot be removed")
            if o >= 0 and self.lock_until[o]:
                return _("{player} is in lockdown: immune to special powers").format(player=seat_name(o))
            if any(owner[j] == seat for j in self.geo.neighbours[i]):
                return ""
            return _("{hex} is not next to your territory").format(hex=where)
        # neutralize
        if not self.holds(seat, NEUTRALIZER):
            return _("you do not hold the Special Neutralizer")
        if self.special_at[i] is None:
            return _("{hex} is not a special hex with a power").format(hex=where)
        if i == self.layout[NEUTRALIZER]:
            return _("the Special Neutralizer cannot strip itself")
        if o >= 0 and self.lock_until[o]:
            return _("{player} is in lockdown: immune to special powers").format(player=seat_name(o))
        return ""

    def describe_action(self, action: Hashable) -> str:
        """A sentence for what a legal ``action`` would do now."""
        if not isinstance(action, WarsAction) or not self.is_legal(action):
            return self.action_to_str(action)
        return self.describe_event(self._outcome(self.turn % SEATS, action))

    def describe_event(self, event: Event) -> str:
        """A sentence for an action and its outcome (current language)."""
        a = event.action
        where = self.geo.label(a.hex) if a.hex is not None else ""
        victim = seat_name(event.victim) if event.victim >= 0 else ""
        special = _(SPECIAL_NAMES[event.special]) if event.special else ""
        o = event.outcome
        if o == RECLAIMED:
            if special:
                return _("Reclaim {hex}, the {special} hex").format(hex=where, special=special)
            return _("Reclaim {hex}").format(hex=where)
        if o == STEPPED:
            return _("Demolisher steps to {hex}").format(hex=where)
        if o == HIT:
            return _("Demolish {hex} of {player}: first of two hits (Fortified)").format(
                hex=where, player=victim)
        if o == NEUTRALISED:
            return _("Demolish {hex} of {player}: it turns neutral").format(hex=where, player=victim)
        if o == CONVERTED:
            return _("Demolish {hex} of {player}: it becomes yours (Super Demolisher)").format(
                hex=where, player=victim)
        if o == DESTROYED:
            return _("Destroy the demolisher of {player} on {hex}").format(hex=where, player=victim)
        if o == ENDED:
            return _("End the demolisher turn")
        if o == VOIDED:
            return _("Remove {hex} from play (Void Maker)").format(hex=where)
        if o == STRIPPED:
            return _("Strip {hex} of its power, {special} (Special Neutralizer)").format(
                hex=where, special=special)
        return _("Activate Lockdown: skip your next turn, immune until the turn after it")

    def _hex_text(self, h: object) -> str:
        if isinstance(h, tuple) and len(h) == 2 and all(isinstance(v, int) for v in h):
            return self.geo.label(h)  # type: ignore[arg-type]
        return str(h)
