"""What to print, and what a game's kit can print: the one options object of
``reclaimdesk print`` and the app's Export PDF dialog (:class:`PrintOptions`), the
declaration of what a kit offers (:class:`KitOffer`), and the checks of the one
against the other, written once (:func:`option_problem`, :func:`check_options`).

No reportlab here: the dialog reads a kit's offer to enable its controls.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from os import PathLike

from reclaimdesk.core.i18n import N_, _

PARTS: tuple[str, ...] = ("sheets", "cards", "rules", "all")
"""``--what``: blank sheets (and boards), cards (and other pieces to cut), the rules
summary, or the whole kit."""
PAPERS: tuple[str, ...] = ("a4", "letter")

SEAT = "seat"
"""A kit's filled sheet is one seat's sheet (``--seat`` chooses whose)."""
BOARD = "board"
"""A kit's filled sheet is the whole board (every player on it)."""


@dataclass(frozen=True)
class PrintOptions:
    """What to print, as ``reclaimdesk print`` and the app's Export PDF dialog ask
    for it. :func:`check_options` refuses what the game's kit does not offer; the
    kit checks the rest (a record's seats, a map's name) with one-line errors
    (``ValueError`` or :class:`~reclaimdesk.export.errors.ExportError`)."""

    paper: str = "a4"
    what: str | None = None
    """sheets, cards, rules or all; None: all (or the filled sheet with a record or game)."""
    map_id: str | None = None
    """The map (or board) of blank sheets; None: every map."""
    greyscale: bool = False
    bleed_mm: float = 0.0
    """Card bleed in mm; 0: none."""
    back_offset: str | tuple[float, float] = (0.0, 0.0)
    """Card backs moved by (x, y) mm, or the text "X,Y"."""
    record: str | PathLike[str] | None = None
    """A game record file: print its filled sheet."""
    seat: int | None = None
    """With ``record`` or ``game``: whose sheet, from 1 (default 1)."""
    game: object | None = field(default=None, compare=False, repr=False)
    """A running or finished game (its rules state): print its filled sheet."""
    ink_saver: bool = False
    """Grey line art on white: no large dark areas (wins over ``greyscale``)."""
    fold_over: bool = False
    """Cards as fold-over pages (fronts above a fold, backs below) for printers without duplex."""
    sheets_per_page: int = 1
    """Player sheets on a page: 1, or 2 smaller ones for a pad where a kit offers it."""

    @property
    def ink(self) -> bool | str:
        """The ink mode of :class:`~reclaimdesk.export.pdf.PdfDocument`: colour,
        greyscale (True) or ``"ink-saver"``."""
        return "ink-saver" if self.ink_saver else self.greyscale

    def back_offset_mm(self) -> tuple[float, float]:
        """``back_offset`` as two numbers (the text "X,Y" read)."""
        value = self.back_offset
        if isinstance(value, tuple):
            return (float(value[0]), float(value[1]))
        try:
            x, y = (float(p) for p in str(value).split(","))
        except ValueError:
            raise ValueError(_("--back-offset needs X,Y in millimetres, not '{value}'").format(value=value)) from None
        return (x, y)


@dataclass(frozen=True)
class KitOffer:
    """What a game's kit can print. The Export dialog disables what is not offered
    (its tooltip says why) and :func:`check_options` refuses it.

    ``why`` may give the kit's own one-line reason (``N_``-marked) for an option it
    lacks, by option name: ``map``, ``bleed``, ``back_offset``, ``fold_over``,
    ``sheets_per_page``, ``greyscale``, ``filled``, ``seat``, ``cards``, ``sheets``,
    ``rules``, ``cards_as_images``, and ``unknown_map`` (with ``{map}`` and
    ``{choices}``)."""

    parts: tuple[str, ...] = PARTS
    papers: tuple[str, ...] = PAPERS
    maps: tuple[tuple[str, str], ...] = ()
    """``(id, N_-marked label)`` of the maps or boards blank sheets can show; none:
    the kit has one."""
    greyscale: bool = True
    """Greyscale and ink-saver printing."""
    bleed: bool = False
    back_offset: bool = False
    fold_over: bool = False
    sheets_per_page: tuple[int, ...] = (1,)
    filled: str | None = None
    """None, :data:`SEAT` (one seat's filled sheet) or :data:`BOARD` (the whole board)."""
    cards_as_images: bool = False
    why: Mapping[str, str] = field(default_factory=dict)


GENERIC_WHY: dict[str, str] = {
    "map": N_("the {game} kit has one board: leave out --map"),
    "bleed": N_("--bleed is for cards; the {game} kit has none that need it"),
    "back_offset": N_("--back-offset is for cards with backs; the {game} kit has none"),
    "fold_over": N_("--fold-over is for cards with backs; the {game} kit has none"),
    "sheets_per_page": N_("the {game} kit prints one sheet per page"),
    "greyscale": N_("the {game} kit prints in colour only"),
    "filled": N_("the {game} kit has no filled sheet to print"),
    "seat": N_("--seat chooses one player's sheet; the {game} kit prints the whole board"),
    "cards_as_images": N_("the {game} kit has no cards to write as images"),
    "part": N_("the {game} kit has no '{part}' to print"),
}


def why_not(offer: KitOffer, option: str, game: str, part: str = "") -> str:
    """Why the kit of ``game`` (its name, in the current language) lacks ``option``:
    the kit's own reason, else a general one."""
    text = offer.why.get(part if option == "part" and part in offer.why else option)
    if text is None:
        text = GENERIC_WHY[option]
    return _(text).format(game=game, part=part)


def offers(offer: KitOffer, option: str) -> bool:
    """Whether the kit offers ``option`` (a name of :data:`GENERIC_WHY`)."""
    if option == "map":
        return bool(offer.maps)
    if option == "sheets_per_page":
        return len(offer.sheets_per_page) > 1
    if option == "filled":
        return offer.filled is not None
    if option == "seat":
        return offer.filled == SEAT
    return bool(getattr(offer, option))


def option_problem(offer: KitOffer, options: PrintOptions, game: str) -> str:
    """The first thing ``options`` ask for that the kit does not offer, as a
    one-line message ("" when there is none)."""
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
        text = offer.why.get("unknown_map", N_("the {game} kit has no map '{map}' (choose {choices})"))
        return _(text).format(game=game, map=o.map_id, choices=_(" or ").join(m for m, _label in offer.maps))
    if (o.greyscale or o.ink_saver) and not offer.greyscale:
        return why_not(offer, "greyscale", game)
    if o.bleed_mm and not offer.bleed:
        return why_not(offer, "bleed", game)
    if not math.isfinite(o.bleed_mm) or not 0 <= o.bleed_mm <= 10:
        return _("--bleed must be from 0 to 10 mm, not {bleed}").format(bleed=f"{o.bleed_mm:g}")
    if o.back_offset_mm() != (0.0, 0.0) and not offer.back_offset:
        return why_not(offer, "back_offset", game)
    if o.fold_over and not offer.fold_over:
        return why_not(offer, "fold_over", game)
    if o.sheets_per_page not in offer.sheets_per_page:
        if len(offer.sheets_per_page) == 1:
            return why_not(offer, "sheets_per_page", game)
        return _("--sheets-per-page must be {choices}, not {n}").format(
            choices=_(" or ").join(str(n) for n in offer.sheets_per_page), n=o.sheets_per_page)
    if (o.record is not None or o.game is not None) and offer.filled is None:
        return why_not(offer, "filled", game)
    if o.seat is not None and offer.filled is None:
        return why_not(offer, "filled", game)
    if o.seat is not None and offer.filled == BOARD:
        return why_not(offer, "seat", game)
    return ""


def check_options(offer: KitOffer, options: PrintOptions, game: str) -> None:
    """Raise ``ValueError`` with :func:`option_problem`'s message, if any."""
    problem = option_problem(offer, options, game)
    if problem:
        raise ValueError(problem)
