"""Helpers and checks the game kits' tests share: reading a PDF with pdfium
(texts, page count, where the ink is), the checks every kit's PDF must pass
(paper size, margin, embedded fonts, pages that render, committed files up to
date) and running ``reclaimdesk`` on the command line."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pypdfium2 as pdfium
import pytest

from reclaimdesk.cli import main
from reclaimdesk.export import A4, LETTER, PaperSize
from reclaimdesk.export.kit import SHEETS_DIR, KitFile
from reclaimdesk.export.layout import PT_PER_MM

PAPERS = {"a4": A4, "letter": LETTER}
BASE14 = re.compile(rb"/BaseFont\s*/(Helvetica|Times|Courier|Symbol|ZapfDingbats)")
PIXEL_MM = 1 / PT_PER_MM
"""One pixel at scale 1, in mm: how far ink may stray over a margin."""


# --- reading a PDF ----------------------------------------------------------------------------
def page_texts(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    return [doc[i].get_textpage().get_text_bounded() for i in range(len(doc))]


def page_count(pdf: bytes) -> int:
    return len(pdfium.PdfDocument(pdf))


def ink_box_mm(pdf: bytes, index: int = 0, scale: float = 1.0) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) in page mm of everything not white on a page."""
    image = pdfium.PdfDocument(pdf)[index].render(scale=scale).to_pil().convert("L")
    box = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    assert box is not None
    px = scale * PT_PER_MM
    height = image.height / px
    return box[0] / px, height - box[3] / px, box[2] / px, height - box[1] / px


def pdf_objects(pdf: bytes) -> dict[int, bytes]:
    """The body of each object of an (uncompressed-xref) PDF, by number."""
    return {int(m.group(1)): m.group(2) for m in re.finditer(rb"(?m)^(\d+) 0 obj\b(.*?)endobj", pdf, re.S)}


# --- what every kit's PDF must pass -------------------------------------------------------------
def check_paper_size(pdf: bytes, size: PaperSize) -> None:
    """Every page is exactly ``size``."""
    doc = pdfium.PdfDocument(pdf)
    for i in range(len(doc)):
        w, h = doc[i].get_size()
        assert w == pytest.approx(size.width_mm * PT_PER_MM, abs=1e-3)
        assert h == pytest.approx(size.height_mm * PT_PER_MM, abs=1e-3)


def check_inside_margin(pdf: bytes, size: PaperSize, margin_mm: float, index: int = 0,
                        tol: float = PIXEL_MM) -> None:
    """All the ink of page ``index`` lies inside ``margin_mm`` (give or take ``tol``)."""
    left, bottom, right, top = ink_box_mm(pdf, index)
    assert left >= margin_mm - tol and bottom >= margin_mm - tol, index
    assert right <= size.width_mm - margin_mm + tol and top <= size.height_mm - margin_mm + tol, index


def check_fonts_are_embedded_subsets(pdf: bytes) -> None:
    """Every font is an embedded TrueType subset of DejaVu Sans, or of IPA Gothic
    where a name is written in Japanese (a publisher in the credits); no base-14 font."""
    objects = pdf_objects(pdf)
    fonts = [body for body in objects.values() if re.search(rb"/Type\s*/Font\b", body)]
    assert fonts
    for body in fonts:
        descriptor = re.search(rb"/FontDescriptor\s+(\d+) 0 R", body)
        assert descriptor, body[:200]
        assert re.search(rb"/FontFile2\s+\d+ 0 R", objects[int(descriptor.group(1))])
    assert not BASE14.search(pdf)
    names = set(re.findall(rb"/BaseFont\s*/[A-Z]{6}\+([\w-]+)", pdf))
    assert {b"DejaVuSans", b"DejaVuSans-Bold"} <= names <= {b"DejaVuSans", b"DejaVuSans-Bold", b"IPAGothic"}


def check_every_page_renders(pdf: bytes, greyscale: bool) -> None:
    """Every page renders with some ink on it (and no colour when ``greyscale``);
    the file is under 1 MB."""
    doc = pdfium.PdfDocument(pdf)
    for i in range(len(doc)):
        image = doc[i].render(scale=0.4).to_pil().convert("RGB")
        assert image.getbbox() is not None
        if greyscale:
            r, g, b = image.split()
            assert r.tobytes() == g.tobytes() == b.tobytes()
    assert len(pdf) < 1_000_000


def check_committed_kits(files: Iterable[KitFile]) -> None:
    """Each of ``files`` is in ``sheets/``, under 1 MB and what
    ``python -m reclaimdesk.export.kit`` makes now."""
    for item in files:
        path = SHEETS_DIR / item.name
        assert path.is_file(), f"{path} is missing: run python -m reclaimdesk.export.kit"
        committed = path.read_bytes()
        assert len(committed) < 1_000_000, f"{item.name} is over 1 MB"
        assert committed == item.build(), f"{item.name} is out of date: run python -m reclaimdesk.export.kit"


# --- the command line ---------------------------------------------------------------------------
def run(capsys, *args):
    """``reclaimdesk ARGS``: (exit code, stdout, stderr)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err
