"""Claim Control's print-and-play kit, checked on the PDF as pdfium reads and
renders it: paper sizes, the four parts of the large board, the pieces, the
score pad, the rules and its example, greyscale, fonts, byte-identical output,
``reclaimdesk print claim-control`` and the committed files in ``sheets/``."""

from __future__ import annotations

import doctest
import re
from functools import lru_cache

import pypdfium2 as pdfium
import pytest

from reclaimdesk.core.game import get_game
from reclaimdesk.export import A4, PageLayout
from reclaimdesk.export import claim_control_kit as kit_module
from reclaimdesk.export.claim_control_kit import (
    EXAMPLE,
    LARGE_CELL_MM,
    MARGIN_MM,
    OVERLAP_MM,
    SMALL_CELL_MM,
    PieceSizes,
    board_size_mm,
    claim_control_all_pdf,
    claim_control_board_pdf,
    claim_control_large_board_pdf,
    claim_control_pieces_pdf,
    claim_control_rules_pdf,
    claim_control_score_pad_pdf,
    claim_control_sheets_pdf,
    heading_height,
    plan_large_board,
)
from reclaimdesk.export.kit import kit_files, kit_for
from reclaimdesk.export.layout import PT_PER_MM, Rect
from reclaimdesk.games.claim_control.board import load_board

from .kit_checks import (
    PAPERS, check_committed_kits, check_every_page_renders, check_fonts_are_embedded_subsets,
    check_inside_margin, check_paper_size, page_count, page_texts, run
)

pytestmark = pytest.mark.filterwarnings("ignore:get_text_range:UserWarning")


@lru_cache(maxsize=None)
def kit(paper: str, greyscale: bool = False) -> bytes:
    return claim_control_all_pdf(paper, greyscale)


def test_module_examples():
    assert doctest.testmod(kit_module).failed == 0


# --- paper ---------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_every_page_has_the_exact_paper_size_and_stays_inside_the_margin(paper):
    size = PAPERS[paper]
    pdf = kit(paper)
    assert page_count(pdf) == 10
    check_paper_size(pdf, size)
    for i in range(10):
        check_inside_margin(pdf, size, MARGIN_MM, i)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_cover_lists_the_pages_as_they_are(paper):
    texts = page_texts(kit(paper))
    cover = texts[0]
    expected = {2: "rules summary", 3: "the board", 4: "pieces for the one-page board",
                5: "large board", 6: "Player aid", 7: "pieces for the large board", 8: "pieces for the large board",
                9: "pieces for the large board", 10: "pieces for the large board"}
    for number, needle in expected.items():
        assert needle in texts[number - 1], (number, needle)
        assert f"page {number} of 10" in texts[number - 1]
    assert "Circles (player 1)" in texts[3] and "Crosses (player 2)" in texts[3]
    assert "Circles (player 1): 10 blue and 10 red markers" in texts[6]
    assert "Crosses (player 2): 10 blue and 10 red markers" in texts[7]
    for page in (8, 9) if paper == "letter" else (3, 8, 9):     # each group's own games of the score pad
        assert "Game 1" in texts[page] and "Game 2" in texts[page], page
    assert "Checklist" in cover and "Print single-sided" in cover
    for pages in ("2", "3", "4", "5-8", "6", "7-8", "9-10"):
        assert re.search(rf"\s{pages}\s+single-sided", cover), pages


# --- the boards ---------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_the_board_on_one_page_shows_every_value(paper):
    pdf = claim_control_board_pdf(paper)
    assert page_count(pdf) == 1
    text = page_texts(pdf)[0]
    numbers = re.findall(r"\b[1-9]\b", text)
    values = [v for row in load_board().values for v in row]
    for v in set(values):   # each value twice per cell (large, and small in the corner)
        assert numbers.count(str(v)) >= 2 * values.count(v), v
    for letter in "abcde":
        assert letter in text


@pytest.mark.parametrize("paper", PAPERS)
def test_the_large_board_is_four_parts_that_cover_it_with_overlap(paper):
    layout = PageLayout(PAPERS[paper], MARGIN_MM)
    plan = plan_large_board(layout)
    total = board_size_mm(LARGE_CELL_MM)
    assert (plan.columns, plan.rows, len(plan.tiles)) == (2, 2, 4)
    assert plan.width_mm == plan.height_mm == total > layout.printable.width
    # every point of the board lies on some part: check a fine grid of points
    steps = 64
    for i in range(steps + 1):
        for j in range(steps + 1):
            x, y = total * i / steps, total * j / steps
            assert any(t.board.x - 1e-9 <= x <= t.board.right + 1e-9 and t.board.y - 1e-9 <= y <= t.board.top + 1e-9
                       for t in plan.tiles), (x, y)
    # neighbours overlap by twice the reach past the cut, and the cuts run along
    # the grid lines between columns c and d and between rows 3 and 4
    rim = (total - 5 * LARGE_CELL_MM) / 2
    seam = rim + 3 * LARGE_CELL_MM
    left, right = plan.tile(0, 0), plan.tile(1, 0)
    assert left.board.right - right.board.x == pytest.approx(2 * OVERLAP_MM)
    assert (left.board.right + right.board.x) / 2 == pytest.approx(seam)
    top, below = plan.tile(0, 0), plan.tile(0, 1)
    assert top.board.y - below.board.top == pytest.approx(-2 * OVERLAP_MM)
    assert (top.board.y + below.board.top) / 2 == pytest.approx(total - seam)
    for t in plan.tiles:   # each part fits inside the margin, above the label band
        p, area = t.page, layout.printable
        assert p.x >= area.x - 1e-9 and p.right <= area.right + 1e-9
        assert p.y >= area.y and p.top <= area.top + 1e-9
        assert (p.width, p.height) == pytest.approx((t.board.width, t.board.height))
    texts = page_texts(claim_control_large_board_pdf(paper))
    assert len(texts) == 4
    for number, text in enumerate(texts, start=1):
        assert f"part {number} of 4" in text
    assert "keep it whole" in texts[0] and "over parts 2 and 3" in texts[3]


def test_the_parts_show_the_same_board_where_they_overlap():
    """Rendered, the strip that part 1 and part 2 share looks the same on both
    (so the parts line up when laid over each other)."""
    layout = PageLayout(A4, MARGIN_MM)
    plan = plan_large_board(layout)
    pdf = claim_control_large_board_pdf("a4")
    doc = pdfium.PdfDocument(pdf)
    scale = 2.0
    px = scale * PT_PER_MM
    a, b = plan.tile(0, 0), plan.tile(1, 0)
    # a strip inside the overlap, left of the cut line (only part 1 is drawn there
    # as it is; part 2 is cut away there, but still printed the same)
    strip_x = b.board.x + 2.0, b.board.x + OVERLAP_MM - 3.0
    strip_y = a.board.y + 40.0, a.board.y + 90.0

    def crop(page_index: int, tile) -> bytes:
        image = doc[page_index].render(scale=scale).to_pil().convert("L")
        page_h = A4.height_mm
        x0 = tile.page.x + (strip_x[0] - tile.board.x)
        x1 = tile.page.x + (strip_x[1] - tile.board.x)
        y0 = tile.page.y + (strip_y[0] - tile.board.y)
        y1 = tile.page.y + (strip_y[1] - tile.board.y)
        box = (round(x0 * px), round((page_h - y1) * px), round(x1 * px), round((page_h - y0) * px))
        return image.crop(box).resize((24, 120)).tobytes()

    first, second = crop(0, a), crop(1, b)
    diff = sum(abs(p - q) for p, q in zip(first, second)) / len(first)
    assert diff < 6, diff


# --- pieces ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_pieces_for_both_boards_and_both_players(paper):
    texts = page_texts(claim_control_pieces_pdf(paper))
    assert len(texts) == 3            # the small set on one page, the large set on two
    small, large = texts[0], " ".join(texts[1:])
    for text in (small, large):
        assert text.count("BLUE") == 10 and text.count("RED") == 10      # 5 of each per player
        assert "Circles (player 1)" in text and "Crosses (player 2)" in text
    sizes = PieceSizes(SMALL_CELL_MM)
    assert f"Squares {sizes.square:.0f} mm, markers {sizes.marker:.0f} mm" in small
    assert f"cells are {LARGE_CELL_MM:.0f} mm" in large


def test_red_and_blue_pieces_differ_in_greyscale():
    """Blue squares are plain, red ones striped: printed grey they still look
    different, and nothing on the page is coloured."""
    pdf = claim_control_pieces_pdf("a4", greyscale=True)
    image = pdfium.PdfDocument(pdf)[0].render(scale=3).to_pil().convert("RGB")
    r, g, b = image.split()
    assert r.tobytes() == g.tobytes() == b.tobytes()
    grey = image.convert("L")
    layout = PageLayout(A4, MARGIN_MM)
    area = layout.printable.expanded(-0.5)
    sizes = PieceSizes(SMALL_CELL_MM)
    text = kit_module._piece_texts(SMALL_CELL_MM, "one-page board")[1]
    top = area.top - heading_height(area, text) - 8.0
    px = 3 * PT_PER_MM

    def sample(row: int) -> list[int]:
        s = sizes.square
        x0, y_top = area.x + s * 0.3, top - row * s - s * 0.35
        box = (round(x0 * px), round((A4.height_mm - y_top) * px), round((x0 + s * 0.3) * px),
               round((A4.height_mm - y_top + s * 0.25) * px))
        return list(grey.crop(box).tobytes())

    def spread(values: list[int]) -> float:
        mean = sum(values) / len(values)
        return (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5

    blue, red = sample(0), sample(1)
    assert sum(blue) / len(blue) < 220 and sum(red) / len(red) < 245      # on the pieces, not paper
    assert spread(red) > spread(blue) + 10


# --- score pad and rules --------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_score_pad_has_six_games(paper):
    text = page_texts(claim_control_score_pad_pdf(paper))[0]
    for n in range(1, 7):
        assert f"Game {n}" in text
    assert text.count("total") >= 12


@pytest.mark.parametrize("paper", PAPERS)
def test_rules_summary_is_one_page_with_a_worked_example(paper):
    pdf = claim_control_rules_pdf(paper)
    assert page_count(pdf) == 1
    text = " ".join(page_texts(pdf)[0].split())
    for heading in ("What each player has", "Playing", "Where markers go", "Influence", "Claiming and scoring"):
        assert heading in text
    spec = get_game("claim-control")
    state = spec.new_game(2, 1)
    for action in EXAMPLE:
        state.apply_text(action)
    a, b = (int(v) for v in state.scores())
    assert f"If the game ended here: Circles {a}, Crosses {b}." in text
    assert (a, b) == (7, 6)
    check_inside_margin(pdf, PAPERS[paper], MARGIN_MM, tol=0.5)


# --- the PDF files -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_fonts_are_embedded_subsets(paper):
    check_fonts_are_embedded_subsets(kit(paper))


def test_output_is_byte_identical_for_the_same_input():
    assert claim_control_all_pdf("a4") == kit("a4")
    assert claim_control_sheets_pdf("letter", True) == claim_control_sheets_pdf("letter", True)
    assert claim_control_pieces_pdf("a4") == claim_control_pieces_pdf("a4")
    assert kit("a4") != kit("letter") != kit("letter", True)


@pytest.mark.parametrize("paper, greyscale", [("a4", False), ("letter", True)])
def test_every_page_renders(paper, greyscale):
    check_every_page_renders(kit(paper, greyscale), greyscale)


def test_committed_kits_are_up_to_date():
    """sheets/claim-control-*.pdf must be what ``python -m reclaimdesk.export.kit`` makes now."""
    files = [f for f in kit_files() if f.kit.game == "claim-control"]
    assert {f.name for f in files} >= {"claim-control-a4.pdf", "claim-control-letter.pdf", "claim-control-a4-ja.pdf"}
    check_committed_kits(files)
    assert kit_for("claim-control").name == "Claim Control"


# --- the command line --------------------------------------------------------------------------------------------
def test_print_writes_each_part(tmp_path, capsys):
    expected = {"sheets": 6, "cards": 3, "rules": 1, "all": 10}
    for what, pages in expected.items():
        out = tmp_path / f"{what}.pdf"
        code, stdout, err = run(capsys, "print", "claim-control", "--what", what, "--paper", "letter", "-o", str(out))
        assert code == 0, err
        assert page_count(out.read_bytes()) == pages, what
        assert str(out) in stdout
    out = tmp_path / "grey.pdf"
    code, _, err = run(capsys, "print", "claim-control", "--greyscale", "-o", str(out))
    assert code == 0, err
    assert out.read_bytes() == kit("a4", True)


@pytest.mark.parametrize("args, needle", [
    (("--map", "river"), "one board"),
    (("--bleed", "11"), "--bleed"),
    (("--back-offset", "1,2"), "--back-offset"),
    (("--seat", "2"), "--seat"),
    (("--record", "{record}"), "game record"),
    (("--fold-over",), "--fold-over"),
])
def test_print_options_that_do_not_apply_exit_2_with_one_line(tmp_path, capsys, args, needle):
    record = tmp_path / "game.json"
    record.write_text("{}")
    out = tmp_path / "out.pdf"
    code, _, err = run(capsys, "print", "claim-control", *(a.format(record=record) for a in args), "-o", str(out))
    assert code == 2, err
    assert needle in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not out.exists()


def test_large_board_fits_and_is_larger_than_a_page():
    for paper in PAPERS.values():
        layout = PageLayout(paper, MARGIN_MM)
        assert board_size_mm(LARGE_CELL_MM) > max(layout.printable.width, layout.printable.height)
        plan = plan_large_board(layout)
        assert all(isinstance(t.page, Rect) for t in plan.tiles)


def test_an_unfinished_game_prints_whose_turn_it_is():
    """A record stopped mid-game prints its board and says who is to play (the
    fuzz suite found this path calling the current player as a function)."""
    import pypdfium2 as pdfium

    from reclaimdesk.core.game import get_game
    from reclaimdesk.export.claim_control_kit import claim_control_position_pdf

    state = get_game("claim-control").new_game(2, 5)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    pdf = pdfium.PdfDocument(claim_control_position_pdf(state))
    text = pdf[0].get_textpage().get_text_bounded()
    assert "3 pieces placed" in text and "to play" in text


# --- paper used ---------------------------------------------------------------------------------
BLANK_BLOCK_MM = 5.0
"""The blank share of a page is counted in squares of this size that hold no ink at all."""
MOST_BLANK = 0.45
"""No page of the kit but the text pages (the cover and the rules) may leave more
than this share of its content area blank. It was 0.35 while the pieces for the
one-page board sat under the large board's parts; each board's pages now hold only
its own things (issue 26), and the one-page board's pieces page (on Letter) and
the narrow part 4 leave up to 0.42."""


def blank_shares(pdf: bytes, paper: str) -> list[float]:
    """For each page, the share of its content area (inside the margins, above the
    footer) in :data:`BLANK_BLOCK_MM` squares without a single inked pixel, as
    pdfium renders the page at 60 dpi."""
    from reclaimdesk.export.kit_pages import content, page_layout

    area = content(page_layout(paper, False))
    scale = 60 / 72
    px = scale * PT_PER_MM
    doc = pdfium.PdfDocument(pdf)
    shares = []
    for index in range(len(doc)):
        image = doc[index].render(scale=scale, grayscale=True).to_pil().convert("L")
        height_mm = image.height / px
        step = BLANK_BLOCK_MM * px
        columns, rows = int(area.width // BLANK_BLOCK_MM), int(area.height // BLANK_BLOCK_MM)
        blank = 0
        for r in range(rows):
            for c in range(columns):
                x0 = (area.x + c * BLANK_BLOCK_MM) * px
                y0 = (height_mm - area.top + r * BLANK_BLOCK_MM) * px
                box = image.crop((round(x0), round(y0), round(x0 + step), round(y0 + step)))
                if box.getextrema()[0] >= 252:
                    blank += 1
        shares.append(blank / (rows * columns))
    return shares


@pytest.mark.parametrize("paper, language", [(paper, "en") for paper in PAPERS] + [("a4", "ja")])
def test_no_page_but_the_text_pages_is_mostly_blank(paper, language):
    """The large board's narrow and short parts share their paper with the player
    aid and the large board's markers, and games of the score pad fill the room
    under the pieces, so no page wastes much of its paper."""
    from reclaimdesk.core import i18n

    try:
        i18n.set_language(language)
        pdf = claim_control_all_pdf(paper)
    finally:
        i18n.set_language("en")
    shares = blank_shares(pdf, paper)
    wasteful = {n: round(share, 2) for n, share in enumerate(shares, start=1) if n > 2 and share > MOST_BLANK}
    assert not wasteful, wasteful


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_each_board_choice_prints_only_its_own_pages(paper, bleed):
    """The cover names the pages every game needs and each board's group; the
    one-page board's group holds nothing of the large board and the other way round."""
    texts = page_texts(claim_control_all_pdf(paper, False, bleed))
    found = re.search(r"pages (\d+)-(\d+) for every game, then only pages (\d+)-(\d+) for the one-page\s+board,"
                      r"\s+or only pages (\d+)-(\d+) for the large board", " ".join(texts[0].split()))
    assert found, texts[0]
    shared0, shared1, one0, one1, large0, large1 = map(int, found.groups())
    assert (shared0, shared1 + 1, one1 + 1, large1) == (1, one0, large0, len(texts))
    assert "rules summary" in texts[1]
    for n in range(one0, one1 + 1):
        assert "pieces for the large board" not in texts[n - 1] and "columns " not in texts[n - 1], n
        assert "the board" in texts[n - 1] or "pieces for the one-page board" in texts[n - 1], n
    for n in range(large0, large1 + 1):
        assert "pieces for the one-page board" not in texts[n - 1], n
        assert "large board" in texts[n - 1], n
