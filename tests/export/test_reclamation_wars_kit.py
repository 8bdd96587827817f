"""Reclamation Wars' print-and-play kit: both hex boards, the layout page of a
seed (the engine's own placement), the pieces to cut out sized to the board's
hexes, the turn tracker, the rules summary and a game's board, checked on the
PDF as pdfium reads and renders it."""

from __future__ import annotations

from functools import lru_cache

import pypdfium2 as pdfium
import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game
from reclaimdesk.core.hexgrid import HexBoard
from reclaimdesk.export import ExportError, PageLayout
from reclaimdesk.export.kit_pages import MARGIN_MM, MIN_TEXT_PT
from reclaimdesk.games.reclamation_wars.components import column_letters, hex_label, load_setup
from reclaimdesk.export.layout import PT_PER_MM
from reclaimdesk.export.reclamation_wars_kit import (
    boards,
    SPECIAL_NAMES,
    board_frame,
    game_frame,
    layout_for,
    reclamation_wars_all_pdf,
    reclamation_wars_board_pdf,
    reclamation_wars_game_pdf,
    reclamation_wars_layout_pdf,
    reclamation_wars_pieces_pdf,
    reclamation_wars_rules_pdf,
    reclamation_wars_tracker_pdf,
)
from reclaimdesk.export.kit import PrintOptions

from .kit_checks import (
    PAPERS, check_every_page_renders, check_fonts_are_embedded_subsets, check_inside_margin, check_paper_size,
    page_texts
)

pytestmark = pytest.mark.filterwarnings("ignore:get_text_range:UserWarning")


@lru_cache(maxsize=None)
def kit(paper: str, greyscale: bool = False) -> bytes:
    return reclamation_wars_all_pdf(paper, greyscale)


@lru_cache(maxsize=None)
def finished_game(seed: int = 11, board: str = "standard"):
    spec = get_game("reclamation-wars")
    return play_game(spec.new_game(3, seed, {"board": board}), [spec.agent("random", s) for s in range(3)])


def grey_at(image, paper, x_mm: float, y_mm: float, scale: float) -> int:
    px = scale * PT_PER_MM
    return image.getpixel((round(x_mm * px), round((paper.height_mm - y_mm) * px)))


@pytest.mark.parametrize("paper", PAPERS)
def test_every_page_has_the_paper_size_and_stays_inside_the_margin(paper):
    pdf = kit(paper)
    check_paper_size(pdf, PAPERS[paper])
    for i in range(len(pdfium.PdfDocument(pdf))):
        check_inside_margin(pdf, PAPERS[paper], MARGIN_MM, i)
    game = reclamation_wars_game_pdf(finished_game(), paper)
    check_paper_size(game, PAPERS[paper])
    check_inside_margin(game, PAPERS[paper], MARGIN_MM)


@pytest.mark.parametrize("board", ["standard", "large"])
def test_a_board_sheet_names_every_hex_and_marks_the_starts(board):
    radius = boards()[board]
    pdf = reclamation_wars_board_pdf("a4", board=board)
    text = page_texts(pdf)[0]
    hexes = list(HexBoard(radius).hexes())
    assert len(hexes) == (61 if board == "standard" else 91)
    assert {hex_label(h, radius) for h in hexes} <= set(text.split())
    assert f"{len(hexes)} hexes" in text
    for kind, name in SPECIAL_NAMES.items():
        assert name.split()[0] in text, kind
    # the three start corners are shaded in their player's pale colour; the other corners are not
    frame = board_frame(PageLayout(PAPERS["a4"], MARGIN_MM), radius)
    image = pdfium.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("RGB")
    corners = HexBoard(radius).corners()

    def colour(h):
        x, y = frame.centre(h)
        px = 2 * PT_PER_MM
        # beside the symbol in the hex's centre, above its name
        return image.getpixel((round((x + frame.size * 0.45) * px), round((PAPERS["a4"].height_mm - y) * px)))

    starts = [colour(corners[c]) for c in (0, 2, 4)]
    others = [colour(corners[c]) for c in (1, 3, 5)]
    assert len(set(starts)) == 3 and len(set(others)) == 1 and others[0] not in starts


def test_the_layout_page_is_the_engine_placement_for_the_seed():
    for seed in (1, 29):
        pdf = reclamation_wars_layout_pdf(seed)
        text = " ".join(page_texts(pdf)[0].split())
        assert f"seed {seed}" in text
        for board in boards():
            state = get_game("reclamation-wars").new_game(3, seed, {"board": board})
            placed = {kind: state.geo.hexes[i] for kind, i in state.layout.items()}
            assert layout_for(board, seed) == placed
            for kind, h in placed.items():
                assert f"on hex {state.geo.label(h)} " in text, (board, kind)
    assert reclamation_wars_layout_pdf(1) != reclamation_wars_layout_pdf(29)
    with pytest.raises(ValueError, match="seed"):
        reclamation_wars_layout_pdf(-3)


def test_the_pieces_match_the_board_hexes():
    pdf = reclamation_wars_pieces_pdf("a4")
    text = page_texts(pdf)[0]
    for name in SPECIAL_NAMES.values():
        assert name in text
    for colour in ("Red", "Blue", "Yellow"):
        assert text.count(colour) == 2                 # a demolisher for each board size
    # the tiles are cut to the board's hex size, which differs between the boards
    a4 = PageLayout(PAPERS["a4"], MARGIN_MM)
    assert board_frame(a4, 4).size > board_frame(a4, 5).size > 8.0


def test_the_tracker_has_twenty_turns_for_three_players():
    text = page_texts(reclamation_wars_tracker_pdf("letter"))[0]
    for n in range(1, 21):
        assert f"\n{n}" in text or text.startswith(str(n))
    assert text.count("final count") == 3
    assert "Neutralizer used" in text and "Lockdown last started" in text


def test_the_rules_summary_explains_every_power_on_one_page():
    pdf = reclamation_wars_rules_pdf("a4")
    assert len(pdfium.PdfDocument(pdf)) == 1
    text = " ".join(page_texts(pdf)[0].split())
    for heading in ("Goal", "Setting up", "A turn: exactly one of these", "Special hexes", "Demolishers"):
        assert heading in text
    for fact in ("star burst", "brick wall", "spiral", "arrow", "cancellation sign", "padlock", "two demolish hits",
                 "20 turns", "share the win", "two steps"):
        assert fact in text, fact


def test_the_whole_kit_in_order_with_a_footer_on_every_page():
    texts = page_texts(kit("a4"))
    assert len(texts) == 7
    for i, words in enumerate(("Checklist: what this kit makes", "rules summary", "the standard board",
                               "the large board", "special hexes for seed 1", "pieces to cut out", "turn tracker")):
        assert words in texts[i], (i, words)
    version = load_setup().version
    for i, text in enumerate(texts):
        assert f"page {i + 1} of 7" in text and f"setup {version}" in text
    # the cover's checklist counts what the pieces page holds
    cover = " ".join(texts[0].split())
    for line in ("Power cards, one per special hex 6", "Special tiles (6 for each board size) 12",
                 "Demolisher tokens (3 for each board size) 6", "Turn tracker for 20 turns 1"):
        assert line in cover, line


def test_no_text_is_smaller_than_7_pt():
    import pypdfium2.raw as raw

    for pdf in (kit("a4"), reclamation_wars_game_pdf(finished_game())):
        doc = pdfium.PdfDocument(pdf)
        for i in range(len(doc)):
            textpage = doc[i].get_textpage()
            # pages are drawn in millimetres: pdfium gives the size in those units
            sizes = {round(raw.FPDFText_GetFontSize(textpage.raw, k) * PT_PER_MM, 2)
                     for k in range(textpage.count_chars()) if not textpage.get_text_range(k, 1).isspace()}
            assert min(sizes) >= MIN_TEXT_PT - 0.01, (i, sorted(sizes)[:3])


def test_a_game_prints_as_its_board():
    state = finished_game()
    pdf = reclamation_wars_game_pdf(state)
    text = " ".join(page_texts(pdf)[0].split())
    counts = state.counts()
    for seat, colour in enumerate(("Red", "Blue", "Yellow")):
        assert f"{colour}: {counts[seat]} hexes" in text
    assert "game over" in text and "seed 11" in text
    assert "Hexes after each round" in text
    with pytest.raises(ExportError, match="needs a game of Reclamation Wars"):
        reclamation_wars_game_pdf(object())
    # mid-game: whose turn it is
    spec = get_game("reclamation-wars")
    state = spec.new_game(3, 4)
    state.apply(state.legal_actions()[0])
    assert "turn 1 of 20, Blue to play" in page_texts(reclamation_wars_game_pdf(state))[0]


@pytest.mark.parametrize("paper", PAPERS)
def test_fonts_are_embedded_subsets(paper):
    check_fonts_are_embedded_subsets(kit(paper))


def test_output_is_byte_identical_for_the_same_input():
    assert reclamation_wars_all_pdf("a4") == kit("a4")
    assert reclamation_wars_board_pdf("letter", True, "large") == reclamation_wars_board_pdf("letter", True, "large")
    assert reclamation_wars_game_pdf(finished_game()) == reclamation_wars_game_pdf(finished_game())
    assert kit("a4") != kit("letter") != kit("letter", True)


@pytest.mark.parametrize("paper, greyscale", [("a4", False), ("letter", True), ("a4", "ink-saver")])
def test_every_page_renders(paper, greyscale):
    check_every_page_renders(kit(paper, greyscale), greyscale is True)


def test_greyscale_tells_the_players_apart():
    """In grey, the three players' hexes differ in lightness and in pattern."""
    state = finished_game()
    pdf = reclamation_wars_game_pdf(state, "a4", greyscale=True)
    image = pdfium.PdfDocument(pdf)[0].render(scale=3).to_pil().convert("L")
    owned = {}
    for h in state.geo.hexes:
        o = state.owner_of(h)
        if o >= 0 and h not in state.special_hexes() and all(state.demolisher_hex(s) != h for s in range(3)):
            owned.setdefault(o, h)
    assert set(owned) == {0, 1, 2}
    # the mean grey of a hex's middle: yellow light, red middle, blue dark
    means = {}
    for seat, h in owned.items():
        frame = game_frame(PageLayout(PAPERS["a4"], MARGIN_MM), state.geo.spec.radius)
        x, y = frame.centre(h)
        values = [grey_at(image, PAPERS["a4"], x + dx * frame.size * 0.1, y + dy * frame.size * 0.1, 3)
                  for dx in range(-4, 5) for dy in range(-4, 5)]
        means[seat] = sum(values) / len(values)
    assert means[2] > means[0] > means[1]


def test_print_options_pick_the_parts():
    from reclaimdesk.export.kit import build_print_pdf

    def pages(**kw) -> int:
        return len(pdfium.PdfDocument(build_print_pdf("reclamation-wars", PrintOptions(**kw))))

    assert pages() == 7
    assert pages(what="sheets") == 5 and pages(what="cards") == 1 and pages(what="rules") == 1
    assert pages(map_id="large") == 1 and pages(ink_saver=True, what="rules") == 1
    assert build_print_pdf("reclamation-wars", PrintOptions(), finished_game()) == \
        reclamation_wars_game_pdf(finished_game())
    with pytest.raises(ValueError, match="--record"):
        build_print_pdf("reclamation-wars", PrintOptions(what="cards"), finished_game())
    for bad, needle in ((dict(map_id="lake"), "no map 'lake'"), (dict(seat=2), "--seat"),
                        (dict(what="deck"), "--what"), (dict(map_id="large", what="rules"), "--what rules"),
                        (dict(bleed_mm=3.0), "--bleed")):
        with pytest.raises(ValueError, match=needle):
            build_print_pdf("reclamation-wars", PrintOptions(**bad))


def test_the_committed_kits_are_up_to_date():
    from reclaimdesk.export.kit import SHEETS_DIR, kit_files

    from .kit_checks import check_committed_kits

    files = [f for f in kit_files() if f.kit.game == "reclamation-wars"]
    assert {f.name for f in files} >= {"reclamation-wars-a4.pdf", "reclamation-wars-letter.pdf",
                                       "reclamation-wars-a4-ja.pdf"}
    check_committed_kits(files)
    assert "リクラメーション・ウォーズ" in page_texts((SHEETS_DIR / "reclamation-wars-a4-ja.pdf").read_bytes())[0]


def test_the_tile_letters_follow_the_data_in_english_and_the_names_in_japanese():
    """English letters are the setup data's; the Japanese kit's are characters of the
    tiles' Japanese names, all different, and its tracker's letters are Japanese too."""
    from reclaimdesk.core.i18n import using_language
    from reclaimdesk.export.reclamation_wars_kit import special_code
    from reclaimdesk.games.reclamation_wars.components import SPECIAL_KINDS, SPECIAL_NAMES, load_setup

    assert [special_code(k) for k in SPECIAL_KINDS] == [load_setup().special(k).code for k in SPECIAL_KINDS]
    with using_language("ja"):
        from reclaimdesk.core.i18n import _

        codes = [special_code(k) for k in SPECIAL_KINDS]
        assert len(set(codes)) == len(codes)
        for kind, code in zip(SPECIAL_KINDS, codes):
            assert len(code) == 1 and code in _(SPECIAL_NAMES[kind]), (kind, code)
        text = "\n".join(page_texts(reclamation_wars_all_pdf("a4")))
    assert "記号：R" not in text and "記号 S" not in text


@pytest.mark.parametrize("board", ["standard", "large"])
def test_the_board_prints_its_row_numbers_and_column_letters_on_the_edge(board):
    """Issue 24.3: the names the app uses, printed around the paper board: each row's
    number level with the row at both ends, each column's letter in line with the
    column above the top row or below the bottom row."""
    radius = boards()[board]
    pdf = reclamation_wars_board_pdf("a4", board=board)
    frame = board_frame(PageLayout(PAPERS["a4"], MARGIN_MM), radius)
    text = pdfium.PdfDocument(pdf)[0].get_textpage()
    words: dict[str, list[tuple[float, float]]] = {}
    i, n = 0, text.count_chars()
    while i < n:                                   # whole words with their middles, in mm
        j = i
        while j < n and text.get_text_range(j, 1).strip():
            j += 1
        if j > i:
            boxes = [text.get_charbox(k) for k in range(i, j)]
            x = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2 / PT_PER_MM
            y = (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2 / PT_PER_MM
            words.setdefault(text.get_text_range(i, j - i), []).append((x, y))
        i = j + 1
    size = frame.size
    for row in range(1, 2 * radius + 2):
        r = radius + 1 - row
        _x, y = frame.centre((0, r))
        level = [(x, wy) for x, wy in words.get(str(row), []) if abs(wy - y) < size * 0.3]
        left, right = frame.centre((max(-radius, -r - radius), r))[0], frame.centre((min(radius, -r + radius), r))[0]
        assert any(x < left - size for x, _y in level) and any(x > right + size for x, _y in level), row
    for k, letter in enumerate(column_letters(radius)):
        c = k - radius
        column = [frame.centre((q, c - q)) for q in range(-radius, radius + 1) if (q, c - q) in frame.board]
        (x0, y0), (x1, y1) = column[0], column[-1]
        spots = words.get(letter, [])
        # on the column's line (beyond its last hex), not beside it
        on_line = [(x, y) for x, y in spots
                   if abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) / ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
                   < size * 0.3]
        assert on_line, letter
