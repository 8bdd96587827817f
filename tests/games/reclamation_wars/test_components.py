"""Reclamation Wars' setup data: loaded, validated with errors naming file and field."""

from __future__ import annotations

import copy
import json

import pytest

from reclaimdesk.core.data import DataFile, resource_path
from reclaimdesk.core.errors import DataError
from reclaimdesk.games.reclamation_wars.components import (
    SPECIAL_DESCRIPTIONS,
    SPECIAL_KINDS,
    SPECIAL_NAMES,
    geometry,
    layout_to_text,
    load_setup,
    parse_layout,
    parse_setup,
    seeded_layout,
)

RAW = json.loads(resource_path("reclamation_wars", "setup.json").read_text(encoding="utf-8"))


def _parse(data):
    return parse_setup(DataFile("setup.json", data))


def test_the_shipped_setup_loads():
    setup = load_setup()
    assert setup.id == "setup" and setup.version >= 1
    assert setup.boards["standard"].radius == 4 and setup.boards["large"].radius == 5
    assert [s.kind for s in setup.specials] == list(SPECIAL_KINDS)
    assert set(SPECIAL_NAMES) == set(SPECIAL_DESCRIPTIONS) == set(SPECIAL_KINDS)
    assert len(geometry("standard")) == 61 and len(geometry("large")) == 91


@pytest.mark.parametrize("change, field", [
    (lambda d: d["boards"]["standard"].update(radius=2), "boards.standard.radius"),
    (lambda d: d["boards"]["large"].pop("min_spacing"), "boards.large.min_spacing"),
    (lambda d: d["boards"].pop("standard"), "boards"),
    (lambda d: d.update(start_corners=[0, 1, 3]), "start_corners"),
    (lambda d: d.update(start_corners=[0, 2]), "start_corners"),
    (lambda d: d["specials"][2].update(kind="teleport"), "specials[2].kind"),
    (lambda d: d["specials"][1].update(kind="super"), "specials"),
    (lambda d: d["specials"][0].update(code="SD"), "specials[0].code"),
    (lambda d: d.update(placement_attempts="many"), "placement_attempts"),
])
def test_bad_setup_data_names_the_field(change, field):
    data = copy.deepcopy(RAW)
    change(data)
    with pytest.raises(DataError) as info:
        _parse(data)
    assert info.value.file == "setup.json" and info.value.field == field


def test_impossible_placement_constraints_are_reported():
    import reclaimdesk.games.reclamation_wars.components as comp

    data = copy.deepcopy(RAW)
    data["boards"]["standard"]["min_spacing"] = 4
    data["placement_attempts"] = 50
    setup = _parse(data)
    comp.load_setup.cache_clear()
    comp.geometry.cache_clear()
    original = comp.load_setup
    try:
        comp.load_setup = lambda: setup  # type: ignore[assignment]
        with pytest.raises(DataError, match="boards.standard"):
            comp.seeded_layout("standard", 1)
    finally:
        comp.load_setup = original
        comp.geometry.cache_clear()


def test_layout_text_round_trip_and_errors():
    geo = geometry("large")
    layout = seeded_layout("large", 5)
    assert parse_layout(geo, layout_to_text(geo, layout)) == layout
    with pytest.raises(ValueError, match="placed twice"):
        parse_layout(geo, "super 1,1; super 2,2")
    with pytest.raises(ValueError, match="not a special kind"):
        parse_layout(geo, "teleport 1,1")
    with pytest.raises(ValueError, match="share a hex"):
        parse_layout(geo, "super 1,1; fortified 1,1; void 0,1; longrange 0,2; neutralizer 0,3; lockdown 0,4")
