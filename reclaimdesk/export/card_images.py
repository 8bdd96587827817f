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
from dataclasses import dataclass, replace
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
"""The bleed of the generic images when none is asked for (print shops want some)."""
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Shop:
    """A print shop's card template: the image it takes for one face of a poker
    card, bleed included, in pixels at :data:`DPI` (``None``: the generic image,
    the card's own size plus the bleed asked for). A shop's trim is a little larger
    than our 63 x 88 mm card, so the card is drawn at its own size in the middle
    and its background runs on into all the bleed the template leaves."""

    id: str
    name: str
    size_px: tuple[int, int] | None


SHOPS: dict[str, Shop] = {shop.id: shop for shop in (
    Shop("drivethrucards", "DriveThruCards", (825, 1125)),      # 2.5 x 3.5 in with 1/8 in bleed a side
    Shop("makeplayingcards", "MakePlayingCards", (822, 1122)),  # poker size, bleed included
    Shop("generic", "generic", None),
)}
"""``--shop``: the templates the images are made for."""


def face_size_mm(shop: Shop, card_mm: tuple[float, float], bleed_mm: float) -> tuple[float, float]:
    """The size of one face's image in mm (bleed included) for ``shop``.

    >>> [round(v, 3) for v in face_size_mm(SHOPS["drivethrucards"], (63, 88), 0)]
    [69.85, 95.25]
    >>> face_size_mm(SHOPS["generic"], (63.0, 88.0), 3.0)
    (69.0, 94.0)
    """
    if shop.size_px is None:
        return (card_mm[0] + 2 * bleed_mm, card_mm[1] + 2 * bleed_mm)
    return (shop.size_px[0] * MM_PER_INCH / DPI, shop.size_px[1] * MM_PER_INCH / DPI)


def card_faces_pdf(cards: Sequence[Any], layout: CardLayout, draw_front: Callable[..., None],
                   draw_back: Callable[..., None], face_mm: tuple[float, float] | None = None) -> bytes:
    """A PDF of one page per card face (front, back, front, back...), each page
    ``face_mm`` (default: the card plus its bleed on every side) with the card
    in its middle, drawn on into the bleed round it."""
    card_w, card_h = layout.card.width_mm, layout.card.height_mm
    w, h = face_mm or (card_w + 2 * layout.bleed_mm, card_h + 2 * layout.bleed_mm)
    bx, by = (w - card_w) / 2, (h - card_h) / 2
    page = PaperSize(layout.card.name, w, h)
    doc = PdfDocument(title=_("card images"), greyscale=layout.page.greyscale)
    for card in cards:
        for draw in (draw_front, draw_back):
            with doc.page(page) as surface:
                with surface.frame(Rect(bx, by, card_w, card_h), bleed=max(bx, by)) as face:
                    draw(face, card)
    return doc.to_bytes()


def png_bytes(image: Any, dpi: int) -> bytes:
    """``image`` as PNG bytes that depend on its pixels only (no time, no text
    chunks; the same zlib level every run)."""
    png = io.BytesIO()
    image.save(png, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=9)
    return png.getvalue()


def write_card_images(game: str, options: PrintOptions, folder: str | os.PathLike[str], dpi: int = DPI,
                      shop: str = "generic") -> list[Path]:
    """Write every card face of ``game``'s kit as a PNG into ``folder`` (made if
    missing) for ``shop`` (a key of :data:`SHOPS`); returns the files written.
    ``options`` give the ink mode and, for the generic images, the bleed (3 mm
    when none is asked for), checked against the kit as for a PDF. A shop's
    images are exactly its template's pixels; the same input writes the same
    bytes."""
    import pypdfium2 as pdfium

    from reclaimdesk.export.kit import card_faces_for

    if shop not in SHOPS:
        raise ExportError(_("--shop must be one of {choices}, not '{shop}'").format(
            choices=", ".join(SHOPS), shop=shop))
    preset = SHOPS[shop]
    if preset.size_px is not None and options.bleed_mm:
        raise ExportError(_("--shop {shop} sets the bleed of its template: leave out --bleed").format(shop=shop))
    if not options.bleed_mm:
        options = replace(options, bleed_mm=DEFAULT_BLEED_MM)
    cards, layout, (front, back) = card_faces_for(game, options)
    layout = replace(layout, bleed=True, bleed_size_mm=options.bleed_mm)
    face_mm = face_size_mm(preset, (layout.card.width_mm, layout.card.height_mm), options.bleed_mm)
    if preset.size_px is None:           # whole pixels: the bleed grows by less than one
        width_px, height_px = (round(v / MM_PER_INCH * dpi) for v in face_mm)
    else:
        (width_px, height_px), dpi = preset.size_px, DPI
    size_px = (width_px, height_px)
    face_mm = (width_px * MM_PER_INCH / dpi, height_px * MM_PER_INCH / dpi)
    pdf = card_faces_pdf(cards, layout, front, back, face_mm)
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(_("cannot make the folder {folder}: {error}").format(folder=out, error=exc.strerror or exc))
    doc = pdfium.PdfDocument(pdf)
    written: list[Path] = []
    for index in range(len(doc)):
        number, side = divmod(index, 2)
        page = doc[index]
        # pdfium keeps page sizes as 32-bit floats and rounds a page's pixels up:
        # a hair (a millionth) less than dpi/72 keeps that error from adding a column
        image = page.render(scale=dpi / 72 * (1 - 1e-6)).to_pil().convert("RGB")
        if image.size != size_px:
            raise ExportError(f"card image of {image.size[0]} x {image.size[1]} px, not "
                              f"{size_px[0]} x {size_px[1]}")
        path = out / f"{game}-{number + 1:02d}-{'front' if side == 0 else 'back'}.png"
        write_file(path, png_bytes(image, dpi))  # the one writer: a FIFO or a folder there is refused
        written.append(path)
    return written
