"""The background writers: order, barriers, errors (no Neo4j: jobs are plain functions)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from ingestion.graph import pipeline
from ingestion.graph.reading import worker_count
from ingestion.graph.sink import WriteSink, writer_count
from ingestion.graph.stages.summary import IngestSummary
from shabgraph.settings import Settings


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


def test_worker_and_writer_counts_come_from_a_dot_env_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The README promises that `.env` works: the build must read its counts through Settings.
    for key in ("SHABGRAPH_INGEST_WORKERS", "SHABGRAPH_INGEST_WRITERS"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    assert writer_count(Settings()) == 2
    (tmp_path / ".env").write_text("SHABGRAPH_INGEST_WORKERS=3\nSHABGRAPH_INGEST_WRITERS=1\n")
    assert worker_count(Settings()) == 3
    assert writer_count(Settings()) == 1
    (tmp_path / ".env").write_text("SHABGRAPH_INGEST_WORKERS=0\nSHABGRAPH_INGEST_WRITERS=0\n")
    assert worker_count(Settings()) == 1
    assert writer_count(Settings()) == 1


def test_ingest_paths_hands_the_settings_counts_to_the_build(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: dict[str, int] = {}

    class Recorder(pipeline.Ingestor):
        def run(self, items: Any) -> IngestSummary:
            seen["writers"] = self.writers
            return IngestSummary()

    def fake_parsed(paths: Any, extractor: str, workers: int, settings: Settings) -> list[Any]:
        seen["workers"] = workers
        return []

    monkeypatch.setattr(pipeline, "Ingestor", Recorder)
    monkeypatch.setattr(pipeline, "parsed_items", fake_parsed)
    settings = Settings(ingest_workers=3, ingest_writers=5)
    pipeline.ingest_paths([tmp_path], None, "neo4j", settings=settings)  # type: ignore[arg-type]
    assert seen == {"workers": 3, "writers": 5}


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
