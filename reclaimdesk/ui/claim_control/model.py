"""What Claim Control's table shows, as plain data read from the rules state: the
items paint these values and never look at the game themselves."""

from __future__ import annotations

from dataclasses import dataclass

from reclaimdesk.games.claim_control.actions import COLOURS, ClaimAction
from reclaimdesk.games.claim_control.board import CELL_COUNT, GRID, SPOTS
from reclaimdesk.games.claim_control.state import CIRCLES, CROSSES, ClaimControlState

SYMBOL = ("\u25cb", "\u00d7")
"""How the text shows each side: a circle for Circles, a cross for Crosses."""


@dataclass(frozen=True)
class SquareInfo:
    """A square on the board: its colour, the cell's printed value, each side's
    influence in that colour and who would claim it now (None: nobody)."""

    cell: int
    colour: str
    value: int
    influence: tuple[int, int]
    claimant: int | None


@dataclass(frozen=True)
class BoardModel:
    values: tuple[int, ...]
    """Printed value by cell index."""
    squares: tuple[str | None, ...]
    """Colour of the square on each cell, or None."""
    markers: tuple[tuple[int, str] | None, ...]
    """(seat, colour) of the marker on each spot, or None."""
    supply: tuple[dict[tuple[str, str], int], dict[tuple[str, str], int]]
    """Pieces left per seat, keyed by (piece, colour)."""
    claims: tuple[SquareInfo, ...]
    totals: tuple[int, int]
    """What each side would score if the game ended now (final once over)."""
    to_move: int
    """The seat to play, or -1 once the game is over."""
    placed: int
    last: tuple[str, int] | None = None
    """The last piece placed: ("cell", index) or ("spot", index)."""


def piece_place(action: ClaimAction) -> tuple[str, int]:
    """("cell", index) for a square, ("spot", index) for a marker."""
    return ("cell" if action.piece == "square" else "spot", action.index)


def board_model(state: ClaimControlState) -> BoardModel:
    squares = tuple(None if k < 0 else COLOURS[k] for k in state.squares)
    markers = tuple(state.marker_at(spot) for spot in SPOTS)
    supply = tuple({(piece, colour): state.pieces_left(seat, piece, colour)
                    for piece in ("square", "marker") for colour in COLOURS}
                   for seat in (CIRCLES, CROSSES))
    claims = []
    for index in range(CELL_COUNT):
        colour = squares[index]
        if colour is None:
            continue
        cell = GRID.cell_at(index)
        claims.append(SquareInfo(index, colour, state.value(cell), state.influence_on(cell),
                                 state.claimant(cell)))
    scores = state.scores()
    last = state.history[-1] if state.history else None
    return BoardModel(
        values=tuple(state.values),
        squares=squares,
        markers=markers,
        supply=(supply[0], supply[1]),
        claims=tuple(claims),
        totals=(int(scores[0]), int(scores[1])),
        to_move=state.current_player,
        placed=len(state.history),
        last=piece_place(last) if isinstance(last, ClaimAction) else None,
    )
