"""The build's summary: what one run loaded, resolved and flagged, and how long each stage took
(returned to callers and benchmarks, printed at the end of `shabgraph ingest`)."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field
from rich.table import Table

from ingestion.sources.rejects import Reject


class IngestSummary(BaseModel):
    """What one ingest run did (printed at the end, returned to callers and benchmarks)."""

    notices: int = 0
    """Publications read and loaded."""
    rejects: Counter[str] = Field(default_factory=Counter)
    """Records refused (by the parsers' checks, as duplicates, by Neo4j), by reason."""
    reject_examples: list[Reject] = Field(default_factory=list)
    """The first rejects, with field, size and location (all of them are in `reject_file`)."""
    reject_file: str | None = None
    """The JSONL file holding every reject of the run; None when nothing was rejected."""
    flags: Counter[str] = Field(default_factory=Counter)
    """Data-quality flags raised (events, companies, roles)."""
    strong_companies: int = 0
    """Strong companies written (created or updated)."""
    weak_companies: int = 0
    """Weak company nodes written."""
    absorbed: Counter[str] = Field(default_factory=Counter)
    """Weak companies absorbed into strong ones, by rule."""
    persons: int = 0
    """Person profiles written (in the re-resolved blocks)."""
    person_mentions: int = 0
    """Person mentions resolved."""
    role_edges: int = 0
    """HOLDS_ROLE edges written."""
    stage_seconds: dict[str, float] = Field(default_factory=dict)
    """Wall time of each stage (its writes included)."""
    stage_cpu_seconds: dict[str, float] = Field(default_factory=dict)
    """CPU time of the ingest process in each stage (the machine is shared: wall time varies)."""
    peak_mib: float | None = None
    """Peak Python memory (tracemalloc) when measured."""
    write_retries: int = 0
    """Writes the driver retried after a transient error (deadlocks between the writers)."""
    extractor: str | None = None
    """The LLM backends' line: notices the model extracted, sent to it, fell back to the rules."""


def summary_table(summary: IngestSummary) -> Table:
    """The end-of-run summary: what was loaded, resolved and flagged, and how long it took."""
    table = Table(title="Ingest summary", show_header=False)
    table.add_column("what")
    table.add_column("value", justify="right")
    total = sum(summary.stage_seconds.values()) or 1e-9
    table.add_row("notices loaded", f"{summary.notices:,} ({summary.notices / total:,.0f}/s)")
    for reason, n in sorted(summary.rejects.items()):
        table.add_row(f"rejected: {reason}", f"{n:,}")
    for r in summary.reject_examples:
        where = f"{r.path} {r.location or ''}".strip()
        table.add_row(f"  {r.reason} {r.field or ''}".rstrip(), where[-70:])
    if summary.reject_file:
        table.add_row("reject file (every reject)", summary.reject_file)
    if summary.extractor:
        table.add_row("extractor", summary.extractor)
    table.add_row("strong companies", f"{summary.strong_companies:,}")
    absorbed = sum(summary.absorbed.values())
    table.add_row(
        "weak company spellings",
        f"{summary.weak_companies:,} ({absorbed:,} absorbed: "
        + ", ".join(f"{k} {v:,}" for k, v in sorted(summary.absorbed.items()))
        + ")",
    )
    table.add_row(
        "person profiles", f"{summary.persons:,} from {summary.person_mentions:,} mentions"
    )
    table.add_row("role edges", f"{summary.role_edges:,}")
    for flag, n in sorted(summary.flags.items()):
        table.add_row(f"flag: {flag}", f"{n:,}")
    if summary.write_retries:
        table.add_row("writes retried (writer deadlocks)", f"{summary.write_retries:,}")
    for stage, secs in summary.stage_seconds.items():
        table.add_row(f"time: {stage}", f"{secs:,.1f} s")
    if summary.peak_mib is not None:
        table.add_row("peak Python memory", f"{summary.peak_mib:,.0f} MiB")
    return table
