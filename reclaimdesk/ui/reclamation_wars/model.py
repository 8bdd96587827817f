"""Plain data that Reclamation Wars' items paint, and the words for it.

The controller builds a :class:`BoardView` from the engine's state; the items
only draw it. No Qt here, so it can be built and checked on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reclaimdesk.core.hexgrid import Hex, hex_name
from reclaimdesk.core.i18n import N_, _

SEATS = 3

SUPER = "super"
FORTIFIED = "fortified"
VOID = "void"
LONG_RANGE = "longrange"
NEUTRALIZER = "neutralizer"
LOCKDOWN = "lockdown"
SPECIAL_KINDS: tuple[str, ...] = (SUPER, FORTIFIED, VOID, LONG_RANGE, NEUTRALIZER, LOCKDOWN)
"""The six special hexes, in the rule book's order; each is drawn with its own icon."""

SPECIAL_NAMES = {
    SUPER: N_("Super Demolisher"),
    FORTIFIED: N_("Fortified"),
    VOID: N_("Void Maker"),
    LONG_RANGE: N_("Long-range Reclaimer"),
    NEUTRALIZER: N_("Special Neutralizer"),
    LOCKDOWN: N_("Lockdown"),
}
SPECIAL_ICONS = {
    SUPER: N_("star burst"),
    FORTIFIED: N_("brick wall"),
    VOID: N_("spiral"),
    LONG_RANGE: N_("arrow"),
    NEUTRALIZER: N_("cancellation sign"),
    LOCKDOWN: N_("padlock"),
}
SPECIAL_POWERS = {
    SUPER: N_("Your demolisher gets a third move each turn, and a hex it demolishes becomes yours at once "
              "(one hit is enough even against Fortified, but then the hex only turns neutral)."),
    FORTIFIED: N_("Your hexes need two demolish hits to fall; a hit stays marked until the hex changes hands."),
    VOID: N_("As a whole turn, take one hex next to your territory out of the game for good (not a special "
             "hex, not a hex with a demolisher)."),
    LONG_RANGE: N_("You may reclaim a neutral hex two steps away from your territory, not only next to it."),
    NEUTRALIZER: N_("Once, as a whole turn, strip another special hex of its power: it stays with its owner "
                    "as a plain hex. This hex turns plain too once used."),
    LOCKDOWN: N_("As your turn, lock down: you also skip your next turn, and until your turn after that "
                 "your hexes and demolisher are safe from demolishers and special powers. Then wait two "
                 "turns before locking down again."),
}

COLOUR_NAMES = (N_("Red"), N_("Blue"), N_("Yellow"))
"""Each seat's colour, as the table and the kit name it."""
PATTERN_NAMES = (N_("dots"), N_("stripes"), N_("checks"))
"""Each seat's pattern over its hexes, so that the board reads in grey too."""
SYMBOL_NAMES = (N_("circle"), N_("triangle"), N_("square"))
"""Each seat's symbol: the shape of its demolisher token and of its marks."""


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
    from reclaimdesk.games.reclamation_wars.components import FORTIFIED as ENGINE_FORTIFIED

    geo = state.geo
    powers = state.special_hexes()
    spent = state.stripped_hexes()
    blocked = state.blocked_hexes()
    locked = set(state.locked_seats())
    fortified = {s for s in range(SEATS) if state.holds(s, ENGINE_FORTIFIED)}
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
    from reclaimdesk.games.reclamation_wars.components import SUPER as ENGINE_SUPER

    locked = set(state.locked_seats())
    out = []
    for seat in range(SEATS):
        h = state.demolisher_hex(seat)
        if h is not None:
            out.append(DemolisherView(seat, h, boosted=state.holds(seat, ENGINE_SUPER), locked=seat in locked))
    return tuple(out)


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
        elif a.kind != "destroy":
            hexes.append(a.hex)
        else:
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


def event_text(ev: Any) -> str:
    """What one action did, in the past tense, naming seats by colour."""
    a = ev.action
    where = hex_name(a.hex) if a.hex is not None else ""
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
    return str(a)


def turn_text(entry: Any) -> str:
    """A whole turn in a line: what kind of turn, then what each action did."""
    parts = [event_text(ev) for ev in entry.events if ev.outcome != "ended"]
    if entry.kind in ("reclaim", "void", "neutralize", "lockdown") and parts:
        return "; ".join(parts)
    if parts:
        return _("{what}: {details}").format(what=_(TURN_WORDS.get(entry.kind, entry.kind)),
                                              details="; ".join(parts))
    return _(TURN_WORDS.get(entry.kind, entry.kind))
