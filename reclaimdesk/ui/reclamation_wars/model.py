"""Plain data that Reclamation Wars' items paint, and the words for it.

The controller builds a :class:`BoardView` from the engine's state; the items
only draw it. No Qt here, so it can be built and checked on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reclaimdesk.core.hexgrid import Hex
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.games.reclamation_wars.components import FORTIFIED, SEATS, SPECIAL_KINDS, SPECIAL_NAMES, SUPER

COLOUR_NAMES = (N_("Red"), N_("Blue"), N_("Yellow"))
"""Each seat's colour, as the table and the kit name it."""


def colour_name(seat: int) -> str:
    return _(COLOUR_NAMES[seat])


def special_name(kind: str) -> str:
    return _(SPECIAL_NAMES[kind]) if kind in SPECIAL_NAMES else kind


@dataclass(frozen=True)
class HexView:
    """One hex as the board shows it."""

    hex: Hex
    owner: int | None = None
    """The seat whose territory it is, or None (neutral)."""
    removed: bool = False
    """Taken out of the game by a Void Maker."""
    special: str = ""
    """One of :data:`SPECIAL_KINDS` if this is (or was) a special hex."""
    spent: bool = False
    """A special hex whose power is gone (neutralised, or a used Neutralizer): a plain hex now."""
    hits: int = 0
    """Demolish hits it has taken under Fortified (it falls at two)."""
    fortified: bool = False
    """Its owner holds Fortified: it needs two hits."""
    locked: bool = False
    """Safe under its owner's Lockdown."""
    blocked_by: int | None = None
    """Demolished by this seat's demolisher: nobody may reclaim it before that seat's next turn."""
    start: int | None = None
    """Whose starting hex it is."""


@dataclass(frozen=True)
class DemolisherView:
    seat: int
    hex: Hex
    boosted: bool = False
    """Its owner holds Super Demolisher (three moves, demolishes convert)."""
    locked: bool = False


@dataclass(frozen=True)
class Trail:
    """What one seat did in its latest turn, drawn on the board so it can be followed."""

    seat: int
    kind: str
    """reclaim, demolisher, void, neutralise, lockdown or pass."""
    hexes: tuple[Hex, ...] = ()
    """The hexes the turn changed (reclaimed, demolished, voided, neutralised)."""
    path: tuple[Hex, ...] = ()
    """The demolisher's steps, from where it stood."""


@dataclass(frozen=True)
class HoverView:
    """What a click on ``hex`` would do: ``label`` is a word or two drawn beside it."""

    hex: Hex
    ok: bool
    label: str
    seat: int = 0


@dataclass(frozen=True)
class BoardView:
    """Everything the board shows, as plain data (built by the controller)."""

    radius: int
    hexes: tuple[HexView, ...]
    demolishers: tuple[DemolisherView, ...] = ()
    targets: tuple[Hex, ...] = ()
    """Where a click does something now (lit for the player to move)."""
    target_seat: int = 0
    trails: tuple[Trail, ...] = ()
    hover: HoverView | None = None
    hint: tuple[Hex, ...] = ()
    selected: Hex | None = None
    cursor: Hex | None = None
    winners: tuple[int, ...] = ()
    extra: dict[str, tuple[Hex, ...]] = field(default_factory=dict)


# --- from the engine's state ---------------------------------------------------------------------
def hex_views(state: Any, starts: bool = True) -> tuple[HexView, ...]:
    """Every hex of ``state`` (a ReclamationWarsState) as the board shows it."""
    from reclaimdesk.games.reclamation_wars.state import NEUTRAL, REMOVED

    geo = state.geo
    powers = state.special_hexes()
    spent = state.stripped_hexes()
    blocked = state.blocked_hexes()
    locked = set(state.locked_seats())
    fortified = {s for s in range(SEATS) if state.holds(s, FORTIFIED)}
    start_of = {h: seat for seat, h in enumerate(geo.hexes[i] for i in geo.starts)} if starts else {}
    out = []
    for i, h in enumerate(geo.hexes):
        o = state.owner[i]
        owner = o if o >= 0 else None
        out.append(HexView(
            hex=h, owner=owner, removed=o == REMOVED,
            special=powers.get(h) or spent.get(h, ""), spent=h in spent,
            hits=state.hits[i], fortified=owner in fortified, locked=owner in locked,
            blocked_by=blocked.get(h) if o == NEUTRAL else None, start=start_of.get(h)))
    return tuple(out)


def demolisher_views(state: Any) -> tuple[DemolisherView, ...]:
    locked = set(state.locked_seats())
    out = []
    for seat in range(SEATS):
        h = state.demolisher_hex(seat)
        if h is not None:
            out.append(DemolisherView(seat, h, boosted=state.holds(seat, SUPER), locked=seat in locked))
    return tuple(out)


def demolisher_before(state: Any, k: int) -> Hex:
    """Where the demolisher of the seat playing turn ``k`` (an index in
    ``state.turns``) stood before that turn: its last step in an earlier turn, or
    its starting hex (a demolisher moves only by its own seat's steps)."""
    seat = state.turns[k].seat
    for entry in reversed(state.turns[:k]):
        if entry.seat == seat:
            steps = [ev.action.hex for ev in entry.events if ev.action.kind == "step"]
            if steps:
                return steps[-1]
    return state.geo.hexes[state.geo.starts[seat]]


def trail_of(entry: Any, start: Hex | None) -> Trail:
    """A finished turn (a TurnEntry) as marks on the board; ``start`` is where the
    seat's demolisher stood before it."""
    hexes: list[Hex] = []
    path: list[Hex] = [start] if start is not None else []
    for ev in entry.events:
        a = ev.action
        if a.hex is None:
            continue
        if a.kind == "step":
            path.append(a.hex)
        else:                                   # reclaimed, demolished, destroyed on, removed, stripped
            hexes.append(a.hex)
    if len(path) < 2:
        path = []
    return Trail(entry.seat, entry.kind, tuple(hexes), tuple(path))


TURN_WORDS = {
    "reclaim": N_("reclaimed a hex"),
    "demolisher": N_("moved its demolisher"),
    "void": N_("used the Void Maker"),
    "neutralize": N_("used the Special Neutralizer"),
    "lockdown": N_("locked down"),
    "skipped": N_("sat out this turn (Lockdown)"),
    "passed": N_("passed: there was nothing it could do"),
}


def event_text(ev: Any, geo: Any) -> str:
    """What one action did, in the past tense, naming seats by colour and hexes as
    the board's edge prints them (``geo``: the game's ``Geometry``)."""
    a = ev.action
    where = geo.label(a.hex) if a.hex is not None else ""
    victim = colour_name(ev.victim) if ev.victim is not None and ev.victim >= 0 else ""
    special = special_name(ev.special) if ev.special else ""
    o = ev.outcome
    if o == "reclaimed":
        if special:
            return _("reclaimed {hex}, the {special} hex").format(hex=where, special=special)
        return _("reclaimed {hex}").format(hex=where)
    if o == "stepped":
        return _("stepped to {hex}").format(hex=where)
    if o == "hit":
        return _("hit {hex} of {player} (Fortified: it falls at the second hit)").format(hex=where, player=victim)
    if o == "neutralised":
        return _("demolished {hex} of {player}: it is neutral now").format(hex=where, player=victim)
    if o == "converted":
        return _("took {hex} from {player} (Super Demolisher)").format(hex=where, player=victim)
    if o == "destroyed":
        return _("destroyed the demolisher of {player} on {hex}").format(hex=where, player=victim)
    if o == "ended":
        return _("stopped its demolisher")
    if o == "voided":
        return _("removed {hex} from the game (Void Maker)").format(hex=where)
    if o == "stripped":
        return _("stripped {hex} of its power ({special})").format(hex=where, special=special)
    if o == "locked":
        return _("locked down: its next turn is skipped, its hexes are safe until its turn after that")
    return a.text(geo)


def turn_text(entry: Any, geo: Any) -> str:
    """A whole turn in a line: what kind of turn, then what each action did."""
    parts = [event_text(ev, geo) for ev in entry.events if ev.outcome != "ended"]
    if entry.kind in ("reclaim", "void", "neutralize", "lockdown") and parts:
        return _("; ").join(parts)
    if parts:
        return _("{what}: {details}").format(what=_(TURN_WORDS.get(entry.kind, entry.kind)),
                                              details=_("; ").join(parts))
    return _(TURN_WORDS.get(entry.kind, entry.kind))
