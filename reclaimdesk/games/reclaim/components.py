"""Reclaim's components, loaded and validated from ``resources/reclaim/``:
the maps, the 30 cards and the scoring track."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.data import DataFile, resource_path
from reclaimdesk.core.errors import DataError
from reclaimdesk.core.grid import Cell, SquareGrid, cell_name
from reclaimdesk.core.polyomino import Polyomino, read_polyomino

SIZE = 13
GRID = SquareGrid(SIZE, SIZE)
CENTRE: Cell = (SIZE // 2, SIZE // 2)
TRACK_LENGTH = 9
CARD_COUNT = 30
DECK_SIZE = 17
from reclaimdesk.games.reclaim import MAP_IDS  # noqa: E402 - the spec's tuple
MAP_LEVELS = {"river": "beginner", "lake": "advanced"}
"""Each map's level, as RULINGS names them."""
FIXED_POINTS = {5: 16, 7: 26}
"""Track values the rule text fixes: 5 connected castles score 16, 7 score 26."""
DATA_VERSIONS = {"map": (2,), "cards": (1,), "track": (2,)}
"""The versions of each data file this code understands."""


class Terrain(str, Enum):
    CASTLE = "castle"
    FOREST = "forest"
    FIELD = "field"
    MOUNTAIN = "mountain"
    WATER = "water"
    GRASS = "grass"


class Icon(str, Enum):
    """A cost icon and the terrain that pays it."""

    WOOD = "wood"
    WHEAT = "wheat"
    STONE = "stone"
    WATER = "water"

    @property
    def terrain(self) -> Terrain:
        return _ICON_TERRAIN[self]


_ICON_TERRAIN = {
    Icon.WOOD: Terrain.FOREST,
    Icon.WHEAT: Terrain.FIELD,
    Icon.STONE: Terrain.MOUNTAIN,
    Icon.WATER: Terrain.WATER,
}


ICON_WORDS: dict[str, str] = {"wood": N_("Wood"), "wheat": N_("Wheat"), "stone": N_("Stone"),
                              "water": N_("Water")}
"""A cost icon's name (English; pass through ``_`` to show it)."""
MAP_WORDS: tuple[str, ...] = (N_("River"), N_("Lake"), N_("beginner"), N_("advanced"))
"""The names and levels of ``resources/reclaim/maps/*.json``, listed so that the
catalogue has them: show them with ``_(rmap.name)``, ``_(rmap.level)``."""


@dataclass(frozen=True)
class ReclaimMap:
    id: str
    version: int
    name: str
    level: str
    terrain: tuple[tuple[Terrain, ...], ...]

    def at(self, cell: Cell) -> Terrain:
        return self.terrain[cell[0]][cell[1]]

    def mask_of(self, kind: Terrain) -> int:
        return self._masks[kind]

    @property
    def castles(self) -> list[Cell]:
        return GRID.cells_of(self.mask_of(Terrain.CASTLE))

    def __post_init__(self) -> None:
        masks = {t: 0 for t in Terrain}
        for r in range(SIZE):
            for c in range(SIZE):
                masks[self.terrain[r][c]] |= 1 << (r * SIZE + c)
        object.__setattr__(self, "_masks", masks)


@dataclass(frozen=True)
class Card:
    id: str
    shape: Polyomino
    cost: tuple[Icon, Icon]


@dataclass(frozen=True)
class TrackEntry:
    castles: int
    points: int
    triangles: int
    shape: Polyomino


@dataclass(frozen=True)
class Track:
    id: str
    version: int
    entries: tuple[TrackEntry, ...]

    def points_for(self, castles: int, crossed: int) -> int:
        """Points for ``castles`` connected castles with the rightmost ``crossed``
        entries crossed out: a crossed entry falls back to the nearest remaining
        entry on its left; none left (or no castle) scores 0."""
        if castles <= 0:
            return 0
        best = min(castles, TRACK_LENGTH - crossed)
        return self.entries[best - 1].points if best >= 1 else 0


def parse_map(f: DataFile) -> ReclaimMap:
    legend = f.dict("legend")
    kinds: dict[str, Terrain] = {}
    for symbol, kind in legend.items():
        if len(symbol) != 1:
            raise f.fail(f"legend.{symbol}", "symbols must be single characters")
        try:
            kinds[symbol] = Terrain(kind)
        except ValueError:
            names = ", ".join(t.value for t in Terrain)
            raise f.fail(f"legend.{symbol}", f"must be one of {names}, not '{kind}'") from None
    rows = f.list("rows", length=SIZE)
    terrain = []
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != SIZE:
            raise f.fail(f"rows[{r}]", f"must be text of {SIZE} symbols")
        line = []
        for c, ch in enumerate(row):
            if ch not in kinds:
                raise f.fail(f"rows[{r}]", f"symbol '{ch}' at {cell_name((r, c))} is not in the legend")
            line.append(kinds[ch])
        terrain.append(tuple(line))
    castles = [(r, c) for r in range(SIZE) for c in range(SIZE) if terrain[r][c] is Terrain.CASTLE]
    if len(castles) != 9:
        raise f.fail("rows", f"must hold exactly 9 castles, not {len(castles)}")
    if CENTRE not in castles:
        raise f.fail("rows", f"must have a castle on the centre square {cell_name(CENTRE)}")
    for a in castles:
        for b in castles:
            if a < b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1:
                raise f.fail("rows", f"castles {cell_name(a)} and {cell_name(b)} touch")
    name = f.str("name")
    if not name.strip():
        raise f.fail("name", "must not be empty")
    level = f.str("level", ("beginner", "advanced"))
    wanted = MAP_LEVELS.get(f.id)
    if wanted is not None and level != wanted:
        raise f.fail("level", f"the {f.id} map is the {wanted} map, not {level}")
    return ReclaimMap(f.id, f.version, name, level, tuple(terrain))


def parse_cards(f: DataFile) -> tuple[Card, ...]:
    items = f.list("cards", length=CARD_COUNT)
    cards = []
    seen: set[str] = set()
    for i, _ in enumerate(items):
        ident = f.str(f"cards[{i}].id")
        if ident in seen:
            raise f.fail(f"cards[{i}].id", f"'{ident}' is used twice")
        if not ident or not ident.isalnum() or ident[0] == "t":
            raise f.fail(f"cards[{i}].id", "must be letters and digits, not starting with 't'")
        seen.add(ident)
        shape = read_polyomino(f, f"cards[{i}].shape", 2, 5)
        f.list(f"cards[{i}].cost", length=2)
        icons = tuple(Icon(f.str(f"cards[{i}].cost[{j}]", [x.value for x in Icon])) for j in range(2))
        cards.append(Card(ident, shape, icons))  # type: ignore[arg-type]
    return tuple(cards)


def parse_track(f: DataFile) -> Track:
    f.list("entries", length=TRACK_LENGTH)
    entries = []
    previous = None
    for i in range(TRACK_LENGTH):
        p = f"entries[{i}]"
        castles = f.int(f"{p}.castles")
        if castles != i + 1:
            raise f.fail(f"{p}.castles", f"must be {i + 1} (entries run from 1 to 9 castles)")
        points = f.int(f"{p}.points", minimum=1)
        if previous is not None and points <= previous:
            raise f.fail(f"{p}.points", "points must increase strictly from left to right")
        fixed = FIXED_POINTS.get(i + 1)
        if fixed is not None and points != fixed:
            raise f.fail(f"{p}.points", f"{i + 1} castles score {fixed} in the rules, not {points}")
        previous = points
        triangles = f.int(f"{p}.triangles", minimum=1, maximum=3)
        shape = read_polyomino(f, f"{p}.shape", 1, 3)
        entries.append(TrackEntry(castles, points, triangles, shape))
    return Track(f.id, f.version, tuple(entries))


def _dir() -> Path:
    return resource_path("reclaim")


@lru_cache(maxsize=None)
def load_map(map_id: str) -> ReclaimMap:
    if map_id not in MAP_IDS:
        raise DataError("maps", "id", f"unknown map '{map_id}' (choose {' or '.join(MAP_IDS)})")
    return parse_map(DataFile.load(_dir() / "maps" / f"{map_id}.json", "reclaim-map", DATA_VERSIONS["map"]))


@dataclass(frozen=True)
class CardSet:
    id: str
    version: int
    cards: tuple[Card, ...]


@lru_cache(maxsize=None)
def load_card_set() -> CardSet:
    f = DataFile.load(_dir() / "cards.json", "reclaim-cards", DATA_VERSIONS["cards"])
    return CardSet(f.id, f.version, parse_cards(f))


def load_cards() -> tuple[Card, ...]:
    return load_card_set().cards


@lru_cache(maxsize=None)
def load_track() -> Track:
    return parse_track(DataFile.load(_dir() / "track.json", "reclaim-track", DATA_VERSIONS["track"]))


def cards_by_id() -> dict[str, Card]:
    return {c.id: c for c in load_cards()}
