"""What the stages of one graph build share: the connection, the writers, the summary and the
compact rows the read stage keeps for the resolution stages.

Each stage is a function of this context, run in order by `ingestion.graph.pipeline`: the read
stage fills the rows, the company stage assigns company ids and records the strong companies,
the mention and person stages resolve against them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from neo4j import Driver
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ingestion.graph.guard import guarded_query
from ingestion.graph.reject_log import RejectLog
from ingestion.graph.row_pool import RowPool
from ingestion.graph.rows import CompanyRow, PersonRow, SubjectObs
from ingestion.graph.sink import WriteSink
from ingestion.graph.stages.summary import IngestSummary
from ingestion.graph.writer import run_write
from ingestion.sources.rejects import Reject


class Strong(NamedTuple):
    """What the mention stage needs of a strong company written in this run."""

    uid: str | None
    """Its valid UID."""
    hub_key: str
    """NameHub key of its current name."""
    seat: str | None
    """Current seat."""


@dataclass
class BuildContext:
    """One build's shared state; `fresh` means the database held no notice when it started."""

    driver: Driver
    """The connection every stage reads and writes through."""
    db: str
    """The database name."""
    sink: WriteSink
    """Background writers; `flush()` is the barrier between dependent writes."""
    console: Console
    """Where the progress bars go."""
    show_progress: bool = True
    """False for tests and benchmarks that want a quiet run."""
    fresh: bool = True
    """No notice in the graph at the start: nothing to merge with, no graph reads needed."""
    summary: IngestSummary = field(default_factory=IngestSummary)
    """What the run did, filled by every stage."""
    rejects: RejectLog = field(default_factory=RejectLog)
    """Every record the parsers or the writers refused (counted, and written to the file)."""
    pool: RowPool = field(default_factory=RowPool)
    """Interns the values shared by many rows while the read stage runs."""
    subjects: list[SubjectObs] = field(default_factory=list)
    """Subject observations of every notice read (consumed by the company stage)."""
    persons: list[PersonRow] = field(default_factory=list)
    """Person mentions of every notice read."""
    companies: list[CompanyRow] = field(default_factory=list)
    """Company mentions of every notice read."""
    pub_company: dict[str, str] = field(default_factory=dict)
    """Publication number -> id of its subject company (set by the company stage)."""
    run_strong: dict[str, Strong] = field(default_factory=dict)
    """Strong companies written in this run, by id (set by the company stage)."""
    uid_weak: list[str] = field(default_factory=list)
    """Weak nodes that held the UID of one of this run's strong companies (the company stage
    freed the UID; the mention stage resolves them again)."""

    def progress(self) -> Progress:
        """A progress display for one stage (disabled when `show_progress` is off)."""
        return Progress(
            TextColumn("{task.description:<10}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self.console,
            disable=not self.show_progress,
            transient=False,
        )

    def write(self, query: str, **params: Any) -> None:
        """Queue one write query with its parameters (a row Neo4j refuses becomes a reject)."""
        driver, db, reject = self.driver, self.db, self.rejects.add

        def run(q: str, **p: Any) -> None:
            run_write(driver, db, q, **p)

        self.sink.submit(lambda: guarded_query(run, query, params, reject))

    def reject(self, item: Reject) -> None:
        """Record one rejected record."""
        self.rejects.add(item)

    def submit(self, job: Callable[[], None]) -> None:
        """Queue one write job (a transaction function bound to its rows)."""
        self.sink.submit(job)
