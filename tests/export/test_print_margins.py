"""Every text and mark of every file in ``sheets/`` keeps 6 mm clear of the paper's
edge (the README's promise to home printers), measured on the rendered pages:
the ink of each page, outside the cards' bleed where a file prints bleed, lies
inside the margin, give or take one rendered pixel."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from reclaimdesk.export.kit import kit_files
from reclaimdesk.export.layout import PT_PER_MM

MARGIN_MM = 6.0
SCALE = 3.0
PIXEL_MM = 1 / (SCALE * PT_PER_MM)


def ink_edges_mm(page) -> tuple[float, float, float, float]:
    """(left, bottom, right, top): how far the page's ink stays from each paper edge, in mm."""
    image = page.render(scale=SCALE).to_pil().convert("L")
    box = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    assert box is not None, "a page without ink"
    px = SCALE * PT_PER_MM
    return box[0] / px, (image.height - box[3]) / px, (image.width - box[2]) / px, box[1] / px


@pytest.mark.parametrize("item", kit_files(), ids=lambda f: f.name)
def test_every_text_and_mark_keeps_6_mm_from_the_edge(item):
    doc = pdfium.PdfDocument(item.build())
    for i in range(len(doc)):
        edges = ink_edges_mm(doc[i])
        assert min(edges) >= MARGIN_MM - PIXEL_MM, (item.name, f"page {i + 1}",
                                                     dict(zip(("left", "bottom", "right", "top"), edges)))
