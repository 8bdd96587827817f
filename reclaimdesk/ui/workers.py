"""Work off the GUI thread: the AI players and hints run here so the window never
freezes. A :class:`Worker` runs one job at a time on its own thread pool and
reports back on the GUI thread, tagged with the token it was given, so the
caller can drop answers that came too late (the game moved on)."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal

_OUTLIVING: list[tuple[QThreadPool, QObject]] = []
"""Pools (with their relays) whose job was still running when their worker closed:
kept until the job ends, so that it never reports through a deleted object."""


class _Relay(QObject):
    """Lives on the GUI thread; the job emits through it (queued across threads)."""

    done = Signal(object, object)
    failed = Signal(object, str)


class _Job(QRunnable):
    def __init__(self, token: Hashable, fn: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self.token = token
        self.fn = fn
        self.relay = relay
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self.fn()
        except Exception as exc:  # noqa: BLE001 - reported to the GUI thread
            self.relay.failed.emit(self.token, f"{exc}\n{traceback.format_exc(limit=3)}")
        else:
            self.relay.done.emit(self.token, result)


class Worker(QObject):
    """Runs callables one after another on a private thread. While it has work,
    the window keeps its share of the interpreter (:func:`hold_quick_switching`):
    a computer seat or a hint thinking on it would otherwise make each repaint
    wait up to Python's 5 ms per hand-over of the lock, several times a paint."""

    finished = Signal(object, object)
    failed = Signal(object, str)
    busyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._relay.failed.connect(self._on_failed)
        self._pending = 0
        self._closed = False
        self._holding = False

    @property
    def busy(self) -> bool:
        return self._pending > 0

    def submit(self, token: Hashable, fn: Callable[[], Any]) -> None:
        if self._closed:
            return
        self._pending += 1
        if self._pending == 1:
            self._hold(True)
            self.busyChanged.emit(True)
        self.pool.start(_Job(token, fn, self._relay))

    def _hold(self, on: bool) -> None:
        """Quick switching held while this worker has work, and let go once."""
        if on and not self._holding:
            hold_quick_switching()
        elif not on and self._holding:
            release_quick_switching()
        self._holding = on

    def _settle(self) -> None:
        self._pending = max(0, self._pending - 1)
        if self._pending == 0:
            self._hold(False)
            self.busyChanged.emit(False)

    def _on_done(self, token: Hashable, result: Any) -> None:
        self._settle()
        if not self._closed:
            self.finished.emit(token, result)

    def _on_failed(self, token: Hashable, message: str) -> None:
        self._settle()
        if not self._closed:
            self.failed.emit(token, message)

    def wait(self, msecs: int = -1) -> bool:
        return self.pool.waitForDone(msecs)

    def close(self, msecs: int = 5000) -> None:
        """Stop reporting and wait for the running job (AI jobs end within seconds).
        A job that runs longer (a busy machine) is left to finish on its own: its
        pool and relay are handed to the application, so that the worker (and the
        window that owns it) can go at once without the job reporting into a
        deleted object."""
        self._closed = True
        self._hold(False)
        self.pool.clear()
        if self.pool.waitForDone(msecs):
            return
        app = QCoreApplication.instance()
        self._relay.done.disconnect(self._on_done)
        self._relay.failed.disconnect(self._on_failed)
        self.pool.setParent(app)
        self._relay.setParent(app)
        _OUTLIVING.append((self.pool, self._relay))
        _OUTLIVING[:] = [(p, r) for p, r in _OUTLIVING if p.activeThreadCount() > 0 or p is self.pool]


# --- the window's share of the interpreter while long work runs -----------------------
QUICK_SWITCH_S = 0.0005
"""How often (seconds) Python hands the interpreter lock between threads while a
worker has a job (a computer seat's turn, a hint, the review's analysis): the GUI
thread waits at most about this long for its turn, instead of Python's usual 5 ms,
so a move is repainted and a ghost follows the pointer within their budgets while
the job works."""
_quick_holders = 0
_saved_switch: float | None = None


def hold_quick_switching() -> None:
    """A long job on a worker thread begins (pair it with :func:`release_quick_switching`)."""
    import sys

    global _quick_holders, _saved_switch
    if _quick_holders == 0:
        _saved_switch = sys.getswitchinterval()
        sys.setswitchinterval(min(QUICK_SWITCH_S, _saved_switch))
    _quick_holders += 1


def release_quick_switching() -> None:
    """The long job ended: the usual switch interval comes back with the last one."""
    import sys

    global _quick_holders
    if _quick_holders == 0:
        return
    _quick_holders -= 1
    if _quick_holders == 0 and _saved_switch is not None:
        sys.setswitchinterval(_saved_switch)
