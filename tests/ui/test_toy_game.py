"""The plug-in proof: the toy sixth game of ``tests/toy`` (its rules, its table
on the shared bases, its kit), registered from outside the package, shows up
everywhere a game does: the start page, the Game menu while it is played, undo
and redo, the Export dialog, ``reclaimdesk games``, ``play``, ``print`` and the
conformance test. No shared file knows about it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QMenu

from tests.toy import TOY


def test_the_toy_game_is_everywhere_a_game_is(toy, qtbot, tmp_path, capsys):
    from reclaimdesk.cli import main
    from reclaimdesk.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    # the start page: its card, from its spec and its table
    card = window.start_page.cards[TOY]
    assert card.playable and "new" in card.buttons and "Toy Nim" in card.findChild(QLabel).text()
    assert not window.game_menu.menuAction().isVisible()
    # its personal bests: none kept, no section; kept, on the start page and in the dialog
    from reclaimdesk.ui.common import data_dir

    window.finish_start_page()
    assert TOY not in window.start_page.bests
    (data_dir() / "toy-bests.txt").write_text("7 5 9")
    window.finish_start_page()
    assert window.start_page.bests[TOY].cells == (("1", "9"), ("2", "7"), ("3", "5"))
    assert "Toy Nim: Fewest turns" in [lb.text() for lb in window.start_page.findChildren(QLabel)]
    window.show_bests()
    assert window.dialog.tables["Toy Nim"].cells[0] == ("1", "9")
    window.dialog.close()
    # played: its new-game dialog, its page, its command in the Game menu
    card.buttons["new"].click()
    window.dialog.pick()
    assert window.page is not None and window.page.game_id == TOY
    texts = [a.text() for a in window.game_menu.actions()]
    assert window.game_menu.menuAction().isVisible() and "Take &two" in texts
    page = window.page
    page.take_two.trigger()
    assert page.controller.state.left == 5
    # a click on the board through the view: the token third from the left takes one more
    view = page.table.view
    at = view.mapFromScene(page.table.tokens[2].rect().center())
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert page.controller.state.left == 4 and window.undo_action.isEnabled()
    # undo and redo: the base's, through Edit > Undo and Edit > Redo
    window.undo_action.trigger()
    assert page.controller.state.left == 5 and window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert page.controller.state.left == 4 and not window.redo_action.isEnabled()
    from reclaimdesk.core.record import load_record
    from reclaimdesk.ui.common import data_dir as folder

    assert load_record(folder() / f"autosave-{TOY}.json").actions == ["2", "1"]  # the base's autosave
    # its setting in the Options menu, under its name, passed to its page
    options = next(m for m in window.menuBar().findChildren(QMenu) if m.title() == "&Options")
    toy_menu = next(a.menu() for a in options.actions() if a.menu() is not None and a.text() == "Toy Nim")
    bell = next(a for a in toy_menu.actions() if a.text() == "Ring a bell")
    bell.trigger()
    assert window.page.settings_seen[-1] == {"bell": True} and window.options(TOY) == {"bell": True}
    # its Export from the game: its kit, its filled board
    window.export_action.trigger()
    d = window.page.export_dialog
    assert d.game_id == TOY and d.what() == "filled" and not d.grey_box.isEnabled()
    d.reject()
    window.back_to_start()
    # the Export dialog from the start page lists it, with what its kit lacks disabled
    window.export_action.trigger()
    d = window.dialog
    d.game_box.setCurrentIndex(d.game_box.findData(TOY))
    assert d.game_id == TOY and not d.what_buttons["cards"].isEnabled()
    assert "no 'cards'" in d.what_buttons["cards"].toolTip()
    d.reject()
    window.close()

    # the command line
    assert main(["games"]) == 0
    assert "toy-nim" in capsys.readouterr().out
    assert main(["play", TOY, "--agents", "random", "--seed", "4"]) == 0
    assert "Toy Nim" in capsys.readouterr().out
    out = tmp_path / "toy.pdf"
    assert main(["print", TOY, "--what", "rules", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert main(["print", TOY, "--what", "cards", "-o", str(out)]) == 2
    assert "no 'cards'" in capsys.readouterr().err


def test_the_toy_game_passes_conformance(toy):
    import tests.test_conformance as conformance

    conformance.test_registered_spec_is_sane(toy)
    conformance.test_random_games_obey_the_api(toy)
    conformance.test_actions_round_trip_through_notation(toy)
