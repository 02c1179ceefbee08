"""Read stage: every notice parsed and extracted, its Event node written, its compact rows kept.

Items come either as publications (extracted here) or as rows already parsed and extracted in a
worker process (`ingestion.graph.reading`); parser rejects, repeated publication numbers and
numbers the graph already holds with other content are handed to the run's reject log.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from ingestion.graph.conflicts import stored_conflicts
from ingestion.graph.reading import Extract, Parsed, extract_safely
from ingestion.graph.row_pool import RowPool
from ingestion.graph.rows import NoticeRows, notice_rows
from ingestion.graph.stages.context import BuildContext
from ingestion.graph.writer import WRITE_EVENTS
from ingestion.publication import Publication
from ingestion.sources.duplicates import FirstSeen
from ingestion.sources.rejects import Reject

EVENT_BATCH: Final = 2000
"""Event nodes per write."""


def read_notices(ctx: BuildContext, items: Iterable[Any], extract: Extract) -> None:
    """Write the Event node of every notice in `items` and keep its rows in `ctx`."""
    seen = FirstSeen()  # by number: two ids may share one (the Event key)
    pending: list[tuple[NoticeRows, str | None]] = []
    with ctx.progress() as progress:
        task = progress.add_task("read", total=None)
        for item in items:
            if not isinstance(item, Publication | Parsed):
                ctx.reject(item if isinstance(item, Reject) else _odd(item))
                continue
            if isinstance(item, Parsed):  # parsed and extracted in a worker process
                rows, location = item.rows, item.location
                ev = rows.event
                dup = seen.check(
                    item.number, item.number, ev["content_sha"], ev["source"], location, ev["text"]
                )
            else:
                location = item.source.location
                dup = seen.check(
                    item.number,
                    item.number,
                    item.content_checksum(),
                    item.source.path,
                    location,
                    item.text,
                )
            if dup is not None:
                ctx.reject(dup)
                continue
            if isinstance(item, Publication):
                rows = notice_rows(item, extract_safely(extract, item))
            pending.append((rows, location))
            if len(pending) >= EVENT_BATCH:
                _write_events(ctx, pending)
                pending = []
            progress.advance(task)
        _write_events(ctx, pending)
    ctx.pool = RowPool()  # every row is in; the shared values live on in the rows


def _odd(item: Any) -> Reject:
    return Reject(path="?", reason="unreadable", detail=f"not a notice: {type(item).__name__}")


def _write_events(ctx: BuildContext, pending: list[tuple[NoticeRows, str | None]]) -> None:
    """Keep the rows and write the events of `pending`, minus those the graph holds with
    other content (conflicting duplicates of an earlier run, refused)."""
    if not ctx.fresh:
        refused = stored_conflicts(ctx.driver, ctx.db, [(r.event, loc) for r, loc in pending])
        for _, reject in refused:
            ctx.reject(reject)
        numbers = {number for number, _ in refused}
        pending = [p for p in pending if p[0].event["pub_number"] not in numbers]
    for rows, _ in pending:
        _keep(ctx, rows)
    if pending:
        ctx.write(WRITE_EVENTS, rows=[rows.event for rows, _ in pending])


def _keep(ctx: BuildContext, rows: NoticeRows) -> None:
    ctx.summary.notices += 1
    ctx.summary.flags.update(rows.event["flags"])
    pool = ctx.pool
    if rows.subject:
        ctx.subjects.append(pool.subject(rows.subject))
    ctx.persons.extend(pool.person(r) for r in rows.persons)
    ctx.companies.extend(pool.company(r) for r in rows.companies)
