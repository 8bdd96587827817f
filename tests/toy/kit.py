"""Toy Nim's print kit: its rules, and the board of a game with the tokens left."""

from __future__ import annotations

from reclaimdesk.export.kit import GameKit
from reclaimdesk.export.layout import PAPER_SIZES
from reclaimdesk.export.options import KitOffer
from reclaimdesk.export.pdf import PdfDocument

from tests.toy import TOY


def _pdf(paper_key: str, text: str) -> bytes:
    doc = PdfDocument(title="Toy Nim")
    with doc.page(PAPER_SIZES[paper_key]) as page:
        page.text(20, 250, text, size_pt=12)
    return doc.to_bytes()


def _rules(options) -> bytes:
    return _pdf(options.paper, "Take one or two tokens; last one wins.")


KIT = GameKit(TOY, parts={"rules": _rules, "all": _rules}, offer=KitOffer(greyscale=False, filled="board"),
              filled=lambda state, options: _pdf(options.paper, f"{state.left} tokens left"))
