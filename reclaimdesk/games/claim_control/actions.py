"""Claim Control's actions and their notation (see docs/notation/claim-control.md).

=========================  =========================================================
``square blue c3``         put one of your blue squares on cell c3
``square red a1``          put one of your red squares on cell a1
``marker blue edge c3-c4`` put a blue marker on the edge between c3 and c4
``marker red corner b2``   put a red marker on the corner where b2, c2, b3, c3 meet
=========================  =========================================================

Words are separated by spaces and case does not matter; an edge may be written with
its cells in either order (``c4-c3``) and is printed top or left cell first. The
marker's owner is not written: it is always the player to move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reclaimdesk.core.i18n import _
from reclaimdesk.core.errors import NotationError, notation_words
from reclaimdesk.core.grid import Cell, cell_name
from reclaimdesk.games.claim_control.board import (
    GRID,
    SIZE,
    SPOTS,
    Spot,
    parse_board_cell,
)

COLOURS: tuple[str, ...] = ("blue", "red")
SQUARE = "square"
MARKER = "marker"


@dataclass(frozen=True)
class ClaimAction:
    """Placing one piece: a ``square`` on a cell, or a ``marker`` on a spot.

    >>> a = ClaimAction.parse("Marker red EDGE c4-c3")
    >>> a
    ClaimAction.parse('marker red edge c3-c4')
    >>> a.spot.cells, a.spot.weight
    (((2, 2), (3, 2)), 2)
    >>> str(ClaimAction.square("blue", (2, 2)))
    'square blue c3'
    """

    piece: str
    colour: str
    cell: Cell | None = None
    """The cell of a square."""
    spot: Spot | None = None
    """The spot of a marker."""
    index: int = field(default=-1, init=False, compare=False, repr=False)
    """Cell index (``row * 5 + col``) of a square, or spot index of a marker; -1 when
    the action names no place on the board (never legal)."""
    colour_index: int = field(default=-1, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        index = -1
        if self.piece == SQUARE and self.cell in GRID and self.spot is None:
            index = GRID.index(self.cell)  # type: ignore[arg-type]
        elif (
            self.piece == MARKER
            and self.cell is None
            and isinstance(self.spot, Spot)
            and 0 <= self.spot.index < len(SPOTS)
            and SPOTS[self.spot.index] == self.spot
        ):
            index = self.spot.index
        object.__setattr__(self, "index", index)
        colour = COLOURS.index(self.colour) if self.colour in COLOURS else -1
        object.__setattr__(self, "colour_index", colour)

    # --- building ----------------------------------------------------------
    @classmethod
    def square(cls, colour: str, cell: Cell) -> "ClaimAction":
        return cls(SQUARE, colour, cell=cell)

    @classmethod
    def marker(cls, colour: str, spot: Spot) -> "ClaimAction":
        return cls(MARKER, colour, spot=spot)

    # --- notation ----------------------------------------------------------
    def __str__(self) -> str:
        if self.piece == SQUARE and self.cell is not None:
            r, c = self.cell
            where = cell_name(self.cell) if 0 <= r < 26 and 0 <= c < 26 else str(self.cell)
            return f"square {self.colour} {where}"
        if self.piece == MARKER and self.spot is not None:
            return f"marker {self.colour} {self.spot}"
        return f"{self.piece} {self.colour} ?"

    def __repr__(self) -> str:
        if self.index < 0 or self.colour_index < 0:
            return f"ClaimAction({self.piece!r}, {self.colour!r}, cell={self.cell!r}, spot={self.spot!r})"
        return f"ClaimAction.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "ClaimAction":
        """Read an action in the notation above; raises NotationError saying why not."""
        words = notation_words(text, lower=True)
        try:
            if not words:
                raise ValueError(_("it is empty"))
            piece = words[0]
            if piece not in (SQUARE, MARKER):
                raise ValueError(_("it must start with 'square' or 'marker'"))
            if len(words) < 2 or words[1] not in COLOURS:
                raise ValueError(_("the second word must be 'blue' or 'red'"))
            colour = words[1]
            if piece == SQUARE:
                if len(words) != 3:
                    raise ValueError(_("a square is written like 'square blue c3'"))
                return cls.square(colour, parse_board_cell(words[2]))
            if len(words) != 4 or words[2] not in ("edge", "corner"):
                raise ValueError(
                    _("a marker is written like 'marker red edge c3-c4' or 'marker red corner b2'")
                )
            spot = Spot.parse(words[3])
            if spot.kind != words[2]:
                if words[2] == "edge":
                    raise ValueError(_("'{text}' is not an edge: an edge joins two cells, like c3-c4").format(
                        text=words[3]))
                raise ValueError(
                    _("'{text}' is not a corner: a corner is named by its top-left cell, like b2").format(
                        text=words[3]))
            return cls.marker(colour, spot)
        except ValueError as exc:
            raise NotationError(_("'{text}' is not a Claim Control action: {problem}").format(
                text=text, problem=exc)) from None


SQUARE_ACTIONS: tuple[tuple[ClaimAction, ...], ...] = tuple(
    tuple(ClaimAction.square(colour, GRID.cell_at(i)) for i in range(SIZE * SIZE))
    for colour in COLOURS
)
"""``SQUARE_ACTIONS[colour][cell index]``: every square placement, built once."""

MARKER_ACTIONS: tuple[tuple[ClaimAction, ...], ...] = tuple(
    tuple(ClaimAction.marker(colour, spot) for spot in SPOTS) for colour in COLOURS
)
"""``MARKER_ACTIONS[colour][spot index]``: every marker placement, built once."""
