"""WarsController: owns a game of Reclamation Wars and turns what the player
points at into engine actions.

The view emits hexes (and whether Shift was held); the panel asks for a turn
type (Void Maker, Special Neutralizer), Lockdown, ending a demolisher turn,
take back and a hint. Every action is checked with ``why_illegal`` before it is
applied, so a refused click explains itself. The game in progress, take back and
put back, the autosave and the AI seats are the base adaptor's
(:class:`reclaimdesk.ui.board.controller.GameController`); what may be taken back
is declared by the rules (:class:`ReclamationWarsState`'s ``take_back_unit``,
``turn_key``, ``take_back_after_end``).

A click on the board does what the hex allows in the turn type chosen: a
neutral hex is reclaimed; a hex of yours next to your demolisher is stepped on;
an enemy hex next to it is demolished, an enemy demolisher next to it is
destroyed (where both are possible, Shift+click picks the other one). With Void
Maker or Special Neutralizer chosen, a click removes or strips the hex instead.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from reclaimdesk.core.hexgrid import Hex
from reclaimdesk.core.i18n import _, pgettext
from reclaimdesk.core.match import ACT, Changes
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.reclamation_wars import actions as A
from reclaimdesk.games.reclamation_wars.actions import WarsAction
from reclaimdesk.games.reclamation_wars.components import LOCKDOWN, NEUTRALIZER, VOID
from reclaimdesk.games.reclamation_wars.state import NEUTRAL, REMOVED, TURNS_PER_PLAYER
from reclaimdesk.ui.board.controller import GameController
from reclaimdesk.ui.reclamation_wars.model import (
    SEATS,
    BoardView,
    HoverView,
    colour_name,
    demolisher_before,
    demolisher_views,
    hex_views,
    special_name,
    trail_of,
    turn_text,
)
from reclaimdesk.ui.text import breakable, level_word, names_list, sentence

GAME_ID = "reclamation-wars"
PLAY, VOIDING, NEUTRALIZING = "play", "void", "neutralize"
"""Turn types chosen in the panel: reclaim or demolisher (the board decides), Void Maker, Special Neutralizer."""

CLICK_ORDER = (A.RECLAIM, A.STEP, A.DESTROY, A.DEMOLISH)
"""Which action a plain click picks where a hex allows several (Shift+click: the next one)."""
def hover_word(kind: str) -> str:
    """The hover tag's word for an action kind, in the current language."""
    words = {
        A.RECLAIM: pgettext("reclamation wars hover tag", "Reclaim"),
        A.STEP: pgettext("reclamation wars hover tag", "Step"),
        A.DEMOLISH: pgettext("reclamation wars hover tag", "Demolish"),
        A.DESTROY: pgettext("reclamation wars hover tag", "Destroy"),
        A.VOID: pgettext("reclamation wars hover tag", "Void"),
        A.NEUTRALIZE: pgettext("reclamation wars hover tag", "Neutralise"),
    }
    return words.get(kind, kind)


class WarsController(GameController):
    """``changed``: the game (with its :class:`Changes`) or only the view (a
    hover, the keyboard cursor, the choice of turn type, a hint) changed."""

    game_id = GAME_ID
    game_name = "Reclamation Wars"
    seat_count = 3
    ai_pause_ms = 450
    ai_pause_every_action = True
    hint: WarsAction | None

    def __init__(self, record: GameRecord, *, autosave: Any = None, parent: QObject | None = None,
                 upto: int | None = None) -> None:
        super().__init__(record, autosave=autosave, parent=parent, upto=upto)
        self.mode = PLAY
        self.hovered: Hex | None = None
        self.shift = False
        self.keyboard = False
        self.pointer: Hex = (0, 0)
        humans = self.human_seats()
        if humans:
            home = self.state.demolisher_hex(humans[0])
            self.pointer = home if home is not None else (0, 0)

    # --- who -----------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """The seat to play (or the last one, once the game is over)."""
        cp = self.state.current_player
        return cp if cp >= 0 else (self.state.turns[-1].seat if self.state.turns else 0)

    def against_ai(self) -> bool:
        return len(self.human_seats()) == 1

    def role(self, seat: int) -> str:
        """'you', 'AI, hard', or the person's name."""
        s = self.seats[seat]
        if s.kind == "ai":
            return _("{level} AI").format(level=level_word(s.level or "normal"))
        if self.against_ai():
            return _("you")
        return s.name

    def seat_title(self, seat: int) -> str:
        """'Red (you)', 'Blue (AI, hard)', 'Yellow (Ann)'."""
        return _("{colour} ({who})").format(colour=colour_name(seat), who=self.role(seat))

    # --- the board's data ------------------------------------------------------------
    def counts(self) -> list[int]:
        return self.state.counts()

    def click_actions(self, h: Hex) -> list[WarsAction]:
        """The legal actions a click on ``h`` may make now, the plain click's first."""
        if not self.human_turn():
            return []
        acts = self.state.actions_at(h)
        if self.mode == VOIDING:
            return [a for a in acts if a.kind == A.VOID]
        if self.mode == NEUTRALIZING:
            return [a for a in acts if a.kind == A.NEUTRALIZE]
        return sorted((a for a in acts if a.kind in CLICK_ORDER), key=lambda a: CLICK_ORDER.index(a.kind))

    def click_action(self, h: Hex, shift: bool = False) -> WarsAction | None:
        acts = self.click_actions(h)
        if not acts:
            return None
        return acts[1] if shift and len(acts) > 1 else acts[0]

    def targets(self) -> tuple[Hex, ...]:
        """Every hex where a click does something now."""
        if not self.human_turn():
            return ()
        kinds = {PLAY: CLICK_ORDER, VOIDING: (A.VOID,), NEUTRALIZING: (A.NEUTRALIZE,)}[self.mode]
        return tuple(sorted({a.hex for a in self.state.legal_actions()
                             if a.hex is not None and a.kind in kinds}))

    def why_not(self, h: Hex) -> str:
        """Why a click on ``h`` does nothing now (a sentence), or ''."""
        state = self.state
        if self.over:
            return _("The game is over.")
        if not self.human_turn():
            return _("Please wait: {player} is playing.").format(player=self.seat_title(self.seat))
        seat = state.current_player
        if self.mode == VOIDING:
            return sentence(by_colour(state.why_illegal(WarsAction(A.VOID, h))))
        if self.mode == NEUTRALIZING:
            return sentence(by_colour(state.why_illegal(WarsAction(A.NEUTRALIZE, h))))
        o = state.owner_of(h)
        mine = state.demolisher_hex(seat)
        near = mine is not None and h in set(state.geo.board.neighbours(mine))
        enemy_demolisher = any(state.demolisher_hex(s) == h for s in range(SEATS) if s != seat)
        if h == mine:
            return _("Your demolisher stands here: click a neighbouring hex of yours to step, or an enemy hex to "
                     "demolish.")
        if state.moves_used and o in (NEUTRAL, REMOVED):
            kind = A.STEP
        elif o == NEUTRAL or o == REMOVED:
            kind = A.RECLAIM
        elif o == seat:
            kind = A.STEP if near else A.RECLAIM
        elif enemy_demolisher and near:
            kind = A.DESTROY
        else:
            kind = A.DEMOLISH
        return sentence(by_colour(state.why_illegal(WarsAction(kind, h))))

    def describe_hex(self, h: Hex) -> str:
        """What stands on ``h``: its owner, a special hex's power, hits, bans."""
        state = self.state
        parts = [state.geo.label(h)]
        o = state.owner_of(h)
        if o == REMOVED:
            parts.append(_("removed from the game"))
        elif o >= 0:
            parts.append(_("held by {player}").format(player=colour_name(o)))
        powers = state.special_hexes()
        if h in powers:
            parts.append(_("{special} hex").format(special=special_name(powers[h])))
        elif h in state.stripped_hexes():
            parts.append(_("was {special}, its power is gone").format(special=special_name(state.stripped_hexes()[h])))
        hits = state.hits_on(h)
        if hits:
            parts.append(_("hit once (Fortified)"))
        blocked = state.blocked_hexes().get(h)
        if blocked is not None:
            parts.append(_("nobody may reclaim it before {player}'s next turn").format(player=colour_name(blocked)))
        return _(", ").join(parts)

    def describe(self, action: WarsAction) -> str:
        """The engine's sentence for what ``action`` would do, naming seats by colour."""
        return by_colour(self.state.describe_action(action))

    def hover_view(self) -> HoverView | None:
        h = self.hovered if not self.keyboard else self.pointer
        if h is None or not self.human_turn():
            return None
        action = self.click_action(h, self.shift)
        if action is None:
            return HoverView(h, False, pgettext("reclamation wars hover tag", "Not allowed"), self.seat)
        return HoverView(h, True, self.action_label(action), self.seat)

    def action_label(self, action: WarsAction) -> str:
        """The hover tag's word; a demolish says whether it only hits (Fortified) or takes the hex."""
        if action.kind == A.DEMOLISH and action.hex is not None:
            state = self.state
            after = state.child(action)
            owner = after.owner_of(action.hex)
            if owner == state.owner_of(action.hex):
                return pgettext("reclamation wars hover tag", "Hit (1 of 2)")
            if owner == state.current_player:
                return pgettext("reclamation wars hover tag", "Demolish + take")
        return hover_word(action.kind)

    def board_view(self) -> BoardView:
        state = self.state
        trails = []
        seen: set[int] = set()
        for k in range(len(state.turns) - 1, -1, -1):
            entry = state.turns[k]
            if entry.seat in seen:
                continue
            seen.add(entry.seat)
            if self.human_turn() and entry.seat == state.current_player:
                continue                       # your own last turn needs no reminder
            start = demolisher_before(state, k) if entry.kind == "demolisher" else None
            trails.append(trail_of(entry, start))
            if len(seen) == SEATS:
                break
        extra: dict[str, tuple[Hex, ...]] = {}
        winners: tuple[int, ...] = ()
        if self.over:
            winners = tuple(self.state.winners())
            extra["win"] = tuple(h for h in state.geo.hexes if state.owner_of(h) in winners)
        selected = state.demolisher_hex(state.current_player) if self.human_turn() and state.moves_used else None
        return BoardView(
            radius=state.geo.spec.radius, hexes=hex_views(state), demolishers=demolisher_views(state),
            targets=self.targets(), target_seat=self.seat, trails=tuple(trails), hover=self.hover_view(),
            hint=self.hint_hexes(), selected=selected, cursor=self.pointer if self.keyboard and self.human_turn()
            else None, winners=winners, extra=extra)

    # --- words --------------------------------------------------------------------------
    def turn_label(self) -> str:
        if self.over:
            return _("Game over")
        seat = self.seat
        return _("Turn {number} of {total}: {player}").format(
            number=min(self.state.turn_number(seat), TURNS_PER_PLAYER), total=TURNS_PER_PLAYER,
            player=self.seat_title(seat))

    def _instruction(self) -> str:
        state = self.state
        if self.over:
            return self.result_text()
        seat = state.current_player
        if not self.is_human(seat):
            return _("{player} is thinking...").format(player=self.seat_title(seat))
        who = "" if self.against_ai() else _("{name}, your turn. ").format(name=self.seats[seat].name)
        if state.moves_used:
            left = state.moves_allowed(seat) - state.moves_used
            return who + _("Your demolisher has {left} more move(s): click a ringed hex next to it, or End "
                           "the demolisher turn.").format(left=left)
        if self.mode == VOIDING:
            return who + _("Void Maker: click a ringed hex next to your territory to take it out of the game "
                           "(the whole turn). Esc goes back.")
        if self.mode == NEUTRALIZING:
            return who + _("Special Neutralizer: click a ringed special hex to strip it of its power (the whole "
                           "turn). Esc goes back.")
        moves = state.moves_allowed(seat)
        if state.demolisher_hex(seat) is None:
            return who + _("Reclaim a neutral hex next to your territory: click a ringed hex. Your demolisher "
                           "is gone.")
        return who + _("Reclaim a neutral hex next to your territory, or use your demolisher ({moves} "
                       "moves): click a ringed hex. Hover a hex to see what a click does.").format(moves=moves)

    def result_text(self) -> str:
        winners = self.state.winners()
        counts = self.counts()
        names = [self.seat_title(s) for s in winners]
        if len(winners) == 1:
            return _("{player} wins with {count} hexes.").format(player=names[0], count=counts[winners[0]])
        return _("{players} share the win with {count} hexes each.").format(players=names_list(names),
                                                                            count=counts[winners[0]])

    def log_lines(self, start: int = 0) -> list[str]:
        """The log's line for every turn played from the ``start``-th on."""
        out = []
        for entry in self.state.turns[start:]:
            out.append(breakable(_("{number}. {player}: {what}").format(
                number=entry.number, player=colour_name(entry.seat), what=turn_text(entry, self.state.geo))))
        return out

    def last_turns(self) -> list[tuple[int, str]]:
        """Each other seat's latest turn, in playing order after the seat to move."""
        out = []
        me = self.seat
        for k in range(1, SEATS + (1 if self.over else 0)):
            seat = (me + k) % SEATS if not self.over else (k - 1)
            entry = self.state.last_turn(seat)
            out.append((seat, turn_text(entry, self.state.geo) if entry is not None else _("has not played yet")))
        return out

    # --- view events --------------------------------------------------------------------
    def hover_hex(self, q: int, r: int, shift: bool = False) -> None:
        self.keyboard = False
        self.hovered = (q, r)
        self.pointer = (q, r)
        self.shift = shift
        self._describe((q, r))
        self.view_changed()

    def leave(self) -> None:
        if self.hovered is not None:
            self.hovered = None
            self.view_changed()

    def _describe(self, h: Hex) -> None:
        where = self.describe_hex(h)
        if not self.human_turn():
            self.message.emit(where, 0)
            return
        acts = self.click_actions(h)
        if not acts:
            self.message.emit(_("{where}. {why}").format(where=where, why=self.why_not(h)), 0)
            return
        action = acts[1] if self.shift and len(acts) > 1 else acts[0]
        text = _("{where}. Click: {what}.").format(where=where, what=self.describe(action))
        if len(acts) > 1:
            other = acts[0] if action is acts[1] else acts[1]
            text += " " + _("Shift+click: {what}.").format(what=self.describe(other))
        self.message.emit(text, 0)

    def move_cursor(self, dq: int, dr: int) -> None:
        h = (self.pointer[0] + dq, self.pointer[1] + dr)
        if h in self.state.geo.index:
            self.pointer = h
        self.keyboard = True
        self._describe(self.pointer)
        self.view_changed()

    def _cannot_click(self) -> bool:
        if self.over:
            self.message.emit(_("The game is over."), 3000)
            return True
        if not self.human_turn():
            self.message.emit(_("Please wait: {player} is playing.").format(player=self.seat_title(self.seat)),
                              3000)
            return True
        return False

    def click_hex(self, q: int, r: int, shift: bool = False) -> bool:
        h = (q, r)
        self.pointer = h
        if self._cannot_click():
            return False
        action = self.click_action(h, shift)
        if action is None:
            self.refuse(self.why_not(h), 6000)
            return False
        return self.act(action)

    def confirm(self) -> bool:
        """Enter: a click on the keyboard cursor's hex."""
        return self.click_hex(*self.pointer, shift=False)

    def choose_mode(self, mode: str) -> None:
        """The panel's turn type: PLAY, VOIDING or NEUTRALIZING (a second press goes back to PLAY)."""
        if self._cannot_click():
            return
        state = self.state
        if mode == self.mode or mode == PLAY:
            self.mode = PLAY
        elif state.moves_used:
            self.message.emit(sentence(by_colour(state.why_illegal(
                WarsAction(A.VOID if mode == VOIDING else A.NEUTRALIZE, (0, 0))))), 5000)
            return
        else:
            kind = VOID if mode == VOIDING else NEUTRALIZER
            if not state.holds(state.current_player, kind):
                self.message.emit(_("You do not hold the {special} hex.").format(special=special_name(kind)), 5000)
                return
            self.mode = mode
        self.view_changed()

    def cancel(self) -> None:
        if self.mode != PLAY:
            self.mode = PLAY
            self.view_changed()

    def lockdown(self) -> bool:
        if self._cannot_click():
            return False
        return self.act(WarsAction(A.LOCKDOWN))

    def end_demolisher_turn(self) -> bool:
        if self._cannot_click():
            return False
        return self.act(WarsAction(A.END))

    def can_lockdown(self) -> bool:
        return self.human_turn() and self.state.why_illegal(WarsAction(A.LOCKDOWN)) == ""

    def lockdown_note(self) -> str:
        """Why Lockdown is not available, when its holder cannot use it yet."""
        state = self.state
        seat = state.current_player
        if seat < 0 or not state.holds(seat, LOCKDOWN):
            return ""
        why = state.why_illegal(WarsAction(A.LOCKDOWN))
        return sentence(by_colour(why)) if why else ""

    def has_mode(self, mode: str) -> bool:
        """Whether the seat to play may use the turn type ``mode`` now."""
        if not self.human_turn() or self.state.moves_used:
            return False
        kind = {VOIDING: A.VOID, NEUTRALIZING: A.NEUTRALIZE}[mode]
        return any(a.kind == kind for a in self.state.legal_actions())

    # --- acting (the base's act, undo, redo; these are the game's own words) ------------
    def _explain(self, why: str) -> None:
        self.message.emit(sentence(by_colour(why)), 6000)

    def _on_changes(self, changes: Changes) -> None:
        """After every operation the turn type goes back to a plain click; a
        computer's finished turn is told in the status line, a person's action
        clears it."""
        self.mode = PLAY
        if changes.kind != ACT:
            return
        step = self.match.steps()[-1]
        if self.is_human(step.seat):
            self.message.emit("", 0)
        elif self.state.turn != step.turn:              # (turn_key is the turn counter) the turn ended
            entry = self.state.turns[step.turn]         # (one entry per turn, skipped ones too)
            self.message.emit(_("{player}: {what}.").format(player=self.seat_title(step.seat),
                                                           what=turn_text(entry, self.state.geo)), 8000)

    def _took_back_text(self, changes: Changes) -> str:
        if self._computer_in(changes):
            return _("Took back your last turn and the AI's replies.")
        return _("Took back the last turn.")

    def _put_back_text(self, changes: Changes) -> str:
        if self._computer_in(changes):
            return _("Put back your last turn and the AI's replies.")
        return _("Put back the last turn.")

    # --- hints ------------------------------------------------------------------------------
    def _show_hint(self, action: WarsAction) -> None:
        self.hint = action
        if action.kind in (A.VOID, A.NEUTRALIZE):
            self.mode = VOIDING if action.kind == A.VOID else NEUTRALIZING
        self.message.emit(self.hint_text(), 0)
        self.view_changed()

    def hint_text(self) -> str:
        return _("Hint: {what} (marked blue).").format(what=self.describe(self.hint)) if self.hint is not None else ""

    def hint_hexes(self) -> tuple[Hex, ...]:
        a = self.hint
        if a is None or a.hex is None:
            return ()
        return (a.hex,)


def by_colour(text: str) -> str:
    """The engine's words about seats ("Player 2") with the colours the table shows
    ("Blue"); both come from the same catalogue, so this holds in every language."""
    from reclaimdesk.games.reclamation_wars.state import seat_name

    for seat in range(SEATS):
        text = text.replace(seat_name(seat), colour_name(seat))
    return text
