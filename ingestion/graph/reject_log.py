"""The rejects of one ingest run: counted in the summary, each written to the run's reject file.

Parser rejects (field sizes, dates, encodings, depth, duplicates) and writer rejects (a row
Neo4j refused) arrive from the read stage and from the writer threads, so adding one is locked.
The file is opened on the first reject only: a clean run leaves no empty file behind.
"""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path
from typing import IO, Final

from ingestion.sources.rejects import Reject

EXAMPLES: Final = 20
"""Rejects kept in memory for the end-of-run summary (all of them go to the file)."""


class RejectLog:
    """Counts rejects by reason, keeps the first few, appends every one to `path` (if given)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        """The JSONL reject file; None keeps the rejects in memory only (tests, benchmarks)."""
        self.counts: Counter[str] = Counter()
        """Rejects by reason."""
        self.examples: list[Reject] = []
        """The first `EXAMPLES` rejects."""
        self._lock = threading.Lock()
        self._file: IO[str] | None = None

    def add(self, reject: Reject) -> None:
        """Record one reject."""
        with self._lock:
            self.counts[reject.reason] += 1
            if len(self.examples) < EXAMPLES:
                self.examples.append(reject)
            if self.path is not None:
                if self._file is None:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    self._file = self.path.open("w", encoding="utf-8")
                self._file.write(reject.model_dump_json() + "\n")
                self._file.flush()  # a run that dies later still leaves its rejects

    def close(self) -> None:
        """Close the file, if one was opened."""
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None
