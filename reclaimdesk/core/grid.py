"""Square-grid geometry: coordinates, neighbours, bit-set masks, connected groups
and the largest all-filled rectangle.

A cell is a ``(row, col)`` pair with ``(0, 0)`` at the top left. For speed, sets of
cells can also be held as Python integers used as bit sets (bit ``row * cols + col``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from reclaimdesk.core.i18n import _

Cell = tuple[int, int]

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((-1, -1), (-1, 1), (1, 1), (1, -1))
KING: tuple[Cell, ...] = ORTHOGONAL + DIAGONAL


def cell_name(cell: Cell) -> str:
    """Spreadsheet-style name: column letter then 1-based row (``(0, 0)`` is ``a1``).

    >>> cell_name((0, 0)), cell_name((12, 12))
    ('a1', 'm13')
    """
    row, col = cell
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_cell(text: str) -> Cell:
    """Inverse of :func:`cell_name`.

    >>> parse_cell("c10")
    (9, 2)
    """
    text = text.strip().lower()
    if len(text) < 2 or not ("a" <= text[0] <= "z") or not (text[1:].isascii() and text[1:].isdigit()):
        raise ValueError(_("'{text}' is not a square name like 'c7'").format(text=text))
    return int(text[1:]) - 1, ord(text[0]) - ord("a")


@dataclass(frozen=True)
class SquareGrid:
    """A rectangular board of ``rows`` x ``cols`` squares."""

    rows: int
    cols: int
    _not_first_col: int = field(init=False, repr=False, compare=False)
    _not_last_col: int = field(init=False, repr=False, compare=False)
    _row_runs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _full: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        first = sum(1 << (r * self.cols) for r in range(self.rows))
        last = first << (self.cols - 1)
        full = (1 << (self.rows * self.cols)) - 1
        object.__setattr__(self, "_not_first_col", full & ~first)
        object.__setattr__(self, "_not_last_col", full & ~last)
        object.__setattr__(self, "_full", full)
        # longest run of set bits for every possible row pattern
        runs = []
        for pattern in range(1 << self.cols):
            n, x = 0, pattern
            while x:
                x &= x >> 1
                n += 1
            runs.append(n)
        object.__setattr__(self, "_row_runs", tuple(runs))

    # --- cells -------------------------------------------------------------
    def __contains__(self, cell: object) -> bool:
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    def cells(self) -> Iterator[Cell]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield r, c

    def on_border(self, cell: Cell) -> bool:
        r, c = cell
        return r == 0 or c == 0 or r == self.rows - 1 or c == self.cols - 1

    def neighbours(self, cell: Cell, steps: Iterable[Cell] = ORTHOGONAL) -> Iterator[Cell]:
        r, c = cell
        for dr, dc in steps:
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.rows and 0 <= cc < self.cols:
                yield rr, cc

    # --- bit sets ----------------------------------------------------------
    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def full_mask(self) -> int:
        return self._full

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self.cols + cell[1])

    def index(self, cell: Cell) -> int:
        return cell[0] * self.cols + cell[1]

    def cell_at(self, index: int) -> Cell:
        return divmod(index, self.cols)  # type: ignore[return-value]

    def mask(self, cells: Iterable[Cell]) -> int:
        m = 0
        for r, c in cells:
            m |= 1 << (r * self.cols + c)
        return m

    def cells_of(self, mask: int) -> list[Cell]:
        out = []
        while mask:
            low = mask & -mask
            out.append(divmod(low.bit_length() - 1, self.cols))
            mask ^= low
        return out  # type: ignore[return-value]

    def row_masks(self, mask: int) -> list[int]:
        """``mask`` split into one ``cols``-bit pattern per row."""
        row = (1 << self.cols) - 1
        return [(mask >> (r * self.cols)) & row for r in range(self.rows)]

    def largest_rectangle_area(self, mask: int, min_side: int = 1) -> int:
        """Area of the largest all-set rectangle of ``mask`` with both sides at least
        ``min_side`` (0 when none); a fast bit-set twin of :func:`largest_rectangle`."""
        rows = self.row_masks(mask)
        runs = self._row_runs
        best = 0
        for top in range(self.rows):
            acc = rows[top]
            height = 0
            for bottom in range(top, self.rows):
                acc &= rows[bottom]
                if not acc:
                    break
                height += 1
                width = runs[acc]
                if height >= min_side and width >= min_side and width * height > best:
                    best = width * height
        return best

    def border_mask(self) -> int:
        return self.mask(c for c in self.cells() if self.on_border(c))

    def grow(self, mask: int) -> int:
        """The cells edge-adjacent to ``mask`` (not including ``mask`` itself)."""
        cols = self.cols
        out = (
            (mask >> cols)
            | (mask << cols)
            | ((mask & self._not_first_col) >> 1)
            | ((mask & self._not_last_col) << 1)
        )
        return out & self._full & ~mask

    def flood(self, seed_mask: int, within: int) -> int:
        """All cells of ``within`` edge-connected to ``seed_mask`` through ``within``."""
        # grow() inlined: searches flood thousands of times a decision
        cols, not_first, not_last = self.cols, self._not_first_col, self._not_last_col
        inside = within & self._full
        reached = seed_mask & within
        while True:
            more = (((reached >> cols) | (reached << cols) | ((reached & not_first) >> 1)
                     | ((reached & not_last) << 1)) & inside & ~reached)
            if not more:
                return reached
            reached |= more

    def group_masks(self, within: int) -> list[int]:
        """The edge-connected groups of ``within``, each as a mask, in reading order."""
        groups = []
        rest = within
        while rest:
            low = rest & -rest
            g = self.flood(low, within)
            groups.append(g)
            rest &= ~g
        return groups


def connected_groups(
    cells: Iterable[Cell], neighbours: Callable[[Cell], Iterable[Cell]]
) -> list[set[Cell]]:
    """Split ``cells`` into groups connected by ``neighbours`` (any geometry).

    >>> grid = SquareGrid(3, 3)
    >>> sorted(len(g) for g in connected_groups([(0, 0), (0, 1), (2, 2)], grid.neighbours))
    [1, 2]
    """
    remaining = set(cells)
    groups: list[set[Cell]] = []
    while remaining:
        start = remaining.pop()
        group = {start}
        stack = [start]
        while stack:
            for n in neighbours(stack.pop()):
                if n in remaining:
                    remaining.discard(n)
                    group.add(n)
                    stack.append(n)
        groups.append(group)
    return groups


@dataclass(frozen=True)
class Rectangle:
    top: int
    left: int
    height: int
    width: int

    @property
    def area(self) -> int:
        return self.height * self.width

    def cells(self) -> list[Cell]:
        return [
            (r, c)
            for r in range(self.top, self.top + self.height)
            for c in range(self.left, self.left + self.width)
        ]


def largest_rectangle(
    filled: Callable[[Cell], bool], rows: int, cols: int, min_side: int = 1
) -> Rectangle | None:
    """The largest axis-parallel rectangle whose squares are all ``filled`` and whose
    sides are both at least ``min_side``; ``None`` when there is none. Ties go to the
    first found in reading order (top row first, then left column, then taller).

    >>> rows = ["##.", "##.", "..."]
    >>> largest_rectangle(lambda c: rows[c[0]][c[1]] == "#", 3, 3, min_side=2)
    Rectangle(top=0, left=0, height=2, width=2)
    """
    # Column heights of consecutive filled squares ending at each row; for every
    # (row, col) as the bottom-right corner, scan leftwards keeping the minimum
    # height. O(rows * cols^2), tiny for board games and easy to check.
    heights = [0] * cols
    best: Rectangle | None = None
    best_key: tuple[int, int, int, int] | None = None
    for r in range(rows):
        for c in range(cols):
            heights[c] = heights[c] + 1 if filled((r, c)) else 0
        for right in range(cols):
            h = heights[right]
            left = right
            while left >= 0 and h > 0:
                h = min(h, heights[left])
                if h == 0:
                    break
                width = right - left + 1
                if width >= min_side:
                    # the tallest rectangle with this width and bottom-right corner
                    height = h
                    if height >= min_side:
                        rect = Rectangle(r - height + 1, left, height, width)
                        key = (-rect.area, rect.top, rect.left, -rect.height)
                        if best_key is None or key < best_key:
                            best, best_key = rect, key
                left -= 1
    return best
