"""The match's laws (act, undo, redo, jump), over every registered game and on a
small hand-made game whose take-back rule is known by heart."""

from __future__ import annotations

from collections.abc import Hashable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reclaimdesk.core.errors import IllegalActionError, ReplayError
from reclaimdesk.core.game import GameSpec, GameState, all_games, register, unregister
from reclaimdesk.core.match import ACT, JUMP, REDO, UNDO, Match
from reclaimdesk.core.record import GameRecord

GAMES = [spec.id for spec in all_games()]


def seats(spec: GameSpec, pattern: list[bool]) -> list[dict]:
    n = spec.min_players
    return [{"name": f"P{i}", "kind": "human"} if pattern[i % len(pattern)] else
            {"name": f"P{i}", "kind": "ai", "level": "random"} for i in range(n)]


ops = st.lists(st.tuples(st.sampled_from([ACT, ACT, ACT, UNDO, REDO, JUMP]), st.integers(0, 10_000)),
               min_size=1, max_size=40)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pattern=st.lists(st.booleans(), min_size=1, max_size=3), script=ops, seed=st.integers(0, 50))
def test_every_operation_keeps_the_laws(game: str, pattern: list[bool], script: list, seed: int) -> None:
    spec = next(s for s in all_games() if s.id == game)
    m = Match.new(spec, seats(spec, pattern), seed)
    for kind, n in script:
        before_cursor, before_key = m.cursor, m.state.state_key()
        before_line = [s.text for s in m.line]
        if kind == ACT:
            if m.state.is_terminal():
                continue
            legal = m.state.legal_actions()
            seat = m.state.current_player
            ch = m.act(legal[n % len(legal)])
            assert (ch.kind, ch.start, ch.end, ch.seats) == (ACT, before_cursor, before_cursor + 1, frozenset({seat}))
            assert not m.can_redo()
            assert ch.ended == m.state.is_terminal()
        elif kind == UNDO:
            asker = m.asker()
            target = m.undo_target()
            seen = m.state.seen_key()
            ch = m.undo()
            if target is None:
                assert ch.nothing and m.cursor == before_cursor and m.state.state_key() == before_key
                continue
            assert (ch.start, ch.end, m.cursor) == (before_cursor, target, target) and target < before_cursor
            removed = m.line[target:before_cursor]
            assert removed[0].seat == asker
            # never another person's action, never past what the table has seen
            assert all(s.seat == asker or not m.is_human(s.seat) for s in removed)
            assert all(s.seen == seen for s in removed)
            assert ch.seats == frozenset(s.seat for s in removed)
            assert [s.text for s in m.line] == before_line  # the line is kept for redo
            assert m.can_redo()
            back = m.redo()
            assert back.kind == REDO and m.cursor == before_cursor and m.state.state_key() == before_key
            m.undo()  # leave it taken back, to go on from there
        elif kind == REDO:
            could = m.can_redo()
            ch = m.redo()
            assert could == (m.cursor > before_cursor)
        else:
            k = n % (m.length + 1)
            ch = m.jump(k)
            assert m.cursor == k and [s.text for s in m.line] == before_line
            assert ch.kind == JUMP and ch.end == k
        # the position is always the record replayed, and the record reads back
        record = m.record()
        assert record.actions == m.actions()
        assert GameRecord.from_json(record.to_json()).replay() == m.state
        assert [s.index for s in m.line] == list(range(m.length))


@pytest.mark.parametrize("game", GAMES)
def test_jump_shows_the_record_replayed_to_any_point(game: str) -> None:
    spec = next(s for s in all_games() if s.id == game)
    m = Match.new(spec, seats(spec, [True]), 11)
    for i in range(30):
        if m.state.is_terminal():
            break
        legal = m.state.legal_actions()
        m.act(legal[(i * 7) % len(legal)])
    full = m.record()
    for k in list(range(m.length, -1, -1)) + list(range(m.length + 1)):
        m.jump(k)
        assert m.state == GameRecord.from_dict(full.to_dict()).replay(k)
        assert m.state_at(m.length) == full.replay()
    # from_record with a cursor keeps the rest of the line, reachable by a jump
    at = Match.from_record(full, upto=3)
    assert at.cursor == min(3, len(full.actions)) and at.length == len(full.actions)
    at.jump(at.length)
    assert at.state == full.replay()


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_changes_nothing(game: str) -> None:
    spec = next(s for s in all_games() if s.id == game)
    m = Match.new(spec, seats(spec, [True]), 5)
    m.act(m.state.legal_actions()[0])
    key, cursor = m.state.state_key(), m.cursor
    m.undo()
    m.redo()
    other = Match.new(spec, seats(spec, [True]), 6)
    illegal = next((a for a in other.state.legal_actions() if not m.state.is_legal(a)), "no such action")
    with pytest.raises(IllegalActionError):
        m.act(illegal)
    assert (m.state.state_key(), m.cursor) == (key, cursor)


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_is_not_taken_back(game: str) -> None:
    spec = next(s for s in all_games() if s.id == game)
    m = Match.new(spec, seats(spec, [True]), 2)
    while not m.state.is_terminal():
        m.act(m.state.legal_actions()[-1])
    assert not m.can_redo()
    if not m.state.take_back_after_end:
        assert not m.can_undo() and m.undo().nothing
    else:  # the ending may be tried again: back into the game, and forward to its end
        ended = m.state.state_key()
        assert not m.undo().nothing and not m.state.is_terminal()
        assert m.redo().ended and m.state.state_key() == ended


def test_a_record_that_breaks_the_rules_names_its_action() -> None:
    spec = all_games()[0]
    m = Match.new(spec, seats(spec, [True]), 1)
    m.act(m.state.legal_actions()[0])
    record = m.record()
    record.actions.append(record.actions[0])
    record.actions.append("zz not an action zz")
    with pytest.raises(ReplayError) as err:
        Match.from_record(record)
    assert err.value.index in (2, 3)


# --- a hand-made game: the take-back rule on positions known by heart ------------
class Steps(GameState):
    """Seats take turns of two steps each ('a' then 'b'), six turns in all. A
    step 'r' instead of 'b' reveals a card: nothing before it is taken back."""

    take_back_unit = "turn"

    def __init__(self, num_players: int, seed: int, options) -> None:
        super().__init__(num_players, seed, options)
        self.turn = 0
        self.step = 0
        self.revealed = 0

    @property
    def current_player(self) -> int:
        return -1 if self.turn >= 6 else self.turn % self.num_players

    def legal_actions(self) -> list[Hashable]:
        if self.turn >= 6:
            return []
        return ["a"] if self.step == 0 else ["b", "r"]

    def _apply(self, action: Hashable) -> None:
        if action == "r":
            self.revealed += 1
        if self.step == 0:
            self.step = 1
        else:
            self.step, self.turn = 0, self.turn + 1

    def scores(self) -> list[float]:
        return [0.0] * self.num_players

    def parse_action(self, text: str) -> Hashable:
        return text

    def state_key(self) -> Hashable:
        return (self.turn, self.step, self.revealed)

    def turn_key(self) -> Hashable:
        return self.turn

    def seen_key(self) -> Hashable:
        return self.revealed


class OneStep(Steps):
    take_back_unit = "action"


@pytest.fixture()
def steps_game():
    specs = []
    for cls, gid in ((Steps, "test-steps"), (OneStep, "test-one-step")):
        spec = GameSpec(gid, "Steps", 1, 3, state_class=cls, score_range=(0, 0), max_length=12,
                        make_agent=lambda level, seed: None)
        register(spec)
        specs.append(spec)
    yield specs
    for spec in specs:
        unregister(spec.id)


def play(m: Match, texts: str) -> None:
    for t in texts:
        m.act(t)


def test_a_turn_take_back_removes_the_persons_turn_and_the_computers_reply(steps_game) -> None:
    turn_game = steps_game[0]
    m = Match.new(turn_game, [{"name": "me", "kind": "human"}, {"name": "cpu", "kind": "ai"}], 0)
    play(m, "abab")  # my turn, the computer's turn: mine to play
    assert m.undo_target() == 0
    assert m.undo().removed == range(0, 4)
    play(m, "ababa")  # my turn, its turn, half of mine: back to the start of mine
    assert m.undo_target() == 4 and m.undo().end == 4
    assert m.undo_target() == 0


def test_no_take_back_past_a_revealed_card_or_another_persons_action(steps_game) -> None:
    turn_game = steps_game[0]
    m = Match.new(turn_game, [{"name": "me", "kind": "human"}, {"name": "cpu", "kind": "ai"}], 0)
    play(m, "arab")  # I revealed a card, the computer played: my turn's start would cross it
    assert m.undo_target() is None and not m.can_undo()
    play(m, "a")
    assert m.undo_target() == 4
    people = [{"name": "me", "kind": "human"}, {"name": "you", "kind": "human"}]
    two = Match.new(turn_game, people, 0)
    play(two, "abab")  # my turn, then yours: a take back is yours, and never reaches mine
    assert two.asker() == 1 and two.undo_target() == 2 and two.undo_target(0) is None
    two.undo()
    assert two.asker() == 0 and two.undo_target() == 0  # at one table, in the open: mine may go


def test_private_turns_are_not_taken_back_once_another_person_plays(steps_game) -> None:
    turn_game = steps_game[0]
    people = [{"name": "me", "kind": "human"}, {"name": "you", "kind": "human"}]
    Steps.private_turns = True
    try:
        two = Match.new(turn_game, people, 0)
        play(two, "ab")
        assert two.state.current_player == 1 and two.undo_target() is None
        solo = Match.new(turn_game, [people[0], {"name": "cpu", "kind": "ai"}], 0)
        play(solo, "aba")  # the computer is to play: my turn may still go
        assert solo.undo_target() == 0
    finally:
        Steps.private_turns = False


def test_a_step_take_back_removes_one_action_and_redo_puts_it_back(steps_game) -> None:
    step_game = steps_game[1]
    m = Match.new(step_game, [{"name": "me", "kind": "human"}], 0)
    play(m, "aba")
    assert m.undo().removed == range(2, 3)
    assert m.undo().removed == range(1, 2)
    assert m.undo_target(whole_turn=True) == 0
    assert m.redo().added == range(1, 2) and m.redo().added == range(2, 3) and not m.can_redo()
    m.undo()
    m.act("a") if m.state.is_legal("a") else m.act("r")  # another action drops what was taken back
    assert not m.can_redo()
