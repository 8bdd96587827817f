"""Reclamation Wars: every ruling of RULINGS.md and of docs/rules/reclamation-wars.md."""

from __future__ import annotations

import pytest

from reclaimdesk.core.agents import RandomAgent, play_game
from reclaimdesk.core.errors import IllegalActionError, NotationError
from reclaimdesk.core.game import TERMINAL, get_game
from reclaimdesk.core.hexgrid import hex_distance
from reclaimdesk.games.reclamation_wars.components import geometry, layout_problems, seeded_layout
from reclaimdesk.games.reclamation_wars.state import NEUTRAL, REMOVED, TOTAL_TURNS

from .helpers import (
    FORTIFIED_HEX,
    LAYOUT,
    LOCKDOWN_HEX,
    LONGRANGE_HEX,
    NEUTRALIZER_HEX,
    SUPER_HEX,
    VOID_HEX,
    idx,
    legal,
    new_game,
    owner,
    play,
    position,
    reason,
)


# --- setup -----------------------------------------------------------------
@pytest.mark.parametrize("board, hexes", [("standard", 61), ("large", 91)])
def test_boards_starts_and_demolishers(board, hexes):
    state = get_game("reclamation-wars").new_game(3, 7, {"board": board})
    assert len(state.geo) == hexes
    radius = state.geo.spec.radius
    starts = [state.geo.hexes[i] for i in state.geo.starts]
    assert starts == [(radius, 0), (0, -radius), (-radius, radius)]  # alternate corners
    assert state.counts() == [1, 1, 1]
    for seat, h in enumerate(starts):
        assert state.owner_of(h) == seat and state.demolisher_hex(seat) == h
    assert sorted(state.special_hexes().values()) == sorted(state.layout)
    assert state.current_player == 0 and state.turn_number(0) == 1


@pytest.mark.parametrize("board", ["standard", "large"])
def test_seeded_layouts_are_spread_and_fair(board):
    geo = geometry(board)
    seen = set()
    for seed in range(60):
        layout = seeded_layout(board, seed)
        assert layout_problems(geo, layout, strict=True) == []
        for i in layout.values():  # never on or next to a start
            assert min(hex_distance(geo.hexes[i], geo.hexes[s]) for s in geo.starts) >= 2
        sums = [sum(geo.distance(s, i) for i in layout.values()) for s in geo.starts]
        assert max(sums) - min(sums) <= 2
        seen.add(tuple(sorted(layout.items())))
    assert len(seen) > 50  # the seed really places them
    assert seeded_layout(board, 3) == seeded_layout(board, 3)


def test_a_fixed_layout_replaces_the_seeded_one():
    state = new_game(LAYOUT)
    assert state.special_hexes()[(2, -4)] == "super"
    assert state.result()["layout"].startswith("super C9; fortified A7")
    with pytest.raises(ValueError, match="layout"):
        new_game("super 4,0; fortified -2,-2; void 4,-2; longrange -4,2; neutralizer 2,2; lockdown -2,4")
    with pytest.raises(ValueError, match="not on the board"):
        new_game("super 9,9")
    with pytest.raises(ValueError, match="six special kinds"):
        new_game("super 2,-4")


# --- reclaiming ------------------------------------------------------------
def test_reclaim_a_neutral_hex_next_to_own_territory_then_the_next_seat_plays():
    state = new_game()
    assert sorted(a for a in legal(state) if a.startswith("reclaim")) == [
        "reclaim 3,0", "reclaim 3,1", "reclaim 4,-1"]
    play(state, "reclaim 3,0")
    assert owner(state, "3,0") == 0 and state.current_player == 1
    assert "is not next to your territory" in reason(state, "reclaim 0,0")
    assert "already yours" in reason(state, "reclaim 0,-4")
    assert "belongs to Player 1" in reason(state, "reclaim 4,0")


def test_long_range_reclaims_at_distance_two_and_is_lost_with_its_hex():
    state = position({0: ["0,0", LONGRANGE_HEX], 1: ["1,-1"], 2: ["-3,3"]}, {1: "1,-2"})
    assert "reclaim 2,0" in legal(state) and "reclaim -2,1" in legal(state)
    assert "reclaim 3,0" not in legal(state)
    play(state, "reclaim -2,1")
    # seat 1 demolishes the Long-range hex: seat 0 loses the power at once
    state.demolisher[1] = idx(state, "-3,2")
    play(state, "demolish -4,2", "end")
    assert owner(state, LONGRANGE_HEX) == NEUTRAL
    play(state, "reclaim -3,4")
    assert state.current_player == 0
    assert "reclaim 2,0" not in legal(state) and "reclaim 1,0" in legal(state)
    assert "not next to your territory" in reason(state, "reclaim 2,0")


def test_removed_hexes_cannot_be_reclaimed():
    state = position({0: ["0,0"]})
    state.owner[idx(state, "1,0")] = REMOVED
    assert "reclaim 1,0" not in legal(state)
    assert "removed from play" in reason(state, "reclaim 1,0")


# --- the demolisher ----------------------------------------------------------
def test_demolish_makes_a_hex_neutral_that_nobody_reclaims_before_the_demolishers_next_turn():
    state = position({0: ["0,0"], 1: ["1,0", "1,-1"], 2: ["0,1"]}, {0: "0,0", 1: "1,-3", 2: "-4,4"})
    play(state, "demolish 1,0")
    assert owner(state, "1,0") == NEUTRAL and state.current_player == 0
    assert state.blocked_hexes() == {(1, 0): 0}
    assert "end" in legal(state)
    play(state, "end")
    assert state.current_player == 1
    assert "reclaim 1,0" not in legal(state)
    assert "nobody may reclaim it before Player 1's next turn" in reason(state, "reclaim 1,0")
    play(state, "reclaim 2,-1")
    assert state.current_player == 2 and "reclaim 1,0" not in legal(state)
    play(state, "reclaim -1,1")
    assert state.current_player == 0 and state.blocked_hexes() == {}
    assert "reclaim 1,0" in legal(state)


def test_two_moves_end_the_turn_and_end_stops_early():
    state = position({0: ["0,0", "-1,0", "-1,1"], 1: ["1,-1"]}, {0: "0,0"})
    play(state, "step -1,0")
    assert state.current_player == 0 and state.moves_used == 1
    assert "reclaim 1,0" not in legal(state)
    assert "demolisher turn is under way" in reason(state, "reclaim 1,0")
    play(state, "step -1,1")
    assert state.current_player == 1 and state.moves_used == 0
    assert state.last_turn(0).kind == "demolisher"
    assert [str(e.action) for e in state.last_turn(0).events] == ["step -1,0", "step -1,1"]
    assert "no demolisher turn to end" in reason(state, "end")


def test_steps_only_onto_own_free_hexes():
    state = position({0: ["0,0", "-1,0"], 1: ["1,0"]}, {0: "0,0", 1: "-1,0"})
    moves = legal(state)
    assert "step 1,-1" not in moves and "step 1,0" not in moves  # neutral, enemy
    assert "step -1,0" not in moves  # own hex, but an enemy demolisher stands on it
    assert "a demolisher already stands on D5" == reason(state, "step -1,0")
    assert "steps only onto its owner's hexes" in reason(state, "step 1,0")
    assert "not next to your demolisher" in reason(state, "step 3,0")


def test_destroy_an_adjacent_enemy_demolisher_for_good():
    state = position({0: ["0,0"], 1: ["1,-2"], 2: ["-3,3"]}, {0: "0,0", 1: "1,0"})
    play(state, "destroy 1,0")
    assert state.demolisher_hex(1) is None
    # no move is left for seat 0's demolisher (no own hex to step onto, no enemy
    # next to it): its turn ends by itself
    assert state.current_player == 1
    assert not any(a.split()[0] in ("step", "demolish", "destroy") for a in legal(state))
    assert "destroyed" in reason(state, "step 1,-2")


def test_no_friendly_fire():
    state = position({0: ["0,0", "1,0"], 1: ["-1,0"]}, {0: "0,0"})
    assert "demolish 1,0" not in legal(state)
    assert reason(state, "demolish 1,-1") == "only an enemy hex can be demolished"
    assert "there is no enemy demolisher" in reason(state, "destroy 1,0")


# --- Super Demolisher --------------------------------------------------------
def test_super_demolisher_three_moves_and_conversion():
    state = position({0: ["0,0", SUPER_HEX], 1: ["1,0", "1,-1", "0,-1"]}, {0: "0,0"})
    assert state.moves_allowed(0) == 3
    play(state, "demolish 1,0")
    assert owner(state, "1,0") == 0 and state.blocked_hexes() == {}
    play(state, "step 1,0", "demolish 2,-1" if owner(state, "2,-1") == 1 else "demolish 1,-1")
    assert state.current_player == 1  # three moves used
    assert owner(state, "1,-1") == 0
    assert [e.outcome for e in state.last_turn(0).events] == ["converted", "stepped", "converted"]


def test_super_demolisher_against_fortified_neutralises_in_one_hit_without_converting():
    state = position({0: ["0,0", SUPER_HEX], 1: ["1,0", FORTIFIED_HEX]}, {0: "0,0"})
    play(state, "demolish 1,0")
    assert owner(state, "1,0") == NEUTRAL and state.blocked_hexes() == {(1, 0): 0}


def test_super_conversion_of_a_third_special_hex_leaves_it_neutral():
    layout = "super 2,-4; fortified -2,-2; void 1,0; longrange -4,2; neutralizer 2,2; lockdown -2,4"
    state = position({0: ["0,0", SUPER_HEX, LONGRANGE_HEX], 1: ["1,0"]}, {0: "0,0"}, layout=layout)
    assert state.specials_held(0) == 2
    assert "Demolish F5 of Player 2: it turns neutral" == state.describe_action(state.parse_action("demolish 1,0"))
    play(state, "demolish 1,0")
    assert owner(state, "1,0") == NEUTRAL


# --- Fortified -----------------------------------------------------------------
def test_fortified_needs_two_hits_and_hits_persist_until_the_owner_changes():
    state = position({0: ["0,0"], 1: ["1,0", FORTIFIED_HEX], 2: ["-3,3"]}, {0: "0,0", 1: "1,-3"})
    play(state, "demolish 1,0")
    assert owner(state, "1,0") == 1 and state.hits_on((1, 0)) == 1
    assert state.fortified_hits() == {(1, 0): 1}
    play(state, "end", "reclaim 2,-1", "reclaim -3,4")
    assert state.current_player == 0 and state.hits_on((1, 0)) == 1
    assert "it turns neutral" in state.describe_action(state.parse_action("demolish 1,0"))
    play(state, "demolish 1,0")
    assert owner(state, "1,0") == NEUTRAL and state.hits_on((1, 0)) == 0


def test_two_hits_in_one_turn_and_the_fortified_power_is_lost_with_its_hex():
    layout = "super 2,-4; fortified 1,-1; void 4,-2; longrange -4,2; neutralizer 2,2; lockdown -2,4"
    state = position({0: ["0,0"], 1: ["1,-1", "1,0", "-1,0"]}, {0: "0,0"}, layout=layout)
    play(state, "demolish 1,-1", "demolish 1,-1")  # the Fortified hex itself falls
    assert owner(state, "1,-1") == NEUTRAL and state.holder("fortified") == NEUTRAL
    state2 = position({0: ["0,0"], 1: ["1,0"]}, {0: "0,0"}, layout=layout)
    play(state2, "demolish 1,0")  # no Fortified holder: one hit is enough
    assert owner(state2, "1,0") == NEUTRAL


# --- Void Maker ----------------------------------------------------------------
def test_void_maker_removes_a_hex_from_play_and_ignores_fortified():
    state = position({0: ["0,0", VOID_HEX], 1: ["1,0", FORTIFIED_HEX]}, {0: "0,0", 1: "1,-1"})
    voids = [a for a in legal(state) if a.startswith("void")]
    assert "void 1,0" in voids and "void -1,0" in voids
    assert "void 1,-1" not in voids  # a demolisher stands there
    assert "void 0,0" not in voids  # own hex
    assert reason(state, "void 1,-1") == "a hex with a demolisher on it cannot be removed"
    assert reason(state, "void 0,0") == "you may not remove your own hex"
    play(state, "void 1,0")
    assert owner(state, "1,0") == REMOVED and state.counts()[1] == 1
    assert state.current_player == 1
    assert "reclaim 1,0" not in legal(state)


def test_void_maker_cannot_remove_special_hexes():
    layout = "super 2,-4; fortified -2,-2; void 4,-2; longrange 1,0; neutralizer 2,2; lockdown -2,4"
    state = position({0: ["0,0", VOID_HEX]}, {0: "0,0"}, layout=layout)
    assert "void 1,0" not in legal(state)
    assert reason(state, "void 1,0") == "a special hex cannot be removed"


# --- Special Neutralizer -------------------------------------------------------
def test_neutralizer_strips_a_special_hex_once_and_owners_stay():
    state = position({0: ["0,0", NEUTRALIZER_HEX], 1: ["1,0", SUPER_HEX]}, {0: "0,0"})
    targets = sorted(a for a in legal(state) if a.startswith("neutralize"))
    assert targets == sorted(f"neutralize {h}" for h in
                             (SUPER_HEX, FORTIFIED_HEX, VOID_HEX, LONGRANGE_HEX, LOCKDOWN_HEX))
    assert reason(state, f"neutralize {NEUTRALIZER_HEX}") == "the Special Neutralizer cannot strip itself"
    play(state, f"neutralize {SUPER_HEX}")
    assert owner(state, SUPER_HEX) == 1 and owner(state, NEUTRALIZER_HEX) == 0
    assert state.holder("super") == NEUTRAL and state.holder("neutralizer") == NEUTRAL
    assert state.moves_allowed(1) == 2
    assert set(state.stripped_hexes().values()) == {"super", "neutralizer"}
    assert len(state.special_hexes()) == 4
    # a stripped hex is a regular hex: the Void Maker may now remove it
    state.turn = 3  # seat 0 again
    set_hex = idx(state, VOID_HEX)
    state.owner[set_hex] = 0
    assert not any(a.startswith("neutralize") for a in legal(state))


# --- Lockdown -------------------------------------------------------------------
def test_lockdown_skips_the_next_turn_grants_immunity_and_cools_down():
    state = position(
        {0: ["0,0", "0,1", LOCKDOWN_HEX], 1: ["1,-1"], 2: ["-1,1", VOID_HEX, NEUTRALIZER_HEX]},
        {0: "0,0", 1: "1,-1", 2: "-1,1"},
    )
    assert "lockdown" in legal(state)
    play(state, "lockdown")
    assert state.locked_seats() == [0] and state.current_player == 1
    assert set(state.locked_hexes()) == {(0, 0), (0, 1), (-2, 4)}
    # immune to demolishers: no demolish, no destroy
    assert "demolish 0,0" not in legal(state) and "destroy 0,0" not in legal(state)
    assert "lockdown: immune to demolishers" in reason(state, "demolish 0,0")
    play(state, "reclaim 2,-1")
    # immune to special powers
    assert "void 0,1" not in legal(state)
    assert f"neutralize {LOCKDOWN_HEX}" not in legal(state)
    assert "immune to special powers" in reason(state, "void 0,1")
    assert "immune to special powers" in reason(state, f"neutralize {LOCKDOWN_HEX}")
    play(state, "reclaim -2,1")
    # seat 0's turn 2 is skipped by itself and logged; still immune
    assert state.current_player == 1 and state.turn_number(1) == 2
    assert state.turns[-1].kind == "skipped" and state.turns[-1].seat == 0 and state.turns[-1].number == 2
    assert state.locked_seats() == [0]
    play(state, "reclaim 2,-2", "reclaim -2,2")
    # seat 0's turn 3 begins: immunity is over, Lockdown is cooling down
    assert state.current_player == 0 and state.turn_number(0) == 3 and state.locked_seats() == []
    assert "lockdown" not in legal(state)
    assert reason(state, "lockdown") == "Lockdown can be activated again on your turn 5"
    play(state, "reclaim 1,0", "reclaim 3,-2", "reclaim -3,2")
    assert state.turn_number(0) == 4 and "lockdown" not in legal(state)
    play(state, "reclaim -1,0", "reclaim 4,-3", "reclaim -3,3")
    assert state.turn_number(0) == 5 and "lockdown" in legal(state)


def test_the_skipped_turn_counts_among_the_twenty():
    state = position({0: ["0,0", LOCKDOWN_HEX], 1: ["1,-2"], 2: ["-3,3"]}, to_move=0, turn_number=19)
    play(state, "lockdown")
    # seat 1 and 2 play turn 19, seat 0's turn 20 is skipped, then seats 1 and 2 play turn 20
    for _ in range(2):
        play(state, legal(state)[0])
    assert state.turns[-1].kind == "skipped" and state.turns[-1].number == 20
    for _ in range(2):
        play(state, legal(state)[0])
    assert state.is_terminal() and state.current_player == TERMINAL


# --- the two-special limit -------------------------------------------------------
def test_at_most_two_special_hexes():
    layout = "super 2,-4; fortified -2,-2; void 1,0; longrange -4,2; neutralizer 2,2; lockdown -2,4"
    state = position({0: ["0,0", SUPER_HEX, FORTIFIED_HEX]}, layout=layout)
    assert "reclaim 1,0" not in legal(state) and "reclaim 0,1" in legal(state)
    assert reason(state, "reclaim 1,0") == "you already hold two special hexes"


# --- demolishers on hexes that change owner ------------------------------------
def test_a_hex_holding_a_demolisher_can_be_demolished_and_the_demolisher_stays():
    state = position({0: ["0,0", "-1,0"], 1: ["1,0", "1,-1"], 2: ["-3,3"]}, {0: "0,0", 1: "1,0"})
    state.turn = 1  # seat 1 to move
    assert "demolish 0,0" in legal(state)
    play(state, "demolish 0,0", "end", "reclaim -3,2")
    assert owner(state, "0,0") == NEUTRAL and state.demolisher_hex(0) == (0, 0)
    # from neutral ground it may still demolish and destroy, and step onto own hexes only
    moves = legal(state)
    assert "demolish 1,-1" in moves and "destroy 1,0" in moves and "step -1,0" in moves
    assert "step 0,1" not in moves


def test_a_player_with_no_legal_turn_passes():
    state = position({0: ["0,0"], 1: ["1,-3"]}, {2: None}, to_move=1)
    play(state, "reclaim 1,-2")
    # seat 2 holds nothing and has no demolisher: its turn passes by itself
    assert state.current_player == 0
    assert state.turns[-1].kind == "passed" and state.turns[-1].seat == 2


# --- the end ------------------------------------------------------------------------
def test_twenty_turns_each_then_the_most_hexes_win_and_ties_share():
    state = get_game("reclamation-wars").new_game(3, 11)
    play_game(state, [RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    assert state.is_terminal() and state.legal_actions() == []
    assert len(state.turns) == TOTAL_TURNS
    for seat in range(3):
        assert [t.number for t in state.turns if t.seat == seat] == list(range(1, 21))
    assert state.scores() == [float(c) for c in state.counts()]
    assert state.turns[-1].counts == tuple(state.counts())
    state.owner = [NEUTRAL] * len(state.geo)
    for h in ("0,0", "1,0", "-1,0"):
        state.owner[idx(state, h)] = 0
    for h in ("2,0", "2,-1", "3,-1"):
        state.owner[idx(state, h)] = 1
    state.owner[idx(state, "-3,3")] = 2
    assert state.winners() == [0, 1]
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_text("end")


# --- words -------------------------------------------------------------------------------
def test_notation_and_reasons():
    state = new_game()
    for text in ("reclaim 1,-2", "step 0,0", "demolish -1,3", "destroy 2,2", "end", "void 0,1",
                 "neutralize 2,-4", "lockdown"):
        assert str(state.parse_action(text)) == text
    for bad in ("", "reclaim", "reclaim 1", "lockdown 1,1", "fly 1,2", "end now"):
        with pytest.raises(NotationError):
            state.parse_action(bad)
    assert reason(state, "reclaim 9,9") == "9,9 is not on the board"
    assert reason(state, "void 3,0") == "you do not hold the Void Maker"
    assert reason(state, "neutralize 2,-4") == "you do not hold the Special Neutralizer"
    assert reason(state, "lockdown") == "you do not hold the Lockdown hex"
    assert reason(state, "reclaim 3,0") == ""
    assert state.why_illegal("reclaim 3,0") == "not a Reclamation Wars action"
    assert state.describe_action(state.parse_action("reclaim 3,0")) == "Reclaim H5"


def test_describe_actions_and_events():
    state = position({0: ["0,0", SUPER_HEX], 1: ["1,0", FORTIFIED_HEX, "1,-1"], 2: ["-1,1"]},
                     {0: "0,0", 1: "1,-1"})
    words = {a: state.describe_action(state.parse_action(a)) for a in legal(state)}
    assert words["demolish 1,0"] == "Demolish F5 of Player 2: it turns neutral"
    assert words["destroy 1,-1"] == "Destroy the demolisher of Player 2 on E6"
    assert words["demolish -1,1"] == "Demolish E4 of Player 3: it becomes yours (Super Demolisher)"
    plain = position({0: ["0,0"], 1: ["1,0", FORTIFIED_HEX]}, {0: "0,0"})
    assert plain.describe_action(plain.parse_action("demolish 1,0")) == (
        "Demolish F5 of Player 2: first of two hits (Fortified)")
    layout_state = position({0: ["0,0", NEUTRALIZER_HEX, VOID_HEX]}, {0: "0,0"})
    assert layout_state.describe_action(layout_state.parse_action(f"neutralize {SUPER_HEX}")) == (
        "Strip C9 of its power, Super Demolisher (Special Neutralizer)")
    assert layout_state.describe_action(layout_state.parse_action("void 1,0")) == (
        "Remove F5 from play (Void Maker)")
    lock = position({0: ["0,0", LOCKDOWN_HEX]})
    assert "Activate Lockdown" in lock.describe_action(lock.parse_action("lockdown"))
    assert lock.actions_at((1, 0)) == [lock.parse_action("reclaim 1,0")]


def test_messages_are_translated():
    from reclaimdesk.core import i18n

    state = new_game()
    try:
        i18n.set_language("ja")
        text = reason(state, "void 3,0")
        assert text != "you do not hold the Void Maker" and text
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("board", ["standard", "large"])
def test_the_quick_reclaim_check_agrees_with_the_reclaims_offered(board):
    # a turn begins with a quick check for any reclaim (the full list of actions is
    # built only when there is none); it must agree with the list, Long-range and the
    # two-specials limit included
    spec = get_game("reclamation-wars")
    for seed in range(3):
        state = spec.new_game(3, seed, {"board": board})
        agent = RandomAgent(seed)
        while not state.is_terminal():
            for seat in range(3):
                assert state._can_reclaim(seat) == bool(state._reclaims(seat))
            state.apply(agent.choose(state))
