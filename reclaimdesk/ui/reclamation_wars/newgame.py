"""Setting up a game of Reclamation Wars: one person against two computer
players (choose your colour and each computer's level), or people at one
computer (hot seat, up to three; a seat nobody takes is played by the
computer), on the standard or the large board. The last choice is remembered."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from reclaimdesk.core.i18n import N_, _
from reclaimdesk.ui.board import newgame as setup
from reclaimdesk.ui.reclamation_wars import TABLE
from reclaimdesk.ui.reclamation_wars.items import seat_pixmap
from reclaimdesk.ui.reclamation_wars.model import SEATS, colour_name

SETTINGS_KEY = "reclamation-wars/new-game"
BOARDS = (("standard", N_("Standard: 61 hexes, 5 on each side")), ("large", N_("Large: 91 hexes, 6 on each side")))
PERSON = setup.PERSON


def players_for(mode: str, side: int = 0, levels: tuple[str, ...] = ("normal", "normal", "normal"),
                seats: tuple[str, ...] = (PERSON, PERSON, PERSON), names: tuple[str, ...] = ("", "", "")) -> list[dict]:
    """The record's three players for a choice: against the computer, you on
    ``side`` and ``levels[s]`` for the others; or hot seat, where ``seats[s]``
    is ``person`` or an AI level."""
    return setup.seat_players(SEATS, mode, side, levels, seats, names)


def describe_players(players: list[dict]) -> str:
    """'you as Blue against two AI players' or 'three people' for the start page."""
    humans = [s for s, p in enumerate(players) if p.get("kind") != "ai"]
    if len(humans) == 1:
        return _("you as {colour} against two AI players").format(colour=colour_name(humans[0]))
    if len(humans) == 3:
        return _("three people")
    return _("two people and an AI player")


class NewGameDialog(setup.SetupDialog):
    """Emits ``chosen`` with ``{"players", "seed", "options"}``."""

    def __init__(self, settings: Any, parent: QWidget | None = None) -> None:
        super().__init__(settings, _("New game of Reclamation Wars"), parent)
        layout = self.body

        board_box = QGroupBox(_("Board"))
        bl = QVBoxLayout(board_box)
        self.board_combo = setup.combo((_(text), key) for key, text in BOARDS)
        bl.addWidget(self.board_combo)
        layout.addWidget(board_box)

        mode_box = QGroupBox(_("Players"))
        ml = QVBoxLayout(mode_box)
        self.ai_radio, self.humans_radio, self.mode_group = setup.opponent_radios(
            self, _("Against two computer players"), _("People at this computer (up to three)"))
        self.add_seat_forms(ml, SEATS, TABLE.levels, side_text=self._seat_text, level_text=colour_name,
                            seat_icon=lambda s: seat_pixmap(s, 20))
        layout.addWidget(mode_box)
        self.finish(self.mode_group)

    @staticmethod
    def _seat_text(seat: int) -> str:
        order = (_("plays first"), _("plays second"), _("plays third"))[seat]
        return _("{colour} ({order})").format(colour=colour_name(seat), order=order)

    def _load(self) -> None:
        saved = setup.load_choice(self.settings, SETTINGS_KEY)
        index = self.board_combo.findData(saved.get("board", "standard"))
        self.board_combo.setCurrentIndex(max(index, 0))
        (self.humans_radio if saved.get("mode") == "humans" else self.ai_radio).setChecked(True)
        side = saved.get("side", 0)
        self.side_box.setCurrentIndex(side if side in range(SEATS) else 0)
        setup.restore_seats(saved, self.level_boxes, self.seat_boxes, self.name_edits)

    def _update(self) -> None:
        ai = self.ai_radio.isChecked()
        self.ai_form.setEnabled(ai)
        self.seats_form.setEnabled(not ai)
        side = int(self.side_box.currentData() or 0)
        for s in range(SEATS):
            self.level_boxes[s].setVisible(s != side)
            self.level_labels[s].setVisible(s != side)
            self.name_edits[s].setEnabled(self.seat_boxes[s].currentData() == PERSON)
        people = sum(1 for b in self.seat_boxes if b.currentData() == PERSON)
        ok = ai or people >= 1
        if hasattr(self, "start_button"):
            self.start_button.setEnabled(ok)
        if ai:
            self.note.setText(_("You play one colour; the computer plays the other two, each at its level."))
        elif people == 0:
            self.note.setText(_("Choose at least one person."))
        else:
            self.note.setText(_("Pass the mouse to whoever plays next; the computer plays the other seats."))

    def choice(self) -> dict:
        board = str(self.board_combo.currentData())
        names = tuple(e.text() for e in self.name_edits)
        if self.ai_radio.isChecked():
            levels = tuple(str(b.currentData()) for b in self.level_boxes)
            players = players_for("ai", int(self.side_box.currentData()), levels, names=names)
        else:
            players = players_for("humans", seats=tuple(str(b.currentData()) for b in self.seat_boxes), names=names)
        return {"players": players, "seed": setup.random_seed(), "options": {"board": board}}

    def remember(self, choice: dict) -> None:
        self.remember_json(SETTINGS_KEY, {
            "board": choice["options"]["board"],
            "mode": "ai" if self.ai_radio.isChecked() else "humans",
            "side": int(self.side_box.currentData()),
            "levels": [str(b.currentData()) for b in self.level_boxes],
            "seats": [str(b.currentData()) for b in self.seat_boxes],
            "names": [e.text() for e in self.name_edits],
        })
