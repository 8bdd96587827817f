"""The Reclamation's actions and their notation (see docs/notation/the-reclamation.md).

A turn is split into small atomic actions:

===============  ==============================================================
``move f1-e2``   move the Gardener standing on f1 to e2 (with several Gardeners
                 in Throne, the start square says which one acts this turn)
``card 3``       reclaim with card 3 (1-4); every step the stones in hand cover
                 is carried out at once
``fill c4``      when the hand cannot cover every target square of a step, put
                 one stone on c4 (repeated until the hand is empty)
===============  ==============================================================

Squares are named from Flower's seat: files a-f left to right, ranks 1-6 away
from Flower (so Flower starts on f1 and Tendril on a6).
"""

from __future__ import annotations

from dataclasses import dataclass

from reclaimdesk.core.i18n import _
from reclaimdesk.core.errors import NotationError, notation_words
from reclaimdesk.core.grid import Cell, cell_name, parse_cell

MOVE = "move"
CARD = "card"
FILL = "fill"
_BOARD = 6
_CARDS = 4


@dataclass(frozen=True, order=True)
class TheReclamationAction:
    """One atomic action. Build with :meth:`move`, :meth:`use_card` or
    :meth:`fill`; :meth:`parse` reads the notation.

    >>> a = TheReclamationAction.parse("move f1-e2")
    >>> a
    TheReclamationAction.parse('move f1-e2')
    >>> a.cell, a.to
    ((0, 5), (1, 4))
    >>> str(TheReclamationAction.use_card(2)), str(TheReclamationAction.fill((3, 2)))
    ('card 2', 'fill c4')
    """

    kind: str
    cell: Cell | None = None
    """move: the Gardener's square; fill: the square that gets a stone."""
    to: Cell | None = None
    """move: the destination."""
    card: int = 0
    """card: the card number, 1-4."""

    @classmethod
    def move(cls, start: Cell, to: Cell) -> "TheReclamationAction":
        return cls(MOVE, start, to)

    @classmethod
    def use_card(cls, number: int) -> "TheReclamationAction":
        return cls(CARD, card=number)

    @classmethod
    def fill(cls, cell: Cell) -> "TheReclamationAction":
        return cls(FILL, cell)

    def __str__(self) -> str:
        if self.kind == MOVE:
            assert self.cell is not None and self.to is not None
            return f"move {cell_name(self.cell)}-{cell_name(self.to)}"
        if self.kind == CARD:
            return f"card {self.card}"
        assert self.cell is not None
        return f"fill {cell_name(self.cell)}"

    def __repr__(self) -> str:
        return f"TheReclamationAction.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "TheReclamationAction":
        """Read ``move f1-e2``, ``card 3`` or ``fill c4`` (any letter case, extra
        spaces allowed); raises :class:`NotationError` for anything else."""
        words = notation_words(text)
        try:
            if len(words) != 2:
                raise ValueError(_("expected two words, like 'move f1-e2', 'card 3' or 'fill c4'"))
            head, arg = words[0].lower(), words[1].lower()
            if head == MOVE:
                start, sep, to = arg.partition("-")
                if not sep:
                    raise ValueError(_("a move is written from-to, like 'move f1-e2'"))
                return cls.move(_square(start), _square(to))
            if head == CARD:
                if not arg.isdigit() or not 1 <= int(arg) <= _CARDS:
                    raise ValueError(_("the card number must be 1 to {count}").format(count=_CARDS))
                return cls.use_card(int(arg))
            if head == FILL:
                return cls.fill(_square(arg))
            raise ValueError(_("unknown action '{word}'").format(word=words[0]))
        except ValueError as exc:
            raise NotationError(_("'{text}' is not a The Reclamation action ({problem})").format(
                text=text, problem=exc)) from None


def _square(text: str) -> Cell:
    cell = parse_cell(text)
    if not (0 <= cell[0] < _BOARD and 0 <= cell[1] < _BOARD) or text[1:] != str(cell[0] + 1):
        raise ValueError(_("'{text}' is not a square of the board (a1 to f6)").format(text=text))
    return cell
