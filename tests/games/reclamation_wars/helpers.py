"""Building Reclamation Wars positions for the rule tests.

Positions are set up by writing the state's public lists directly (owners,
demolishers, whose turn it is); the rules are then exercised through ``apply``.
Starts: seat 0 at 4,0, seat 1 at 0,-4, seat 2 at -4,4.
"""

from __future__ import annotations

from reclaimdesk.core.game import get_game
from reclaimdesk.core.hexgrid import parse_hex
from reclaimdesk.games.reclamation_wars.state import NEUTRAL, ReclamationWarsState

LAYOUT = "super 2,-4; fortified -2,-2; void 4,-2; longrange -4,2; neutralizer 2,2; lockdown -2,4"
"""Special hexes on the rim, away from the centre where the tests play."""

SUPER_HEX, FORTIFIED_HEX, VOID_HEX = "2,-4", "-2,-2", "4,-2"
LONGRANGE_HEX, NEUTRALIZER_HEX, LOCKDOWN_HEX = "-4,2", "2,2", "-2,4"


def new_game(layout: str = LAYOUT, board: str = "standard", seed: int = 1) -> ReclamationWarsState:
    return get_game("reclamation-wars").new_game(3, seed, {"layout": layout, "board": board})


def position(owners: dict[int, list[str]] | None = None, demolishers: dict[int, str | None] | None = None,
             to_move: int = 0, turn_number: int = 1, layout: str = LAYOUT) -> ReclamationWarsState:
    """A game whose hexes are neutral apart from ``owners`` (seat -> hexes, starts
    included only when listed), demolishers where given (None: destroyed; seats not
    given keep theirs on their start), and ``to_move`` playing its ``turn_number``."""
    state = new_game(layout)
    state.owner = [NEUTRAL] * len(state.geo)
    for seat, hexes in (owners or {}).items():
        for h in hexes:
            set_owner(state, h, seat)
    for seat, h in (demolishers or {}).items():
        state.demolisher[seat] = -1 if h is None else idx(state, h)
    state.turn = 3 * (turn_number - 1) + to_move
    return state


def idx(state: ReclamationWarsState, h: str) -> int:
    return state.geo.index[parse_hex(h)]


def set_owner(state: ReclamationWarsState, h: str, seat: int) -> None:
    state.owner[idx(state, h)] = seat


def owner(state: ReclamationWarsState, h: str) -> int:
    return state.owner_of(parse_hex(h))


def legal(state: ReclamationWarsState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state: ReclamationWarsState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def reason(state: ReclamationWarsState, text: str) -> str:
    return state.why_illegal(state.parse_action(text))
