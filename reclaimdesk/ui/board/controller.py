"""The match's Qt adaptor: what every game's controller shares.

The game in progress is a :class:`reclaimdesk.core.match.Match` (Qt-free: acting,
taking back, putting back, jumping, with one rule for what may be taken back).
This adaptor adds what needs the event loop: the seats' names and kinds, the
autosave after every change, the computer's seats and the hints on a worker
thread (with the fallback that never lets a failed AI stall a game), the pause
between a computer seat's actions within one turn, and the ``changed`` signal,
which carries the :class:`~reclaimdesk.core.match.Changes` of each operation so
that a table redraws what it names.

A game's controller subclasses :class:`GameController`, sets ``game_id`` (and
``game_name`` to refuse another game's record) and defines the hooks marked with
``game_hook`` (``_instruction``, ``_show_hint``). It keeps its own bookkeeping
(selections, what its log says) in ``_on_changes(changes)``, which runs after
every operation, and may word the take back in ``_took_back_text``. It never
replays a record or keeps an undo list of its own."""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from reclaimdesk.core.i18n import _
from reclaimdesk.core.match import ACT, Changes, Match
from reclaimdesk.core.record import GameRecord
from reclaimdesk.ui.board.hooks import GameHooks, game_hook
from reclaimdesk.ui.workers import Worker

AI_START_MS = 50
"""How long after a change a computer seat starts thinking: time for the table
to draw the change first. A thinking thread takes about half of the interpreter
from the window; started 20 ms after the click, it overlapped Reclaim's
three-seat redraw (25-35 ms of CPU) and doubled it on some moves (64-93 ms
against 15-38; ``reclaimdesk bench --only table_``)."""
VIEW = "view"
"""The kind of a :class:`Changes` that only the view's own state changed (a
selection, the pointer, a hint shown or put away): nothing of the game."""

@dataclass
class Seat:
    given_name: str
    """The name as kept in the record: a role ("You", "Computer") in English, or
    the name a person typed."""
    kind: str = "human"
    level: str = ""

    keep_human_level = True
    """Whether a person's seat keeps a ``level`` the record gives it."""

    @property
    def name(self) -> str:
        """The name as shown: a role in the current language, a typed name as typed."""
        from reclaimdesk.ui.text import shown_name

        return shown_name(self.given_name)

    @classmethod
    def from_dict(cls, d: dict) -> "Seat":
        from reclaimdesk.ui.text import stored_name

        kind = "ai" if str(d.get("kind", "human")) == "ai" else "human"
        level = str(d.get("level", "")) if kind == "ai" or cls.keep_human_level else ""
        return cls(stored_name(str(d.get("name", _("Player")))), kind, level)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"name": self.given_name, "kind": self.kind}
        if self.kind == "ai":
            out["level"] = self.level or "normal"
        return out


def _explaining(explain: Any) -> Any:
    """``explain`` (a controller's ``_explain``) marked as explaining while it runs,
    so what it says is also sent as ``refused``."""
    from functools import wraps

    @wraps(explain)
    def wrapper(self: "GameController", why: str) -> Any:
        self._explaining += 1
        try:
            return explain(self, why)
        finally:
            self._explaining -= 1

    wrapper.explains = True  # type: ignore[attr-defined]
    return wrapper


def get_game(game_id: str) -> Any:
    from reclaimdesk.core.game import get_game as spec

    return spec(game_id)


class GameController(GameHooks, QObject):
    changed = Signal(object)
    """Something to redraw, with the :class:`Changes` saying what: an operation on
    the match (act, undo, redo, jump) or, with kind :data:`VIEW`, the view's own
    state (a selection, the pointer, a hint)."""
    message = Signal(str, int)
    """A line for the status bar and how long to show it (ms, 0 = until replaced)."""
    finished = Signal()
    busyChanged = Signal(bool)
    undoChanged = Signal()
    hintChanged = Signal()
    refused = Signal(str)
    """Why a person's action was refused, in the words the status line got (from
    :meth:`_explain`): the table shows it on the board where the pointer is."""

    game_id = ""
    game_name = ""
    """Set to refuse a record of another game (the name goes in the error)."""
    seat_type: type[Seat] = Seat
    seat_count: int | None = 2
    """How many seats a new game has (None: one per player given)."""
    ai_pause_ms = 0
    """Pause before each action a computer seat takes after another of its own in
    the same turn, so that a person sees its turn unfold (tests set 0)."""
    ai_pause_every_action = False
    """Pause before every computer action, not only within its own turn (a table
    where a person should see each seat's turn land before the next begins)."""
    hint: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("_explain")
        if own is not None and not getattr(own, "explains", False):
            cls._explain = _explaining(own)  # type: ignore[method-assign]

    def __init__(self, record: GameRecord, *, autosave: Any = None, parent: QObject | None = None,
                 upto: int | None = None) -> None:
        if self.game_name and record.game != self.game_id:
            raise ValueError(_("a record of '{game}', not of {name}").format(game=record.game, name=_(self.game_name)))
        super().__init__(parent)
        self.seats = [self.seat_type.from_dict(p) for p in record.players]
        record = GameRecord(record.game, record.seed, [s.to_dict() for s in self.seats], dict(record.options),
                            dict(record.data_versions), list(record.actions), record.result, record.created,
                            record.played_on_from)
        self.match = Match.from_record(record, upto)
        self.autosave = autosave
        self.hint = None
        self.reviewing = False
        """Set by :meth:`begin_review`: the game is looked at, never changed."""
        self._agents: dict[int, Any] = {}
        self._closed = False
        self._explaining = 0
        self.message.connect(self._told)
        self._pending_ai: tuple[Hashable, Any] | None = None
        self._epoch = 0
        self._changed_at = time.perf_counter()
        """Counts take backs, put backs and jumps: a job given before one of them
        is stale even where the number of actions played matches again."""
        self._ai_timer = QTimer(self)
        self._ai_timer.setSingleShot(True)
        self._ai_timer.timeout.connect(self._apply_pending_ai)
        self._ai_start = QTimer(self)
        self._ai_start.setSingleShot(True)
        self._ai_start.setInterval(AI_START_MS)
        self._ai_start.timeout.connect(self._maybe_run_ai)
        self.worker = Worker(self)
        self.worker.finished.connect(self._on_worker_done)
        self.worker.failed.connect(self._on_worker_failed)
        self.worker.busyChanged.connect(self._on_worker_busy)

    # --- construction ----------------------------------------------------------
    @classmethod
    def new_game(cls, players: Sequence[dict], seed: int, options: dict | None = None, **kwargs: Any):
        n = cls.seat_count if cls.seat_count is not None else len(players)
        state = get_game(cls.game_id).new_game(n, seed, options)
        record = state.to_record([cls.seat_type.from_dict(p).to_dict() for p in players])
        return cls(record, **kwargs)

    @property
    def state(self) -> Any:
        """The position shown (the match's; read it, never replace it)."""
        return self.match.state

    @property
    def created(self) -> str:
        return self.match.created

    def record(self) -> GameRecord:
        return self.match.record()

    def start(self) -> None:
        """Begin (or resume): an AI seat to play starts thinking."""
        self._maybe_run_ai()

    def begin_review(self) -> None:
        """Make this controller a review's: read-only (no action, take back, put
        back or hint is accepted, no computer seat plays, nothing is autosaved and
        no end is announced); only :meth:`jump` moves through the record."""
        self.reviewing = True
        self.autosave = None
        self._stop_pending_ai()
        self._epoch += 1  # an AI answer on its way is stale
        self.hint = None

    def show_alternative(self, action: Any) -> bool:
        """In a review: draw ``action`` on the board with the table's own hint
        drawing (the AI's choice at a decision); False when it is not legal here."""
        if not self.reviewing or action is None or self.state.why_illegal(action):
            return False
        self._show_hint(action)
        return self.hint is not None

    def close(self) -> None:
        self._closed = True
        self._ai_start.stop()
        self._ai_timer.stop()
        self._pending_ai = None
        self.worker.close()

    # --- who -------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "human"

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def human_turn(self) -> bool:
        """Whether a person is to play now (never in a review: nobody plays there)."""
        return not self.over and not self.reviewing and self.is_human(self.state.current_player)

    def instruction(self) -> str:
        """What to do now, in a sentence or two."""
        text = self._instruction()
        return text[:1].upper() + text[1:]

    @game_hook
    def _instruction(self) -> str:
        """What the player should do now, in a few words (the side panel shows it)."""

    # --- acting ----------------------------------------------------------------
    def act(self, action: Any) -> bool:
        """A person's action: applied if it is theirs to play and legal, else
        the reason is explained (:meth:`_explain`) and nothing changes."""
        if not self.human_turn() or self._closed or self.reviewing:
            return False
        why = self.state.why_illegal(action)
        if why:
            self._explain(why)
            return False
        self._apply(action)
        return True

    @_explaining
    def _explain(self, why: str) -> None:
        """Say why an action cannot be played. A game words it its own way; what
        it says in the status line while explaining is also sent as ``refused``,
        which the table shows on the board beside the pointer."""
        from reclaimdesk.ui.text import sentence

        self.message.emit(sentence(why), 6000)

    def refuse(self, text: str, timeout: int = 5000) -> None:
        """Say why a click did nothing, in the game's own words: in the status line
        and (``refused``) on the board beside the pointer, as :meth:`_explain` does."""
        self._explaining += 1
        try:
            self.message.emit(text, timeout)
        finally:
            self._explaining -= 1

    def _told(self, text: str, _timeout: int = 0) -> None:
        if self._explaining and text:
            self.refused.emit(text)

    def _apply(self, action: Any) -> Changes:
        """Play one legal action through the match (a person's, the computer's,
        a hint's or a test's), then save and tell everyone."""
        return self._after(self.match.act(action))

    def _after(self, changes: Changes) -> Changes:
        """Everything that follows an operation on the match: the game's own
        bookkeeping, the autosave, the redraw, the end, the next computer turn."""
        if changes.nothing:
            return changes
        if changes.kind != ACT:
            self._epoch += 1
        self._changed_at = time.perf_counter()
        self.hint = None
        self._on_changes(changes)
        self._save()
        self._update_ghost(quiet=True)
        self.changed.emit(changes)
        self.hintChanged.emit()
        self.undoChanged.emit()
        if changes.ended and not self.reviewing:
            self.finished.emit()
        self._start_ai_after_redraw()
        return changes

    def _start_ai_after_redraw(self) -> None:
        """A computer seat to play starts thinking once the table has drawn the
        move just made: its thread would otherwise hold the interpreter while the
        board repaints (a click answered in 250 ms instead of 30)."""
        if self._closed or self.reviewing or self.over or self.is_human(self.state.current_player):
            return
        self._ai_start.start()
        self.busyChanged.emit(True)

    def _on_changes(self, changes: Changes) -> None:
        """The game's own bookkeeping after an operation (a selection to drop,
        its log's notes); the state is already the new one."""

    def view_changed(self) -> None:
        """Only the view's own state changed (a selection, the pointer): redraw."""
        c = self.match.cursor
        self.changed.emit(Changes(VIEW, c, c))

    def _update_ghost(self, quiet: bool = False) -> None:
        """Games whose pieces follow the pointer as a ghost refresh it here; the
        others have nothing to do."""

    # --- saving ------------------------------------------------------------------
    def _save(self) -> None:
        """Autosave the record. A failed write never raises: the autosave keeps the
        record, retries, and the window shows a warning that stays until a save
        succeeds (``reclaimdesk/ui/autosave.py``)."""
        if self.autosave is not None:
            self.autosave.write(self.record())

    # --- taking back, putting back, moving through the record ----------------------
    def asker(self) -> int | None:
        """Who asks for a take back (the match's rule: the person who acted last;
        a game that shows one seat's view at a time names that seat)."""
        return self.match.asker()

    def can_undo(self) -> bool:
        return not self.reviewing and bool(self.human_seats()) and self.match.can_undo(self.asker())

    def can_redo(self) -> bool:
        return not self.reviewing and self.match.can_redo() and (self.human_turn() or not self.busy)

    def undo(self) -> bool:
        """Take back (the match's one rule), say what went, and redraw."""
        if not self.can_undo():
            why = self._cannot_undo_text()
            if why:
                self.message.emit(why, 4000)
            return False
        self._stop_pending_ai()
        changes = self.match.undo(self.asker())
        self.message.emit(self._took_back_text(changes), 4000)
        self._after(changes)
        return True

    def redo(self) -> bool:
        """Put back what the latest take back removed."""
        if not self.can_redo():
            return False
        self._stop_pending_ai()
        changes = self.match.redo()
        self.message.emit(self._put_back_text(changes), 3000)
        self._after(changes)
        return True

    def jump(self, upto: int) -> Changes:
        """Show the position after the record's first ``upto`` actions."""
        self._stop_pending_ai()
        return self._after(self.match.jump(upto))

    def _computer_in(self, changes: Changes) -> bool:
        return any(not self.is_human(s) for s in changes.seats)

    def _took_back_text(self, changes: Changes) -> str:
        """The status line after a take back (a game may word it its own way)."""
        if self._computer_in(changes):
            return _("Took back your last turn and the computer's reply.")
        return _("Taken back.")

    def _put_back_text(self, changes: Changes) -> str:
        if self._computer_in(changes):
            return _("Put back your turn and the computer's reply.")
        return _("Done again.")

    def _cannot_undo_text(self) -> str:
        """Why nothing may be taken back now ("" to say nothing)."""
        return _("Nothing to take back yet.") if self.human_turn() and not self.match.steps() else ""

    # --- AI seats and hints ----------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.worker.busy or self._ai_timer.isActive() or self._ai_start.isActive()

    def _on_worker_busy(self, _busy: bool) -> None:
        self.busyChanged.emit(self.busy)

    def _agent(self, seat: int) -> Any:
        agent = self._agents.get(seat)
        if agent is None:
            level = self.seats[seat].level or "normal"
            agent = get_game(self.game_id).agent(level, self.state.seed * 31 + seat)
            self._agents[seat] = agent
        return agent

    def _token(self, kind: str) -> tuple:
        """What a job for the worker is about: ``(kind, seat, moves so far, epoch)``."""
        return (kind, self.state.current_player, len(self.state.history), self._epoch)

    def _is_current(self, token: Any) -> bool:
        """Whether the game still stands where it did when the job was given (a
        take back and another action since give the same count: the epoch tells)."""
        _kind, seat, length, epoch = token[:4]
        return (len(self.state.history) == length and self.state.current_player == seat and epoch == self._epoch
                and not self.over)

    def _maybe_run_ai(self) -> None:
        self._ai_start.stop()
        if self._closed or self.reviewing or self.over or self.busy:
            return
        seat = self.state.current_player
        if self.is_human(seat):
            return
        agent = self._agent(seat)
        snapshot = self.state.clone()
        self.worker.submit(self._token("ai"), lambda: agent.choose(snapshot))
        self.busyChanged.emit(True)

    def request_hint(self) -> bool:
        if not self.human_turn() or self._closed or self.reviewing:
            return False
        if self.busy:
            self.message.emit(_("Still thinking..."), 2000)
            return False
        # the game's hint budget (GameSpec.hint_agent), not a level's: answered within half a second
        agent = get_game(self.game_id).hint_agent(self.state.seed + len(self.state.history))
        snapshot = self.state.clone()
        token = self._token("hint")
        self.message.emit(_("Thinking about a hint..."), 0)
        self.worker.submit(token, lambda: agent.choose(snapshot))
        return True

    def _on_worker_done(self, token: Hashable, action: Any) -> None:
        if self._closed:
            return
        kind, seat = token[0], token[1]  # type: ignore[index]
        if kind == "ai":
            if not self._is_current(token) or self.is_human(seat):
                self._maybe_run_ai()
                return
            self._answer_ai(token, action)
            return
        if self._is_current(token):
            self._show_hint(action)
        self._maybe_run_ai()

    def _mid_turn(self) -> bool:
        """Whether the seat to play has already acted in this turn."""
        steps = self.match.steps()
        return bool(steps) and steps[-1].seat == self.state.current_player and steps[-1].turn == self.state.turn_key()

    def _answer_ai(self, token: Any, action: Any) -> None:
        """An AI seat chose ``action`` and the game still waits for it: played at
        once, or (when it goes on a turn it began, or the table pauses before every
        computer action) no sooner than :attr:`ai_pause_ms` after the latest change,
        so a slow decision is not kept waiting longer."""
        wait = self.ai_pause_ms - (time.perf_counter() - self._changed_at) * 1000
        if wait >= 1 and (self.ai_pause_every_action or self._mid_turn()):
            self._pending_ai = (token, action)
            self._ai_timer.start(int(wait))
            self.busyChanged.emit(True)
            return
        self._apply_ai(token, action)

    def _apply_pending_ai(self) -> None:
        pending, self._pending_ai = self._pending_ai, None
        if pending is not None and not self._closed:
            self._apply_ai(*pending)
        self.busyChanged.emit(self.busy)

    def _stop_pending_ai(self) -> None:
        self._ai_start.stop()
        self._ai_timer.stop()
        self._pending_ai = None

    def _apply_ai(self, token: Any, action: Any) -> None:
        if self._is_current(token) and not self.is_human(token[1]) and self.state.why_illegal(action) == "":
            self._apply(action)
        else:
            self._maybe_run_ai()

    @game_hook
    def _show_hint(self, action: Any) -> None:
        """Show the AI's suggested action on the board."""

    def hint_text(self) -> str:
        """The hint on show, in words (the side panel's hint box); empty when no
        hint is showing. A game's controller says it in the words its status line
        uses for the hint."""
        return ""

    def hint_ready(self) -> bool:
        """Whether a hint is showing that the person to play may take now."""
        return self.hint is not None and self.human_turn() and not self.busy and not self.reviewing

    def dismiss_hint(self) -> bool:
        """Put the hint on show away (Esc on the board, the hint box's Hide button);
        nothing else changes (a piece the hint picked up stays in hand). False when
        no hint was showing."""
        if self.hint is None:
            return False
        self.hint = None
        self.message.emit("", 0)
        self.hintChanged.emit()
        self.view_changed()
        return True

    def take_hint(self) -> bool:
        """Play the hint on show, through the same path as the person's own move
        (checked for legality first); False when there is none to take."""
        action = self.hint
        if action is None or self.reviewing or not self.hint_ready():
            return False
        if self.state.why_illegal(action):
            self.hint = None
            self.hintChanged.emit()
            self.view_changed()
            return False
        return bool(self.act(action))

    def _on_worker_failed(self, token: Hashable, text: str) -> None:
        self.message.emit(_("The AI ran into a problem: {error}").format(error=(text.splitlines() or [""])[0]), 8000)
        if not self._closed:  # the guard's dialog, with a bug report to save
            from reclaimdesk.ui.guard import report_error

            is_ai = isinstance(token, tuple) and token and token[0] == "ai"
            report_error(_("play the computer's turn") if is_ai else _("find a hint"), text, detail=text)

        if token[0] == "ai" and not self._closed and self._is_current(token):  # type: ignore[index]
            actions = self.state.legal_actions()  # never stall: play the first legal action
            if actions:
                self._apply(actions[0])
