"""Print-and-play export: everything needed to play the games on paper, as PDF.

The only package that uses reportlab. Layouts are data
(:mod:`~reclaimdesk.export.layout`); :mod:`~reclaimdesk.export.cards` imposes
cards on duplex sheets, :mod:`~reclaimdesk.export.tiles` splits large boards over
pages, both drawing through :class:`~reclaimdesk.export.pdf.Surface` in
millimetres with the bundled, embedded fonts (:mod:`~reclaimdesk.export.fonts`).
"""

from reclaimdesk.export.cards import add_card_sheets, render_card_sheets
from reclaimdesk.export.errors import ExportError, LayoutError
from reclaimdesk.export.layout import (
    A4,
    BRIDGE,
    LETTER,
    MINI_EURO,
    PAPER_SIZES,
    POKER,
    TAROT,
    CardLayout,
    CardSize,
    PageLayout,
    PaperSize,
    Rect,
    Segment,
    back_slots,
    card_grid,
    crop_marks,
    front_slots,
)
from reclaimdesk.export.pdf import (
    BLACK,
    WHITE,
    Ink,
    PdfDocument,
    Surface,
    grey_level,
    parse_ink,
    write_pdf_atomic,
)
from reclaimdesk.export.tiles import BoardTile, TilePlan, add_tiled_board, plan_tiles, render_tiled_board

__all__ = [
    "A4", "BLACK", "BRIDGE", "LETTER", "MINI_EURO", "PAPER_SIZES", "POKER", "TAROT", "WHITE",
    "BoardTile", "CardLayout", "CardSize", "ExportError", "Ink", "LayoutError", "PageLayout",
    "PaperSize", "PdfDocument", "Rect", "Segment", "Surface", "TilePlan",
    "add_card_sheets", "add_tiled_board", "back_slots", "card_grid", "crop_marks", "front_slots",
    "grey_level", "parse_ink", "plan_tiles", "render_card_sheets", "render_tiled_board",
    "write_pdf_atomic",
]
