"""Claim Control's notation: every action reads back as itself."""

from __future__ import annotations

import pytest

from reclaimdesk.core.errors import IllegalActionError, NotationError
from reclaimdesk.core.game import get_game
from reclaimdesk.games.claim_control.actions import (
    MARKER_ACTIONS,
    SQUARE_ACTIONS,
    ClaimAction,
)
from reclaimdesk.games.claim_control.board import Spot

ALL_ACTIONS = [a for table in SQUARE_ACTIONS + MARKER_ACTIONS for a in table]


def test_every_action_round_trips():
    assert len(ALL_ACTIONS) == 2 * 25 + 2 * 56
    assert len(set(ALL_ACTIONS)) == len(ALL_ACTIONS)
    for action in ALL_ACTIONS:
        assert ClaimAction.parse(str(action)) == action
        assert eval(repr(action)) == action  # noqa: S307 - repr reads like a constructor


@pytest.mark.parametrize(
    "text, expected",
    [
        ("square blue c3", "square blue c3"),
        ("  SQUARE   Red  A1 ", "square red a1"),
        ("marker red edge c4-c3", "marker red edge c3-c4"),
        ("marker blue edge d3-c3", "marker blue edge c3-d3"),
        ("marker blue corner b2", "marker blue corner b2"),
        ("Marker Red Corner D4", "marker red corner d4"),
    ],
)
def test_parse_normalises(text, expected):
    assert str(ClaimAction.parse(text)) == expected


def test_fields():
    square = ClaimAction.parse("square red e5")
    assert (square.piece, square.colour, square.cell, square.spot) == ("square", "red", (4, 4), None)
    marker = ClaimAction.parse("marker blue corner b2")
    assert marker.cell is None and marker.spot == Spot.parse("b2")
    assert marker.spot.cells == ((1, 1), (1, 2), (2, 1), (2, 2))


@pytest.mark.parametrize(
    "text, problem",
    [
        ("", "empty"),
        ("place blue c3", "start with 'square' or 'marker'"),
        ("square green c3", "'blue' or 'red'"),
        ("square blue", "written like 'square blue c3'"),
        ("square blue f3", "not a cell of the board"),
        ("square blue c0", "not a cell of the board"),
        ("square blue c3 d3", "written like 'square blue c3'"),
        ("marker red c3-c4", "written like 'marker red edge c3-c4'"),
        ("marker red side c3-c4", "written like 'marker red edge c3-c4'"),
        ("marker red edge c3-e3", "do not share a side"),
        ("marker red edge b2", "not an edge"),
        ("marker red corner c3-c4", "not a corner"),
        ("marker red corner e2", "outer border"),
        ("marker red corner a5", "outer border"),
    ],
)
def test_bad_notation_says_why(text, problem):
    with pytest.raises(NotationError, match=problem):
        ClaimAction.parse(text)


def test_non_text_is_a_notation_error():
    with pytest.raises(NotationError):
        ClaimAction.parse(None)  # type: ignore[arg-type]


def test_state_parses_and_prints_through_the_game_api():
    state = get_game("claim-control").new_game(2, seed=0)
    action = state.parse_action("marker red edge b2-b3")
    assert state.action_to_str(action) == "marker red edge b2-b3"
    assert state.describe_action(action) == "a red marker on the edge between b2 and b3"
    assert state.describe_action(state.parse_action("square blue c3")) == "a blue square on c3 (worth 7)"
    assert state.describe_action(state.parse_action("marker blue corner a1")) == (
        "a blue marker on the corner of a1, b1, a2, b2")


def test_the_notation_documents_example():
    state = get_game("claim-control").new_game(2, seed=0)
    for text in ["square blue c3", "marker blue edge b3-c3", "marker blue corner c3",
                 "marker red edge c3-c4"]:
        state.apply_text(text)
    assert state.influence_on((2, 2)) == (1, 2)
    assert state.claimant((2, 2)) == 1
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("square red c3")
    assert str(info.value) == "illegal action square red c3: c3 already holds a blue square"
