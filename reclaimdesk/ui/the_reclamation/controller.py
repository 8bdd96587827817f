"""ReclamationController: owns a game of The Reclamation and turns what the
player points at into engine actions.

The view emits game squares and card ids; the panel asks for confirm, cancel,
take back, a hint and turning the board. The controller checks every action
with ``why_illegal`` before applying it (so a refused click explains itself in
the status bar), autosaves the record after every action, runs AI seats and
hints on a worker thread, and takes back whole turns.

A turn by mouse: (Throne, with several Gardeners: click the Gardener that acts,)
click one of the lit squares to move; click a card to see on the board what each
of its squares would become; click it again (or Enter, or the panel's button) to
reclaim; when the hand is short, click the squares that get the last stones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject

from reclaimdesk.core.grid import Cell, cell_name
from reclaimdesk.core.i18n import N_, _, ngettext
from reclaimdesk.core.match import ACT, Changes
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.the_reclamation.actions import CARD, FILL, MOVE, TheReclamationAction
from reclaimdesk.games.the_reclamation.components import NEIGHBOURS, SIZE, START_SQUARES
from reclaimdesk.games.the_reclamation.state import (
    CHOOSING_CARD,
    FILLING,
    MOVING,
    PLACE,
    STACK,
    TAKE,
    TAKE_GARDENER,
    TargetPreview,
    TheReclamationState,
)
from reclaimdesk.ui.board.controller import GameController
from reclaimdesk.ui.text import level_word, sentence
from reclaimdesk.ui.the_reclamation import geometry as geo
from reclaimdesk.ui.the_reclamation.model import (
    CardFace,
    EndStory,
    StackView,
    TrayView,
    card_steps,
    describe_target,
    faction,
    end_story,
    summarise_preview,
    warning_text,
)
from reclaimdesk.ui.the_reclamation.scene import TableView

GAME_ID = "the-reclamation"


@dataclass
class TurnLog:
    """One turn as it was played: who, where the Gardener went, which card, and
    what changed on the board."""

    number: int
    seat: int
    start: int
    """Index in the game's history of the turn's first action (its move)."""
    move: tuple[Cell, Cell] | None = None
    card: int = 0
    card_name: str = ""
    changes: list[tuple[str, Cell]] = field(default_factory=list)

    def summary(self, who: str) -> str:
        """'4. Tendril: b5→c4, card 2 (Long Reach): placed 2'."""
        return _("{number}. {side}: {turn}").format(number=self.number, side=who, turn=self.what())

    def what(self) -> str:
        counts: dict[str, int] = {}
        for kind, _cell in self.changes:
            counts[kind] = counts.get(kind, 0) + 1
        text = ""
        if self.move is not None:
            text = f"{cell_name(self.move[0])}\u2192{cell_name(self.move[1])}"
        if self.card:
            text = _("{move}, card {number} ({name})").format(move=text, number=self.card, name=_(self.card_name))
            parts = []
            for kind, word in ((STACK, N_("stacked {count}")), (PLACE, N_("placed {count}")),
                               (TAKE, N_("took {count}")), (TAKE_GARDENER, N_("took {count} from a Gardener"))):
                if counts.get(kind):
                    parts.append(_(word).format(count=counts[kind]))
            if parts:
                text = _("{turn}: {changes}").format(turn=text, changes=_(", ").join(parts))
        return text


class ReclamationController(GameController):
    """``changed``: the game or a selection changed: redraw the table and the panel."""

    game_id = GAME_ID
    game_name = N_("The Reclamation")

    def __init__(self, record: GameRecord, *, autosave: Any = None, parent: QObject | None = None) -> None:
        super().__init__(record, autosave=autosave, parent=parent)
        self.ai_pause_ms = 450
        """Pause between an AI's actions within one turn, so that its move is seen
        before its card (tests set 0)."""
        self.flipped = False
        self.selected_gardener: Cell | None = None
        self.selected_card = 0
        self.hover_card = 0
        self.pointer: Cell = START_SQUARES[0]
        self.keyboard = False
        self.hint: TheReclamationAction | None = None
        self.state: TheReclamationState
        self.turns: list[TurnLog] = []
        self.taken = [0, 0]
        self._note_all()
        if self.human_seats():
            self.pointer = START_SQUARES[self.bottom_seat()]

    # --- the turns as played (the log, the story of the end) -----------------------------
    def _note_all(self) -> None:
        """Note every turn of the line played so far (replaying it from the start)."""
        self.turns = []
        self.taken = [0, 0]
        state = self.match.state_at(0)
        assert isinstance(state, TheReclamationState)
        for step in self.match.steps():
            action = state.parse_action(step.text)
            turn = state.turn
            state.apply(action)
            self._note(state, step.seat, turn, action)

    def _note(self, state: TheReclamationState, seat: int, turn: int, action: TheReclamationAction) -> None:
        if action.kind == MOVE or not self.turns:
            move = (action.cell, action.to) if action.cell is not None and action.to is not None else None
            self.turns.append(TurnLog(turn, seat, len(state.history) - 1, move))
        log = self.turns[-1]
        if action.kind == CARD:
            log.card = action.card
            log.card_name = state.cards()[action.card - 1].side(state.rules).name
        for kind, cell in state.changes:
            if kind in (STACK, PLACE, TAKE, TAKE_GARDENER):
                log.changes.append((kind, cell))
            if kind == TAKE:
                self.taken[seat] += 1

    # --- who -----------------------------------------------------------------------
    @property
    def rules(self) -> str:
        return self.state.rules

    def against_ai(self) -> bool:
        return len(self.human_seats()) == 1

    def bottom_seat(self) -> int:
        """The seat whose side of the board is at the bottom of the screen: the
        human's against the AI, Flower's for two players (either turned by
        :meth:`flip`)."""
        humans = self.human_seats()
        home = humans[0] if len(humans) == 1 else 0
        return 1 - home if self.flipped else home

    def orientation(self) -> geo.Orientation:
        return geo.Orientation(self.bottom_seat())

    def who(self, seat: int) -> str:
        """How sentences name a seat: 'You' against the AI, 'the AI' for it, else
        the player's name."""
        if self.against_ai():
            return _("You") if self.is_human(seat) else _("The AI")
        return self.seats[seat].name

    def role(self, seat: int) -> str:
        s = self.seats[seat]
        if s.kind == "ai":
            return _("AI, {level}").format(level=level_word(s.level or "normal"))
        return _("You") if self.against_ai() else s.name

    def story(self) -> EndStory:
        if self.against_ai():
            names = [self.who(0), self.who(1)]
            sides = [(_("{side} (you)") if self.is_human(i) else _("{side} (the AI)")).format(side=faction(i))
                     for i in (0, 1)]
        else:
            names = [_("{name} ({side})").format(name=self.seats[i].name, side=faction(i)) for i in (0, 1)]
            sides = [_("{side} ({name})").format(side=faction(i), name=self.seats[i].name) for i in (0, 1)]
        return end_story(self.state, names, sides)

    # --- the table's data ------------------------------------------------------------
    def movable_gardeners(self) -> list[Cell]:
        state = self.state
        if state.phase != MOVING or self.over:
            return []
        board = state.board
        out = []
        for cell in state.gardeners(state.player):
            i = cell[0] * SIZE + cell[1]
            if any(board[n] == 0 for n in NEIGHBOURS[i]):
                out.append(cell)
        return out

    def acting_gardener(self) -> Cell | None:
        """The Gardener whose moves are lit: the one clicked, or the only one able to move."""
        if self.state.phase != MOVING:
            return None
        movable = self.movable_gardeners()
        if self.selected_gardener in movable:
            return self.selected_gardener
        return movable[0] if len(movable) == 1 else None

    def move_targets(self, start: Cell | None = None) -> list[Cell]:
        start = start if start is not None else self.acting_gardener()
        if start is None:
            return []
        return [a.to for a in self.state.legal_actions() if a.kind == MOVE and a.cell == start and a.to is not None]

    def preview_card(self) -> int:
        if not self.human_turn() or self.state.phase != CHOOSING_CARD:
            return 0
        return self.selected_card or self.hover_card

    def preview(self) -> list[TargetPreview]:
        n = self.preview_card()
        return self.state.preview(n) if n else []

    def warning(self, action: TheReclamationAction) -> str:
        """What ``action`` would do to the game at once, as a warning ('' when
        nothing): the rules' check is the engine's (``consequence``)."""
        state = self.state
        seat = state.player
        several = state.rules == "throne" and len(state.gardeners(seat)) > 1
        return warning_text(state.consequence(action), faction(1 - seat), several)

    def preview_warning(self) -> str:
        """The warning of the card previewed now ('' when none)."""
        n = self.preview_card()
        return self.warning(TheReclamationAction.use_card(n)) if n else ""

    def _with_warning(self, text: str, action: TheReclamationAction) -> str:
        warning = self.warning(action)
        # the warning first: read before the rest, and not cut off at the status bar's end
        return _("{warning} {text}").format(text=text, warning=warning) if warning else text

    def table_view(self) -> TableView:
        state = self.state
        o = self.orientation()
        bottom = o.bottom
        stacks = tuple(StackView(cell, owner, height) for cell, (owner, height) in sorted(state.stacks().items()))
        trays = tuple(self._tray(seat, seat == bottom) for seat in (bottom, 1 - bottom))
        cards = tuple(self._cards(seat, seat == bottom) for seat in (bottom, 1 - bottom))
        captions = tuple(self._caption(seat) for seat in (bottom, 1 - bottom))
        human = self.human_turn()
        highlights: dict[str, tuple[Cell, ...]] = {"last": self._last_changed()}
        if human and state.phase == MOVING:
            movable = self.movable_gardeners()
            acting = self.acting_gardener()
            if len(movable) > 1:
                highlights["gardener"] = tuple(movable)
            if acting is not None:
                highlights["selected"] = (acting,)
                highlights["move"] = tuple(self.move_targets(acting))
        elif human and state.phase in (CHOOSING_CARD, FILLING) and state.active >= 0:
            highlights["selected"] = (divmod(state.active, SIZE),)
        if human and state.phase == FILLING:
            highlights["pending"] = tuple(divmod(i, SIZE) for i in state.pending)
        highlights["hint"] = tuple(self.hint_cells()) if not self.over else tuple(self.story_cells())
        if self.keyboard and human:
            highlights["cursor"] = (self.pointer,)
        marks = tuple((p.cell, p.effect, p.optional) for p in self.preview())
        return TableView(o, stacks, trays, cards, captions, highlights, marks,  # type: ignore[arg-type]
                         state.player, self._last_move())

    def _tray(self, seat: int, at_bottom: bool) -> TrayView:
        state = self.state
        return TrayView(seat=seat, name=faction(seat), role=self.role(seat), rules=state.rules,
                        hand=state.hand(seat), taken=self.taken[seat], kept=state.taken_from_gardeners(seat),
                        squares=state.occupied_squares(seat), gardeners=len(state.gardeners(seat)),
                        to_move=not self.over and state.player == seat,
                        winner=self.over and state.winner == seat, at_bottom=at_bottom)

    def _cards(self, seat: int, at_bottom: bool) -> tuple[CardFace, ...]:
        state = self.state
        o = self.orientation()
        used = set(state.used_cards(seat))
        available = state.available_cards(seat)
        choosing = self.human_turn() and state.phase == CHOOSING_CARD and state.player == seat
        mine = not self.over and state.player == seat
        hinted = self.hint.card if self.hint is not None and self.hint.kind == CARD and mine else 0
        faces = []
        for card in state.cards():
            n = card.number
            outcome = ""
            if choosing and n not in used:
                consequence = state.consequence(TheReclamationAction.use_card(n))
                outcome = consequence.kind if consequence is not None else ""
            faces.append(CardFace(
                seat=seat, number=n, name=_(card.side(state.rules).name), rules=state.rules,
                steps=card_steps(state, seat, n, o), owner_at_bottom=at_bottom, used=n in used,
                selected=choosing and n == self.selected_card, hinted=n == hinted,
                useless=choosing and n not in used and not state.changes_anything(n),
                last=mine and len(available) == 1 and n in available, outcome=outcome))
        return tuple(faces)

    def _caption(self, seat: int) -> str:
        left = len(self.state.available_cards(seat))
        return _("{side}'s cards ({player}): {count} in hand").format(side=faction(seat), player=self.role(seat),
                                                                      count=left)

    def _last_changed(self) -> tuple[Cell, ...]:
        """The squares the latest finished Reclamation changed."""
        for log in reversed(self.turns):
            if log.card:
                return tuple(sorted({cell for _kind, cell in log.changes}))
        return ()

    def _last_move(self) -> tuple[Cell, Cell, int] | None:
        if not self.turns or self.turns[-1].move is None:
            return None
        log = self.turns[-1]
        assert log.move is not None
        return log.move[0], log.move[1], log.seat

    def story_cells(self) -> list[Cell]:
        """The squares that explain the end: the winner's squares (Garden), the
        hemmed-in or useless Gardener, or what the last Reclamation changed."""
        state = self.state
        story = self.story()
        if story.kind == "squares" and story.winner is not None:
            return [cell for cell, (owner, _) in state.stacks().items() if owner == story.winner]
        if story.kind == "no-move":
            return state.gardeners(state.player)
        if story.kind == "no-card" and state.active >= 0:
            return [divmod(state.active, SIZE)]
        if story.kind in ("no-gardener", "taken"):
            return list(self._last_changed())
        return []

    # --- words --------------------------------------------------------------------------
    def turn_label(self) -> str:
        if self.over:
            return _("Game over")
        return _("Turn {turn}").format(turn=self.state.turn)

    def _instruction(self) -> str:
        state = self.state
        if self.over:
            story = self.story()
            return _("{headline}. {why}").format(headline=story.headline, why=story.why)
        seat = state.player
        name = faction(seat)
        if not self.is_human(seat):
            return _("{side} ({player}) is thinking...").format(side=name, player=self.role(seat))
        text = self._instruction_text(seat)
        if self.against_ai() or not text:
            return text
        return _("{name} ({side}): {instruction}").format(name=self.seats[seat].name, side=name, instruction=text)

    def _instruction_text(self, seat: int) -> str:
        """What the player to act does now (without the player's name)."""
        state = self.state
        if state.phase == MOVING:
            movable = self.movable_gardeners()
            if len(movable) > 1 and self.acting_gardener() is None:
                return _("choose the Gardener that acts this turn: click one of your ringed "
                         "Gardeners (stacks of three with a crown).")
            if len(movable) > 1:
                return _("move your Gardener: click a green dot, a neighbouring square with no stone on it. "
                         "Or click another ringed Gardener.")
            return _("move your Gardener: click a green dot, a neighbouring square with no stone on it.")
        if state.phase == CHOOSING_CARD:
            n = self.selected_card
            if not n:
                return _("choose a card for the Reclamation: click one of your cards (or press "
                         "1-4) and the board shows what each of its squares would become.")
            card = state.cards()[n - 1].side(state.rules)
            why = state.why_illegal(TheReclamationAction.use_card(n))
            if why:
                return _("card {number} ({name}) cannot be used: {reason}. Choose another card.").format(
                    number=n, name=_(card.name), reason=why)
            what = summarise_preview(self.preview(), state.hand(seat))
            return self._with_warning(
                _("card {number} ({name}) {effects}. Click it again, press Enter or use Reclaim to "
                  "play it; click another card to compare.").format(number=n, name=_(card.name), effects=what),
                TheReclamationAction.use_card(n))
        if state.phase == FILLING:
            hand = state.hand(seat)
            pending = len(state.pending)
            if state.step == 1:
                text = ngettext("your hand is short: {count} stone for {squares} squares. Click the amber squares "
                                "to stack on, one stone each.",
                                "your hand is short: {count} stones for {squares} squares. Click the amber squares "
                                "to stack on, one stone each.", hand)
            else:
                text = ngettext("your hand is short: {count} stone for {squares} squares. Click the amber squares "
                                "to place on, one stone each.",
                                "your hand is short: {count} stones for {squares} squares. Click the amber squares "
                                "to place on, one stone each.", hand)
            return text.format(count=hand, squares=pending)
        return ""

    def log_lines(self) -> list[str]:
        return [t.summary(faction(t.seat)) for t in self.turns]

    # --- view events --------------------------------------------------------------------
    def hover_cell(self, r: int, c: int) -> None:
        self.keyboard = False
        self.pointer = (r, c)
        self._describe((r, c))

    def leave(self) -> None:
        if self.hover_card:
            self.hover_card = 0
            self.view_changed()

    def hover_card_id(self, item_id: str) -> None:
        seat, n = _parse_card_id(item_id)
        state = self.state
        if not (self.human_turn() and state.phase == CHOOSING_CARD and seat == state.player):
            if self.hover_card:
                self.hover_card = 0
                self.view_changed()
            return
        if n in state.used_cards(seat):
            self.message.emit(_("Card {number} is used: it comes back after your last card is played.").format(
                number=n), 0)
            return
        if self.selected_card:
            return
        if n != self.hover_card:
            self.hover_card = n
            marks = self.preview()
            card = state.cards()[n - 1].side(state.rules)
            self.message.emit(self._with_warning(_("Card {number} ({name}) {effects}. Click to choose it.").format(
                number=n, name=_(card.name), effects=summarise_preview(marks, state.hand(seat))),
                TheReclamationAction.use_card(n)), 0)
            self.view_changed()

    def move_cursor(self, down: int, right: int) -> None:
        o = self.orientation()
        sr, sc = o.screen(self.pointer)
        sr = min(max(sr + down, 0), SIZE - 1)
        sc = min(max(sc + right, 0), SIZE - 1)
        self.pointer = o.game((sr, sc))
        self.keyboard = True
        self._describe(self.pointer)
        self.view_changed()

    def _cannot_click(self) -> bool:
        """Say why a click does nothing now (the game is over, or not your turn)."""
        if self.over:
            self.message.emit(_("The game is over."), 3000)
            return True
        if not self.human_turn():
            player = self.state.player
            self.message.emit(_("Please wait: {side} ({player}) is playing.").format(
                side=faction(player), player=self.role(player)), 3000)
            return True
        return False

    def click_cell(self, r: int, c: int) -> bool:
        cell = (r, c)
        self.pointer = cell
        state = self.state
        if self._cannot_click():
            return False
        if state.phase == MOVING:
            movable = self.movable_gardeners()
            owner, height = state.stack(cell)
            if owner == state.player and height == 3:
                if cell not in movable:
                    self.message.emit(_("The Gardener on {square} is hemmed in: every neighbouring square holds "
                                        "stones. Choose another Gardener.").format(square=cell_name(cell)), 5000)
                    return False
                self.selected_gardener = cell
                self.message.emit(_("Gardener on {square} chosen: click a green dot to move it.").format(
                    square=cell_name(cell)), 4000)
                self.view_changed()
                return False
            acting = self.acting_gardener()
            if acting is None:
                self.message.emit(_("First click the Gardener that acts this turn (one of your ringed stacks of "
                                    "three)."), 5000)
                return False
            return self.act(TheReclamationAction.move(acting, cell))
        if state.phase == CHOOSING_CARD:
            marks = {p.cell: p for p in self.preview()}
            if cell in marks:
                self.message.emit(_("{effect} Click the card again to reclaim.").format(
                    effect=describe_target(marks[cell])), 6000)
            elif self.selected_card:
                self.message.emit(_("Card {number} does not reach {square}. Click the card again to reclaim, or "
                                    "choose another card.").format(number=self.selected_card,
                                                                   square=cell_name(cell)), 5000)
            else:
                self.message.emit(_("Your Gardener has moved. Now choose a card: click one of your cards "
                                    "(or press 1-4)."), 5000)
            return False
        if state.phase == FILLING:
            return self.act(TheReclamationAction.fill(cell))
        return False

    def click_card_id(self, item_id: str) -> bool:
        seat, n = _parse_card_id(item_id)
        return self.click_card(seat, n)

    def click_card(self, seat: int, n: int) -> bool:
        state = self.state
        if self._cannot_click():
            return False
        if seat != state.player:
            self.refuse(_("That card is {side}'s: you play with {own}'s cards.").format(
                side=faction(seat), own=faction(state.player)), 5000)
            return False
        action = TheReclamationAction.use_card(n)
        if state.phase != CHOOSING_CARD or n in state.used_cards(seat):
            self._explain(state.why_illegal(action))
            return False
        if n == self.selected_card:
            return self.act(action)
        self.selected_card = n
        self.hover_card = 0
        why = state.why_illegal(action)
        card = state.cards()[n - 1].side(state.rules)
        if why:
            self._explain(why)
        else:
            self.message.emit(self._with_warning(
                _("Card {number} ({name}) {effects}. Click it again (or press Enter) to reclaim.").format(
                    number=n, name=_(card.name), effects=summarise_preview(self.preview(), state.hand(seat))),
                action), 0)
        self.view_changed()
        return False

    def press_card_key(self, n: int) -> bool:
        if not self.human_turn():
            return False
        return self.click_card(self.state.player, n)

    def confirm(self) -> bool:
        """Enter: play the chosen card; on the board, act on the cursor's square."""
        state = self.state
        if not self.human_turn():
            return False
        if state.phase == CHOOSING_CARD:
            if not self.selected_card:
                self.message.emit(_("Choose a card first: click one of your cards or press 1-4."), 4000)
                return False
            return self.act(TheReclamationAction.use_card(self.selected_card))
        return self.click_cell(*self.pointer)

    def cancel(self) -> None:
        if self.selected_card:
            self.selected_card = 0
            self.message.emit(_("No card chosen."), 2000)
        elif self.selected_gardener is not None and len(self.movable_gardeners()) > 1:
            self.selected_gardener = None
        else:
            return
        self.view_changed()

    def flip(self) -> None:
        self.flipped = not self.flipped
        self.view_changed()

    def _describe(self, cell: Cell) -> None:
        state = self.state
        if not self.human_turn():
            return
        text = ""
        if state.phase == MOVING:
            acting = self.acting_gardener()
            owner, height = state.stack(cell)
            if owner == state.player and height == 3 and len(self.movable_gardeners()) > 1:
                text = _("{square}: your Gardener. Click to let it act this turn.").format(square=cell_name(cell))
            elif acting is not None and cell != acting:
                move = TheReclamationAction.move(acting, cell)
                why = state.why_illegal(move)
                text = (_("{square}: {reason}.").format(square=cell_name(cell), reason=why) if why
                        else self._with_warning(_("{square}: click to move your Gardener here from {start}.").format(
                            square=cell_name(cell), start=cell_name(acting)), move))
        elif state.phase == CHOOSING_CARD:
            marks = {p.cell: p for p in self.preview()}
            if cell in marks:
                text = describe_target(marks[cell])
        elif state.phase == FILLING:
            fill = TheReclamationAction.fill(cell)
            why = state.why_illegal(fill)
            text = (_("{square}: {reason}.").format(square=cell_name(cell), reason=why) if why
                    else self._with_warning(_("{square}: click to put a stone here.").format(square=cell_name(cell)),
                                            fill))
        if text:
            self.message.emit(text, 0)

    def _explain(self, why: str) -> None:
        if why:
            self.message.emit(sentence(why), 6000)

    # --- after every operation on the match -----------------------------------------------
    def _on_changes(self, changes: Changes) -> None:
        state = self.state
        self.selected_card = 0
        self.hover_card = 0
        if changes.kind != ACT:  # a take back, a put back, a jump: note the line again
            self.selected_gardener = None
            self._note_all()
            return
        step = self.match.line[changes.start]
        action = state.history[-1]
        assert isinstance(action, TheReclamationAction)
        self._note(state, step.seat, step.turn, action)  # type: ignore[arg-type]
        if action.kind == MOVE:
            self.selected_gardener = None
        turn_over = self.over or state.player != step.seat
        if turn_over and not self.is_human(step.seat):
            self.message.emit(_("{side} played {turn}.").format(side=faction(step.seat), turn=self.turns[-1].what()),
                              8000)
        elif self.is_human(step.seat):
            self.message.emit("", 0)

    # --- take back ----------------------------------------------------------------------------
    def _took_back_text(self, changes: Changes) -> str:
        if self._computer_in(changes):
            return _("Took back your last turn and the AI's reply.")
        return _("Took back the last turn.")

    def _cannot_undo_text(self) -> str:
        return _("Nothing to take back yet.")

    def _show_hint(self, action: TheReclamationAction) -> None:
        self.hint = action
        self.message.emit(self.hint_text(), 0)
        if action.kind == MOVE:
            self.selected_gardener = action.cell
        self.view_changed()

    def hint_text(self) -> str:
        return _("Hint: {advice}").format(advice=self.describe(self.hint)) if self.hint is not None else ""

    def hint_cells(self) -> list[Cell]:
        a = self.hint
        if a is None:
            return []
        if a.kind == MOVE and a.to is not None:
            return [a.to]
        if a.kind == FILL and a.cell is not None:
            return [a.cell]
        return []

    def describe(self, action: TheReclamationAction) -> str:
        state = self.state
        if action.kind == MOVE and action.cell is not None and action.to is not None:
            return _("move the Gardener from {start} to {to} (marked blue).").format(
                start=cell_name(action.cell), to=cell_name(action.to))
        if action.kind == CARD:
            card = state.cards()[action.card - 1].side(state.rules)
            return _("reclaim with card {number} ({name}), outlined blue.").format(number=action.card,
                                                                                  name=_(card.name))
        if action.cell is not None:
            return _("put the stone on {square} (marked blue).").format(square=cell_name(action.cell))

        return str(action)


def _parse_card_id(item_id: str) -> tuple[int, int]:
    kind, seat, number = item_id.split(":")
    assert kind == "card"
    return int(seat), int(number)
