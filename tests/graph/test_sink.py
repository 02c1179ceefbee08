"""The background writers: order, barriers, errors (no Neo4j: jobs are plain functions)."""

from __future__ import annotations

import threading
import time

import pytest

from ingestion.graph.sink import WRITERS_ENV, WriteSink, writer_count


def test_one_writer_keeps_submission_order() -> None:
    done: list[int] = []
    sink = WriteSink(writers=1)
    for i in range(50):
        sink.submit(lambda i=i: done.append(i))
    sink.close()
    assert done == list(range(50))


def test_two_writers_run_side_by_side_and_flush_is_a_barrier() -> None:
    both_running = threading.Barrier(2, timeout=5)
    done: list[str] = []

    def slow(name: str) -> None:
        both_running.wait()  # times out (BrokenBarrierError) unless the two run at once
        done.append(name)

    sink = WriteSink(writers=2)
    sink.submit(lambda: slow("a"))
    sink.submit(lambda: slow("b"))
    sink.flush()
    assert sorted(done) == ["a", "b"]
    sink.submit(lambda: done.append("after"))
    sink.close()
    assert done[-1] == "after"


def test_error_is_raised_once_and_later_jobs_are_not_run() -> None:
    ran: list[int] = []
    sink = WriteSink(writers=2)

    def fail() -> None:
        raise ValueError("write refused")

    sink.submit(fail)
    time.sleep(0.05)
    with pytest.raises(ValueError, match="write refused"):
        sink.flush()
    sink.submit(lambda: ran.append(1))
    sink.close()
    assert ran == []  # after a failure the queue drains without writing


def test_after_each_counts_every_job_across_writers() -> None:
    count = [0]

    def tick() -> None:
        count[0] += 1

    sink = WriteSink(after_each=tick, writers=2)
    for _ in range(200):
        sink.submit(lambda: None)
    sink.close()
    assert count[0] == 200


def test_writer_count_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(WRITERS_ENV, raising=False)
    assert writer_count() == 2
    monkeypatch.setenv(WRITERS_ENV, "1")
    assert writer_count() == 1
    monkeypatch.setenv(WRITERS_ENV, "0")
    assert writer_count() == 1


def test_retry_warnings_are_counted_and_kept_off_the_console(
    caplog: pytest.LogCaptureFixture,
) -> None:
    import logging

    from ingestion.graph.sink import DRIVER_LOGGER, RetryCount

    retries, log = RetryCount(), logging.getLogger(DRIVER_LOGGER)
    log.addFilter(retries)
    try:
        with caplog.at_level(logging.WARNING, logger=DRIVER_LOGGER):
            log.warning("Transaction failed and will be retried in %ss (%s)", 0.9, "deadlock")
            log.warning("Transaction failed and will be retried in %ss (%s)", 1.1, "deadlock")
            log.warning("Something else went wrong")
    finally:
        log.removeFilter(retries)
    assert retries.count == 2
    assert [r.getMessage() for r in caplog.records] == ["Something else went wrong"]
