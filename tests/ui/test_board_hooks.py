"""The shared board bases leave some methods to each game; a game that forgets one
fails when its module is imported."""

import doctest
import importlib
import pkgutil

import pytest

import reclaimdesk.ui
from reclaimdesk.ui.board import hooks
from reclaimdesk.ui.board.view import FitBoardView


def test_every_game_defines_the_hooks_of_the_shared_bases():
    for module in pkgutil.walk_packages(reclaimdesk.ui.__path__, "reclaimdesk.ui."):
        importlib.import_module(module.name)  # a missing hook raises TypeError here


def test_a_game_view_missing_a_hook_is_refused_at_once():
    with pytest.raises(TypeError, match=r"HalfView must define _emit_hover\(\), _left_click\(\), "
                                        r"_right_click\(\) \(left to each game by FitBoardView\)"):
        class HalfView(FitBoardView):
            def _target_at(self, pos):
                return self.NOTHING


def test_module_examples():
    assert doctest.testmod(hooks).failed == 0
