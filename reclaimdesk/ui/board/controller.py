"""What the three games' controllers share: the seats of the record, the record
itself (with its creation time kept), the autosave after every change, going
back by replaying the record, and the AI on a worker thread (its seats' moves
and the hints), with the fallback that never lets a failed AI stall a game.

A game's controller subclasses :class:`GameController`, sets ``game_id`` (and
``game_name`` to refuse another game's record), builds its state, and provides
``_apply(action)`` (apply and tell everyone), ``_show_hint(action)`` and, to use
:meth:`_rebuild`, ``_update_ghost(quiet=True)``."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from reclaimdesk.core.i18n import _
from reclaimdesk.core.record import GameRecord
from reclaimdesk.ui.board.hooks import GameHooks, game_hook
from reclaimdesk.ui.workers import Worker

HINT_LEVEL = "hard"


@dataclass
class Seat:
    name: str
    kind: str = "human"
    level: str = ""

    keep_human_level = True
    """Whether a person's seat keeps a ``level`` the record gives it."""

    @classmethod
    def from_dict(cls, d: dict) -> "Seat":
        kind = "ai" if str(d.get("kind", "human")) == "ai" else "human"
        level = str(d.get("level", "")) if kind == "ai" or cls.keep_human_level else ""
        return cls(str(d.get("name", _("Player"))), kind, level)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == "ai":
            out["level"] = self.level or "normal"
        return out


def get_game(game_id: str) -> Any:
    from reclaimdesk.core.game import get_game as spec

    return spec(game_id)


class GameController(GameHooks, QObject):
    changed = Signal()
    """The game changed: redraw."""
    message = Signal(str, int)
    """A line for the status bar and how long to show it (ms, 0 = until replaced)."""
    finished = Signal()
    busyChanged = Signal(bool)
    undoChanged = Signal()
    hintChanged = Signal()

    game_id = ""
    game_name = ""
    """Set to refuse a record of another game (the name goes in the error)."""
    seat_type: type[Seat] = Seat
    seat_count: int | None = 2
    """How many seats a new game has (None: one per player given)."""
    state: Any
    hint: Any

    def __init__(self, record: GameRecord, *, autosave: Any = None, parent: QObject | None = None) -> None:
        if self.game_name and record.game != self.game_id:
            raise ValueError(_("a record of '{game}', not of {name}").format(game=record.game, name=_(self.game_name)))
        super().__init__(parent)
        self.seats = [self.seat_type.from_dict(p) for p in record.players]
        self.created = record.created
        self.autosave = autosave
        self._agents: dict[int, Any] = {}
        self._closed = False
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

    def record(self) -> GameRecord:
        rec = self.state.to_record([s.to_dict() for s in self.seats])
        if self.created:
            rec.created = self.created
        return rec

    def start(self) -> None:
        """Begin (or resume): an AI seat to play starts thinking."""
        self._maybe_run_ai()

    def close(self) -> None:
        self._closed = True
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
        return not self.over and self.is_human(self.state.current_player)

    def instruction(self) -> str:
        """What to do now, in a sentence or two."""
        text = self._instruction()
        return text[:1].upper() + text[1:]

    @game_hook
    def _instruction(self) -> str:
        """What the player should do now, in a few words (the side panel shows it)."""

    # --- saving and going back -------------------------------------------------
    def _save(self) -> None:
        if self.autosave is None:
            return
        try:
            self.autosave.write(self.record())
        except OSError as exc:
            self.message.emit(_("Autosave failed: {error}").format(error=exc.strerror or exc), 8000)


    def _replayed(self, upto: int) -> Any:
        """The game as it was after its first ``upto`` actions (replaying the record)."""
        state = self.record().replay(upto)
        assert isinstance(state, type(self.state))
        return state

    def _rebuild(self, upto: int) -> None:
        """Go back to after the first ``upto`` actions, save, and redraw."""
        self.state = self._replayed(upto)
        self.hint = None
        self._rebuilt()
        self._save_and_redraw()

    def _save_and_redraw(self) -> None:
        """Save, then everyone redraws: the ghost, the game, the hint, undo/redo."""
        self._save()
        self._update_ghost(quiet=True)
        self.changed.emit()
        self.hintChanged.emit()
        self.undoChanged.emit()

    def _rebuilt(self) -> None:
        """The game's own bookkeeping after :meth:`_rebuild` replaced the state."""

    def _update_ghost(self, quiet: bool = False) -> None:
        """Games whose pieces follow the pointer as a ghost refresh it here; the
        others have nothing to do."""

    @game_hook
    def _apply(self, action: Any) -> None:
        """Apply one legal action of the game to the state and redraw what it changed."""

    # --- AI seats and hints ----------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.worker.busy

    def _on_worker_busy(self, busy: bool) -> None:
        self.busyChanged.emit(busy)

    def _agent(self, seat: int) -> Any:
        agent = self._agents.get(seat)
        if agent is None:
            level = self.seats[seat].level or "normal"
            agent = get_game(self.game_id).agent(level, self.state.seed * 31 + seat)
            self._agents[seat] = agent
        return agent

    def _token(self, kind: str) -> tuple:
        """What a job for the worker is about: ``(kind, seat, moves so far)``."""
        return (kind, self.state.current_player, len(self.state.history))

    def _is_current(self, token: Any) -> bool:
        """Whether the game still stands where it did when the job was given."""
        _kind, seat, length = token[:3]
        return len(self.state.history) == length and self.state.current_player == seat and not self.over

    def _maybe_run_ai(self) -> None:
        if self._closed or self.over or self.busy:
            return
        seat = self.state.current_player
        if self.is_human(seat):
            return
        agent = self._agent(seat)
        snapshot = self.state.clone()
        self._ai_submitting()
        self.worker.submit(self._token("ai"), lambda: agent.choose(snapshot))
        self._ai_submitted()

    def _ai_submitting(self) -> None:
        """Just before an AI seat's job goes to the worker."""

    def _ai_submitted(self) -> None:
        """Just after an AI seat's job went to the worker."""

    def request_hint(self) -> bool:
        if not self.human_turn() or self._closed:
            return False
        if self.busy:
            self.message.emit(_("Still thinking..."), 2000)
            return False
        agent = get_game(self.game_id).agent(HINT_LEVEL, self.state.seed + len(self.state.history))
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

    def _answer_ai(self, token: Any, action: Any) -> None:
        """An AI seat chose ``action`` and the game still waits for it."""
        self._apply_ai(token, action)

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
        return self.hint is not None and self.human_turn() and not self.busy

    def dismiss_hint(self) -> bool:
        """Put the hint on show away (Esc on the board, the hint box's Hide button);
        nothing else changes (a piece the hint picked up stays in hand). False when
        no hint was showing."""
        if self.hint is None:
            return False
        self.hint = None
        self.message.emit("", 0)
        self.hintChanged.emit()
        self.changed.emit()
        return True

    def take_hint(self) -> bool:
        """Play the hint on show, through the same path as the person's own move
        (checked for legality first); False when there is none to take."""
        action = self.hint
        if action is None or not self.hint_ready():
            return False
        if self.state.why_illegal(action):
            self.hint = None
            self.hintChanged.emit()
            self.changed.emit()
            return False
        return bool(self.act(action))

    def _on_worker_failed(self, token: Hashable, text: str) -> None:
        self.message.emit(_("The AI ran into a problem: {error}").format(error=(text.splitlines() or [""])[0]), 8000)
        if not self._closed:  # the guard's dialog, with a bug report to save
            from reclaimdesk.ui.guard import report_error

            is_ai = isinstance(token, tuple) and token and token[0] == "ai"
            report_error(_("play the computer's turn") if is_ai else _("find a hint"), text, detail=text)

        if token[0] == "ai" and not self._closed and self._may_fall_back(token):  # type: ignore[index]
            actions = self.state.legal_actions()  # never stall: play the first legal action
            if actions:
                self._apply(actions[0])

    def _may_fall_back(self, token: Any) -> bool:
        return self._is_current(token)
