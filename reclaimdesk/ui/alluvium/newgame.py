"""Setting up a game of Alluvium: the number of players (3 to 5; with 3 the
virtual player joins), the colour of each seat (as the rule book says, each
player takes the colour they like; with three players one of the colours left
is the virtual player's deck), then one person against the computer (choose your
seat and each computer's level) or people at one computer (hot seat: each seat
a person or a computer level). The last choice is remembered."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.games.alluvium.components import COLOUR_IDS
from reclaimdesk.ui.alluvium import TABLE
from reclaimdesk.ui.alluvium.colours import ColourChooser
from reclaimdesk.ui.alluvium.items import colour_pixmap
from reclaimdesk.ui.alluvium.model import colour_title
from reclaimdesk.ui.board import newgame as setup

SETTINGS_KEY = "alluvium/new-game"
MAX_SEATS = 5
PERSON = setup.PERSON


def players_for(count: int, mode: str, side: int = 0, levels: tuple[str, ...] = ("normal",) * MAX_SEATS,
                seats: tuple[str, ...] = (PERSON,) * MAX_SEATS, names: tuple[str, ...] = ("",) * MAX_SEATS
                ) -> list[dict]:
    """The record's players: against the computer (you on ``side``), or hot seat
    where ``seats[s]`` is ``person`` or an AI level."""
    return setup.seat_players(count, mode, side, levels, seats, names)


def describe_players(players: list[dict], palette: tuple[str, ...] = COLOUR_IDS) -> str:
    """'4 players, you as red' or '3 people and 1 AI player' for the start page
    (``palette``: the game's colour of each seat)."""
    humans = [s for s, p in enumerate(players) if p.get("kind") != "ai"]
    if len(humans) == 1:
        return _("{count} players, you as {colour}").format(count=len(players),
                                                           colour=colour_title(palette[humans[0]]).lower())
    return _("{people} people and {ai} AI players").format(people=len(humans), ai=len(players) - len(humans))


class NewGameDialog(setup.SetupDialog):
    """Emits ``chosen`` with ``{"players", "seed", "options"}``."""

    def __init__(self, settings: Any, parent: QWidget | None = None) -> None:
        super().__init__(settings, _("New game of Alluvium"), parent)
        layout = self.body

        count_box = QGroupBox(_("Players and colours"))
        cl = QVBoxLayout(count_box)
        self.count_combo = setup.combo([(_("3 players (a virtual fourth colour joins)"), 3),
                                        (_("4 players"), 4), (_("5 players (3 rounds)"), 5)])
        cl.addWidget(self.count_combo)
        cb = cl                       # each seat's colour under the count: one box, the dialog stays short
        self.chooser = ColourChooser()
        self.colour_boxes = self.chooser.boxes
        self.virtual_box = self.chooser.virtual_box
        cb.addWidget(self.chooser)
        self.colour_note = QLabel(_("Seats sit clockwise in this order. With three players the virtual player "
                                    "takes a colour nobody plays."))
        self.colour_note.setObjectName("small")
        self.colour_note.setWordWrap(True)
        cb.addWidget(self.colour_note)
        layout.addWidget(count_box)
        self.chooser.changed.connect(self._update)

        mode_box = QGroupBox(_("Players"))
        ml = QVBoxLayout(mode_box)
        self.ai_radio, self.humans_radio, self.mode_group = setup.opponent_radios(
            self, _("Against computer players"), _("People at this computer (hot seat)"))
        self.add_seat_forms(ml, MAX_SEATS, TABLE.levels, side_text=self._seat_text, level_text=self._seat_text,
                            seat_icon=lambda s: colour_pixmap(s, 18))
        self.note.setMinimumWidth(360)
        layout.addWidget(mode_box)

        self.count_combo.currentIndexChanged.connect(lambda *_args: self._update())
        self.finish(self.mode_group)

    def _seat_text(self, seat: int) -> str:
        colour = self.chooser.colour(seat) if hasattr(self, "chooser") else COLOUR_IDS[seat]
        return _("Seat {number}: {colour}").format(number=seat + 1, colour=colour_title(colour))

    def colours(self) -> list[str]:
        """The colour of each seat in play, then (three players) the virtual player's."""
        return self.chooser.colours()

    def count(self) -> int:
        return int(self.count_combo.currentData() or 4)

    def _load(self) -> None:
        saved = setup.load_choice(self.settings, SETTINGS_KEY)
        i = self.count_combo.findData(saved.get("count", 4))
        self.count_combo.setCurrentIndex(i if i >= 0 else 1)
        (self.humans_radio if saved.get("mode") == "humans" else self.ai_radio).setChecked(True)
        side = saved.get("side", 0)
        self.side_box.setCurrentIndex(side if side in range(MAX_SEATS) else 0)
        setup.restore_seats(saved, self.level_boxes, self.seat_boxes, self.name_edits)
        colours = saved.get("colours")
        if isinstance(colours, list):
            self.chooser.set_all([str(c) for c in colours])

    def _update(self) -> None:
        n = self.count()
        self.chooser.set_count(n)
        for s in range(MAX_SEATS):
            text = self._seat_text(s)
            self.side_box.setItemText(s, text)
            self.side_box.setItemIcon(s, colour_pixmap(self.chooser.colour(s), 16))
            self.level_labels[s].setText(text)
            icon, name = self.seat_rows[s][:2]
            icon.setPixmap(colour_pixmap(self.chooser.colour(s), 18))
            name.setText(text)
        self.colour_note.setVisible(n == 3)
        ai = self.ai_radio.isChecked()
        self.ai_form.setEnabled(ai)
        self.seats_form.setEnabled(not ai)
        if self.side_box.currentIndex() >= n:
            self.side_box.setCurrentIndex(0)
        for s in range(MAX_SEATS):
            self.side_box.model().item(s).setEnabled(s < n)
        side = int(self.side_box.currentData() or 0)
        for s in range(MAX_SEATS):
            self.level_boxes[s].setVisible(s != side and s < n)
            self.level_labels[s].setVisible(s != side and s < n)
            for w in self.seat_rows[s]:
                w.setVisible(s < n)
            self.name_edits[s].setEnabled(self.seat_boxes[s].currentData() == PERSON)
        people = sum(1 for s in range(n) if self.seat_boxes[s].currentData() == PERSON)
        ok = ai or people >= 1
        if hasattr(self, "start_button"):
            self.start_button.setEnabled(ok)
        if ai:
            self.note.setText(_("You play one colour; the computer plays the others, each at its level."))
        elif people == 0:
            self.note.setText(_("Choose at least one person."))
        else:
            self.note.setText(_("Between two people's turns every sheet is hidden until the next person "
                                "says they have the computer."))

    def choice(self) -> dict:
        n = self.count()
        names = tuple(e.text() for e in self.name_edits)
        if self.ai_radio.isChecked():
            levels = tuple(str(b.currentData()) for b in self.level_boxes)
            players = players_for(n, "ai", int(self.side_box.currentData()), levels, names=names)
        else:
            players = players_for(n, "humans", seats=tuple(str(b.currentData()) for b in self.seat_boxes),
                                  names=names)
        return {"players": players, "seed": setup.random_seed(), "options": {"colours": self.chooser.option()}}

    def remember(self, choice: dict) -> None:
        self.remember_json(SETTINGS_KEY, {
            "count": self.count(),
            "mode": "ai" if self.ai_radio.isChecked() else "humans",
            "side": int(self.side_box.currentData()),
            "levels": [str(b.currentData()) for b in self.level_boxes],
            "seats": [str(b.currentData()) for b in self.seat_boxes],
            "names": [e.text() for e in self.name_edits],
            "colours": self.chooser.all_colours(),
        })
