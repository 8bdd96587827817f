"""A companion session: the app helping a table play a paper game (turning its
cards, keeping its counts, scoring its sheets), written once for every game.

A session is its ``setup`` (plain JSON data: players, seed, options) and the line
of ``steps`` the table took (each a small JSON object), as a game is its record:
the position shown is the setup with every step replayed, so going back one step
is dropping the last one and replaying, and a session saved in the middle resumes
exactly. A game's own session (``reclaimdesk/games/<pkg>/companion.py``, class
``Session``) says what its steps do (:meth:`CompanionSession._start`,
:meth:`CompanionSession._do`), which of them turn a card up
(:meth:`CompanionSession.reveals`) and when the game is over; its scoring calls
its own rules' code. No Qt here: the screens live in ``reclaimdesk/ui``.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from reclaimdesk.core.errors import ReclaimDeskError
from reclaimdesk.core.i18n import _

FORMAT = "reclaimdesk-companion"
VERSION = 1
MAX_BYTES = 1 << 20
MAX_STEPS = 2000


class CompanionError(ReclaimDeskError, ValueError):
    """A step the session cannot take (the reason is a sentence for the table),
    or a saved session that cannot be read."""


def whole_number(value: Any, low: int, high: int, what: str) -> int:
    """``value`` when it is a whole number (not a bool) from ``low`` to ``high``;
    otherwise :class:`CompanionError` naming ``what`` (a setup's or a step's field,
    already in the table's language).

    >>> whole_number(3, 1, 6, "players")
    3
    >>> whole_number(True, 0, 1, "players")
    Traceback (most recent call last):
    ...
    reclaimdesk.core.companion.CompanionError: players must be a whole number from 0 to 1
    """
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise CompanionError(_("{what} must be a whole number from {low} to {high}").format(
            what=what, low=low, high=high))
    return value


def session_class(game_id: str) -> type[CompanionSession]:
    """The session class of ``game_id`` (``reclaimdesk.games.<pkg>.companion:Session``);
    a game without one raises :class:`CompanionError`."""
    pkg = game_id.replace("-", "_")
    if not pkg.replace("_", "").isalnum():
        raise CompanionError(_("no companion for this game"))
    try:
        module = importlib.import_module(f"reclaimdesk.games.{pkg}.companion")
    except ModuleNotFoundError:
        raise CompanionError(_("no companion for this game")) from None
    return module.Session


class CompanionSession(ABC):
    """What every game's session shares: the setup, the steps, going back, saving."""

    game_id: ClassVar[str] = ""

    def __init__(self, setup: Mapping[str, Any]) -> None:
        self.setup: dict[str, Any] = json.loads(json.dumps(dict(setup)))
        self.steps: list[dict[str, Any]] = []
        self._start()

    # --- what a game defines ---------------------------------------------------
    @abstractmethod
    def _start(self) -> None:
        """Set the derived state from ``self.setup`` (raise CompanionError if bad)."""

    @abstractmethod
    def _do(self, step: Mapping[str, Any]) -> None:
        """Apply ``step``, or raise :class:`CompanionError` changing nothing."""

    def reveals(self, step: Mapping[str, Any]) -> bool:
        """Whether ``step`` (already taken) turned up something the table had not seen."""
        return False

    @property
    @abstractmethod
    def finished(self) -> bool:
        """Whether the paper game is over (its final count taken)."""

    # --- shared ------------------------------------------------------------------
    def act(self, step: Mapping[str, Any]) -> None:
        """Take ``step`` (a JSON object); a refused step changes nothing."""
        if len(self.steps) >= MAX_STEPS:
            raise CompanionError(_("this session is too long"))
        clean = json.loads(json.dumps(dict(step)))
        self._do(clean)
        self.steps.append(clean)

    def can_go_back(self) -> bool:
        return bool(self.steps)

    def back_hides_card(self) -> bool:
        """Whether going back one step would put a card seen by the table face down again."""
        return bool(self.steps) and self.reveals(self.steps[-1])

    def back(self) -> None:
        """Undo the last step (the setup and the other steps replayed)."""
        if not self.steps:
            return
        kept = self.steps[:-1]
        self.steps = []
        self._start()
        for step in kept:
            self._do(step)
            self.steps.append(step)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game_id,
                "setup": self.setup, "steps": self.steps}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> CompanionSession:
        """A session from saved data, every step checked again by the rules."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CompanionError(_("not a companion session"))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
            raise CompanionError(_("a companion session of an unknown version"))
        game = data.get("game")
        if not isinstance(game, str):
            raise CompanionError(_("not a companion session"))
        klass = cls if cls.game_id == game else session_class(game)
        setup, steps = data.get("setup"), data.get("steps")
        if not isinstance(setup, dict) or not isinstance(steps, list) or len(steps) > MAX_STEPS:
            raise CompanionError(_("not a companion session"))
        try:
            session = klass(setup)
        except (KeyError, TypeError, IndexError, ValueError) as exc:
            if isinstance(exc, CompanionError):
                raise
            raise CompanionError(_("not a companion session")) from None
        for n, step in enumerate(steps, 1):
            if not isinstance(step, dict):
                raise CompanionError(_("step {n} is not a step").format(n=n))
            try:
                session.act(step)
            except (KeyError, TypeError, IndexError):
                raise CompanionError(_("step {n} is not a step").format(n=n)) from None
            except CompanionError as exc:
                raise CompanionError(_("step {n}: {reason}").format(n=n, reason=exc)) from None
        return session


def load_session(path: str | Path) -> CompanionSession:
    """Read a saved session (through the one reading path); raises a
    :class:`ReclaimDeskError` saying what is wrong."""
    from reclaimdesk.core.files import read_json_file

    return CompanionSession.from_dict(read_json_file(path, MAX_BYTES))


def save_session(session: CompanionSession, path: str | Path) -> Path:
    """Write ``session`` atomically (raises ``WriteProblem``)."""
    from reclaimdesk.core.files import write_file

    return write_file(path, session.to_json())
