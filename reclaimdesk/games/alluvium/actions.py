"""Alluvium's actions and their notation (see docs/records.md).

==================  ===========================================================
``place P5 3 f6``   draw piece P5 in orientation 3 (0-7: the clockwise turns,
                    then the mirror images; see :class:`~.components.Piece`)
                    with the top-left corner of its bounding box on f6. On
                    your own sheet, on a received sheet (action A) and, with
                    three players, for the virtual colour.
``fill e5``         action B: fill the single square e5 (its four neighbours
                    filled, not on the map's edge)
==================  ===========================================================

A seat that can do neither passes; the engine does that by itself, so ``pass``
never appears in a record.
"""

from __future__ import annotations

from dataclasses import dataclass

from reclaimdesk.core.errors import NotationError, notation_words
from reclaimdesk.core.grid import Cell, cell_name, parse_cell
from reclaimdesk.core.i18n import _

PLACE = "place"
FILL = "fill"


@dataclass(frozen=True, order=True)
class AlluviumAction:
    """One atomic action. Build with :meth:`place` or :meth:`fill`; :meth:`parse`
    reads the notation.

    >>> a = AlluviumAction.parse("place P5 3 f6")
    >>> a
    AlluviumAction.parse('place P5 3 f6')
    >>> a.piece, a.orientation, a.cell
    ('P5', 3, (5, 5))
    >>> str(AlluviumAction.fill((4, 4)))
    'fill e5'
    """

    kind: str
    cell: Cell
    piece: str = ""
    orientation: int = 0

    @classmethod
    def place(cls, piece: str, orientation: int, anchor: Cell) -> "AlluviumAction":
        return cls(PLACE, anchor, piece, orientation)

    @classmethod
    def fill(cls, cell: Cell) -> "AlluviumAction":
        return cls(FILL, cell)

    def __str__(self) -> str:
        if self.kind == PLACE:
            return f"place {self.piece} {self.orientation} {cell_name(self.cell)}"
        return f"fill {cell_name(self.cell)}"

    def __repr__(self) -> str:
        return f"AlluviumAction.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "AlluviumAction":
        words = notation_words(text, ascii_only=False)
        try:
            if not words:
                raise ValueError(_("empty action"))
            head = words[0].lower()
            if head == PLACE and len(words) == 4:
                if not words[2].isdigit() or not 0 <= int(words[2]) <= 7:
                    raise ValueError(_("the orientation must be 0 to 7"))
                return cls.place(words[1].upper(), int(words[2]), _cell(words[3]))
            if head == FILL and len(words) == 2:
                return cls.fill(_cell(words[1]))
            raise ValueError(_("expected 'place <piece> <0-7> <square>' or 'fill <square>'"))
        except ValueError as exc:
            raise NotationError(_("'{text}' is not an Alluvium action ({problem})").format(
                text=text, problem=exc)) from None


def _cell(text: str) -> Cell:
    cell = parse_cell(text)
    if not (0 <= cell[0] < 26 and 0 <= cell[1] < 26):
        raise ValueError(_("no square {text}").format(text=text))
    return cell
