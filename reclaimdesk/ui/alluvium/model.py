"""What Alluvium's table paints, as plain data built from the engine's state:
the colours with their symbols, one sheet's squares, and the ghost."""

from __future__ import annotations

from dataclasses import dataclass, field

from reclaimdesk.core.grid import Cell, largest_rectangle
from reclaimdesk.core.i18n import _
from reclaimdesk.games.alluvium.components import COLOUR_IDS, COLOUR_NAMES, load_components

EMPTY = ""
"""A square with no colour."""

Colour = int | str
"""A colour: its id ('red'), or its index in the rule book's order (0 = red).
The table passes ids (``state.colour_of(slot)``): players choose their colours,
so a seat is not a colour."""


def colour_id(colour: Colour) -> str:
    return COLOUR_IDS[colour] if isinstance(colour, int) else colour


def colour_rgb(colour: Colour) -> str:
    return load_components().colour(colour_id(colour)).rgb


def colour_symbol(colour: Colour) -> str:
    """The colour's symbol id (circle, triangle, square, triangle-down, diamond...)."""
    return load_components().colour(colour_id(colour)).symbol


def colour_name(colour: Colour) -> str:
    """'red', in the current language."""
    return _(COLOUR_NAMES[colour_id(colour)])


def colour_title(colour: Colour) -> str:
    """'Red', capitalised where the language has capitals."""
    name = colour_name(colour)
    return name[:1].upper() + name[1:]


@dataclass
class SheetView:
    """One sheet as the items paint it."""

    size: int
    owner: int
    squares: list[list[str]]
    """Colour id per square, or EMPTY."""
    starts: tuple[Cell, ...] = ()
    rectangle: tuple[int, int, int, int] | None = None
    """(top, left, height, width) of the largest all-filled rectangle, when shown."""
    rectangle_text: str = ""
    recent: frozenset[Cell] = frozenset()
    """Squares drawn by the last action on this sheet (outlined)."""


@dataclass
class GhostView:
    """What a click would draw: the squares, whether it is allowed, the edges it
    would turn into checks, and the squares where action B is possible."""

    cells: tuple[Cell, ...] = ()
    ok: bool = False
    colour: str = "red"
    check_edges: tuple[tuple[Cell, Cell], ...] = ()
    fill_squares: tuple[Cell, ...] = ()
    cursor: Cell | None = None
    hint: tuple[Cell, ...] = field(default_factory=tuple)


def sheet_view(state, owner: int, show_rectangle: bool = False, sheet=None) -> SheetView:
    """``owner``'s sheet as the items paint it (``sheet``: a copy to paint instead,
    such as the sheet as a seat last saw it)."""
    sheet = sheet if sheet is not None else state.sheets[owner]
    size = state.size
    grid = state.geo.grid
    squares = [[EMPTY] * size for _r in range(size)]
    for slot, mask in enumerate(sheet.colour_masks):
        for r, c in grid.cells_of(mask):
            squares[r][c] = state.colour_of(slot)
    rect = None
    text = ""
    if show_rectangle:
        filled = sheet.filled
        best = largest_rectangle(lambda cell: bool(grid.bit(cell) & filled), size, size)
        if best is not None and best.area > 0:
            rect = (best.top, best.left, best.height, best.width)
            text = _("Largest rectangle now: {area}").format(area=best.area)
    recent: frozenset[Cell] = frozenset()
    if sheet.entries and sheet.entries[-1].mask:
        recent = frozenset(grid.cells_of(sheet.entries[-1].mask))
    return SheetView(size, owner, squares, tuple(state.start_squares), rect, text, recent)
