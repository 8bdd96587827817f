"""Card faces as images, as print-on-demand services ask for them: one PNG per
face, the card's trimmed size plus its bleed on every side, at 300 dpi.

Each card is drawn by its kit's own drawing functions onto a PDF page exactly
the size of the card and its bleed, and that page is rendered with pdfium
(already the Export dialog's previewer) and written with Pillow, so an image
shows exactly what the printed kit shows. File names are
``<game>-<nn>-front.png`` and ``<game>-<nn>-back.png``, numbered in the kit's
order of cards.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from reclaimdesk.core.i18n import _
from reclaimdesk.core.files import write_file
from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.layout import CardLayout, PaperSize, Rect
from reclaimdesk.export.options import PrintOptions
from reclaimdesk.export.pdf import PdfDocument

DPI = 300
DEFAULT_BLEED_MM = 3.0
"""The bleed of the images when none is asked for (print shops want some)."""


def card_faces_pdf(cards: Sequence[Any], layout: CardLayout, draw_front: Callable[..., None],
                   draw_back: Callable[..., None]) -> bytes:
    """A PDF of one page per card face (front, back, front, back...), each page
    the card plus its bleed on every side."""
    bleed = layout.bleed_mm
    w, h = layout.card.width_mm + 2 * bleed, layout.card.height_mm + 2 * bleed
    page = PaperSize(layout.card.name, w, h)
    doc = PdfDocument(title=_("card images"), greyscale=layout.page.greyscale)
    for card in cards:
        for draw in (draw_front, draw_back):
            with doc.page(page) as surface:
                with surface.frame(Rect(bleed, bleed, layout.card.width_mm, layout.card.height_mm),
                                   bleed=bleed) as face:
                    draw(face, card)
    return doc.to_bytes()


def write_card_images(game: str, options: PrintOptions, folder: str | os.PathLike[str], dpi: int = DPI) -> list[Path]:
    """Write every card face of ``game``'s kit as a PNG into ``folder`` (made if
    missing); returns the files written. ``options`` give the bleed (3 mm when
    none is asked for) and the ink mode, checked against the kit as for a PDF."""
    import pypdfium2 as pdfium

    from reclaimdesk.export.kit import card_faces_for

    if not options.bleed_mm:
        options = replace(options, bleed_mm=DEFAULT_BLEED_MM)
    cards, layout, (front, back) = card_faces_for(game, options)
    layout = replace(layout, bleed=True, bleed_size_mm=options.bleed_mm)
    pdf = card_faces_pdf(cards, layout, front, back)
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(_("cannot make the folder {folder}: {error}").format(folder=out, error=exc.strerror or exc))
    doc = pdfium.PdfDocument(pdf)
    written: list[Path] = []
    for index in range(len(doc)):
        number, side = divmod(index, 2)
        image = doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
        path = out / f"{game}-{number + 1:02d}-{'front' if side == 0 else 'back'}.png"
        png = io.BytesIO()
        image.save(png, format="PNG", dpi=(dpi, dpi))
        write_file(path, png.getvalue())  # the one writer: a FIFO or a folder there is refused
        written.append(path)
    return written
