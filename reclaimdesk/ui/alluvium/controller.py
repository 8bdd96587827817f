"""AlluviumController: owns a game of Alluvium and turns what the player points
at into engine actions.

The view emits squares and requests (turn, flip, the other piece, action B); the
panel asks for take back, a hint and the hand-over. Which sheet the table shows
is the one the *viewer* holds: the person whose turn it is, or, while the
computer plays, the person who played last. With several people at one computer
the table hides every sheet between two people's turns until the next one says
they have the computer (as on paper, nobody sees a sheet they do not hold).

Every action is checked with ``why_illegal`` before it is applied, so a refused
click explains itself. The game itself is the base's match (record, autosave, AI
seats, take back and put back, with the rule the state declares); this controller
keeps who sees which sheet, the piece in hand and each seat's log.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from reclaimdesk.core.grid import Cell, cell_name
from reclaimdesk.core.i18n import N_, _, ngettext
from reclaimdesk.core.match import ACT, Changes
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.alluvium.actions import FILL, AlluviumAction
from reclaimdesk.games.alluvium.state import OTHERS, OWN, VIRTUAL, AlluviumState
from reclaimdesk.ui.alluvium import GAME_ID
from reclaimdesk.ui.alluvium.model import GhostView, SheetView, colour_name, colour_title, sheet_view
from reclaimdesk.ui.board.controller import VIEW, GameController


class AlluviumController(GameController):
    """``changed``: redraw what the :class:`Changes` names (kind ``view`` and
    ``rebuilt``: another person took the computer, everything shown is theirs).
    ``sheetArrived(owner, viewer)``: a new sheet came to the viewer (the table
    shows the hand-over)."""

    sheetArrived = Signal(int, int)

    game_id = GAME_ID
    game_name = N_("Alluvium")
    seat_count = None
    ai_pause_ms = 300
    """Pause before each computer drawing, so that the table can be followed (tests set 0)."""
    ai_pause_every_action = True
    """On paper the seats draw side by side, here one after another, each turn a
    single drawing: every one waits, so the sheets arrive at a pace one can follow."""
    state: AlluviumState

    def __init__(self, record: GameRecord, *, autosave: Any = None, parent: QObject | None = None,
                 upto: int | None = None) -> None:
        super().__init__(record, autosave=autosave, parent=parent, upto=upto)
        self.lines: list[tuple[int, str]] = []
        """(seat, line) of what each seat did and saw, for its log."""
        self._before: AlluviumState | None = None
        """A copy of the position shown, to describe the next action in."""
        self._events_seen = 0
        self.hint: AlluviumAction | None = None
        self.hovered: Cell | None = None
        self.cursor: Cell | None = None
        self.quarter_turns = 0
        self.mirrored = False
        self.piece_index = 0
        self.fill_mode = False
        self._relog()
        humans = self.human_seats()
        self.viewer = humans[0] if humans else 0
        cur = self.state.current_player
        if self.is_human(cur):
            self.viewer = cur
        self.awaiting: int | None = None
        """A person who must take the computer before their sheet is shown (hot seat)."""
        if len(humans) > 1 and not self.over:
            self.awaiting = self.viewer        # a resumed hot-seat game starts behind the hand-over screen
        self._shown_owner = self.shown_owner()

    # --- after each change: the log, the piece in hand, who looks -----------------------
    def _on_changes(self, changes: Changes) -> None:
        if changes.rebuilt or self._before is None or changes.start != len(self._before.history):
            self._relog()
            if self.is_human(self.state.current_player):
                self.viewer = self.state.current_player
            self._reset_ghost()
            self._shown_owner = self.shown_owner()
            return
        steps = self.match.steps()
        single = len(changes.added) == 1
        seat, text = -1, ""
        for i in changes.added:
            seat, text = self._log_step(self._before, self._before.parse_action(steps[i].text),
                                        self.state if single else None)
        self._events_seen = len(self.state.events)
        self._before = self.state.clone()
        if changes.kind == ACT and not self.is_human(seat):
            self.message.emit(_("{player}: {action}").format(player=self.seat_title(seat), action=text), 4000)
        if self.state.current_player != seat:
            self.piece_index = 0
            self.fill_mode = False
        self._follow_turn()

    def _relog(self) -> None:
        """Every seat's log again, from the played line (a new game, a take back)."""
        state = self.match.state_at(0)
        self.lines = []
        for step in self.match.steps():
            self._log_step(state, state.parse_action(step.text), None)
        self._events_seen = len(self.state.events)
        self._before = self.state.clone()

    def _log_step(self, before: AlluviumState, action: AlluviumAction,
                  after: AlluviumState | None) -> tuple[int, str]:
        """Log ``action``, described in ``before``, the position it was played in:
        applied to ``before`` when ``after`` is None, else already applied in
        ``after``, whose events from :attr:`_events_seen` on are its own. Returns
        the seat and the description."""
        seat = before.current_player
        round_no = before.round
        text = before.describe_action(action)
        self.lines.append((seat, _("Round {round}: {action}").format(round=round_no, action=text)))
        if after is None:
            first = len(before.events)
            before.apply(action)
            events = before.events[first:]
        else:
            events = after.events[self._events_seen:]
        self._note_events(events, round_no)
        return seat, text

    def _note_events(self, events: list, round_no: int) -> None:
        """Log lines for what the engine did by itself: passes and round scores.
        ``round_no`` is the round the action began in: one action can end the
        round (a later seat passing, the scoring), and each event keeps the round it
        happened in (the engine's 'direction' event closes a round)."""
        rnd = round_no
        for kind, seat, detail in events:
            if kind == "pass":
                self.lines.append((seat, _("Round {round}: nothing could be drawn; passed").format(round=rnd)))
            elif kind == "area":
                self.lines.append((seat, _("Round {round}: your sheet came home; area bonus {points}").format(
                    round=rnd, points=detail)))
            elif kind == "direction":
                rnd += 1

    # --- who sees what ---------------------------------------------------------------
    def shown_owner(self) -> int | None:
        """Whose sheet the table shows: the one the viewer holds (None behind the
        hand-over screen); every sheet is shown on the end screen instead."""
        if self.awaiting is not None:
            return None
        if self.over:
            return self.viewer
        return self.state.held_by(self.viewer)

    def viewer_acts(self) -> bool:
        return self.human_turn() and self.awaiting is None and self.state.current_player == self.viewer

    def seat_title(self, seat: int) -> str:
        return _("{name} ({colour})").format(name=self.seats[seat].name, colour=colour_name(self.state.colour_of(seat)))

    def confirm_handover(self) -> None:
        """The person asked for has the computer: show their sheet."""
        if self.awaiting is None:
            return
        self.viewer = self.awaiting
        self.awaiting = None
        self._reset_ghost()
        self._shown_owner = self.shown_owner()
        c = self.match.cursor
        self.changed.emit(Changes(VIEW, c, c, rebuilt=True))
        self.undoChanged.emit()
        self.hintChanged.emit()

    def _follow_turn(self) -> None:
        """After a change: hand over to the next person, or note a sheet's arrival."""
        cur = self.state.current_player
        if not self.over and self.is_human(cur) and cur != self.viewer:
            if len(self.human_seats()) > 1:
                self.awaiting = cur
            else:
                self.viewer = cur
        owner = self.shown_owner()
        if owner is not None and owner != self._shown_owner and not self.over:
            if owner == self.viewer:
                area = self.state.sheets[owner].area
                if area and self.state.phase == OWN:
                    self.message.emit(_("Your sheet is home: area bonus {points} for round {round}.").format(
                        points=area[-1], round=len(area)), 8000)
            else:
                giver = (self.state.holder_of(owner) - self.state.step_direction) % self.state.num_players
                self.message.emit(_("{owner}'s sheet came to you from {giver}.").format(
                    owner=colour_title(self.state.colour_of(owner)), giver=self.seat_title(giver)), 6000)
            self.sheetArrived.emit(owner, self.viewer)
            self._reset_ghost()
        self._shown_owner = owner

    # --- the piece in hand and the ghost ---------------------------------------------
    def pieces(self) -> list[str]:
        return list(dict.fromkeys(self.state.pieces_to_draw())) if self.viewer_acts() else []

    def current_piece(self) -> str | None:
        pieces = self.pieces()
        return pieces[self.piece_index % len(pieces)] if pieces else None

    def piece_cards(self) -> list[tuple[tuple[Cell, ...], str, str, bool]]:
        """The pieces in hand as cards: (squares as the piece would be drawn now,
        colour id, name, whether it is the one in hand); none in action B."""
        if self.in_fill_mode():
            return []
        current = self.current_piece()
        colour = self.state.colour_of(self.state.drawing_colour())
        out = []
        for pid in self.pieces():
            piece = self.state.piece(pid)
            active = pid == current
            k = piece.orientation_index(self.quarter_turns % 4, self.mirrored) if active else 0
            out.append((tuple(piece.orientations[k].cells), colour, pid, active))
        return out

    def seen_sheet(self, owner: int):
        """``owner``'s sheet as the viewer last saw it (None behind the hand-over
        screen: nobody is looking)."""
        if self.awaiting is not None:
            return None
        return self.state.sheet_as_seen(self.viewer, owner)

    def thumb_text(self, owner: int) -> str:
        """A sheet's card: whose it is, where it is and where it goes next, and
        the checks on it as the viewer last saw them."""
        state = self.state
        colour = colour_title(state.colour_of(owner))
        if owner == self.viewer and self.awaiting is None:
            lines = [_("{colour}: your sheet").format(colour=colour)]
        else:
            lines = [_("{colour}: {player}").format(colour=colour, player=self.seats[owner].name)]
        if not self.over:
            holder = state.holder_of(owner)
            nxt = state.next_holder(owner)
            where = (_("at home") if holder == owner else
                     _("with {colour}").format(colour=colour_name(state.colour_of(holder))))
            if nxt is not None and state.phase == OTHERS:
                where = (_("{where}, then home").format(where=where) if nxt == owner else
                         _("{where}, then to {colour}").format(where=where, colour=colour_name(state.colour_of(nxt))))
            lines.append(where)
        sheet = self.seen_sheet(owner)
        if sheet is not None:
            checks = [(state.colour_of(k), sheet.checks[k]) for k in state.colours_in_play if k != owner]
            lines.append(_("Checks: {list}").format(list=_(", ").join(
                _("{colour} {n}").format(colour=colour_name(c), n=n) for c, n in checks)))
        return "\n".join(lines)

    def can_place(self) -> bool:
        return any(self.state.placements(pid) for pid in self.pieces())

    def can_fill(self) -> bool:
        return self.viewer_acts() and bool(self.state.fill_squares())

    def in_fill_mode(self) -> bool:
        """Action B is chosen (or the only thing left to do)."""
        return self.can_fill() and (self.fill_mode or not self.can_place())

    def _reset_ghost(self) -> None:
        self.piece_index = 0
        self.fill_mode = False
        self.hint = None

    def action_at(self, cell: Cell) -> AlluviumAction | None:
        """What a click on ``cell`` would do: the piece centred there (action A or
        drawing on one's own sheet), or filling it (action B)."""
        if not self.viewer_acts():
            return None
        if self.in_fill_mode():
            return AlluviumAction.fill(cell)
        pid = self.current_piece()
        if pid is None:
            return None
        piece = self.state.piece(pid)
        k = piece.orientation_index(self.quarter_turns % 4, self.mirrored)
        shape = piece.orientations[k]
        anchor = (cell[0] - (shape.height - 1) // 2, cell[1] - (shape.width - 1) // 2)
        return AlluviumAction.place(pid, k, anchor)

    def action_cells(self, action: AlluviumAction) -> tuple[Cell, ...]:
        if action.kind == FILL:
            return (action.cell,)
        shape = self.state.piece(action.piece).orientations[action.orientation]
        size = self.state.size
        return tuple((r, c) for r, c in shape.placed(action.cell) if 0 <= r < size and 0 <= c < size)

    def ghost_view(self) -> GhostView:
        view = GhostView(colour=self.state.colour_of(self.state.drawing_colour() if not self.over else 0))
        if self.shown_owner() is None:
            return view
        if self.in_fill_mode():
            view.fill_squares = tuple(self.state.fill_squares())
        if self.hint is not None:
            view.hint = self.action_cells(self.hint)
        view.cursor = self.cursor if self.hovered is None else None
        target = self.hovered or self.cursor
        action = self.action_at(target) if target is not None else None
        if action is not None:
            view.cells = self.action_cells(action)
            view.ok = self.state.why_illegal(action) == ""
            if view.ok:
                view.check_edges = tuple(self.state.check_edges(action))
        return view

    def sheet_view(self) -> SheetView | None:
        owner = self.shown_owner()
        if owner is None:
            return None
        show_rect = owner == self.viewer and self.state.phase in (OWN, VIRTUAL)
        return sheet_view(self.state, owner, show_rectangle=show_rect or self.over)

    def hover_text(self) -> str:
        """The status line for the square under the pointer."""
        target = self.hovered or self.cursor
        if target is None or not self.viewer_acts():
            return ""
        action = self.action_at(target)
        if action is None:
            return ""
        reason = self.state.why_illegal(action)
        square = cell_name(target)
        if reason:
            return _("{square}: {reason}").format(square=square, reason=reason)
        if action.kind == FILL:
            text = _("{square}: fill this square (action B)").format(square=square)
        else:
            text = _("{square}: piece {piece} fits here").format(square=square, piece=action.piece)
        n = self.state.checks_for(action)
        if n:
            text += " - " + ngettext("earns {n} check", "earns {n} checks", n).format(n=n)
        return text

    # --- requests from the view ----------------------------------------------------------
    def hover(self, r: int, c: int) -> None:
        self.hovered = (r, c)
        self.message.emit(self.hover_text(), 0)
        self.view_changed()

    def leave(self) -> None:
        self.hovered = None
        self.view_changed()

    def move_cursor(self, dr: int, dc: int) -> None:
        size = self.state.size
        r, c = self.cursor or self.hovered or (size // 2, size // 2)
        self.cursor = (min(max(r + dr, 0), size - 1), min(max(c + dc, 0), size - 1))
        self.hovered = None
        self.message.emit(self.hover_text(), 0)
        self.view_changed()

    def turn(self, step: int) -> None:
        if self.mirrored:
            step = -step                     # a mirrored piece still turns the way the key says
        self.quarter_turns = (self.quarter_turns + step) % 4
        self._ghost_moved()

    def flip(self) -> None:
        self.mirrored = not self.mirrored
        self._ghost_moved()

    def other_piece(self) -> None:
        if len(self.pieces()) > 1:
            self.piece_index = (self.piece_index + 1) % len(self.pieces())
            self._ghost_moved()

    def toggle_fill_mode(self) -> None:
        if not self.can_fill():
            self.message.emit(_("No square can be filled on this sheet: each needs its four neighbours "
                                "filled and may not be on the edge."), 5000)
            return
        if not self.can_place():
            self.message.emit(_("Your piece fits nowhere here: fill one enclosed square."), 5000)
            return
        self.fill_mode = not self.fill_mode
        self._ghost_moved()

    def _ghost_moved(self) -> None:
        self.message.emit(self.hover_text(), 0)
        self.view_changed()

    def click(self, r: int, c: int) -> None:
        self.hovered = (r, c)
        self._try((r, c))

    def confirm(self) -> None:
        """Enter: take the hint on show (as the panel says), else draw at the keyboard cursor."""
        if self.hint_ready():
            self.take_hint()
        elif self.cursor is not None and self.hovered is None:
            self._try(self.cursor)

    def hint_ready(self) -> bool:
        """A hint is showing and the person whose sheet is on screen may draw it."""
        return self.hint is not None and self.viewer_acts() and not self.busy

    def _try(self, cell: Cell) -> None:
        if self.over:
            return
        if self.awaiting is not None:
            self.message.emit(_("Press 'Show my sheet' first."), 4000)
            return
        if not self.viewer_acts():
            self.message.emit(_("Wait: {player} is playing.").format(
                player=self.seat_title(self.state.current_player)), 3000)
            return
        action = self.action_at(cell)
        if action is None:
            return
        reason = self.state.why_illegal(action)
        if reason:
            self.refuse(_("{square}: {reason}").format(square=cell_name(cell), reason=reason), 6000)
            return
        self._apply(action)

    def _show_hint(self, action: Any) -> None:
        self.hint = action
        self.message.emit(_("Hint: {action}").format(action=self.state.describe_action(action)), 0)
        self.view_changed()
        self.hintChanged.emit()

    def hint_text(self) -> str:
        if self.hint is None:
            return ""
        return _("Hint: {action}. Press Enter or 'Take the hint' to draw it.").format(
            action=self.state.describe_action(self.hint))

    # --- take back: the match's rule, asked for the person looking at the table ---------
    def asker(self) -> int | None:
        return self.viewer

    def can_undo(self) -> bool:
        """Nothing is taken back behind the hand-over screen."""
        return self.awaiting is None and super().can_undo()

    def _took_back_text(self, changes: Changes) -> str:
        return _("Taken back.")

    # --- texts for the panel -----------------------------------------------------------------
    def _instruction(self) -> str:
        state = self.state
        if self.over:
            return self.result_text()
        if self.awaiting is not None:
            return _("Pass the computer to {player}, then press 'Show my sheet'.").format(
                player=self.seat_title(self.awaiting))
        cur = state.current_player
        if not self.viewer_acts():
            return _("{player} is drawing...").format(player=self.seat_title(cur))
        if state.phase == OWN and state.round == 1:
            return _("Round 1: draw both your pieces on your own sheet, each covering one of the outlined "
                     "start squares. Tab switches between them.")
        if state.phase == OWN:
            return _("Draw your piece on your own sheet.")
        if state.phase == VIRTUAL:
            return _("Draw the virtual colour's piece ({colour}) on your own sheet: the edges it shares with "
                     "your colour count as its checks.").format(colour=colour_name(state.colour_of(state.drawing_colour())))
        owner = state.held_by(cur)
        if self.in_fill_mode() and not self.can_place():
            return _("Your piece fits nowhere on {owner}'s sheet: fill one square whose four neighbours are "
                     "filled (action B).").format(owner=colour_name(state.colour_of(owner)))
        return _("On {owner}'s sheet: draw your piece (action A) or press B to fill one enclosed square "
                 "(action B). Each edge your squares share with {owner} earns you a check.").format(
            owner=colour_name(state.colour_of(owner)))

    def result_text(self) -> str:
        state = self.state
        if not self.over:
            return ""
        winners = state.winners()
        names = [self.seat_title(w) for w in winners]
        if len(names) == 1:
            return _("{player} wins with {points} points.").format(player=names[0],
                                                                   points=int(state.scores()[winners[0]]))
        return _("A draw between {players}.").format(players=_(", ").join(names))

    def log_lines(self) -> list[str]:
        return [line for seat, line in self.lines if seat == self.viewer]

    def next_text(self) -> str:
        """Where the shown sheet goes next, and how many more sheets come this round."""
        owner = self.shown_owner()
        if owner is None or self.over:
            return ""
        state = self.state
        nxt = state.next_holder(owner)
        come = state.sheets_to_come(self.viewer)
        parts = []
        if state.phase == OTHERS or state.phase == OWN:
            if nxt is not None:
                if nxt == owner:
                    parts.append(_("Next it goes home to {player}.").format(player=self.seat_title(owner)))
                else:
                    parts.append(_("Next it goes to {player}.").format(player=self.seat_title(nxt)))
        parts.append(ngettext("{n} more sheet comes to you this round.",
                              "{n} more sheets come to you this round.", come).format(n=come))
        return " ".join(parts)
