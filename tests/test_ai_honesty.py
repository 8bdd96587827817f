"""AI players are honest by construction (issue 29, item 4).

A game with hidden information lists, on its state class, the attributes some seat
cannot see (``HIDDEN_ATTRIBUTES``: an undrawn deck order, another seat's hand or
sheet, and the seed every hidden order is derived from). The tests here:

- give every level's ``choose`` a *guarded* copy of real positions, on which reading
  a hidden attribute from any code but the game's own rules raises, and so does
  anything that would step the real state forward or copy it whole (``clone``,
  ``child``, ``apply``, ``state_key``, ``__dict__``...): an AI simulates on
  :meth:`GameState.determinize` copies only, and reads the real state only through
  what its seat may see (the rules' own answers, such as ``legal_actions``);
- check that a determinized copy carries a fresh seed drawn from the AI's
  generator, never the real game's (from which the real deck could be rebuilt);
- check that what ``determinize`` resamples is exactly among the attributes
  declared hidden, so the declaration cannot fall behind the rules.

No game is named: the registry is iterated.
"""

from __future__ import annotations

import inspect
import itertools
import sys
from functools import lru_cache

import pytest

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.game import LEVELS, GameState, all_games
from reclaimdesk.core.rng import Rng

COPYING = frozenset({
    "clone", "child", "apply", "_apply", "apply_text", "state_key", "to_record",
    "__dict__", "__reduce__", "__reduce_ex__", "__getstate__",
})
"""What would hand an AI the whole real state, hidden parts included."""


class HiddenRead(AssertionError):
    """An AI read something its seat cannot see."""


def _hidden(cls: type) -> tuple[str, ...]:
    return tuple(getattr(cls, "HIDDEN_ATTRIBUTES", ()))


def _rules_files(cls: type) -> frozenset[str]:
    files = set()
    for klass in cls.__mro__:
        if klass.__module__.startswith("reclaimdesk."):
            files.add(inspect.getfile(klass))
    return frozenset(files)


@lru_cache(maxsize=None)
def _guarded_class(cls: type) -> type:
    forbidden = frozenset(_hidden(cls)) | COPYING
    rules = _rules_files(cls)

    def __getattribute__(self, name):  # noqa: N807 - the hook itself
        if name in forbidden:
            frame = sys._getframe(1)
            if frame.f_code.co_filename not in rules:
                raise HiddenRead(
                    f"{frame.f_code.co_filename}:{frame.f_lineno} ({frame.f_code.co_name}) "
                    f"reads {cls.__name__}.{name}, which a seat cannot see in full")
        return object.__getattribute__(self, name)

    return type(f"Guarded{cls.__name__}", (cls,), {"__getattribute__": __getattribute__})


def guarded(state: GameState) -> GameState:
    """A copy of ``state`` whose hidden attributes only the rules may read."""
    cls = type(state)
    copy = state.clone()
    out = object.__new__(_guarded_class(cls))
    object.__getattribute__(out, "__dict__").update(copy.__dict__)
    return out


HIDDEN_GAMES = [spec.id for spec in all_games() if _hidden(spec.state_class)]


def _spec(game_id: str):
    return next(s for s in all_games() if s.id == game_id)


def _option_sets(spec) -> list[dict]:
    """The default options, then each other choice of each option alone."""
    sets = [dict(spec.default_options)]
    for name, choices in spec.option_choices.items():
        for value in choices:
            if value != spec.default_options.get(name):
                sets.append({**spec.default_options, name: value})
    return sets


def _players(spec) -> int:
    return min(spec.max_players, max(spec.min_players, 3))


def _sampled_positions(spec, options: dict, seed: int, per_phase: int = 2, every: int = 40):
    """Positions of a random game: the first ``per_phase`` decisions with a choice
    in each phase (the ``phase`` attribute, when the game has one), and every
    ``every``-th decision."""
    state = spec.new_game(_players(spec), seed, options)
    mover = RandomAgent(seed)
    seen: dict[object, int] = {}
    k = 0
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:
            phase = state.__dict__.get("phase")
            if seen.get(phase, 0) < per_phase or k % every == 0:
                seen[phase] = seen.get(phase, 0) + 1
                yield state.clone()
            k += 1
        state.apply(mover.choose(state))


def _comparable(value):
    """``value`` as something ``==`` compares by content (a game's parts that
    define ``key()``, such as sheets, by their key)."""
    if isinstance(value, (list, tuple)):
        return tuple(_comparable(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _comparable(v)) for k, v in value.items())
    key = getattr(value, "key", None)
    return key() if callable(key) else value


def test_hidden_information_games_declare_what_is_hidden():
    for spec in all_games():
        cls = spec.state_class
        overrides = cls.determinize is not GameState.determinize
        assert overrides == bool(_hidden(cls)), spec.id
        if overrides:
            assert "seed" in _hidden(cls), f"{spec.id}: every hidden order derives from the seed"


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_determinize_resamples_only_declared_attributes(game_id):
    spec = _spec(game_id)
    hidden = set(_hidden(spec.state_class))
    differing: set[str] = set()
    for options in _option_sets(spec):
        for k, state in enumerate(_sampled_positions(spec, options, 7)):
            seat = state.current_player
            copy = state.determinize(seat, Rng(k))
            for name, value in state.__dict__.items():
                if _comparable(copy.__dict__.get(name)) != _comparable(value):
                    differing.add(name)
            assert set(copy.__dict__) == set(state.__dict__)
    assert differing <= hidden, f"resampled but not declared hidden: {sorted(differing - hidden)}"
    assert "seed" in differing


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_determinized_copies_carry_a_fresh_seed(game_id):
    spec = _spec(game_id)
    for options in _option_sets(spec):
        for k, state in enumerate(itertools.islice(_sampled_positions(spec, options, 11), 4)):
            seat = state.current_player
            a = state.determinize(seat, Rng(100 + k))
            b = state.determinize(seat, Rng(100 + k))
            c = state.determinize(seat, Rng(200 + k))
            assert a.seed != state.seed and c.seed != state.seed
            assert a.seed == b.seed != c.seed  # drawn from the AI's generator


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_the_guard_catches_a_cheat(game_id):
    spec = _spec(game_id)
    state = next(_sampled_positions(spec, dict(spec.default_options), 3))
    view = guarded(state)
    for name in _hidden(spec.state_class) + ("clone", "child", "state_key", "__dict__"):
        with pytest.raises(HiddenRead):
            getattr(view, name)
    # ...while the rules answer, and determinized copies are the AI's own
    assert view.legal_actions() == state.legal_actions()
    copy = view.determinize(view.current_player, Rng(1))
    assert type(copy) is type(state)
    for name in _hidden(spec.state_class):
        getattr(copy, name)


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_no_level_reads_what_its_seat_cannot_see(game_id, level):
    spec = _spec(game_id)
    decisions = 0
    for o, options in enumerate(_option_sets(spec)):
        for k, state in enumerate(_sampled_positions(spec, options, 29 + o)):
            action = spec.agent(level, 1000 * o + k).choose(guarded(state))
            assert state.is_legal(action)
            decisions += 1
    assert decisions >= 4
