"""Jobs for tests/core/test_parallel.py: defined at a module's top level, so the
helper process (spawned) can import them by name."""

from __future__ import annotations

import os
import time


def setup_offset(offset: int, parent: int) -> tuple[int, int]:
    return offset, parent


def add(context: tuple[int, int], value: int) -> int:
    offset, _parent = context
    return offset + value * value


def meet(context: tuple[int, int], folder: str, index: int) -> tuple[int, int]:
    """Leaves this process's mark in ``folder`` and waits (a minute at most) until
    two processes have left one: a batch of two such jobs is done by both processes
    when each takes one."""
    open(os.path.join(folder, str(os.getpid())), "w").close()
    end = time.monotonic() + 60
    while len(os.listdir(folder)) < 2 and time.monotonic() < end:
        time.sleep(0.01)
    return index, os.getpid()


def meet_then_die_in_helper(context: tuple[int, int], folder: str, index: int) -> int:
    """:func:`meet`, then the helper process ends abruptly (in the searching
    process, ``parent``, the plain result)."""
    offset, parent = context
    meet(context, folder, index)
    if os.getpid() != parent:
        os._exit(3)
    return offset + index


def meet_then_fail_in_helper(context: tuple[int, int], folder: str, index: int) -> int:
    offset, parent = context
    meet(context, folder, index)
    if os.getpid() != parent:
        raise MemoryError("only in the helper")
    return offset + index


def pid(context: tuple[int, int], value: int) -> int:
    return os.getpid()


class Unreadable:
    """Pickles in the searching process, fails to unpickle in the helper."""

    def __reduce__(self):
        return (_refuse, ())


def _refuse():
    if os.environ.get("RECLAIMDESK_TEST_PARENT") != str(os.getpid()):
        raise ImportError("not readable in the helper")
    return Unreadable()


def setup_unreadable(offset: int, parent: int, _unreadable: Unreadable) -> tuple[int, int]:
    return offset, parent
