"""Read stage: every notice parsed and extracted, its Event node written, its compact rows kept.

Items come either as publications (extracted here) or as rows already parsed and extracted in a
worker process (`ingestion.graph.reading`); parser rejects and repeated publication numbers are
counted in the summary and skipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from ingestion.graph.reading import Extract, Parsed, extract_safely
from ingestion.graph.rows import NoticeRows, RowPool, notice_rows
from ingestion.graph.stages.context import BuildContext
from ingestion.graph.writer import WRITE_EVENTS
from ingestion.publication import Publication

EVENT_BATCH: Final = 2000
"""Event nodes per write."""


def read_notices(ctx: BuildContext, items: Iterable[Any], extract: Extract) -> None:
    """Write the Event node of every notice in `items` and keep its rows in `ctx`."""
    seen: set[str] = set()
    events: list[dict[str, Any]] = []
    with ctx.progress() as progress:
        task = progress.add_task("read", total=None)
        for item in items:
            if not isinstance(item, Publication | Parsed):
                ctx.summary.rejects[str(getattr(item, "reason", "unreadable"))] += 1
                continue
            if item.number in seen:
                ctx.summary.rejects["duplicate"] += 1
                continue
            seen.add(item.number)
            if isinstance(item, Parsed):  # parsed and extracted in a worker process
                rows = item.rows
            else:
                rows = notice_rows(item, extract_safely(extract, item))
            _keep(ctx, rows)
            events.append(rows.event)
            if len(events) >= EVENT_BATCH:
                ctx.write(WRITE_EVENTS, rows=events)
                events = []
            progress.advance(task)
        if events:
            ctx.write(WRITE_EVENTS, rows=events)
    ctx.pool = RowPool()  # every row is in; the shared values live on in the rows


def _keep(ctx: BuildContext, rows: NoticeRows) -> None:
    ctx.summary.notices += 1
    ctx.summary.flags.update(rows.event["flags"])
    pool = ctx.pool
    if rows.subject:
        ctx.subjects.append(pool.subject(rows.subject))
    ctx.persons.extend(pool.person(r) for r in rows.persons)
    ctx.companies.extend(pool.company(r) for r in rows.companies)
