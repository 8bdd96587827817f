"""Colours chosen at the table and the virtual player's own deck (issue 25 item 5):
the rule book lets each player take the colour they like, and with three players
one of the decks nobody chose becomes the virtual player's own face-down deck,
turned one card a round once everyone has drawn on their own map
(docs/rules/alluvium.md, "Players, colours, seats")."""

import json

import pytest

from reclaimdesk.core.agents import RandomAgent, play_game
from reclaimdesk.core.errors import RecordError
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.alluvium.actions import AlluviumAction
from reclaimdesk.games.alluvium.components import COLOUR_IDS
from reclaimdesk.games.alluvium.state import OTHERS, OWN, VIRTUAL, palette_for

from .helpers import SPEC, play_until


def game(players: int, colours: str = "", seed: int = 3):
    return SPEC.new_game(players, seed, {"colours": colours})


def test_without_a_choice_the_seats_take_the_books_order():
    assert SPEC.default_options["colours"] == ""
    four = game(4)
    assert [four.colour_of(s) for s in range(4)] == ["red", "brown", "blue", "yellow"]
    assert game(3).virtual_colour == "yellow"
    assert palette_for(5, "") == COLOUR_IDS


def test_each_player_plays_the_colour_chosen():
    state = game(4, "green,blue,red,brown")
    assert [state.colour_of(s) for s in range(4)] == ["green", "blue", "red", "brown"]
    assert state.virtual_colour is None
    # what the sheet shows and what the rankings name follow the choice
    state = play_until(state, lambda s: s.phase == OTHERS)
    owner = state.held_by(0)
    drawn = state.sheets[owner].colour_masks[owner]
    cell = state.geo.grid.cells_of(drawn)[0]
    assert state.colour_at(owner, cell) == state.colour_of(owner)
    assert [colour for colour, _checks in state.track(0)] == ["blue", "red", "brown"]


def test_three_players_choose_the_virtual_players_deck_too():
    state = game(3, "green,red,blue,brown")
    assert state.virtual_colour == "brown"
    assert state.colours_in_play == (0, 1, 2, 3)
    # left out, the virtual player takes the first colour nobody plays, in the book's order
    assert game(3, "brown,yellow,red").virtual_colour == "blue"


def test_the_virtual_player_has_its_own_deck_turned_after_the_own_maps():
    state = game(3, "green,red,blue,yellow", seed=11)
    ids = set(state.components.piece_ids)
    v = state.virtual
    assert set(state.decks[v]) == ids and len(state.decks[v]) == 6  # a whole deck of its own, unturned
    assert state.field_history[v] == []
    seats_before = [list(state.decks[s]) for s in range(3)]
    state = play_until(state, lambda s: s.phase == VIRTUAL)
    assert len(state.field_history[v]) == 1
    assert set(state.field_history[v]) | set(state.decks[v]) == ids and len(state.decks[v]) == 5
    assert [list(state.decks[s]) for s in range(3)] == seats_before   # nobody else's deck was touched
    # every player draws that card's piece on their own sheet, in the virtual colour
    for seat in range(3):
        assert state.seat == seat and state.pieces_to_draw() == [state.field_history[v][0]]
        assert state.held_by(seat) == seat and state.drawing_colour() == v
        state.apply(state.legal_actions()[0])
    # one card a round: four rounds turn four cards of its six
    play_game(state, [RandomAgent(s) for s in range(3)])
    assert len(state.field_history[v]) == 4 and len(state.decks[v]) == 2


def test_the_decks_follow_the_colours_not_the_seats():
    """Red's deck is shuffled the same whoever plays red."""
    a = game(4, "red,brown,blue,yellow", seed=5)
    b = game(4, "blue,yellow,red,brown", seed=5)
    assert a.field_history[0] == b.field_history[2]       # red
    assert a.field_history[3] == b.field_history[1]       # yellow


def test_cooperation_goes_to_the_seat_of_the_colour():
    state = game(4, "yellow,green,red,blue", seed=2)
    play_game(state, [RandomAgent(s) for s in range(4)])
    for seat in range(4):
        colour = state.colour_of(seat)
        got = sum(p.points for owner, ranking in enumerate(state.cooperation) if owner != seat
                  for p in ranking if p.colour == colour)
        assert state.cooperation_points(seat) == got
        assert set(state.breakdown(seat)["cooperation"]) == {state.colour_of(o) for o in range(4) if o != seat}


@pytest.mark.parametrize("players, colours", [
    (4, "red,brown,blue"), (4, "red,brown,blue,yellow,green"), (3, "red,brown"), (3, "red,brown,blue,yellow,green"),
    (4, "red,red,blue,green"), (3, "red,brown,blue,red"), (4, "red,brown,blue,purple"),
])
def test_a_bad_choice_is_refused_with_a_reason(players, colours):
    with pytest.raises(ValueError, match="colour"):
        game(players, colours)


def test_the_choice_is_in_the_record_and_old_records_still_load():
    state = game(3, "blue,green,red,brown", seed=9)
    play_game(state, [RandomAgent(s) for s in range(3)])
    record = GameRecord.from_state(state, [{"name": f"P{i}", "kind": "ai", "level": "random"} for i in range(3)])
    data = json.loads(record.to_json())
    assert data["options"] == {"colours": "blue,green,red,brown"}
    again = GameRecord.from_json(json.dumps(data)).replay()
    assert again.state_key() == state.state_key() and again.virtual_colour == "brown"
    # a record written before the choice existed: no option, the book's order
    old = game(4, "", seed=4)
    play_game(old, [RandomAgent(s) for s in range(4)])
    data = json.loads(GameRecord.from_state(old, [{"name": f"P{i}", "kind": "ai", "level": "random"}
                                                  for i in range(4)]).to_json())
    data["options"] = {}
    replayed = GameRecord.from_json(json.dumps(data)).replay()
    assert replayed.state_key()[3:] == old.state_key()[3:]
    assert [replayed.colour_of(s) for s in range(4)] == ["red", "brown", "blue", "yellow"]
    # a damaged choice is a record error, not a crash
    data["options"] = {"colours": "red,red,blue,green"}
    with pytest.raises(RecordError):
        GameRecord.from_json(json.dumps(data)).replay()


def test_the_log_names_the_squares_the_piece_covers():
    state = game(4, seed=1)
    pid = state.pieces_to_draw()[0]
    action = next(a for a in state.legal_actions() if a.kind == "place" and a.piece == pid)
    covered = state.covered_cells(action)
    assert len(covered) == len(state.piece(pid).orientations[0].cells)
    text = state.describe_action(action)
    from reclaimdesk.core.grid import cell_name
    for cell in covered:
        assert cell_name(cell) in text
    # S4 drawn with its corner on c4 covers d4, e4, c5, d5 and is named so (issue 24)
    s4 = state.piece("S4")
    k = next(i for i, o in enumerate(s4.orientations) if sorted(o.cells) == [(0, 1), (0, 2), (1, 0), (1, 1)])
    text = state.describe_action(AlluviumAction.place("S4", k, (3, 2)))
    assert "d4, e4, c5, d5" in text and "c4" not in text


def test_a_sheet_as_seen_shows_only_what_the_viewer_saw():
    state = play_until(game(4, seed=6), lambda s: s.phase == OTHERS and s.step == 2)
    viewer = 0
    own = state.sheet_as_seen(viewer, viewer)
    real = state.sheets[viewer]
    assert state.holder_of(viewer) != viewer
    assert len(own.entries) == state.seen[viewer][viewer] < len(real.entries)
    assert own.filled == real.filled & own.filled and own.filled != real.filled
    # a sheet it held at step 1 shows what it saw then, checks included
    first = state.held_by(viewer) - state.step_direction
    first %= 4
    seen = state.sheet_as_seen(viewer, first)
    assert len(seen.entries) == state.seen[viewer][first]
    assert seen.area == []
    # the sheet in hand is the sheet itself
    assert state.sheet_as_seen(viewer, state.held_by(viewer)) is state.sheets[state.held_by(viewer)]
    assert state.phase in (OTHERS, OWN)


def test_a_filled_sheet_names_and_paints_the_colours_chosen():
    from reclaimdesk.export.alluvium_kit import player_label
    from reclaimdesk.export.kit import build_print_pdf
    from reclaimdesk.export.options import PrintOptions

    state = game(3, "green,blue,red,brown", seed=8)
    play_game(state, [RandomAgent(s) for s in range(3)])
    assert player_label(state, 0, ["Ann"]) == "Ann (green)"
    assert player_label(state, 2, []) == "red"
    pdf = build_print_pdf("alluvium", PrintOptions(), state)
    assert pdf.startswith(b"%PDF")
