"""Choosing colours at the table, as the rule book has it: each player takes the
colour they like, and with three players one of the colours nobody took is the
virtual player's own deck. One colour box per seat (and the virtual player's
with three players); a colour taken from another seat in play gives that seat the
old one (the two swap), so no two ever share a colour. Used by the new-game
dialog and by the setup of the table companion."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.games.alluvium.components import COLOUR_IDS
from reclaimdesk.ui.alluvium.items import colour_pixmap
from reclaimdesk.ui.alluvium.model import colour_title

MAX_SEATS = 5
VIRTUAL_BOX = MAX_SEATS
"""The index of the virtual player's box among :attr:`ColourChooser.boxes`."""
DEFAULT = list(COLOUR_IDS[:MAX_SEATS]) + [COLOUR_IDS[3]]


class ColourChooser(QWidget):
    """``changed``: a colour was chosen (the boxes in play never share one)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None, columns: int = 3) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.boxes: list[QComboBox] = []
        self.labels: list[QLabel] = []
        self.count = 4
        self._colours = list(DEFAULT)
        """What each box showed before its latest change."""
        for s in range(MAX_SEATS + 1):
            text = _("Seat {number}").format(number=s + 1) if s < MAX_SEATS else _("Virtual player")
            lab = QLabel(text)
            box = QComboBox()
            box.setObjectName(f"colour{s}")
            for colour in COLOUR_IDS:
                box.addItem(colour_pixmap(colour, 16), colour_title(colour), colour)
            box.setCurrentIndex(box.findData(self._colours[s]))
            row, col = s // columns, (s % columns) * 2   # the virtual player's box last, after seat 5's
            grid.addWidget(lab, row, col)
            grid.addWidget(box, row, col + 1)
            self.labels.append(lab)
            self.boxes.append(box)
            box.currentIndexChanged.connect(lambda _i, s=s: self._chosen(s))
        self.virtual_box = self.boxes[VIRTUAL_BOX]
        self.set_count(4)

    def in_use(self) -> list[int]:
        """The boxes in play: the seats', and the virtual player's with three."""
        return list(range(self.count)) + ([VIRTUAL_BOX] if self.count == 3 else [])

    def colour(self, box: int) -> str:
        return self._colours[box]

    def colours(self) -> list[str]:
        """Each seat's colour in seat order, then (three players) the virtual player's."""
        return [self._colours[b] for b in self.in_use()]

    def option(self) -> str:
        """The record's ``colours`` option."""
        return ",".join(self.colours())

    def all_colours(self) -> list[str]:
        """Every box's colour (to remember, seats out of play included)."""
        return list(self._colours)

    def set_all(self, colours: list[str]) -> None:
        """Restore :meth:`all_colours` (ignored unless well-formed)."""
        if len(colours) == MAX_SEATS + 1 and all(c in COLOUR_IDS for c in colours):
            self._colours = list(colours)
            for box, colour in enumerate(colours):
                self._show(box, colour)
            self._settle()

    def set_count(self, count: int) -> None:
        self.count = count
        for s in range(MAX_SEATS):
            self.labels[s].setVisible(s < count)
            self.boxes[s].setVisible(s < count)
        self.labels[VIRTUAL_BOX].setVisible(count == 3)
        self.virtual_box.setVisible(count == 3)
        self._settle()

    def _show(self, box: int, colour: str) -> None:
        combo = self.boxes[box]
        combo.blockSignals(True)
        combo.setCurrentIndex(combo.findData(colour))
        combo.blockSignals(False)

    def _chosen(self, box: int) -> None:
        new = str(self.boxes[box].currentData())
        old = self._colours[box]
        self._colours[box] = new
        if box in self.in_use():
            for other in self.in_use():
                if other != box and self._colours[other] == new:
                    self._colours[other] = old
                    self._show(other, old)
        self.changed.emit()

    def _settle(self) -> None:
        """A seat in play sharing a colour with an earlier one takes a colour left."""
        boxes = self.in_use()
        used: list[str] = []
        for i, box in enumerate(boxes):
            colour = self._colours[box]
            if colour in used:
                later = [self._colours[b] for b in boxes[i + 1:]]
                colour = next(c for c in COLOUR_IDS if c not in used and c not in later)
                self._colours[box] = colour
                self._show(box, colour)
            used.append(colour)
