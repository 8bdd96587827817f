"""The Reclamation's rules: the rule book's worked examples and every ruling."""

import pytest

from reclaimdesk.core.errors import IllegalActionError
from reclaimdesk.core.game import get_game
from reclaimdesk.core.grid import parse_cell
from reclaimdesk.games.the_reclamation.state import (
    DRAW,
    OVER,
    TURN_LIMIT,
    TheReclamationState,
    play_line,
)

SPEC = get_game("the-reclamation")


def at(state, name):
    """(owner, height) of the stack on square ``name``."""
    return state.stack(parse_cell(name))


def new(rules="garden"):
    return SPEC.new_game(2, 0, {"rules": rules})


# --- setup ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules, hand", [("garden", 14), ("throne", 15)])
def test_setup(rules, hand):
    s = new(rules)
    assert s.current_player == 0  # Flower starts
    assert s.gardeners(0) == [parse_cell("f1")]  # Flower's bottom-right corner
    assert s.gardeners(1) == [parse_cell("a6")]  # the opposite corner: Tendril's bottom right
    assert at(s, "f1") == (0, 3) and at(s, "a6") == (1, 3)
    assert s.hand(0) == s.hand(1) == hand
    assert s.available_cards(0) == s.available_cards(1) == [1, 2, 3, 4]
    assert [str(a) for a in s.legal_actions()] == ["move f1-e1", "move f1-e2", "move f1-f2"]


def test_cards_are_read_from_each_owner_side():
    # card 2 (Garden) reaches two forward, one left and one right
    s = new()
    assert s.card_offsets(2) == ((2, -1), (2, 1))
    assert sorted(s.card_targets(2, parse_cell("c3"), seat=0)) == [parse_cell("b5"), parse_cell("d5")]
    # for Tendril, forward is towards rank 1 and its right is Flower's left
    assert sorted(s.card_targets(2, parse_cell("c3"), seat=1)) == [parse_cell("b1"), parse_cell("d1")]
    # and "two forward one left" for Tendril lands on Flower's right
    assert s.card_targets(2, parse_cell("c3"), seat=1)[0] == parse_cell("d1")


def test_offsets_off_the_board_are_ignored():
    s = new()
    # Four Corners from e1: the two squares behind are off the board
    assert sorted(s.card_targets(1, parse_cell("e1"), seat=0)) == [parse_cell("d2"), parse_cell("f2")]
    play_line(s, ["move f1-e1", "card 1"])
    assert at(s, "d2") == (0, 1) and at(s, "f2") == (0, 1)
    assert s.hand(0) == 12


# --- moving --------------------------------------------------------------------------


def test_gardener_moves_only_to_squares_without_any_stone():
    s = TheReclamationState.from_diagram("""
        T3 .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  F1 T1 .  .
        .  .  F3 .  .  .
        .  .  T2 F1 .  .
    """)
    moves = sorted(str(a) for a in s.legal_actions())
    assert moves == ["move c2-b1", "move c2-b2", "move c2-b3", "move c2-d2"]
    assert "holds stones" in s.why_illegal(s.parse_action("move c2-c3"))  # own stone blocks too
    assert "holds stones" in s.why_illegal(s.parse_action("move c2-d3"))


def test_a_player_whose_gardener_cannot_move_loses():
    s = TheReclamationState.from_diagram("""
        T3 T1 .  .  .  .
        F1 F1 .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  F3
    """, to_move=1)
    assert s.is_terminal() and s.winners() == [0]
    assert "cannot move" in s.end_reason


def test_blocking_the_last_free_square_wins_at_once():
    # Flower places a stone on b6, the last free neighbour of Tendril's Gardener
    s = TheReclamationState.from_diagram("""
        T3 .  .  .  .  .
        F1 F1 .  .  .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
    """)
    # from c4, Long Reach (card 2) reaches b6 and d6
    play_line(s, ["move c3-c4", "card 2"])
    assert at(s, "b6") == (0, 1)
    assert s.is_terminal() and s.winners() == [0]
    assert s.end_reason == "Tendril's Gardener cannot move"


def test_throne_player_with_several_gardeners_loses_only_when_none_can_move():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        T1 T1 .  .  .  .
        F3 T1 .  .  .  F3
    """, rules="throne")
    assert not s.is_terminal()
    assert {a.cell for a in s.legal_actions()} == {parse_cell("f1")}
    assert "Gardener on a1" not in s.why_illegal(s.parse_action("move a1-b2"))
    assert "holds stones" in s.why_illegal(s.parse_action("move a1-b2"))


# --- the rule book's Reclamation examples (Garden) ------------------------------------


def test_reclamation_example_1():
    # Four Corners: upper right own single, lower right empty, upper left an opponent
    # single, lower left an opponent stack of two.
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  T1 .  F1 .  .
        .  .  .  .  .  .
        .  T2 F3 .  .  .
        .  .  .  .  .  .
    """)
    play_line(s, ["move c2-c3"])
    preview = {p.cell: p.effect for p in s.preview(1)}
    assert preview == {
        parse_cell("b4"): "take", parse_cell("d4"): "stack",
        parse_cell("b2"): "take", parse_cell("d2"): "place",
    }
    play_line(s, ["card 1"])
    assert at(s, "d4") == (0, 2)  # stacked
    assert at(s, "d2") == (0, 1)  # placed
    assert at(s, "b4") == (None, 0)  # single taken: the square is empty
    assert at(s, "b2") == (1, 1)  # only the top stone of the pair taken
    assert s.hand(0) == 14 - 2 + 2
    assert s.current_player == 1


def test_reclamation_example_2_changes_nothing_and_is_not_allowed():
    # Upper right: a full stack of two own stones; upper left: the opponent Gardener,
    # which Garden never takes from; below: off the board.
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  T3 .  F2 .  .
        .  .  .  F3 .  .
    """)
    play_line(s, ["move d1-c1"])
    effects = {p.cell: (p.effect, p.reason) for p in s.preview(1)}
    assert effects[parse_cell("b2")][0] == "none" and "Gardener" in effects[parse_cell("b2")][1]
    assert effects[parse_cell("d2")][0] == "none" and "full" in effects[parse_cell("d2")][1]
    assert not s.changes_anything(1)
    reason = s.why_illegal(s.parse_action("card 1"))
    assert reason == "card 1 would change nothing on the board, which is not allowed"
    with pytest.raises(IllegalActionError):
        s.apply(s.parse_action("card 1"))
    assert s.parse_action("card 3") in s.legal_actions()


def test_the_playable_cards_follow_the_position_they_were_worked_out_for():
    # the cards a move leaves playable are worked out once and kept for the card's
    # choice (the search asks for them again and again); a change to the board or
    # the hand under them is seen, in the list and in the check of a card
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  T3 .  F2 .  .
        .  .  .  F3 .  .
    """)
    play_line(s, ["move d1-c1"])
    card_1 = s.parse_action("card 1")
    assert card_1 not in s.legal_actions()
    copy = s.clone()
    s.board[9] = 0  # d2 empty: card 1 now places a stone there
    assert card_1 in s.legal_actions() and s.why_illegal(card_1) == ""
    assert card_1 not in copy.legal_actions()  # the copy's board did not change
    s.hands[0] = 0  # with no stone in hand it changes nothing again
    assert card_1 not in s.legal_actions()
    assert "would change nothing" in s.why_illegal(card_1)


def test_losing_when_no_card_changes_anything():
    # The same position, but card 1 is the only one left in hand.
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  T3 .  F2 .  .
        .  .  .  F3 .  .
    """, used=({2, 3, 4}, ()))
    play_line(s, ["move d1-c1"])
    assert s.is_terminal() and s.winners() == [1]
    assert s.end_reason == "Flower cannot change anything with any card"


def test_reclamation_example_3_short_hand():
    # One stone in hand; own singles upper left and upper right, an empty square lower
    # left, an opponent stone lower right.
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  F1 .  F1 .  .
        .  .  .  .  .  .
        .  .  F3 T1 .  .
        .  .  .  .  .  .
    """, hands=(1, 5))
    play_line(s, ["move c2-c3"])
    previews = {p.cell: p for p in s.preview(1)}
    assert previews[parse_cell("b4")].optional and previews[parse_cell("d4")].optional
    assert previews[parse_cell("b2")].effect == "none"  # nothing left for step 2
    play_line(s, ["card 1"])
    assert s.phase == "fill" and s.current_player == 0
    assert sorted(str(a) for a in s.legal_actions()) == ["fill b4", "fill d4"]
    play_line(s, ["fill d4"])
    assert at(s, "d4") == (0, 2) and at(s, "b4") == (0, 1)
    assert at(s, "b2") == (None, 0)  # step 2 got no stone
    assert at(s, "d2") == (None, 0)  # step 3 still takes
    assert s.hand(0) == 1  # the taken stone, for the next turn
    assert s.current_player == 1


def test_taken_stones_wait_for_the_next_turn():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  T1 .  .  .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """, hands=(0, 5))
    play_line(s, ["move c2-c3", "card 1"])  # b4 taken; d4, b2, d2 stay empty
    assert at(s, "b4") == (None, 0)
    assert [at(s, x) for x in ("d4", "b2", "d2")] == [(None, 0)] * 3
    assert s.hand(0) == 1


def test_garden_stacks_only_single_own_stones():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  F2 .  F1 .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """)
    play_line(s, ["move c2-c3", "card 1"])
    assert at(s, "b4") == (0, 2) and at(s, "d4") == (0, 2)


def test_short_hand_in_placing_step():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  F1 .  .  .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """, hands=(2, 5))
    play_line(s, ["move c2-c3", "card 1"])
    # step 1 stacks b4 (one stone), one stone is left for three empty squares
    assert at(s, "b4") == (0, 2)
    assert sorted(str(a) for a in s.legal_actions()) == ["fill b2", "fill d2", "fill d4"]
    play_line(s, ["fill b2"])
    assert at(s, "b2") == (0, 1) and at(s, "d2") == (None, 0) and s.hand(0) == 0
    assert s.current_player == 1


# --- Throne ----------------------------------------------------------------------------


def test_throne_example():
    # Flower has Gardeners on a1 and d5 and a pair on e5; Tendril has Gardeners on c5
    # and f1. The Gardener on d5 steps back to d4 and plays Front Row.
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  .
        .  .  T3 F3 F2 .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        F3 .  .  .  .  T3
    """, rules="throne")
    play_line(s, ["move d5-d4"])
    assert s.card_offsets(1) == ((1, -1), (1, 0), (1, 1))
    effects = {p.cell: p.effect for p in s.preview(1)}
    assert effects == {parse_cell("c5"): "take-gardener", parse_cell("d5"): "place",
                       parse_cell("e5"): "stack"}
    play_line(s, ["card 1"])
    assert at(s, "e5") == (0, 3)  # a new Gardener
    assert len(s.gardeners(0)) == 3
    assert at(s, "d5") == (0, 1)
    assert at(s, "c5") == (1, 2)  # no longer a Gardener
    assert s.gardeners(1) == [parse_cell("f1")]
    assert s.taken_from_gardeners(0) == 1
    assert s.hand(0) == 15 - 2  # the stone from the Gardener is kept apart
    assert not s.is_terminal() and s.current_player == 1


def test_throne_stacks_grow_to_three_and_no_further():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  F3 F1 F2 .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """, rules="throne")
    play_line(s, ["move c2-c3", "card 1"])
    assert [at(s, x) for x in ("b4", "c4", "d4")] == [(0, 3), (0, 2), (0, 3)]
    assert len(s.gardeners(0)) == 3


def test_throne_stones_from_other_stacks_go_to_hand():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  T1 T2 T3 .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """, rules="throne", hands=(0, 5))
    play_line(s, ["move c2-c3", "card 1"])
    assert [at(s, x) for x in ("b4", "c4", "d4")] == [(None, 0), (1, 1), (1, 2)]
    assert s.hand(0) == 2 and s.taken_from_gardeners(0) == 1


def test_throne_win_by_leaving_no_gardener():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  T3 .  .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """, rules="throne")
    play_line(s, ["move c2-c3", "card 1"])
    assert s.is_terminal() and s.winners() == [0] and s.scores() == [1.0, 0.0]
    assert s.end_reason == "Tendril has no Gardener left"


def test_throne_win_by_three_stones_from_gardeners():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  .  T3 .  .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """, rules="throne", kept=(2, 0))
    play_line(s, ["move c2-c3", "card 1"])
    assert s.is_terminal() and s.winners() == [0]
    assert s.end_reason == "Flower has taken 3 stones from Gardeners"


def test_throne_tendril_reads_cards_from_its_side():
    # Tendril's Front Row hits the three squares towards rank 1
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  .
        .  .  .  .  T3 .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
        F3 .  .  .  .  .
    """, rules="throne", to_move=1)
    play_line(s, ["move e5-d4"])
    assert sorted(s.card_targets(1, parse_cell("d4"))) == sorted(
        parse_cell(x) for x in ("c3", "d3", "e3"))
    play_line(s, ["card 1"])
    assert at(s, "c3") == (0, 2) and s.taken_from_gardeners(1) == 1


# --- cards ------------------------------------------------------------------------------


OPEN_BOARD = """
    .  .  .  .  .  T3
    .  .  .  .  .  .
    .  .  .  .  .  .
    .  .  .  .  .  .
    .  .  .  .  .  .
    .  .  F3 .  .  .
"""


@pytest.mark.parametrize("used, card, available_after", [
    ((), 1, [2, 3, 4]),
    ((1,), 2, [3, 4]),
    ((1, 2), 3, [4]),
    ((1, 2, 3), 4, [1, 2, 3]),  # the last card: the other three come back, it stays used
    ((4,), 1, [2, 3]),
    ((4, 1), 2, [3]),
    ((4, 1, 2), 3, [1, 2, 4]),
])
def test_card_cycle(used, card, available_after):
    s = TheReclamationState.from_diagram(OPEN_BOARD, used=(used, ()))
    assert s.available_cards(0) == [n for n in (1, 2, 3, 4) if n not in used]
    play_line(s, ["move c1-c2", f"card {card}"])
    assert s.available_cards(0) == available_after
    assert s.used_cards(0) == [n for n in (1, 2, 3, 4) if n not in available_after]
    assert s.available_cards(1) == [1, 2, 3, 4]  # each player has their own cards


def test_card_cycle_over_a_game():
    s = new("throne")
    line = ["move f1-e1", "card 1", "move a6-a5", "card 1", "move e1-d1", "card 3",
            "move a5-b5", "card 2", "move d1-c2", "card 2", "move b5-a5", "card 3"]
    play_line(s, line)
    assert s.available_cards(0) == [4] and s.available_cards(1) == [4]
    play_line(s, ["move c2-b2", "card 4"])
    assert s.available_cards(0) == [1, 2, 3] and s.used_cards(0) == [4]


def test_used_card_is_refused_with_a_reason():
    s = new()
    play_line(s, ["move f1-e2", "card 1", "move a6-b5", "card 1", "move e2-e3"])
    assert "card 1 is used" in s.why_illegal(s.parse_action("card 1"))


# --- Garden win ---------------------------------------------------------------------------


def test_garden_win_at_twelve_squares_ends_the_game_at_once():
    # Flower holds 9 squares; Cross from c3 places on c4, b3, d3 (c2 is its old square:
    # a 4th) and would take from nothing; Four Corners would also take b4.
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        F1 F1 F1 F1 .  .
        .  T1 .  .  F1 F1
        .  .  .  .  F1 F1
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """)
    assert s.occupied_squares(0) == 9
    play_line(s, ["move c2-c3", "card 1"])  # d4, b2, d2 placed -> 12 before taking b4
    assert s.is_terminal() and s.winners() == [0]
    assert s.end_reason == "Flower occupies 12 squares"
    assert at(s, "b4") == (1, 1)  # the game ended before the taking step


def test_garden_win_reached_by_a_chosen_fill():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        F1 F1 F1 F1 .  .
        .  .  .  .  F1 F1
        .  .  .  .  F1 F1
        .  .  F3 .  .  .
        F1 F1 .  .  .  .
    """, hands=(1, 5))
    assert s.occupied_squares(0) == 11
    play_line(s, ["move c2-c3", "card 1"])
    assert s.phase == "fill" and len(s.legal_actions()) == 4
    play_line(s, ["fill b4"])
    assert s.occupied_squares(0) == 12 and s.is_terminal() and s.winners() == [0]


def test_turn_limit_is_a_draw():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        F3 .  .  .  .  .
    """, turn=TURN_LIMIT)
    play_line(s, ["move a1-b2", "card 1"])
    assert s.is_terminal() and s.winner == DRAW and s.phase == OVER
    assert s.winners() == [0, 1] and s.scores() == [0.5, 0.5]


def test_changes_are_reported_for_views():
    s = new()
    play_line(s, ["move f1-e2"])
    assert s.changes == [("leave", parse_cell("f1")), ("arrive", parse_cell("e2"))]
    play_line(s, ["card 3"])
    assert sorted(s.changes) == sorted(
        [("place", parse_cell(x)) for x in ("e3", "f2", "e1", "d2")])
