"""Notation, illegal actions with their reasons, and records (the legal-move counts
are in tests/data/perft_the_reclamation.json, checked by tests/test_perft.py)."""

import pytest

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.errors import IllegalActionError, NotationError
from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.the_reclamation import TheReclamationAction
from reclaimdesk.games.the_reclamation.state import TheReclamationState, play_line

SPEC = get_game("the-reclamation")


# --- notation ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["move f1-e2", "move a6-b5", "card 1", "card 4", "fill c4", "fill f6"])
def test_notation_round_trip(text):
    action = TheReclamationAction.parse(text)
    assert str(action) == text
    assert TheReclamationAction.parse(str(action)) == action
    assert repr(action) == f"TheReclamationAction.parse('{text}')"
    assert eval(repr(action)) == action  # noqa: S307 - our own repr


def test_notation_is_forgiving_about_case_and_spaces():
    assert TheReclamationAction.parse("  MOVE  F1-E2 ") == TheReclamationAction.move((0, 5), (1, 4))
    assert TheReclamationAction.parse("Card 2") == TheReclamationAction.use_card(2)


@pytest.mark.parametrize("text", [
    "", "move", "move f1", "move f1e2", "move f1-g2", "move f1-e7", "card 0", "card 5", "card x",
    "fill", "fill z9", "fill c04", "jump f1-e2", "card 1 2", 42,
])
def test_bad_notation_is_refused(text):
    with pytest.raises(NotationError):
        TheReclamationAction.parse(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ["garden", "throne"])
def test_every_legal_action_round_trips_in_random_games(rules):
    for seed in range(6):
        state = SPEC.new_game(2, seed, {"rules": rules})
        agent = RandomAgent(seed)
        while not state.is_terminal():
            for action in state.legal_actions():
                assert state.parse_action(str(action)) == action
                assert state.why_illegal(action) == ""
                assert state.describe_action(action)
            state.apply(agent.choose(state))


def test_records_replay_the_game():
    state = SPEC.new_game(2, 9, {"rules": "throne"})
    agent = RandomAgent(9)
    while not state.is_terminal():
        state.apply(agent.choose(state))
    record = GameRecord.from_json(state.to_record().to_json())
    assert record.data_versions == {"the_reclamation/cards": 1}
    assert record.result is not None and record.result["reason"] == state.end_reason
    assert record.replay() == state


# --- illegal actions and their reasons --------------------------------------------------


def _reason(state, text):
    return state.why_illegal(state.parse_action(text))


def test_illegal_actions_have_reasons():
    s = SPEC.new_game(2, 0)
    assert _reason(s, "card 1") == "move your Gardener first; the Reclamation comes after the move"
    assert _reason(s, "fill c3") == "move your Gardener first; the Reclamation comes after the move"
    assert _reason(s, "move a6-b5") == "the Gardener on a6 is not Flower's"
    assert _reason(s, "move c3-c4") == "there is no Gardener on c3"
    assert _reason(s, "move f1-d1") == "a Gardener moves to a neighbouring square; d1 is not next to f1"
    assert _reason(s, "move f1-f1") == "a Gardener moves to a neighbouring square; f1 is not next to f1"
    play_line(s, ["move f1-e2"])
    assert _reason(s, "move e2-e3") == (
        "a Gardener has already moved this turn; choose a card for the Reclamation")
    assert _reason(s, "fill c3") == "choose a card for the Reclamation first"
    play_line(s, ["card 3"])
    assert _reason(s, "move a6-a5") == ""
    play_line(s, ["move a6-a5", "card 1"])
    assert _reason(s, "move e2-e3") == "e3 holds stones; a Gardener moves only onto a square with no stone"
    play_line(s, ["move e2-d3"])
    assert _reason(s, "card 3") == (
        "card 3 is used; it comes back only after your last available card has been played")
    with pytest.raises(IllegalActionError) as info:
        s.apply(s.parse_action("card 3"))
    assert "card 3 is used" in str(info.value)
    assert s.why_illegal(TheReclamationAction.use_card(7)) == "there is no card 7"
    assert s.why_illegal("card 1") == "not a The Reclamation action"


def test_illegal_fill_and_pair_stack_reasons():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  F1 .  F1 .  .
        .  .  .  .  .  .
        .  .  F3 T1 .  .
        .  .  .  .  .  .
    """, hands=(1, 5))
    play_line(s, ["move c2-c3", "card 1"])
    assert _reason(s, "fill b2") == "b2 is not a square of this step (choose among b4, d4)"
    assert _reason(s, "fill f6") == "card 1 does not reach f6 (choose among b4, d4)"
    assert _reason(s, "move c3-c2") == "first choose where your last stone goes (fill one of b4, d4)"
    assert _reason(s, "card 2") == "first choose where your last stone goes (fill one of b4, d4)"
    t = TheReclamationState.from_diagram("""
        .  .  .  .  .  T3
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  F2 F3 .  .  .
        .  .  .  .  .  .
    """, rules="throne")
    assert _reason(t, "move b2-a3") == "the stack on b2 has 2 stones; only a stack of three is a Gardener"


def test_game_over_refuses_actions():
    s = TheReclamationState.from_diagram("""
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  T3 .  .  .
        .  .  .  .  .  .
        .  .  F3 .  .  .
        .  .  .  .  .  .
    """, rules="throne")
    play_line(s, ["move c2-c3", "card 1"])
    assert s.is_terminal() and s.legal_actions() == []
    assert _reason(s, "move c3-c2") == "the game is over"
    with pytest.raises(IllegalActionError):
        s.apply(s.parse_action("move c3-c2"))
