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
from typing import TypeVar

from reclaimdesk.core.i18n import _
from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.layout import (
    PT_PER_MM,
    CardLayout,
    Rect,
    Segment,
    back_slots,
    backs_upside_down,
    crop_marks,
    front_slots,
)
from reclaimdesk.export.pdf import BLACK, WHITE, PdfDocument, Surface

Card = TypeVar("Card")
DrawCard = Callable[[Surface, Card], None]
"""Draws one card (front or back) on a surface the size of the card."""

CROP_MARK_LINE_MM = 0.2
LABEL_SIZE_PT = 5.0


def render_card_sheets(cards: Sequence[Card], draw_front: DrawCard[Card],
                       draw_back: DrawCard[Card] | None, layout: CardLayout = CardLayout(),
                       *, title: str = "") -> bytes:
    """The PDF of ``cards`` imposed by ``layout``: a page of fronts, then the page
    of their backs (placed behind them for duplex printing), and so on.

    ``draw_back`` gets each card too, so cards may have different backs (a
    two-sided card); ``None`` prints fronts only. ``title`` prefixes the tiny
    page labels ("<title> fronts 1/2").
    """
    doc = PdfDocument(title=title, greyscale=layout.page.greyscale)
    add_card_sheets(doc, cards, draw_front, draw_back, layout, title=title)
    return doc.to_bytes()


def add_card_sheets(doc: PdfDocument, cards: Sequence[Card], draw_front: DrawCard[Card],
                    draw_back: DrawCard[Card] | None, layout: CardLayout = CardLayout(),
                    *, title: str = "") -> int:
    """Add the card sheets to ``doc`` (a kit putting rules, boards and cards in one
    file); see :func:`render_card_sheets`. Returns the number of pages added."""
    if not cards:
        raise ExportError(_("there are no cards to print"))
    fronts, backs, marks = front_slots(layout), back_slots(layout), crop_marks(layout)
    paper, bleed = layout.page.paper, layout.bleed_mm
    sheets = -(-len(cards) // len(fronts))
    pages = 0
    for sheet in range(sheets):
        batch = cards[sheet * len(fronts):(sheet + 1) * len(fronts)]
        with doc.page(paper) as page:
            for card, slot in zip(batch, fronts):
                with page.frame(slot, bleed=bleed) as face:
                    draw_front(face, card)
            _draw_crop_marks(page, marks)
            _draw_label(page, fronts, bleed, _("{title} fronts {sheet}/{sheets}").format(
                title=title, sheet=sheet + 1, sheets=sheets).strip())
        pages += 1
        if draw_back is None:
            continue
        with doc.page(paper) as page:
            for card, slot in zip(batch, backs):
                with page.frame(slot, bleed=bleed, upside_down=backs_upside_down(layout)) as face:
                    draw_back(face, card)
            _draw_label(page, backs, bleed, _("{title} backs {sheet}/{sheets}").format(
                title=title, sheet=sheet + 1, sheets=sheets).strip())
        pages += 1
    return pages


def _draw_crop_marks(page: Surface, marks: Sequence[Segment]) -> None:
    """Thin black lines on a white halo, so that they show over a dark outer bleed."""
    for ink, width in ((WHITE, 3 * CROP_MARK_LINE_MM), (BLACK, CROP_MARK_LINE_MM)):
        for m in marks:
            page.line(m.x1, m.y1, m.x2, m.y2, stroke=ink, line_mm=width)


def _draw_label(page: Surface, slots: Sequence[Rect], bleed: float, text: str) -> None:
    """A tiny label left of the grid, reading upwards beside the middle of the top
    row (between crop marks, which sit at the cut lines)."""
    left = min(r.x for r in slots) - bleed
    top_row = max(slots, key=lambda r: (r.top, -r.x))
    cap_height = 0.75 * LABEL_SIZE_PT / PT_PER_MM
    x = max(left - 1.0, cap_height + 1.0)          # keep it on the paper
    page.text(x, top_row.y + top_row.height / 2, text, size_pt=LABEL_SIZE_PT,
              align="centre", angle_deg=90, colour=(0.35, 0.35, 0.35))
