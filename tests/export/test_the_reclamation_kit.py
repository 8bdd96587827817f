"""The Reclamation's print-and-play kit: board, two-sided cards, two-sided stone
tokens, rules summary and a recorded game's board, checked on the PDF as pdfium
reads and renders it, plus ``reclaimdesk print the-reclamation`` and the
committed files in ``sheets/``."""

from __future__ import annotations

import doctest
import json
from functools import lru_cache

import pypdfium2 as pdfium
import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game
from reclaimdesk.export import A4, LETTER, CardLayout, ExportError, PageLayout, back_slots, front_slots
from reclaimdesk.export import the_reclamation_kit as kit_module
from reclaimdesk.export.kit import PrintOptions, build_print_pdf, kit_files, kit_for
from reclaimdesk.export.layout import PT_PER_MM, fitted_bleed
from reclaimdesk.export.the_reclamation_kit import (
    MARGIN_MM,
    STONES,
    board_frame,
    printed_cards,
    the_reclamation_all_pdf,
    the_reclamation_board_pdf,
    the_reclamation_cards_pdf,
    the_reclamation_position_pdf,
    the_reclamation_rules_pdf,
    the_reclamation_stones_pdf,
    token_layout,
)
from reclaimdesk.games.the_reclamation.components import load_cards

from .kit_checks import (
    PAPERS, check_committed_kits, check_every_page_renders, check_fonts_are_embedded_subsets,
    check_inside_margin, check_paper_size, page_texts, run
)

pytestmark = pytest.mark.filterwarnings("ignore:get_text_range:UserWarning")


@lru_cache(maxsize=None)
def kit(paper: str, greyscale: bool = False) -> bytes:
    return the_reclamation_all_pdf(paper, greyscale)


@lru_cache(maxsize=None)
def finished_game(rules: str = "throne", seed: int = 3):
    spec = get_game("the-reclamation")
    state = spec.new_game(2, seed, {"rules": rules})
    return play_game(state, [spec.agent("easy", seed), spec.agent("easy", seed + 1)])


def text_in(pdf: bytes, index: int, box) -> str:
    """The text inside a rectangle (page mm, from the bottom-left) of a page."""
    page = pdfium.PdfDocument(pdf)[index]
    return page.get_textpage().get_text_bounded(box.x * PT_PER_MM, box.y * PT_PER_MM, box.right * PT_PER_MM,
                                                box.top * PT_PER_MM)


def grey_at(image, paper, x_mm: float, y_mm: float, scale: float) -> int:
    px = scale * PT_PER_MM
    return image.getpixel((round(x_mm * px), round((paper.height_mm - y_mm) * px)))


def test_module_examples():
    assert doctest.testmod(kit_module).failed == 0


# --- paper ---------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_every_page_has_the_exact_paper_size(paper):
    size = PAPERS[paper]
    for pdf in (kit(paper), the_reclamation_position_pdf(finished_game(), paper)):
        check_paper_size(pdf, size)


# --- the board ---------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_the_board_is_one_page_with_its_start_corners(paper):
    pdf = the_reclamation_board_pdf(paper)
    assert len(pdfium.PdfDocument(pdf)) == 1
    check_inside_margin(pdf, PAPERS[paper], MARGIN_MM)
    text = page_texts(pdf)[0]
    for word in ("Flower starts", "Tendril starts", "Flower's side", "Tendril's side", "a", "f", "1", "6"):
        assert word in text, word
    left, bottom, cell = board_frame(PageLayout(PAPERS[paper], MARGIN_MM))
    assert cell == pytest.approx(30.0)                        # 30 mm squares, room for a 28 mm stone
    # the corners at each player's bottom right (f1, a6) are marked; the other two are not
    image = pdfium.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("L")
    size = PAPERS[paper]

    def ink(col: int, row: int) -> int:
        x0, y0 = left + col * cell, bottom + row * cell
        return sum(255 - grey_at(image, size, x0 + (i + 0.5) * cell / 12, y0 + (j + 0.5) * cell / 12, 2)
                   for i in range(12) for j in range(12))

    marked, plain = [ink(5, 0), ink(0, 5)], [ink(0, 0), ink(5, 5)]
    assert min(marked) > 3 * max(plain)


# --- cards -------------------------------------------------------------------------------------
@pytest.mark.parametrize("layout", [CardLayout(), CardLayout(page=PageLayout(LETTER), bleed=True)],
                         ids=["a4", "letter-bleed"])
def test_eight_cards_with_the_throne_side_behind_the_garden_side(layout):
    pdf = the_reclamation_cards_pdf(layout)
    texts = page_texts(pdf)
    sheets = -(-8 // layout.per_page)
    assert len(texts) == 2 * sheets                           # each page of fronts, then its backs
    assert sum(t.count("GARDEN") for t in texts[0::2]) == 8 and sum(t.count("THRONE") for t in texts[1::2]) == 8
    assert f"fronts 1 of {sheets}" in texts[0] and f"backs 1 of {sheets}" in texts[1]
    aids = -8 % layout.per_page                               # player aids fill the empty places
    assert sum(t.count("READING A CARD") for t in texts[0::2]) == aids
    cards = printed_cards()
    assert len(cards) == 8 and [c.seat for c in cards] == [0] * 4 + [1] * 4
    fronts, backs = front_slots(layout), back_slots(layout)
    for i, pc in enumerate(cards):
        sheet, slot = divmod(i, layout.per_page)
        front = text_in(pdf, 2 * sheet, fronts[slot])
        back = text_in(pdf, 2 * sheet + 1, backs[slot])
        faction = ("FLOWER", "TENDRIL")[pc.seat]
        assert pc.card.garden.name in front and faction in front and "GARDEN" in front
        assert pc.card.throne.name in back and faction in back and "THRONE" in back
        assert str(pc.card.number) in front and str(pc.card.number) in back


def test_card_patterns_are_drawn_from_the_owner_side():
    """Long Reach (two ahead, one to each side) shows its light squares above the
    Gardener's dark square on the printed card."""
    layout = CardLayout()
    pdf = the_reclamation_cards_pdf(layout)
    image = pdfium.PdfDocument(pdf)[0].render(scale=3).to_pil().convert("L")
    long_reach = next(i for i, pc in enumerate(printed_cards()) if pc.seat == 0 and pc.card.number == 2)
    slot = front_slots(layout)[long_reach]
    grid = min(46.0, slot.width - 14)
    unit = grid / 5
    gx, gy = slot.x + (slot.width - grid) / 2, slot.y + 20.5

    def square(forward: int, right: int) -> int:
        """Inside the pattern square's bottom-left corner, clear of its icon."""
        return grey_at(image, A4, gx + (right + 2.15) * unit, gy + (forward + 2.15) * unit, 3)

    assert square(0, 0) < 60                                  # the Gardener: dark
    assert square(2, -1) > 200 and square(2, 1) > 200         # reached: light, ahead of it
    assert square(-2, -1) < 150 and square(-2, 1) < 150       # behind it: not reached
    assert set(load_cards()[1].garden.offsets) == {(2, -1), (2, 1)}


# --- stones ------------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_stone_tokens_have_a_flower_face_and_a_tendril_face_back_to_back(paper):
    layout = token_layout(PageLayout(PAPERS[paper], MARGIN_MM, greyscale=True))
    assert layout.per_page >= STONES
    pdf = the_reclamation_stones_pdf(layout)
    doc = pdfium.PdfDocument(pdf)
    assert len(doc) == 2
    front = doc[0].render(scale=1).to_pil().convert("L")
    back = doc[1].render(scale=1).to_pil().convert("L")
    size = PAPERS[paper]
    for f, b in zip(front_slots(layout), back_slots(layout)):
        # the face's ground: a light Flower disc, a dark Tendril disc behind it
        light = grey_at(front, size, f.x + f.width * 0.5, f.y + f.height * 0.18, 1)
        dark = grey_at(back, size, b.x + b.width * 0.5, b.y + b.height * 0.18, 1)
        assert light > 180 and dark < 110, (f, light, dark)
        assert f.width == b.width and abs(f.y - b.y) < 1e-9    # behind each other when flipped
        assert f.x + b.right == pytest.approx(size.width_mm)


# --- rules -------------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_the_rules_summary_is_one_page_covering_both_rule_sets(paper):
    pdf = the_reclamation_rules_pdf(paper)
    assert len(pdfium.PdfDocument(pdf)) == 1
    check_inside_margin(pdf, PAPERS[paper], MARGIN_MM)
    text = " ".join(page_texts(pdf)[0].split())
    for heading in ("Setting up", "A turn: move, then reclaim", "Too few stones", "The cards come round",
                    "Winning the Garden game", "Throne, the variant", "Reading a card"):
        assert heading in text, heading
    for fact in ("17 each in Garden, 18 in Throne", "12 or more squares", "3 stones from their Gardeners"):
        assert fact in text, fact


# --- the whole kit -----------------------------------------------------------------------------
def test_the_kit_puts_its_two_sided_sheets_on_odd_pages():
    texts = page_texts(kit("a4"))
    assert len(texts) == 9                                    # no blank page: the board comes last
    assert "Checklist" in texts[0] and "rules summary" in texts[1]
    assert "DUPLEX TEST, side 1" in texts[2] and "DUPLEX TEST, side 2" in texts[3]
    assert "The Reclamation: fronts 1 of 1" in texts[4] and "The Reclamation: backs 1 of 1" in texts[5]
    assert "Stones: fronts 1 of 1" in texts[6] and "Stones: backs 1 of 1" in texts[7]
    assert "the garden" in texts[8]
    assert all(f"page {i + 1} of 9" in t for i, t in enumerate(texts))


def test_a_recorded_game_prints_as_its_board():
    state = finished_game()
    pdf = the_reclamation_position_pdf(state, "a4")
    text = page_texts(pdf)[0]
    assert "Throne rules, game over" in text
    for seat, name in enumerate(("Flower", "Tendril")):
        n = state.hand(seat)
        assert f"{name}: {n} {'stone' if n == 1 else 'stones'} in hand" in text
    assert "Gardener(s)" not in text and " 1 stones" not in text
    heights = [str(h) for _, h in state.stacks().values()]
    assert all(h in text for h in heights)
    assert pdf != the_reclamation_board_pdf("a4")
    with pytest.raises(ExportError, match="needs a game of The Reclamation"):
        the_reclamation_position_pdf(object())


# --- the PDF files ------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_fonts_are_embedded_subsets(paper):
    check_fonts_are_embedded_subsets(kit(paper))


def test_output_is_byte_identical_for_the_same_input():
    assert the_reclamation_all_pdf("a4") == kit("a4")
    assert the_reclamation_board_pdf("letter", True) == the_reclamation_board_pdf("letter", True)
    assert the_reclamation_cards_pdf(CardLayout(bleed=True)) == the_reclamation_cards_pdf(CardLayout(bleed=True))
    assert the_reclamation_rules_pdf("a4") == the_reclamation_rules_pdf("a4")
    assert kit("a4") != kit("letter") != kit("letter", True)


@pytest.mark.parametrize("paper, greyscale", [("a4", False), ("letter", True)])
def test_every_page_renders(paper, greyscale):
    check_every_page_renders(kit(paper, greyscale), greyscale)


def test_committed_kits_are_up_to_date():
    files = [f for f in kit_files() if f.kit.game == "the-reclamation"]
    assert {f.name for f in files} >= {"the-reclamation-a4.pdf", "the-reclamation-letter.pdf",
                                       "the-reclamation-a4-ja.pdf"}
    check_committed_kits(files)


def test_kit_registry_and_print_options():
    assert kit_for("the-reclamation").name == "The Reclamation"
    assert build_print_pdf("the-reclamation", PrintOptions(paper="letter")) == kit("letter")
    assert build_print_pdf("the-reclamation", PrintOptions(), finished_game()) == \
        the_reclamation_position_pdf(finished_game())


# --- the command line ----------------------------------------------------------------------------
def test_print_writes_each_part(tmp_path, capsys):
    expected = {"sheets": 3, "cards": 2, "rules": 1, "all": 9}     # sheets: stones x2, board
    for what, pages in expected.items():
        out = tmp_path / f"{what}.pdf"
        code, stdout, err = run(capsys, "print", "the-reclamation", "--what", what, "--paper", "letter",
                                "-o", str(out))
        assert code == 0, err
        assert len(pdfium.PdfDocument(out.read_bytes())) == pages, what
        assert str(out) in stdout
    out = tmp_path / "cards.pdf"
    code, _, err = run(capsys, "print", "the-reclamation", "--what", "cards", "--greyscale", "--bleed", "3",
                       "--back-offset=-1.5,0.5", "-o", str(out))
    assert code == 0, err
    assert out.read_bytes() == the_reclamation_cards_pdf(fitted_bleed(CardLayout(
        page=PageLayout(A4, greyscale=True), bleed=True, back_offset_mm=(-1.5, 0.5))))


def test_print_a_record_as_its_board(tmp_path, capsys):
    record = tmp_path / "game.json"
    code, _, err = run(capsys, "play", "the-reclamation", "--rules", "throne", "--agents", "easy,easy", "--seed",
                       "4", "--record", str(record))
    assert code == 0, err
    assert json.loads(record.read_text())["result"] is not None
    out = tmp_path / "board.pdf"
    code, _, err = run(capsys, "print", "the-reclamation", "--record", str(record), "-o", str(out))
    assert code == 0, err
    assert "Throne rules, game over" in page_texts(out.read_bytes())[0]


@pytest.mark.parametrize("args, needle", [
    (("--map", "lake"), "only one board or sheet: leave out --map"),
    (("--seat", "2"), "--seat"),
    (("--record", "{reclaim}"), "not of The Reclamation"),
    (("--record", "{missing}"), "cannot read"),
    (("--record", "{missing}", "--what", "cards"), "cannot read"),   # the record is read before it is printed
])
def test_print_bad_input_exits_2_with_one_line(tmp_path, capsys, args, needle):
    reclaim = tmp_path / "reclaim.json"
    assert run(capsys, "play", "reclaim", "--agents", "random", "--seed", "3", "--record", str(reclaim))[0] == 0
    paths = {"reclaim": str(reclaim), "missing": str(tmp_path / "missing.json")}
    out = tmp_path / "out.pdf"
    code, _, err = run(capsys, "print", "the-reclamation", *(a.format(**paths) for a in args), "-o", str(out))
    assert code == 2, err
    assert needle in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not out.exists()
