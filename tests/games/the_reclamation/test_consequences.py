"""What an action does to the game at once, known before it is played: a card
that boxes in the player's own Gardener (a loss when the next turn starts unless
the opponent frees it), a card that boxes in the opponent's (a win at once), a
move after which no card changes anything (a loss at once); and, once a game is
lost so, which turn and card boxed the Gardener in."""

from reclaimdesk.games.the_reclamation.actions import TheReclamationAction
from reclaimdesk.games.the_reclamation.state import BoxedIn, TheReclamationState, play_line

BOXED_CORNER = """
    .  .  .  .  .  T3
    .  .  .  .  .  .
    .  .  .  .  .  .
    .  .  .  .  .  .
    F1 F1 .  .  .  .
    .  F3 .  .  .  .
"""


def test_a_card_that_boxes_in_your_own_gardener_is_known_before_it_is_played():
    s = TheReclamationState.from_diagram(BOXED_CORNER)
    play_line(s, ["move b1-a1"])
    # Cross stacks on a2 and places on b1 (just left): a1's three neighbours all hold stones
    cross = s.consequence(TheReclamationAction.use_card(3))
    assert cross is not None and cross.kind == "boxed" and cross.seat == 0 and cross.always
    # Four Corners only stacks on b2: b1 stays free
    assert s.consequence(TheReclamationAction.use_card(1)) is None
    assert s.consequence(TheReclamationAction.use_card(9)) is None  # not a legal action: nothing to say
    play_line(s, ["card 3"])
    assert s.boxed_in(0) and not s.is_terminal()
    assert s.boxed_by[0] == BoxedIn(turn=1, by=0, card=3)
    # Tendril's turn leaves the corner alone: Flower cannot move and loses
    play_line(s, ["move f6-e6", "card 1"])
    assert s.is_terminal() and s.winners() == [1]
    assert "cannot move" in s.end_reason
    assert s.boxed_by[0] == BoxedIn(turn=1, by=0, card=3)


def test_a_gardener_freed_again_forgets_who_boxed_it_in():
    s = TheReclamationState.from_diagram(BOXED_CORNER)
    play_line(s, ["move b1-a1", "card 3"])
    assert s.boxed_by[0] is not None
    s.board[1] = 0  # b1 empty again (as a take by Tendril would leave it)
    play_line(s, ["move f6-e6", "card 1"])
    assert not s.is_terminal() and s.boxed_by[0] is None


def test_a_card_that_boxes_in_the_opponent_wins_at_once():
    s = TheReclamationState.from_diagram("""
        T3 .  .  .  .  .
        F1 F1 .  .  .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
    """)
    play_line(s, ["move c3-c4"])
    win = s.consequence(TheReclamationAction.use_card(2))
    assert win is not None and win.kind == "win" and win.reason == "Tendril's Gardener cannot move"


def test_a_move_after_which_no_card_changes_anything_loses_at_once():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        F3 .  .  .  .  .
    """, hands=(0, 14))
    move = s.legal_actions()[0]
    lose = s.consequence(move)
    assert lose is not None and lose.kind == "lose" and "cannot change anything" in lose.reason


def test_nothing_to_say_about_an_ordinary_turn():
    from reclaimdesk.core.game import get_game

    s = get_game("the-reclamation").new_game(2, 1)
    assert all(s.consequence(a) is None for a in s.legal_actions())
    play_line(s, ["move f1-e2"])
    assert all(s.consequence(a) is None for a in s.legal_actions())
