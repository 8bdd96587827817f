"""Setting up a game of The Reclamation: against the computer (your side,
Flower or Tendril, and its level) or two people at one computer, with the Garden
or Throne rules. The last choice is remembered."""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QGroupBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.board import newgame as setup
from reclaimdesk.ui.the_reclamation import TABLE
from reclaimdesk.ui.the_reclamation.model import goal

SETTINGS_KEY = "the-reclamation/last"


def players_for(mode: str, side: int = 0, level: str = "normal", names: tuple[str, str] = ("", "")) -> list[dict]:
    """The two seats (Flower first) of a game: against the AI with the person on
    ``side``, or two people."""
    if mode == "ai":
        me = {"name": _("You"), "kind": "human"}
        ai = {"name": _("AI"), "kind": "ai", "level": level}
        return [me, ai] if side == 0 else [ai, me]
    return [{"name": (names[i].strip() or _("Player {number}").format(number=i + 1))[:24], "kind": "human"}
            for i in (0, 1)]


class NewGameDialog(setup.SetupDialog):
    """Emits ``chosen`` with ``{"players", "seed", "options"}``."""

    def __init__(self, settings: Any, parent: QWidget | None = None) -> None:
        super().__init__(settings, _("New game of The Reclamation"), parent)
        layout = self.body

        rules_box = QGroupBox(_("Rules"))
        rl = QVBoxLayout(rules_box)
        self.garden_radio = QRadioButton(_("Garden (the basic game)"))
        self.throne_radio = QRadioButton(_("Throne (the variant)"))
        self.rules_group = QButtonGroup(self)
        for i, (radio, key) in enumerate(((self.garden_radio, "garden"), (self.throne_radio, "throne"))):
            self.rules_group.addButton(radio, i)
            rl.addWidget(radio)
            words = QLabel(goal(key))
            words.setObjectName("small")
            words.setWordWrap(True)
            words.setContentsMargins(22, 0, 0, 4)
            rl.addWidget(words)
        layout.addWidget(rules_box)

        mode_box = QGroupBox(_("Players"))
        ml = QVBoxLayout(mode_box)
        self.ai_radio, self.humans_radio, self.mode_group = setup.opponent_radios(
            self, _("Against the computer"), _("Two players at this computer"))
        ml.addWidget(self.ai_radio)
        self.ai_form = QWidget()
        af = QFormLayout(self.ai_form)
        af.setContentsMargins(22, 0, 0, 0)
        self.side_box = setup.combo(((_("Flower (moves first)"), 0), (_("Tendril (moves second)"), 1)))
        af.addRow(_("Your side"), self.side_box)
        self.level_box = setup.level_combo(TABLE.levels)
        af.addRow(_("Computer"), self.level_box)
        ml.addWidget(self.ai_form)
        ml.addWidget(self.humans_radio)
        self.names_form = QWidget()
        nf = QFormLayout(self.names_form)
        nf.setContentsMargins(22, 0, 0, 0)
        self.name_edits = setup.name_edits(nf, (_("Flower (first)"), _("Tendril")))
        ml.addWidget(self.names_form)
        layout.addWidget(mode_box)

        self.finish(self.mode_group)

    def _load(self) -> None:
        saved = setup.load_choice(self.settings, SETTINGS_KEY)
        (self.throne_radio if saved.get("rules") == "throne" else self.garden_radio).setChecked(True)
        (self.humans_radio if saved.get("mode") == "humans" else self.ai_radio).setChecked(True)
        setup.restore_side_and_level(self.side_box, self.level_box, saved)
        names = saved.get("names") or ["", ""]
        default = (os.environ.get("USER", "") or "").title()
        for i, edit in enumerate(self.name_edits):
            text = names[i] if i < len(names) and isinstance(names[i], str) else ""
            edit.setText(text or (default if i == 0 and default else _("Player {number}").format(number=i + 1)))


    def _update(self) -> None:
        ai = self.ai_radio.isChecked()
        self.ai_form.setEnabled(ai)
        self.names_form.setEnabled(not ai)

    def choice(self) -> dict:
        rules = "throne" if self.throne_radio.isChecked() else "garden"
        if self.ai_radio.isChecked():
            players = players_for("ai", int(self.side_box.currentData()), str(self.level_box.currentData()))
        else:
            players = players_for("humans", names=(self.name_edits[0].text(), self.name_edits[1].text()))
        return {"players": players, "seed": setup.random_seed(), "options": {"rules": rules}}

    def remember(self, choice: dict) -> None:
        self.remember_json(SETTINGS_KEY, {
            "rules": choice["options"]["rules"],
            "mode": "ai" if self.ai_radio.isChecked() else "humans",
            "side": int(self.side_box.currentData()),
            "level": str(self.level_box.currentData()),
            "names": [e.text() for e in self.name_edits],
        })
