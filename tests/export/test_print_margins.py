"""Every text and mark of every file in ``sheets/`` keeps 6 mm clear of the paper's
edge (the README's promise to home printers), measured on the rendered pages:
the ink of each page, outside the cards' bleed where a file prints bleed (the
bleed is cut away), lies inside the margin, give or take one rendered pixel."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from PIL import ImageDraw

from reclaimdesk.core.i18n import using_language
from reclaimdesk.export.kit import kit_files
from reclaimdesk.export.layout import PT_PER_MM, Rect, back_slots, front_slots

MARGIN_MM = 6.0
SCALE = 3.0
PIXEL_MM = 1 / (SCALE * PT_PER_MM)


def ink_edges_mm(page, cut_away: list[Rect] = ()) -> tuple[float, float, float, float]:
    """(left, bottom, right, top): how far the page's ink, outside ``cut_away``
    (cards with their bleed), stays from each paper edge, in mm."""
    image = page.render(scale=SCALE).to_pil().convert("L")
    px = SCALE * PT_PER_MM
    draw = ImageDraw.Draw(image)
    for r in cut_away:
        draw.rectangle((r.x * px, image.height - r.top * px, r.right * px, image.height - r.y * px), fill=255)
    box = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    assert box is not None, "a page without ink"
    return box[0] / px, (image.height - box[3]) / px, (image.width - box[2]) / px, box[1] / px


@pytest.mark.parametrize("item", kit_files(), ids=lambda f: f.name)
def test_every_text_and_mark_keeps_6_mm_from_the_edge(item):
    doc = pdfium.PdfDocument(item.build())
    cut_away: list[Rect] = []
    if item.options.bleed_mm and item.options.what == "cards" and item.kit.card_faces is not None:
        with using_language(item.lang):
            layout = item.kit.card_faces(item.options)[1]
        cut_away = [r.expanded(layout.bleed_mm + 0.1) for r in front_slots(layout) + back_slots(layout)]
    for i in range(len(doc)):
        edges = ink_edges_mm(doc[i], cut_away)
        assert min(edges) >= MARGIN_MM - PIXEL_MM, (item.name, f"page {i + 1}",
                                                     dict(zip(("left", "bottom", "right", "top"), edges)))
