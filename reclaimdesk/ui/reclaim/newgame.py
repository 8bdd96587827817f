"""Setting up a game of Reclaim: solo score attack (a fresh or chosen deck, or
the deck of the day) or a table of 2 to 6 seats, each a person or an AI player
of any level, with the optional variant rule. The last table is remembered."""

from __future__ import annotations

import os
from datetime import date
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import N_, _, date_text
from reclaimdesk.core.rng import seed_from_text
from reclaimdesk.ui.board.newgame import SetupDialog, combo, load_choice, random_seed
from reclaimdesk.ui.reclaim import TABLE

KINDS = (("human", "", N_("Person")), *(("ai", level.key, level.label) for level in TABLE.levels))
"""A seat's kind: a person, or an AI player of a level Reclaim's table declares."""
MAPS = (("river", N_("River (beginner)")), ("lake", N_("Lake (advanced)")))
MAX_SEATS = 6


def daily_seed(day: date | None = None) -> int:
    return seed_from_text((day or date.today()).isoformat())


class NewGameDialog(SetupDialog):
    """Emits ``chosen`` with ``{"players", "seed", "options", "daily"}``."""

    def __init__(self, settings: Any, map_id: str = "river", *, solo_first: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(settings, _("New game of Reclaim"), parent)
        layout = self.body

        mode_box = QGroupBox(_("Game"))
        mode_layout = QVBoxLayout(mode_box)
        self.solo_radio = QRadioButton(_("Solo score attack"))
        self.daily_radio = QRadioButton(_("Solo, deck of the day ({date})").format(date=date_text(date.today())))
        self.table_radio = QRadioButton(_("Table game, 2 to 6 seats"))
        self.mode = QButtonGroup(self)
        for i, radio in enumerate((self.solo_radio, self.daily_radio, self.table_radio)):
            self.mode.addButton(radio, i)
            mode_layout.addWidget(radio)
        layout.addWidget(mode_box)

        form = QFormLayout()
        self.map_box = combo((_(label), key) for key, label in MAPS)
        self.map_box.setCurrentIndex(max(0, self.map_box.findData(map_id)))
        form.addRow(_("Map"), self.map_box)
        seed_row = QHBoxLayout()
        self.fixed_seed = QCheckBox(_("Choose the deck:"))
        self.fixed_seed.setToolTip(_("The same number always deals the same cards"))
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2_147_483_647)
        self.seed_box.setValue(int(settings.value("reclaim/last_seed", 1)))
        self.seed_box.setEnabled(False)
        seed_row.addWidget(self.fixed_seed)
        seed_row.addWidget(self.seed_box, 1)
        form.addRow(_("Deck"), seed_row)
        layout.addLayout(form)

        self.table_box = QGroupBox(_("Seats"))
        tl = QVBoxLayout(self.table_box)
        count_row = QHBoxLayout()
        count_row.addWidget(QLabel(_("Number of seats")))
        self.count_box = QSpinBox()
        self.count_box.setRange(2, MAX_SEATS)
        count_row.addWidget(self.count_box)
        count_row.addStretch(1)
        tl.addLayout(count_row)
        grid = QGridLayout()
        self.name_edits: list[QLineEdit] = []
        self.kind_boxes: list[QComboBox] = []
        self.seat_labels: list[QLabel] = []
        for i in range(MAX_SEATS):
            label = QLabel(_("Seat {n}").format(n=i + 1))
            edit = QLineEdit()
            edit.setMaxLength(24)
            kind = QComboBox()
            for seat_kind, level_key, text in KINDS:
                if seat_kind == "human":
                    kind.addItem(_(text))
                    continue
                kind.addItem(_("AI: {level}").format(level=_(text)))
                kind.setItemData(kind.count() - 1, TABLE.level(level_key).text(), Qt.ItemDataRole.ToolTipRole)
            grid.addWidget(label, i, 0)
            grid.addWidget(edit, i, 1)
            grid.addWidget(kind, i, 2)
            self.name_edits.append(edit)
            self.seat_labels.append(label)
            self.kind_boxes.append(kind)
        tl.addLayout(grid)
        self.variant_box = QCheckBox(_("Variant: after round 10 everyone gives a triangle to the next sheet"))
        tl.addWidget(self.variant_box)
        layout.addWidget(self.table_box)

        (self.solo_radio if solo_first else self.table_radio).setChecked(True)
        self.finish(self.mode)
        self.count_box.valueChanged.connect(lambda *_: self._update())
        self.fixed_seed.toggled.connect(lambda *_: self._update())

    def _load(self) -> None:
        """The remembered table: seats, their names and kinds, the variant."""
        saved = load_choice(self.settings, "reclaim/table")
        seats = saved.get("seats") or []
        self.count_box.setValue(min(MAX_SEATS, max(2, len(seats) or 2)))
        default_name = os.environ.get("USER", "") or _("You")
        for i in range(MAX_SEATS):
            seat = seats[i] if i < len(seats) and isinstance(seats[i], dict) else {}
            if i == 0:
                name, kind_index = seat.get("name", default_name.title()), 0
            else:
                name, kind_index = seat.get("name", _("AI {n}").format(n=i)), 3
            self.name_edits[i].setText(str(name))
            wanted = (seat.get("kind"), seat.get("level", "")) if seat else None
            for k, (kind, level, _text) in enumerate(KINDS):
                if wanted == (kind, level) or (wanted and wanted[0] == "human" and kind == "human"):
                    kind_index = k
                    break
            self.kind_boxes[i].setCurrentIndex(kind_index)
        self.variant_box.setChecked(bool(saved.get("variant", False)))

    def _update(self) -> None:
        table = self.table_radio.isChecked()
        daily = self.daily_radio.isChecked()
        self.table_box.setVisible(table)
        self.fixed_seed.setEnabled(not daily)
        self.seed_box.setEnabled(self.fixed_seed.isChecked() and not daily)
        if daily:
            self.seed_box.setValue(daily_seed())
        n = self.count_box.value()
        for i in range(MAX_SEATS):
            visible = i < n
            self.name_edits[i].setVisible(visible)
            self.kind_boxes[i].setVisible(visible)
            self.seat_labels[i].setVisible(visible)

    def choice(self) -> dict:
        map_id = str(self.map_box.currentData())
        daily = self.daily_radio.isChecked()
        if daily:
            seed = daily_seed()
        elif self.fixed_seed.isChecked():
            seed = self.seed_box.value()
        else:
            seed = random_seed()
        if self.table_radio.isChecked():
            players = []
            for i in range(self.count_box.value()):
                kind, level, _text = KINDS[self.kind_boxes[i].currentIndex()]
                name = self.name_edits[i].text().strip() or _("Seat {n}").format(n=i + 1)
                seat: dict[str, Any] = {"name": name, "kind": kind}
                if kind == "ai":
                    seat["level"] = level
                players.append(seat)
            variant = self.variant_box.isChecked()
        else:
            players = [{"name": _("You"), "kind": "human"}]

            variant = False
        return {"players": players, "seed": seed, "options": {"map": map_id, "variant": variant},
                "daily": daily}

    def remember(self, choice: dict) -> None:
        if self.table_radio.isChecked():
            self.remember_json("reclaim/table", {"seats": choice["players"], "variant": choice["options"]["variant"]})
        if self.fixed_seed.isChecked():
            self.settings.setValue("reclaim/last_seed", self.seed_box.value())

