"""Running one tool query: READ transaction, timeout, row cap, JSON-ready rows and a trace.

Every tool goes through `read_query`, so the guarantees of the sandbox (read-only transaction,
timeout, row cap) hold for the predefined tools too, and every query lands in the audit trail.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

import neo4j
from neo4j.exceptions import ClientError, CypherSyntaxError, Neo4jError, ServiceUnavailable
from neo4j.time import Date, DateTime, Duration, Time

from shabgraph.errors import DatabaseUnavailable, ToolError
from tools.base import QueryTrace, ToolContext, ToolResult

Row = dict[str, Any]


def jsonable(value: Any) -> Any:
    """Neo4j values as JSON-ready Python values (temporal values become ISO strings)."""
    if isinstance(value, Date | DateTime | Time):
        return value.iso_format()
    if isinstance(value, Duration):
        return str(value)
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, neo4j.graph.Node):
        return {"_labels": sorted(value.labels), **jsonable(dict(value))}
    if isinstance(value, neo4j.graph.Relationship):
        return {"_type": value.type, **jsonable(dict(value))}
    if isinstance(value, neo4j.graph.Path):
        return {"_path": [jsonable(n) for n in value.nodes]}
    return value


def _timed_out(exc: Neo4jError) -> bool:
    code = exc.code or ""
    return "TransactionTimedOut" in code or "Terminated" in code or "timed out" in str(exc).lower()


def _out_of_memory(exc: Neo4jError) -> bool:
    return "MemoryPoolOutOfMemory" in (exc.code or "") or "OutOfMemory" in (exc.code or "")


def read_query(
    ctx: ToolContext, cypher: str, params: dict[str, Any], *, max_rows: int | None = None
) -> tuple[list[Row], QueryTrace]:
    """Run `cypher` in a READ transaction with the context's timeout; keep at most `max_rows`.

    One explicit transaction, never retried: the driver's managed transactions retry transient
    errors for 30 s, and hitting the server's memory cap is a transient error, so a query that
    filled its 512 MiB would fill it again and again (40 s instead of 3). The timeout is the
    transaction's own, so the server stops the query (not just the client waiting for it), and
    leaving the block rolls back, which also stops what was not fetched.

    Raises ToolError with an actionable message on timeout, memory cap or a database error.
    """
    cap = ctx.max_rows if max_rows is None else max_rows
    started = time.perf_counter()
    try:
        with (
            ctx.driver.session(
                database=ctx.database, default_access_mode=neo4j.READ_ACCESS
            ) as session,
            session.begin_transaction(timeout=ctx.timeout_s) as tx,
        ):
            records = tx.run(cypher, params).fetch(cap + 1)
            rows = [jsonable(r.data()) for r in records[:cap]]
            truncated = len(records) > cap
    except CypherSyntaxError as exc:
        raise ToolError(f"The query is not valid Cypher: {exc.message}") from exc
    except ServiceUnavailable as exc:
        raise DatabaseUnavailable("Neo4j is unreachable", hint="is the server running?") from exc
    except (ClientError, Neo4jError) as exc:
        if _timed_out(exc):
            raise ToolError(
                f"The query ran longer than {ctx.timeout_s:g} s and was stopped; narrow it "
                "(an id, a canton, a date range, fewer hops) or add a LIMIT."
            ) from exc
        if _out_of_memory(exc):
            raise ToolError(
                "The query needed more memory than one query may use and was stopped; "
                "aggregate less (no collect() of every row), filter earlier or add a LIMIT."
            ) from exc
        raise ToolError(f"Neo4j refused the query: {exc.message or exc}") from exc
    ms = (time.perf_counter() - started) * 1000
    trace = QueryTrace(
        cypher=cypher.strip(),
        params=jsonable(params),
        rows=len(rows),
        ms=round(ms, 2),
        truncated=truncated,
    )
    return rows, trace


def citations_of(records: Iterable[Row]) -> list[str]:
    """All `pubs` of the records, de-duplicated, in order of appearance."""
    seen: dict[str, None] = {}
    for rec in records:
        for pub in rec.get("pubs") or []:
            seen.setdefault(pub, None)
    return list(seen)


def build_result(
    tool: str,
    args: dict[str, Any],
    records: list[Row],
    traces: list[QueryTrace],
    found: str,
    empty: str,
    started: float,
) -> ToolResult:
    """A ToolResult with outcome `evidence` or `empty`, citations and timing filled in."""
    truncated = any(t.truncated for t in traces)
    message = found if records else empty
    if records and truncated:
        message += " The result was cut at the row cap: narrow the question or lower the scope."
    return ToolResult(
        tool=tool,
        args=jsonable(args),
        outcome="evidence" if records else "empty",
        message=message,
        records=records,
        citations=citations_of(records),
        queries=traces,
        truncated=truncated,
        ms=round((time.perf_counter() - started) * 1000, 2),
    )


def error_result(
    tool: str, args: dict[str, Any], exc: Exception, traces: list[QueryTrace], started: float
) -> ToolResult:
    """A ToolResult with outcome `error`; the message tells the agent what to change."""
    return ToolResult(
        tool=tool,
        args=jsonable(args),
        outcome="error",
        message=str(exc),
        queries=traces,
        ms=round((time.perf_counter() - started) * 1000, 2),
    )


def guarded(
    tool: str, body: Callable[[list[QueryTrace]], ToolResult], args: dict[str, Any]
) -> ToolResult:
    """Run a tool body; expected errors become an `error` outcome instead of an exception."""
    started = time.perf_counter()
    traces: list[QueryTrace] = []
    try:
        return body(traces)
    except ToolError as exc:
        return error_result(tool, args, exc, traces, started)
