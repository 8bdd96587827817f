"""The match: one game in progress, written once for every game.

A :class:`Match` holds a game record (the seats, the seed, the options and the
line of actions) and a cursor into it: the position shown is the record
replayed up to the cursor. Everything a table, the command line, a test or a
review does to a game in progress goes through it:

- :meth:`Match.act` validates an action, applies it and returns the
  :class:`Changes` it made (which seats acted, the places touched, where the log
  grew, whether the game ended), the way Anki's operations report what they
  changed, so a view redraws only what a change names;
- :meth:`Match.undo` takes back, :meth:`Match.redo` puts back what was taken
  back; what may be taken back is one rule over the record, driven by what each
  game declares as data (:attr:`GameState.take_back_unit`,
  :meth:`GameState.turn_key`, :meth:`GameState.seen_key`): a take back removes
  the asking person's latest turn (or step) and the computer's replies after
  it, never another person's action, and never goes back past something the
  table has been shown (a card turned up, a hidden choice revealed), nor out of
  a finished game unless the game allows it;
- :meth:`Match.jump` moves the cursor to any point of the record (a review
  walks the record this way; acting from there drops what lay beyond).

The match knows no screen: the Qt adaptor in ``reclaimdesk/ui/board`` adds the
autosave, the AI seats' pacing, hints and the signal carrying each change.

>>> from reclaimdesk.core.game import all_games
>>> spec = all_games()[0]
>>> m = Match.new(spec, [{"name": "A", "kind": "human"}] * spec.min_players, seed=7)
>>> first = m.state.legal_actions()[0]
>>> m.act(first).kind, m.cursor
('act', 1)
>>> m.can_undo(), m.undo().kind, m.cursor, m.can_redo()
(True, 'undo', 0, True)
>>> m.redo().end, m.state.history == [first]
(1, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reclaimdesk.core.errors import IllegalActionError
from reclaimdesk.core.game import GameSpec, GameState, get_game
from reclaimdesk.core.record import GameRecord

ACT, UNDO, REDO, JUMP, LOAD = "act", "undo", "redo", "jump", "load"


@dataclass(frozen=True)
class Changes:
    """What one operation on a match changed.

    ``start`` and ``end`` are the cursor before and after: actions
    ``start..end`` were added (``end > start``) or ``end..start`` removed.
    ``rebuilt`` says the position was rebuilt from the record (a take back or a
    jump): a view redraws everything. ``places`` are the cells, hexes or cards the
    added actions touched, as the game reports them
    (:meth:`GameState.touched_places`); empty when the game reports none or the
    position was rebuilt."""

    kind: str
    start: int
    end: int
    seats: frozenset[int] = frozenset()
    places: tuple[Hashable, ...] = ()
    rebuilt: bool = False
    ended: bool = False
    """The game reached its end with this change."""

    @property
    def added(self) -> range:
        """Indices of the actions this change added to the played line."""
        return range(self.start, self.end) if self.end > self.start else range(0)

    @property
    def removed(self) -> range:
        """Indices of the actions this change took off the played line."""
        return range(self.end, self.start) if self.start > self.end else range(0)

    @property
    def log_from(self) -> int:
        """The first action index whose log line is new or gone."""
        return min(self.start, self.end)

    @property
    def nothing(self) -> bool:
        return self.start == self.end and not self.rebuilt


@dataclass(frozen=True)
class Step:
    """One action of the line, with what the match needs to know about it."""

    index: int
    seat: int
    text: str
    turn: Hashable
    """The game's :meth:`GameState.turn_key` before the action."""
    seen: Hashable
    """The game's :meth:`GameState.seen_key` before the action."""


@dataclass
class _Redo:
    start: int
    end: int


@dataclass
class Match:
    """A game record and a cursor into it (see the module's text)."""

    spec: GameSpec
    players: list[dict[str, Any]]
    state: GameState
    line: list[Step] = field(default_factory=list)
    """Every action of the record, also those beyond the cursor (what redo or a
    jump forward replays)."""
    created: str = ""
    played_on_from: int | None = None
    """The record's mark of a game played on from a review (kept in its records)."""
    _redo: list[_Redo] = field(default_factory=list)
    _start: GameState | None = None

    # --- building ----------------------------------------------------------
    @classmethod
    def new(cls, spec: GameSpec | str, players: Sequence[Mapping[str, Any]], seed: int,
            options: Mapping[str, Any] | None = None) -> "Match":
        spec = get_game(spec) if isinstance(spec, str) else spec
        state = spec.new_game(len(players), seed, dict(options or {}))
        match = cls(spec, [dict(p) for p in players], state)
        match._start = state.clone()
        return match

    @classmethod
    def from_record(cls, record: GameRecord, upto: int | None = None) -> "Match":
        """The match of ``record`` with its cursor after its first ``upto``
        actions (all of them when None); the actions beyond stay in the line, to
        be put back with :meth:`jump`. Raises what :meth:`GameRecord.replay`
        raises for a record that breaks the rules."""
        spec = get_game(record.game)
        state = record.new_state()
        record.check_data_versions(state)
        match = cls(spec, [dict(p) for p in record.players], state, created=record.created,
                    played_on_from=record.played_on_from)
        match._start = state.clone()
        match._extend(record.actions)
        if upto is None:
            record.check_result(match.state)
        else:
            match._replay_to(max(0, min(upto, len(match.line))))
        return match

    def _extend(self, texts: Sequence[str]) -> None:
        """Apply ``texts`` at the cursor (which is the line's end), noting each step;
        errors are the record's (:class:`ReplayError` naming the action)."""
        from reclaimdesk.core.errors import NotationError, ReplayError
        from reclaimdesk.core.files import quote

        for text in texts:
            index = len(self.line)
            try:
                self._push(self.state.parse_action(text))
            except IllegalActionError as exc:
                raise ReplayError(index + 1, _illegal(text, exc.reason, quote)) from None
            except NotationError as exc:
                raise ReplayError(index + 1, str(exc)) from None

    # --- what it holds -----------------------------------------------------
    @property
    def cursor(self) -> int:
        """How many actions of the line the position shown has applied."""
        return len(self.state.history)

    @property
    def length(self) -> int:
        """How many actions the line holds (beyond the cursor too)."""
        return len(self.line)

    @property
    def seed(self) -> int:
        return self.state.seed

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.players) and str(self.players[seat].get("kind", "human")) != "ai"

    def human_seats(self) -> list[int]:
        return [i for i in range(len(self.players)) if self.is_human(i)]

    def steps(self) -> list[Step]:
        """The steps up to the cursor (the played line)."""
        return self.line[: self.cursor]

    def actions(self) -> list[str]:
        """The played line in the game's notation."""
        return [s.text for s in self.steps()]

    def record(self) -> GameRecord:
        """The record of the position shown: the line up to the cursor (the
        result once the game is over)."""
        rec = self.state.to_record([dict(p) for p in self.players])
        if self.created:
            rec.created = self.created
        else:
            self.created = rec.created
        rec.played_on_from = self.played_on_from
        return rec

    def state_at(self, upto: int) -> GameState:
        """A copy of the position after the line's first ``upto`` actions."""
        upto = max(0, min(upto, self.length))
        if upto >= self.cursor:
            state = self.state.clone()
            first = self.cursor
        else:
            state = self._initial()
            first = 0
        for step in self.line[first:upto]:
            state.apply(state.parse_action(step.text))
        return state

    # --- acting ------------------------------------------------------------
    def act(self, action: Hashable) -> Changes:
        """Validate and apply ``action`` at the cursor (raises
        :class:`IllegalActionError` naming the reason; nothing changes then).
        What lay beyond the cursor is dropped unless ``action`` is the line's
        next action, which then simply moves the cursor on."""
        why = self.state.why_illegal(action)
        if why:
            raise IllegalActionError(action, why)
        start = self.cursor
        seat = self.state.current_player
        if start < self.length and self.line[start].text == self.state.action_to_str(action):
            self.state.apply(action)  # the line's own next action: what lies beyond stays
        else:
            del self.line[start:]
            self._push(action)
        self._redo.clear()
        return Changes(ACT, start, self.cursor, frozenset({seat}), tuple(self.state.touched_places()),
                       ended=self.state.is_terminal())

    def _push(self, action: Hashable) -> None:
        state = self.state
        step = Step(len(state.history), state.current_player, state.action_to_str(action),
                    state.turn_key(), state.seen_key())
        state.apply(action)
        self.line.append(step)

    # --- taking back -------------------------------------------------------
    def asker(self) -> int | None:
        """Who a take back is for: the person who acted last (at one computer,
        the one who says "wait, take that back"); None before anyone has."""
        for step in reversed(self.steps()):
            if self.is_human(step.seat):
                return step.seat
        return None

    def undo_target(self, asker: int | None = None, *, whole_turn: bool = False) -> int | None:
        """Where a take back for ``asker`` (default :meth:`asker`) returns the
        cursor to, or None when nothing may be taken back. One rule for every
        game: the asker's latest turn (``take_back_unit == "turn"`` or
        ``whole_turn``) or latest action, with the computer's actions after it;
        never another person's action, never past a change of what the table has
        seen (:meth:`GameState.seen_key`), never out of a finished game (unless
        it declares :attr:`GameState.take_back_after_end`), and in a game
        whose turns are private (:attr:`GameState.private_turns`) not once
        another person is to play."""
        asker = self.asker() if asker is None else asker
        state = self.state
        if asker is None or not self.is_human(asker):
            return None
        if state.is_terminal() and not state.take_back_after_end:
            return None
        now = state.current_player
        if state.private_turns and now != asker and self.is_human(now):
            return None
        turn_unit = whole_turn or state.take_back_unit == "turn"
        seen = state.seen_key()
        steps = self.steps()
        found: int | None = None
        for i in range(len(steps) - 1, -1, -1):
            step = steps[i]
            if step.seen != seen or (step.seat != asker and self.is_human(step.seat)):
                break
            if step.seat != asker:
                if found is not None:
                    break  # a computer's action before the asker's turn began
                continue
            if not turn_unit:
                return i
            found = i
            if i == 0 or steps[i - 1].turn != step.turn or steps[i - 1].seat != asker:
                break
        return found

    def can_undo(self, asker: int | None = None) -> bool:
        return self.undo_target(asker) is not None

    def undo(self, asker: int | None = None, *, whole_turn: bool = False) -> Changes:
        """Take back (see :meth:`undo_target`); what was taken back can be put
        back with :meth:`redo` until another action is played. Nothing changes
        (an empty :class:`Changes`) when nothing may be taken back."""
        start = self.cursor
        target = self.undo_target(asker, whole_turn=whole_turn)
        if target is None:
            return Changes(UNDO, start, start)
        seats = frozenset(s.seat for s in self.line[target:start])
        self._replay_to(target)
        self._redo.append(_Redo(target, start))
        return Changes(UNDO, start, target, seats, rebuilt=True)

    def can_redo(self) -> bool:
        return bool(self._redo) and self._redo[-1].start == self.cursor and not self.state.is_terminal()

    def redo(self) -> Changes:
        """Put back the latest take back (its actions are checked again)."""
        start = self.cursor
        if not self.can_redo():
            return Changes(REDO, start, start)
        entry = self._redo.pop()
        seats: set[int] = set()
        places: list[Hashable] = []
        for step in self.line[entry.start:entry.end]:
            action = self.state.parse_action(step.text)
            if self.state.why_illegal(action):  # cannot happen with a line the rules made
                break
            seats.add(self.state.current_player)
            self.state.apply(action)
            places.extend(self.state.touched_places())
        return Changes(REDO, start, self.cursor, frozenset(seats), tuple(places), ended=self.state.is_terminal())

    # --- moving the cursor -------------------------------------------------
    def jump(self, upto: int) -> Changes:
        """Show the position after the line's first ``upto`` actions (clamped to
        the line); the line stays whole, so a jump forward is possible too."""
        start = self.cursor
        upto = max(0, min(upto, self.length))
        if upto == start:
            return Changes(JUMP, start, start)
        seats = frozenset(s.seat for s in self.line[min(start, upto):max(start, upto)])
        self._replay_to(upto)
        self._redo.clear()
        return Changes(JUMP, start, upto, seats, rebuilt=True, ended=self.state.is_terminal())

    def _initial(self) -> GameState:
        if self._start is None:
            self._start = self.spec.new_game(len(self.players), self.state.seed, self.state.options)
        return self._start.clone()

    def _replay_to(self, upto: int) -> None:
        if upto < self.cursor:
            self.state = self._initial()
        for step in self.line[self.cursor:upto]:
            self.state.apply(self.state.parse_action(step.text))


def _illegal(text: str, reason: str, quote: Any) -> str:
    from reclaimdesk.core.i18n import _

    return _("{text} is illegal: {reason}").format(text=quote(text), reason=reason)
