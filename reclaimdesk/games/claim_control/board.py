"""Claim Control's board: the 5x5 grid of printed values and the 56 marker spots.

Cells are named like spreadsheet cells: column letter ``a``-``e`` from left to
right, then row ``1``-``5`` from top to bottom (``a1`` is the top-left cell, ``c3``
the centre). A *spot* is where a control marker can go:

* an **edge** between two cells that share a side (40 of them), named by its two
  cells, top or left one first: ``c3-d3``, ``c3-c4``; it gives 2 influence to each;
* a **corner** where four cells meet (16 of them), named by the top-left cell of the
  four: ``b2`` is the corner shared by b2, c2, b3 and c3; it gives 1 to each.

Spots on the outer border of the board do not exist: markers never go there.

The values live in ``resources/claim_control/board.json`` so that a player can
check them against a printed board; :func:`load_board` validates the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reclaimdesk.core.i18n import _
from reclaimdesk.core.data import DataFile, resource_path
from reclaimdesk.core.grid import Cell, SquareGrid, cell_name, parse_cell

SIZE = 5
GRID = SquareGrid(SIZE, SIZE)
CELL_COUNT = SIZE * SIZE
BOARD_KIND = "claim-control-board"
MAX_VALUE = 9
SQUARES_ON_BOARD = 20
"""Both players' squares together: every one of them ends on the board."""
# MAX_SCORE, the registered upper bound of a score: the 20 highest printed values (the
# most a player could ever claim). :func:`parse_board` refuses a board that exceeds it.
from reclaimdesk.games.claim_control import MAX_SCORE  # noqa: E402
MARKER_INFLUENCE = 4
"""Every marker exerts 4 influence, split evenly between the cells it touches."""


@dataclass(frozen=True, order=True)
class Spot:
    """A place for one control marker: an interior edge (2 cells) or an interior
    corner (4 cells). ``cells`` are in reading order.

    >>> SPOTS[0], SPOTS[0].weight
    (Spot.parse('a1-b1'), 2)
    >>> Spot.parse('b2').cells
    ((1, 1), (1, 2), (2, 1), (2, 2))
    """

    index: int
    cells: tuple[Cell, ...]

    @property
    def kind(self) -> str:
        """``"edge"`` or ``"corner"``."""
        return "edge" if len(self.cells) == 2 else "corner"

    @property
    def weight(self) -> int:
        """Influence given to each touched cell: 2 on an edge, 1 on a corner."""
        return MARKER_INFLUENCE // len(self.cells)

    @property
    def name(self) -> str:
        if len(self.cells) == 2:
            return f"{cell_name(self.cells[0])}-{cell_name(self.cells[1])}"
        return cell_name(self.cells[0])

    def __str__(self) -> str:
        return f"{self.kind} {self.name}"

    def __repr__(self) -> str:
        return f"Spot.parse({self.name!r})"

    @staticmethod
    def parse(text: str) -> "Spot":
        """The spot named ``text`` (``c3-c4``, ``c4-c3`` or the corner ``b2``);
        raises ValueError saying what is wrong."""
        words = text.strip().lower()
        if "-" in words:
            first, _sep, second = words.partition("-")
            a, b = parse_board_cell(first), parse_board_cell(second)
            a, b = min(a, b), max(a, b)
            spot = SPOT_BY_CELLS.get((a, b))
            if spot is None:
                if a == b:
                    raise ValueError(_("an edge needs two different cells, not {cell} twice").format(cell=cell_name(a)))
                raise ValueError(_("{first} and {second} do not share a side").format(
                    first=cell_name(a), second=cell_name(b)))
            return spot
        cell = parse_board_cell(words)
        r, c = cell
        spot = SPOT_BY_CELLS.get(((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))
        if spot is None:
            raise ValueError(
                _("the corner below and right of {cell} is on the outer border,"
                  " where markers never go (corners are a1 to d4)").format(cell=cell_name(cell))
            )
        return spot


def parse_board_cell(text: str) -> Cell:
    """A cell of the 5x5 board from its name; ValueError for anything else.

    >>> parse_board_cell("c3")
    (2, 2)
    """
    cell = parse_cell(text)
    if cell not in GRID:
        raise ValueError(_("'{text}' is not a cell of the board (a1 to e5)").format(text=text.strip()))
    return cell


def _build_spots() -> tuple[Spot, ...]:
    """Every spot, grouped by the top-left cell in reading order: the edge to its
    right, the edge below it, then the corner below-right of it."""
    spots: list[Spot] = []
    for r in range(SIZE):
        for c in range(SIZE):
            shapes = (
                ((r, c), (r, c + 1)),
                ((r, c), (r + 1, c)),
                ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)),
            )
            for cells in shapes:
                if all(cell in GRID for cell in cells):
                    spots.append(Spot(len(spots), cells))
    return tuple(spots)


SPOTS: tuple[Spot, ...] = _build_spots()
SPOT_COUNT = len(SPOTS)
SPOT_BY_CELLS: dict[tuple[Cell, ...], Spot] = {s.cells: s for s in SPOTS}
CELL_SPOTS: tuple[tuple[Spot, ...], ...] = tuple(
    tuple(s for s in SPOTS if cell in s.cells) for cell in GRID.cells()
)
"""For each cell index, the spots whose marker influences it."""

# Plain-number tables for the hot paths of the rules and the AI.
SPOT_CELL_INDEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(GRID.index(cell) for cell in s.cells) for s in SPOTS
)
"""For each spot index, the indexes of the cells it touches."""
CELL_SPOT_WEIGHTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((s.index, s.weight) for s in spots) for spots in CELL_SPOTS
)
"""For each cell index, ``(spot index, weight)`` of the spots around it."""

assert SPOT_COUNT == 56 and sum(s.kind == "edge" for s in SPOTS) == 40


DATA_VERSIONS = (1,)
"""The versions of the board file this code understands."""


@dataclass(frozen=True)
class Board:
    """The printed values, ``values[row][col]``."""

    id: str
    version: int
    name: str
    values: tuple[tuple[int, ...], ...]

    def value(self, cell: Cell) -> int:
        return self.values[cell[0]][cell[1]]

    @property
    def flat(self) -> tuple[int, ...]:
        """Values by cell index (``row * 5 + col``)."""
        return tuple(v for row in self.values for v in row)


def parse_board(f: DataFile) -> Board:
    """A :class:`Board` from a loaded data file; DataError names any bad field."""
    name = f.str("name")
    if not name.strip():
        raise f.fail("name", "must not be empty")
    rows = f.list("values", length=SIZE)
    for r in range(len(rows)):
        f.list(f"values[{r}]", length=SIZE)
    values = tuple(
        tuple(f.int(f"values[{r}][{c}]", minimum=1, maximum=MAX_VALUE) for c in range(SIZE))
        for r in range(SIZE)
    )
    best = sum(sorted((v for row in values for v in row), reverse=True)[:SQUARES_ON_BOARD])
    if best > MAX_SCORE:
        raise f.fail(
            "values",
            f"the {SQUARES_ON_BOARD} highest values add up to {best}; at most {MAX_SCORE}"
            " fits the game's score range",
        )
    return Board(f.id, f.version, name, values)


@lru_cache(maxsize=None)
def load_board(board_id: str = "board") -> Board:
    """The board file ``resources/claim_control/<board_id>.json``, validated."""
    path = resource_path("claim_control", f"{board_id}.json")
    return parse_board(DataFile.load(path, expected_kind=BOARD_KIND, versions=DATA_VERSIONS))
