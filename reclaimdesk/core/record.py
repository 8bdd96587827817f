"""Game records: a game as plain JSON data.

A record holds the game id, the versions of the data files used, the options, the
seed, the players, the actions in the game's own notation and, once over, the
result. Replaying it through the rules rebuilds the game exactly. Reading a record
only parses JSON and checks types; nothing in it is ever executed.
"""

from __future__ import annotations

import json
import os
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
from reclaimdesk.core.files import (
    FileProblem,
    describe,
    has_bad_characters,
    one_line,
    parse_json,
    quote,
    read_json_file,
    write_file,
)
from reclaimdesk.core.game import LEVELS, GameState, all_games, get_game

FORMAT = "reclaimdesk-record"
FORMAT_VERSION = 1
MAX_RECORD_BYTES = 5_000_000
MAX_SEED = 2**64 - 1
"""Largest seed (either sign) a record may hold."""
MAX_NAME_CHARS = 100
MAX_ACTION_CHARS = 120
MAX_DATA_VERSION = 1_000_000
PLAYER_KINDS = ("human", "ai")


# --- the range of each field: one definition, for play, the app and replay ----------------
def seed_problem(seed: object) -> str:
    """Why ``seed`` cannot be a record's seed ("" when it can): the command line's
    ``--seed``, the app's new games and :meth:`GameRecord.from_dict` all ask here.

    >>> seed_problem(7), seed_problem(-(2**64 - 1)) == ""
    ('', True)
    >>> seed_problem(2**64)
    'must be a whole number from -18446744073709551615 to 18446744073709551615'
    """
    if isinstance(seed, int) and not isinstance(seed, bool) and -MAX_SEED <= seed <= MAX_SEED:
        return ""
    return _("must be a whole number from {low} to {high}").format(low=-MAX_SEED, high=MAX_SEED)


def name_problem(name: str) -> str:
    """Why ``name`` cannot be a player's name in a record ("" when it can)."""
    if len(name) > MAX_NAME_CHARS:
        return _("a name has at most {limit} characters, not {count}").format(limit=MAX_NAME_CHARS, count=len(name))
    if has_bad_characters(name):
        return _("{name} holds a control character or a broken one (a lone surrogate)").format(name=quote(name))
    return ""


def record_name(name: str) -> str:
    """``name`` as a record can hold it: characters :func:`name_problem` refuses are
    left out and it is cut to :data:`MAX_NAME_CHARS` (what the app writes, replay reads).

    >>> record_name("Ann\\u202e\\nB"), len(record_name("x" * 500))
    ('AnnB', 100)
    """
    cleaned = "".join(ch for ch in name if not has_bad_characters(ch))
    return cleaned[:MAX_NAME_CHARS]


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
    played_on_from: int | None = None
    """Set when the game was played on from a review: how many actions of the
    line were taken from the reviewed game. Such a game counts for no personal
    best (it began from a position the person did not reach alone)."""

    # --- building ----------------------------------------------------------
    @classmethod
    def from_state(
        cls, state: GameState, players: list[dict[str, Any]] | None = None
    ) -> "GameRecord":
        if players is None:
            players = [{"name": _("Player {number}").format(number=i + 1), "kind": "human"} for i in range(state.num_players)]
        if len(players) != state.num_players:
            raise ValueError("one player entry per seat is needed")
        if seed_problem(state.seed):
            raise ValueError(_("seed {seed}: {problem}").format(seed=state.seed, problem=seed_problem(state.seed)))
        return cls(
            game=state.spec.id,
            seed=state.seed,
            # a name typed or pasted into the app is written as a record can hold it
            players=[{**p, "name": record_name(p["name"])} if isinstance(p.get("name"), str) else dict(p)
                     for p in players],
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
            **({} if self.played_on_from is None else {"played_on_from": self.played_on_from}),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    # --- reading -----------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any) -> "GameRecord":
        """Check every field (types, ranges, the game, its options and players,
        the notation's characters) and build the record; any problem raises
        :class:`RecordError` naming the field. Whether the actions follow the
        rules is :meth:`replay`'s business."""
        if not isinstance(data, dict):
            raise RecordError(_("not a game record (expected a JSON object)"))
        if data.get("format") != FORMAT:
            raise RecordError(_("not a ReclaimDesk game record (field 'format' is missing or wrong)"))
        version = data.get("format_version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError(_("field 'format_version' must be a whole number"))
        if version < 1:
            raise _field_error("format_version", _("must be 1 or more, not {value}").format(value=version))
        if version > FORMAT_VERSION:
            raise RecordError(
                _("record format version {version} is newer than this app understands"
                  " ({known}); update ReclaimDesk").format(version=version, known=FORMAT_VERSION)
            )
        game = _typed(data, "game", str)
        spec = _game_spec(game)
        seed = _typed(data, "seed", int)
        if seed_problem(seed):
            raise _field_error("seed", seed_problem(seed))
        players = _typed(data, "players", list)
        if not spec.min_players <= len(players) <= spec.max_players:
            raise _field_error("players", _("{game} is for {low}-{high} players, not {count}").format(
                game=spec.name, low=spec.min_players, high=spec.max_players, count=len(players)))
        for i, p in enumerate(players):
            _check_player(i, p)
        options = _typed(data, "options", dict, default={})
        try:
            spec.resolve_options(options)
        except ValueError as exc:
            raise _field_error("options", one_line(str(exc), 200)) from None
        versions = _typed(data, "data_versions", dict, default={})
        for k, v in versions.items():
            if not isinstance(v, int) or isinstance(v, bool):
                raise RecordError(_("field 'data_versions.{key}' must be a whole number").format(key=one_line(k, 60)))
            if not 0 <= v <= MAX_DATA_VERSION:
                raise _field_error(f"data_versions.{one_line(k, 60)}",
                                   _("must be from 0 to {high}").format(high=MAX_DATA_VERSION))
        actions = _typed(data, "actions", list)
        if len(actions) > spec.max_length:
            raise _field_error("actions", _("{game} has at most {limit} actions, not {count}").format(
                game=spec.name, limit=spec.max_length, count=len(actions)))
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RecordError(_("field 'actions[{index}]' must be text").format(index=i))
            if len(a) > MAX_ACTION_CHARS:
                raise _field_error(f"actions[{i}]", _("{text} is too long for an action (at most {limit} characters)")
                                   .format(text=quote(a), limit=MAX_ACTION_CHARS))
            if not (a.isascii() and a.isprintable()):
                raise _field_error(f"actions[{i}]", _("{text}: an action is written in plain ASCII letters, digits and spaces")
                                   .format(text=quote(a)))
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError(_("field 'result' must be an object or null"))
        created = _typed(data, "created", str, default="")
        if len(created) > 64 or has_bad_characters(created):
            raise _field_error("created", _("must be a date and time, not {text}").format(text=quote(created)))
        played_on_from = data.get("played_on_from")
        if played_on_from is not None and not (isinstance(played_on_from, int) and not isinstance(played_on_from, bool)
                                               and 0 <= played_on_from <= len(actions)):
            raise _field_error("played_on_from", _("must be a whole number from 0 to {high}").format(high=len(actions)))
        return cls(game, seed, players, options, versions, actions, result, created, played_on_from)

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            data = parse_json(text)
        except FileProblem as exc:
            raise RecordError(str(exc)) from None
        return cls.from_dict(data)

    # --- replaying ---------------------------------------------------------
    def new_state(self) -> GameState:
        spec = get_game(self.game)
        try:
            return spec.new_game(len(self.players), self.seed, self.options)
        except ValueError as exc:
            raise RecordError(one_line(str(exc), 300)) from None

    def check_data_versions(self, state: GameState) -> None:
        current = state.data_versions()
        for key, version in self.data_versions.items():
            if key not in current:
                raise RecordError(_("the record uses data {key}, which this app does not have").format(key=quote(key)))
            if current[key] != version:
                raise RecordError(
                    _("the record was played with {key} version {version}; this app has"
                      " version {current}").format(key=quote(key), version=version, current=current[key])
                )

    def replay(self, upto: int | None = None) -> GameState:
        """Rebuild the game by applying the actions (the first ``upto`` of them).
        Raises :class:`ReplayError` naming the first illegal action (1-based).
        Replaying the whole record also checks that a stated ``result`` is the one
        the rules give (:class:`RecordError` if not)."""
        state = self.new_state()
        self.check_data_versions(state)
        actions = self.actions if upto is None else self.actions[:upto]
        for index, text in enumerate(actions, start=1):
            try:
                action = state.parse_action(text)
                state.apply(action)
            except IllegalActionError as exc:
                raise ReplayError(index, _("{text} is illegal: {reason}").format(
                    text=quote(text), reason=_shorten_in(str(exc.reason), text))) from None
            except NotationError as exc:
                raise ReplayError(index, _shorten_in(str(exc), text)) from None
        if upto is None:
            self.check_result(state)
        return state

    def check_result(self, state: GameState) -> None:
        """A stated result must be the one the rules give for the replayed game."""
        if self.result is None:
            return
        if not state.is_terminal():
            raise _field_error("result", _("the record states a result, but its game is not over"))
        import json

        expected = json.loads(json.dumps(state.result()))
        for key, value in expected.items():
            if not state.result_agrees(key, self.result.get(key), value):
                raise _field_error(f"result.{key}", _("the record states {stated}, but the rules give {computed}")
                                   .format(stated=quote(self.result.get(key), 80), computed=quote(value, 80)))


def _typed(data: dict, key: str, kind: type, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise RecordError(_("field '{key}' is missing").format(key=key))
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(_("field '{key}' must be {kind}, not {actual}").format(
            key=key, kind=_kind_name(kind), actual=describe(value)))
    return value


def _kind_name(kind: type) -> str:
    return {str: _("text"), int: _("a whole number"), list: _("a list"), dict: _("an object")}[kind]


def _field_error(field: str, problem: str) -> RecordError:
    return RecordError(_("field '{field}': {problem}").format(field=field, problem=problem))


def _game_spec(game: str) -> Any:
    try:
        return get_game(game)
    except RecordError:
        known = ", ".join(spec.id for spec in all_games())
        raise _field_error("game", _("unknown game {game} (known: {known})").format(
            game=quote(game), known=known)) from None


def _check_player(i: int, player: Any) -> None:
    field = f"players[{i}]"
    if not isinstance(player, dict):
        raise _field_error(field, _("must be an object with a text 'name', not {kind}").format(kind=describe(player)))
    name = player.get("name", "")
    if not isinstance(name, str):
        raise _field_error(f"{field}.name", _("must be text, not {kind}").format(kind=describe(name)))
    if name_problem(name):
        raise _field_error(f"{field}.name", name_problem(name))
    kind = player.get("kind", "human")
    if kind not in PLAYER_KINDS:
        raise _field_error(f"{field}.kind", _("must be one of {choices}, not {value}").format(
            choices=", ".join(PLAYER_KINDS), value=quote(kind)))
    if "level" in player:
        level = player["level"]
        if not (isinstance(level, str) and (level in LEVELS or (level == "" and kind != "ai"))):
            raise _field_error(f"{field}.level", _("must be one of {choices}, not {value}").format(
                choices=", ".join(LEVELS), value=quote(level)))


def _shorten_in(message: str, text: str) -> str:
    """A game's message about an action, with the action's own text in it quoted
    and shortened."""
    if len(text) > 1:
        message = message.replace(f"'{text}'", quote(text)).replace(text, quote(text)[1:-1])
    return one_line(message, 400)


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file; any problem raises :class:`RecordError` with one line
    that names the file (and the field)."""
    p = Path(path)
    try:
        data = read_json_file(p, MAX_RECORD_BYTES)
        return GameRecord.from_dict(data)
    except FileProblem as exc:
        raise RecordError(f"{one_line(p.name, 120)}: {exc}") from None
    except RecordError as exc:
        raise RecordError(f"{one_line(p.name, 120)}: {exc}") from None


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write a file so that a crash leaves either the old or the new content, never
    a half-written file (:func:`reclaimdesk.core.files.write_file`, the one writer:
    a FIFO, a device or a folder is refused with a ``WriteProblem``)."""
    write_file(path, data)


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    write_atomic(path, record.to_json())
