"""Reclaim's data files: shipped ones meet the constraints; damaged ones give one
clear error naming the file and the field."""

import json
import shutil
from pathlib import Path

import pytest

from reclaimdesk.core.data import DataFile, resource_path
from reclaimdesk.core.errors import DataError
from reclaimdesk.games.reclaim.components import (
    CENTRE, MAP_IDS, Terrain, load_cards, load_map, load_track, parse_cards, parse_map, parse_track,
)


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_shipped_maps_meet_the_constraints(map_id):
    m = load_map(map_id)
    castles = m.castles
    assert len(castles) == 9 and CENTRE in castles
    for a in castles:
        for b in castles:
            if a != b:
                assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 2
    kinds = {m.at((r, c)) for r in range(13) for c in range(13)}
    assert kinds == set(Terrain)


def test_shipped_cards_and_track():
    cards = load_cards()
    assert len(cards) == 30 and len({c.id for c in cards}) == 30
    assert all(2 <= len(c.shape) <= 5 and len(c.cost) == 2 for c in cards)
    track = load_track()
    assert [e.points for e in track.entries][4] == 16 and track.entries[6].points == 26
    assert all(1 <= e.triangles <= 3 and 1 <= len(e.shape) <= 3 for e in track.entries)


def _broken(tmp_path, rel, edit):
    src = resource_path("reclaim", *rel.split("/"))
    dst = tmp_path / Path(rel).name
    data = json.loads(src.read_text())
    edit(data)
    dst.write_text(json.dumps(data))
    return DataFile.load(dst)


@pytest.mark.parametrize("rel, edit, parser, field", [
    ("maps/river.json", lambda d: d["rows"].__setitem__(3, "....."), parse_map, "rows[3]"),
    ("maps/river.json", lambda d: d["legend"].__setitem__("F", "jungle"), parse_map, "legend.F"),
    ("maps/river.json", lambda d: d["rows"].__setitem__(6, d["rows"][6][:6] + "." + d["rows"][6][7:]),
     parse_map, "rows"),
    ("cards.json", lambda d: d["cards"][4].__setitem__("cost", ["wood", "gold"]), parse_cards, "cards[4].cost[1]"),
    ("cards.json", lambda d: d["cards"][2].__setitem__("shape", ["#.", ".#"]), parse_cards, "cards[2].shape"),
    ("cards.json", lambda d: d["cards"].pop(), parse_cards, "cards"),
    ("track.json", lambda d: d["entries"][6].__setitem__("points", 5), parse_track, "entries[6].points"),
    ("track.json", lambda d: d["entries"][0].__setitem__("triangles", 4), parse_track, "entries[0].triangles"),
    # RULINGS constraints checked at load (issue 17, problem 8)
    ("track.json", lambda d: d["entries"][0].__setitem__("points", 0), parse_track, "entries[0].points"),
    ("track.json", lambda d: d["entries"][4].__setitem__("points", 17), parse_track, "entries[4].points"),
    ("track.json", lambda d: d["entries"][6].__setitem__("points", 27), parse_track, "entries[6].points"),
    ("track.json", lambda d: d["entries"][2].__setitem__("shape", ["#.#"]), parse_track, "entries[2].shape"),
    ("cards.json", lambda d: d["cards"][2].__setitem__("shape", ["#." + "." * 20, "#" + "." * 21]), parse_cards,
     "cards[2].shape[0]"),
    ("cards.json", lambda d: d["cards"][2].__setitem__("shape", ["#", ".", ".", ".", ".", "#"]), parse_cards,
     "cards[2].shape"),
    ("cards.json", lambda d: d["cards"][2].__setitem__("shape", ["#.#"]), parse_cards, "cards[2].shape"),
    ("maps/river.json", lambda d: d.__setitem__("level", "advanced"), parse_map, "level"),
    ("maps/lake.json", lambda d: d.__setitem__("level", "expert"), parse_map, "level"),
    ("maps/lake.json", lambda d: d.__setitem__("name", " "), parse_map, "name"),
])
def test_damaged_files_name_file_and_field(tmp_path, rel, edit, parser, field):
    f = _broken(tmp_path, rel, edit)
    with pytest.raises(DataError) as exc:
        parser(f)
    assert exc.value.field == field
    assert Path(rel).name in str(exc.value) and field in str(exc.value)


def test_bad_json_and_wrong_id_are_reported(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text("{oops")
    with pytest.raises(DataError, match="cards.json.*valid JSON"):
        DataFile.load(bad)
    wrong = tmp_path / "track.json"
    wrong.write_text(json.dumps({"id": "other", "version": 1}))
    with pytest.raises(DataError, match="field 'id'"):
        DataFile.load(wrong)


def test_an_app_with_a_damaged_resource_folder_fails_with_the_message(tmp_path, monkeypatch, capsys):
    shutil.copytree(resource_path(), tmp_path / "res")
    (tmp_path / "res" / "reclaim" / "track.json").write_text('{"id": "track", "version": 0}')
    monkeypatch.setenv("RECLAIMDESK_RESOURCES", str(tmp_path / "res"))
    load_track.cache_clear()
    try:
        from reclaimdesk.cli import main

        assert main(["play", "reclaim", "--agents", "easy", "--seed", "1"]) == 2
        err = capsys.readouterr().err
        assert "track.json: field 'version'" in err and len(err.strip().splitlines()) == 1
    finally:
        load_track.cache_clear()


def test_the_design_checker_passes_on_the_shipped_files():
    """tools/check_reclaim_data.py holds the design constraints the calibration
    rests on (castle spread, network cost, payable links, terrain shares, cards,
    track); the shipped files must pass every one."""
    import subprocess
    import sys

    tool = Path(__file__).resolve().parents[3] / "tools" / "check_reclaim_data.py"
    done = subprocess.run([sys.executable, str(tool), "--quiet"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "OK: all Reclaim data checks passed" in done.stdout
