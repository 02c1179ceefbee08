"""`shabgraph ingest`: parse -> extract -> load -> resolve, batched, idempotent and resumable.

Stages (`ingestion/graph/stages/`, run in this order)
  read      parse every file, extract every notice, write Event nodes; keep compact rows
  companies strong companies: identities (UID, old number, key+seat), history, HAS_EVENT
  mentions  named companies: absorbed into strong ones (UID, key+seat) or weak; their edges
  persons   person profiles per name block, INVOLVED_IN, time-aware HOLDS_ROLE
  derived   stored counts for the ranking and counting tools (`build_graph` only)

Every write is a MERGE or a replace-in-one-transaction of values computed from *all* the
evidence (this run's rows plus what the graph already holds for the touched keys), so a re-run
after a crash, or a second run over the same notices, converges to the same graph.
"""

from __future__ import annotations

import logging
import time
import tracemalloc
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from neo4j import Driver
from rich.console import Console

from ingestion.extraction.backends import get_extractor, publication_extract
from ingestion.graph import store
from ingestion.graph.reading import Extract, parsed_items, worker_count
from ingestion.graph.reject_log import RejectLog
from ingestion.graph.sink import DRIVER_LOGGER, RetryCount, WriteSink, writer_count
from ingestion.graph.stages.companies import strong_companies
from ingestion.graph.stages.context import BuildContext
from ingestion.graph.stages.derived import refresh_derived
from ingestion.graph.stages.mentions import company_mentions
from ingestion.graph.stages.persons import person_profiles
from ingestion.graph.stages.read import read_notices
from ingestion.graph.stages.summary import IngestSummary, summary_table
from ingestion.publication import RecordLimits
from ingestion.sources import read_paths
from shabgraph import schema
from shabgraph.errors import InputError
from shabgraph.settings import Settings

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

__all__ = ["IngestSummary", "Ingestor", "build_graph", "ingest_paths", "summary_table"]


class Ingestor:
    """One ingest run against one database: the four graph stages over the given notices."""

    def __init__(
        self,
        driver: Driver,
        database: str,
        extract: Extract,
        console: Console | None = None,
        show_progress: bool = True,
        writers: int = 2,
        after_write: Callable[[], None] | None = None,
        rejects: Path | None = None,
    ) -> None:
        """`after_write` runs after every committed write batch (the resume tests kill the
        process from it); `writers` is the number of background writer threads; every reject
        goes to the JSONL file `rejects` (if given) and the first ones to the summary."""
        self.driver, self.db, self.extract = driver, database, extract
        self.console = console or Console(stderr=True)
        self.show_progress = show_progress
        self.writers, self.after_write = writers, after_write
        self.rejects = rejects

    def run(self, items: Iterable[Any]) -> IngestSummary:
        """Ingest publications (and parser rejects) from `items`."""
        rejects = self.rejects
        sink = WriteSink(after_each=self.after_write, writers=self.writers)
        ctx = BuildContext(self.driver, self.db, sink, self.console, self.show_progress)
        ctx.rejects = RejectLog(rejects)
        ctx.fresh = store.event_count(self.driver, self.db) == 0
        retries, driver_log = RetryCount(), logging.getLogger(DRIVER_LOGGER)
        driver_log.addFilter(retries)
        try:
            _timed(ctx, "read", lambda: read_notices(ctx, items, self.extract))
            _timed(ctx, "companies", lambda: strong_companies(ctx))
            _timed(ctx, "mentions", lambda: company_mentions(ctx))
            _timed(ctx, "persons", lambda: person_profiles(ctx))
        finally:
            sink.close()
            driver_log.removeFilter(retries)
            ctx.rejects.close()
            ctx.summary.write_retries = retries.count
            ctx.summary.rejects = ctx.rejects.counts
            ctx.summary.reject_examples = ctx.rejects.examples
            if ctx.rejects.counts and rejects is not None:
                ctx.summary.reject_file = str(rejects)
        return ctx.summary


def _timed(ctx: BuildContext, stage: str, fn: Callable[[], None]) -> None:
    start, cpu = time.perf_counter(), time.process_time()
    fn()
    ctx.sink.flush()  # a stage ends when its writes are in the graph
    ctx.summary.stage_seconds[stage] = round(time.perf_counter() - start, 2)
    ctx.summary.stage_cpu_seconds[stage] = round(time.process_time() - cpu, 2)


def ingest_paths(
    paths: Iterable[Path],
    driver: Driver,
    database: str,
    extractor: str = "rules",
    console: Console | None = None,
    show_progress: bool = True,
    settings: Settings | None = None,
    model: BaseChatModel | None = None,
    rejects: Path | None = None,
) -> IngestSummary:
    """Parse, extract, load and resolve the notices under `paths`.

    `extractor` names a backend of `ingestion.extraction.backends.get_extractor`; `model`
    replaces its configured chat model (tests drive the LLM backends with a scripted one);
    `rejects` is the JSONL file every refused record is written to.
    """
    settings = settings or Settings()
    files = [Path(p) for p in paths]
    for path in files:
        if not path.exists():
            raise InputError(f"{path} does not exist", hint="give files or folders of notices")
    backend = get_extractor(extractor, settings, model)
    extract = publication_extract(backend)
    ingestor = Ingestor(
        driver,
        database,
        extract,
        console,
        show_progress,
        writers=writer_count(settings),
        rejects=rejects,
    )
    # Worker processes pay off for the CPU-bound rules extractor; an LLM backend waits on the
    # network, runs its own concurrent requests and keeps one answer cache, so it stays here.
    workers = worker_count(settings) if extractor == "rules" else 1
    if settings.trace_memory:
        tracemalloc.start()
    limits = RecordLimits.from_settings(settings)
    items = (
        parsed_items(files, extractor, workers, settings)
        if workers > 1
        else read_paths(files, limits)
    )
    summary = ingestor.run(items)
    report = getattr(backend, "report", None)  # the LLM backends say who extracted what
    summary.extractor = report() if callable(report) else None
    if settings.trace_memory:
        summary.peak_mib = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
        tracemalloc.stop()
    return summary


def build_graph(
    paths: Iterable[Path],
    driver: Driver,
    database: str,
    extractor: str = "rules",
    console: Console | None = None,
    settings: Settings | None = None,
    rejects: Path | None = None,
) -> IngestSummary:
    """The whole build of `shabgraph ingest`: schema, the four graph stages, the derived counts;
    every refused record goes to the JSONL file `rejects`."""
    schema.apply_schema(driver, database)
    summary = ingest_paths(
        paths, driver, database, extractor, console, settings=settings, rejects=rejects
    )
    derived = refresh_derived(driver, database)
    summary.stage_seconds["derived"] = derived.seconds
    return summary
