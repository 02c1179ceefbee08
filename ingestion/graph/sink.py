"""Background writers: graph writes run in threads while Python keeps parsing and resolving.

Neo4j executes a batch on its own cores while the ingest process waits on the socket; with
the writes handed to threads, extraction and resolution of the next batch overlap with the
database work of the previous ones. Neo4j runs one transaction on one core, so two writer
threads keep both cores of a small machine busy when Python has little left to do.

Writes that run side by side must not depend on each other: the pipeline submits only
independent batches between two `flush()` calls (a stage's events, its companies, its person
blocks), and `flush()` is the barrier before a write that needs the earlier ones. Every write is
idempotent and computed from all the evidence, so the order in which two independent batches
commit, or which of them a crash leaves out, does not change what a re-run converges to.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Final

from shabgraph.settings import Settings

QUEUE_DEPTH: Final = 4
"""Batches waiting at most; bounds the memory held by rows not yet written."""

Job = Callable[[], None]
"""One write (a transaction function bound to its rows)."""
DRIVER_LOGGER: Final = "neo4j.session"
"""The driver's logger that announces a transaction retry."""
_RETRY_MESSAGE: Final = "Transaction failed and will be retried"


def writer_count(settings: Settings) -> int:
    """Writer threads to use (`SHABGRAPH_INGEST_WRITERS`, at least 1; 1 keeps submission order)."""
    return max(1, settings.ingest_writers)


class WriteSink:
    """Runs submitted writes in background threads; `flush` waits for all of them."""

    def __init__(
        self,
        after_each: Callable[[], None] | None = None,
        depth: int = QUEUE_DEPTH,
        writers: int = 1,
    ) -> None:
        self._queue: queue.Queue[Job | None] = queue.Queue(maxsize=depth)
        self._after_each = after_each
        self._lock = threading.Lock()
        self._error: BaseException | None = None
        self._failed = False
        self._threads = [
            threading.Thread(target=self._loop, name=f"graph-writer-{i}", daemon=True)
            for i in range(writers)
        ]
        for thread in self._threads:
            thread.start()

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            try:
                if job is None:
                    return
                if not self._failed:  # after a failure, drain without writing
                    job()
                    if self._after_each:
                        with self._lock:
                            self._after_each()
            except BaseException as exc:  # re-raised in the submitting thread
                with self._lock:
                    self._failed = True
                    self._error = self._error or exc
            finally:
                self._queue.task_done()

    def _raise(self) -> None:
        with self._lock:
            error, self._error = self._error, None
        if error is not None:
            raise error  # the writer's own exception, as a synchronous write would raise it

    def submit(self, job: Job) -> None:
        """Queue one write (blocks while the queue is full); raises an earlier write's error."""
        self._raise()
        self._queue.put(job)

    def flush(self) -> None:
        """Wait until every queued write is done; raise the first error."""
        self._queue.join()
        self._raise()

    def close(self) -> None:
        """Flush, then stop the threads."""
        try:
            self.flush()
        finally:
            for _ in self._threads:
                self._queue.put(None)
            for thread in self._threads:
                thread.join()


class RetryCount(logging.Filter):
    """Counts the driver's retry warnings and keeps them off the console.

    Two writers sometimes deadlock on a shared node (a NameHub); Neo4j aborts one transaction and
    the driver retries it, which is the designed outcome, not a fault. The driver prints each
    retry as a multi-line warning through the progress bars; the ingest summary reports the count
    instead. Every other driver message passes through.
    """

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self.count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and record.msg.startswith(_RETRY_MESSAGE):
            with self._lock:
                self.count += 1
            return False
        return True
