"""Alluvium's components, loaded and validated from ``resources/alluvium/``.

===================  =========================================================
``sheet.json``       the sheet: map size (9 to 11), the two outlined start
                     squares, the check track (rows and circles per row) and
                     the score boxes (area bonus per round, cooperation bonus)
``pieces.json``      the six piece shapes (3 to 5 squares), the same in every
                     colour; one card of each shape per colour
``colours.json``     the five colours in rule-book order, each with its ink
                     (an RGB value) and a symbol so a sheet reads in black and
                     white
``direction.json``   the direction card: its two sides and the side it starts on
===================  =========================================================

Every file has an ``id`` equal to its name and a ``version``; every constraint of
the rulings is checked at load and a broken file raises one :class:`DataError`
naming the file and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from reclaimdesk.core.data import DataFile, resource_path
from reclaimdesk.core.errors import DataError
from reclaimdesk.core.grid import Cell, SquareGrid, cell_name, parse_cell
from reclaimdesk.core.i18n import N_
from reclaimdesk.core.polyomino import Polyomino, read_polyomino

COLOUR_IDS: tuple[str, ...] = ("red", "brown", "blue", "yellow", "green")
"""The five colours, in the rule book's order."""

COLOUR_NAMES: dict[str, str] = {
    "red": N_("red"),
    "brown": N_("brown"),
    "blue": N_("blue"),
    "yellow": N_("yellow"),
    "green": N_("green"),
}
"""Display names (pass through ``_()`` where shown)."""

SYMBOLS: dict[str, str] = {
    "circle": "○",
    "triangle": "△",
    "square": "□",
    "triangle-down": "▽",
    "diamond": "◇",
    "cross": "×",
    "star": "☆",
}
"""The symbols a colour may use, with a text glyph for plain-text views."""

DIRECTION_NAMES: dict[str, str] = {
    "clockwise": N_("clockwise"),
    "counterclockwise": N_("counterclockwise"),
}

TERMS: dict[str, str] = {
    "exploration-card": N_("exploration card"),
    "direction-card": N_("direction card"),
    "field-card": N_("field card"),
    "hand-card": N_("hand card"),
    "territory": N_("territory"),
    "area-bonus": N_("area bonus"),
    "cooperation-bonus": N_("cooperation bonus"),
    "check-track": N_("check track"),
    "virtual-colour": N_("virtual colour"),
    "action-a": N_("action A: draw your piece"),
    "action-b": N_("action B: fill one square"),
}
"""The game's words for views and print kits (pass through ``_()`` where shown);
the Japanese catalogue uses the rule book's own terms (開拓カード, 方向カード,
場札, 手札, 領地, 面積ボーナス, 協力ボーナス)."""

PHASE_NAMES: dict[str, str] = {
    "own": N_("your own map"),
    "virtual": N_("the virtual colour's piece"),
    "others": N_("the others' maps"),
    "over": N_("game over"),
}

PIECE_COUNT = 6
MIN_PIECE, MAX_PIECE = 3, 5
MIN_SIZE, MAX_SIZE = 9, 11
TRACK_ROWS = 4
"""Rows of the check track: one per other colour at the table (at most four)."""
MAX_ROUNDS = 4
MAX_OTHERS = 4

_RGB = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Piece:
    """One of the six shapes. ``orientations`` are its distinct placements up to
    translation: first the clockwise rotations, then the mirror images' rotations
    not already among them (the index is the notation's orientation number)."""

    id: str
    shape: Polyomino

    @cached_property
    def _hash(self) -> int:
        return hash((self.id, self.shape))

    def __hash__(self) -> int:
        """The dataclass's hash of its fields, computed once (pieces key the
        geometry's caches, looked up in the AI's inner loop)."""
        return self._hash

    def __getstate__(self) -> dict:
        # the string hash differs between processes: a copy computes its own
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @cached_property
    def orientations(self) -> tuple[Polyomino, ...]:
        return tuple(self.shape.orientations(allow_flip=True))

    def orientation_index(self, quarter_turns: int, mirrored: bool) -> int:
        """The orientation number of the shape mirrored (left-right) if ``mirrored``,
        then turned clockwise ``quarter_turns`` times (what a UI's keys produce)."""
        p = self.shape.flipped() if mirrored else self.shape
        return self.orientations.index(p.rotated(quarter_turns))

    def turn_and_mirror(self, index: int) -> tuple[int, bool]:
        """The inverse of :meth:`orientation_index`: one ``(quarter_turns,
        mirrored)`` that gives orientation ``index``."""
        target = self.orientations[index]
        for mirrored in (False, True):
            base = self.shape.flipped() if mirrored else self.shape
            for k in range(4):
                if base.rotated(k) == target:
                    return k, mirrored
        raise ValueError(index)  # pragma: no cover - every orientation is reachable

    @property
    def size(self) -> int:
        return len(self.shape)


@dataclass(frozen=True)
class Colour:
    id: str
    rgb: str
    symbol: str

    @property
    def name(self) -> str:
        """Untranslated display name (``_(colour.name)`` to show it)."""
        return COLOUR_NAMES[self.id]


@dataclass(frozen=True)
class SheetLayout:
    id: str
    version: int
    size: int
    start_squares: tuple[Cell, Cell]
    track_rows: int
    track_circles: int
    area_boxes: int
    cooperation_boxes: int

    @cached_property
    def grid(self) -> SquareGrid:
        return SquareGrid(self.size, self.size)


@dataclass(frozen=True)
class DirectionCard:
    id: str
    version: int
    sides: tuple[tuple[str, int], ...]
    """``(side id, seat step)``: +1 passes to the next seat clockwise."""
    start: str

    def step(self, side: str) -> int:
        return dict(self.sides)[side]

    def other(self, side: str) -> str:
        return next(s for s, _ in self.sides if s != side)


@dataclass(frozen=True)
class Components:
    sheet: SheetLayout
    pieces: tuple[Piece, ...]
    colours: tuple[Colour, ...]
    direction: DirectionCard
    versions: tuple[tuple[str, int], ...]

    def piece(self, piece_id: str) -> Piece:
        for p in self.pieces:
            if p.id == piece_id:
                return p
        raise KeyError(piece_id)

    @cached_property
    def piece_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.pieces)

    def colour(self, colour_id: str) -> Colour:
        return next(c for c in self.colours if c.id == colour_id)


# --- parsing ------------------------------------------------------------------


def parse_sheet(f: DataFile) -> SheetLayout:
    size = f.int("size", minimum=MIN_SIZE, maximum=MAX_SIZE)
    starts = f.list("start_squares", length=2)
    cells: list[Cell] = []
    for i in range(len(starts)):
        text = f.str(f"start_squares[{i}]")
        try:
            cell = parse_cell(text)
        except ValueError as exc:
            raise f.fail(f"start_squares[{i}]", str(exc)) from None
        if not (0 <= cell[0] < size and 0 <= cell[1] < size):
            raise f.fail(f"start_squares[{i}]", f"'{text}' is outside the {size}x{size} map")
        cells.append(cell)
    if cells[0] == cells[1]:
        raise f.fail("start_squares", "the two start squares must differ")
    rows = f.int("track.rows", minimum=TRACK_ROWS, maximum=TRACK_ROWS)
    circles = f.int("track.circles", minimum=5, maximum=60)
    area = f.int("score_boxes.area_rounds", minimum=MAX_ROUNDS, maximum=MAX_ROUNDS)
    coop = f.int("score_boxes.cooperation", minimum=MAX_OTHERS, maximum=MAX_OTHERS)
    return SheetLayout(f.id, f.version, size, (cells[0], cells[1]), rows, circles, area, coop)


def parse_pieces(f: DataFile) -> tuple[Piece, ...]:
    f.list("pieces", length=PIECE_COUNT)
    pieces: list[Piece] = []
    seen_ids: set[str] = set()
    seen_shapes: dict[Polyomino, str] = {}
    for i in range(PIECE_COUNT):
        ident = f.str(f"pieces[{i}].id")
        if not re.fullmatch(r"[A-Z][A-Z0-9]{0,3}", ident):
            raise f.fail(f"pieces[{i}].id", "must be 1-4 capital letters or digits, starting with a letter")
        if ident in seen_ids:
            raise f.fail(f"pieces[{i}].id", f"'{ident}' is used twice")
        seen_ids.add(ident)
        shape = read_polyomino(f, f"pieces[{i}].shape", MIN_PIECE, MAX_PIECE)
        canon = shape.canonical(allow_flip=True)
        if canon in seen_shapes:
            raise f.fail(f"pieces[{i}].shape",
                         f"is the same shape as {seen_shapes[canon]} (turned or mirrored)")
        seen_shapes[canon] = ident
        pieces.append(Piece(ident, shape))
    return tuple(pieces)


def parse_colours(f: DataFile) -> tuple[Colour, ...]:
    f.list("colours", length=len(COLOUR_IDS))
    colours: list[Colour] = []
    for i, expected in enumerate(COLOUR_IDS):
        ident = f.str(f"colours[{i}].id")
        if ident != expected:
            raise f.fail(f"colours[{i}].id",
                         f"must be '{expected}' (the colours are {', '.join(COLOUR_IDS)}, in that order)")
        rgb = f.str(f"colours[{i}].rgb")
        if not _RGB.match(rgb):
            raise f.fail(f"colours[{i}].rgb", f"must look like #a0b1c2, not '{rgb}'")
        if any(c.rgb.lower() == rgb.lower() for c in colours):
            raise f.fail(f"colours[{i}].rgb", "two colours may not share an ink")
        symbol = f.str(f"colours[{i}].symbol", SYMBOLS)
        if any(c.symbol == symbol for c in colours):
            raise f.fail(f"colours[{i}].symbol",
                         f"'{symbol}' is used twice (each colour needs its own symbol)")
        colours.append(Colour(ident, rgb, symbol))
    return tuple(colours)


def parse_direction(f: DataFile) -> DirectionCard:
    f.list("sides", length=2)
    sides: list[tuple[str, int]] = []
    for i, (expected, step) in enumerate((("clockwise", 1), ("counterclockwise", -1))):
        ident = f.str(f"sides[{i}].id")
        if ident != expected:
            raise f.fail(f"sides[{i}].id", f"must be '{expected}'")
        value = f.int(f"sides[{i}].step")
        if value != step:
            raise f.fail(f"sides[{i}].step", f"must be {step} ({expected})")
        sides.append((ident, value))
    start = f.str("start")
    if start != "clockwise":
        raise f.fail("start", "the direction card starts with its clockwise side up")
    return DirectionCard(f.id, f.version, tuple(sides), start)


def check_together(sheet: SheetLayout, pieces: tuple[Piece, ...], sheet_file: str) -> None:
    """Constraints across files: every piece fits the map, and no piece can cover
    both start squares (each round-1 piece covers one of them)."""
    a, b = sheet.start_squares
    for piece in pieces:
        for o in piece.orientations:
            if o.height > sheet.size or o.width > sheet.size:
                raise DataError(sheet_file, "size", f"piece {piece.id} does not fit the map")
            # anchor so that cell a is covered, then see whether b is too
            for r, c in o.cells:
                anchor = (a[0] - r, a[1] - c)
                if (b[0] - anchor[0], b[1] - anchor[1]) in o.cells:
                    raise DataError(sheet_file, "start_squares",
                                    f"piece {piece.id} can cover both {cell_name(a)} and {cell_name(b)}")


DATA_VERSIONS = (1,)
"""The versions of the four data files this code understands."""


def _dir() -> Path:
    return resource_path("alluvium")


@lru_cache(maxsize=None)
def load_components() -> Components:
    d = _dir()
    sf = DataFile.load(d / "sheet.json", "alluvium-sheet", DATA_VERSIONS)
    pf = DataFile.load(d / "pieces.json", "alluvium-pieces", DATA_VERSIONS)
    cf = DataFile.load(d / "colours.json", "alluvium-colours", DATA_VERSIONS)
    df = DataFile.load(d / "direction.json", "alluvium-direction", DATA_VERSIONS)
    sheet = parse_sheet(sf)
    pieces = parse_pieces(pf)
    check_together(sheet, pieces, sf.name)
    versions = tuple((f"alluvium/{f.id}", f.version) for f in (sf, pf, cf, df))
    return Components(sheet, pieces, parse_colours(cf), parse_direction(df), versions)
