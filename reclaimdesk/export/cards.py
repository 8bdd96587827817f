"""Card sheets: cards imposed on pages of fronts, each followed by its page of backs.

A game kit supplies the cards (any objects) and two callbacks that draw one card
on a :class:`~reclaimdesk.export.pdf.Surface` the size of the card, in
millimetres from its bottom-left corner. The callbacks may draw up to
``surface.bleed`` beyond the card's edges (and should, for full-colour cards);
everything further out is clipped. The layout decides the rest.

>>> from reclaimdesk.export.pdf import BLACK
>>> def front(s, n):
...     s.rect(0, 0, s.width, s.height, stroke=BLACK)
...     _ = s.text(s.width / 2, s.height / 2, f"card {n}", align="centre")
>>> pdf = render_card_sheets(range(12), front, lambda s, n: None, CardLayout())
>>> pdf.count(b"/Type /Page\\n")                  # fronts, backs, fronts, backs
4
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from reclaimdesk.core.i18n import _
from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.layout import (
    MIN_CROP_MARK_MM,
    CardLayout,
    Rect,
    Segment,
    back_slots,
    backs_upside_down,
    crop_marks,
    fold_over_layout,
    fold_over_slots,
    front_slots,
)
from reclaimdesk.export.pdf import (
    BLACK,
    FOOTER_BASELINE_MM,
    FOOTER_PT,
    WHITE,
    FooterSpot,
    PdfDocument,
    Surface,
)

Card = TypeVar("Card")
DrawCard = Callable[[Surface, Card], None]
"""Draws one card (front or back) on a surface the size of the card."""
DrawFaces = tuple[Callable[[Surface, Any], None], Callable[[Surface, Any], None]]
"""A kit's (front, back) drawings of its cards."""

CROP_MARK_LINE_MM = 0.2
FOOTER_TOP_MM = FOOTER_BASELINE_MM + 2.4
"""The top of a page footer's capitals: cards (with their bleed) below this leave no room for it."""


def render_card_sheets(cards: Sequence[Card], draw_front: DrawCard[Card],
                       draw_back: DrawCard[Card] | None, layout: CardLayout = CardLayout(),
                       *, title: str = "", fold_over: bool = False) -> bytes:
    """The PDF of ``cards`` imposed by ``layout``: a page of fronts, then the page
    of their backs (placed behind them for duplex printing), and so on; with
    ``fold_over``, pages to fold instead (see :func:`add_card_sheets`).

    ``draw_back`` gets each card too, so cards may have different backs (a
    two-sided card); ``None`` prints fronts only. ``title`` starts each page's
    note ("<title> fronts 1/2").
    """
    doc = PdfDocument(title=title, greyscale=layout.page.greyscale)
    add_card_sheets(doc, cards, draw_front, draw_back, layout, title=title, fold_over=fold_over)
    return doc.to_bytes()


def sheet_capacity(layout: CardLayout, fold_over: bool = False) -> int:
    """How many cards one page (or, duplex, one sheet) of ``layout`` holds."""
    return fold_over_layout(layout).per_page if fold_over else layout.per_page


def empty_slots(count: int, layout: CardLayout, fold_over: bool = False) -> int:
    """How many places ``count`` cards leave free on their last page: a kit fills
    them with reference cards rather than print an empty space."""
    per = sheet_capacity(layout, fold_over)
    return -count % per


def card_page_count(count: int, layout: CardLayout, *, backs: bool = True, fold_over: bool = False) -> int:
    """The pages :func:`add_card_sheets` adds for ``count`` cards."""
    sheets = -(-count // sheet_capacity(layout, fold_over))
    return sheets if fold_over or not backs else 2 * sheets


def add_card_sheets(doc: PdfDocument, cards: Sequence[Card], draw_front: DrawCard[Card],
                    draw_back: DrawCard[Card] | None, layout: CardLayout = CardLayout(),
                    *, title: str = "", fold_over: bool = False) -> int:
    """Add the card sheets to ``doc`` (a kit putting rules, boards and cards in one
    file); see :func:`render_card_sheets`. Returns the number of pages added.

    With ``fold_over`` (for printers without duplex) each page holds one row of
    fronts above a fold line and their backs below it, turned so that folding
    the sheet along the line puts every back behind its front."""
    if not cards:
        raise ExportError(_("there are no cards to print"))
    if fold_over and draw_back is not None:
        return _add_fold_over(doc, cards, draw_front, draw_back, layout, title)
    fronts, backs = front_slots(layout), back_slots(layout)
    paper, bleed = layout.page.paper, layout.bleed_mm
    sheets = -(-len(cards) // len(fronts))
    if draw_back is not None:
        doc.double_sided = True
    pages = 0
    for sheet in range(sheets):
        batch = cards[sheet * len(fronts):(sheet + 1) * len(fronts)]
        spot = footer_spot(layout, fronts[:len(batch)])
        note = (_("{title}: fronts {sheet} of {sheets}").format(title=title, sheet=sheet + 1, sheets=sheets)
                if draw_back is not None else
                _("{title}: sheet {sheet} of {sheets}").format(title=title, sheet=sheet + 1, sheets=sheets))
        with doc.page(paper, spot, note=note) as page:
            for card, slot in zip(batch, fronts):
                with page.frame(slot, bleed=bleed) as face:
                    draw_front(face, card)
            draw_crop_marks(page, clear_of_footer(crop_marks(layout, len(batch)), spot))
        pages += 1
        if draw_back is None:
            continue
        spot = footer_spot(layout, backs[:len(batch)])
        note = _("{title}: backs {sheet} of {sheets}").format(title=title, sheet=sheet + 1, sheets=sheets)
        with doc.page(paper, spot, note=note) as page:
            for card, slot in zip(batch, backs):
                with page.frame(slot, bleed=bleed, upside_down=backs_upside_down(layout)) as face:
                    draw_back(face, card)
        pages += 1
    return pages


def _add_fold_over(doc: PdfDocument, cards: Sequence[Card], draw_front: DrawCard[Card],
                   draw_back: DrawCard[Card], layout: CardLayout, title: str) -> int:
    fold = fold_over_layout(layout)
    fronts, backs, fold_y = fold_over_slots(fold)
    paper, bleed = fold.page.paper, fold.bleed_mm
    sheets = -(-len(cards) // len(fronts))
    for sheet in range(sheets):
        batch = cards[sheet * len(fronts):(sheet + 1) * len(fronts)]
        used = fronts[:len(batch)] + backs[:len(batch)]
        note = _("{title}: fold-over sheet {sheet} of {sheets}").format(title=title, sheet=sheet + 1,
                                                                          sheets=sheets)
        with doc.page(paper, footer_spot(fold, used), note=note) as page:
            for card, front, back in zip(batch, fronts, backs):
                with page.frame(front, bleed=bleed) as face:
                    draw_front(face, card)
                with page.frame(back, bleed=bleed, upside_down=True) as face:
                    draw_back(face, card)
            _draw_fold_over_marks(page, fold, fronts[:len(batch)], backs[:len(batch)], fold_y)
    return sheets


def _draw_fold_over_marks(page: Surface, layout: CardLayout, fronts: Sequence[Rect], backs: Sequence[Rect],
                          fold_y: float) -> None:
    """Crop marks round both rows, and the fold line dashed out to either side."""
    room = layout.page.printable
    left, right = min(r.x for r in fronts), max(r.right for r in fronts)
    marks: list[Segment] = []
    ext = layout.bleed_mm + 1.0
    for x in sorted({round(v, 6) for r in fronts for v in (r.x, r.right)}):
        top = max(r.top for r in fronts) + ext
        bottom = min(r.y for r in backs) - ext
        if room.top - top >= 1.0:
            marks.append(Segment(x, top, x, min(top + 5.0, room.top)))
        if bottom - room.y >= 1.0:
            marks.append(Segment(x, max(bottom - 5.0, room.y), x, bottom))
    for y in sorted({round(v, 6) for r in [*fronts, *backs] for v in (r.y, r.top)}):
        if left - ext - room.x >= 1.0:
            marks.append(Segment(max(left - ext - 5.0, room.x), y, left - ext, y))
        if room.right - right - ext >= 1.0:
            marks.append(Segment(right + ext, y, min(right + ext + 5.0, room.right), y))
    draw_crop_marks(page, marks)
    for x1, x2 in ((max(room.x, left - ext - 12.0), left - ext), (right + ext, min(room.right, right + ext + 12.0))):
        if x2 - x1 > 2:
            page.line(x1, fold_y, x2, fold_y, stroke=BLACK, line_mm=0.3, dash=(1.5, 1.0))
    page.text(room.x + 0.5, fold_y + 1.2, _("fold"), size_pt=FOOTER_PT, colour=BLACK)


def footer_spot(layout: CardLayout, slots: Sequence[Rect]) -> FooterSpot | None:
    """Where a card page's footer goes: along the bottom when the cards leave
    room there (None: the default place), else up the left side beside them."""
    if not slots:
        return None
    bleed = layout.bleed_mm
    if min(r.y for r in slots) - bleed >= FOOTER_TOP_MM:
        return None
    left = min(r.x for r in slots) - bleed
    cap = 0.75 * FOOTER_PT / 72 * 25.4
    x = left - 0.9
    if x - cap < layout.page.margin_mm:
        raise ExportError("the cards leave no room for the page footer inside the margin")
    return (x, layout.page.paper.height_mm / 2, 90.0, "centre")


FOOTER_CLEARANCE_MM = 0.6
"""How far crop marks keep above a footer along the bottom of the page."""


def clear_of_footer(marks: Sequence[Segment], spot: FooterSpot | None) -> list[Segment]:
    """``marks`` with what would cross a footer along the bottom of the page (``spot``
    None) cut away: marks running down into it end above it, those lying in it go
    (a mark left shorter than :data:`~reclaimdesk.export.layout.MIN_CROP_MARK_MM`
    too: the same cut line keeps its mark at the top of the page).

    >>> clear_of_footer([Segment(10, 7, 10, 12), Segment(4, 8, 9, 8)], None)
    [Segment(x1=10, y1=9.8, x2=10, y2=12)]
    """
    if spot is not None:
        return list(marks)
    floor = round(FOOTER_TOP_MM + FOOTER_CLEARANCE_MM, 6)
    kept: list[Segment] = []
    for m in marks:
        low, high = min(m.y1, m.y2), max(m.y1, m.y2)
        if low >= floor:
            kept.append(m)
        elif m.x1 == m.x2 and high - floor >= MIN_CROP_MARK_MM:
            kept.append(Segment(m.x1, floor, m.x2, high))
    return kept


def draw_crop_marks(page: Surface, marks: Sequence[Segment]) -> None:
    """Thin black lines on a white halo, so that they show over a dark outer bleed."""
    for ink, width in ((WHITE, 3 * CROP_MARK_LINE_MM), (BLACK, CROP_MARK_LINE_MM)):
        for m in marks:
            page.line(m.x1, m.y1, m.x2, m.y2, stroke=ink, line_mm=width)


# --- the duplex test sheet ----------------------------------------------------------------------
SCALE_MM = 4
"""The duplex test's scales run from -SCALE_MM to +SCALE_MM."""


def add_duplex_test(doc: PdfDocument, layout: CardLayout, command: str) -> int:
    """Two pages to print double-sided before the cards: a cross at the middle of
    every card place on the first, and on the second, behind each, two scales in
    millimetres. Held against the light, the scales read where the cross landed:
    the ``--back-offset`` to print the cards with (``command`` is the kit's print
    command, shown in the instructions). Returns the pages added (2)."""
    fronts, backs = front_slots(layout), back_slots(layout)
    paper = layout.page.paper
    doc.double_sided = True
    note = _("duplex test, side 1")
    text_slot = 1 if len(fronts) > 1 else 0
    with doc.page(paper, footer_spot(layout, fronts), note=note) as page:
        for k, r in enumerate(fronts):
            if k == text_slot and len(fronts) > 1:
                continue
            cx, cy = r.x + r.width / 2, r.y + r.height / 2
            page.line(cx - 7, cy, cx + 7, cy, stroke=BLACK, line_mm=0.25)
            page.line(cx, cy - 7, cx, cy + 7, stroke=BLACK, line_mm=0.25)
            page.circle(cx, cy, 2.0, stroke=BLACK, line_mm=0.2)
        _duplex_text(page, fronts[text_slot], [
            _("DUPLEX TEST, side 1"),
            _("Print this page and the next double-sided, flipping on the long edge, as you will print the cards."),
        ])
        draw_crop_marks(page, clear_of_footer(crop_marks(layout), footer_spot(layout, fronts)))
    note = _("duplex test, side 2")
    with doc.page(paper, footer_spot(layout, backs), note=note) as page:
        for k, r in enumerate(backs):
            if k != text_slot or len(backs) == 1:
                _draw_scales(page, r.x + r.width / 2, r.y + r.height / 2)
        _duplex_text(page, backs[text_slot], [
            _("DUPLEX TEST, side 2"),
            _("Hold the sheet against a light with this side towards you. On each pair of scales, read where "
              "the cross from side 1 shows through: X across (right is +), Y up and down (up is +)."),
            _("Up to 1.5 mm off: print the cards as they are; their backs have no border to show it."),
            _("Further off: set your printer's shift for the back side (the driver may call it duplex "
              "alignment, image shift or registration) by X and Y, or print the cards-bleed file (3 mm of "
              "bleed hides 3 mm) or the fold-over file from sheets/. With the app: {command} "
              "--back-offset=X,Y.").format(command=command),
        ])
    return 2


def _duplex_text(page: Surface, slot: Rect, paragraphs: Sequence[str]) -> None:
    from reclaimdesk.export.kit_pages import wrap

    y = slot.top - 8
    for k, text in enumerate(paragraphs):
        for line in wrap(text, slot.width - 8, 9 if k else 10, bold=k == 0):
            page.text(slot.x + 4, y, line, size_pt=9 if k else 10, bold=k == 0)
            y -= 4.2
        y -= 1.5


def _draw_scales(page: Surface, cx: float, cy: float) -> None:
    """Two scales crossing at (cx, cy): ticks every half millimetre, longer every
    millimetre and every 2; the ends say how far they reach and which way is +."""
    n = SCALE_MM
    page.line(cx - n - 0.5, cy, cx + n + 0.5, cy, stroke=BLACK, line_mm=0.15)
    page.line(cx, cy - n - 0.5, cx, cy + n + 0.5, stroke=BLACK, line_mm=0.15)
    for k in range(-2 * n, 2 * n + 1):
        v = k / 2
        long = 2.0 if k % 4 == 0 else 1.3 if k % 2 == 0 else 0.7
        page.line(cx + v, cy - long / 2, cx + v, cy + long / 2, stroke=BLACK, line_mm=0.1)
        page.line(cx - long / 2, cy + v, cx + long / 2, cy + v, stroke=BLACK, line_mm=0.1)
    page.text(cx + n + 1.2, cy - 0.9, f"+{n} X", size_pt=7)
    page.text(cx - n - 1.2, cy - 0.9, f"\u2212{n}", size_pt=7, align="right")
    page.text(cx, cy + n + 1.3, f"+{n} Y", size_pt=7, align="centre")
    page.text(cx, cy - n - 3.4, f"\u2212{n}", size_pt=7, align="centre")
