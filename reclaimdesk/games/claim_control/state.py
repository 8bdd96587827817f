"""Claim Control's rules (see docs/rules/claim-control.md).

Two players, Circles (seat 0, moves first) and Crosses (seat 1), each hold 5 blue
and 5 red squares and 10 blue and 10 red control markers. They take turns placing
one piece: a square on an empty cell, or a marker on an empty interior edge or
corner. When all 60 pieces are down, each square goes to the player with strictly
more influence of the square's colour on it, and scores its printed value.

The position is kept in flat lists for speed (the AI copies it thousands of times a
second): cell and spot indices are those of :mod:`.board`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from reclaimdesk.core.i18n import _, N_
from reclaimdesk.core.game import TERMINAL, GameState
from reclaimdesk.core.grid import Cell, cell_name
import reclaimdesk.games.claim_control as _package
from reclaimdesk.games.claim_control.actions import (
    COLOURS,
    MARKER,
    MARKER_ACTIONS,
    SQUARE,
    SQUARE_ACTIONS,
    ClaimAction,
)
from reclaimdesk.games.claim_control.board import (
    CELL_COUNT,
    GRID,
    SPOT_CELL_INDEXES,
    SPOT_COUNT,
    SPOTS,
    Board,
    Spot,
    load_board,
)

CIRCLES = 0
CROSSES = 1
SEAT_NAMES: tuple[str, str] = (N_("Circles"), N_("Crosses"))
"""The two sides' names (English; pass through ``_`` to show them)."""
COLOUR_WORDS: dict[str, str] = {"blue": N_("blue"), "red": N_("red")}
"""A notation colour's word in sentences (English; pass through ``_``)."""
_PIECE_PLURALS: dict[str, str] = {SQUARE: N_("squares"), MARKER: N_("markers")}
BLUE = 0
RED = 1
EMPTY = -1
SQUARES_PER_COLOUR = 5
MARKERS_PER_COLOUR = 10
PIECES_PER_PLAYER = 2 * (SQUARES_PER_COLOUR + MARKERS_PER_COLOUR)
if PIECES_PER_PLAYER != _package.PIECES_PER_PLAYER:  # the spec's max_length is built on it
    raise ImportError(f"PIECES_PER_PLAYER is {PIECES_PER_PLAYER} here but {_package.PIECES_PER_PLAYER} in the package")

_PIECES = (SQUARE, MARKER)
_SPOT_WEIGHT: tuple[int, ...] = tuple(spot.weight for spot in SPOTS)


class ClaimControlState(GameState):
    """A game of Claim Control.

    Layout of the lists (``seat`` 0/1, ``colour`` 0 blue / 1 red):

    * ``squares[cell]``: colour of the square on a cell, or ``EMPTY``;
    * ``markers[spot]``: ``seat * 2 + colour`` of the marker on a spot, or ``EMPTY``;
    * ``supply[seat * 4 + piece * 2 + colour]``: pieces left (piece 0 square, 1 marker);
    * ``influence[(seat * 2 + colour) * 25 + cell]``: influence of that seat's markers
      of that colour on a cell (counted whether or not a square lies there).

    >>> from reclaimdesk.core.game import get_game
    >>> g = get_game("claim-control").new_game(2, seed=1)
    >>> for text in ["square blue c3", "marker blue edge c3-c4", "marker blue corner c3"]:
    ...     _ = g.apply_text(text)
    >>> g.influence_on((2, 2)), g.claimant((2, 2)), g.scores()
    ((1, 2), 1, [0.0, 7.0])
    """

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.board: Board = load_board()
        self.values: tuple[int, ...] = self.board.flat
        self.squares: list[int] = [EMPTY] * CELL_COUNT
        self.markers: list[int] = [EMPTY] * SPOT_COUNT
        self.supply: list[int] = [
            SQUARES_PER_COLOUR, SQUARES_PER_COLOUR, MARKERS_PER_COLOUR, MARKERS_PER_COLOUR,
        ] * 2
        self.influence: list[int] = [0] * (4 * CELL_COUNT)
        self.free_cells = CELL_COUNT
        self.free_spots = SPOT_COUNT
        self.to_move = CIRCLES
        self.passes: list[int] = []
        """Seats whose turn was skipped because they could place nothing, in order
        (cannot happen with the standard supplies; see the rules document)."""

    # --- the state API -----------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[Hashable]:
        """Blue squares, red squares (cells in reading order), then blue markers,
        red markers (spots in the order of :data:`.board.SPOTS`)."""
        seat = self.to_move
        if seat == TERMINAL:
            return []
        out: list[Hashable] = []
        supply = self.supply
        base = seat * 4
        if supply[base] or supply[base + 1]:
            empty = [i for i, k in enumerate(self.squares) if k == EMPTY]
            for colour in (BLUE, RED):
                if supply[base + colour]:
                    table = SQUARE_ACTIONS[colour]
                    out.extend(table[i] for i in empty)
        if supply[base + 2] or supply[base + 3]:
            empty = [j for j, m in enumerate(self.markers) if m == EMPTY]
            for colour in (BLUE, RED):
                if supply[base + 2 + colour]:
                    table = MARKER_ACTIONS[colour]
                    out.extend(table[j] for j in empty)
        return out

    def why_illegal(self, action: Hashable) -> str:
        """Why ``action`` cannot be played now, or ``""`` when it can."""
        if not isinstance(action, ClaimAction):
            return _("{action} is not a Claim Control action").format(action=repr(action))
        if self.to_move == TERMINAL:
            return _("the game is over")
        if action.colour_index < 0:
            return _("pieces are blue or red, not '{colour}'").format(colour=action.colour)
        if action.piece not in _PIECES:
            return _("a piece is a square or a marker, not '{piece}'").format(piece=action.piece)
        if action.index < 0:
            if action.piece == SQUARE:
                return _("a square must go on one of the 25 cells, a1 to e5")
            return _("a marker must go on an interior edge or corner, never on the outer border")
        seat = self.to_move
        who = _(SEAT_NAMES[seat])
        piece = _PIECES.index(action.piece)
        if not self.supply[seat * 4 + piece * 2 + action.colour_index]:
            return _("{side} have no {colour} {pieces} left").format(
                side=who, colour=_(COLOUR_WORDS[action.colour]), pieces=_(_PIECE_PLURALS[action.piece]))
        if piece == 0:
            held = self.squares[action.index]
            if held != EMPTY:
                assert action.cell is not None
                return _("{cell} already holds a {colour} square").format(
                    cell=cell_name(action.cell), colour=_(COLOUR_WORDS[COLOURS[held]]))
        else:
            held = self.markers[action.index]
            if held != EMPTY:
                owner = _(SEAT_NAMES[held // 2])
                return _("the {spot} already holds a {colour} marker of {side}").format(
                    spot=self._spot_words(action.spot), colour=_(COLOUR_WORDS[COLOURS[held % 2]]), side=owner)
        return ""

    def _apply(self, action: Hashable) -> None:
        assert isinstance(action, ClaimAction)
        seat = self.to_move
        colour = action.colour_index
        index = action.index
        if action.piece == SQUARE:
            self.squares[index] = colour
            self.supply[seat * 4 + colour] -= 1
            self.free_cells -= 1
        else:
            owner = seat * 2 + colour
            self.markers[index] = owner
            self.supply[seat * 4 + 2 + colour] -= 1
            self.free_spots -= 1
            weight = _SPOT_WEIGHT[index]
            base = owner * CELL_COUNT
            influence = self.influence
            for cell in SPOT_CELL_INDEXES[index]:
                influence[base + cell] += weight
        self.to_move = self._next_to_move(seat)

    def _take_back(self, action: ClaimAction, seat: int, passes: int) -> None:
        """Undo :meth:`_apply` of ``action``, placed by ``seat`` when ``passes``
        skipped turns had been recorded (the AI's search places and takes back on
        one private copy instead of copying the position at every step; the history
        is not touched, as ``_apply`` does not touch it)."""
        colour = action.colour_index
        index = action.index
        if action.piece == SQUARE:
            self.squares[index] = EMPTY
            self.supply[seat * 4 + colour] += 1
            self.free_cells += 1
        else:
            owner = seat * 2 + colour
            self.markers[index] = EMPTY
            self.supply[seat * 4 + 2 + colour] += 1
            self.free_spots += 1
            weight = _SPOT_WEIGHT[index]
            base = owner * CELL_COUNT
            influence = self.influence
            for cell in SPOT_CELL_INDEXES[index]:
                influence[base + cell] -= weight
        del self.passes[passes:]
        self.to_move = seat

    def _next_to_move(self, seat: int) -> int:
        """The other seat; if it can place nothing, the same seat again; if neither
        can, the game is over."""
        other = 1 - seat
        if self.can_place(other):
            return other
        if self.can_place(seat):
            self.passes.append(other)
            return seat
        return TERMINAL

    def scores(self) -> list[float]:
        totals = [0.0, 0.0]
        influence = self.influence
        values = self.values
        for cell, colour in enumerate(self.squares):
            if colour == EMPTY:
                continue
            mine = influence[colour * CELL_COUNT + cell]
            theirs = influence[(2 + colour) * CELL_COUNT + cell]
            if mine > theirs:
                totals[0] += values[cell]
            elif theirs > mine:
                totals[1] += values[cell]
        return totals

    def parse_action(self, text: str) -> Hashable:
        return ClaimAction.parse(text)

    def state_key(self) -> Hashable:
        return (self.num_players, tuple(self.squares), tuple(self.markers),
                tuple(self.supply), self.to_move)

    def clone(self) -> "ClaimControlState":
        other = ClaimControlState.__new__(ClaimControlState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.history = list(self.history)
        other.squares = list(self.squares)
        other.markers = list(self.markers)
        other.supply = list(self.supply)
        other.influence = list(self.influence)
        other.passes = list(self.passes)
        return other

    def data_versions(self) -> dict[str, int]:
        return {"claim_control/board": self.board.version}

    def describe_action(self, action: Hashable) -> str:
        if not isinstance(action, ClaimAction) or action.index < 0 or action.colour_index < 0:
            return str(action)
        if action.piece == SQUARE:
            assert action.cell is not None
            return _("a {colour} square on {cell} (worth {value})").format(
                colour=_(COLOUR_WORDS[action.colour]), cell=cell_name(action.cell),
                value=self.board.value(action.cell))
        assert action.spot is not None
        if action.spot.kind == "edge":
            a, b = action.spot.cells
            return _("a {colour} marker on the edge between {first} and {second}").format(
                colour=_(COLOUR_WORDS[action.colour]), first=cell_name(a), second=cell_name(b))
        names = ", ".join(cell_name(c) for c in action.spot.cells)
        return _("a {colour} marker on the corner of {cells}").format(
            colour=_(COLOUR_WORDS[action.colour]), cells=names)

    @staticmethod
    def _spot_words(spot: Any) -> str:
        """"edge c3-c4" or "corner b2" in the current language."""
        if getattr(spot, "kind", None) == "edge":
            return _("edge {name}").format(name=spot.name)
        if getattr(spot, "kind", None) == "corner":
            return _("corner {name}").format(name=spot.name)
        return str(spot)

    # --- taking back (the match's one rule reads these) ----------------------
    take_back_unit = "action"
    """A take back removes the asking person's last placement and the computer's
    answer after it (a turn is one placement; a seat whose opponent cannot place
    may place twice in a row, and each of those is taken back on its own). Nothing
    is hidden, so nothing limits how far back a person may go."""

    def touched_places(self) -> tuple[Hashable, ...]:
        """The last placement's place, ``("cell", index)`` or ``("spot", index)``,
        and for a marker the cells whose influence it changed.

        >>> from reclaimdesk.core.game import get_game
        >>> g = get_game("claim-control").new_game(2, seed=1)
        >>> _ = g.apply_text("marker blue edge c3-c4")
        >>> g.touched_places()
        (('spot', 33), ('cell', 12), ('cell', 17))
        """
        if not self.history:
            return ()
        action = self.history[-1]
        assert isinstance(action, ClaimAction)
        if action.piece == SQUARE:
            return (("cell", action.index),)
        return (("spot", action.index), *(("cell", cell) for cell in SPOT_CELL_INDEXES[action.index]))

    # --- what views and players need ---------------------------------------
    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` has a piece that fits somewhere."""
        s = self.supply
        base = seat * 4
        return bool(
            (self.free_cells and (s[base] or s[base + 1]))
            or (self.free_spots and (s[base + 2] or s[base + 3]))
        )

    def pieces_left(self, seat: int, piece: str, colour: str) -> int:
        """How many ``colour`` ``piece``\\ s (``"square"``/``"marker"``) ``seat`` holds."""
        return self.supply[seat * 4 + _PIECES.index(piece) * 2 + COLOURS.index(colour)]

    def square_at(self, cell: Cell) -> str | None:
        """The colour of the square on ``cell``, or None."""
        colour = self.squares[GRID.index(cell)]
        return None if colour == EMPTY else COLOURS[colour]

    def marker_at(self, spot: Spot) -> tuple[int, str] | None:
        """``(seat, colour)`` of the marker on ``spot``, or None."""
        held = self.markers[spot.index]
        return None if held == EMPTY else (held // 2, COLOURS[held % 2])

    def influence_on(self, cell: Cell, colour: str | None = None) -> tuple[int, int]:
        """Each seat's influence on ``cell`` in ``colour`` (default: the colour of
        the square there, and (0, 0) for an empty cell: it counts for nothing)."""
        index = GRID.index(cell)
        if colour is None:
            held = self.squares[index]
            if held == EMPTY:
                return (0, 0)
            k = held
        else:
            k = COLOURS.index(colour)
        return (self.influence[k * CELL_COUNT + index],
                self.influence[(2 + k) * CELL_COUNT + index])

    def claimant(self, cell: Cell) -> int | None:
        """The seat that would claim the square on ``cell`` if the game ended now;
        None for a tie or an empty cell."""
        mine, theirs = self.influence_on(cell)
        if mine == theirs:
            return None
        return CIRCLES if mine > theirs else CROSSES

    def claims(self) -> dict[Cell, int | None]:
        """For every cell holding a square: who would claim it now (None: nobody)."""
        return {GRID.cell_at(i): self.claimant(GRID.cell_at(i))
                for i, k in enumerate(self.squares) if k != EMPTY}

    def value(self, cell: Cell) -> int:
        """The printed value of ``cell``."""
        return self.values[GRID.index(cell)]
