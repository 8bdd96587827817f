"""Python enums made faster for PySide (issue 25): PySide builds the Python enum
of every Qt enum a class has the first time the class is used, through the
standard library's functional API (``Enum("Language", [(name, value), ...])``).
On CPython 3.11 each member goes through ``_EnumDict.__setitem__`` and
``_proto_member.__set_name__``, general code for every kind of enum (auto(),
descriptors, aliases, tuples, private names). The app's start builds 67 enums
of 1,585 members (QLocale's languages, countries and scripts, QEvent's types,
QIcon's theme icons, ...): ~120M instructions, 15% of the start (a bare PySide
window builds 38 of 1,215 members, ~90M). These steps take about 40% less.

:func:`install` replaces those two steps, for the case PySide uses (a plain
public name with an ``int`` value, in a class whose bases hold no attribute of
that name), by the same steps without the general checks; every other case is
handed to the standard code, unchanged. The enums made are the same classes with
the same members, maps and flag masks (``tests/ui/test_fastenum.py`` builds
every enum of QtCore, QtGui and QtWidgets both ways and compares them). Only for
the CPython versions whose enum code was read for this (:data:`VERSIONS`);
elsewhere nothing is replaced."""

from __future__ import annotations

import enum
import sys
from typing import Any

VERSIONS = ((3, 11),)
"""The Python versions whose ``enum`` module this follows (3.12 rewrote its
member creation)."""

_installed: dict[str, Any] = {}


def supported() -> bool:
    return sys.implementation.name == "cpython" and sys.version_info[:2] in VERSIONS


def install() -> bool:
    """Use the faster steps from now on (once); False where not supported."""
    if not supported():
        return False
    if not _installed:
        proto = enum._proto_member  # type: ignore[attr-defined]
        set_name, create = proto.__set_name__, enum.EnumType._create_  # type: ignore[attr-defined]
        # only the standard library's own steps are replaced (one wrapped by a
        # test's spy, say, stays as it is)
        if _standard(set_name, "_proto_member.__set_name__"):
            _installed["set_name"] = set_name
            proto.__set_name__ = _set_name
        if _standard(create, "EnumType._create_"):
            _installed["create"] = create
            enum.EnumType._create_ = _create  # type: ignore[attr-defined]
        _installed["done"] = True
    return True


def _standard(function: Any, qualname: str) -> bool:
    return getattr(function, "__module__", None) == "enum" and getattr(function, "__qualname__", None) == qualname


def uninstall() -> None:
    """The standard library's own steps again (tests)."""
    if "set_name" in _installed:
        enum._proto_member.__set_name__ = _installed.pop("set_name")  # type: ignore[attr-defined]
    if "create" in _installed:
        enum.EnumType._create_ = _installed.pop("create")  # type: ignore[attr-defined]
    _installed.clear()


_last: list[tuple[Any, Any]] = [(None, None)]
"""(the class whose members are being made, what :func:`_set_name` reads of it
once): ``type.__new__`` names its members one after the other, and each class
attribute would be looked up along the bases again after every member is set.
One tuple, read and replaced whole: a thread making another enum meanwhile only
replaces it."""


_taken: dict[tuple[type, ...], frozenset[str]] = {}
"""The bases of an enum class (its ``__mro__`` after it) -> the names they give an
attribute other than None: a member of such a name takes the standard steps.
PySide's enums have a few kinds of bases (``IntEnum``, ``IntFlag``, ``Enum``,
``Flag`` and theirs), each read once instead of at every member."""


def _taken_names(bases: tuple[type, ...]) -> frozenset[str]:
    names = _taken.get(bases)
    if names is None:
        names = _taken[bases] = frozenset(name for base in bases for name, value in base.__dict__.items()
                                          if value is not None)
    return names


_MEMBER_ATTRIBUTES = frozenset(("_value_", "_name_", "__objclass__", "_sort_order_"))


def _set_member_attributes(member: Any, member_name: str, enum_class: Any, member_type: Any, value: int,
                           no_init: bool, order: int) -> None:
    """A member's own attributes, set as the standard ``__set_name__`` sets them."""
    if not hasattr(member, "_value_"):
        if member_type is object:
            member._value_ = value
        else:
            try:
                member._value_ = member_type(value)
            except Exception as exc:
                new_exc = TypeError("_value_ not set in __new__, unable to create it")
                new_exc.__cause__ = exc
                raise new_exc from exc
    member._name_ = member_name
    member.__objclass__ = enum_class
    if not no_init:  # (Enum's own __init__ does nothing)
        member.__init__(member._value_)
    member._sort_order_ = order


def _set_name(self: Any, enum_class: Any, member_name: str) -> None:
    """``_proto_member.__set_name__`` for an ``int`` value with no attribute of the
    same name in the bases (no redirect to make); else the standard one."""
    value = self.value
    last = _last[0]
    if last[0] is enum_class:
        known = last[1]
    else:
        meta = type(enum_class)  # (a metaclass of its own may guard its attributes otherwise)
        plain = meta.__setattr__ is enum.EnumType.__setattr__ and meta.__delattr__ is enum.EnumType.__delattr__
        known = (enum_class._member_type_, enum_class._use_args_, enum_class._new_member_,
                 _taken_names(enum_class.__mro__[1:]), issubclass(enum_class, enum.Flag),
                 enum_class._member_names_, enum_class._member_map_, enum_class._value2member_map_, plain,
                 enum_class.__init__ is enum.Enum.__init__)
        # a member made by int's or object's own __new__, with no __init__ of its own and none
        # of its attributes a descriptor of the class: they go straight into its __dict__
        # (as setting each would put them, without looking each up along the class's bases
        # again: every member set on the class makes Python forget those look-ups)
        known += (known[9] and known[2] in (int.__new__, object.__new__)
                  and not _MEMBER_ATTRIBUTES & known[3] and not _MEMBER_ATTRIBUTES.intersection(vars(enum_class)),)
        _last[0] = (enum_class, known)
    member_type, use_args, new_member, taken, flag, names, members, by_value, plain, no_init, direct = known
    if type(value) is not int or member_type is tuple or not plain or member_name in taken:
        return _installed["set_name"](self, enum_class, member_name)
    type.__delattr__(enum_class, member_name)  # (EnumType's own refuses only members: this is none yet)
    member = new_member(enum_class, value) if use_args else new_member(enum_class)
    if direct:
        attributes = member.__dict__
        attributes["_value_"] = value if member_type is object else member_type(value)
        value = attributes["_value_"]
        attributes["_name_"] = member_name
        attributes["__objclass__"] = enum_class
        attributes["_sort_order_"] = len(names)
    else:
        _set_member_attributes(member, member_name, enum_class, member_type, value, no_init, len(names))
        value = member._value_
    if flag:  # (set as EnumType.__setattr__ would: none of these is a member's name)
        mask = enum_class._flag_mask_ | value
        type.__setattr__(enum_class, "_flag_mask_", mask)
        if enum._is_single_bit(value):  # type: ignore[attr-defined]
            type.__setattr__(enum_class, "_singles_mask_", enum_class._singles_mask_ | value)
        type.__setattr__(enum_class, "_all_bits_", 2 ** (mask.bit_length()) - 1)
    try:
        member = by_value[value]  # an alias of an earlier member
    except TypeError:
        for canonical in members.values():
            if canonical._value_ == value:
                member = canonical
                break
        else:
            if not flag or enum._is_single_bit(value):  # type: ignore[attr-defined]
                names.append(member_name)
    except KeyError:
        if not flag or enum._is_single_bit(value):  # type: ignore[attr-defined]
            names.append(member_name)
    type.__setattr__(enum_class, member_name, member)  # (EnumType's own refuses only members: not yet one)
    members[member_name] = member
    try:
        by_value.setdefault(value, member)
    except TypeError:
        enum_class._unhashable_values_.append(value)


def _create(cls: Any, class_name: str, names: Any, *, module: str | None = None, qualname: str | None = None,
            type: Any = None, start: int = 1, boundary: Any = None) -> Any:  # noqa: A002 - the standard's names
    """``EnumType._create_`` (the functional API), a plain public name with an
    ``int`` value put in the class's namespace as ``_EnumDict.__setitem__`` would
    put it, without its checks for the other kinds of names and values."""
    metacls = cls.__class__
    bases = (cls,) if type is None else (type, cls)
    _, first_enum = cls._get_mixins_(class_name, bases)
    classdict = metacls.__prepare__(class_name, bases)
    if isinstance(names, str):
        names = names.replace(",", " ").split()
    if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
        original_names, names = names, []
        last_values: list[Any] = []
        for count, name in enumerate(original_names):
            value = first_enum._generate_next_value_(name, start, count, last_values[:])
            last_values.append(value)
            names.append((name, value))
    if names is None:
        names = ()
    member_names = classdict._member_names
    stored = classdict._last_values
    for item in names:
        if isinstance(item, str):
            member_name, member_value = item, names[item]
        else:
            member_name, member_value = item
        if (member_value.__class__ is int and member_name[:1] != "_" and member_name not in classdict
                and member_name not in classdict._ignore):
            member_names[member_name] = None
            stored.append(member_value)
            dict.__setitem__(classdict, member_name, member_value)
        else:
            classdict[member_name] = member_value
    if module is None:
        try:
            module = sys._getframe(2).f_globals["__name__"]
        except (AttributeError, ValueError, KeyError):
            pass
    if module is None:
        enum._make_class_unpicklable(classdict)  # type: ignore[attr-defined]
    else:
        classdict["__module__"] = module
    if qualname is not None:
        classdict["__qualname__"] = qualname
    return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)
