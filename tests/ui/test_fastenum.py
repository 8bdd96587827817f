"""ui.fastenum: the enums made with its faster steps are the standard library's,
member for member (every enum PySide builds for QtCore, QtGui and QtWidgets, and
hand-made ones that take the standard path: aliases, flags, strings, auto())."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reclaimdesk.ui import fastenum

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not fastenum.supported(), reason="the standard enum code is used here")

DESCRIBE = r'''
import enum

def describe(E):
    """What an enum class is, as plain data: everything its creation set."""
    out = {
        "name": E.__name__, "qualname": E.__qualname__, "module": E.__module__,
        "mro": [b.__qualname__ if b is not E else "<self>" for b in E.__mro__],
        "dict": [[k, type(v).__name__ if not isinstance(v, E) else "member"] for k, v in E.__dict__.items()],
        "member_names": list(E._member_names_),
        "members": [[k, m._name_, m._value_, m._sort_order_, sorted(vars(m))] for k, m in E._member_map_.items()],
        "by_value": sorted([[repr(v), m._name_] for v, m in E._value2member_map_.items()]),
        "unhashable": repr(E._unhashable_values_),
        "iter": [[repr(m), str(m), format(m)] for m in E],
        "len": len(E),
    }
    for attr in ("_flag_mask_", "_singles_mask_", "_all_bits_", "_boundary_", "_inverted_", "_use_args_",
                 "_member_type_", "_value_repr_", "_new_member_"):
        out[attr] = repr(getattr(E, attr, "<none>"))
    values = [m._value_ for m in E._member_map_.values()]
    out["lookups"] = [repr(E(v)) for v in values]
    if issubclass(E, enum.Flag) and len(values) > 1:
        out["or"] = repr(E(values[0]) | E(values[-1]))
        out["invert"] = repr(~E(values[-1]))
    return out
'''

PYSIDE = DESCRIBE + r'''
import json, sys
calls = []
standard_call = enum.EnumType.__call__

def record(cls, value, names=None, *args, **kwargs):
    if names is not None:
        calls.append((cls, value, list(names) if not isinstance(names, str) else names, kwargs))
    return standard_call(cls, value, names, *args, **kwargs)

enum.EnumType.__call__ = record
from PySide6 import QtCore, QtGui, QtWidgets
for module in (QtCore, QtGui, QtWidgets):
    for name in dir(module):
        getattr(module, name)  # each class's enums are built when it is first taken
QtCore.Qt.AlignmentFlag  # the Qt namespace's
enum.EnumType.__call__ = standard_call

from reclaimdesk.ui import fastenum
results = []
for cls, value, names, kwargs in calls:
    standard = describe(cls(value, names, module="m", qualname="Q." + value, **kwargs))
    fastenum.install()
    try:
        fast = describe(cls(value, names, module="m", qualname="Q." + value, **kwargs))
    finally:
        fastenum.uninstall()
    results.append([value, sum(1 for _ in names), standard == fast])
print(json.dumps(results))
'''


def test_every_pyside_enum_is_made_the_same_both_ways():
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    run = subprocess.run([sys.executable, "-c", PYSIDE], env=env, capture_output=True, text=True, timeout=300,
                         check=True)
    results = json.loads(run.stdout.splitlines()[-1])
    assert len(results) > 300  # every enum of the three modules (QLocale.Language: 369 members)
    assert sum(n for _, n, _ok in results) > 5000
    assert [name for name, _n, same in results if not same] == []


HAND_MADE = DESCRIBE + r'''
import json
from reclaimdesk.ui import fastenum

def make():
    made = []
    made.append(enum.Enum("Plain", [("A", 1), ("B", 2), ("C", 1)]))  # C an alias of A
    made.append(enum.IntEnum("Ints", [("A", 0), ("B", 7), ("C", 7), ("D", -3)]))
    made.append(enum.Flag("Flags", [("NONE", 0), ("A", 1), ("B", 2), ("AB", 3), ("C", 8)],
                          boundary=enum.FlagBoundary.KEEP))
    made.append(enum.IntFlag("IntFlags", [("A", 1), ("B", 4), ("BOTH", 5), ("HIGH", 1 << 40)]))
    made.append(enum.Enum("Strings", [("A", "a"), ("B", "b"), ("C", "a")]))
    made.append(enum.Enum("Mixed", [("A", 1), ("B", "b"), ("C", (1, 2)), ("D", True), ("E", 1.5)]))
    made.append(enum.Enum("Names", "RED GREEN BLUE"))
    made.append(enum.Enum("Described", [("name_", 1), ("value_", 2), ("mro_", 3)]))

    class Colour(enum.IntEnum):
        RED = 1
        GREEN = 2
        CRIMSON = 1
        BLUE = enum.auto()

        def describe(self):
            return self.name.lower()

    class Perm(enum.IntFlag):
        R = 4
        W = 2
        X = 1
        RWX = 7

    class Listed(list, enum.Enum):
        A = [1]
        B = [2]

    class WithName(enum.Enum):
        name_ = 1
        value = 2  # the bases' descriptor of that name: the standard path

    class Guarded(enum.EnumType):
        def __setattr__(cls, name, value):
            super().__setattr__(name, value)

    class OwnMeta(enum.IntEnum, metaclass=Guarded):  # a metaclass of its own: the standard path
        A = 1
        B = 2
    return made + [Colour, Perm, Listed, WithName, OwnMeta]

standard = [describe(E) for E in make()]
fastenum.install()
fast = [describe(E) for E in make()]
print(json.dumps([[s["name"], s == f] for s, f in zip(standard, fast)]))
'''


def test_enums_of_every_kind_are_made_the_same_both_ways():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", HAND_MADE], env=env, capture_output=True, text=True, timeout=120,
                         check=True)
    results = json.loads(run.stdout.splitlines()[-1])
    assert len(results) == 13
    assert [name for name, same in results if not same] == []


def test_the_app_installs_it_before_pyside_loads():
    code = ("import enum, sys; import reclaimdesk.ui.app; from reclaimdesk.ui import fastenum; "
            "print(enum._proto_member.__set_name__ is fastenum._set_name, enum.EnumType._create_ is fastenum._create)")
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120,
                         check=True)
    assert run.stdout.split() == ["True", "True"]


THREADS = DESCRIBE + r'''
import json, threading
from reclaimdesk.ui import fastenum

def members(k):
    return [(f"M{k}_{i}", i * 3 % 200) for i in range(300)]  # aliases among them

standard = {k: describe(enum.IntEnum(f"E{k}", members(k), module="m")) for k in range(16)}
fastenum.install()
fast = {}

def make(ks):
    for k in ks:
        fast[k] = describe(enum.IntEnum(f"E{k}", members(k), module="m"))

threads = [threading.Thread(target=make, args=(range(t, 16, 4),)) for t in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps([standard[k] == fast[k] for k in range(16)]))
'''


def test_enums_made_at_once_in_several_threads_are_made_the_same():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    code = "import sys; sys.setswitchinterval(1e-6)\n" + THREADS  # threads take turns as often as they can
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120,
                         check=True)
    assert json.loads(run.stdout.splitlines()[-1]) == [True] * 16
