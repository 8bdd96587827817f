"""Polyominoes: shapes made of edge-connected unit squares, with their rotations
and (where a game allows it) reflections.

Cells are ``(row, col)`` offsets; a shape is kept normalised so that its smallest
row and smallest column are both 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from reclaimdesk.core.grid import ORTHOGONAL, Cell, connected_groups

if TYPE_CHECKING:
    from reclaimdesk.core.data import DataFile


def _normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    min_r = min(r for r, _ in cells)
    min_c = min(c for _, c in cells)
    return tuple(sorted((r - min_r, c - min_c) for r, c in cells))


@dataclass(frozen=True)
class Polyomino:
    """A normalised polyomino.

    >>> p = Polyomino.parse(["##", "#."])
    >>> p
    Polyomino.parse(['##', '#.'])
    >>> len(p.rotations()), len(p.orientations(allow_flip=True))
    (4, 4)
    >>> len(Polyomino.parse(["###", "#.."]).orientations(allow_flip=True))
    8
    """

    cells: tuple[Cell, ...]

    def __post_init__(self) -> None:
        if not self.cells:
            raise ValueError("a polyomino needs at least one square")
        if len(set(self.cells)) != len(self.cells):
            raise ValueError("a polyomino may not repeat a square")
        object.__setattr__(self, "cells", _normalise(self.cells))
        if len(connected_groups(self.cells, _orthogonal_neighbours)) != 1:
            raise ValueError("a polyomino's squares must be edge-connected")

    @classmethod
    def parse(cls, rows: Sequence[str]) -> "Polyomino":
        """Build from rows of text where ``#`` (or any of ``#XOx*``) marks a square."""
        cells = [
            (r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "#XOx*"
        ]
        return cls(tuple(cells))

    def __len__(self) -> int:
        return len(self.cells)

    @property
    def height(self) -> int:
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1

    def rows(self) -> list[str]:
        cells = set(self.cells)
        return [
            "".join("#" if (r, c) in cells else "." for c in range(self.width))
            for r in range(self.height)
        ]

    def __repr__(self) -> str:
        return f"Polyomino.parse({self.rows()!r})"

    def __str__(self) -> str:
        return "/".join(self.rows())

    def rotated(self, quarter_turns: int = 1) -> "Polyomino":
        """Rotated clockwise by ``quarter_turns`` quarter turns."""
        cells = self.cells
        for _ in range(quarter_turns % 4):
            cells = tuple((c, -r) for r, c in cells)
        return Polyomino(cells)

    def flipped(self) -> "Polyomino":
        """Mirrored left-to-right."""
        return Polyomino(tuple((r, -c) for r, c in self.cells))

    def rotations(self) -> list["Polyomino"]:
        """The distinct rotations, starting with this one (rotation index 0)."""
        return list(self._distinct(False))

    def orientations(self, allow_flip: bool) -> list["Polyomino"]:
        """The distinct rotations, and with ``allow_flip`` also the reflections."""
        return list(self._distinct(allow_flip))

    def _distinct(self, allow_flip: bool) -> tuple["Polyomino", ...]:
        return self._flip_orientations if allow_flip else self._rotations

    @cached_property
    def _rotations(self) -> tuple["Polyomino", ...]:
        seen: list[Polyomino] = []
        for k in range(4):
            p = self.rotated(k)
            if p not in seen:
                seen.append(p)
        return tuple(seen)

    @cached_property
    def _flip_orientations(self) -> tuple["Polyomino", ...]:
        seen = list(self._rotations)
        for p in self.flipped()._rotations:
            if p not in seen:
                seen.append(p)
        return tuple(seen)

    def canonical(self, allow_flip: bool) -> "Polyomino":
        """One representative of the shape's class (for "is it the same shape")."""
        return min(self.orientations(allow_flip), key=lambda p: p.cells)

    def placed(self, anchor: Cell) -> list[Cell]:
        """The board cells covered when the shape's top-left box corner is at ``anchor``."""
        ar, ac = anchor
        return [(ar + r, ac + c) for r, c in self.cells]


def _orthogonal_neighbours(cell: Cell) -> Iterable[Cell]:
    r, c = cell
    return ((r + dr, c + dc) for dr, dc in ORTHOGONAL)


def read_polyomino(f: "DataFile", path: str, min_size: int, max_size: int) -> Polyomino:
    """The shape at ``path`` of a data file, drawn as rows of ``#`` (a square)
    and ``.`` (empty), with ``min_size`` to ``max_size`` squares; anything else
    fails with the file and the field named."""
    rows = f.list(path, min_length=1)
    if len(rows) > max_size:
        raise f.fail(path, f"must have at most {max_size} rows, not {len(rows)}")
    for i, row in enumerate(rows):
        if isinstance(row, str) and len(row) > max_size:
            raise f.fail(f"{path}[{i}]", f"must have at most {max_size} columns, not {len(row)}")
        if not isinstance(row, str) or not row or set(row) - {"#", "."}:
            raise f.fail(f"{path}[{i}]", "must be a row of '#' (square) and '.' (empty)")
    if len({len(r) for r in rows}) != 1:
        raise f.fail(path, "all rows must have the same length")
    try:
        shape = Polyomino.parse(rows)  # refuses squares that are not joined edge to edge
    except ValueError as exc:
        raise f.fail(path, str(exc)) from None
    if shape.rows() != list(rows):
        raise f.fail(path, "must have no empty first or last row or column")
    if not min_size <= len(shape) <= max_size:
        raise f.fail(path, f"must have {min_size} to {max_size} squares, not {len(shape)}")
    return shape
