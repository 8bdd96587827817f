"""A search's jobs shared with the helper process (reclaimdesk.core.parallel): the
same results in the same order as in one process, whichever process ran a job,
and nothing lost when the helper is missing, busy, fails or dies."""

from __future__ import annotations

import logging
import os

import pytest

from reclaimdesk.core import parallel
from tests.core import parallel_jobs as jobs


@pytest.fixture
def two(monkeypatch):
    monkeypatch.setenv(parallel.ENV, "2")
    yield
    parallel.stop_helper()


def test_the_processes_come_from_the_environment(monkeypatch, caplog):
    monkeypatch.setenv(parallel.ENV, "1")
    assert parallel.processes() == 1
    monkeypatch.setenv(parallel.ENV, "4")
    assert parallel.processes() == 2
    with caplog.at_level(logging.WARNING, logger="reclaimdesk.ai"):
        monkeypatch.setenv(parallel.ENV, "two")
        assert parallel.processes() == 1
    assert "is not a number" in caplog.text
    monkeypatch.delenv(parallel.ENV)
    assert parallel.processes() == (2 if (os.cpu_count() or 1) >= 2 else 1)


def test_one_process_runs_everything_here(monkeypatch):
    monkeypatch.setenv(parallel.ENV, "1")
    with parallel.shared(jobs.setup_offset, (5, os.getpid())) as work:
        assert work.helper is None
        assert work.map(jobs.add, [(k,) for k in range(10)]) == [5 + k * k for k in range(10)]


def test_both_processes_take_jobs_and_the_results_keep_their_order(two, tmp_path):
    with parallel.shared(jobs.setup_offset, (5, os.getpid())) as work:
        assert work.helper is not None
        met = work.map(jobs.meet, [(str(tmp_path), 0), (str(tmp_path), 1)])
        assert [index for index, _pid in met] == [0, 1]
        assert {pid for _index, pid in met} == {os.getpid(), work.helper.process.pid}
        assert work.jobs_by_helper == 1
        # later batches on the same setup, the helper's results in the jobs' order
        for _ in range(3):
            assert work.map(jobs.add, [(k,) for k in range(40)]) == [5 + k * k for k in range(40)]
    assert parallel.helper_cpu_seconds() > 0


def test_a_second_search_at_the_same_time_runs_alone(two):
    with parallel.shared(jobs.setup_offset, (1, os.getpid())) as first:
        with parallel.shared(jobs.setup_offset, (2, os.getpid())) as second:
            assert first.helper is not None and second.helper is None
            assert second.map(jobs.pid, [(k,) for k in range(4)]) == [os.getpid()] * 4
            assert second.map(jobs.add, [(3,)]) == [11]
        assert first.map(jobs.add, [(k,) for k in range(6)]) == [1 + k * k for k in range(6)]


def test_a_helper_that_dies_leaves_its_jobs_to_this_process_and_is_started_again(two, caplog, tmp_path):
    values = [(k,) for k in range(30)]
    with caplog.at_level(logging.WARNING, logger="reclaimdesk.ai"):
        with parallel.shared(jobs.setup_offset, (100, os.getpid())) as work:
            dead = work.helper
            # each process takes one of the two jobs; the helper dies in its own
            done = work.map(jobs.meet_then_die_in_helper, [(str(tmp_path), 0), (str(tmp_path), 1)])
            assert done == [100, 101] and work.jobs_by_helper == 0
            assert work.helper is None  # (the rest of this search runs here)
            assert work.map(jobs.add, values) == [100 + k * k for k in range(30)]
        dead.process.join(10)
        assert dead.process.exitcode == 3
        with parallel.shared(jobs.setup_offset, (7, os.getpid())) as work:
            assert work.helper is not None and work.helper is not dead
            assert work.map(jobs.add, values) == [7 + k * k for k in range(30)]
    assert "stopped during a search" in caplog.text and "started again" in caplog.text


def test_a_job_that_fails_in_the_helper_runs_here(two, caplog, tmp_path):
    with caplog.at_level(logging.WARNING, logger="reclaimdesk.ai"):
        with parallel.shared(jobs.setup_offset, (100, os.getpid())) as work:
            done = work.map(jobs.meet_then_fail_in_helper, [(str(tmp_path), 0), (str(tmp_path), 1)])
            assert done == [100, 101] and work.jobs_by_helper == 0
            assert work.helper is not None  # (a failed job is not a dead helper)
            assert work.map(jobs.add, [(k,) for k in range(30)]) == [100 + k * k for k in range(30)]
    assert "only in the helper" in caplog.text


def test_what_cannot_be_handed_to_the_helper_runs_here(two, caplog):
    with caplog.at_level(logging.WARNING, logger="reclaimdesk.ai"):
        with parallel.shared(jobs.setup_offset, (lambda: 0, os.getpid())) as work:
            assert work.helper is None
            assert work.map(jobs.pid, [(k,) for k in range(3)]) == [os.getpid()] * 3
    assert "could not be given the search" in caplog.text


def test_a_search_the_helper_cannot_read_runs_here(two, monkeypatch):
    # the setup's arguments fail to load in the helper: it goes on, and the jobs
    # of that search run here (each reported failed, then run again here)
    monkeypatch.setenv("RECLAIMDESK_TEST_PARENT", str(os.getpid()))
    with parallel.shared(jobs.setup_unreadable, (3, os.getpid(), jobs.Unreadable())) as work:
        helper = work.helper
        assert work.map(jobs.add, [(k,) for k in range(20)]) == [3 + k * k for k in range(20)]
    with parallel.shared(jobs.setup_offset, (4, os.getpid())) as work:
        assert work.helper is helper and helper.alive()
        assert work.map(jobs.add, [(k,) for k in range(20)]) == [4 + k * k for k in range(20)]


def test_a_daemon_process_runs_alone(monkeypatch):
    import multiprocessing

    monkeypatch.setenv(parallel.ENV, "2")
    monkeypatch.setattr(multiprocessing.current_process(), "daemon", True, raising=False)
    assert parallel.processes() == 1
