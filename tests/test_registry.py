"""The core registry: games are found by scanning reclaimdesk/games (no list of names
to keep), ``child`` gives a validated copy, and legality has one path."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import pytest

import reclaimdesk.games
from reclaimdesk.core.errors import IllegalActionError
from reclaimdesk.core.game import GameState, all_games, get_game


def test_every_game_package_is_registered():
    packages = {m.name for m in pkgutil.iter_modules(reclaimdesk.games.__path__) if m.ispkg}
    registered = {g.state_class.__module__.split(".")[2]
                  for g in all_games() if g.state_class.__module__.startswith("reclaimdesk.games.")}
    assert packages and packages == registered


def test_the_core_names_no_game_module():
    import reclaimdesk.core.game as game

    text = Path(game.__file__).read_text(encoding="utf-8")
    for spec in all_games():
        assert spec.state_class.__module__.rsplit(".", 1)[0] not in text


def test_child_is_a_validated_copy():
    spec = all_games()[0]
    state = spec.new_game(spec.min_players, 3)
    action = state.legal_actions()[0]
    before = state.clone()
    child = state.child(action)
    assert state == before and child != state
    state.apply(action)
    assert child == state and child.history == state.history
    spent = state.clone()
    illegal = next(a for a in before.legal_actions() if not spent.is_legal(a))
    with pytest.raises(IllegalActionError):
        spent.child(illegal)


def test_is_legal_cannot_be_overridden():
    with pytest.raises(TypeError, match="why_illegal"):
        class Rogue(GameState):  # noqa: F841 - defining it is the test
            def is_legal(self, action):
                return True


def test_unknown_game_names_the_known_ones():
    from reclaimdesk.core.errors import RecordError

    with pytest.raises(RecordError, match="known: "):
        get_game("no-such-game")


def test_listing_the_games_imports_no_rules():
    """The start page and ``reclaimdesk games`` list the games from their specs; the
    rules (state classes) are imported only when a game is played."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys\n"
        "from reclaimdesk.core.game import all_games\n"
        "specs = all_games()\n"
        "[(s.name, s.summary, s.credits.lines(), s.players_text(), s.option_choices) for s in specs]\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('reclaimdesk.games.') and m.count('.') > 2)\n"
        "print(len(specs), loaded)\n"
    )
    root = Path(__file__).resolve().parents[1]
    run = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    count, loaded = run.stdout.strip().split(" ", 1)
    assert int(count) >= 3 and loaded == "[]"


def test_a_state_class_imported_directly_finds_its_lazy_spec():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for spec in all_games():
        module, name = spec.state_class_name().split(":")
        code = f"from {module} import {name}\nprint({name}.spec.id if hasattr({name}, 'spec') else '-')\n" \
               f"s = {name}({spec.min_players}, 1, {{}})\nprint(type(s).spec.id)\n"
        run = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        assert run.stdout.split()[-1] == spec.id


def test_every_game_credits_its_makers():
    for spec in all_games():
        assert spec.credits.lines(), f"{spec.id} credits nobody"
