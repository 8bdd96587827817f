"""The print kits in Japanese: the committed A4 kits of sheets/ (kept up to date by
each game's staleness test) carry Japanese text set in the embedded IPA Gothic."""

import re

import pypdfium2 as pdfium
import pytest

from reclaimdesk.core import i18n
from reclaimdesk.export.kit import SHEETS_DIR, PrintOptions, build_print_pdf, kit_files

# Words each kit must show in Japanese (from its rules summary, print guide, sheets and cards).
WORDS = {
    "reclaim": ["リクレイム", "ルール要約", "区画", "得点トラック", "特殊アクション", "プリント＆プレイキット",
                "木材", "川マップ"],
    "the-reclamation": ["ザ・リクラメーション", "庭師", "フラワー", "テンドリル", "開拓", "四隅", "スローン"],
    "claim-control": ["クレイム・コントロール", "スクエア", "マーカー", "影響力", "得点表", "マル", "バツ"],
    "alluvium": ["アルヴィウム", "開拓カード", "方向カード", "面積ボーナス", "協力", "チェック", "場札", "手札"],
    "reclamation-wars": ["リクラメーション・ウォーズ", "デモリッシャー", "ヘクス"],
}


def page_texts(data: bytes) -> list[str]:
    doc = pdfium.PdfDocument(data)
    try:
        return [doc[i].get_textpage().get_text_bounded() for i in range(len(doc))]
    finally:
        doc.close()


def font_names(data: bytes) -> tuple[set[str], int]:
    """The /BaseFont names a PDF uses and how many embedded TrueType programs it has."""
    names = set(re.findall(rb"/BaseFont\s*/([A-Za-z0-9+\-]+)", data))
    return {n.decode() for n in names}, data.count(b"/FontFile2")


def japanese_kits():
    return [f for f in kit_files(variants=False) if f.lang == "ja"]


def test_every_game_has_a_japanese_a4_kit():
    games = {f.kit.game for f in kit_files()}
    assert {(f.kit.game, f.paper_key) for f in japanese_kits()} == {(g, "a4") for g in games}
    for f in japanese_kits():
        assert f.name == f"{f.kit.game}-a4-ja.pdf"
        assert (SHEETS_DIR / f.name).is_file()


@pytest.mark.parametrize("item", japanese_kits(), ids=lambda f: f.name)
def test_japanese_kit_text_and_fonts(item):
    data = (SHEETS_DIR / item.name).read_bytes()
    text = "\n".join(page_texts(data))
    for word in WORDS[item.kit.game]:
        assert word in text, f"{item.name} lacks {word!r}"
    # the English kit's headings are gone, not printed next to the Japanese ones
    assert "rules summary" not in text and "print-and-play kit" not in text
    names, programs = font_names(data)
    assert any(n.endswith("+IPAGothic") for n in names), names
    # every font is an embedded subset (XXXXXX+Name), none of the PDF base-14 fonts
    assert names and all(re.fullmatch(r"[A-Z]{6}\+.+", n) for n in names), names
    assert programs >= len(names)


def test_japanese_kit_every_page_has_japanese():
    for item in japanese_kits():
        for number, text in enumerate(page_texts((SHEETS_DIR / item.name).read_bytes()), start=1):
            if not text.strip() or "（両面印刷のための白紙ページです）" in text:
                continue
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text), f"{item.name} page {number}: {text[:80]!r}"


def test_build_follows_the_current_language():
    try:
        i18n.set_language("ja")
        ja = build_print_pdf("claim-control", PrintOptions(what="rules"))
    finally:
        i18n.set_language("en")
    en = build_print_pdf("claim-control", PrintOptions(what="rules"))
    assert "ルール要約" in page_texts(ja)[0]
    assert "rules summary" in page_texts(en)[0] and "ルール要約" not in page_texts(en)[0]
    assert i18n.language() == "en"


def test_filled_sheet_and_position_in_japanese():
    """A played game printed in Japanese: Reclaim's filled sheet and The
    Reclamation's board with why the game ended, both in Japanese."""
    from reclaimdesk.core.agents import play_game
    from reclaimdesk.core.game import get_game
    from reclaimdesk.export.reclaim_kit import reclaim_filled_sheet_pdf
    from reclaimdesk.export.the_reclamation_kit import the_reclamation_position_pdf

    reclaim = get_game("reclaim")
    state = reclaim.new_game(1, 4)
    play_game(state, [reclaim.agent("easy", 4)])
    tr = get_game("the-reclamation")
    position = tr.new_game(2, 2)
    play_game(position, [tr.agent("random", 1), tr.agent("random", 2)])
    assert position.is_terminal()
    with i18n.using_language("ja"):
        sheet = page_texts(reclaim_filled_sheet_pdf(state))[0]
        board = page_texts(the_reclamation_position_pdf(position))[-1]
        reason = position.end_reason_text()
    assert "合計得点" in sheet and "席1/1" in sheet and "ゲーム終了" in sheet
    status = next(line for line in board.splitlines() if "ゲーム終了" in line)
    assert re.search(r"ゲーム終了：(フラワー|テンドリル)", status), status
    assert reason and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", reason)
    assert position.end_reason and not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", position.end_reason)
