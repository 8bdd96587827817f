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
handed to the standard code, unchanged. A class of such members only (PySide's)
is also made without the ``_EnumDict``, through ``EnumType.__new__``'s own steps
with what follows from its bases alone worked out once per kind of bases
(:func:`_new_plain`): the class is about a third cheaper to make (issue 25). The enums made are the same classes with
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
    plain = _plain_members(names) if metacls is enum.EnumType else None
    if plain is not None:  # (PySide's case) no _EnumDict: the namespace it would hold, made at once
        if module is None:
            try:
                module = sys._getframe(2).f_globals["__name__"]
            except (AttributeError, ValueError, KeyError):
                pass
        if module is not None:
            first_enum = _from_bases(metacls, class_name, bases)[1]
            namespace = {"_generate_next_value_": getattr(first_enum, "_generate_next_value_", None), **plain,
                         "__module__": module}
            if qualname is not None:
                namespace["__qualname__"] = qualname
            return _new_plain(metacls, class_name, bases, namespace, list(plain), boundary)
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
    if (metacls is enum.EnumType and len(member_names) == len(stored) and module is not None
            and len(classdict) == len(stored) + 2 + (qualname is not None)
            and "mro" not in member_names and "" not in member_names):
        # only the members, _generate_next_value_, __module__ (and __qualname__)
        return _new_plain(metacls, class_name, bases, dict(classdict.items()), list(member_names), boundary)
    return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)


def _plain_members(names: Any) -> dict[str, int] | None:
    """``names`` as {name: value} when every one is a ``(name, value)`` pair of a
    public name (each once; not ``mro``) and an ``int``, else None."""
    if not isinstance(names, (list, tuple)) or not names:
        return None
    members: dict[str, int] = {}
    for item in names:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            return None
        name, value = item
        if (name.__class__ is not str or value.__class__ is not int or name[:1] in ("_", "")
                or name == "mro" or name in members):
            return None
        members[name] = value
    return members


_by_bases: dict[tuple[type, ...], tuple[Any, ...]] = {}
"""The bases of an enum class -> what ``EnumType.__new__`` works out from them alone
(for a class with no ``__new__``, ``_order_`` or ``_ignore_`` of its own): its
member type and first enum, its members' maker, its ``_value_repr_``, and the
methods it sets on the new class."""


def _from_bases(metacls: Any, class_name: str, bases: tuple[type, ...]) -> tuple[Any, ...]:
    known = _by_bases.get(bases)
    if known is None:
        member_type, first_enum = metacls._get_mixins_(class_name, bases)
        new, save_new, use_args = metacls._find_new_({}, member_type, first_enum)
        value_repr = metacls._find_data_repr_(class_name, bases)
        known = (member_type, first_enum, new, save_new, use_args, value_repr)
        _by_bases[bases] = known
    return known


def _new_plain(metacls: Any, cls: str, bases: tuple[type, ...], classdict: dict[str, Any], member_names: list[str],
               boundary: Any) -> Any:
    """``EnumType.__new__`` (3.11) step by step, for a class of plain members made
    by the functional API (no ``__new__``, ``_order_`` or ``_ignore_`` of its own):
    what follows from the bases alone worked out once per kind of bases, the
    attributes set on the new class as ``EnumType.__setattr__`` would set them
    (none is a member's name). The class's namespace gets the same keys in the
    same order."""
    member_type, first_enum, new, save_new, use_args, value_repr = _from_bases(metacls, cls, bases)
    classdict["_new_member_"] = new
    classdict["_use_args_"] = use_args
    proto = enum._proto_member  # type: ignore[attr-defined]
    for name in member_names:
        classdict[name] = proto(classdict[name])
    classdict["_member_names_"] = []
    classdict["_member_map_"] = {}
    classdict["_value2member_map_"] = {}
    classdict["_unhashable_values_"] = []
    classdict["_member_type_"] = member_type
    classdict["_value_repr_"] = value_repr
    classdict["_boundary_"] = boundary or getattr(first_enum, "_boundary_", None)
    classdict["_flag_mask_"] = 0
    classdict["_singles_mask_"] = 0
    classdict["_all_bits_"] = 0
    classdict["_inverted_"] = None
    try:
        exc = None
        enum_class = type.__new__(metacls, cls, bases, classdict)
    except RuntimeError as e:
        # (as the standard code: an error in a member's making comes back wrapped)
        exc = e.__cause__ or e
    if exc is not None:
        raise exc
    classdict.update(enum_class.__dict__)
    set_attribute = type.__setattr__
    if enum.ReprEnum in bases:
        if member_type is object:
            raise TypeError("ReprEnum subclasses must be mixed with a data type (i.e. int, str, float, etc.)")
        if "__format__" not in classdict:
            set_attribute(enum_class, "__format__", member_type.__format__)
            classdict["__format__"] = enum_class.__format__
        if "__str__" not in classdict:
            method = member_type.__str__
            if method is object.__str__:
                method = member_type.__repr__
            set_attribute(enum_class, "__str__", method)
            classdict["__str__"] = enum_class.__str__
    for name in ("__repr__", "__str__", "__format__", "__reduce_ex__"):
        if name not in classdict:
            enum_method = getattr(first_enum, name)
            found_method = getattr(enum_class, name)
            if found_method in (getattr(member_type, name), getattr(object, name)):
                set_attribute(enum_class, name, enum_method)
    flag = issubclass(enum_class, enum.Flag)
    if flag:
        for name in ("__or__", "__and__", "__xor__", "__ror__", "__rand__", "__rxor__", "__invert__"):
            if name not in classdict:
                enum_method = getattr(enum.Flag, name)
                set_attribute(enum_class, name, enum_method)
                classdict[name] = enum_method
    if save_new:
        set_attribute(enum_class, "__new_member__", new)
    set_attribute(enum_class, "__new__", enum.Enum.__new__)
    if not flag:
        for name in ("_boundary_", "_flag_mask_", "_singles_mask_", "_all_bits_", "_inverted_"):
            type.__delattr__(enum_class, name)
    else:
        member_list = [m._value_ for m in enum_class]
        if member_list != sorted(member_list):
            set_attribute(enum_class, "_iter_member_", enum_class._iter_member_by_def_)
    return enum_class
