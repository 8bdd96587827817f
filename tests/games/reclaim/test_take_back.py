"""Reclaim's take-back data and the match's one rule over it (docs/rules/reclaim.md,
"Taking back"): one step at a time, inside the present turn; never behind a card
turned up nor into another seat's turn; solo, from round 1 back into the setup;
redo puts back exactly what was taken back."""

from __future__ import annotations

from reclaimdesk.core.match import Match
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.state import GIFT, PAY, SETUP, ReclaimState

ME = {"name": "Me", "kind": "human"}
CPU = {"name": "Cpu", "kind": "ai", "level": "random"}
BO = {"name": "Bo", "kind": "human"}

# solo, river map, seed 2: the setup, round 1, and the first step of round 2
SOLO = ["shape r13 2 g5", "shape r21 0 b7", "pay e7", "pay g6", "shape r05 0 b8", "end", "pay i6"]


def solo() -> Match:
    return Match.new("reclaim", [ME], 2, {"map": "river", "variant": False})


def play(m: Match, texts: list[str]) -> None:
    for text in texts:
        m.act(m.state.parse_action(text))


def first_legal(m: Match) -> None:
    m.act(m.state.legal_actions()[0])


def test_the_state_declares_steps_and_what_the_table_has_seen() -> None:
    assert ReclaimState.take_back_unit == "action"
    m = solo()
    setup = m.state.seen_key()
    play(m, SOLO[:2])
    assert m.state.round == 1 and m.state.seen_key() == setup  # round 1's cards lay face up already
    play(m, SOLO[2:6])
    assert m.state.round == 2 and m.state.seen_key() != setup  # round 2's card is turned up


def test_solo_undo_goes_step_by_step_back_into_the_setup_and_redo_puts_it_back() -> None:
    m = solo()
    keys = [m.state.state_key()]
    for text in SOLO[:6]:
        play(m, [text])
        keys.append(m.state.state_key())
    assert m.state.round == 2 and not m.can_undo()  # 'end' turned round 2's card up
    play(m, SOLO[6:])
    assert m.undo().end == 6 and m.state.state_key() == keys[6]
    assert not m.can_undo()
    assert m.redo().end == 7 and m.state.history[-1] == ReclaimAction.parse(SOLO[6])
    # back in round 1: each step undoes alone, on into the setup
    m2 = solo()
    play(m2, SOLO[:5])
    for n in range(5, 0, -1):
        changes = m2.undo()
        assert changes.rebuilt and changes.end == n - 1 and m2.state.state_key() == keys[n - 1]
    assert m2.state.phase == SETUP and not m2.can_undo()
    for n in range(1, 6):
        assert m2.redo().end == n and m2.state.state_key() == keys[n]
    assert not m2.can_redo()


def test_at_a_table_the_next_seats_turn_is_not_taken_back() -> None:
    m = Match.new("reclaim", [ME, BO], 4, {"map": "river", "variant": False})
    first_legal(m)
    assert m.can_undo(0)
    first_legal(m)  # Me's last starting shape: Bo's setup begins
    assert m.state.current_player == 1 and m.state.phase == SETUP
    assert not m.can_undo(0) and not m.can_undo(1) and not m.can_undo()


def test_the_computers_reply_is_never_taken_back_with_the_persons_turn() -> None:
    m = Match.new("reclaim", [ME, CPU], 4, {"map": "river", "variant": False})
    first_legal(m)
    first_legal(m)
    assert m.state.current_player == 1  # the computer's setup: Me's is final
    assert not m.can_undo(0)
    while m.state.current_player == 1:
        first_legal(m)
    assert m.state.round == 1 and m.state.phase == PAY and m.state.current_player == 0
    assert not m.can_undo(0)  # nothing of this turn yet, and the computer's setup stays
    key = m.state.state_key()
    first_legal(m)
    assert m.undo(0).end == len(m.state.history) and m.state.state_key() == key


def test_the_variants_gift_is_a_turn_of_its_own() -> None:
    m = Match.new("reclaim", [ME, BO], 3, {"map": "river", "variant": True})
    while not (m.state.phase == GIFT or m.state.is_terminal()):
        first_legal(m)
    assert m.state.phase == GIFT and m.state.round == 10 and not m.can_undo()
    seat = m.state.current_player
    # the giver's key is not that of its own turn of round 10 (whose end scored the first half)
    assert m.state.seen_key() == (10, seat, True)
    assert m.state.turn_key() == (10, seat, True)
    while m.state.phase == GIFT:
        first_legal(m)  # each gift is the whole of its turn
        assert not m.can_undo()
    assert m.state.round == 11
