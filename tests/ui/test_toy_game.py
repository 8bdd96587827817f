"""The plug-in proof: a tiny toy game that lives only here (its rules, its table
and its kit), registered from outside the package, shows up everywhere a game
does: the start page, the Game menu while it is played, the Export dialog,
``reclaimdesk games``, ``play``, ``print`` and the conformance test. No shared
file knows about it."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest
from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QLabel, QMenu, QStackedWidget

from reclaimdesk.core.errors import NotationError
from reclaimdesk.core.game import TERMINAL, Credits, GameSpec, GameState, register, unregister

TOY = "toy-nim"


class ToyState(GameState):
    """Nim for two: take 1 or 2 of 7 tokens; whoever takes the last one wins."""

    def __init__(self, num_players: int, seed: int, options: Any) -> None:
        super().__init__(num_players, seed, options)
        self.left = 7
        self.to_move = 0
        self.winner: int | None = None

    @property
    def current_player(self) -> int:
        return TERMINAL if self.winner is not None else self.to_move

    def legal_actions(self) -> list[Hashable]:
        return [] if self.winner is not None else [n for n in (1, 2) if n <= self.left]

    def why_illegal(self, action: Hashable) -> str:
        if self.winner is not None:
            return "the game is over"
        return "" if action in self.legal_actions() else f"cannot take {action} of {self.left}"

    def _apply(self, action: Hashable) -> None:
        self.left -= int(action)  # type: ignore[arg-type]
        if self.left == 0:
            self.winner = self.to_move
        self.to_move = 1 - self.to_move

    def scores(self) -> list[float]:
        return [1.0 if self.winner == i else 0.0 for i in range(2)]

    def parse_action(self, text: str) -> Hashable:
        if text.strip() not in ("1", "2"):
            raise NotationError(f"'{text}' is not 1 or 2")
        return int(text)

    def state_key(self) -> Hashable:
        return (self.left, self.to_move, self.winner)


SPEC = GameSpec(TOY, "Toy Nim", 2, 2, (0.0, 1.0), 7, ToyState, summary="Take one or two tokens; last one wins.",
                credits=Credits(designers=("A Test",)), order=99)


# --- its table ------------------------------------------------------------------------------------
class ToyDialog(QDialog):
    chosen = Signal(dict)

    def pick(self) -> None:
        self.accept()
        self.chosen.emit({"players": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
                          "seed": 3, "options": {}})


class ToyPage(QStackedWidget):
    status = Signal(str, int)
    actionsChanged = Signal()
    homeRequested = Signal()
    newGameRequested = Signal(str)
    game_id = TOY

    def __init__(self, state: ToyState) -> None:
        super().__init__()
        self.state = state
        self.addWidget(QLabel("tokens"))
        self.take_two = QAction("Take &two", self)
        self.take_two.triggered.connect(lambda: self.state.apply(2))
        self.exported = 0
        self.settings_seen: list[dict] = []

    def title(self) -> str: return "Toy Nim"
    def started(self) -> None: pass
    def options(self) -> dict: return {}
    def set_options(self, values: dict) -> None: self.settings_seen.append(values)
    def can_undo(self) -> bool: return False
    def can_redo(self) -> bool: return False
    def can_hint(self) -> bool: return False
    def undo(self) -> None: pass
    def redo(self) -> None: pass
    def hint(self) -> None: pass
    def record(self) -> Any: return self.state.to_record([{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}])
    def menu_actions(self) -> list: return [self.take_two]
    def shutdown(self) -> None: pass

    def export_pdf(self) -> None:
        from reclaimdesk.ui.export_dialog import GameSnapshot, open_export_dialog

        self.export_dialog = open_export_dialog(self, None, GameSnapshot(self.state.clone(), ("A", "B"), 0, TOY))


def _table():
    from reclaimdesk.ui.plugin import Table

    from reclaimdesk.ui.plugin import MenuOption

    class ToyTable(Table):
        game_id = TOY
        menu_options = (MenuOption("bell", "Ring a bell", False, tip="Ring when a token is taken"),)

        def new_game_dialog(self, settings, parent=None, value=None, action=None):
            return ToyDialog(parent)

        def page_for_choice(self, choice, settings=None, options_ui=None):
            return ToyPage(SPEC.new_game(2, choice["seed"]))  # type: ignore[arg-type]

        def page_from_record(self, record, settings=None, source=None, options_ui=None):
            return ToyPage(record.replay())

        def personal_bests(self, folder, limit):
            from reclaimdesk.ui.plugin import BestsTable

            path = folder / "toy-bests.txt"
            if not path.exists():
                return None
            wins = sorted((int(w) for w in path.read_text().split()), reverse=True)[:limit]
            return BestsTable("Fewest turns", ("#", "Turns"), tuple((str(i + 1), str(w)) for i, w in enumerate(wins)))

    return ToyTable()


# --- its kit --------------------------------------------------------------------------------------
def _kit():
    from reclaimdesk.export.kit import GameKit
    from reclaimdesk.export.layout import PAPER_SIZES
    from reclaimdesk.export.options import KitOffer
    from reclaimdesk.export.pdf import PdfDocument

    def pdf(paper_key: str, text: str) -> bytes:
        doc = PdfDocument(title="Toy Nim")
        with doc.page(PAPER_SIZES[paper_key]) as page:
            page.text(20, 250, text, size_pt=12)
        return doc.to_bytes()

    def rules(options):
        return pdf(options.paper, "Take one or two tokens; last one wins.")

    return GameKit(TOY, parts={"rules": rules, "all": rules}, offer=KitOffer(greyscale=False, filled="board"),
                   filled=lambda state, options: pdf(options.paper, f"{state.left} tokens left"))


@pytest.fixture
def toy():
    from reclaimdesk.export.kit import register_kit, unregister_kit
    from reclaimdesk.ui.plugin import register_table, unregister_table

    register(SPEC)
    register_table(_table())
    register_kit(_kit())
    yield SPEC
    unregister_kit(TOY)
    unregister_table(TOY)
    unregister(TOY)


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
    window.page.take_two.trigger()
    assert window.page.state.left == 5
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
