"""Alluvium's print kit: the pages it holds, the cards (30 pieces, the two-sided
direction card, aids in the empty places), the filled sheets of a game, the
options it refuses, Japanese text, and byte-identical output."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.game import get_game
from reclaimdesk.core.i18n import using_language
from reclaimdesk.export.alluvium_kit import (
    AidCard,
    DirectionCard,
    PieceCard,
    alluvium_all_pdf,
    alluvium_game_pdf,
    kit_cards,
    printed_cards,
)
from reclaimdesk.export.kit import PrintOptions, build_print_pdf
from reclaimdesk.export.kit_pages import card_layout_for


def pages(data: bytes) -> list[str]:
    pdf = pdfium.PdfDocument(data)
    return [pdf[i].get_textpage().get_text_bounded() for i in range(len(pdf))]


def finished_game(players: int = 4, seed: int = 2):
    state = get_game("alluvium").new_game(players, seed)
    agent = RandomAgent(seed)
    while not state.is_terminal():
        state.apply(agent.choose(state))
    return state


def test_the_deck_is_five_colours_of_six_pieces_and_the_direction_card():
    cards = printed_cards()
    pieces = [c for c in cards if isinstance(c, PieceCard)]
    assert len(pieces) == 30
    assert {c.colour for c in pieces} == set(range(5))
    assert sum(isinstance(c, DirectionCard) for c in cards) == 1
    deck = kit_cards(card_layout_for("a4"))
    assert len(deck) % 9 == 0 and sum(isinstance(c, AidCard) for c in deck) == len(deck) - 31


def test_the_whole_kit_has_cover_rules_sheets_and_duplex_card_pages():
    text = pages(alluvium_all_pdf("a4"))
    assert len(text) == 4 + 2 + 2 * 4
    assert "Checklist" in text[0] and "30" in text[0] and "Duplex test" in text[0]
    assert "DUPLEX TEST, side 1" in text[4] and "DUPLEX TEST, side 2" in text[5]
    assert "rules summary" in text[1].lower()
    assert "player sheet" in text[2].lower()
    assert all(t.strip() for t in text), "no empty page"
    assert "clockwise" in text[-2] and "counterclockwise" in text[-1]


def test_a_game_prints_every_players_filled_sheet_with_its_scores():
    state = finished_game()
    names = ("Ann", "Bo", "Cy", "Di")
    text = pages(alluvium_game_pdf(state, "letter", players=names))
    assert len(text) == 1 + 4
    for owner, page in enumerate(text[1:]):
        assert str(int(state.scores()[owner])) in page
        assert str(state.seed) in page and names[owner] in page


def test_the_result_page_names_the_winner_and_shows_how_each_total_came():
    state = finished_game(players=3, seed=5)
    names = ("Ann", "Bo", "Cy")
    result = pages(alluvium_game_pdf(state, "a4", players=names))[0]
    lines = [line.strip() for line in result.splitlines()]
    winners = state.winners()
    if len(winners) == 1:
        assert f"Winner: {names[winners[0]]}" in result
    else:
        assert "Draw between" in result
    for seat in range(3):
        part = state.breakdown(seat)
        coop = part["cooperation"]
        sums = "+".join(str(v) for v in coop.values()) + f" = {sum(coop.values())}"
        row = next(line for line in lines if line.startswith(names[seat]))
        # the row adds up: each round's area, what each other sheet gave, the total
        assert row.split()[-1] == str(int(state.scores()[seat])) == str(sum(part["area"]) + sum(coop.values()))
        assert sums.replace(" ", "") in row.replace(" ", ""), row
        assert f"On {names[seat]}" in result
    # each sheet's ranking: its ranked colours' checks, place and points, the virtual player named
    for owner in range(3):
        for place in state.cooperation_ranking(owner):
            assert str(place.checks) in result and str(place.group) in result
    assert "virtual player" in result


def test_print_options_are_checked():
    with pytest.raises(ValueError, match="--map"):
        build_print_pdf("alluvium", PrintOptions(map_id="river"))
    with pytest.raises(ValueError, match="--seat"):
        build_print_pdf("alluvium", PrintOptions(seat=1))
    assert len(pages(build_print_pdf("alluvium", PrintOptions(what="rules")))) == 1
    assert len(pages(build_print_pdf("alluvium", PrintOptions(what="sheets"), finished_game(3)))) == 1 + 3


def test_the_kit_is_byte_identical_and_speaks_japanese():
    assert alluvium_all_pdf("a4") == alluvium_all_pdf("a4")
    with using_language("ja"):
        text = pages(alluvium_all_pdf("a4"))
    joined = "".join(text)
    assert "アルヴィウム" in joined and "方向" in joined and "面積ボーナス" in joined


def test_the_committed_kits_in_sheets_are_current():
    from reclaimdesk.export.kit import kit_files

    from .kit_checks import check_committed_kits

    files = [f for f in kit_files() if f.kit.game == "alluvium"]
    assert {f.name for f in files} == {f"alluvium{variant}-{paper}.pdf" for paper in ("a4", "letter", "a4-ja")
                                       for variant in ("", "-cards-bleed", "-cards-fold", "-ink-saver")}
    check_committed_kits(files)


def test_the_sheet_has_a_cooperation_box_for_each_other_colour_as_the_book_has_them():
    """The rounds' area bonuses in the upper row; below, one box per other colour for
    the cooperation bonus its sheet gives, and the total; a filled sheet writes each
    bonus given and the total the engine counts."""
    from reclaimdesk.core.agents import play_game
    from reclaimdesk.core.game import get_game
    from reclaimdesk.export.alluvium_kit import alluvium_game_pdf, load_components
    from tests.export.kit_checks import page_texts

    rows = load_components().sheet.track_rows
    spec = get_game("alluvium")
    state = play_game(spec.new_game(4, 3), [spec.agent("random", 60 + i) for i in range(4)])
    texts = page_texts(alluvium_game_pdf(state, players=("Ada", "Bo", "Cy", "Di")))
    for owner in range(4):
        sheet = next(t for t in texts if f"{('Ada', 'Bo', 'Cy', 'Di')[owner]} (" in t.split("\n")[0])
        assert sheet.count("cooperation") == rows, sheet
        part = state.breakdown(owner)
        lines = [line.strip() for line in sheet.split("\n")]
        for value in part["cooperation"].values():
            assert str(value) in lines
        assert str(int(state.scores()[owner])) in lines
