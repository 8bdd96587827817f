"""Page and card layouts as plain data, and the geometry computed from them.

Every length is in millimetres, in page coordinates: origin at the bottom-left
corner of the paper, y upwards (the PDF convention). Nothing here draws;
:mod:`reclaimdesk.export.cards` turns these numbers into pages, so A4 and US
Letter, bleed, crop marks and duplex offsets all go through the same code.

>>> layout = CardLayout()                      # poker cards on A4, no bleed
>>> card_grid(layout)
(3, 3)
>>> front_slots(layout)[0]
Rect(x=10.5, y=192.5, width=63.0, height=88.0)
>>> back_slots(layout)[0]                      # behind front 0 once flipped
Rect(x=136.5, y=192.5, width=63.0, height=88.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

from reclaimdesk.export.errors import LayoutError

PT_PER_MM = 72 / 25.4
"""PDF points (1/72 inch) per millimetre."""


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


@dataclass(frozen=True)
class PaperSize:
    """A sheet of paper, as it lies in the printer (width across, height along)."""

    name: str
    width_mm: float
    height_mm: float

    @property
    def width_pt(self) -> float:
        return mm_to_pt(self.width_mm)

    @property
    def height_pt(self) -> float:
        return mm_to_pt(self.height_mm)

    @property
    def is_landscape(self) -> bool:
        return self.width_mm > self.height_mm

    def landscape(self) -> PaperSize:
        """The same sheet turned on its side (long edge across)."""
        if self.is_landscape:
            return self
        return PaperSize(self.name, self.height_mm, self.width_mm)

    def portrait(self) -> PaperSize:
        """The same sheet upright (short edge across)."""
        return PaperSize(self.name, self.height_mm, self.width_mm) if self.is_landscape else self


A4 = PaperSize("A4", 210.0, 297.0)
LETTER = PaperSize("Letter", 215.9, 279.4)
PAPER_SIZES: dict[str, PaperSize] = {"a4": A4, "letter": LETTER}


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in millimetres (``x``, ``y`` is its bottom-left)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def expanded(self, d: float) -> Rect:
        """Grown by ``d`` on every side (shrunk when ``d`` is negative)."""
        return Rect(self.x - d, self.y - d, self.width + 2 * d, self.height + 2 * d)

    def shifted(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)

    def mirrored_x(self, page_width: float) -> Rect:
        """Reflected left-right across a page ``page_width`` wide."""
        return Rect(page_width - self.right, self.y, self.width, self.height)

    def mirrored_y(self, page_height: float) -> Rect:
        """Reflected top-bottom across a page ``page_height`` high."""
        return Rect(self.x, page_height - self.top, self.width, self.height)

    def overlaps(self, other: Rect) -> bool:
        """Whether the interiors meet (touching edges do not count)."""
        return (self.x < other.right and other.x < self.right
                and self.y < other.top and other.y < self.top)


@dataclass(frozen=True)
class Segment:
    """A straight line from (x1, y1) to (x2, y2), in millimetres."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class PageLayout:
    """The paper, the margin a home printer can be trusted to print inside, and
    whether to save colour ink by printing every colour as a grey."""

    paper: PaperSize = A4
    margin_mm: float = 6.0
    greyscale: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.margin_mm < min(self.paper.width_mm, self.paper.height_mm) / 2:
            raise LayoutError(f"a margin of {self.margin_mm:g} mm does not fit on {self.paper.name} paper")

    @property
    def printable(self) -> Rect:
        """The part of the page inside the margin."""
        m = self.margin_mm
        return Rect(m, m, self.paper.width_mm - 2 * m, self.paper.height_mm - 2 * m)


@dataclass(frozen=True)
class CardSize:
    """The finished (cut) size of a card."""

    name: str
    width_mm: float
    height_mm: float


POKER = CardSize("poker", 63.0, 88.0)
BRIDGE = CardSize("bridge", 57.0, 89.0)
MINI_EURO = CardSize("mini euro", 44.0, 68.0)
TAROT = CardSize("tarot", 70.0, 120.0)

Duplex = Literal["long-edge", "short-edge"]


@dataclass(frozen=True)
class CardLayout:
    """How cards are imposed on sheets: fronts pages, each followed by a backs page.

    ``columns``/``rows`` of ``None`` mean "as many as fit inside the margin"
    (3 x 3 poker cards on A4 or Letter). ``gap_mm`` is the space between the
    bleed areas of neighbouring cards: with no bleed and no gap, neighbours share
    their cut lines (one cut serves two cards). With ``bleed`` on, every card is
    drawn ``bleed_size_mm`` beyond its cut line, so neighbours sit
    ``gap_mm + 2 * bleed_size_mm`` apart. Crop marks continue the cut lines
    outside the grid, ``crop_mark_offset_mm`` away from it.

    ``back_offset_mm`` moves every back by (x, y) mm, x to the right and y up as
    seen when looking at the backs page, to correct a printer whose duplex pass
    lands off the fronts. ``duplex`` is the edge the sheet is flipped on.
    """

    page: PageLayout = PageLayout()
    card: CardSize = POKER
    columns: int | None = None
    rows: int | None = None
    gap_mm: float = 0.0
    bleed: bool = False
    bleed_size_mm: float = 3.0
    crop_marks: bool = True
    crop_mark_mm: float = 5.0
    crop_mark_offset_mm: float = 1.0
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    duplex: Duplex = "long-edge"

    def __post_init__(self) -> None:
        if self.card.width_mm <= 0 or self.card.height_mm <= 0:
            raise LayoutError(f"card size {self.card.width_mm:g} x {self.card.height_mm:g} mm is not a size")
        for name in ("gap_mm", "bleed_size_mm", "crop_mark_mm", "crop_mark_offset_mm"):
            if getattr(self, name) < 0:
                raise LayoutError(f"{name} must not be negative, not {getattr(self, name):g}")
        for name in ("columns", "rows"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise LayoutError(f"{name} must be at least 1, not {value}")
        if self.duplex not in ("long-edge", "short-edge"):
            raise LayoutError(f"duplex must be 'long-edge' or 'short-edge', not {self.duplex!r}")

    @property
    def bleed_mm(self) -> float:
        """How far each card is drawn beyond its cut line: 0 unless ``bleed`` is on."""
        return self.bleed_size_mm if self.bleed else 0.0

    @property
    def per_page(self) -> int:
        columns, rows = card_grid(self)
        return columns * rows


def _fit(count: int | None, card_mm: float, pitch_mm: float, room_mm: float, what: str,
         layout: CardLayout) -> int:
    """How many cards fit along one direction, or a check of the number asked for."""
    most = math.floor((room_mm - card_mm) / pitch_mm + 1e-9) + 1 if room_mm >= card_mm - 1e-9 else 0
    if count is None:
        count = most
    if count < 1 or count > most:
        wanted = max(count, 1)
        need = card_mm + (wanted - 1) * pitch_mm
        raise LayoutError(
            f"{wanted} {what} of {layout.card.width_mm:g} x {layout.card.height_mm:g} mm cards "
            f"(bleed {layout.bleed_mm:g} mm, gap {layout.gap_mm:g} mm) need {need:.1f} mm, but "
            f"{layout.page.paper.name} paper has {room_mm:.1f} mm inside its "
            f"{layout.page.margin_mm:g} mm margin; use fewer {what}, less bleed or a smaller margin")
    return count


def card_grid(layout: CardLayout) -> tuple[int, int]:
    """The (columns, rows) of cards on each sheet; raises :class:`LayoutError`
    when the cards asked for do not fit inside the margin."""
    room = layout.page.printable
    spacing = layout.gap_mm + 2 * layout.bleed_mm
    columns = _fit(layout.columns, layout.card.width_mm, layout.card.width_mm + spacing,
                   room.width, "columns", layout)
    rows = _fit(layout.rows, layout.card.height_mm, layout.card.height_mm + spacing,
                room.height, "rows", layout)
    return columns, rows


def front_slots(layout: CardLayout) -> list[Rect]:
    """The cut rectangle of every card on a fronts page, in reading order (top
    row first, left to right), the grid centred on the paper."""
    columns, rows = card_grid(layout)
    w, h = layout.card.width_mm, layout.card.height_mm
    spacing = layout.gap_mm + 2 * layout.bleed_mm
    grid_w = columns * w + (columns - 1) * spacing
    grid_h = rows * h + (rows - 1) * spacing
    left = (layout.page.paper.width_mm - grid_w) / 2
    top = (layout.page.paper.height_mm + grid_h) / 2
    return [Rect(left + c * (w + spacing), top - h - r * (h + spacing), w, h)
            for r in range(rows) for c in range(columns)]


def backs_mirror_left_right(layout: CardLayout) -> bool:
    """Whether turning the sheet over mirrors it left-right (True) or top-bottom.

    Flipping on the long edge of an upright sheet, or on the short edge of a
    sheet on its side, turns it about a vertical axis.
    """
    upright = not layout.page.paper.is_landscape
    return upright == (layout.duplex == "long-edge")


def backs_upside_down(layout: CardLayout) -> bool:
    """Whether each back must be drawn turned 180 degrees so that a card turned
    over like a book page shows its back upright (top-bottom mirrored sheets)."""
    return not backs_mirror_left_right(layout)


def back_slots(layout: CardLayout) -> list[Rect]:
    """The cut rectangle on the backs page behind each front slot: index ``i`` is
    behind ``front_slots(layout)[i]`` once the sheet is flipped for duplex
    printing, then moved by ``layout.back_offset_mm``."""
    paper = layout.page.paper
    dx, dy = layout.back_offset_mm
    if backs_mirror_left_right(layout):
        mirrored = [r.mirrored_x(paper.width_mm) for r in front_slots(layout)]
    else:
        mirrored = [r.mirrored_y(paper.height_mm) for r in front_slots(layout)]
    return [r.shifted(dx, dy) for r in mirrored]


MIN_CROP_MARK_MM = 1.0
"""A crop mark shorter than this (no room between the cards and the margin) is left out."""


def crop_marks(layout: CardLayout, count: int | None = None) -> list[Segment]:
    """The crop marks of a fronts page holding the first ``count`` cards (None:
    a full page): every cut line of those cards continued outside them, starting
    ``crop_mark_offset_mm`` beyond the cards (so across the outer bleed, which is
    cut away) and ``crop_mark_mm`` long, all inside the printable area (the page
    margin). Where the room between the cards and the margin is short, the
    marks start closer and are shorter; a mark with less than
    :data:`MIN_CROP_MARK_MM` of room is left out. Marks only continue the cut
    lines of cards that are there: a part-filled page has marks at its cards
    only. None when the layout has them off."""
    if not layout.crop_marks or layout.crop_mark_mm <= 0:
        return []
    slots = front_slots(layout)
    if count is not None:
        slots = slots[:max(0, count)]
    if not slots:
        return []
    room = layout.page.printable
    off, length = layout.crop_mark_offset_mm, layout.crop_mark_mm

    def span(start: float, limit: float, sign: int) -> tuple[float, float] | None:
        """A mark from the cards' edge at ``start`` outwards (``sign`` -1: down or
        left) up to ``limit``, the edge of the printable area."""
        gap = (limit - start) * sign
        if gap < MIN_CROP_MARK_MM:
            return None
        o = min(off, 0.3 * gap) if gap < off + length else off
        d = min(length, gap - o)
        if d < MIN_CROP_MARK_MM:
            return None
        a, b = start + sign * o, start + sign * (o + d)
        return (min(a, b), max(a, b))

    eps = 1e-6
    marks: list[Segment] = []
    xs = sorted({round(v, 6) for r in slots for v in (r.x, r.right)})
    ys = sorted({round(v, 6) for r in slots for v in (r.y, r.top)})
    for x in xs:
        touching = [r for r in slots if abs(r.x - x) < eps or abs(r.right - x) < eps]
        low, high = min(r.y for r in touching), max(r.top for r in touching)
        for a_b in (span(low - layout.bleed_mm, room.y, -1), span(high + layout.bleed_mm, room.top, 1)):
            if a_b:
                marks.append(Segment(x, a_b[0], x, a_b[1]))
    for y in ys:
        touching = [r for r in slots if abs(r.y - y) < eps or abs(r.top - y) < eps]
        low, high = min(r.x for r in touching), max(r.right for r in touching)
        for a_b in (span(low - layout.bleed_mm, room.x, -1), span(high + layout.bleed_mm, room.right, 1)):
            if a_b:
                marks.append(Segment(a_b[0], y, a_b[1], y))
    return marks


def fitted_bleed(layout: CardLayout, least_mm: float = 2.0) -> CardLayout:
    """``layout`` with its bleed cut down, when needed, so that as many cards fit
    on a page as without bleed (9 poker cards on A4), provided at least
    ``least_mm`` of bleed remains; otherwise ``layout`` as it is (fewer cards a
    page, each with its full bleed). Only for automatic grids.

    >>> fitted_bleed(CardLayout(bleed=True)).bleed_size_mm     # A4: 9 cards, 2.25 mm
    2.25
    """
    if not layout.bleed or layout.columns is not None or layout.rows is not None:
        return layout
    bare = replace(layout, bleed=False)
    columns, rows = card_grid(bare)
    if (columns, rows) == card_grid(layout):
        return layout
    room = layout.page.printable
    most = []
    for n, card, space in ((columns, layout.card.width_mm, room.width), (rows, layout.card.height_mm, room.height)):
        if n > 1:
            most.append((space - n * card - (n - 1) * layout.gap_mm) / (2 * (n - 1)))
    best = math.floor(min(most + [layout.bleed_size_mm]) * 100 + 1e-9) / 100
    if best < least_mm:
        return layout
    return replace(layout, bleed_size_mm=best)


def fold_over_layout(layout: CardLayout) -> CardLayout:
    """The layout of fold-over sheets (for printers without duplex): the paper on
    its side, one row of fronts above the fold and their backs below it, as if
    the sheet were flipped on its short edge. Fold along the middle, glue, cut.

    >>> fold = fold_over_layout(CardLayout())
    >>> fold.columns, fold.rows, fold.page.paper.is_landscape
    (4, 1, True)
    """
    page = replace(layout.page, paper=layout.page.paper.landscape())
    flat = replace(layout, page=page, columns=None, rows=1, duplex="long-edge")
    columns, _rows = card_grid(flat)
    return replace(flat, columns=columns)


def fold_over_slots(layout: CardLayout) -> tuple[list[Rect], list[Rect], float]:
    """(front slots, back slots, fold line's y) of a fold-over page of ``layout``
    (from :func:`fold_over_layout`): fronts above the fold, each back straight
    below its front, mirrored across the fold (drawn upside down). With no
    bleed the fold is the cards' edge; with bleed, the bleeds meet at it."""
    paper = layout.page.paper
    fold = paper.height_mm / 2
    h = layout.card.height_mm
    gap = layout.bleed_mm
    fronts = [Rect(r.x, fold + gap, r.width, h) for r in front_slots(layout)]
    dx, dy = layout.back_offset_mm
    backs = [Rect(r.x + dx, fold - gap - h + dy, r.width, h) for r in fronts]
    return fronts, backs, fold
