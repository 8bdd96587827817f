"""File > Export PDF: the options of 'reclaimdesk print', a preview built off the
GUI thread, saving, errors and remembered settings."""

from __future__ import annotations

from functools import lru_cache

import pypdfium2 as pdfium
import pytest
from PySide6.QtWidgets import QDialog, QMessageBox

from reclaimdesk.export.reclaim_kit import reclaim_filled_sheet_pdf
from reclaimdesk.ui.common import make_settings
from reclaimdesk.ui.export_dialog import FILLED, PDFIUM_LOCK, ExportDialog, GameSnapshot

A4_PT = (595.28, 841.89)
LETTER_PT = (612.0, 792.0)


@lru_cache(maxsize=None)
def finished_game(players: int = 2, seed: int = 4):
    from reclaimdesk.core.agents import play_game
    from reclaimdesk.core.game import get_game

    spec = get_game("reclaim")
    return play_game(spec.new_game(players, seed, {}), [spec.agent("easy", seed + i) for i in range(players)])


def snapshot(seat: int = 0) -> GameSnapshot:
    return GameSnapshot(finished_game().clone(), ("Ada", "Bot"), seat)


def make(qtbot, settings=None, game=None) -> ExportDialog:
    dialog = ExportDialog(settings if settings is not None else make_settings(), game=game)
    qtbot.addWidget(dialog)
    return dialog


def settle(qtbot, dialog: ExportDialog) -> ExportDialog:
    qtbot.waitUntil(lambda: dialog.ready, timeout=10_000)
    return dialog


def texts(pdf: bytes) -> list[str]:
    with PDFIUM_LOCK:  # a preview may be rendering on a worker thread
        doc = pdfium.PdfDocument(pdf)
        return [doc[i].get_textpage().get_text_bounded() for i in range(len(doc))]


def size_close(size, expected) -> bool:
    return all(abs(a - b) < 0.05 for a, b in zip(size, expected))


def test_the_preview_is_built_off_the_gui_thread_and_counts_the_pages(qtbot):
    d = make(qtbot)
    assert FILLED not in d.what_buttons
    assert not d.ready and d.worker.busy          # the PDF is being built on the worker
    assert not d.save_button.isEnabled()
    d.paper_box.setCurrentIndex(d.paper_box.findData("a4"))
    d.set_what("sheets")
    d.map_box.setCurrentIndex(d.map_box.findData("river"))
    settle(qtbot, d)
    assert d.page_count() == 1 and d.thumbs.count() == 1
    assert size_close(d.preview.sizes[0], A4_PT)
    assert d.view.image is not None and d.view.image.height() > 1000   # the large page
    assert d.save_button.isEnabled() and "1 page on A4" in d.status.text()

    d.map_box.setCurrentIndex(d.map_box.findData(""))                     # both maps
    assert not d.ready and not d.save_button.isEnabled()
    settle(qtbot, d)
    assert d.page_count() == 2

    d.set_what("cards")
    assert not d.map_box.isEnabled() and d.bleed_box.isEnabled()
    d.bleed_box.setValue(0.0)
    settle(qtbot, d)
    assert d.page_count() == 8                     # 30 cards, 9 a page: 4 fronts, 4 backs
    d.bleed_box.setValue(3.0)
    settle(qtbot, d)
    assert d.page_count() == 8                     # with bleed (fitted to 2.25 mm), still 9 a page
    d.thumbs.setCurrentRow(3)
    qtbot.waitUntil(lambda: 3 in d.preview.large, timeout=5_000)
    assert d.view.image is d.preview.large[3]

    d.set_what("rules")
    assert not d.bleed_box.isEnabled() and d.cards_hint.isVisibleTo(d)
    settle(qtbot, d)
    assert d.page_count() == 1


def test_the_filled_sheet_is_offered_only_with_a_game(qtbot):
    game = finished_game()
    d = settle(qtbot, make(qtbot, game=snapshot(seat=1)))
    assert d.what() == FILLED and d.what_buttons[FILLED].isChecked()
    assert d.seat_box.isVisibleTo(d) and d.seat_box.currentData() == 2
    assert d.default_file_name() == "reclaim-filled-sheet-seat2.pdf"
    paper = str(d.paper_box.currentData())
    assert d.preview.data == reclaim_filled_sheet_pdf(game, 1, paper, players=("Ada", "Bot"))  # the command line's bytes
    assert d.page_count() == 1
    d.seat_box.setCurrentIndex(0)
    settle(qtbot, d)
    total = int(game.scores()[0])
    shown = f"\u2212{-total}" if total < 0 else str(total)
    assert f"Total score: {shown}" in texts(d.preview.data)[0]
    d.set_what("all")
    assert not d.seat_box.isEnabled()
    settle(qtbot, d)
    assert d.page_count() > 10

    blank = make(qtbot)
    assert FILLED not in blank.what_buttons and blank.what() != FILLED


def test_save_writes_the_pdf_on_the_chosen_paper(qtbot, tmp_path):
    d = make(qtbot)
    d.set_what("rules")
    d.paper_box.setCurrentIndex(d.paper_box.findData("letter"))
    settle(qtbot, d)
    assert d.default_file_name() == "reclaim-rules-letter.pdf"
    target = tmp_path / "rules.pdf"
    with qtbot.waitSignal(d.saved) as signal:
        assert d.save_to(target)
    assert signal.args == [str(target)]
    data = target.read_bytes()
    assert data.startswith(b"%PDF") and data == d.preview.data
    with PDFIUM_LOCK:
        doc = pdfium.PdfDocument(data)
        assert len(doc) == 1 and size_close(doc[0].get_size(), LETTER_PT)
    assert d.result() == QDialog.DialogCode.Accepted


def test_an_unwritable_path_shows_an_error_and_leaves_no_file(qtbot, tmp_path):
    d = settle(qtbot, make(qtbot, game=snapshot()))
    d.show()
    out = tmp_path / "out"
    out.mkdir()
    target = out / "no" / "such" / "folder" / "sheet.pdf"
    assert not d.save_to(target)
    box = d.last_message
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "cannot write" in box.text() and "Nothing was written" in box.text()
    assert not target.exists() and list(out.rglob("*")) == []
    assert d.isVisible()                               # still open: choose another place
    box.close()


def test_options_are_remembered_between_openings(qtbot):
    settings = make_settings()
    d = make(qtbot, settings)
    d.set_what("cards")
    d.paper_box.setCurrentIndex(d.paper_box.findData("letter"))
    d.map_box.setCurrentIndex(d.map_box.findData("lake"))
    d.grey_box.setChecked(True)
    d.bleed_box.setValue(2.5)
    d.back_x.setValue(-1.5)
    d.back_y.setValue(0.5)
    settle(qtbot, d)
    d.reject()

    again = make(qtbot, make_settings())           # read back from the settings file
    assert again.what() == "cards"
    assert again.paper_box.currentData() == "letter"
    assert again.map_box.currentData() == "lake"
    assert again.grey_box.isChecked()
    assert (again.bleed_box.value(), again.back_x.value(), again.back_y.value()) == (2.5, -1.5, 0.5)
    options = again.options()
    assert (options.what, options.paper, options.bleed_mm, options.back_offset) == ("cards", "letter", 2.5, (-1.5, 0.5))
    settle(qtbot, again).reject()

    with_game = settle(qtbot, make(qtbot, make_settings(), game=snapshot()))
    assert with_game.what() == FILLED                  # a game's own sheet first...
    assert with_game.paper_box.currentData() == "letter"   # ...on the remembered paper
    assert size_close(with_game.preview.sizes[0], LETTER_PT)


def test_file_export_pdf_opens_the_dialog_from_the_start_page_and_from_a_game(qtbot, window, tmp_path):
    from reclaimdesk.core.record import save_record
    from reclaimdesk.ui.reclaim.endscreen import EndScreen

    assert window.export_action.isEnabled()
    window.export_action.trigger()
    blank = window.dialog
    assert isinstance(blank, ExportDialog) and blank.isVisible()
    assert FILLED not in blank.what_buttons
    settle(qtbot, blank)
    blank.reject()

    path = tmp_path / "done.json"
    save_record(finished_game().to_record([{"name": "Ada", "kind": "human"},
                                           {"name": "Bot", "kind": "ai", "level": "easy"}]), path)
    assert window.open_record(path)
    page = window.page
    assert isinstance(page.currentWidget(), EndScreen)
    assert window.export_action.isEnabled()
    window.export_action.trigger()
    d = page.export_dialog
    assert isinstance(d, ExportDialog) and d.what() == FILLED
    settle(qtbot, d).reject()

    page.end.seat_box.setCurrentIndex(page.end.seat_box.findData(1))
    page.end.export_button.click()                 # the end screen's button: the same dialog
    d = page.export_dialog
    assert isinstance(d, ExportDialog) and d.seat_box.currentData() == 2
    target = tmp_path / "seat2.pdf"
    settle(qtbot, d)
    assert d.save_to(target)
    assert target.read_bytes().startswith(b"%PDF")
    assert str(target) in window.statusBar().currentMessage()


@pytest.mark.parametrize("paper, expected", [("a4", A4_PT), ("letter", LETTER_PT)])
def test_the_whole_kit_preview_matches_the_paper(qtbot, paper, expected):
    d = make(qtbot)
    d.set_what("all")
    d.paper_box.setCurrentIndex(d.paper_box.findData(paper))
    d.bleed_box.setValue(0.0)
    d.map_box.setCurrentIndex(d.map_box.findData(""))
    settle(qtbot, d)
    assert d.page_count() == 14                    # cover, rules, 2 sheets, duplex test x2, 8 card pages
    assert all(size_close(s, expected) for s in d.preview.sizes), (d.options(), d.preview.sizes)


def test_a_failed_build_is_shown_and_nothing_can_be_saved(qtbot, monkeypatch):
    import reclaimdesk.export.kit as kit
    from reclaimdesk.export.errors import ExportError

    def broken(game, options, state=None):
        raise ExportError("the deck file is damaged")

    monkeypatch.setattr(kit, "build_print_pdf", broken)
    d = make(qtbot)
    qtbot.waitUntil(lambda: bool(d.last_error), timeout=10_000)
    assert d.last_error == "the deck file is damaged"
    assert "damaged" in d.status.text() and d.status.property("error")
    assert not d.ready and not d.save_button.isEnabled() and d.page_count() == 0
    monkeypatch.undo()
    d.set_what("rules")                                # any change tries again
    settle(qtbot, d)
    assert d.page_count() == 1 and not d.status.property("error")


def test_the_start_pages_export_offers_every_kit_with_the_same_controls(qtbot, window):
    from reclaimdesk.export.kit import kits
    from reclaimdesk.export.options import offers

    window.export_action.trigger()
    d = window.dialog
    games = [d.game_box.itemData(i) for i in range(d.game_box.count())]
    assert games == [k.game for k in kits()] and d.game_box.isEnabled()
    for kit in kits():
        d.game_box.setCurrentIndex(d.game_box.findData(kit.game))
        assert d.game_id == kit.game
        d.set_what("cards" if "cards" in kit.offer.parts else "all")
        # what the kit lacks is off, and its tooltip says why (the command line's words)
        for widget, option in ((d.bleed_box, "bleed"), (d.back_x, "back_offset"), (d.map_box, "map"),
                               (d.grey_box, "greyscale"), (d.ink_box, "greyscale"), (d.fold_box, "fold_over"),
                               (d.per_page_box, "sheets_per_page")):
            if offers(kit.offer, option):
                assert widget.toolTip() == d._tips[widget]
            else:
                assert not widget.isEnabled() and widget.toolTip() == d.lacks(option), (kit.game, option)
        d.set_what("rules")
        settle(qtbot, d)
        assert d.page_count() >= 1 and d.default_file_name().startswith(kit.game)
    d.reject()


def test_a_games_export_uses_its_kit_with_its_filled_board(qtbot, window):
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import GameRecord
    from reclaimdesk.ui.claim_control import TABLE

    state = get_game("claim-control").new_game(2, 1)
    state.apply(state.legal_actions()[0])
    record = GameRecord.from_state(state, [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}])
    window._show_page(TABLE.page_from_record(record, window.settings))
    window.export_action.trigger()
    d = window.page.export_dialog
    assert isinstance(d, ExportDialog) and d.game_id == "claim-control" and not d.game_box.isEnabled()
    assert d.what() == FILLED and d.what_buttons[FILLED].isEnabled()
    assert d.seat_box.isHidden()                    # the printed board shows both players
    d.set_what("sheets")
    assert not d.map_box.isEnabled() and "one board" in d.map_box.toolTip()
    settle(qtbot, d)
    assert d.default_file_name() == "claim-control-sheets-" + str(d.paper_box.currentData()) + ".pdf"
    d.reject()


def test_ink_saver_fold_over_and_two_sheets_a_page_are_in_the_dialog_as_on_the_command_line(qtbot):
    from reclaimdesk.export.kit import PrintOptions, build_print_pdf as print_pdf

    d = make(qtbot)
    d.game_box.setCurrentIndex(d.game_box.findData("reclaim"))
    d.paper_box.setCurrentIndex(d.paper_box.findData("a4"))
    d.set_what("sheets")
    assert d.per_page_box.isEnabled() and not d.fold_box.isEnabled()   # fold-over is for cards
    d.per_page_box.setCurrentIndex(d.per_page_box.findData(2))
    d.ink_box.setChecked(True)
    assert not d.grey_box.isEnabled()                                  # the ink saver is grey already
    settle(qtbot, d)
    options = d.options()
    assert (options.sheets_per_page, options.ink_saver, options.what) == (2, True, "sheets")
    same = print_pdf("reclaim", PrintOptions(what="sheets", paper="a4", ink_saver=True, sheets_per_page=2))
    one_up = print_pdf("reclaim", PrintOptions(what="sheets", paper="a4", ink_saver=True))
    assert texts(d.preview.data) == texts(same) != texts(one_up)    # two sheets a page: each page's text twice
    assert texts(same)[0].count(texts(one_up)[0].split()[0]) == 2 * texts(one_up)[0].count(texts(one_up)[0].split()[0])
    d.set_what("cards")
    assert d.fold_box.isEnabled() and not d.per_page_box.isEnabled()
    d.fold_box.setChecked(True)
    settle(qtbot, d)
    assert d.options().fold_over and d.options().sheets_per_page == 1
    folded = print_pdf("reclaim", PrintOptions(what="cards", paper="a4", ink_saver=True, fold_over=True))
    duplex = print_pdf("reclaim", PrintOptions(what="cards", paper="a4", ink_saver=True))
    assert texts(d.preview.data) == texts(folded) != texts(duplex)
    d.reject()
    again = make(qtbot, make_settings())                               # remembered
    assert again.ink_box.isChecked() and again.fold_box.isChecked() and again.per_page_box.currentData() == 2
    settle(qtbot, again).reject()
