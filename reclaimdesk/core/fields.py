"""Tuples whose items have names, declared as a ``typing.NamedTuple`` is (one
annotated line per field, an optional default after it), made at a fraction of its
cost: ``typing.NamedTuple`` goes through ``collections.namedtuple``, which compiles
the source of each class's ``__new__``; a start of the app defines seven such
classes (issue 25: ~0.7-1.3M instructions each, against ~0.1M here).

What the app uses of a named tuple is kept: positional and keyword construction
with the defaults, the fields by name, a tuple's equality, hashing, order and
unpacking, ``_fields``, ``_replace`` and the same ``repr``.

>>> class Point(Fields):
...     x: int
...     y: int = 0
>>> p = Point(1)
>>> p, p.x, p.y, p == (1, 0), Point(y=2, x=3), p._replace(y=5), Point._fields
(Point(x=1, y=0), 1, 0, True, Point(x=3, y=2), Point(x=1, y=5), ('x', 'y'))
>>> Point()
Traceback (most recent call last):
...
TypeError: Point() missing the field 'x'
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

_MISSING = object()


class Fields(tuple):
    """The base of a tuple class with named fields (see the module's text)."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: dict[str, Any] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = tuple(cls.__dict__.get("__annotations__", {}))
        defaults = {}
        for index, name in enumerate(names):
            value = cls.__dict__.get(name, _MISSING)
            if value is not _MISSING:
                defaults[name] = value
            elif defaults:
                raise TypeError(f"{cls.__name__}: the field {name!r} without a default follows one with a default")
            setattr(cls, name, property(itemgetter(index), doc=f"Alias for field number {index}"))
        cls._fields = names
        cls._defaults = defaults

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        fields = cls._fields
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}() takes {len(fields)} fields, not {len(args)}")
        if kwargs or len(args) < len(fields):
            values = list(args)
            for name in fields[len(args):]:
                if name in kwargs:
                    values.append(kwargs.pop(name))
                elif name in cls._defaults:
                    values.append(cls._defaults[name])
                else:
                    raise TypeError(f"{cls.__name__}() missing the field {name!r}")
            if kwargs:
                raise TypeError(f"{cls.__name__}() got unexpected or repeated fields {sorted(kwargs)}")
            args = tuple(values)
        return tuple.__new__(cls, args)

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def _replace(self, **changes: Any) -> Any:
        values = [changes.pop(name, value) for name, value in zip(self._fields, self)]
        return type(self)(*values, **changes)

    def __repr__(self) -> str:
        items = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self))
        return f"{type(self).__name__}({items})"
