"""ClaimController: Claim Control's game in progress (a :class:`~reclaimdesk.core.match.Match`
through the shared adaptor) and what a player points at turned into placements.

The view emits a cell index and a spot index (what lies under the pointer) and
tray rows; the controller keeps which piece is picked, checks the placement with
``why_illegal`` and plays it through the match, then reports through signals. The
adaptor autosaves, runs the AI seats on a worker thread and takes back with the
match's one rule (``ClaimControlState.take_back_unit``): against the AI, your last
placement and the AI's answer; between two people, the last placement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reclaimdesk.core.grid import cell_name
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.core.match import ACT, Changes
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.claim_control.actions import ClaimAction
from reclaimdesk.games.claim_control.board import GRID, SPOTS
from reclaimdesk.games.claim_control.state import COLOUR_WORDS, SEAT_NAMES
from reclaimdesk.ui.board.controller import GameController
from reclaimdesk.ui.board.controller import Seat as BaseSeat
from reclaimdesk.ui.claim_control.geometry import KINDS
from reclaimdesk.ui.claim_control.model import BoardModel, board_model, piece_place

from reclaimdesk.ui.text import level_word


def colour_word(colour: str) -> str:
    """'blue' or 'red' in the current language."""
    return _(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


GAME_ID = "claim-control"


class Seat(BaseSeat):
    """A seat of Claim Control: a person's seat keeps no AI level."""

    keep_human_level = False


@dataclass(frozen=True)
class Ghost:
    """The picked piece where the pointer is: the placement it would make and
    whether the rules allow it (and why not)."""

    action: ClaimAction
    seat: int
    legal: bool
    reason: str

    @property
    def place(self) -> tuple[str, int]:
        return piece_place(self.action)

    def as_tuple(self) -> tuple:
        kind, index = self.place
        return (kind, index, self.seat, self.action.colour, self.legal)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class ClaimController(GameController):
    """``changed`` carries what changed: a placement, a take back or a redo (the
    match's :class:`~reclaimdesk.core.match.Changes`), or with kind ``"view"`` the
    picked piece, the pointer, the ghost or the hint."""

    game_id = GAME_ID
    game_name = N_("Claim Control")
    seat_type = Seat
    ai_pause_ms = 350
    ai_pause_every_action = True
    """The least time between the latest change (a person's placement, a take
    back) and the AI's answer, so that the answer is seen arriving (tests set 0).
    Claim Control's computer seat plays one placement a turn, so the pause is
    measured from the change rather than only within a turn."""

    def __init__(self, record: GameRecord, **kwargs: Any) -> None:
        super().__init__(record, **kwargs)
        self.pick: tuple[str, str] | None = None
        self.pointer: tuple[int, int] = (-1, -1)
        self.ghost: Ghost | None = None
        self._placed_at: tuple[int, int] | None = None
        """Where the pointer stood when it placed a piece: no ghost there (it would
        show the new piece as refused) until the pointer moves on."""
        self.hint: ClaimAction | None = None

    # --- who ---------------------------------------------------------------------------------
    @property
    def against_ai(self) -> bool:
        return any(s.kind == "ai" for s in self.seats)

    def side(self, seat: int) -> str:
        """'Circles' or 'Crosses' (in the current language)."""
        return _(SEAT_NAMES[seat])

    def role(self, seat: int) -> str:
        """Who plays a side, in a few words ('You', 'Computer, hard', 'Ada')."""
        s = self.seats[seat]
        if s.kind == "ai":
            if s.name:
                return _("{name}, {level}").format(name=s.name, level=level_word(s.level or "normal"))
            return _("AI, {level}").format(level=level_word(s.level))
        return s.name

    def who(self, seat: int) -> str:
        """The side and, against the AI, whose it is: 'Circles (you)'."""
        if self.against_ai:
            if self.is_human(seat):
                return _("{side} (you)").format(side=self.side(seat))
            return _("{side} (the AI)").format(side=self.side(seat))
        name = self.seats[seat].name
        return _("{side} ({name})").format(side=self.side(seat), name=name) if name else self.side(seat)

    def model(self) -> BoardModel:
        return board_model(self.state)

    # --- picking a piece -------------------------------------------------------------------------
    def picked(self) -> tuple[int, str, str] | None:
        """(seat, piece, colour) of the picked piece, shown in the player's tray."""
        if self.pick is None or not self.human_turn():
            return None
        return (self.state.current_player, *self.pick)

    def select(self, piece: str, colour: str) -> bool:
        """Pick a kind of piece from the tray of the side to play."""
        if self.over:
            return False
        if not self.human_turn():
            self._wait_message()
            return False
        seat = self.state.current_player
        if self.state.pieces_left(seat, piece, colour) == 0:
            text = (_("{side} have no {colour} squares left: pick another piece.") if piece == "square"
                    else _("{side} have no {colour} markers left: pick another piece."))
            self.message.emit(text.format(side=self.side(seat), colour=colour_word(colour)), 4000)

            return False
        if self.pick != (piece, colour):
            self.pick = (piece, colour)
            self._update_ghost(quiet=True)
            self.view_changed()
        if piece == "square":
            text = _("{colour} square picked: point at an empty square of the board and click to place it.")
        else:
            text = _("{colour} marker picked: point at a line between two squares, or a point where four "
                     "meet, and click to place it.")
        self.message.emit(_capital(text.format(colour=colour_word(colour))), 0)
        return True

    def select_key(self, number: int) -> bool:
        if 1 <= number <= len(KINDS):
            return self.select(*KINDS[number - 1])
        return False

    def tray_clicked(self, item_id: str) -> bool:
        from reclaimdesk.ui.claim_control.geometry import parse_tray_id

        found = parse_tray_id(item_id)
        if found is None:
            return False
        seat, piece, colour = found
        if not self.over and seat != self.state.current_player:
            if self.human_turn():
                mine = self.state.current_player
                text = (_("Those are {side}' pieces. {player} play from the tray on the left.") if mine == 0
                        else _("Those are {side}' pieces. {player} play from the tray on the right."))
                self.message.emit(text.format(side=self.side(seat), player=self.who(mine)), 4000)
            else:
                self._wait_message()
            return False
        return self.select(piece, colour)

    def drop(self) -> None:
        """Put the picked piece back."""
        if self.pick is not None:
            self.pick = None
            self._update_ghost(quiet=True)
            self.view_changed()
            self.message.emit(_("Pick a piece from your tray (or press 1-4)."), 3000)

    def legal_places(self) -> tuple[list[int], list[int]]:
        """(cells, spots) where the picked piece may go now."""
        if self.pick is None or not self.human_turn():
            return [], []
        piece, colour = self.pick
        indexes = [a.index for a in self.state.legal_actions()
                   if isinstance(a, ClaimAction) and a.piece == piece and a.colour == colour]
        return (indexes, []) if piece == "square" else ([], indexes)

    # --- pointing and clicking ----------------------------------------------------------------------
    def _action_at(self, cell: int, spot: int) -> ClaimAction | None:
        if self.pick is None:
            return None
        piece, colour = self.pick
        if piece == "square":
            return ClaimAction.square(colour, GRID.cell_at(cell)) if cell >= 0 else None
        return ClaimAction.marker(colour, SPOTS[spot]) if spot >= 0 else None

    def hover(self, cell: int, spot: int) -> None:
        self.pointer = (cell, spot)
        if self.pointer != self._placed_at:
            self._placed_at = None
        self._update_ghost()

    def leave(self) -> None:
        self.pointer = (-1, -1)
        self._placed_at = None
        self._update_ghost(quiet=True)

    def click(self, cell: int, spot: int) -> bool:
        self.pointer = (cell, spot)
        if self.over:
            return False
        if not self.human_turn():
            self._wait_message()
            return False
        if self.pick is None:
            self.refuse(_("Pick a piece from your tray first: click a row of it, or press 1-4 "
                          "(1 blue square, 2 red square, 3 blue marker, 4 red marker)."), 6000)
            return False
        action = self._action_at(cell, spot)
        if action is None:
            self.refuse(_("Markers go on the lines: point at the middle of a line between two "
                          "squares, or at a point where four squares meet."), 5000)
            return False
        return self.act(action)

    def act(self, action: ClaimAction) -> bool:
        """Play a person's placement if it is legal; else say why not."""
        if not self.human_turn():
            self._wait_message()
            return False
        return super().act(action)

    def _explain(self, why: str) -> None:
        self.message.emit(_("Not there: {reason}.").format(reason=why), 5000)
        self._update_ghost(quiet=True)

    def _on_changes(self, changes: Changes) -> None:
        """After a placement, a take back or a redo: say who placed what, keep the
        picked piece while some is left, and note when the AI may answer."""
        if changes.rebuilt:
            self._placed_at = None
        if changes.kind == ACT:
            step = self.match.steps()[-1]
            human = self.is_human(step.seat)
            if human:
                self._placed_at = self.pointer
            self.message.emit(_("{player} placed {placement}.").format(
                player=self.who(step.seat), placement=self.state.describe_action(self.state.history[-1])),
                4000 if human else 0)
        if changes.ended:
            a, b = (int(x) for x in self.state.scores())
            self.message.emit(_("All 60 pieces are placed. Circles {circles}, Crosses {crosses}.").format(
                circles=a, crosses=b), 0)
        self._keep_pick_if_possible()

    def _keep_pick_if_possible(self) -> None:
        if self.pick is None or self.over:
            return
        if self.human_turn() and self.state.pieces_left(self.state.current_player, *self.pick) == 0:
            self.pick = None
            self.view_changed()

    def _wait_message(self) -> None:
        if self.over:
            return
        seat = self.state.current_player
        self.message.emit(_("Please wait: {player} is thinking.").format(player=self.who(seat)), 3000)

    def _update_ghost(self, quiet: bool = False) -> None:
        ghost = None
        resting = self.pointer == self._placed_at
        action = self._action_at(*self.pointer) if self.human_turn() and not resting else None
        if action is not None:
            why = self.state.why_illegal(action)
            ghost = Ghost(action, self.state.current_player, why == "", why)
        if ghost != self.ghost:
            self.ghost = ghost
            if not quiet and ghost is not None:
                self.message.emit(self.describe_place(ghost), 0)
            self.view_changed()

    def describe_place(self, ghost: Ghost) -> str:
        a = ghost.action
        if a.piece == "square":
            assert a.cell is not None
            where = _("Cell {cell} (worth {value})").format(cell=cell_name(a.cell), value=self.state.value(a.cell))
        else:
            assert a.spot is not None
            names = [cell_name(c) for c in a.spot.cells]
            if a.spot.kind == "edge":
                where = _("The line between {first} and {second} (2 influence on each)").format(
                    first=names[0], second=names[1])
            else:
                where = _("The point where {cells} and {last} meet (1 influence on each)").format(
                    cells=_(", ").join(names[:3]), last=names[3])
        if ghost.legal:
            if a.piece == "square":
                text = _("{where}: click to place your {colour} square here.")
            else:
                text = _("{where}: click to place your {colour} marker here.")
            return text.format(where=where, colour=colour_word(a.colour))
        return _("{where}: not there, {reason}.").format(where=where, reason=ghost.reason)

    # --- take back / redo (the match's rule; the words are the game's) ---------------------------------
    def _took_back_text(self, changes: Changes) -> str:
        if len(changes.removed) > 1:
            return _("Took back your last placement and the AI's answer.")
        return _("Took back the last placement.")

    def _put_back_text(self, changes: Changes) -> str:
        if len(changes.added) > 1:
            return _("Put back your last placement and the AI's answer.")
        return _("Put back the last placement.")

    def _cannot_undo_text(self) -> str:
        return "" if self.over else _("Nothing to take back yet.")

    # --- AI seats and hints -----------------------------------------------------------------------------
    def _show_hint(self, action: Any) -> None:
        if not isinstance(action, ClaimAction):
            return
        self.hint = action
        self.pick = (action.piece, action.colour)
        self._update_ghost(quiet=True)
        self.view_changed()
        self.message.emit(self.hint_text(), 0)
        self.hintChanged.emit()

    def hint_text(self) -> str:
        if self.hint is None:
            return ""
        return _("Hint: place {placement} (ringed in blue).").format(placement=self.state.describe_action(self.hint))

    # --- words for the panel -------------------------------------------------------------------------------
    def _instruction(self) -> str:
        state = self.state
        if self.over:
            return _("The game is over.")
        seat = state.current_player
        if not self.is_human(seat):
            return _("{player} is thinking...").format(player=self.who(seat))
        if self.pick is None:
            text = _("pick a piece from your tray (click it, or press 1-4), then place it: a square "
                     "on an empty square of the board, a marker on a line or a crossing point.")
        else:
            piece, colour = self.pick
            if piece == "square":
                text = _("place your {colour} square on one of the highlighted squares. "
                         "Right click or Esc puts it back.").format(colour=colour_word(colour))
            else:
                text = _("place your {colour} marker on a ringed spot: a line gives 2 influence to each "
                         "of its two squares, a crossing point 1 to each of four. Right click or Esc puts it "
                         "back.").format(colour=colour_word(colour))
        if self.against_ai:
            return text
        return _("{player}: {instruction}").format(player=self.who(seat), instruction=text)

    def progress(self) -> str:
        placed = len(self.state.history)
        return _("{count} of 60 pieces placed").format(count=placed) if not self.over else _("All 60 pieces placed")

