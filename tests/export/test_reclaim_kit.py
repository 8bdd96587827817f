"""Reclaim's print-and-play kit: sheets, cards, rules and filled sheets, checked on
the PDF as pdfium reads and renders it, plus ``reclaimdesk print`` and the
committed files in ``sheets/``."""

from __future__ import annotations

import doctest
import json
import re
from functools import lru_cache

import pypdfium2 as pdfium
import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game
from reclaimdesk.export import A4, LETTER, CardLayout, ExportError, PageLayout
from reclaimdesk.export import kit_pages, reclaim_kit
from reclaimdesk.export.kit import SHEETS_DIR, kit_files, kit_for
from reclaimdesk.export.layout import PT_PER_MM, fitted_bleed
from reclaimdesk.export.reclaim_kit import (
    MARGIN_MM,
    TERRAIN_ORDER,
    map_frame,
    reclaim_all_pdf,
    reclaim_cards_pdf,
    reclaim_filled_sheet_pdf,
    reclaim_rules_pdf,
    reclaim_sheets_pdf,
)
from reclaimdesk.games.reclaim.components import GRID, MAP_IDS, SIZE, load_cards, load_map, load_track

from .kit_checks import (
    PAPERS, check_committed_kits, check_every_page_renders, check_fonts_are_embedded_subsets,
    check_inside_margin, check_paper_size, page_count, page_texts, run
)

pytestmark = pytest.mark.filterwarnings("ignore:get_text_range:UserWarning")


@lru_cache(maxsize=None)
def kit(paper: str, greyscale: bool = False) -> bytes:
    return reclaim_all_pdf(paper, greyscale)


@lru_cache(maxsize=None)
def finished_game(seed: int = 3, players: int = 1):
    spec = get_game("reclaim")
    state = spec.new_game(players, seed, {})
    return play_game(state, [spec.agent("easy", seed * 31 + i) for i in range(players)])


def test_module_examples():
    assert doctest.testmod(reclaim_kit).failed == 0
    assert doctest.testmod(kit_pages).failed == 0          # the helpers the kits share


# --- paper -------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_every_page_has_the_exact_paper_size(paper):
    size = PAPERS[paper]
    for pdf in (kit(paper), reclaim_filled_sheet_pdf(finished_game(), 0, paper)):
        check_paper_size(pdf, size)
    assert PAPERS["letter"].width_pt == pytest.approx(612.0)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_a_player_sheet_is_one_page_inside_the_printer_safe_margin(paper, map_id):
    pdf = reclaim_sheets_pdf(paper, maps=(map_id,))
    assert page_count(pdf) == 1
    check_inside_margin(pdf, PAPERS[paper], MARGIN_MM)            # give or take one pixel
    text = page_texts(pdf)[0]
    assert f"{load_map(map_id).name} map" in text
    for word in ("Rounds", "Scoring track", "Castles, 1st half", "Castles, 2nd half", "Largest rectangle",
                 "X marks", "Total", "Castle", "Forest", "Field", "Mountain", "Water", "Grass"):
        assert word in text, word
    # round track 1..16 and the nine scoring-track points
    numbers = set(re.findall(r"\d+", text))
    assert {str(n) for n in range(1, 17)} <= numbers
    assert {str(e.points) for e in load_track().entries} <= numbers


def test_the_default_sheets_are_river_then_lake():
    texts = page_texts(reclaim_sheets_pdf("a4"))
    assert len(texts) == 2
    assert "River map" in texts[0] and "Lake map" in texts[1]


def test_terrains_look_different_in_greyscale():
    """Each kind of square is told apart by its symbol, not by colour: the
    rendered squares of the six kinds differ pairwise in a greyscale print."""
    pdf = reclaim_sheets_pdf("a4", greyscale=True, maps=("river",))
    image = pdfium.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("RGB")
    r, g, b = image.split()
    assert r.tobytes() == g.tobytes() == b.tobytes()          # no colour at all
    rmap = load_map("river")
    grey = image.convert("L")
    px = 2 * PT_PER_MM
    left_mm, top_mm, cell_mm = map_frame(PageLayout(A4, MARGIN_MM))
    samples = {}
    for kind in TERRAIN_ORDER:
        r, c = next((rr, cc) for rr in range(SIZE) for cc in range(SIZE) if rmap.at((rr, cc)) is kind)
        x = (left_mm + c * cell_mm) * px
        y = (A4.height_mm - top_mm + r * cell_mm) * px
        crop = grey.crop((round(x + 2), round(y + 2), round(x + cell_mm * px - 2), round(y + cell_mm * px - 2)))
        samples[kind] = crop.resize((16, 16)).tobytes()
    values = list(samples.values())
    assert len(set(values)) == len(values)


# --- cards --------------------------------------------------------------------------------
@pytest.mark.parametrize("layout", [CardLayout(), CardLayout(page=PageLayout(LETTER), bleed=True)],
                         ids=["a4", "letter-bleed"])
def test_thirty_cards_fronts_and_backs(layout):
    pdf = reclaim_cards_pdf(layout)
    texts = page_texts(pdf)
    sheets = -(-30 // layout.per_page)
    assert len(texts) == 2 * sheets
    fronts, backs = texts[0::2], texts[1::2]
    ids = re.findall(r"\br\d\d\b", " ".join(fronts))
    assert sorted(ids) == sorted(c.id for c in load_cards()) and len(ids) == 30
    for text, page in zip(fronts, range(sheets)):
        assert f"fronts {page + 1} of {sheets}" in text
    aids = -30 % layout.per_page                               # player aids fill the last page
    assert sum(t.count("SCORING") for t in backs) == aids
    assert sum(t.count("RECLAIM") for t in backs) == 30 + aids
    for card in load_cards():                                  # both icon names on each front
        front = fronts[[c.id for c in load_cards()].index(card.id) // layout.per_page]
        for icon in card.cost:
            assert icon.value.capitalize() in front


def test_the_kit_starts_its_cards_on_an_odd_page():
    texts = page_texts(kit("a4"))
    first = next(i for i, t in enumerate(texts) if "fronts 1 of" in t)
    assert first % 2 == 0                                      # 0-based: page 7, a right-hand page
    test = next(i for i, t in enumerate(texts) if "DUPLEX TEST, side 1" in t)
    assert test % 2 == 0 and test + 2 == first
    assert "Checklist" in texts[0] and "rules summary" in texts[1]
    assert len(texts) == 2 + 2 + 2 + 8


# --- rules ------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_the_rules_summary_is_one_page(paper):
    pdf = reclaim_rules_pdf(paper)
    assert page_count(pdf) == 1
    text = page_texts(pdf)[0]
    for heading in ("Setting up", "Drawing a shape", "Each round", "Special action", "Scoring",
                    "Solo and variant"):
        assert heading in text
    check_inside_margin(pdf, PAPERS[paper], MARGIN_MM, tol=0.5)


# --- filled sheets --------------------------------------------------------------------------
def test_filled_sheet_of_a_finished_game_shows_its_score():
    state = finished_game()
    parts = state.breakdown(0)
    pdf = reclaim_filled_sheet_pdf(state, 0, "a4")
    assert page_count(pdf) == 1
    text = page_texts(pdf)[0]
    total = parts["total"]
    shown = f"\u2212{-total}" if total < 0 else str(total)
    assert f"Total score: {shown}" in text
    assert "game over" in text
    for key in ("first_half", "second_half", "rectangle"):
        value = parts[key]
        assert (f"\u2212{-value}" if value < 0 else str(value)) in text
    crossed = state.sheets[0].crossings
    for round_no, _ in crossed:
        assert f"r{round_no}" in text
    best = state.best_rectangle(state.sheets[0])
    marks = reclaim_kit.sheet_marks(state, 0)
    assert marks.rectangle == ((best.top, best.left, best.height, best.width) if best else None)
    assert marks.rounds_done == 16 and marks.crossings == tuple(crossed)
    assert pdf == reclaim_filled_sheet_pdf(state, 0, "a4")
    assert pdf != reclaim_sheets_pdf("a4", maps=(state.map.id,))


def test_filled_sheet_of_a_running_game_and_of_each_seat():
    spec = get_game("reclaim")
    state = spec.new_game(2, 11, {"map": "lake"})
    agents = [spec.agent("easy", 1), spec.agent("easy", 2)]
    while state.round < 6:
        state.apply(agents[state.current_player].choose(state))
    texts = [page_texts(reclaim_filled_sheet_pdf(state, seat, "letter", greyscale=True))[0]
             for seat in (0, 1)]
    for seat, text in enumerate(texts):
        assert "Lake map" in text and "in progress" in text and f"Seat {seat + 1} of 2" in text
        assert f"Score so far: {state.breakdown(seat)['total']}".replace("-", "\u2212") in text
    with pytest.raises(ExportError, match="no seat 3"):
        reclaim_filled_sheet_pdf(state, 2)
    with pytest.raises(ExportError, match="Reclaim game"):
        reclaim_filled_sheet_pdf(object(), 0)


def test_filled_sheet_draws_what_is_on_the_sheet():
    """Sections, triangles and X marks show up as ink on the squares that hold them."""
    state = finished_game()
    sheet = state.sheets[0]
    blank = pdfium.PdfDocument(reclaim_sheets_pdf("a4", maps=(state.map.id,)))[0]
    filled = pdfium.PdfDocument(reclaim_filled_sheet_pdf(state, 0, "a4"))[0]
    a = blank.render(scale=1).to_pil().convert("L")
    b = filled.render(scale=1).to_pil().convert("L")
    left_mm, top_mm, cell_mm = map_frame(PageLayout(A4, MARGIN_MM))
    px = PT_PER_MM

    marked = GRID.cells_of(sheet.tri | sheet.terr | sheet.xs)
    assert marked
    for r, c in marked:
        box = (round((left_mm + (c + 0.35) * cell_mm) * px), round((A4.height_mm - top_mm + (r + 0.35) * cell_mm) * px),
               round((left_mm + (c + 0.75) * cell_mm) * px), round((A4.height_mm - top_mm + (r + 0.75) * cell_mm) * px))
        assert a.crop(box).tobytes() != b.crop(box).tobytes(), (r, c)


# --- the PDF files ----------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_fonts_are_embedded_subsets(paper):
    check_fonts_are_embedded_subsets(kit(paper))


def test_output_is_byte_identical_for_the_same_input():
    assert reclaim_all_pdf("a4") == kit("a4")
    assert reclaim_sheets_pdf("letter", True) == reclaim_sheets_pdf("letter", True)
    assert reclaim_cards_pdf(CardLayout(bleed=True)) == reclaim_cards_pdf(CardLayout(bleed=True))
    assert reclaim_rules_pdf("a4") == reclaim_rules_pdf("a4")
    assert kit("a4") != kit("letter") != kit("letter", True)


@pytest.mark.parametrize("paper, greyscale", [("a4", False), ("letter", True)])
def test_every_page_renders(paper, greyscale):
    check_every_page_renders(kit(paper, greyscale), greyscale)


def test_committed_kits_are_up_to_date():
    """sheets/reclaim-*.pdf must be what ``python -m reclaimdesk.export.kit`` makes
    now (each game's kit test checks its own files; this one checked all 51)."""
    files = [f for f in kit_files() if f.kit.game == "reclaim"]
    assert {f.name for f in files} >= {"reclaim-a4.pdf", "reclaim-letter.pdf", "reclaim-a4-ja.pdf"}
    check_committed_kits(files)
    assert (SHEETS_DIR / "README.md").is_file()


def test_kit_registry():
    assert kit_for("reclaim").game == "reclaim"
    with pytest.raises(ValueError, match="no print kit"):
        kit_for("chess")


# --- the command line ---------------------------------------------------------------------------
def test_print_writes_each_part(tmp_path, capsys):
    expected = {"sheets": 1, "cards": 8, "rules": 1, "all": 14}   # all: cover, rules, sheet, turn summary, test x2, 8 cards
    for what, pages in expected.items():
        out = tmp_path / f"{what}.pdf"
        lake = ("--map", "lake") if what in ("sheets", "all") else ()     # --map is for the parts with sheets
        code, stdout, err = run(capsys, "print", "reclaim", "--what", what, *lake, "--paper", "letter",
                                "-o", str(out))
        assert code == 0, err
        assert page_count(out.read_bytes()) == pages, what
        assert str(out) in stdout
    out = tmp_path / "cards.pdf"
    code, _, err = run(capsys, "print", "reclaim", "--what", "cards", "--greyscale", "--bleed", "3",
                       "--back-offset=-1.5,0.5", "-o", str(out))
    assert code == 0, err
    assert out.read_bytes() == reclaim_cards_pdf(fitted_bleed(CardLayout(page=PageLayout(A4, greyscale=True), bleed=True,
                                                            back_offset_mm=(-1.5, 0.5))))


def test_print_a_record_as_a_filled_sheet(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert run(capsys, "play", "reclaim", "--agents", "easy,easy", "--seed", "4", "--record", str(record))[0] == 0
    scores = json.loads(record.read_text())["result"]["scores"]
    for seat in (1, 2):
        out = tmp_path / f"seat{seat}.pdf"
        code, _, err = run(capsys, "print", "reclaim", "--record", str(record), "--seat", str(seat),
                           "-o", str(out))
        assert code == 0, err
        total = int(scores[seat - 1])
        shown = f"\u2212{-total}" if total < 0 else str(total)
        assert f"Total score: {shown}" in page_texts(out.read_bytes())[0]


def _bad_record(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    return path


def _illegal_record(tmp_path, capsys):
    path = tmp_path / "illegal.json"
    assert run(capsys, "play", "reclaim", "--agents", "random", "--seed", "3", "--record", str(path))[0] == 0
    data = json.loads(path.read_text())
    data["actions"][5] = "pay a1"
    data["result"] = None
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("args, needle", [
    (("print", "reclaim", "--paper", "a5", "-o", "{out}"), "invalid choice"),
    (("print", "reclaim", "--what", "board", "-o", "{out}"), "invalid choice"),
    (("print", "reclaim", "--map", "desert", "-o", "{out}"), "no map 'desert' (choose river or lake)"),
    (("print", "reclaim", "--map", "lake", "--what", "cards", "-o", "{out}"), "--what cards"),
    (("print", "reclaim", "--bleed", "-2", "-o", "{out}"), "--bleed"),
    (("print", "reclaim", "--bleed", "wide", "-o", "{out}"), "invalid float"),
    (("print", "reclaim", "--back-offset", "1;2", "-o", "{out}"), "--back-offset"),
    (("print", "reclaim", "--back-offset", "1,2,3", "-o", "{out}"), "--back-offset"),
    (("print", "reclaim", "--seat", "2", "-o", "{out}"), "--seat needs --record"),
    (("print", "chess", "-o", "{out}"), "unknown game"),
    (("print", "reclaim"), "-o"),
    (("print", "reclaim", "--record", "{bad}", "-o", "{out}"), "not valid JSON"),
    (("print", "reclaim", "--record", "{missing}", "-o", "{out}"), "cannot read"),
    (("print", "reclaim", "--record", "{illegal}", "-o", "{out}"), "action 6"),
    (("print", "reclaim", "--record", "{illegal}", "--what", "cards", "-o", "{out}"), "action 6"),
    (("print", "reclaim", "--record", "{game}", "--what", "cards", "-o", "{out}"), "--record"),
    (("print", "reclaim", "--record", "{game}", "--map", "lake", "-o", "{out}"), "--map"),
    (("print", "reclaim", "--record", "{game}", "--seat", "3", "-o", "{out}"), "from 1 to 2"),
    (("print", "reclaim", "-o", "{nodir}"), "cannot write"),
])
def test_print_bad_input_exits_2_with_one_line(tmp_path, capsys, args, needle):
    paths = {"out": str(tmp_path / "out.pdf"), "bad": str(_bad_record(tmp_path)),
             "missing": str(tmp_path / "missing.json"), "nodir": str(tmp_path / "no" / "such" / "out.pdf")}
    if "{illegal}" in args:
        paths["illegal"] = str(_illegal_record(tmp_path, capsys))
    if "{game}" in args:
        paths["game"] = str(tmp_path / "game.json")
        assert run(capsys, "play", "reclaim", "--agents", "random", "--players", "2", "--record", paths["game"])[0] == 0
    code, _, err = run(capsys, *(a.format(**paths) for a in args))
    assert code == 2, err
    assert needle in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "out.pdf").exists()
    assert not list(tmp_path.glob(".*.tmp"))


def test_print_into_a_read_only_folder_leaves_nothing(tmp_path, capsys):
    import os

    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running with rights that ignore folder permissions")
        code, _, err = run(capsys, "print", "reclaim", "--what", "rules", "-o", str(folder / "r.pdf"))
        assert code == 2 and "cannot write" in err and len(err.strip().splitlines()) == 1
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)
