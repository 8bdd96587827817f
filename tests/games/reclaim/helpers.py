"""Building Reclaim positions for tests on a synthetic map whose layout the tests
know, independent of the shipped (calibrated) maps."""

from reclaimdesk.core.game import get_game
from reclaimdesk.core.grid import parse_cell
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import GRID, ReclaimMap, Terrain
from reclaimdesk.games.reclaim.state import ReclaimState

SPEC = get_game("reclaim")

# Castles on a 3x3 pattern around the centre g7; rows 0-3 forest, 4-5 field,
# 6-8 mountain, 9-10 water, 11-12 grass (castles keep their squares).
ROWS = [
    "FFFFFFFFFFFFF",
    "FFFFFFFFFFFFF",
    "FFFCFFCFFCFFF",
    "FFFFFFFFFFFFF",
    "HHHHHHHHHHHHH",
    "HHHHHHHHHHHHH",
    "MMMCMMCMMCMMM",
    "MMMMMMMMMMMMM",
    "MMMMMMMMMMMMM",
    "WWWWWWWWWWWWW",
    "WWWCWWCWWCWWW",
    ".............",
    ".............",
]
LEGEND = {"C": Terrain.CASTLE, "F": Terrain.FOREST, "H": Terrain.FIELD,
          "M": Terrain.MOUNTAIN, "W": Terrain.WATER, ".": Terrain.GRASS}
TEST_MAP = ReclaimMap("test", 1, "Test", "test", tuple(tuple(LEGEND[ch] for ch in row) for row in ROWS))


def new_state(players: int = 1, seed: int = 1, **options) -> ReclaimState:
    state = SPEC.new_game(players, seed, options)
    assert isinstance(state, ReclaimState)
    state.map = TEST_MAP
    state.castle_mask = TEST_MAP.mask_of(Terrain.CASTLE)
    state.terrain_masks = {t: TEST_MAP.mask_of(t) for t in Terrain}
    return state


def cells(*names: str) -> list[tuple[int, int]]:
    return [parse_cell(n) for n in names]


def mask(*names: str) -> int:
    return GRID.mask(cells(*names))


def add_section(state: ReclaimState, seat: int, *names: str) -> int:
    """Draw a section straight onto a sheet (no rules checked): test set-up only."""
    m = mask(*names)
    sheet = state.sheets[seat]
    assert not m & sheet.occupied
    sheet.sections.append(m)
    sheet.occupied |= m
    return m


def skip_setup(state: ReclaimState) -> None:
    """Play every starting shape with its first legal placement."""
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])


def start_turn(state: ReclaimState, round_no: int, field: list[str]) -> None:
    """Jump to the start of seat 0's turn in ``round_no`` with the given field."""
    state.round = round_no
    state.field = list(field)
    state._begin_turn(0)


def act(state: ReclaimState, text: str) -> None:
    state.apply(ReclaimAction.parse(text))
