"""A background writer: graph writes run in one thread while Python keeps parsing and resolving.

Neo4j executes a batch on its own cores while the ingest process waits on the socket; with
the writes handed to a thread, extraction and resolution of the next batch overlap with the
database work of the previous one. One thread and a FIFO queue keep the writes in submission
order, so resumption and the crash hook see exactly the sequence a synchronous run would.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Final

QUEUE_DEPTH: Final = 4
"""Batches waiting at most; bounds the memory held by rows not yet written."""

Job = Callable[[], None]
"""One write (a transaction function bound to its rows)."""


class WriteSink:
    """Runs submitted writes in order in one background thread; `flush` waits for them."""

    def __init__(
        self, after_each: Callable[[], None] | None = None, depth: int = QUEUE_DEPTH
    ) -> None:
        self._queue: queue.Queue[Job | None] = queue.Queue(maxsize=depth)
        self._after_each = after_each
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._loop, name="graph-writer", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            try:
                if job is None:
                    return
                if self._error is None:  # after a failure, drain without writing
                    job()
                    if self._after_each:
                        self._after_each()
            except BaseException as exc:  # re-raised in the submitting thread
                self._error = exc
            finally:
                self._queue.task_done()

    def _raise(self) -> None:
        if self._error is not None:
            error, self._error = self._error, None
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
        """Flush, then stop the thread."""
        try:
            self.flush()
        finally:
            self._queue.put(None)
            self._thread.join()
