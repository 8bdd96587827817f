"""Methods the shared board classes leave to each game.

A base class marks such a method with :func:`game_hook` and derives from
:class:`GameHooks`; every subclass must then define it. The check runs when the
subclass is created, so a game that forgets one fails as soon as its module is
imported, not in the middle of a game.

>>> class Base(GameHooks):
...     @game_hook
...     def draw(self) -> None:
...         "Each game draws its board."
>>> class Game(Base):
...     pass
Traceback (most recent call last):
...
TypeError: Game must define draw() (left to each game by Base)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def game_hook(fn: F) -> F:
    """Mark a method that every game's subclass must define."""
    fn.__game_hook__ = True  # type: ignore[attr-defined]
    return fn


class GameHooks:
    """Mixin for the shared bases: checks that subclasses define every hook
    (a class that declares hooks of its own is a base and is not checked)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = {name: klass for klass in reversed(cls.__mro__)
                    for name, value in vars(klass).items() if getattr(value, "__game_hook__", False)}
        if any(declared[name] is cls for name in declared):
            return  # a base that leaves hooks to its own subclasses
        missing = [name for name in declared if getattr(getattr(cls, name), "__game_hook__", False)]
        if missing:
            bases = sorted({declared[name].__name__ for name in missing})
            raise TypeError(f"{cls.__name__} must define {', '.join(n + '()' for n in sorted(missing))}"
                            f" (left to each game by {', '.join(bases)})")
