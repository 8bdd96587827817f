"""The state API and the registry (reclaimdesk/core/game.py): options refused outside
their choices, legality in one place, child/clone/apply, winners, specs."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from reclaimdesk.core.errors import IllegalActionError, NotationError, RecordError
from reclaimdesk.core.game import (
    LEVELS,
    TERMINAL,
    Credits,
    GameSpec,
    all_games,
    get_game,
    import_named,
    register,
    unregister,
)

from tests.core.toys import RACE_ID, RACE_SPEC, Race, tree_game

RESOLVE_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


# --- options ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("target", RACE_SPEC.option_choices["target"])
def test_every_choice_of_an_option_is_accepted(target):
    assert RACE_SPEC.resolve_options({"target": target})["target"] == target
    assert Race(2, 0, {"target": target}).options["target"] == target


@RESOLVE_SETTINGS
@given(st.one_of(st.integers(-50, 50), st.text(max_size=3), st.booleans(), st.none(), st.floats(allow_nan=False)))
def test_a_value_outside_the_choices_is_refused(value):
    assume(value not in RACE_SPEC.option_choices["target"])  # (7.0 == 7: an equal value is a choice)
    with pytest.raises(ValueError, match="must be one of 3, 5, 7, 9"):
        RACE_SPEC.resolve_options({"target": value})
    with pytest.raises(ValueError):
        Race(2, 0, {"target": value})


@pytest.mark.parametrize("option, value", [
    ("label", 3), ("label", None), ("label", b"x"),
    ("fast", 1), ("fast", "yes"), ("fast", None),
    ("rounds", True), ("rounds", "2"), ("rounds", 2.0), ("rounds", None),
])
def test_an_option_without_choices_must_have_its_defaults_type(option, value):
    with pytest.raises(ValueError, match=f"option '{option}' must be a"):
        RACE_SPEC.resolve_options({option: value})


def test_options_are_the_defaults_overlaid():
    assert RACE_SPEC.resolve_options(None) == RACE_SPEC.default_options
    assert RACE_SPEC.resolve_options({}) == {"target": 7, "label": "plain", "fast": False, "rounds": 1}
    assert RACE_SPEC.resolve_options({"label": "x", "fast": True, "rounds": 4}) == {
        "target": 7, "label": "x", "fast": True, "rounds": 4}
    with pytest.raises(ValueError, match="has no option 'colour'"):
        RACE_SPEC.resolve_options({"colour": "red"})
    assert RACE_SPEC.default_options == {"target": 7, "label": "plain", "fast": False, "rounds": 1}  # untouched


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.id)
def test_every_games_options_refuse_what_is_not_a_choice(spec):
    for option, choices in spec.option_choices.items():
        for choice in choices:
            assert spec.resolve_options({option: choice})[option] == choice
        with pytest.raises(ValueError):
            spec.resolve_options({option: object()})
    with pytest.raises(ValueError):
        spec.resolve_options({"no-such-option": 1})


# --- players and legality ---------------------------------------------------------------------------------
def test_the_player_count_is_checked():
    for n in (1, 2, 3):
        assert Race(n, 0, {}).num_players == n
    for n in (0, 4, -1):
        with pytest.raises(ValueError, match="1-3 players"):
            Race(n, 0, {})


def test_apply_validates_and_leaves_an_illegal_action_unplayed():
    state = Race(2, 0, {"target": 3})
    with pytest.raises(IllegalActionError) as info:
        state.apply(3)
    assert info.value.action == 3 and info.value.reason
    assert state.history == [] and state.total == 0
    assert state.is_legal(1) and not state.is_legal(3) and state.why_illegal(2) == ""
    state.apply(2)
    state.apply(1)
    assert state.is_terminal() and state.current_player == TERMINAL and state.legal_actions() == []
    assert state.why_illegal(1) == "the game is over" and not state.is_legal(1)
    with pytest.raises(IllegalActionError):
        state.apply(1)
    assert state.history == [2, 1]


def test_overriding_is_legal_is_refused_at_class_creation():
    with pytest.raises(TypeError, match="why_illegal"):
        type("Bad", (Race,), {"is_legal": lambda self, action: True})


def test_child_is_a_validated_copy_and_the_parent_is_left_alone():
    state = Race(2, 0, {})
    state.apply(1)
    before = (state.state_key(), list(state.history))
    child = state.child(2)
    assert child.history == [1, 2] and child.total == 3
    assert (state.state_key(), state.history) == before
    with pytest.raises(IllegalActionError):
        state.child(5)
    assert (state.state_key(), state.history) == before
    clone = state.clone()
    clone.apply(1)
    assert (state.state_key(), state.history) == before and clone != state


def test_apply_text_and_notation():
    state = Race(2, 0, {})
    assert state.apply_text("+2") == 2 and state.history == [2]
    with pytest.raises(NotationError):
        state.apply_text("+3")
    assert state.history == [2] and state.action_to_str(2) == "+2" and state.describe_action(1) == "+1"


def test_equality_is_the_state_key_and_states_are_unhashable():
    a, b = Race(2, 0, {}), Race(2, 9, {})
    assert a == b
    a.apply(1)
    assert a != b
    b.apply(1)
    assert a == b and (a == "x") is False
    with pytest.raises(TypeError):
        hash(a)


def test_winners_are_every_seat_with_the_best_score():
    def finished(scores):
        return tree_game(tuple(scores), len(scores), name="w")(len(scores), 0, {})

    assert finished((3.0, 5.0, 5.0)).winners() == [1, 2]
    assert finished((5.0, 5.0, 5.0)).winners() == [0, 1, 2]
    assert finished((5.0, 1.0)).winners() == [0]
    assert finished((1.0, 2.0, 0.0)).result() == {"scores": [1.0, 2.0, 0.0], "winners": [1]}


def test_the_default_determinize_is_a_plain_copy():
    from reclaimdesk.core.rng import Rng

    state = Race(2, 0, {})
    state.apply(2)
    copy = state.determinize(0, Rng(1))
    assert copy == state and copy is not state and copy.history == state.history


# --- specs and the registry ---------------------------------------------------------------------------------
def test_a_spec_is_read_only_and_knows_its_players_text():
    with pytest.raises(AttributeError):
        RACE_SPEC.name = "Other"  # type: ignore[misc]
    assert RACE_SPEC.players_text() == "1-3 players"
    two = GameSpec("toy-two", "Two", 2, 2, (0.0, 1.0), 5, Race)
    assert two.players_text() == "2 players"
    assert RACE_SPEC.state_class_name() == "tests.core.toys:Race"


def test_a_lazy_state_class_is_imported_when_first_read():
    lazy = GameSpec("toy-lazy", "Lazy", 1, 3, (0.0, 1.0), 5, "tests.core.toys:Race")
    assert lazy.state_class_name() == "tests.core.toys:Race"
    assert lazy.state_class is Race
    with pytest.raises(TypeError):
        GameSpec("toy-bad", "Bad", 1, 1, (0.0, 1.0), 5, "no colon")
    with pytest.raises(TypeError):
        GameSpec("toy-bad", "Bad", 1, 1, (0.0, 1.0), 5, dict)
    wrong = GameSpec("toy-wrong", "Wrong", 1, 1, (0.0, 1.0), 5, "reclaimdesk.core.game:GameSpec")
    with pytest.raises(TypeError, match="not a GameState subclass"):
        _ = wrong.state_class
    Race.spec = RACE_SPEC  # reading the lazy spec pointed the class at it


def test_the_registry_registers_once_and_finds_by_id(race):
    assert get_game(RACE_ID) is race
    assert race in all_games()
    register(race)  # the same spec again: fine
    with pytest.raises(ValueError, match="registered twice"):
        register(GameSpec(RACE_ID, "Other", 1, 1, (0.0, 1.0), 5, Race))
    Race.spec = RACE_SPEC
    orders = [(g.order, g.id) for g in all_games()]
    assert orders == sorted(orders)
    unregister(RACE_ID)
    with pytest.raises(RecordError, match="unknown game 'core-toy-race'"):
        get_game(RACE_ID)
    register(race)


def test_agents_of_every_level_and_no_other(race):
    for level in LEVELS:
        assert race.agent(level, 1).choose(Race(2, 0, {})) in (1, 2)
    with pytest.raises(ValueError, match="unknown AI level"):
        race.agent("expert", 1)


def test_import_named_and_credits():
    assert import_named("reclaimdesk.core.game:GameSpec") is GameSpec
    assert import_named("reclaimdesk.core.game:Nothing") is None
    credits = Credits(designers=("A", "B"), publisher="P", published_on="x.org")
    assert credits.lines() == ["Game design: A, B", "Publisher: P", "Published on x.org"]
    assert credits.text() == "Game design: A, B; Publisher: P; Published on x.org"
    assert credits == Credits(designers=("A", "B"), publisher="P", published_on="x.org")
    assert hash(credits) == hash(Credits(designers=("A", "B"), publisher="P", published_on="x.org"))
    with pytest.raises(AttributeError):
        credits.publisher = "Q"  # type: ignore[misc]
    assert Credits().lines() == []
