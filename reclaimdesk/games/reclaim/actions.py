"""Reclaim's actions and their notation (see docs/records.md).

====================  ==============================================================
``shape r05 1 f6``    draw card r05's shape turned clockwise 1 quarter turn, with the
                      top-left corner of its bounding box on f6 (``t8`` instead of a
                      card id: the shape of scoring-track entry 8, a special action)
``pay e7``            put a triangle on e7 to pay the icon of e7's terrain
``special triangles`` cross out the next number and draw its triangles
``special shape``     cross out the next number and draw its shape
``triangle e7``       one triangle of a special action on e7
``gift e7``           variant: one triangle on the left neighbour's sheet, on e7
``pass``              accept the penalty (cost unpaid, or no room for the shape)
``end``               end the turn
====================  ==============================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from reclaimdesk.core.i18n import _
from reclaimdesk.core.errors import NotationError, notation_words
from reclaimdesk.core.grid import Cell, cell_name, parse_cell

_CELL_KINDS = ("pay", "triangle", "gift")
_BARE_KINDS = ("pass", "end")
_SPECIAL_KINDS = ("triangles", "shape")


@dataclass(frozen=True, order=True)
class ReclaimAction:
    """One atomic Reclaim action. Build with the class methods; ``parse`` reads
    the notation.

    >>> a = ReclaimAction.parse("shape r05 1 f6")
    >>> a
    ReclaimAction.parse('shape r05 1 f6')
    >>> a.cell, a.rotation, a.shape
    ((5, 5), 1, 'r05')
    """

    kind: str
    shape: str = ""
    rotation: int = 0
    cell: Cell | None = None

    @classmethod
    def draw(cls, shape: str, rotation: int, anchor: Cell) -> "ReclaimAction":
        return cls("shape", shape, rotation, anchor)

    @classmethod
    def pay(cls, cell: Cell) -> "ReclaimAction":
        return cls("pay", cell=cell)

    @classmethod
    def triangle(cls, cell: Cell) -> "ReclaimAction":
        return cls("triangle", cell=cell)

    @classmethod
    def gift(cls, cell: Cell) -> "ReclaimAction":
        return cls("gift", cell=cell)

    @classmethod
    def special(cls, form: str) -> "ReclaimAction":
        if form not in _SPECIAL_KINDS:
            raise ValueError(form)
        return cls("special-" + form)

    @classmethod
    def pass_(cls) -> "ReclaimAction":
        return cls("pass")

    @classmethod
    def end(cls) -> "ReclaimAction":
        return cls("end")

    def __str__(self) -> str:
        if self.kind == "shape":
            assert self.cell is not None
            return f"shape {self.shape} {self.rotation} {cell_name(self.cell)}"
        if self.kind in _CELL_KINDS:
            assert self.cell is not None
            return f"{self.kind} {cell_name(self.cell)}"
        if self.kind.startswith("special-"):
            return "special " + self.kind[len("special-"):]
        return self.kind

    def __repr__(self) -> str:
        return f"ReclaimAction.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "ReclaimAction":
        words = notation_words(text)
        try:
            if not words:
                raise ValueError(_("empty action"))
            head = words[0].lower()
            if head == "shape" and len(words) == 4:
                rotation = int(words[2])
                if not 0 <= rotation <= 3:
                    raise ValueError(_("rotation must be 0 to 3"))
                return cls.draw(words[1], rotation, _cell(words[3]))
            if head in _CELL_KINDS and len(words) == 2:
                return cls(head, cell=_cell(words[1]))
            if head == "special" and len(words) == 2 and words[1].lower() in _SPECIAL_KINDS:
                return cls.special(words[1].lower())
            if head in _BARE_KINDS and len(words) == 1:
                return cls(head)
            raise ValueError(_("unknown form"))
        except ValueError as exc:
            raise NotationError(_("'{text}' is not a Reclaim action ({problem})").format(text=text, problem=exc)) from None


def _cell(text: str) -> Cell:
    cell = parse_cell(text)
    if not (0 <= cell[0] < 26 and 0 <= cell[1] < 26):
        raise ValueError(_("no square {text}").format(text=text))
    return cell
