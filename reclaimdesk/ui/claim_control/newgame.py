"""Setting up a game of Claim Control: against the computer (pick your side and
its level) or two people at one computer. The last choice is remembered."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import _
from reclaimdesk.games.claim_control.state import SEAT_NAMES
from reclaimdesk.ui.board import newgame as setup
from reclaimdesk.ui.claim_control import TABLE
from reclaimdesk.ui.text import level_word


SETTINGS_KEY = "claim-control/new-game"


def players_for(mode: str, side: int = 0, level: str = "normal", names: tuple[str, str] = ("", "")) -> list[dict]:
    """The record's players (seat 0 Circles, seat 1 Crosses) for a choice."""
    if mode == "ai":
        you: dict[str, Any] = {"name": names[side].strip() or _("You"), "kind": "human"}
        ai: dict[str, Any] = {"name": _("Computer"), "kind": "ai", "level": level}
        return [you, ai] if side == 0 else [ai, you]
    return [{"name": names[i].strip() or _(SEAT_NAMES[i]), "kind": "human"} for i in (0, 1)]


def describe_players(players: list[dict]) -> str:
    """'you as Circles against the hard AI', or 'two players'."""
    kinds = [p.get("kind") for p in players]
    if "ai" in kinds:
        ai = kinds.index("ai")
        level = level_word(players[ai].get("level", "normal"))
        if ai == 0:
            return _("you as Crosses against the {level} AI").format(level=level)
        return _("you as Circles against the {level} AI").format(level=level)
    return _("two players")


class NewGameDialog(setup.SetupDialog):
    """Emits ``chosen`` with ``{"players": [...], "seed": int}``."""

    def __init__(self, settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(settings, _("New game of Claim Control"), parent)
        layout = self.body

        mode_box = QGroupBox(_("Opponent"))
        ml = QVBoxLayout(mode_box)
        self.ai_radio, self.people_radio, self.mode = setup.opponent_radios(
            self, _("Against the computer"), _("Two people at this computer (take turns with the mouse)"))
        ml.addWidget(self.ai_radio)
        ml.addWidget(self.people_radio)
        layout.addWidget(mode_box)

        self.ai_box = QGroupBox(_("You and the computer"))
        form = QFormLayout(self.ai_box)
        self.side_box = setup.combo(((_("Circles (you place first)"), 0),
                                     (_("Crosses (the computer places first)"), 1)))
        form.addRow(_("Your side"), self.side_box)
        self.level_box = setup.level_combo(TABLE.levels)
        form.addRow(_("Computer"), self.level_box)
        layout.addWidget(self.ai_box)

        self.people_box = QGroupBox(_("Names (optional)"))
        pf = QFormLayout(self.people_box)
        self.name_edits = setup.name_edits(pf, (_("Circles (first)"), _(SEAT_NAMES[1])))
        layout.addWidget(self.people_box)

        note = QLabel(_("Each side places 5 blue and 5 red squares and 10 blue and 10 red markers, "
                        "one piece a turn; all 60 pieces take about 10 minutes."))

        note.setObjectName("small")
        note.setWordWrap(True)
        note.setMaximumWidth(420)
        layout.addWidget(note)

        self.finish(self.mode)

    def _load(self) -> None:
        saved = setup.load_choice(self.settings, SETTINGS_KEY)
        (self.people_radio if saved.get("mode") == "people" else self.ai_radio).setChecked(True)
        setup.restore_side_and_level(self.side_box, self.level_box, saved)
        names = saved.get("names") or ["", ""]
        for edit, name in zip(self.name_edits, names):
            edit.setText(str(name))

    def _update(self) -> None:
        ai = self.ai_radio.isChecked()
        self.ai_box.setVisible(ai)
        self.people_box.setVisible(not ai)

    def choice(self) -> dict:
        mode = "ai" if self.ai_radio.isChecked() else "people"
        names = (self.name_edits[0].text(), self.name_edits[1].text()) if mode == "people" else ("", "")
        players = players_for(mode, int(self.side_box.currentData()), str(self.level_box.currentData()), names)
        return {"players": players, "seed": setup.random_seed()}

    def remember(self, choice: dict) -> None:
        self.remember_json(SETTINGS_KEY, {
            "mode": "ai" if self.ai_radio.isChecked() else "people",
            "side": int(self.side_box.currentData()), "level": str(self.level_box.currentData()),
            "names": [e.text() for e in self.name_edits]})
