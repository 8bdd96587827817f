"""What to print, and what a game's kit can print: the one options object of
``reclaimdesk print`` and the app's Export PDF dialog (:class:`PrintOptions`), the
declaration of what a kit offers (:class:`KitOffer`), and the check of the one
against the other, written once (:func:`option_problem`), which
:func:`reclaimdesk.export.kit.build_print_pdf` runs before it calls a kit.

No reportlab here: the dialog reads a kit's offer to enable its controls.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reclaimdesk.core.i18n import N_, _

if TYPE_CHECKING:
    from reclaimdesk.core.game import GameState

PARTS: tuple[str, ...] = ("sheets", "cards", "rules", "all")
"""``--what``: blank sheets (and boards), cards (and other pieces to cut), the rules
summary, or the whole kit."""
PAPERS: tuple[str, ...] = ("a4", "letter")
MAP_PARTS: tuple[str, ...] = ("sheets", "all")
"""The parts ``--map`` applies to (the ones with blank sheets or boards)."""
BACK_OFFSET_LIMIT_MM = 20.0
BLEED_LIMIT_MM = 10.0
GUTTER_LIMIT_MM = 10.0

SEAT = "seat"
"""A kit's filled sheet is one seat's sheet (``--seat`` chooses whose)."""
BOARD = "board"
"""A kit's filled sheet is the whole board (every player on it)."""


@dataclass(frozen=True)
class PrintOptions:
    """How to print, as ``reclaimdesk print`` and the app's Export PDF dialog ask
    for it. A game to print filled in is not an option: it is handed to
    :func:`~reclaimdesk.export.kit.build_print_pdf` as a rules state, replayed
    from its record by the caller. :func:`option_problem` refuses what the game's
    kit does not offer, before any kit is called."""

    paper: str = "a4"
    what: str | None = None
    """sheets, cards, rules or all; None: all (or the filled sheet of a game)."""
    map_id: str | None = None
    """The map (or board) of blank sheets; None: every map."""
    greyscale: bool = False
    bleed_mm: float = 0.0
    """Card bleed in mm; 0: none."""
    back_offset: tuple[float, float] = (0.0, 0.0)
    """Card backs moved by (x, y) mm (:func:`parse_back_offset` reads the text "X,Y")."""
    seat: int | None = None
    """With a game: whose sheet, from 1 (default 1), where a kit prints one seat's sheet."""
    ink_saver: bool = False
    """Grey line art on white: no large dark areas (wins over ``greyscale``)."""
    fold_over: bool = False
    """Cards as fold-over pages (fronts above a fold, backs below) for printers without duplex."""
    sheets_per_page: int = 1
    """Player sheets on a page: 1, or 2 smaller ones for a pad where a kit offers it."""
    players: tuple[str, ...] = ()
    """The players' names of a game printed filled in, in seat order, from its record,
    as the app shows them (a role such as "Computer" in the current language).
    Both callers (``print --record`` and the app's Export dialog) pass them, the
    same for one record, so it prints the same bytes from either; none: the sheets
    name the seats by colour or side alone."""
    gutter_mm: float = 0.0
    """Space between neighbouring cards' bleeds, in mm (needs ``bleed_mm``): each card
    is then cut on its own (a trimmer) and keeps its whole bleed, with fewer cards a
    page; 0: neighbours share their cuts and the bleed may be cut down to fit."""

    @property
    def ink(self) -> bool | str:
        """The ink mode of :class:`~reclaimdesk.export.pdf.PdfDocument`: colour,
        greyscale (True) or ``"ink-saver"``."""
        return "ink-saver" if self.ink_saver else self.greyscale


def parse_back_offset(text: str) -> tuple[float, float]:
    """``"X,Y"`` in millimetres (as typed after ``--back-offset``) as a pair; its
    range is checked with the other options (:func:`option_problem`).

    >>> parse_back_offset("1.5,-0.5")
    (1.5, -0.5)
    """
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise ValueError(_("--back-offset needs X,Y in millimetres (e.g. 1.5,-0.5), not '{text}'").format(
            text=text)) from None
    return (x, y)


@dataclass(frozen=True)
class KitOffer:
    """What a game's kit can print besides its parts. The Export dialog disables
    what is not offered (its tooltip says why) and :func:`option_problem` refuses
    it, in words made from this declaration (:data:`WHY_NOT`), never the kit's own."""

    parts: tuple[str, ...] = ()
    """The parts ``--what`` may choose, in :data:`PARTS`' order: filled in by
    :class:`~reclaimdesk.export.kit.GameKit` from the parts it declares."""
    papers: tuple[str, ...] = PAPERS
    maps: tuple[tuple[str, str], ...] = ()
    """``(id, N_-marked label)`` of the maps or boards blank sheets can show; none:
    the kit has one."""
    greyscale: bool = True
    """Greyscale and ink-saver printing."""
    bleed: bool = False
    back_offset: bool = False
    fold_over: bool = False
    gutter: bool = False
    """Cards spaced apart with their full bleed (``--gutter``)."""
    sheets_per_page: tuple[int, ...] = (1,)
    filled: str | None = None
    """None, :data:`SEAT` (one seat's filled sheet) or :data:`BOARD` (the whole board)."""
    cards_as_images: bool = False


WHY_NOT: dict[str, str] = {
    "map": N_("the kit of {game} has only one board or sheet: leave out --map"),
    "bleed": N_("--bleed is for cards; the kit of {game} has none that need it"),
    "back_offset": N_("--back-offset is for cards with backs; the kit of {game} has none"),
    "fold_over": N_("--fold-over is for cards with backs; the kit of {game} has none"),
    "sheets_per_page": N_("the kit of {game} prints one sheet per page"),
    "gutter": N_("--gutter spaces out cards with bleed; the kit of {game} has none to space out"),
    "greyscale": N_("the kit of {game} prints in colour only"),
    "filled": N_("the kit of {game} has no filled sheet to print"),
    "seat": N_("--seat chooses one player's sheet; the kit of {game} prints the whole board"),
    "cards_as_images": N_("the kit of {game} has no cards to write as images"),
    "part": N_("the kit of {game} has no '{part}' to print (it has {parts})"),
}
"""Why a kit lacks an option, by option name, in words that fit every kit."""


def why_not(offer: KitOffer, option: str, game: str, part: str = "") -> str:
    """Why the kit of ``game`` (its name, in the current language) lacks ``option``
    (a name of :data:`WHY_NOT`; ``part`` for the part it lacks)."""
    return _(WHY_NOT[option]).format(game=game, part=part, parts=", ".join(offer.parts))


def offers(offer: KitOffer, option: str) -> bool:
    """Whether the kit offers ``option`` (a name of :data:`WHY_NOT`)."""
    if option == "map":
        return bool(offer.maps)
    if option == "sheets_per_page":
        return len(offer.sheets_per_page) > 1
    if option == "filled":
        return offer.filled is not None
    if option == "seat":
        return offer.filled == SEAT
    if option == "part":
        return bool(offer.parts)
    value: bool = {"greyscale": offer.greyscale, "bleed": offer.bleed, "back_offset": offer.back_offset,
                   "fold_over": offer.fold_over, "cards_as_images": offer.cards_as_images,
                   "gutter": offer.gutter}[option]
    return value


def option_problem(offer: KitOffer, options: PrintOptions, game: str, state: GameState | None = None,
                   game_id: str = "") -> str:
    """The first thing ``options`` ask for that the kit of ``game`` (its name)
    does not offer, as a one-line message ("" when there is none). With
    ``state``, the options print that game filled in (a game of ``game_id``)."""
    o = options
    if o.paper not in offer.papers:
        return _("paper must be one of {choices}, not '{paper}'").format(
            choices=", ".join(offer.papers), paper=o.paper)
    if o.what is not None and o.what not in PARTS:
        return _("--what must be one of {choices}, not '{what}'").format(choices=", ".join(PARTS), what=o.what)
    if o.what is not None and o.what not in offer.parts:
        return why_not(offer, "part", game, o.what)
    if o.map_id is not None and not offer.maps:
        return why_not(offer, "map", game)
    if o.map_id is not None and o.map_id not in {m for m, _label in offer.maps}:
        return _("the kit of {game} has no map '{map}' (choose {choices})").format(
            game=game, map=o.map_id, choices=_(" or ").join(m for m, _label in offer.maps))
    if o.map_id is not None and o.what not in (None, *MAP_PARTS):
        return _("--map chooses the map or board of the sheets; it does not apply to --what {what}").format(
            what=o.what)
    if (o.greyscale or o.ink_saver) and not offer.greyscale:
        return why_not(offer, "greyscale", game)
    if o.bleed_mm and not offer.bleed:
        return why_not(offer, "bleed", game)
    if not math.isfinite(o.bleed_mm) or not 0 <= o.bleed_mm <= BLEED_LIMIT_MM:
        return _("--bleed must be from 0 to 10 mm, not {bleed}").format(bleed=f"{o.bleed_mm:g}")
    if o.gutter_mm and not offer.gutter:
        return why_not(offer, "gutter", game)
    if not math.isfinite(o.gutter_mm) or not 0 <= o.gutter_mm <= GUTTER_LIMIT_MM:
        return _("--gutter must be from 0 to 10 mm, not {gutter}").format(gutter=f"{o.gutter_mm:g}")
    if o.gutter_mm and not o.bleed_mm:
        return _("--gutter spaces out cards cut one by one with their bleed: add --bleed (3 mm is usual)")
    if o.back_offset != (0.0, 0.0) and not offer.back_offset:
        return why_not(offer, "back_offset", game)
    if not all(math.isfinite(v) and abs(v) <= BACK_OFFSET_LIMIT_MM for v in o.back_offset):
        return _("--back-offset {text}: each part must be a number of mm from -20 to 20").format(
            text=",".join(f"{v:g}" for v in o.back_offset))
    if o.fold_over and not offer.fold_over:
        return why_not(offer, "fold_over", game)
    if o.sheets_per_page not in offer.sheets_per_page:
        if len(offer.sheets_per_page) == 1:
            return why_not(offer, "sheets_per_page", game)
        return _("--sheets-per-page must be {choices}, not {n}").format(
            choices=_(" or ").join(str(n) for n in offer.sheets_per_page), n=o.sheets_per_page)
    if state is not None:
        return _filled_problem(offer, options, game, state, game_id)
    if o.seat is not None:
        if offer.filled is None:
            return why_not(offer, "filled", game)
        if offer.filled == BOARD:
            return why_not(offer, "seat", game)
        return _("--seat needs --record")
    return ""


def _filled_problem(offer: KitOffer, options: PrintOptions, game: str, state: GameState, game_id: str) -> str:
    """What stops printing ``state`` filled in with the kit of ``game`` (its name)."""
    o = options
    if offer.filled is None:
        return why_not(offer, "filled", game)
    if state.spec.id != game_id:
        return _("the kit of {game} cannot print a game of '{other}'").format(game=game, other=state.spec.id)
    if o.what not in (None, "sheets"):
        return _("--record prints the sheet or board of that game; leave out --what or use --what sheets")
    if o.map_id is not None:
        return _("--map cannot be combined with --record (the record names its map)")
    if o.seat is not None and offer.filled == BOARD:
        return why_not(offer, "seat", game)
    if o.seat is not None and not 1 <= o.seat <= state.num_players:
        return _("--seat must be from 1 to {count} for this record, not {seat}").format(
            count=state.num_players, seat=o.seat)
    return ""
