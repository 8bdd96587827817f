"""What a print-and-play player checks by eye, measured on the PDFs themselves
(read back with pdfium): how close anything on a card comes to its cut line,
the smallest type, crop marks and ink inside the printable area, pages with
nothing on them, and the covers' checklists against the components the game
engines know."""

from __future__ import annotations

import ctypes
import math
import re
from functools import lru_cache

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from PIL import ImageDraw

from reclaimdesk.export.claim_control_kit import claim_control_all_pdf
from reclaimdesk.export.kit import kit_files, kits
from reclaimdesk.export.layout import (
    A4,
    LETTER,
    PT_PER_MM,
    CardLayout,
    PageLayout,
    Rect,
    back_slots,
    fold_over_layout,
    fold_over_slots,
    front_slots,
)
from reclaimdesk.export.pdf import FOOTER_BAND_MM
from reclaimdesk.export.reclaim_kit import reclaim_all_pdf, reclaim_cards_pdf, reclaim_sheets_pdf
from reclaimdesk.export.the_reclamation_kit import (
    TOKEN_COLUMNS,
    TOKEN_ROWS,
    printed_cards,
    the_reclamation_all_pdf,
    the_reclamation_cards_pdf,
    the_reclamation_stones_pdf,
    token_layout,
)
from reclaimdesk.games.claim_control import PIECES_PER_PLAYER
from reclaimdesk.games.claim_control.board import SQUARES_ON_BOARD
from reclaimdesk.games.reclaim.components import load_cards
from reclaimdesk.games.the_reclamation.components import CARD_COUNT
from reclaimdesk.games.the_reclamation.state import STONES

from .kit_checks import page_texts

SAFE_MM = 3.0
MARGIN_MM = 6.0
MIN_PT = 7.0
PAPERS = {"a4": A4, "letter": LETTER}
INKS = (False, True, "ink-saver")


@lru_cache(maxsize=None)
def kit(game: str, paper: str, ink: bool | str = False) -> bytes:
    build = {"reclaim": reclaim_all_pdf, "the-reclamation": the_reclamation_all_pdf,
             "claim-control": claim_control_all_pdf}[game]
    return build(paper, ink)


# --- reading the PDF's objects -------------------------------------------------------------------
def objects(page: pdfium.PdfPage):
    """(type, (left, bottom, right, top) in mm, font size in pt or None) of every
    text and path object on a page, forms' contents included."""
    scales: dict[int, float] = {}
    for obj in page.get_objects(max_depth=4):
        a, b, _c, _d, _e, _f = obj.get_matrix().get()
        own = math.hypot(a, b)
        parent = scales.get(obj.level - 1, 1.0) if obj.level else 1.0
        if obj.type == raw.FPDF_PAGEOBJ_FORM:
            scales[obj.level] = own * parent
            continue
        if obj.type not in (raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_PATH):
            continue
        size = None
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            value = ctypes.c_float()
            raw.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(value))
            size = value.value * own * parent
        left, bottom, right, top = (v / PT_PER_MM for v in obj.get_pos())
        if obj.level:
            left, bottom, right, top = (v * parent for v in (left, bottom, right, top))
        yield obj.type, (left, bottom, right, top), size


def smallest_type(pdf: bytes) -> float:
    doc = pdfium.PdfDocument(pdf)
    sizes = [size for i in range(len(doc)) for kind, _box, size in objects(doc[i]) if size is not None]
    return min(sizes)


def nearest_to_cut(page: pdfium.PdfPage, slots: list[Rect]) -> float:
    """The least distance (mm) from anything drawn on a card to that card's cut
    line; a ground that covers the whole card (to its bleed) does not count."""
    boxes = [box for _kind, box, _size in objects(page)]
    nearest = math.inf
    for slot in slots:
        for left, bottom, right, top in boxes:
            cx, cy = (left + right) / 2, (bottom + top) / 2
            if not (slot.x < cx < slot.right and slot.y < cy < slot.top):
                continue
            if right - left >= slot.width - 0.01 and top - bottom >= slot.height - 0.01:
                continue                                   # the card's ground, to the edge
            nearest = min(nearest, left - slot.x, slot.right - right, bottom - slot.y, slot.top - top)
    return nearest


# --- cards: a safe zone and no frame line near the cut ---------------------------------------------
CARD_CASES = {
    "reclaim-a4": (lambda ink: reclaim_cards_pdf(CardLayout(page=PageLayout(A4, greyscale=ink))), CardLayout()),
    "reclaim-letter-bleed": (lambda ink: reclaim_cards_pdf(CardLayout(page=PageLayout(LETTER, greyscale=ink),
                                                                       bleed=True)),
                             CardLayout(page=PageLayout(LETTER), bleed=True)),
    "reclamation-a4": (lambda ink: the_reclamation_cards_pdf(CardLayout(page=PageLayout(A4, greyscale=ink))),
                       CardLayout()),
    "stones-a4": (lambda ink: the_reclamation_stones_pdf(token_layout(PageLayout(A4, greyscale=ink))),
                  token_layout(PageLayout(A4))),
}


@pytest.mark.parametrize("ink", INKS)
@pytest.mark.parametrize("case", CARD_CASES)
def test_nothing_on_a_card_comes_within_3_mm_of_its_cut(case, ink):
    build, layout = CARD_CASES[case]
    doc = pdfium.PdfDocument(build(ink))
    for i in range(len(doc)):
        slots = front_slots(layout) if i % 2 == 0 else back_slots(layout)
        assert nearest_to_cut(doc[i], slots) >= SAFE_MM - 0.05, (case, ink, i)


def test_fold_over_cards_keep_the_safe_zone_too():
    layout = fold_over_layout(CardLayout())
    fronts, backs, _fold = fold_over_slots(layout)
    doc = pdfium.PdfDocument(reclaim_cards_pdf(CardLayout(), fold_over=True))
    assert len(doc) == 8                                     # 30 cards and 2 aids, 4 a page
    for i in range(len(doc)):
        assert nearest_to_cut(doc[i], fronts + backs) >= SAFE_MM - 0.05, i


# --- type ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("item", kit_files(), ids=lambda f: f.name)
def test_no_type_below_7_pt_in_the_committed_kits(item):
    assert smallest_type(item.build()) >= MIN_PT - 0.01


@pytest.mark.parametrize("ink", INKS[1:])
@pytest.mark.parametrize("game", ("reclaim", "the-reclamation", "claim-control"))
def test_no_type_below_7_pt_in_grey_and_ink_saver(game, ink):
    assert smallest_type(kit(game, "letter", ink)) >= MIN_PT - 0.01


def test_no_type_below_7_pt_on_two_sheets_a_page():
    assert smallest_type(reclaim_sheets_pdf("a4", per_page=2)) >= MIN_PT - 0.01


# --- the printable area ------------------------------------------------------------------------------
def ink_outside(pdf: bytes, index: int, covered: list[Rect], scale: float = 1.0):
    """(left, bottom, right, top) mm of the ink of a page outside ``covered``
    (cards and their bleed), or None."""
    page = pdfium.PdfDocument(pdf)[index]
    image = page.render(scale=scale).to_pil().convert("L")
    px = scale * PT_PER_MM
    height_mm = image.height / px
    draw = ImageDraw.Draw(image)
    for r in covered:
        draw.rectangle((r.x * px, (height_mm - r.top) * px, r.right * px, (height_mm - r.y) * px), fill=255)
    box = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    if box is None:
        return None
    return box[0] / px, height_mm - box[3] / px, box[2] / px, height_mm - box[1] / px


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", ("reclaim", "the-reclamation", "claim-control"))
def test_every_page_keeps_6_mm_clear_of_the_paper_edge(game, paper):
    pdf = kit(game, paper)
    size = PAPERS[paper]
    tol = 1 / PT_PER_MM
    for i in range(len(pdfium.PdfDocument(pdf))):
        box = ink_outside(pdf, i, [])
        assert box is not None
        left, bottom, right, top = box
        assert left >= MARGIN_MM - tol and bottom >= MARGIN_MM - tol, (game, paper, i, box)
        assert right <= size.width_mm - MARGIN_MM + tol and top <= size.height_mm - MARGIN_MM + tol, (i, box)


@pytest.mark.parametrize("paper", PAPERS)
def test_with_bleed_only_the_cards_reach_into_the_margin(paper):
    """Crop marks, footers and notes stay inside the margin; only a card's
    bleed (cut away) may go further."""
    layout = CardLayout(page=PageLayout(PAPERS[paper]), bleed=True)
    pdf = reclaim_cards_pdf(layout)
    size = PAPERS[paper]
    tol = 1 / PT_PER_MM
    for i in range(len(pdfium.PdfDocument(pdf))):
        slots = front_slots(layout) if i % 2 == 0 else back_slots(layout)
        box = ink_outside(pdf, i, [s.expanded(layout.bleed_mm + 0.2) for s in slots])
        assert box is not None                              # crop marks and the footer
        left, bottom, right, top = box
        assert left >= MARGIN_MM - tol and bottom >= MARGIN_MM - tol, (i, box)
        assert right <= size.width_mm - MARGIN_MM + tol and top <= size.height_mm - MARGIN_MM + tol, (i, box)


def test_a_part_filled_page_has_crop_marks_only_at_its_cards():
    """The last page of Reclaim's deck with bleed on Letter: 30 cards, 6 a page,
    so every page is full; with 8 cards of The Reclamation on A4 the last row
    holds 2 cards and an aid, and no mark continues a cut line that has no card."""
    layout = CardLayout(page=PageLayout(A4))
    pdf = the_reclamation_cards_pdf(layout)
    slots = front_slots(layout)
    page = pdfium.PdfDocument(pdf)[0]
    xs = {round(v, 1) for r in slots for v in (r.x, r.right)}
    def on_a_card(box) -> bool:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return any(s.x < cx < s.right and s.y < cy < s.top for s in slots)

    marks = [box for kind, box, _size in objects(page) if kind == raw.FPDF_PAGEOBJ_PATH
             and (box[2] - box[0] < 0.8 or box[3] - box[1] < 0.8) and not on_a_card(box)]
    assert marks
    for left, bottom, right, top in marks:
        if right - left < 0.8:                               # a vertical mark on a cut line
            assert round((left + right) / 2, 1) in xs


# --- no empty pages ------------------------------------------------------------------------------------
@pytest.mark.parametrize("item", kit_files(), ids=lambda f: f.name)
def test_no_page_is_empty(item):
    """Every page has ink above its footer strip: no blank or filler pages."""
    pdf = item.build()
    doc = pdfium.PdfDocument(pdf)
    for i in range(len(doc)):
        image = doc[i].render(scale=0.5).to_pil().convert("L")
        px = 0.5 * PT_PER_MM
        body = image.crop((0, 0, image.width, int(image.height - (MARGIN_MM + FOOTER_BAND_MM) * px)))
        assert body.point(lambda v: 255 if v < 245 else 0).getbbox() is not None, (item.name, i)


@pytest.mark.parametrize("game", ("reclaim", "the-reclamation", "claim-control"))
def test_every_page_has_its_number_and_the_kit_version(game):
    texts = page_texts(kit(game, "a4"))
    for i, text in enumerate(texts):
        assert f"page {i + 1} of {len(texts)}" in text
        assert "ReclaimDesk 0.1.0" in text and "data " in text


# --- the covers' checklists -------------------------------------------------------------------------
def checklist(text: str, what: str) -> tuple[int, str]:
    """(count, pages) of the checklist line starting with ``what``."""
    flat = " ".join(text.split())
    m = re.search(re.escape(what) + r".*? (\d+) (\d+(?:-\d+)?) ", flat)
    assert m, what
    return int(m.group(1)), m.group(2)


def page_range(pages: str) -> range:
    first, _, last = pages.partition("-")
    return range(int(first), int(last or first) + 1)


@pytest.mark.parametrize("paper", PAPERS)
def test_reclaims_checklist_counts_what_the_engine_has(paper):
    texts = page_texts(kit("reclaim", paper))
    count, pages = checklist(texts[0], "Cards (30-card deck")
    assert count == len(load_cards())
    card_pages = [i + 1 for i, t in enumerate(texts) if "Reclaim: fronts" in t or "Reclaim: backs" in t]
    assert list(page_range(pages)) == card_pages
    ids = re.findall(r"\br\d\d\b", " ".join(texts[p - 1] for p in card_pages))
    assert len(set(ids)) == count
    aids, _pages = checklist(texts[0], "Player aid cards")
    assert aids == sum(texts[p - 1].count("EACH ROUND") for p in card_pages)
    assert (count + aids) % CardLayout(page=PageLayout(PAPERS[paper])).per_page == 0
    _one, test_pages = checklist(texts[0], "Duplex test")
    assert all("DUPLEX TEST" in texts[p - 1] for p in page_range(test_pages))
    for i, name in ((3, "river"), (4, "lake")):
        _n, where = checklist(texts[0], f"Player sheet, {name} map")
        assert where == str(i) and f"player sheet, {name} map" in texts[i - 1]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_reclamations_checklist_counts_what_the_engine_has(paper):
    texts = page_texts(kit("the-reclamation", paper))
    count, pages = checklist(texts[0], "Cards: a black Garden side")
    assert count == len(printed_cards()) == 2 * CARD_COUNT
    assert sum(texts[p - 1].count("GARDEN") for p in page_range(pages)) == count
    stones, pages = checklist(texts[0], "Stones: a Flower face")
    assert stones == TOKEN_COLUMNS * TOKEN_ROWS >= 2 * max(STONES.values())
    assert all("Stones:" in texts[p - 1] for p in page_range(pages))
    _one, board = checklist(texts[0], "Board, 6 x 6 squares")
    assert "the garden" in texts[int(board) - 1]


@pytest.mark.parametrize("paper", PAPERS)
def test_claim_controls_checklist_counts_what_the_engine_has(paper):
    texts = page_texts(kit("claim-control", paper))
    squares, pages = checklist(texts[0], "Squares for the one-page board")
    markers, same = checklist(texts[0], "Markers for the one-page board")
    assert squares == SQUARES_ON_BOARD and markers == 2 * PIECES_PER_PLAYER - SQUARES_ON_BOARD
    assert pages == same and all("pieces for the one-page board" in texts[p - 1] for p in page_range(pages))
    _four, parts = checklist(texts[0], "Large board in four parts")
    assert list(page_range(parts)) == [i + 1 for i, t in enumerate(texts) if i and "large board" in t
                                       and "part " in t]
    assert "Print single-sided" in texts[0]


def test_every_kit_is_covered():
    assert {k.game for k in kits()} >= {"reclaim", "the-reclamation", "claim-control"}


# --- the command line's new options -----------------------------------------------------------------
def test_cards_as_images_writes_one_png_per_face_at_300_dpi(tmp_path, capsys):
    from PIL import Image

    from .kit_checks import run

    out = tmp_path / "png"
    code, stdout, err = run(capsys, "print", "the-reclamation", "--cards-as-images", str(out), "--bleed", "3")
    assert code == 0, err
    files = sorted(out.glob("*.png"))
    assert len(files) == 2 * (len(printed_cards()) + 1)     # 8 cards and an aid, two faces each
    with Image.open(files[0]) as image:
        width, height = image.size
        dpi = image.info["dpi"]
    assert dpi[0] == pytest.approx(300, abs=0.01)
    assert width == round((63 + 6) / 25.4 * 300) and abs(height - (88 + 6) / 25.4 * 300) <= 1
    code, _out, err = run(capsys, "print", "claim-control", "--cards-as-images", str(out))
    assert code == 2 and "no cards" in err
    code, _out, err = run(capsys, "print", "reclaim")
    assert code == 2 and "-o" in err


def test_ink_saver_fold_over_and_two_sheets_a_page_from_the_command_line(tmp_path, capsys):
    from .kit_checks import run

    for args, pages in ((["--what", "cards", "--fold-over"], 8), (["--what", "sheets", "--sheets-per-page", "2"], 2),
                        (["--ink-saver"], 14)):
        out = tmp_path / "x.pdf"
        code, _out, err = run(capsys, "print", "reclaim", *args, "-o", str(out))
        assert code == 0, err
        assert len(pdfium.PdfDocument(out.read_bytes())) == pages, args
    code, _out, err = run(capsys, "print", "reclaim", "--sheets-per-page", "3", "-o", str(tmp_path / "y.pdf"))
    assert code == 2 and "--sheets-per-page" in err


def test_ink_saver_prints_no_large_dark_area():
    """In ink-saver mode no 10 x 10 mm patch of any page averages darker than
    about a 60 % grey (the worst are bold numbers and icons, not grounds), where
    greyscale keeps The Reclamation's black cards and Tendril's stones dark."""
    def darkest_patch(pdf: bytes) -> int:
        doc = pdfium.PdfDocument(pdf)
        worst = 255
        for i in range(len(doc)):
            image = doc[i].render(scale=1 / PT_PER_MM).to_pil().convert("L")    # 1 px per mm
            worst = min(worst, min(image.reduce(10).tobytes()))
        return worst

    for game in ("reclaim", "the-reclamation", "claim-control"):
        assert darkest_patch(kit(game, "a4", "ink-saver")) > 90, game
    assert darkest_patch(kit("the-reclamation", "a4", True)) < 40


# --- Claim Control: a recorded game, and bleed ------------------------------------------------------
def test_claim_control_prints_a_recorded_game_with_the_engines_count(tmp_path, capsys):
    from .kit_checks import run

    record = tmp_path / "cc.json"
    assert run(capsys, "play", "claim-control", "--agents", "easy,easy", "--seed", "3", "--record", str(record))[0] == 0
    import json

    scores = json.loads(record.read_text())["result"]["scores"]
    out = tmp_path / "cc.pdf"
    code, _out, err = run(capsys, "print", "claim-control", "--record", str(record), "-o", str(out))
    assert code == 0, err
    text = " ".join(page_texts(out.read_bytes())[0].split())
    assert "game over after 60 pieces" in text
    for total in scores:
        assert f" {int(total)} " in f" {text} "
    code, _out, err = run(capsys, "print", "claim-control", "--record", str(record), "--what", "cards",
                          "-o", str(out))
    assert code == 2 and "--record" in err


def test_claim_control_pieces_with_bleed_keep_their_cuts_clear():
    """With --bleed every piece is drawn beyond its cut, crop marks continue the
    cuts outside the grids, and every page keeps 6 mm clear of the paper's edge."""
    from reclaimdesk.export.claim_control_kit import claim_control_pieces_pdf

    pdf = claim_control_pieces_pdf("a4", False, 3.0)
    plain = claim_control_pieces_pdf("a4")
    assert len(pdfium.PdfDocument(pdf)) > len(pdfium.PdfDocument(plain))
    tol = 1 / PT_PER_MM
    for i in range(len(pdfium.PdfDocument(pdf))):
        left, bottom, right, top = ink_outside(pdf, i, [])
        assert left >= MARGIN_MM - tol and bottom >= MARGIN_MM - tol, i
        assert right <= A4.width_mm - MARGIN_MM + tol and top <= A4.height_mm - MARGIN_MM + tol, i
    assert "crop marks" in page_texts(pdf)[0]


def test_claim_control_prints_a_game_in_progress():
    from reclaimdesk.core.game import get_game
    from reclaimdesk.export.claim_control_kit import claim_control_position_pdf

    state = get_game("claim-control").new_game(2, 1)
    state.apply_text("square blue c3")
    text = " ".join(page_texts(claim_control_position_pdf(state))[0].split())
    assert "1 piece placed, Crosses to play" in text
