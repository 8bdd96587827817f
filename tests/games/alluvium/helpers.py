"""Small helpers to build Alluvium positions in tests."""

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.game import get_game
from reclaimdesk.games.alluvium.state import AlluviumState, Entry

SPEC = get_game("alluvium")


def new(players: int = 4, seed: int = 1) -> AlluviumState:
    return SPEC.new_game(players, seed)


def play_until(state: AlluviumState, done, seed: int = 0, limit: int = 500) -> AlluviumState:
    """Random legal actions until ``done(state)`` holds."""
    agent = RandomAgent(seed)
    for _ in range(limit):
        if done(state):
            return state
        state.apply(agent.choose(state))
    raise AssertionError("condition never reached")


def cells(state: AlluviumState, *names: str) -> int:
    from reclaimdesk.core.grid import parse_cell

    return state.geo.grid.mask(parse_cell(n) for n in names)


def paint(state: AlluviumState, owner: int, colour: int, mask: int) -> None:
    """Colour squares of ``owner``'s sheet directly (no checks), for set-ups."""
    sheet = state.sheets[owner]
    assert not sheet.filled & mask
    sheet.filled |= mask
    sheet.colour_masks[colour] |= mask
    sheet.entries.append(Entry(state.round, "test", owner, colour, "place", "", 0, None, mask))
    state._refresh_seen()


def grid_text(state: AlluviumState, owner: int) -> list[str]:
    sheet = state.sheets[owner]
    g = state.geo.grid
    rows = []
    for r in range(state.size):
        line = ""
        for c in range(state.size):
            i = sheet.colour_index_at(g.bit((r, c)))
            line += "." if i is None else "RNBYG"[i]
        rows.append(line)
    return rows
