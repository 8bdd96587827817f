"""What Alluvium's table paints, as plain data built from the engine's state:
the colours with their symbols, one sheet's squares, and the ghost."""

from __future__ import annotations

from dataclasses import dataclass, field

from reclaimdesk.core.grid import Cell
from reclaimdesk.core.i18n import _
from reclaimdesk.games.alluvium.components import COLOUR_IDS, COLOUR_NAMES, load_components

EMPTY = -1


def colour_rgb(index: int) -> str:
    return load_components().colour(COLOUR_IDS[index]).rgb


def colour_symbol(index: int) -> str:
    """The colour's symbol id (circle, triangle, square, triangle-down, diamond...)."""
    return load_components().colour(COLOUR_IDS[index]).symbol


def colour_name(index: int) -> str:
    """'red', in the current language."""
    return _(COLOUR_NAMES[COLOUR_IDS[index]])


def colour_title(index: int) -> str:
    """'Red', capitalised where the language has capitals."""
    name = colour_name(index)
    return name[:1].upper() + name[1:]


@dataclass
class SheetView:
    """One sheet as the items paint it."""

    size: int
    owner: int
    squares: list[list[int]]
    """Colour index per square, or EMPTY."""
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
    colour: int = 0
    check_edges: tuple[tuple[Cell, Cell], ...] = ()
    fill_squares: tuple[Cell, ...] = ()
    cursor: Cell | None = None
    hint: tuple[Cell, ...] = field(default_factory=tuple)


def sheet_view(state, owner: int, show_rectangle: bool = False) -> SheetView:
    sheet = state.sheets[owner]
    size = state.size
    grid = state.geo.grid
    squares = [[EMPTY] * size for _r in range(size)]
    for colour, mask in enumerate(sheet.colour_masks):
        for r, c in grid.cells_of(mask):
            squares[r][c] = colour
    rect = None
    text = ""
    if show_rectangle:
        best = state.best_rectangle(owner)
        if best is not None and best.area > 0:
            rect = (best.top, best.left, best.height, best.width)
            text = _("Largest rectangle now: {area}").format(area=best.area)
    recent: frozenset[Cell] = frozenset()
    if sheet.entries and sheet.entries[-1].mask:
        recent = frozenset(grid.cells_of(sheet.entries[-1].mask))
    return SheetView(size, owner, squares, tuple(state.start_squares), rect, text, recent)
