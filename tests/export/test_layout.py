"""The print-and-play layout engine: paper sizes, imposition, duplex, bleed, crop
marks, fonts, repeatable output and safe writing, checked both on the layout
model and on the PDF as pdfium renders it."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator

import math

import pypdfium2 as pdfium
import pytest
from PIL import Image

from reclaimdesk.core.errors import ReclaimDeskError
from reclaimdesk.export import (
    A4,
    BLACK,
    LETTER,
    CardLayout,
    ExportError,
    LayoutError,
    PageLayout,
    Rect,
    Surface,
    back_slots,
    card_grid,
    crop_marks,
    front_slots,
    plan_tiles,
    render_card_sheets,
    render_tiled_board,
    write_pdf_atomic,
)
from reclaimdesk.export.fonts import JAPANESE, SANS, font_runs
from reclaimdesk.export.layout import PT_PER_MM, backs_upside_down

SCALE = 2.0                       # render scale: pixels per point
PX_PER_MM = SCALE * PT_PER_MM
TOL_MM = 0.3                      # about one rendered pixel at this scale

LAYOUTS = {
    "a4": CardLayout(),
    "letter": CardLayout(page=PageLayout(LETTER)),
    "a4-bleed": CardLayout(bleed=True),
    "a4-bleed-2mm-offset": CardLayout(bleed=True, bleed_size_mm=2.0, back_offset_mm=(1.5, -0.7)),
    "letter-bleed-gap-grey": CardLayout(page=PageLayout(LETTER, greyscale=True), bleed=True, gap_mm=2.0),
}


# --- helpers ------------------------------------------------------------------------
def pages(pdf: bytes) -> Iterator[pdfium.PdfPage]:
    doc = pdfium.PdfDocument(pdf)
    for i in range(len(doc)):
        yield doc[i]


def render(pdf: bytes, index: int) -> Image.Image:
    doc = pdfium.PdfDocument(pdf)
    return doc[index].render(scale=SCALE).to_pil().convert("RGB")


def pixels(image: Image.Image, rect: Rect, paper_height_mm: float) -> Image.Image:
    """The part of a rendered page inside ``rect`` (page millimetres)."""
    box = (round(rect.x * PX_PER_MM), round((paper_height_mm - rect.top) * PX_PER_MM),
           round(rect.right * PX_PER_MM), round((paper_height_mm - rect.y) * PX_PER_MM))
    return image.crop(box)


def ink_bbox_mm(image: Image.Image, paper_height_mm: float) -> Rect:
    """The bounding box (page mm) of everything near black (not the grey labels)."""
    mask = image.convert("L").point(lambda v: 255 if v < 40 else 0)
    bbox = mask.getbbox()
    assert bbox is not None, "nothing near black was drawn"
    left, upper, right, lower = bbox
    return Rect(left / PX_PER_MM, paper_height_mm - lower / PX_PER_MM,
                (right - left) / PX_PER_MM, (lower - upper) / PX_PER_MM)


def fill_card(colour: tuple[float, float, float]):
    def draw(s: Surface, card: object) -> None:
        s.rect(-s.bleed, -s.bleed, s.width + 2 * s.bleed, s.height + 2 * s.bleed, fill=colour)
    return draw


def nothing(s: Surface, card: object) -> None:
    pass


def approx_rect(a: Rect, b: Rect, tol: float) -> bool:
    return all(abs(p - q) <= tol for p, q in ((a.x, b.x), (a.y, b.y), (a.right, b.right), (a.top, b.top)))


# --- paper and grid -----------------------------------------------------------------
@pytest.mark.parametrize("paper, size_pt", [(A4, (595.2756, 841.8898)), (LETTER, (612.0, 792.0))])
def test_page_sizes_are_exact(paper, size_pt):
    pdf = render_card_sheets(range(3), nothing, nothing, CardLayout(page=PageLayout(paper)))
    for page in pages(pdf):
        w, h = page.get_size()
        assert w == pytest.approx(size_pt[0], abs=1e-3)
        assert h == pytest.approx(size_pt[1], abs=1e-3)
    assert paper.width_pt == pytest.approx(paper.width_mm * 72 / 25.4)


@pytest.mark.parametrize("name", LAYOUTS)
def test_cut_rectangles_are_poker_cards_in_a_centred_grid(name):
    layout = LAYOUTS[name]
    slots = front_slots(layout)
    assert all(r.width == 63.0 and r.height == 88.0 for r in slots)
    left, right = min(r.x for r in slots), max(r.right for r in slots)
    bottom, top = min(r.y for r in slots), max(r.top for r in slots)
    paper = layout.page.paper
    assert left == pytest.approx(paper.width_mm - right)
    assert bottom == pytest.approx(paper.height_mm - top)
    printable = layout.page.printable
    assert printable.x <= left and right <= printable.right
    assert printable.y <= bottom and top <= printable.top
    for a in slots:                       # neighbours' bleed areas never reach a card
        for b in slots:
            if a is not b:
                assert not a.expanded(layout.bleed_mm).overlaps(b)


def test_nine_poker_cards_per_page_on_a4_and_letter():
    assert card_grid(CardLayout()) == (3, 3)
    assert card_grid(CardLayout(page=PageLayout(LETTER))) == (3, 3)
    assert card_grid(CardLayout(bleed=True)) == (2, 3)     # 3 mm bleed needs 201 mm across
    with pytest.raises(LayoutError, match="columns"):
        card_grid(CardLayout(columns=4))
    with pytest.raises(LayoutError):
        CardLayout(rows=0)
    assert issubclass(LayoutError, ExportError) and issubclass(ExportError, ReclaimDeskError)


def test_cut_lines_are_exactly_63_and_88_mm_apart_in_the_pdf():
    layout = CardLayout()
    image = render(render_card_sheets(range(9), nothing, None, layout), 0)
    paper = layout.page.paper
    slots = front_slots(layout)
    # Model: neighbouring cards share cut lines 63 mm / 88 mm apart.
    xs = sorted({m.x1 for m in crop_marks(layout) if m.x1 == m.x2})
    ys = sorted({m.y1 for m in crop_marks(layout) if m.y1 == m.y2})
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([63.0] * 3, abs=1e-9)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([88.0] * 3, abs=1e-9)
    # PDF: the vertical marks above the grid are where the cut lines are.
    top = max(r.top for r in slots)
    row = pixels(image, Rect(0, top + 2, paper.width_mm, 0.5), paper.height_mm).convert("L")
    dark = [x for x in range(row.width) if row.getpixel((x, 0)) < 128]
    centres = [sum(run) / len(run) / PX_PER_MM for run in _runs(dark)]
    assert len(centres) == 4
    assert [b - a for a, b in zip(centres, centres[1:])] == pytest.approx([63.0] * 3, abs=TOL_MM)
    assert centres == pytest.approx(xs, abs=TOL_MM)


def _runs(values: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for v in values:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return runs


# --- crop marks ---------------------------------------------------------------------
@pytest.mark.parametrize("name", LAYOUTS)
def test_crop_marks_lie_outside_the_cards_and_inside_the_printable_area(name):
    layout = LAYOUTS[name]
    slots = front_slots(layout)
    marks = crop_marks(layout)
    assert marks
    room = layout.page.printable
    bleed = layout.bleed_mm
    xs = {round(v, 6) for r in slots for v in (r.x, r.right)}
    ys = {round(v, 6) for r in slots for v in (r.y, r.top)}
    for m in marks:
        assert room.x - 1e-9 <= min(m.x1, m.x2) and max(m.x1, m.x2) <= room.right + 1e-9, m
        assert room.y - 1e-9 <= min(m.y1, m.y2) and max(m.y1, m.y2) <= room.top + 1e-9, m
        assert math.hypot(m.x2 - m.x1, m.y2 - m.y1) >= 1.0 - 1e-9
        if m.x1 == m.x2:               # a vertical cut line continued above or below the cards
            assert round(m.x1, 6) in xs
        else:
            assert m.y1 == m.y2 and round(m.y1, 6) in ys
        seg = Rect(min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1), abs(m.y2 - m.y1))
        for r in slots:                # never over a card or its bleed
            box = r.expanded(bleed)
            inside_x = box.x < seg.x + seg.width / 2 < box.right
            inside_y = box.y < seg.y + seg.height / 2 < box.top
            assert not (inside_x and inside_y), (m, r)
    assert crop_marks(CardLayout(crop_marks=False)) == []


def test_part_filled_pages_have_marks_only_at_their_cards():
    layout = CardLayout()
    slots = front_slots(layout)
    marks = crop_marks(layout, 2)                 # two cards in the top row
    top_row = slots[:2]
    for m in marks:
        if m.x1 == m.x2:
            assert any(abs(m.x1 - v) < 1e-6 for r in top_row for v in (r.x, r.right))
        else:
            assert any(abs(m.y1 - v) < 1e-6 for r in top_row for v in (r.y, r.top))
    assert len(marks) < len(crop_marks(layout))


@pytest.mark.parametrize("name", ["a4", "letter", "a4-bleed"])
def test_nothing_is_drawn_over_a_card_in_the_pdf(name):
    """Cards filled with one grey: every card's interior renders as that grey
    alone (no crop mark, halo or label crosses it), and marks exist outside."""
    layout = LAYOUTS[name]
    paper = layout.page.paper
    grey = (0.5, 0.5, 0.5)
    image = render(render_card_sheets(range(9), fill_card(grey), None, layout, title="test"), 0)
    for slot in front_slots(layout):
        lo, hi = zip(*pixels(image, slot.expanded(-TOL_MM), paper.height_mm).getextrema())
        assert max(hi) - min(lo) <= 2, f"something drawn over the card at {slot}"
    outside = pixels(image, Rect(0, 0, paper.width_mm, paper.height_mm), paper.height_mm)
    assert min(outside.convert("L").getextrema()) < 64          # the black marks are there


# --- duplex backs -------------------------------------------------------------------
@pytest.mark.parametrize("name", LAYOUTS)
def test_backs_are_behind_their_fronts_for_long_edge_duplex(name):
    layout = LAYOUTS[name]
    dx, dy = layout.back_offset_mm
    width = layout.page.paper.width_mm
    fronts, backs = front_slots(layout), back_slots(layout)
    assert len(fronts) == len(backs)
    for front, back in zip(fronts, backs):
        assert width - front.right + dx == pytest.approx(back.x, abs=0.01)
        assert width - front.x + dx == pytest.approx(back.right, abs=0.01)
        assert front.y + dy == pytest.approx(back.y, abs=0.01)
        assert (back.width, back.height) == (front.width, front.height)
    assert not backs_upside_down(layout)


def test_back_of_each_card_is_drawn_in_its_mirrored_slot():
    layout = CardLayout(back_offset_mm=(2.0, -1.0), bleed=True)
    paper = layout.page.paper

    def back(s: Surface, card: int) -> None:     # a different back per card: only card 0 is black
        if card == 0:
            s.rect(0, 0, s.width, s.height, fill=BLACK)

    pdf = render_card_sheets(range(6), nothing, back, layout)
    assert len(pdfium.PdfDocument(pdf)) == 2
    drawn = ink_bbox_mm(render(pdf, 1), paper.height_mm)
    assert approx_rect(drawn, back_slots(layout)[0], TOL_MM)
    assert drawn.x > paper.width_mm / 2                 # front 0 is top left, so its back is top right


def test_short_edge_duplex_mirrors_top_to_bottom_and_turns_the_backs():
    layout = CardLayout(duplex="short-edge")
    height = layout.page.paper.height_mm
    for front, back in zip(front_slots(layout), back_slots(layout)):
        assert back.x == pytest.approx(front.x) and back.y == pytest.approx(height - front.top)
    assert backs_upside_down(layout)


# --- bleed --------------------------------------------------------------------------
def test_bleed_defaults_to_3_mm_when_on_and_0_when_off():
    assert CardLayout(bleed=True).bleed_mm == 3.0
    assert CardLayout().bleed_mm == 0.0
    assert CardLayout(bleed=True, bleed_size_mm=2.0).bleed_mm == 2.0


def test_card_drawing_reaches_exactly_into_the_bleed():
    layout = CardLayout(bleed=True, crop_marks=False)
    seen: list[tuple[float, float, float]] = []

    def front(s: Surface, card: int) -> None:
        seen.append((s.width, s.height, s.bleed))
        if card == 0:                                   # far too big: clipped to the bleed box
            s.rect(-20, -20, s.width + 40, s.height + 40, fill=BLACK)

    image = render(render_card_sheets(range(6), front, None, layout), 0)
    assert seen == [(63.0, 88.0, 3.0)] * 6
    drawn = ink_bbox_mm(image, layout.page.paper.height_mm)
    assert approx_rect(drawn, front_slots(layout)[0].expanded(3.0), TOL_MM)


# --- fonts, colours, repeatability ----------------------------------------------------
BASE14 = re.compile(rb"/BaseFont\s*/(?:[A-Z]{6}\+)?(Helvetica|Times|Courier|Symbol|ZapfDingbats)")


def _objects(pdf: bytes) -> dict[int, bytes]:
    return {int(m.group(1)): m.group(2)
            for m in re.finditer(rb"(?m)^(\d+) 0 obj\b(.*?)endobj", pdf, re.S)}


def test_every_font_is_embedded_and_none_is_base_14():
    def front(s: Surface, card: int) -> None:
        s.text(3, 80, "Alvium アルヴィウム", size_pt=9)
        s.text(3, 70, "Bold ×", size_pt=9, bold=True)

    pdf = render_card_sheets(range(2), front, front, CardLayout(), title="Fonts")
    objects = _objects(pdf)
    fonts = [body for body in objects.values() if re.search(rb"/Type\s*/Font\b", body)]
    assert len(fonts) >= 3                           # Latin, Latin bold, Japanese
    for body in fonts:
        subtype = re.search(rb"/Subtype\s*/(\w+)", body).group(1)
        if subtype == b"Type3":
            continue
        if subtype == b"Type0":                      # composite: look at its descendant
            ref = re.search(rb"/DescendantFonts\s*\[\s*(\d+) 0 R", body).group(1)
            body = objects[int(ref)]
        descriptor = re.search(rb"/FontDescriptor\s+(\d+) 0 R", body)
        assert descriptor, body[:200]
        assert re.search(rb"/FontFile2\s+\d+ 0 R", objects[int(descriptor.group(1))])
    assert not BASE14.search(pdf)
    names = set(re.findall(rb"/BaseFont\s*/[A-Z]{6}\+([\w-]+)", pdf))
    assert names == {b"DejaVuSans", b"DejaVuSans-Bold", b"IPAGothic"}


def test_japanese_falls_back_to_ipa_gothic():
    assert font_runs("Card アルヴィウム 3") == [(SANS, "Card "), (JAPANESE, "アルヴィウム "), (SANS, "3")]


def test_output_is_byte_identical_for_the_same_input():
    def front(s: Surface, card: int) -> None:
        s.rect(2, 2, s.width - 4, s.height - 4, stroke=(0.2, 0.4, 0.8), radius_mm=2)
        s.text(s.width / 2, 10, f"アルヴィウム {card}", align="centre")

    layout = LAYOUTS["a4-bleed-2mm-offset"]
    first = render_card_sheets(range(11), front, nothing, layout, title="Same")
    second = render_card_sheets(range(11), front, nothing, layout, title="Same")
    assert first == second
    assert first != render_card_sheets(range(12), front, nothing, layout, title="Same")


def test_greyscale_prints_no_colour():
    layout = LAYOUTS["letter-bleed-gap-grey"]
    image = render(render_card_sheets(range(2), fill_card((0.9, 0.2, 0.1)), fill_card((0.1, 0.3, 0.9)),
                                      layout), 1)
    r, g, b = image.split()
    assert r.tobytes() == g.tobytes() == b.tobytes()


@pytest.mark.parametrize("name", LAYOUTS)
def test_every_page_renders(name):
    layout = LAYOUTS[name]
    pdf = render_card_sheets(range(20), fill_card((0.3, 0.6, 0.3)), fill_card((0.6, 0.3, 0.3)),
                             layout, title=name)
    sheets = -(-20 // layout.per_page)
    doc = pdfium.PdfDocument(pdf)
    assert len(doc) == 2 * sheets
    for i in range(len(doc)):
        assert doc[i].render(scale=0.3).to_pil().size[0] > 0


def test_no_cards_is_an_error():
    with pytest.raises(ExportError, match="no cards"):
        render_card_sheets([], nothing, nothing)


# --- boards in parts ------------------------------------------------------------------
def test_large_boards_tile_with_overlap_and_render():
    plan = plan_tiles(500, 300, PageLayout(), overlap_mm=10)
    assert (plan.columns, plan.rows) == (2, 2) and plan.page.paper.is_landscape
    printable = plan.page.printable
    for t in plan.tiles:
        assert printable.x <= t.page.x and t.page.right <= printable.right
        assert printable.y <= t.page.y and t.page.top <= printable.top
        assert (t.board.width, t.board.height) == (t.page.width, t.page.height)
    left, right = plan.tile(0, 0).board, plan.tile(1, 0).board
    assert left.x == 0 and right.right == 500 and left.right - right.x >= 10
    upper, lower = plan.tile(0, 0).board, plan.tile(0, 1).board
    assert upper.top == 300 and lower.y == 0 and upper.y <= lower.top - 10
    assert len(plan_tiles(150, 200).tiles) == 1

    def board(s: Surface) -> None:
        s.rect(0, 0, s.width, s.height, stroke=BLACK, fill=(0.9, 0.95, 0.85))
        s.text(s.width / 2, s.height / 2, "アルヴィウム", size_pt=40, align="centre")

    pdf = render_tiled_board(board, 500, 300, name="board")
    assert pdf == render_tiled_board(board, 500, 300, name="board")
    doc = pdfium.PdfDocument(pdf)
    assert len(doc) == 4
    for i in range(len(doc)):
        assert doc[i].get_size()[0] > doc[i].get_size()[1]        # landscape
        doc[i].render(scale=0.3)


# --- writing files --------------------------------------------------------------------
def test_write_pdf_atomic_writes_the_file(tmp_path):
    target = tmp_path / "cards.pdf"
    write_pdf_atomic(target, b"%PDF-first")
    write_pdf_atomic(target, b"%PDF-second")
    assert target.read_bytes() == b"%PDF-second"
    assert os.listdir(tmp_path) == ["cards.pdf"]


def test_write_pdf_atomic_into_a_folder_that_cannot_exist(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_bytes(b"")
    for target in (blocker / "cards.pdf", tmp_path / "missing" / "cards.pdf"):
        with pytest.raises(ExportError, match=re.escape(str(target))):
            write_pdf_atomic(target, b"%PDF-")
    assert os.listdir(tmp_path) == ["not-a-folder"]


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="needs a user that folder permissions apply to")
def test_write_pdf_atomic_into_an_unwritable_folder(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(ExportError, match="locked"):
            write_pdf_atomic(folder / "cards.pdf", b"%PDF-")
        assert os.listdir(folder) == []
    finally:
        folder.chmod(0o700)


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_write_pdf_atomic_failure_leaves_the_old_file_and_no_debris(tmp_path, monkeypatch, failing):
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"old")

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(ExportError, match="the disk is full"):
        write_pdf_atomic(target, b"%PDF-new")
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["cards.pdf"]
