"""The read stage's CPU work (parse + extract + rows) spread over worker processes, file by file.

Parsing and rule extraction are pure Python and cost more CPU than anything else in an ingest;
worker processes run them in parallel with the main process (resolution, row keeping) and
Neo4j (writes). Files are handed out in order and their results consumed in order, with only a
few files in flight, so the notices arrive exactly as `read_paths` would yield them and memory
stays bounded. Duplicates across files are turned into rejects here, as `read_paths` does.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Final, NamedTuple

from ingestion.extraction.backends import get_extractor, publication_extract
from ingestion.extraction.models import ExtractionRecord
from ingestion.graph.rows import NoticeRows, notice_rows
from ingestion.publication import Publication, RecordLimits
from ingestion.sources import PublicationReader, Reject, iter_files
from ingestion.sources.duplicates import FirstSeen
from shabgraph.settings import Settings

IN_FLIGHT_PER_WORKER: Final = 2
"""Files queued per worker: enough to keep it busy, few enough to bound memory."""

Extract = Callable[[Publication], ExtractionRecord]
"""Publication -> extraction: the only thing the graph build needs from an extractor backend."""


class Parsed(NamedTuple):
    """One notice parsed and extracted in a worker, reduced to the rows the graph needs."""

    pub_id: str
    """Publication id (duplicates across files are detected on it)."""
    number: str
    """Publication number."""
    rows: NoticeRows
    """Its event, subject observation and mentions."""
    location: str | None = None
    """Where in its file it was read (for reject reports)."""


def extract_safely(extract: Extract, pub: Publication) -> ExtractionRecord:
    """The extraction, or a record carrying the error: one bad notice must not stop a run."""
    try:
        return extract(pub)
    except Exception as exc:
        return ExtractionRecord(id=pub.number, error=f"{type(exc).__name__}: {exc}")


def worker_count(settings: Settings) -> int:
    """Worker processes to use (`SHABGRAPH_INGEST_WORKERS`, else the cores, capped at 4)."""
    if settings.ingest_workers is not None:
        return max(1, settings.ingest_workers)
    return max(1, min(4, os.cpu_count() or 1))


_worker_extract: list[Extract] = []
_worker_limits: list[RecordLimits] = []
"""The extractor of this worker process (built once by `_init`, empty in the main process)."""


def _init(extractor: str, settings: Settings) -> None:
    _worker_extract.append(publication_extract(get_extractor(extractor, settings)))
    _worker_limits.append(RecordLimits.from_settings(settings))


def _read_file(path: Path) -> list[Parsed | Reject]:
    extract = _worker_extract[0]
    out: list[Parsed | Reject] = []
    for item in PublicationReader(_worker_limits[0]).read_file(path):
        if isinstance(item, Publication):
            out.append(
                Parsed(
                    item.id,
                    item.number,
                    notice_rows(item, extract_safely(extract, item)),
                    item.source.location,
                )
            )
        else:
            out.append(item)
    return out


def parsed_items(
    paths: Iterable[Path], extractor: str, workers: int, settings: Settings
) -> Iterator[Parsed | Reject]:
    """Every notice of `paths` as `Parsed` rows (or a reject), in `read_paths` order; each
    worker builds its own `extractor` backend from `settings`."""
    seen = FirstSeen()
    # spawn, not fork: the main process already runs the driver's and the writer's threads.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        workers, mp_context=context, initializer=_init, initargs=(extractor, settings)
    ) as pool:
        pending: deque[tuple[Path, Future[list[Parsed | Reject]]]] = deque()
        files = iter(iter_files(paths))
        for path in files:
            pending.append((path, pool.submit(_read_file, path)))
            if len(pending) >= workers * IN_FLIGHT_PER_WORKER:
                break
        while pending:
            path, future = pending.popleft()
            nxt = next(files, None)
            if nxt is not None:
                pending.append((nxt, pool.submit(_read_file, nxt)))
            for item in future.result():
                if isinstance(item, Parsed):
                    ev = item.rows.event
                    dup = seen.check(
                        item.pub_id, item.number, ev["content_sha"], str(path), item.location,
                        ev["text"],
                    )  # fmt: skip
                    yield dup or item
                else:
                    yield item
