"""Plain data that Reclamation Wars' items paint, and the words for it.

The controller builds a :class:`BoardView` from the engine's state; the items
only draw it. No Qt here, so it can be built and checked on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reclaimdesk.core.hexgrid import Hex
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
