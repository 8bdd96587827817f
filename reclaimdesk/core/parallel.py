"""Independent jobs of one search shared between this process and a helper process.

An AI search that plays many independent play-outs (each a pure function of the
search's position, the job's own arguments and a seed it is given) can run them on
both cores of the machine. :func:`shared` gives the search a :class:`Work`: the
position is handed once to the helper (``setup``), then each :meth:`Work.map` hands out
a batch of jobs. This process and the helper take the jobs one at a time from a
shared counter, so whichever is free takes the next; the results come back in the
jobs' order. A job's result does not depend on which process ran it, so the search
decides exactly as it would alone, whatever the machine's load, and the tests can
compare the two.

Nothing is lost when the helper is missing: when it cannot start, is busy with
another search, has died, or a job failed there, this process runs what is left
itself. The helper is one process for the whole session, spawned (never forked:
nothing of the app's threads is copied), started at the first search that asks
for it; a frozen build hands it to ``multiprocessing.freeze_support`` first
(``packaging/launcher.py``).

How many processes a search may use: :func:`processes` (the environment variable
``RECLAIMDESK_AI_PROCESSES``, 1 or 2; by default 2 where the machine has two cores
or more). A process that is itself a daemon (a pool's worker) cannot start one and
runs alone.
"""

from __future__ import annotations

import atexit
import logging
import os
import pickle
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

log = logging.getLogger("reclaimdesk.ai")

ENV = "RECLAIMDESK_AI_PROCESSES"
"""The environment variable that sets :func:`processes` (1: searches run in this
process alone)."""

_POLL = 0.05
"""Seconds between two looks at a helper that is still working (it may have died)."""


def processes() -> int:
    """The processes a search may use: ``RECLAIMDESK_AI_PROCESSES`` (1 or 2) or, by
    default, 2 on a machine with two cores or more. 1 in a daemon process (a pool's
    worker may not start processes of its own)."""
    import multiprocessing

    if multiprocessing.current_process().daemon:
        return 1
    text = os.environ.get(ENV, "").strip()
    if text:
        try:
            wanted = int(text)
        except ValueError:
            log.warning("%s=%r is not a number: searches use one process", ENV, text)
            return 1
        return 2 if wanted >= 2 else 1
    return 2 if (os.cpu_count() or 1) >= 2 else 1


def _helper_main(conn, lock, gen, taken) -> None:
    """The helper process: set up a search's context, then take jobs of the current
    batch from the shared counter until none is left; each result (or the error's
    text) goes back with the batch's number and the job's index."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # (Ctrl+C is the deciding process's to handle)
    context = None
    setup_id = -1
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        except Exception:  # noqa: BLE001 - a message that cannot be read here: its jobs run in the caller
            continue
        kind = message[0]
        if kind == "stop":
            return
        if kind == "setup":
            _, setup_id, setup, args = message
            try:
                context = setup(*args)
            except BaseException as exc:  # noqa: BLE001 - reported; the caller runs the jobs itself
                context, setup_id = None, -1
                conn.send(("failed", -1, -1, repr(exc), 0.0))
            continue
        _, batch, wanted_setup, job, jobs = message  # kind == "map"
        while True:
            with lock:
                if gen.value != batch or taken.value >= len(jobs):
                    break
                index = taken.value
                taken.value = index + 1
            began = time.thread_time()
            try:
                if wanted_setup != setup_id:
                    raise RuntimeError("the search's position was not set up in the helper")
                result = job(context, *jobs[index])
            except BaseException as exc:  # noqa: BLE001 - reported; the caller runs the job itself
                conn.send(("failed", batch, index, repr(exc), time.thread_time() - began))
                continue
            conn.send(("done", batch, index, result, time.thread_time() - began))


class _Helper:
    """The session's helper process and the shared counter of the batch it works on."""

    def __init__(self) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        self.lock = ctx.Lock()
        self.gen = ctx.RawValue("q", 0)
        self.taken = ctx.RawValue("q", 0)
        self.conn, child = ctx.Pipe(duplex=True)
        self.process = ctx.Process(target=_helper_main, args=(child, self.lock, self.gen, self.taken),
                                   daemon=True, name="reclaimdesk-ai-helper")
        self.process.start()
        child.close()
        self.setups = 0

    def alive(self) -> bool:
        return self.process.is_alive()

    def stop(self) -> None:
        try:
            self.conn.send(("stop",))
        except (OSError, EOFError, ValueError):
            pass
        self.process.join(1.0)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(1.0)
        self.conn.close()


_helper: _Helper | None = None
_helper_lock = threading.Lock()
"""Held by the search that uses the helper (another search at the same time runs alone)."""
_failed_starts = 0
_helper_cpu = [0.0]
"""CPU seconds of the jobs the helpers ran (a helper started again adds to it)."""
_MAX_STARTS = 3
"""Helpers started (and lost) at most in a session, before searches run alone for good."""


def _get_helper() -> _Helper | None:
    global _helper, _failed_starts
    if _helper is not None and not _helper.alive():
        log.warning("the AI's helper process stopped (exit code %s): it is started again",
                    _helper.process.exitcode)
        _helper.stop()
        _helper = None
        _failed_starts += 1
    if _helper is None and _failed_starts < _MAX_STARTS:
        try:
            _helper = _Helper()
        except (OSError, RuntimeError, ValueError) as exc:
            log.warning("the AI's helper process could not start (%s): searches run in one process", exc)
            _failed_starts += 1
            _helper = None
    return _helper


def stop_helper() -> None:
    """Stop the session's helper process (at exit; a later search starts it again).
    It does not wait for a search that is using it: that search runs what is left of
    its jobs itself."""
    global _helper
    helper, _helper = _helper, None
    if helper is not None:
        helper.stop()


atexit.register(stop_helper)


def helper_cpu_seconds() -> float:
    """CPU seconds the helper processes have spent on jobs in this session (for
    measuring a decision's whole cost: the deciding thread's CPU does not include it)."""
    return _helper_cpu[0]


class Work:
    """One search's jobs (see :func:`shared`)."""

    def __init__(self, setup: Callable[..., Any], args: tuple, helper: _Helper | None) -> None:
        self.context = setup(*args)
        self.helper = helper
        self.setup_id = -1
        self.jobs_by_helper = 0
        """Jobs the helper ran for this search (the rest ran in this process)."""
        if helper is not None:
            helper.setups += 1
            self.setup_id = helper.setups
            try:
                helper.conn.send(("setup", self.setup_id, setup, args))
            except (OSError, EOFError, ValueError, TypeError, AttributeError, pickle.PicklingError) as exc:
                log.warning("the AI's helper process could not be given the search (%s)", exc)
                self.helper = None

    def map(self, job: Callable[..., Any], jobs: Sequence[tuple]) -> list:
        """``[job(context, *args) for args in jobs]``, shared with the helper."""
        jobs = list(jobs)
        helper = self.helper
        if helper is None or len(jobs) < 2:
            return [job(self.context, *args) for args in jobs]
        results: list[Any] = [None] * len(jobs)
        mine: set[int] = set()
        with helper.lock:
            helper.gen.value += 1
            helper.taken.value = 0
            batch = helper.gen.value
        try:
            helper.conn.send(("map", batch, self.setup_id, job, jobs))
        except (OSError, EOFError, ValueError, TypeError, AttributeError, pickle.PicklingError) as exc:
            log.warning("the AI's helper process could not be given the jobs (%s)", exc)
            self.helper = None
            with helper.lock:
                helper.gen.value += 1  # (nothing more is taken from this batch)
            return [job(self.context, *args) for args in jobs]
        while True:
            with helper.lock:
                index = helper.taken.value
                if index >= len(jobs):
                    break
                helper.taken.value = index + 1
            results[index] = job(self.context, *jobs[index])
            mine.add(index)
        with helper.lock:
            helper.gen.value += 1  # (the batch is closed: a late helper takes nothing of it)
        waiting = set(range(len(jobs))) - mine
        failed: set[int] = set()
        while waiting:
            try:
                if not helper.conn.poll(_POLL):
                    if not helper.alive():
                        break
                    continue
                kind, got, index, value, cpu = helper.conn.recv()
            except (EOFError, OSError):
                break
            _helper_cpu[0] += cpu
            if got != batch:
                continue  # (a message of an earlier batch or setup)
            waiting.discard(index)
            if kind == "done":
                results[index] = value
                self.jobs_by_helper += 1
            else:
                log.warning("a job failed in the AI's helper process (%s): it runs here", value)
                failed.add(index)
        for index in sorted(waiting | failed):  # (the helper died or failed: run them here)
            results[index] = job(self.context, *jobs[index])
        if waiting:
            log.warning("the AI's helper process stopped during a search: its jobs ran here")
            self.helper = None
        return results


class shared:
    """``with shared(setup, args) as work:`` the context ``setup(*args)`` is built here
    and in the helper (``setup``, the jobs and their arguments and results must be
    picklable, the functions defined at a module's top level), and ``work.map``
    shares batches of jobs on it. Without the helper (one process, or it is busy with
    another search) everything runs here, with the same results."""

    def __init__(self, setup: Callable[..., Any], args: tuple) -> None:
        self.setup = setup
        self.args = args
        self.locked = False
        self.work: Work | None = None

    def __enter__(self) -> Work:
        helper = None
        if processes() >= 2 and _helper_lock.acquire(blocking=False):
            self.locked = True
            helper = _get_helper()
        self.work = Work(self.setup, self.args, helper)
        return self.work

    def __exit__(self, *exc) -> None:
        if self.locked:
            _helper_lock.release()
            self.locked = False
