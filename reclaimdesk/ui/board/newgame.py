"""What the games' new-game dialogs share: the dialog's frame (a fixed-size column
ending in Start and Cancel; ``chosen`` emitted with the choice once accepted), the
remembered last choice (JSON in the settings), the level and side boxes, and a
fresh random seed."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.board.hooks import GameHooks, game_hook


def random_seed() -> int:
    return int.from_bytes(os.urandom(4), "big") & 0x7FFFFFFF


def load_choice(settings: Any, key: str) -> dict:
    """The choice remembered under ``key``, or ``{}`` (none, or unreadable)."""
    if settings is None:
        return {}
    try:
        saved = json.loads(str(settings.value(key, "")) or "{}")
    except ValueError:
        return {}
    return saved if isinstance(saved, dict) else {}


def combo(items: Iterable[tuple[str, Any]]) -> QComboBox:
    """A combo box of ``(text, data)`` items."""
    box = QComboBox()
    for text, data in items:
        box.addItem(text, data)
    return box


def level_combo(levels: Iterable[Any]) -> QComboBox:
    """The AI levels a game's table declares (:class:`reclaimdesk.ui.plugin.Level`):
    each level's name, with its one-line description as the item's tip and as the
    box's tip while it is chosen (the dialog stays narrow)."""
    from PySide6.QtCore import Qt

    levels = list(levels)
    box = combo((_(level.label), level.key) for level in levels)
    for i, level in enumerate(levels):
        box.setItemData(i, level.text(), Qt.ItemDataRole.ToolTipRole)

    def show_description(index: int) -> None:
        box.setToolTip(levels[index].text() if 0 <= index < len(levels) else "")

    box.currentIndexChanged.connect(show_description)
    show_description(box.currentIndex())
    return box


def title_width(widget: QWidget, title: str) -> int:
    """How wide a window must be for the window manager to show ``title`` whole:
    the text (title bars often use a larger, bold font) and the bar's buttons."""
    return -(-widget.fontMetrics().horizontalAdvance(title) * 13 // 10) + 170  # rounded up


class SetupDialog(GameHooks, QDialog):
    """A subclass fills ``self.body``, calls :meth:`add_start_buttons`, and
    provides ``choice()`` (and ``remember(choice)`` to keep it for next time)."""

    chosen = Signal(dict)

    def __init__(self, settings: Any, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(title)
        self.body = QVBoxLayout(self)
        self.body.setSizeConstraint(QVBoxLayout.SizeConstraint.SetFixedSize)
        # the window manager cuts a title wider than the window; measured again when
        # shown, once the style sheet and the language's fonts have polished it
        self._title_strut = title_width(self, title)
        self.body.addStrut(self._title_strut)

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        wanted = title_width(self, self.windowTitle())
        if wanted > self._title_strut:
            self._title_strut = wanted
            self.body.addStrut(wanted)  # struts add up as a minimum: the widest holds
        super().showEvent(event)

    def add_start_buttons(self) -> None:
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.start_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start_button.setText(_("Start"))

        self.start_button.setObjectName("primary")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.body.addWidget(buttons)

    def finish(self, mode_group: Any) -> None:
        """The Start and Cancel buttons, the remembered choice, and the parts shown
        following the mode chosen (``_load`` and ``_update``, of the subclass)."""
        self.add_start_buttons()
        self._load()
        mode_group.idToggled.connect(lambda *_: self._update())
        self._update()

    @game_hook
    def _load(self) -> None:
        """Fill the dialog's fields from the remembered choice."""

    @game_hook
    def _update(self) -> None:
        """Enable or show the fields that fit the chosen mode."""

    @game_hook
    def choice(self) -> dict:
        """The chosen seats, levels and options, as saved and used to start the game."""

    def remember(self, choice: dict) -> None:
        """Keep what was chosen for the next time the dialog opens."""

    def remember_json(self, key: str, data: dict) -> None:
        if self.settings is not None:
            self.settings.setValue(key, json.dumps(data))

    def add_seat_forms(self, players: QVBoxLayout, seats: int, levels: Sequence[Any], *,
                       side_text: Callable[[int], str], level_text: Callable[[int], str],
                       seat_icon: Callable[[int], Any]) -> None:
        """The seats of a game for more than two, under ``self.ai_radio`` and
        ``self.humans_radio`` in ``players``: against the computer, the seat you
        play (``self.side_box``, worded by ``side_text``) and each computer seat's
        level (``self.level_boxes``, labelled ``self.level_labels``) in
        ``self.ai_form``; people at this computer, a row per seat (its icon, its
        name, who plays it in ``self.seat_boxes``, a name in ``self.name_edits``;
        ``self.seat_rows``) in ``self.seats_form``; then ``self.note``."""
        players.addWidget(self.ai_radio)
        self.ai_form = QWidget()
        af = QFormLayout(self.ai_form)
        af.setContentsMargins(22, 0, 0, 0)
        self.side_box = combo((side_text(s), s) for s in range(seats))
        af.addRow(_("You play"), self.side_box)
        self.level_boxes: list[QComboBox] = []
        self.level_labels: list[QLabel] = []
        for s in range(seats):
            box = level_combo(levels)
            lab = QLabel(level_text(s))
            af.addRow(lab, box)
            self.level_boxes.append(box)
            self.level_labels.append(lab)
        players.addWidget(self.ai_form)
        players.addWidget(self.humans_radio)
        self.seats_form = QWidget()
        grid = QGridLayout(self.seats_form)
        grid.setContentsMargins(22, 0, 0, 0)
        self.seat_boxes: list[QComboBox] = []
        self.name_edits: list[QLineEdit] = []
        self.seat_rows: list[tuple[QWidget, ...]] = []
        for s in range(seats):
            icon = QLabel()
            icon.setPixmap(seat_icon(s))
            name = QLabel(side_text(s))
            kind = seat_kind_combo(levels)
            edit = QLineEdit()
            edit.setMaxLength(24)
            edit.setPlaceholderText(_("Name"))
            for col, w in enumerate((icon, name, kind, edit)):
                grid.addWidget(w, s, col)
            self.seat_boxes.append(kind)
            self.name_edits.append(edit)
            self.seat_rows.append((icon, name, kind, edit))
            kind.currentIndexChanged.connect(lambda *_args: self._update())
        players.addWidget(self.seats_form)
        self.note = QLabel()
        self.note.setObjectName("small")
        self.note.setWordWrap(True)
        players.addWidget(self.note)
        self.side_box.currentIndexChanged.connect(lambda *_args: self._update())

    def _accept(self) -> None:
        choice = self.choice()
        self.remember(choice)
        self.accept()
        self.chosen.emit(choice)


def opponent_radios(owner: QWidget, ai_text: str, people_text: str
                    ) -> tuple[QRadioButton, QRadioButton, QButtonGroup]:
    """The two ways to play a two-player game: against the computer (id 0 in the
    group) or two people at one computer (id 1)."""
    ai = QRadioButton(ai_text)
    people = QRadioButton(people_text)
    group = QButtonGroup(owner)
    group.addButton(ai, 0)
    group.addButton(people, 1)
    return ai, people, group


def name_edits(form: QFormLayout, labels: Sequence[str]) -> tuple[QLineEdit, ...]:
    """One name field (24 characters at most) per seat, each in a row of ``form``."""
    edits = tuple(QLineEdit() for _ in labels)
    for edit, text in zip(edits, labels):
        edit.setMaxLength(24)
        form.addRow(text, edit)
    return edits


def restore_side_and_level(side_box: QComboBox, level_box: QComboBox, saved: dict) -> None:
    """The remembered side (the first unless it was the second) and AI level (else normal)."""
    side_box.setCurrentIndex(1 if saved.get("side") == 1 else 0)
    index = level_box.findData(saved.get("level", "normal"))
    level_box.setCurrentIndex(index if index >= 0 else 1)


PERSON = "person"


def seat_players(count: int, mode: str, side: int, levels: Sequence[str], seats: Sequence[str],
                 names: Sequence[str]) -> list[dict]:
    """The record's players for ``count`` seats: against the computer (``mode``
    ``"ai"``: you on ``side``, ``levels[s]`` for the others), or people at one
    computer, where ``seats[s]`` is :data:`PERSON` or an AI level; ``names[s]``
    (24 characters at most) names a person, "You" or "Player n" when empty."""
    out: list[dict] = []
    for s in range(count):
        name = (names[s].strip() if s < len(names) else "")[:24]
        if mode == "ai":
            if s == side:
                out.append({"name": name or _("You"), "kind": "human"})
            else:
                out.append({"name": _("Computer"), "kind": "ai", "level": levels[s]})
        elif seats[s] == PERSON:
            out.append({"name": name or _("Player {number}").format(number=s + 1), "kind": "human"})
        else:
            out.append({"name": _("Computer"), "kind": "ai", "level": seats[s]})
    return out
"""The seat box's choice for a person (the other choices are AI level keys)."""


def seat_kind_combo(levels: Sequence[Any]) -> QComboBox:
    """A hot-seat row's box: a person, or the computer at one of ``levels``
    (each level's one-line description as its item's tip)."""
    from PySide6.QtCore import Qt

    levels = list(levels)
    box = combo([(_("Person"), PERSON)] + [(_("Computer: {level}").format(level=_(lv.label)), lv.key)
                                         for lv in levels])
    for i, level in enumerate(levels, start=1):
        box.setItemData(i, level.text(), Qt.ItemDataRole.ToolTipRole)
    return box


def restore_seats(saved: dict, level_boxes: Sequence[QComboBox], seat_boxes: Sequence[QComboBox],
                  name_edits: Sequence[QLineEdit]) -> None:
    """The remembered AI level of each seat (else normal), who sits in each hot-seat
    row (else people in the first two, the computer after) and their names (the
    first defaults to the login name)."""
    def listed(key: str) -> list:
        value = saved.get(key)
        return value if isinstance(value, list) else []

    levels, seats, names = listed("levels"), listed("seats"), listed("names")
    default = (os.environ.get("USER", "") or "").title()
    for s, (level_box, seat_box, edit) in enumerate(zip(level_boxes, seat_boxes, name_edits)):
        i = level_box.findData(levels[s] if s < len(levels) else "normal")
        level_box.setCurrentIndex(i if i >= 0 else level_box.findData("normal"))
        i = seat_box.findData(seats[s] if s < len(seats) else (PERSON if s < 2 else "normal"))
        seat_box.setCurrentIndex(max(i, 0))
        text = names[s] if s < len(names) and isinstance(names[s], str) else ""
        edit.setText(text or (default if s == 0 else ""))
