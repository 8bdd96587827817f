"""Game records: a game as plain JSON data.

A record holds the game id, the versions of the data files used, the options, the
seed, the players, the actions in the game's own notation and, once over, the
result. Replaying it through the rules rebuilds the game exactly. Reading a record
only parses JSON and checks types; nothing in it is ever executed.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from reclaimdesk.core.i18n import _
from reclaimdesk.core.errors import (
    IllegalActionError,
    NotationError,
    RecordError,
    ReplayError,
)
from reclaimdesk.core.game import GameState, get_game

FORMAT = "reclaimdesk-record"
FORMAT_VERSION = 1
MAX_RECORD_BYTES = 5_000_000


@dataclass
class GameRecord:
    game: str
    seed: int
    players: list[dict[str, Any]]
    options: dict[str, Any] = field(default_factory=dict)
    data_versions: dict[str, int] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    created: str = ""

    # --- building ----------------------------------------------------------
    @classmethod
    def from_state(
        cls, state: GameState, players: list[dict[str, Any]] | None = None
    ) -> "GameRecord":
        if players is None:
            players = [{"name": _("Player {number}").format(number=i + 1), "kind": "human"} for i in range(state.num_players)]
        if len(players) != state.num_players:
            raise ValueError("one player entry per seat is needed")
        return cls(
            game=state.spec.id,
            seed=state.seed,
            players=[dict(p) for p in players],
            options=dict(state.options),
            data_versions=state.data_versions(),
            actions=[state.action_to_str(a) for a in state.history],
            result=state.result() if state.is_terminal() else None,
            created=datetime.now(timezone.utc).replace(microsecond=0).isoformat(),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "data_versions": self.data_versions,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "actions": self.actions,
            "result": self.result,
            "created": self.created,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    # --- reading -----------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any) -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError(_("not a game record (expected a JSON object)"))
        if data.get("format") != FORMAT:
            raise RecordError(_("not a ReclaimDesk game record (field 'format' is missing or wrong)"))
        version = data.get("format_version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError(_("field 'format_version' must be a whole number"))
        if version > FORMAT_VERSION:
            raise RecordError(
                _("record format version {version} is newer than this app understands"
                  " ({known}); update ReclaimDesk").format(version=version, known=FORMAT_VERSION)
            )
        game = _typed(data, "game", str)
        seed = _typed(data, "seed", int)
        players = _typed(data, "players", list)
        for i, p in enumerate(players):
            if not isinstance(p, dict) or not isinstance(p.get("name", ""), str):
                raise RecordError(_("field 'players[{index}]' must be an object with a text 'name'").format(index=i))
        options = _typed(data, "options", dict, default={})
        versions = _typed(data, "data_versions", dict, default={})
        for k, v in versions.items():
            if not isinstance(v, int) or isinstance(v, bool):
                raise RecordError(_("field 'data_versions.{key}' must be a whole number").format(key=k))
        actions = _typed(data, "actions", list)
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RecordError(_("field 'actions[{index}]' must be text").format(index=i))
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError(_("field 'result' must be an object or null"))
        created = _typed(data, "created", str, default="")
        return cls(game, seed, players, options, versions, actions, result, created)

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(_("not valid JSON (line {line}, column {column}: {problem})").format(
                line=exc.lineno, column=exc.colno, problem=exc.msg)) from None
        return cls.from_dict(data)

    # --- replaying ---------------------------------------------------------
    def new_state(self) -> GameState:
        spec = get_game(self.game)
        try:
            return spec.new_game(len(self.players), self.seed, self.options)
        except ValueError as exc:
            raise RecordError(str(exc)) from None

    def check_data_versions(self, state: GameState) -> None:
        current = state.data_versions()
        for key, version in self.data_versions.items():
            if key not in current:
                raise RecordError(_("the record uses data '{key}', which this app does not have").format(key=key))
            if current[key] != version:
                raise RecordError(
                    _("the record was played with '{key}' version {version}; this app has"
                      " version {current}").format(key=key, version=version, current=current[key])
                )

    def replay(self, upto: int | None = None) -> GameState:
        """Rebuild the game by applying the actions (the first ``upto`` of them).
        Raises :class:`ReplayError` naming the first illegal action (1-based)."""
        state = self.new_state()
        self.check_data_versions(state)
        actions = self.actions if upto is None else self.actions[:upto]
        for index, text in enumerate(actions, start=1):
            try:
                action = state.parse_action(text)
                state.apply(action)
            except IllegalActionError as exc:
                raise ReplayError(index, _("'{text}' is illegal: {reason}").format(text=text, reason=exc.reason)) from None
            except NotationError as exc:
                raise ReplayError(index, str(exc)) from None
        return state


def _typed(data: dict, key: str, kind: type, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise RecordError(_("field '{key}' is missing").format(key=key))
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(_("field '{key}' must be {kind}").format(key=key, kind=_kind_name(kind)))
    return value


def _kind_name(kind: type) -> str:
    return {str: _("text"), int: _("a whole number"), list: _("a list"), dict: _("an object")}[kind]


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file; any problem raises :class:`RecordError` with one line."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise RecordError(_("{file}: too large to be a game record ({size} bytes)").format(file=p.name, size=size))
        raw = p.read_bytes()
    except RecordError:
        raise
    except OSError as exc:
        raise RecordError(_("cannot read {file}: {problem}").format(file=p, problem=exc.strerror or exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(_("{file}: not a text file (not UTF-8)").format(file=p.name)) from None
    try:
        return GameRecord.from_json(text)
    except RecordError as exc:
        raise RecordError(f"{p.name}: {exc}") from None


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write a file so that a crash leaves either the old or the new content, never
    a half-written file: write a temporary file beside it, flush, fsync, rename."""
    p = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    write_atomic(path, record.to_json())
