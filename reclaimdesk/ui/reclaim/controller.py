"""ReclaimController: owns the game and turns what the player points at into
engine actions.

The view emits square ids, card ids and requests (turn, move the cursor,
confirm); the panels ask for the special action, ending the turn, undo and so on.
The controller checks each action with ``why_illegal`` and plays it through the
match (the base :class:`~reclaimdesk.ui.board.controller.GameController`: the
autosave, the AI seats and hints, undo and redo with the match's one rule, which
the state's ``seen_key`` keeps inside the present turn); what it keeps itself is
the table's own bookkeeping after each change (:meth:`ReclaimController._on_changes`:
what to animate, the first-half scoring, the seat on show) and the question
before a step that cannot be taken back. It also offers the payment when only
one way to pay exists.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from reclaimdesk.core.grid import Cell, cell_name
from reclaimdesk.core.i18n import _, ngettext
from reclaimdesk.core.match import Changes
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import CENTRE, GRID, SIZE, TRACK_LENGTH
from reclaimdesk.games.reclaim.consequences import Consequences, consequences, steps_consequences
from reclaimdesk.games.reclaim.state import (
    FIRST_HALF_ROUNDS,
    GIFT,
    OVER,
    PAY,
    PLACE,
    POST,
    SETUP,
    SPECIAL_SHAPE,
    SPECIAL_TRIANGLES,
    ReclaimState,
)
from reclaimdesk.ui.board.controller import GameController
from reclaimdesk.ui.reclaim import geometry as geo
from reclaimdesk.ui.reclaim.logbook import LogEntry, StepNote, TableStory
from reclaimdesk.ui.reclaim.advice import effect_lines, effect_summary, hint_what, squares, squares_to_pay_on
from reclaimdesk.ui.reclaim.model import SheetView, reason_text, sheet_view
from reclaimdesk.ui.reclaim.words import icon_list, terrain_name
from reclaimdesk.ui.text import sentence

SHAPE_PHASES = (SETUP, PLACE, SPECIAL_SHAPE)
CELL_PHASES = (PAY, SPECIAL_TRIANGLES, GIFT)


@dataclass(frozen=True)
class Ghost:
    shape_id: str
    rotation: int
    anchor: Cell
    cells: tuple[Cell, ...]
    legal: bool
    reason: str
    forecast: Consequences | None = None
    """What drawing it would do (for a legal ghost on the player's turn)."""

    def action(self) -> ReclaimAction:
        return ReclaimAction.draw(self.shape_id, self.rotation, self.anchor)


@dataclass(frozen=True)
class Happening:
    """Something the engine did that the table shows (and animates)."""

    kind: str          # 'section', 'x', 'complete', 'cross'
    seat: int
    mask: int = 0      # squares involved
    entry: int = 0     # 'cross': the track entry (1-9) crossed out
    points: int = 0    # 'cross': its points
    reason: str = ""   # 'cross': why (in words)
    penalty: bool = False  # 'cross': a penalty, not the price of a special action
    round: int = 0
    """The round it happened in (a penalty that ends round 2 stays in round 2)."""


@dataclass(frozen=True)
class Question:
    """A step that cannot be taken back, and what to ask before it is taken."""

    action: ReclaimAction
    title: str
    text: str
    accept: str


class ReclaimController(GameController):
    """``changed`` carries the match's :class:`Changes` (an action, undo, redo, or
    kind 'view' for a selection): the table redraws what it names."""

    ghostChanged = Signal()
    cursorChanged = Signal()
    forecastChanged = Signal()
    """What a click on the square pointed at would do changed (see :meth:`forecast`)."""
    happened = Signal(object)
    """A list of :class:`Happening` to animate and log."""
    halfScored = Signal(int)
    """1 after round 10, 2 when the game ends."""
    confirmationNeeded = Signal(object)
    """A :class:`Question`: the step cannot be taken back; ask before taking it."""

    game_id = "reclaim"
    seat_count = None
    PACES = {"at-once": 0, "step": 700, "slow": 1500}
    """Options > Computer players' pace: the pause (ms) before each computer step,
    through the base's pacing (:attr:`ai_pause_ms`, :attr:`ai_pause_every_action`)."""

    def __init__(self, record: GameRecord, *, autosave: Any = None, auto_pay: str = "offer",
                 pace: str = "at-once", parent: QObject | None = None) -> None:
        super().__init__(record, autosave=autosave, parent=parent)
        self.auto_pay = auto_pay
        self.pace = "at-once"
        self.set_pace(pace)
        self.pointer: Cell = CENTRE
        self.rotation = 0
        self.keyboard = False
        self.ghost: Ghost | None = None
        self.hint: ReclaimAction | None = None
        self.hint_forecast: Consequences | None = None
        """What the hint on show would do (read only while ``hint`` is set)."""
        self.cell_forecast: Consequences | None = None
        self.cell_problem = ""
        self._pointing = False
        self.selected_start: str | None = None
        self._shape_for_rotation: str | None = None
        self._seen_events = len(self.state.events)
        self._half1_scored = self._first_half_scored()
        self.story = self._replayed_story()
        """The log and what is new on each sheet (see :class:`TableStory`)."""
        self._note: tuple[StepNote, int] | None = None
        self.new_log: list[LogEntry] = []
        """The log lines the latest change added (empty after a rebuild: the log is then read whole)."""
        self._display_seat = self._first_human()
        self._home_seat = self._display_seat
        self._auto_paying = False
        self._refresh_display_seat()
        self._update_ghost(quiet=True)

    def set_pace(self, pace: str) -> None:
        """How fast the computer's steps follow one another ('at-once', 'step',
        'slow'; anything else is 'at-once'): each step waits that long after the
        change before it, so that a person sees every step land."""
        self.pace = pace if pace in self.PACES else "at-once"
        self.ai_pause_ms = self.PACES[self.pace]
        self.ai_pause_every_action = self.ai_pause_ms > 0

    # --- construction ----------------------------------------------------------
    def start(self) -> None:
        """Begin: AI seats move if it is their turn, a forced payment is offered."""
        self._maybe_auto_pay()
        self._maybe_run_ai()

    # --- who and what ------------------------------------------------------------
    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name

    def _first_human(self) -> int:
        return next((i for i, s in enumerate(self.seats) if s.kind == "human"), 0)

    def display_seat(self) -> int:
        """The sheet in the big view: the human to act (their neighbour's during
        the variant's gift), else the last human who acted."""
        return self._display_seat

    def home_seat(self) -> int:
        """The player whose own score the panels show: the human to act (also
        while giving a triangle to a neighbour), else the last human who acted."""
        return self._home_seat

    def _refresh_display_seat(self) -> None:
        state = self.state
        if not self.over and self.is_human(state.current_player):
            cur = state.current_player
            self._home_seat = cur
            self._display_seat = state.gift_target(cur) if state.phase == GIFT else cur
        elif self.over:
            self._display_seat = self._home_seat = self._first_human()

    def view_of(self, seat: int, table: bool = True) -> SheetView:
        selected = self.selected_start if seat == self.state.current_player else None
        return sheet_view(self.state, seat, self.seat_name(seat), selected_start=selected, table=table)

    def shape_to_draw(self) -> str | None:
        state = self.state
        if not self.human_turn():
            return None
        if state.phase == SETUP:
            if self.selected_start not in state.setup_left:
                self.selected_start = state.setup_left[0] if state.setup_left else None
            return self.selected_start
        if state.phase in (PLACE, SPECIAL_SHAPE):
            return state.current_shape_id()
        return None

    # --- highlights --------------------------------------------------------------
    def payable_cells(self) -> list[Cell]:
        if not self.human_turn() or self.state.phase != PAY:
            return []
        return [a.cell for a in self.state.legal_actions() if a.kind == "pay" and a.cell is not None]

    def open_section_cells(self) -> list[Cell]:
        """Where a special action's triangles (or the variant's gift) may go."""
        if not self.human_turn() or self.state.phase not in (SPECIAL_TRIANGLES, GIFT):
            return []
        return [a.cell for a in self.state.legal_actions() if a.cell is not None]

    def unique_payment(self) -> list[Cell] | None:
        """The squares of the only complete payment, when exactly one exists."""
        cells = self.payable_cells()
        if not cells:
            return None
        state = self.state
        need = Counter(icon.terrain.value for icon in state.unpaid)
        have = Counter(state.map.at(c).value for c in cells)
        if set(have) - set(need):
            return None
        for terrain, k in need.items():
            if have.get(terrain, 0) != k:
                return None
        return cells

    def castle_group(self, seat: int) -> tuple[int, int]:
        return self.state.connected_castles(self.state.sheets[seat])

    def rectangle(self, seat: int) -> tuple[int, int, int, int] | None:
        r = self.state.best_rectangle(self.state.sheets[seat])
        return None if r is None else (r.top, r.left, r.height, r.width)

    # --- special action ------------------------------------------------------------
    def special_info(self) -> dict[str, Any]:
        """What crossing out the next number gives, and whether each form is allowed."""
        state = self.state
        seat = state.current_player if not self.over else self.display_seat()
        if state.phase == GIFT:
            seat = state.gift_seat
        sheet = state.sheets[seat if 0 <= seat < len(state.sheets) else 0]
        info: dict[str, Any] = {"available": [], "reason": "", "points": None, "triangles": 0, "shape": (),
                                "entry": None}
        if sheet.crossed >= TRACK_LENGTH:
            info["reason"] = _("Every number of the scoring track is crossed out: no special action left.")
            return info
        index = TRACK_LENGTH - 1 - sheet.crossed
        entry = state.track.entries[index]
        info.update(points=entry.points, triangles=entry.triangles, shape=tuple(entry.shape.cells),
                    entry=index + 1)
        if self.over:
            info["reason"] = _("The game is over.")
        elif not self.human_turn():
            info["reason"] = _("Wait for your turn.")
        elif state.phase not in (PAY, PLACE, POST):
            info["reason"] = {
                SETUP: _("Not during setup: draw your starting shapes first."),
                SPECIAL_TRIANGLES: _("Place the special action's triangles first."),
                SPECIAL_SHAPE: _("Draw the special action's shape first."),
                GIFT: _("Give your triangle first."),
            }.get(state.phase, _("Not now."))
        elif state.special_used:
            info["reason"] = _("Already used this round (once per round).")
        else:
            info["available"] = state.special_options()
            if not info["available"]:
                info["reason"] = sentence(state.why_illegal(ReclaimAction.special("triangles")))
            info["why_triangles"] = state.why_illegal(ReclaimAction.special("triangles"))
            info["why_shape"] = state.why_illegal(ReclaimAction.special("shape"))
        return info

    # --- view events -------------------------------------------------------------------
    def hover(self, r: int, c: int) -> None:
        self.keyboard = False
        self._pointing = True
        self.pointer = (r, c)
        if self.state.phase in SHAPE_PHASES:
            self._update_ghost()
        elif self.human_turn() and self.state.phase in CELL_PHASES:
            self._describe_cell((r, c))
        self.cursorChanged.emit()

    def leave(self) -> None:
        self._pointing = False
        if self.ghost is not None and not self.keyboard:
            self.ghost = None
            self.ghostChanged.emit()
        if not self.keyboard and (self.cell_forecast is not None or self.cell_problem):
            self.cell_forecast, self.cell_problem = None, ""
            self.forecastChanged.emit()

    def move_cursor(self, dr: int, dc: int) -> None:
        r = min(max(self.pointer[0] + dr, 0), SIZE - 1)
        c = min(max(self.pointer[1] + dc, 0), SIZE - 1)
        self.keyboard = True
        self.pointer = (r, c)
        if self.state.phase in SHAPE_PHASES:
            # keep moving the ghost even where its corner is clamped at the edge
            sid = self.shape_to_draw()
            if sid is not None:
                shape = self._rotated(sid)
                anchor = geo.anchor_for(shape, self.pointer)
                self.pointer = geo.pointer_for(shape, anchor)
            self._update_ghost()
        elif self.state.phase in CELL_PHASES and self.human_turn():
            self._describe_cell(self.pointer)
        self.cursorChanged.emit()

    def rotate(self, step: int = 1) -> None:
        sid = self.shape_to_draw()
        if sid is None:
            return
        count = len(self.state.shape(sid).rotations())
        if count == 1:
            self.message.emit(_("This shape looks the same every way round."), 3000)
            return
        self.rotation = (self.rotation + step) % count
        self._update_ghost()

    def click(self, r: int, c: int) -> bool:
        self.pointer = (r, c)
        if self.over:
            return False
        if not self.human_turn():
            self.message.emit(_("Please wait: {name} is playing.").format(
                name=self.seat_name(self.state.current_player)), 3000)
            return False
        phase = self.state.phase
        cell = (r, c)
        if phase in SHAPE_PHASES:
            self._update_ghost(quiet=True)
            ghost = self.ghost
            if ghost is None:
                return False
            if not ghost.legal:
                self.refuse(_("Cannot draw here: {reason}.").format(reason=ghost.reason), 5000)
                self.ghostChanged.emit()
                return False
            return self.act(ghost.action())
        if phase == PAY:
            return self.act(ReclaimAction.pay(cell))
        if phase == SPECIAL_TRIANGLES:
            return self.act(ReclaimAction.triangle(cell))
        if phase == GIFT:
            return self.act(ReclaimAction.gift(cell))
        if phase == POST:
            self.message.emit(_("Your shape is drawn. Use the special action or end your turn."), 4000)
        return False

    def confirm(self) -> bool:
        """Enter: take the hint on the board; else draw the ghost or mark the cursor's
        square; after drawing, end the turn. Where the square Enter would act on is
        not shown (the pointer left the map), Enter first shows it."""
        if not self.human_turn():
            return self.click(*self.pointer)
        if self.hint is not None:
            return self.take_hint()
        phase = self.state.phase
        if phase == POST:
            return self.end_turn()
        if phase in SHAPE_PHASES and self.ghost is None:
            self.keyboard = True
            self._update_ghost()
            self.message.emit(_("The shape is shown on the map: arrows move it, R turns it, Enter draws it."), 0)
            return False
        if phase in CELL_PHASES and not (self.keyboard or self._pointing):
            self.keyboard = True
            self._describe_cell(self.pointer)
            self.cursorChanged.emit()
            return False
        return self.click(*self.pointer)

    def select_item(self, item_id: str) -> None:
        kind, _sep, value = item_id.partition(":")
        if kind == "card" and self.state.phase == SETUP and value in self.state.setup_left:
            self.select_start(value)
        elif kind == "track":
            info = self.special_info()
            if info.get("entry") == int(value) and info["available"]:
                self.message.emit(_("Use the Special action panel to choose triangles or the shape."), 4000)

    def select_start(self, card: str | int) -> None:
        left = self.state.setup_left
        if isinstance(card, int):
            if not 1 <= card <= len(left):
                return
            card = left[card - 1]
        if card in left and card != self.selected_start:
            self.selected_start = card
            self.rotation = 0
            self._update_ghost()
            self.view_changed()

    # --- panel requests --------------------------------------------------------------
    def special(self, form: str) -> bool:
        return self.act(ReclaimAction.special(form))

    def pass_turn(self) -> bool:
        return self.act(ReclaimAction.pass_())

    def end_turn(self) -> bool:
        return self.act(ReclaimAction.end())

    def can_pass(self) -> bool:
        return self.human_turn() and self.state.why_illegal(ReclaimAction.pass_()) == ""

    def can_end(self) -> bool:
        return self.human_turn() and self.state.phase == POST

    def pay_automatically(self) -> bool:
        cells = self.unique_payment()
        if not cells:
            return False
        self._auto_paying = True
        try:
            for cell in cells:
                if not self.act(ReclaimAction.pay(cell)):
                    return False
        finally:
            self._auto_paying = False
        return True

    # --- acting --------------------------------------------------------------------------
    def act(self, action: ReclaimAction, confirmed: bool = False) -> bool:
        """Apply a human's action if it is legal; else say why. A step that cannot
        be taken back and asks first (:meth:`question_for`) is only announced with
        ``confirmationNeeded`` until it comes back ``confirmed``."""
        if self.human_turn() and not self.state.why_illegal(action):
            question = None if confirmed else self.question_for(action)
            if question is not None:
                self.confirmationNeeded.emit(question)
                return False
            self.message.emit("", 0)
        return super().act(action)

    def _explain(self, why: str) -> None:
        self.message.emit(sentence(why), 5000)

    def question_for(self, action: ReclaimAction) -> Question | None:
        """What to ask before ``action``, or None to take it at once.

        Taking back stops where a new card was revealed or another seat began to
        play (the state's ``seen_key`` changes), so a step after which that happens
        is final. Three such steps ask
        first (docs/rules/reclaim.md, "Taking back"): accepting the penalty when it
        ends the turn; a triangle (paid or of a special action) after which the
        turn cannot go on, so that the penalty follows and ends it; and, at a
        table, the starting shape that ends one's setup. Ending the turn by its own
        button or drawing a shape asks nothing."""
        state = self.state
        if action.kind not in ("pass", "shape", "pay", "triangle") or (action.kind == "shape"
                                                                       and state.phase != SETUP):
            return None
        after = state.child(action)
        if after.seen_key() == state.seen_key():
            return None
        seat = state.current_player
        if action.kind in ("pay", "triangle"):
            return self._penalty_question(action, after)
        then = self._then(after)
        if action.kind == "pass":
            sheet = state.sheets[seat]
            if sheet.crossed >= TRACK_LENGTH:
                what = _("Every number of your scoring track is already crossed out, so the penalty costs nothing.")
            else:
                points = state.track.entries[state.next_entry_index(sheet)].points
                what = _("The number {points} on your scoring track is crossed out.").format(points=points)
            return Question(action, _("Accept the penalty?"), _("{what} {then}").format(what=what, then=then),
                            _("Accept the penalty"))
        what = _("This second starting shape finishes your setup.")
        return Question(action, _("Draw your last starting shape here?"),
                        _("{what} {then}").format(what=what, then=then), _("Draw it"))

    def _then(self, after: ReclaimState) -> str:
        """What follows a final step, for its question."""
        if after.phase == OVER:
            return _("The game ends. This cannot be taken back.")
        if self.solo:
            return _("The round ends and the next card is turned face up, so this cannot be taken back.")
        return _("Your turn ends and {name} plays next. This cannot be taken back.").format(
            name=self.seat_name(after.current_player))

    def _penalty_question(self, action: ReclaimAction, after: ReclaimState) -> Question | None:
        """A triangle that ends the turn: the rest of the cost cannot be paid, or
        the shape has no room, so the penalty is taken at once and the turn ends."""
        state = self.state
        sheet = state.sheets[state.current_player]
        if after.sheets[state.current_player].crossed <= sheet.crossed:
            # no number crossed out: the turn ends as its last step (the special
            # action's last triangle) or with a penalty that costs nothing (every
            # number is crossed out already): nothing to warn of
            return None
        points = state.track.entries[state.next_entry_index(sheet)].points
        what = _("After this triangle your turn cannot go on, so the penalty follows: the number {points} on "
                 "your scoring track is crossed out.").format(points=points)
        return Question(action, _("Put this triangle here and take the penalty?"),
                        _("{what} {then}").format(what=what, then=self._then(after)), _("Put it here"))

    def _apply(self, action: Any) -> Changes:
        """Every action (a person's, the computer's, a hint's) goes through here: the
        log notes the position before it, to tell afterwards what it did."""
        self._note = (self.story.before(self.state, action), len(self.state.history))
        try:
            return super()._apply(action)
        finally:
            self._note = None

    def _replayed_story(self) -> TableStory:
        from reclaimdesk.core.game import get_game

        start = get_game("reclaim").new_game(len(self.seats), self.state.seed, self.state.options)
        assert isinstance(start, ReclaimState)
        computer = [i for i, s in enumerate(self.seats) if s.kind != "human"]
        return TableStory.replayed(start, list(self.state.history), [s.name for s in self.seats], computer)

    def _tell(self, changes: Changes) -> None:
        """Bring the story (the log, what is new) to the position: one step told as
        it is taken, a take back cut off, anything else replayed."""
        history = list(self.state.history)
        note = self._note
        if not changes.rebuilt and note is not None and len(history) == note[1] + 1 and \
                len(self.story.actions) == note[1]:
            self.new_log = self.story.after(note[0], self.state)
            return
        if changes.rebuilt and self.story.cut(history):
            self.new_log = []
            return
        told = self.story.actions
        if history[:len(told)] == told:  # moved on (a redo, a jump forward): tell the rest
            from reclaimdesk.core.game import get_game

            state = get_game("reclaim").new_game(len(self.seats), self.state.seed, self.state.options)
            assert isinstance(state, ReclaimState)
            for action in told:
                state.apply(action)
            added = self.story.extend(state, history[len(told):])
        else:
            self.story = self._replayed_story()
            added = self.story.entries
        self.new_log = [] if changes.rebuilt else list(added)

    def newest(self, seat: int) -> tuple[list[Cell], list[Cell]]:
        """What is new on ``seat``'s sheet, to outline: the squares of the sections
        and of the triangles drawn there since that seat's latest turn began."""
        sections, triangles = self.story.newest(self.state, seat)
        return GRID.cells_of(sections), GRID.cells_of(triangles)

    def _on_changes(self, changes: Changes) -> None:
        """After every operation on the match: what to animate and the first-half
        scoring when actions were added; after a rebuild (a take back) only what
        the position now is."""
        self.cell_forecast, self.cell_problem = None, ""
        self._tell(changes)
        if changes.rebuilt:
            news, halves = [], []
        else:
            news = self._collect_events()
            halves = [1] if self._first_half_scored() and not self._half1_scored else []
            halves += [2] if changes.ended else []
            if self.shape_to_draw() != self._shape_for_rotation:
                self.rotation = 0
        self._seen_events = len(self.state.events)
        self._half1_scored = self._first_half_scored()
        self._refresh_display_seat()
        if news:
            self.happened.emit(news)
        for half in halves:
            self.halfScored.emit(half)
        if not changes.rebuilt:
            self._maybe_auto_pay()

    def _first_half_scored(self) -> bool:
        return any(s.half1 is not None for s in self.state.sheets)

    def _collect_events(self) -> list[Happening]:
        """The events since the last change, as :class:`Happening` to animate."""
        state = self.state
        out = []
        for kind, seat, detail, round_no in state.events[self._seen_events:]:
            if kind == "cross":
                entry, reason = detail
                points = state.track.entries[entry - 1].points
                out.append(Happening(kind, seat, entry=entry, points=points, reason=reason_text(reason),
                                     penalty=not str(reason).startswith("special"), round=round_no))
            else:
                out.append(Happening(kind, seat, mask=int(detail), round=round_no))
        return out

    def log_entries(self) -> list[LogEntry]:
        """The log (oldest first): what happened to every sheet, each step of the
        computer's seats, each line with its round (:class:`TableStory`)."""
        return list(self.story.entries)

    # --- ghost -----------------------------------------------------------------------------
    def _rotated(self, sid: str):
        rotations = self.state.shape(sid).rotations()
        self.rotation %= len(rotations)
        return rotations[self.rotation]

    def _update_ghost(self, quiet: bool = False) -> None:
        sid = self.shape_to_draw()
        if sid is None:
            ghost = None
        else:
            if sid != self._shape_for_rotation:
                self._shape_for_rotation = sid
                self.rotation = 0
            shape = self._rotated(sid)
            anchor = geo.anchor_for(shape, self.pointer)
            problem = self.state.placement_problem(sid, self.rotation, anchor)
            forecast = None
            if problem is None and self.human_turn():
                forecast = consequences(self.state, ReclaimAction.draw(sid, self.rotation, anchor))
            ghost = Ghost(sid, self.rotation, anchor, tuple(shape.placed(anchor)), problem is None,
                          problem or "", forecast)
        if ghost != self.ghost:
            self.ghost = ghost
            if not quiet and ghost is not None:
                if ghost.legal:
                    cell = cell_name(self._named_square(ghost))
                    summary = effect_summary(ghost.forecast) if ghost.forecast is not None else ""
                    if self.hint is not None:  # Enter takes the hint, not the ghost
                        if summary:
                            text = _("{cell}: this fits; it {effects}. Click to draw it here; "
                                     "Enter takes the hint.").format(cell=cell, effects=summary)
                        else:
                            text = _("{cell}: this fits. Click to draw it here; Enter takes the hint.").format(
                                cell=cell)
                    elif summary:
                        text = _("{cell}: this fits; it {effects}. Click (or Enter) to draw it.").format(
                            cell=cell, effects=summary)
                    else:
                        text = _("{cell}: this fits. Click (or Enter) to draw it.").format(cell=cell)
                    self.message.emit(text, 0)
                else:
                    self.message.emit(_("Not here: {reason}.").format(reason=ghost.reason), 0)
            self.ghostChanged.emit()

    def _named_square(self, ghost: Ghost) -> Cell:
        """The square the status bar names for the ghost: the one under the pointer,
        or (where the map's edge holds the shape back) the shape's square nearest it;
        never the corner of its bounding box, which may lie outside the shape."""
        pr, pc = self.pointer
        return min(ghost.cells, key=lambda rc: ((rc[0] - pr) ** 2 + (rc[1] - pc) ** 2, rc))

    def _describe_cell(self, cell: Cell) -> None:
        state = self.state
        if state.phase == PAY:
            action = ReclaimAction.pay(cell)
            invite = _("{cell} ({terrain}): click to pay here.")
        elif state.phase == SPECIAL_TRIANGLES:
            action = ReclaimAction.triangle(cell)
            invite = _("{cell} ({terrain}): click to place a triangle here.")
        else:
            action = ReclaimAction.gift(cell)
            invite = _("{cell} ({terrain}): click to give your triangle here.")
        why = state.why_illegal(action)
        terrain = terrain_name(state.map.at(cell).value)
        forecast = None if why else consequences(state, action)
        if (forecast, why) != (self.cell_forecast, self.cell_problem):
            self.cell_forecast, self.cell_problem = forecast, why
            self.forecastChanged.emit()
        if why:
            self.message.emit(_("{cell} ({terrain}): {reason}.").format(
                cell=cell_name(cell), terrain=terrain, reason=why), 0)
            return
        text = invite.format(cell=cell_name(cell), terrain=terrain)
        summary = effect_summary(forecast) if forecast is not None else ""
        if summary:
            text = _("{invitation} It {effects}.").format(invitation=text, effects=summary)
        self.message.emit(text, 0)

    # --- what a click would do ---------------------------------------------------------------
    def forecast(self) -> tuple[str, Consequences | None, str]:
        """What a click on the square pointed at would do now: ``(kind, forecast,
        problem)`` where kind is 'shape' or the cell action's kind, forecast the
        engine's forecast (None where the click is refused) and problem why it is
        refused; ``('', None, '')`` when the pointer shows nothing to do."""
        if not self.human_turn():
            return "", None, ""
        ghost = self.ghost
        if self.state.phase in SHAPE_PHASES:
            if ghost is None:
                return "", None, ""
            return "shape", ghost.forecast, "" if ghost.legal else ghost.reason
        if self.state.phase in CELL_PHASES and (self.cell_forecast is not None or self.cell_problem):
            kind = {PAY: "pay", SPECIAL_TRIANGLES: "triangle", GIFT: "gift"}[self.state.phase]
            return kind, self.cell_forecast, self.cell_problem
        return "", None, ""

    def step_words(self, step: str) -> tuple[str, list[str]]:
        """What a step of the panel ('pass', 'triangles', 'shape', 'autopay') would do now, for
        the turn panel while the pointer is over its button: a title and its lines
        (``('', [])`` when the step cannot be taken now)."""
        if step == "autopay":
            cells = self.unique_payment() if self.human_turn() else None
            if not cells:
                return "", []
            forecast = steps_consequences(self.state, [ReclaimAction.pay(cell) for cell in cells])
            return _("If the app pays for you"), effect_lines(forecast)
        action = ReclaimAction.pass_() if step == "pass" else ReclaimAction.special(step)
        if not self.human_turn() or self.state.why_illegal(action):
            return "", []
        title = {
            "pass": _("If you accept the penalty"),
            "triangles": _("If you use the special action's triangles"),
            "shape": _("If you use the special action's shape"),
        }[step]
        return title, effect_lines(consequences(self.state, action))

    def forecast_words(self) -> tuple[str, list[str]]:
        """The side panel's words for :meth:`forecast`: a title and its lines."""
        kind, forecast, problem = self.forecast()
        if not kind:
            return "", []
        if forecast is None:
            return _("Not here"), [sentence(problem)]
        title = {
            "shape": _("If you draw here"),
            "pay": _("If you pay here"),
            "triangle": _("If you put a triangle here"),
            "gift": _("If you give the triangle here"),
        }[kind]
        return title, effect_lines(forecast)

    # --- taking back (the base's undo and redo, with the match's rule) ---------------------------
    def _cannot_undo_text(self) -> str:
        """Why Undo does nothing: no step of the present turn is played yet."""
        steps = self.match.steps()
        begun = bool(steps) and steps[-1].seen == self.state.seen_key()
        if self.human_turn() and self.state.round >= 1 and not begun:
            return _("Nothing to take back: the new card is already revealed.")
        return ""

    # --- automatic payment -------------------------------------------------------------------
    def _maybe_auto_pay(self) -> None:
        if self.auto_pay != "always" or self._auto_paying or self._closed:
            return
        if self.unique_payment():
            QTimer.singleShot(0, self._auto_pay_now)

    def _auto_pay_now(self) -> None:
        if self.auto_pay == "always" and not self._closed and self.unique_payment():
            if self.pay_automatically():
                self.message.emit(_("Paid automatically: there was only one way."), 4000)

    # --- AI seats and hints ---------------------------------------------------------------------
    def request_hint(self) -> bool:
        """Ask for a hint; the one on the board (if any) goes while the AI thinks."""
        asked = super().request_hint()
        if asked and self.hint is not None:
            self.hint = None
            self.hintChanged.emit()
        return asked

    def _show_hint(self, action: ReclaimAction) -> None:
        if self.state.why_illegal(action):
            return
        self.hint = action
        self.hint_forecast = consequences(self.state, action)
        self.message.emit(_("Hint: {advice} Enter takes it.").format(advice=self.describe(action)), 0)
        self.hintChanged.emit()

    def take_hint(self) -> bool:
        """Do what the hint on the board says (the hint's button and Enter); a
        starting shape is picked up first."""
        action = self.hint
        if action is not None and action.kind == "shape" and self.state.phase == SETUP and self.hint_ready():
            self.selected_start = action.shape
        return super().take_hint()

    def hint_words(self) -> tuple[str, list[str]]:
        """The side panel's words for the hint on the board: what to do, and why
        it is good (what it changes); ``('', [])`` when no hint is shown."""
        action = self.hint
        if action is None:
            return "", []
        kind, cells = self.hint_cells()
        why = effect_lines(self.hint_forecast) if self.hint_forecast is not None else []
        if kind == "shape":
            why.append(squares_to_pay_on(self.state, cells))
        return hint_what(action, self.state, cells), why

    def hint_cells(self) -> tuple[str, list[Cell]]:
        """How to show the hint on the map: ('shape', cells) or ('cell', [cell])."""
        a = self.hint
        if not isinstance(a, ReclaimAction):
            return "", []
        if a.kind == "shape" and a.cell is not None:
            shape = self.state.shape(a.shape).rotations()[a.rotation]
            return "shape", shape.placed(a.cell)
        if a.cell is not None:
            return "cell", [a.cell]
        return "", []

    def describe(self, action: ReclaimAction) -> str:
        state = self.state
        if action.kind == "shape" and action.cell is not None:
            # the squares it covers: the corner of its bounding box may lie outside the shape
            cells = sorted(state.shape(action.shape).rotations()[action.rotation].placed(action.cell))
            return _("draw the shape on {where} (shown dashed).").format(where=squares(cells))
        if action.kind == "pay" and action.cell is not None:
            return _("pay on {cell} ({terrain}).").format(
                cell=cell_name(action.cell), terrain=terrain_name(state.map.at(action.cell).value))
        if action.kind in ("triangle", "gift") and action.cell is not None:
            return _("put the triangle on {cell}.").format(cell=cell_name(action.cell))
        if action.kind == "special-triangles":
            return _("use the special action and take its triangles.")
        if action.kind == "special-shape":
            return _("use the special action and take its shape.")
        if action.kind == "pass":
            return _("accept the penalty.")
        if action.kind == "end":
            return _("end your turn.")
        return str(action)

    # --- words for the panels ----------------------------------------------------------------------
    def _instruction(self) -> str:
        state = self.state
        if self.over:
            return _("The game is over.")
        seat = state.current_player
        name = self.seat_name(seat)
        if not self.is_human(seat):
            return _("{name} is thinking...").format(name=name)
        text = self._instruction_text(state, seat)
        if not text or self.solo:
            return text
        return _("{name}: {instruction}").format(name=name, instruction=text)


    def _instruction_text(self, state: ReclaimState, seat: int) -> str:
        """What the player to act does now (a sentence without the player's name)."""
        phase = state.phase
        if phase == SETUP:
            return _("draw your two starting shapes, each touching the centre castle. "
                     "Pick a card (click it, or press 1 / 2), turn it with R, the wheel or a right click.")
        if phase == PAY:
            icons = icon_list(i.value for i in state.unpaid)
            if self.payable_cells():
                return _("pay {icons}: click a highlighted square of one of your sections "
                         "to put a triangle there.").format(icons=icons)
            return _("{icons} cannot be paid. Use the special action if it helps, "
                     "or accept the penalty (the next number is crossed out).").format(icons=icons)
        if phase == PLACE:
            if state.legal_actions() and any(a.kind == "shape" for a in state.legal_actions()):
                return _("draw the shape of the left card next to one of your sections. "
                         "R, wheel or right click turns it; click or Enter draws.")
            return _("the shape fits nowhere. Use the special action if it helps, or accept the penalty.")
        if phase == POST:
            return _("your shape is drawn. Use the special action now, or end your turn.")
        if phase == SPECIAL_TRIANGLES:
            left = state.special_left
            return ngettext("place {count} more triangle on any empty section square.",
                            "place {count} more triangles on any empty section square.", left).format(count=left)
        if phase == SPECIAL_SHAPE:
            return _("draw the special action's shape next to one of your sections.")
        if phase == GIFT:
            target = self.seat_name(state.gift_target(seat))
            return _("variant: give one triangle to {name}. Click an empty square "
                     "of one of their sections.").format(name=target)
        return ""

    def round_label(self) -> str:
        state = self.state
        if self.over:
            return _("Game over")
        if state.round == 0:
            return _("Setting up")
        if state.round <= FIRST_HALF_ROUNDS:
            return _("Round {round} of 16 - first half").format(round=state.round)
        return _("Round {round} of 16 - second half").format(round=state.round)


    def score_history(self) -> list[tuple[int, list[int]]]:
        """(rounds finished, projected total per seat) after setup and after each
        round, rebuilt by replaying the record."""
        from reclaimdesk.core.game import get_game

        state = get_game("reclaim").new_game(len(self.seats), self.state.seed, self.state.options)
        assert isinstance(state, ReclaimState)
        points: list[tuple[int, list[int]]] = []
        last_round = state.round
        for action in list(self.state.history):
            state.apply(action)
            if state.round != last_round or state.phase == OVER:
                done = 16 if state.phase == OVER else state.round - 1
                totals = [state.projected_total(i) for i in range(len(self.seats))]
                if points and points[-1][0] == done:
                    points[-1] = (done, totals)
                else:
                    points.append((done, totals))
                last_round = state.round
        return points
