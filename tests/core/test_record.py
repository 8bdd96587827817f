"""Game records (reclaimdesk/core/record.py): replaying to any cursor, strict reading
of every field, stated results and data versions, files."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.errors import RecordError, ReplayError
from reclaimdesk.core.game import all_games
from reclaimdesk.core.record import (
    MAX_ACTION_CHARS,
    MAX_DATA_VERSION,
    MAX_NAME_CHARS,
    MAX_RECORD_BYTES,
    MAX_SEED,
    GameRecord,
    load_record,
    save_record,
    write_atomic,
)

from tests.core.toys import RACE_ID


def race_record(actions=("+1", "+2", "+1"), count=2, **changes):
    data = {
        "format": "reclaimdesk-record", "format_version": 1, "game": RACE_ID,
        "data_versions": {"race-board": 2}, "options": {"target": 7}, "seed": 5,
        "players": [{"name": f"P{i + 1}", "kind": "human"} for i in range(count)],
        "actions": list(actions), "result": None, "created": "2026-11-26T04:00:00+00:00",
    }
    data.update(changes)
    return data


# --- replay to a cursor ------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])  # registered once: fine
@given(st.lists(st.sampled_from(["+1", "+2"]), min_size=0, max_size=12), st.integers(1, 3))
def test_replay_upto_stops_after_exactly_that_many_actions(race, moves, players):
    state = race.new_game(players, 5, {"target": 9})
    steps = [state.clone()]
    for text in moves:
        if state.is_terminal():
            break
        state.apply_text(text)
        steps.append(state.clone())
    record = state.to_record()
    n = len(record.actions)
    for upto in range(n + 1):
        replayed = record.replay(upto)
        assert replayed.history == steps[upto].history
        assert replayed == steps[upto], upto
    assert record.replay() == steps[-1] and record.replay(n + 5) == steps[-1]
    assert record.replay(None).history == state.history


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.id)
def test_replay_upto_in_every_registered_game(spec):
    state = spec.new_game(spec.min_players, 3)
    agent = RandomAgent(3)
    keys = [state.state_key()]
    while not state.is_terminal() and len(state.history) < 25:
        state.apply(agent.choose(state))
        keys.append(state.state_key())
    record = GameRecord.from_dict(json.loads(state.to_record().to_json()))
    for upto in range(len(keys)):
        assert record.replay(upto).state_key() == keys[upto], (spec.id, upto)


def test_replay_names_the_first_bad_action(race):
    record = GameRecord.from_dict(race_record(["+1", "+2", "+3", "+1"]))
    with pytest.raises(ReplayError) as info:
        record.replay()
    assert info.value.index == 3
    assert record.replay(2).history == [1, 2]  # the cursor stops before it
    finished = GameRecord.from_dict(race_record(["+2", "+2", "+2", "+1", "+1"]))
    with pytest.raises(ReplayError) as info:
        finished.replay()
    assert info.value.index == 5 and "over" in str(info.value)


def test_a_stated_result_is_checked_against_the_rules(race):
    moves = ["+2", "+2", "+2", "+1"]
    right = GameRecord.from_dict(race_record(moves, result={"scores": [0.0, 1.0], "winners": [1]}))
    assert right.replay().winners() == [1]
    wrong = GameRecord.from_dict(race_record(moves, result={"scores": [1.0, 0.0], "winners": [0]}))
    with pytest.raises(RecordError, match="result.scores"):
        wrong.replay()
    assert wrong.replay(3).history == [2, 2, 2]  # a cursor before the end does not check it
    early = GameRecord.from_dict(race_record(["+2"], result={"scores": [0.0, 1.0], "winners": [1]}))
    with pytest.raises(RecordError, match="not over"):
        early.replay()


def test_data_versions_must_match_the_apps(race):
    assert GameRecord.from_dict(race_record()).replay().history == [1, 2, 1]
    for version in (1, 3):
        with pytest.raises(RecordError, match="race-board"):
            GameRecord.from_dict(race_record(data_versions={"race-board": version})).replay()
    with pytest.raises(RecordError, match="does not have"):
        GameRecord.from_dict(race_record(data_versions={"race-board": 2, "other": 1})).replay()
    assert GameRecord.from_dict(race_record(data_versions={})).replay(1).history == [1]


def test_a_state_makes_a_record_that_reads_back(race):
    state = race.new_game(3, 11, {"target": 3, "label": "x"})
    for a in (1, 2):
        state.apply(a)
    record = state.to_record()
    assert record.game == RACE_ID and record.seed == 11 and record.actions == ["+1", "+2"]
    assert record.options == {"target": 3, "label": "x", "fast": False, "rounds": 1}
    assert record.data_versions == {"race-board": 2}
    assert record.result == {"scores": [0.0, 1.0, 0.0], "winners": [1]}
    assert [p["name"] for p in record.players] == ["Player 1", "Player 2", "Player 3"]
    again = GameRecord.from_json(record.to_json())
    assert again == record and again.replay() == state
    with pytest.raises(ValueError):
        GameRecord.from_state(state, [{"name": "only one"}])


# --- reading refuses each bad field ------------------------------------------------------------------
BAD = {
    "not an object": ([], "JSON object"),
    "format": ({"format": "other"}, "'format'"),
    "format_version missing": ({"format_version": None}, "format_version"),
    "format_version text": ({"format_version": "1"}, "format_version"),
    "format_version true": ({"format_version": True}, "format_version"),
    "format_version 0": ({"format_version": 0}, "format_version"),
    "format_version newer": ({"format_version": 2}, "newer"),
    "game unknown": ({"game": "chess"}, "'game'"),
    "game not text": ({"game": 3}, "'game'"),
    "seed text": ({"seed": "5"}, "'seed'"),
    "seed bool": ({"seed": False}, "'seed'"),
    "seed float": ({"seed": 5.0}, "'seed'"),
    "seed too big": ({"seed": MAX_SEED + 1}, "'seed'"),
    "seed too small": ({"seed": -MAX_SEED - 1}, "'seed'"),
    "players not a list": ({"players": {}}, "'players'"),
    "too few players": ({"players": []}, "'players'"),
    "too many players": ({"players": [{"name": "p"}] * 4}, "'players'"),
    "player not an object": ({"players": ["Ann", {"name": "B"}]}, "players[0]"),
    "player name not text": ({"players": [{"name": 1}, {"name": "B"}]}, "players[0].name"),
    "player name too long": ({"players": [{"name": "n" * (MAX_NAME_CHARS + 1)}, {"name": "B"}]}, "players[0].name"),
    "player name control": ({"players": [{"name": "A"}, {"name": "B\x1b[31m"}]}, "players[1].name"),
    "player name bidi": ({"players": [{"name": "A\u202eB"}, {"name": "B"}]}, "players[0].name"),
    "player name surrogate": ({"players": [{"name": "A\ud800"}, {"name": "B"}]}, "players[0].name"),
    "player kind": ({"players": [{"name": "A", "kind": "robot"}, {"name": "B"}]}, "players[0].kind"),
    "player level": ({"players": [{"name": "A", "kind": "ai", "level": "expert"}, {"name": "B"}]}, "players[0].level"),
    "player level number": ({"players": [{"name": "A", "kind": "ai", "level": 3}, {"name": "B"}]}, "players[0].level"),
    "ai level empty": ({"players": [{"name": "A", "kind": "ai", "level": ""}, {"name": "B"}]}, "players[0].level"),
    "options not an object": ({"options": []}, "'options'"),
    "option unknown": ({"options": {"colour": "red"}}, "options"),
    "option outside its choices": ({"options": {"target": 8}}, "options"),
    "option of the wrong type": ({"options": {"label": 3}}, "options"),
    "data_versions not an object": ({"data_versions": [2]}, "data_versions"),
    "data version text": ({"data_versions": {"race-board": "2"}}, "data_versions.race-board"),
    "data version negative": ({"data_versions": {"race-board": -1}}, "data_versions.race-board"),
    "data version too big": ({"data_versions": {"race-board": MAX_DATA_VERSION + 1}}, "data_versions.race-board"),
    "actions not a list": ({"actions": "+1"}, "'actions'"),
    "actions missing": ({"actions": None}, "actions"),
    "too many actions": ({"actions": ["+1"] * 13}, "'actions'"),
    "action not text": ({"actions": ["+1", 2]}, "actions[1]"),
    "action too long": ({"actions": ["+" * (MAX_ACTION_CHARS + 1)]}, "actions[0]"),
    "action not ASCII": ({"actions": ["+１"]}, "actions[0]"),
    "action control": ({"actions": ["+1\n"]}, "actions[0]"),
    "result not an object": ({"result": [1]}, "'result'"),
    "created not text": ({"created": 5}, "'created'"),
    "created too long": ({"created": "x" * 65}, "'created'"),
    "created control": ({"created": "2026\x00"}, "'created'"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_reading_refuses_each_bad_field(race, name):
    change, field = BAD[name]
    if isinstance(change, dict):
        data = race_record()
        for key, value in change.items():
            if value is None and key in ("format_version", "actions"):
                del data[key]
            else:
                data[key] = value
    else:
        data = change
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert field in str(info.value), str(info.value)
    assert "\n" not in str(info.value) and "\x1b" not in str(info.value)


GOOD = {
    "seed at the top": {"seed": MAX_SEED},
    "seed at the bottom": {"seed": -MAX_SEED},
    "seed negative": {"seed": -5},
    "one player": {"players": [{"name": "Solo"}]},
    "three players": {"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]},
    "every level": {"players": [{"name": "A", "kind": "ai", "level": "random"}, {"name": "B", "kind": "ai", "level": "hard"},
                                {"name": "C", "kind": "human", "level": ""}]},
    "a name of the longest": {"players": [{"name": "n" * MAX_NAME_CHARS}, {"name": "日本語 😀‍"}]},
    "no options": {"options": {}},
    "every option": {"options": {"target": 9, "label": "x", "fast": True, "rounds": 3}},
    "data version at the top": {"data_versions": {"race-board": MAX_DATA_VERSION}},
    "no data versions": {"data_versions": {}},
    "actions of the longest": {"actions": ["+" + "1" * (MAX_ACTION_CHARS - 1)]},
    "as many actions as the game allows": {"actions": ["+1"] * 12},
    "no created": {"created": ""},
}


@pytest.mark.parametrize("name", list(GOOD))
def test_reading_accepts_each_field_at_its_limits(race, name):
    data = race_record(**GOOD[name])
    record = GameRecord.from_dict(data)
    assert record.to_dict() == {**data, "format": "reclaimdesk-record", "format_version": 1}


def test_optional_fields_default(race):
    data = race_record()
    for key in ("options", "data_versions", "result", "created"):
        del data[key]
    record = GameRecord.from_dict(data)
    assert record.options == {} and record.data_versions == {} and record.result is None and record.created == ""


# --- files ---------------------------------------------------------------------------------------------
def test_records_are_written_atomically_and_read_back(race, tmp_path):
    record = GameRecord.from_dict(race_record())
    path = tmp_path / "race.json"
    save_record(record, path)
    assert load_record(path) == record
    assert [p.name for p in tmp_path.iterdir()] == ["race.json"]  # no temporary left
    write_atomic(path, b"{}")
    assert path.read_bytes() == b"{}"
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value).startswith("race.json: ")


def test_load_record_names_the_file_and_refuses_what_is_not_a_record(race, tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(RecordError, match=r"^big\.json: too large"):
        load_record(big)
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(RecordError, match=r"^bad\.json: not valid JSON"):
        load_record(bad)
    with pytest.raises(RecordError, match="not found"):
        load_record(tmp_path / "missing.json")
    folder = tmp_path / "folder.json"
    os.mkdir(folder)
    with pytest.raises(RecordError, match="not a regular file"):
        load_record(folder)
