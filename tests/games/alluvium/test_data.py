"""Alluvium's data files: the shipped ones meet every constraint of the rulings;
damaged ones give one clear error naming the file and the field."""

import json

import pytest

from reclaimdesk.core.data import DataFile, resource_path
from reclaimdesk.core.errors import DataError
from reclaimdesk.games.alluvium import components as comp


def test_shipped_components_meet_the_rulings():
    c = comp.load_components()
    assert 9 <= c.sheet.size <= 11
    a, b = c.sheet.start_squares
    assert a != b and all(0 <= x < c.sheet.size for x in a + b)
    assert c.sheet.track_rows == 4 and c.sheet.area_boxes == 4 and c.sheet.cooperation_boxes == 4
    assert len(c.pieces) == 6
    assert all(3 <= p.size <= 5 for p in c.pieces)
    assert len({p.shape.canonical(allow_flip=True) for p in c.pieces}) == 6
    assert [x.id for x in c.colours] == ["red", "brown", "blue", "yellow", "green"]
    assert len({x.symbol for x in c.colours}) == 5 and len({x.rgb for x in c.colours}) == 5
    assert c.direction.start == "clockwise"
    assert c.direction.step("clockwise") == 1 and c.direction.other("clockwise") == "counterclockwise"
    assert dict(c.versions) == {"alluvium/sheet": 1, "alluvium/pieces": 1,
                                "alluvium/colours": 1, "alluvium/direction": 1}


def _load(tmp_path, name, edit):
    data = json.loads(resource_path("alluvium", name).read_text())
    edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return DataFile.load(path)


@pytest.mark.parametrize("name, edit, parser, field", [
    ("sheet.json", lambda d: d.__setitem__("size", 12), comp.parse_sheet, "size"),
    ("sheet.json", lambda d: d.__setitem__("size", 8), comp.parse_sheet, "size"),
    ("sheet.json", lambda d: d["start_squares"].__setitem__(1, "z9"), comp.parse_sheet, "start_squares[1]"),
    ("sheet.json", lambda d: d["start_squares"].__setitem__(1, d["start_squares"][0]),
     comp.parse_sheet, "start_squares"),
    ("sheet.json", lambda d: d["start_squares"].pop(), comp.parse_sheet, "start_squares"),
    ("sheet.json", lambda d: d["track"].__setitem__("rows", 3), comp.parse_sheet, "track.rows"),
    ("sheet.json", lambda d: d["score_boxes"].__setitem__("area_rounds", 3), comp.parse_sheet,
     "score_boxes.area_rounds"),
    ("pieces.json", lambda d: d["pieces"].pop(), comp.parse_pieces, "pieces"),
    ("pieces.json", lambda d: d["pieces"][2].__setitem__("shape", ["##"]), comp.parse_pieces,
     "pieces[2].shape"),
    ("pieces.json", lambda d: d["pieces"][2].__setitem__("shape", ["###", "###"]), comp.parse_pieces,
     "pieces[2].shape"),
    ("pieces.json", lambda d: d["pieces"][2].__setitem__("shape", ["#.", ".#"]), comp.parse_pieces,
     "pieces[2].shape"),
    ("pieces.json", lambda d: d["pieces"][3].__setitem__("shape", list(reversed(d["pieces"][1]["shape"]))),
     comp.parse_pieces, "pieces[3].shape"),
    ("pieces.json", lambda d: d["pieces"][3].__setitem__("id", d["pieces"][0]["id"]), comp.parse_pieces,
     "pieces[3].id"),
    ("colours.json", lambda d: d["colours"][1].__setitem__("id", "purple"), comp.parse_colours,
     "colours[1].id"),
    ("colours.json", lambda d: d["colours"][4].__setitem__("symbol", d["colours"][0]["symbol"]),
     comp.parse_colours, "colours[4].symbol"),
    ("colours.json", lambda d: d["colours"][4].__setitem__("symbol", "smiley"), comp.parse_colours,
     "colours[4].symbol"),
    ("colours.json", lambda d: d["colours"][2].__setitem__("rgb", "blue"), comp.parse_colours,
     "colours[2].rgb"),
    ("direction.json", lambda d: d.__setitem__("start", "counterclockwise"), comp.parse_direction, "start"),
    ("direction.json", lambda d: d["sides"][1].__setitem__("step", 1), comp.parse_direction,
     "sides[1].step"),
])
def test_damaged_files_name_file_and_field(tmp_path, name, edit, parser, field):
    f = _load(tmp_path, name, edit)
    with pytest.raises(DataError) as err:
        parser(f)
    assert err.value.file == name and err.value.field == field
    assert name in str(err.value) and field in str(err.value)


def test_wrong_id_or_kind_is_refused(tmp_path):
    path = tmp_path / "sheet.json"
    data = json.loads(resource_path("alluvium", "sheet.json").read_text())
    data["kind"] = "reclaim-map"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError, match="kind"):
        DataFile.load(path, "alluvium-sheet")


def test_start_squares_a_single_piece_could_cover_are_refused(tmp_path):
    f = _load(tmp_path, "sheet.json", lambda d: d.__setitem__("start_squares", ["d4", "d6"]))
    sheet = comp.parse_sheet(f)
    with pytest.raises(DataError) as err:
        comp.check_together(sheet, comp.load_components().pieces, "sheet.json")
    assert err.value.field == "start_squares" and "both" in str(err.value)


def test_broken_resources_folder_names_the_file(tmp_path, monkeypatch):
    folder = tmp_path / "alluvium"
    folder.mkdir()
    for name in ("sheet.json", "pieces.json", "colours.json", "direction.json"):
        (folder / name).write_text(resource_path("alluvium", name).read_text())
    (folder / "pieces.json").write_text("{not json")
    monkeypatch.setenv("RECLAIMDESK_RESOURCES", str(tmp_path))
    comp.load_components.cache_clear()
    try:
        with pytest.raises(DataError, match="pieces.json"):
            comp.load_components()
    finally:
        monkeypatch.delenv("RECLAIMDESK_RESOURCES")
        comp.load_components.cache_clear()


def test_a_reloaded_piece_with_a_new_shape_never_meets_the_old_placements():
    from reclaimdesk.core.polyomino import Polyomino
    from reclaimdesk.games.alluvium.actions import AlluviumAction
    from reclaimdesk.games.alluvium.state import Geometry

    from .helpers import new

    geo = Geometry.of(comp.load_components().sheet.size)
    impostor = comp.Piece("I3", Polyomino.parse(["##", "#."]))  # edited file, same id
    geo.placements(impostor)
    state = new(4)
    action = AlluviumAction.place("I3", 0, (0, 0))
    assert state.action_mask(action) == state.geo.grid.mask([(0, 0), (0, 1), (0, 2)])
    assert geo.mask_of(impostor, 0, (0, 0)) == state.geo.grid.mask([(0, 0), (0, 1), (1, 0)])
