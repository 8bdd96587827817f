"""The worker thread and the window's share of the interpreter: while a worker has
a job (a computer seat thinking, a hint, an analysis), Python hands its lock to the
window's thread every ``QUICK_SWITCH_S`` instead of every 5 ms, and the usual
interval comes back when the last job ends or the worker closes."""

from __future__ import annotations

import sys
import threading

import pytest

from reclaimdesk.ui import workers
from reclaimdesk.ui.workers import QUICK_SWITCH_S, Worker


@pytest.fixture
def usual_switch():
    """Python's usual interval, and no hold left by an earlier test's worker
    (one whose job was still running when its test ended)."""
    before = sys.getswitchinterval(), workers._quick_holders, workers._saved_switch
    workers._quick_holders, workers._saved_switch = 0, None
    sys.setswitchinterval(0.005)
    yield 0.005
    sys.setswitchinterval(before[0])
    workers._quick_holders, workers._saved_switch = before[1], before[2]


def test_a_job_holds_quick_switching_until_it_is_done(qtbot, usual_switch) -> None:
    worker = Worker()
    go = threading.Event()
    seen = []
    worker.submit("job", lambda: (go.wait(10), seen.append(sys.getswitchinterval()), 7)[-1])
    assert sys.getswitchinterval() == pytest.approx(QUICK_SWITCH_S)
    worker.submit("second", lambda: 8)  # a second job while the first runs: still held
    with qtbot.waitSignals([worker.finished, worker.finished], timeout=10000):
        go.set()
    qtbot.waitUntil(lambda: not worker.busy)
    assert seen == [pytest.approx(QUICK_SWITCH_S)]
    assert sys.getswitchinterval() == pytest.approx(usual_switch)
    worker.close()
    assert sys.getswitchinterval() == pytest.approx(usual_switch)


def test_a_worker_closed_mid_job_lets_go_once(qtbot, usual_switch) -> None:
    other = Worker()
    worker = Worker()
    go = threading.Event()
    other.submit("long", lambda: go.wait(10))
    worker.submit("job", lambda: go.wait(10))
    worker.close(msecs=0)  # gone while its job still runs
    assert sys.getswitchinterval() == pytest.approx(QUICK_SWITCH_S), "the other worker still has work"
    go.set()
    qtbot.waitUntil(lambda: not other.busy)
    assert sys.getswitchinterval() == pytest.approx(usual_switch)
    other.close()
    worker.pool.waitForDone(10000)
    assert workers._quick_holders == 0


def test_a_failed_job_lets_go_too(qtbot, usual_switch) -> None:
    worker = Worker()

    def fails() -> None:
        raise ValueError("no")

    with qtbot.waitSignal(worker.failed, timeout=10000):
        worker.submit("bad", fails)
    qtbot.waitUntil(lambda: not worker.busy)
    assert sys.getswitchinterval() == pytest.approx(usual_switch)
    worker.close()
