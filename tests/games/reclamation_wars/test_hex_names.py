"""Hexes named as the board's edge prints them (issue 24.3): a column letter and a
row number in the notation, the records, the sentences; records written before,
in axial ``q,r``, still load and replay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from reclaimdesk.core.errors import NotationError, RecordError
from reclaimdesk.core.match import Match
from reclaimdesk.core.record import GameRecord, load_record
from reclaimdesk.games.reclamation_wars.actions import WarsAction
from reclaimdesk.games.reclamation_wars.components import column_letters, geometry, hex_label, label_hex

from tests.games.reclamation_wars.helpers import new_game

DATA = Path(__file__).parent / "data"
OLD_RECORDS = sorted(DATA.glob("old-notation-*.json"))
STANDARD = DATA / "old-notation-standard.json"
ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("board, corners", [
    ("standard", {(4, 0): "I5", (4, -4): "E9", (0, -4): "A9", (-4, 0): "A5", (-4, 4): "E1", (0, 4): "I1"}),
    ("large", {(5, 0): "K6", (5, -5): "F11", (0, -5): "A11", (-5, 0): "A6", (-5, 5): "F1", (0, 5): "K1"}),
])
def test_letters_count_columns_from_the_left_and_numbers_rows_from_the_bottom(board, corners):
    geo = geometry(board)
    n = geo.spec.radius
    assert {h: geo.names[geo.index[h]] for h in corners} == corners
    assert len(set(geo.names)) == len(geo)
    assert column_letters(n) == "ABCDEFGHIJK"[: 2 * n + 1]
    for h, name in zip(geo.hexes, geo.names):
        assert label_hex(name, n) == h == label_hex(name.lower(), n) == geo.find(name)
        # a row is one straight line across the board, a column one line leaning up to the right
        x, y = geo.board.to_pixel(h)
        assert int(name[1:]) == round(n + 1 - y / 1.5)
        up_right = (h[0] + 1, h[1] - 1)
        if up_right in geo.index:
            assert geo.names[geo.index[up_right]][0] == name[0]


def test_the_notation_writes_printed_names_and_reads_both():
    state = new_game()
    for new, old in (("reclaim D7", "reclaim 1,-2"), ("step E5", "step 0,0"), ("demolish G2", "demolish -1,3"),
                     ("destroy I3", "destroy 2,2"), ("void F4", "void 0,1"), ("neutralize C9", "neutralize 2,-4")):
        assert state.parse_action(new) == state.parse_action(old) == state.parse_action(new.lower())
        assert state.action_to_str(state.parse_action(old)) == new
        assert str(state.parse_action(new)) == old          # str(): the axial form, for code only
    assert state.action_to_str(state.parse_action("lockdown")) == "lockdown"
    for bad in ("reclaim E", "reclaim 5E", "reclaim E5,1", "reclaim EE5", "reclaim E5 F5"):
        with pytest.raises(NotationError):
            state.parse_action(bad)
    assert state.why_illegal(state.parse_action("reclaim J5")) == "J5 is not on the board"
    assert state.why_illegal(state.parse_action("reclaim E10")) == "E10 is not on the board"
    assert WarsAction.parse("reclaim 1,-2") == WarsAction("reclaim", (1, -2))
    assert hex_label((0, 0), 4) == "E5" and hex_label((0, 0), 5) == "F6"


def test_every_action_of_a_game_round_trips_through_the_new_notation():
    record = GameRecord.from_dict(json.loads(STANDARD.read_text(encoding="utf-8")))
    state = record.replay()
    again = state.spec.new_game(3, state.seed, state.options)
    for action in state.history:
        text = again.action_to_str(action)
        assert "," not in text
        assert again.parse_action(text) == action
        again.apply(action)
    assert again.state_key() == state.state_key()


@pytest.mark.parametrize("path", OLD_RECORDS, ids=lambda p: p.stem)
def test_a_record_in_the_old_notation_replays(path):
    """Written by the app before issue 24 (axial hexes in the actions and in the
    result's layout): it loads, replays to its stated result, and is written anew
    in the printed names."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert any("," in a for a in data["actions"]) and "," in data["result"]["layout"]
    record = load_record(path)
    state = record.replay()
    assert state.is_terminal() and state.scores() == data["result"]["scores"]
    again = GameRecord.from_state(state, record.players).to_dict()
    assert again["actions"] == [state.action_to_str(a) for a in state.history]
    assert not any("," in a for a in again["actions"])
    assert "," not in again["result"]["layout"]
    assert GameRecord.from_dict(json.loads(json.dumps(again))).replay().state_key() == state.state_key()


def test_a_record_whose_old_layout_disagrees_is_still_refused():
    data = json.loads(STANDARD.read_text(encoding="utf-8"))
    parts = [p.split() for p in data["result"]["layout"].split("; ")]
    parts[0][1], parts[1][1] = parts[1][1], parts[0][1]          # two special hexes swapped
    data["result"]["layout"] = "; ".join(" ".join(p) for p in parts)
    with pytest.raises(RecordError, match="result.layout"):
        GameRecord.from_dict(data).replay()


def test_an_unfinished_old_record_goes_on_in_the_new_notation():
    data = json.loads(STANDARD.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:20]
    data["result"] = None
    match = Match.from_record(GameRecord.from_dict(data))
    assert match.cursor == 20
    assert all("," not in step.text for step in match.line)
    match.act(match.state.legal_actions()[0])
    written = match.record().to_dict()["actions"]
    assert len(written) == 21 and not any("," in a for a in written)


def test_the_command_line_replays_an_old_record_and_speaks_printed_names(tmp_path):
    old = STANDARD
    run = subprocess.run([sys.executable, "-m", "reclaimdesk", "--lang", "en", "replay", str(old)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    data = json.loads(old.read_text(encoding="utf-8"))
    # a wrong action is named by the record's words, the reason by the board's
    data["actions"][0] = "reclaim 0,0"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "reclaimdesk", "--lang", "en", "replay", str(bad)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1
    assert "E5 is not next to your territory" in run.stdout + run.stderr
    out = tmp_path / "new.json"
    run = subprocess.run([sys.executable, "-m", "reclaimdesk", "--lang", "en", "play", "reclamation-wars",
                          "--agents", "random", "--seed", "5", "--record", str(out)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["actions"] and not any("," in a for a in written["actions"])
    assert label_hex(written["actions"][0].split()[1], 4) in geometry("standard").index
