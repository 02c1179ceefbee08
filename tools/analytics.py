"""The macro-analytics endpoints: `get_top_entities` and `count_entities_by_event`.

Aggregation runs on the server in predefined queries, so that the agent never pages through
raw rows to count. Each ranked or counted row carries sample publication numbers to cite.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any, Final, Literal

from pydantic import BaseModel, Field

from tools.base import QueryTrace, ToolContext, ToolResult
from tools.event_counts import (
    READ_STORED,
    live_count_query,
    period_key,
    rows_from_period,
    rows_from_stored,
    stored_key,
)
from tools.runner import build_result, guarded, read_query

_COMPANY_FILTERS = """
  ($canton IS NULL OR c.canton = $canton)
  AND ($legal_form IS NULL OR c.legal_form = $legal_form OR c.legal_form_label = $legal_form)
  AND ($status IS NULL OR c.status = $status)
  AND (NOT $structured_only OR coalesce(c.strength, 'strong') <> 'weak')"""

_MANDATE_DETAILS = """CALL (p) {
  MATCH (p)-[r:HOLDS_ROLE]->(c:Company)
  RETURN collect(DISTINCT c.name)[0..10] AS companies, collect(r.from_pub)[0..5] AS pubs
}
RETURN p.id AS id, 'person' AS kind, p.full_name AS name, value, p.origin AS origin,
       companies, [x IN pubs WHERE x IS NOT NULL] AS pubs
"""

TOP_BY_CAPITAL: Final = f"""
MATCH (c:Company) WHERE c.capital IS NOT NULL AND {_COMPANY_FILTERS}
  AND ($date_from IS NULL OR c.registered_on >= $date_from)
  AND ($date_to IS NULL OR c.registered_on <= $date_to)
WITH c ORDER BY c.capital DESC, c.name LIMIT $limit
RETURN c.id AS id, 'company' AS kind, c.name AS name, c.capital AS value, c.canton AS canton,
       c.legal_form_label AS legal_form, c.status AS status, coalesce(c.pubs, [])[-3..] AS pubs
"""

TOP_BY_EVENTS: Final = f"""
MATCH (c:Company) WHERE {_COMPANY_FILTERS}
WITH c, COUNT {{ MATCH (c)-[:HAS_EVENT]->(e:Event)
                 WHERE ($date_from IS NULL OR e.pub_date >= $date_from)
                   AND ($date_to IS NULL OR e.pub_date <= $date_to) }} AS value
WHERE value > 0
WITH c, value ORDER BY value DESC, c.name LIMIT $limit
RETURN c.id AS id, 'company' AS kind, c.name AS name, value, c.canton AS canton,
       c.legal_form_label AS legal_form, c.status AS status, coalesce(c.pubs, [])[-3..] AS pubs
"""

# Anchored on the (filtered) companies, not on every Person (whose roles would all be
# expanded); a given canton is matched as a plain property so the canton index finds the start.
_TOP_BY_MANDATES = f"""
MATCH (c:Company%(anchor)s) WHERE {_COMPANY_FILTERS}
MATCH (p:Person)-[r:HOLDS_ROLE]->(c)
WHERE (NOT $structured_only OR coalesce(p.strength, 'strong') <> 'weak')
  AND (NOT $current_only OR r.valid_to IS NULL)
  AND ($date_to IS NULL OR r.valid_from IS NULL OR r.valid_from <= $date_to)
  AND ($date_from IS NULL OR r.valid_to IS NULL OR r.valid_to >= $date_from)
WITH p, count(DISTINCT c) AS value
WITH p, value ORDER BY value DESC, p.full_name LIMIT $limit
{_MANDATE_DETAILS}"""
TOP_BY_MANDATES: Final = _TOP_BY_MANDATES % {"anchor": ""}
TOP_BY_MANDATES_IN_CANTON: Final = _TOP_BY_MANDATES % {"anchor": " {canton: $canton}"}

# The stored per-canton top persons (ingestion/graph/stages/derived.py), completed with their companies.
MANDATE_DETAILS_OF: Final = f"""
UNWIND $top AS t
MATCH (p:Person {{id: t.id}})
WITH p, t.value AS value
{_MANDATE_DETAILS}"""

# Unfiltered rankings read the stored counts of ingestion/graph/stages/derived.py in index order.
TOP_BY_MANDATES_DERIVED: Final = {
    key: f"""
MATCH (p:Person) WHERE p.{key} > 0
WITH p, p.{key} AS value ORDER BY value DESC, p.full_name LIMIT $limit
{_MANDATE_DETAILS}"""
    for key in ("mandates", "current_mandates")
}

TOP_BY_EVENTS_DERIVED: Final = f"""
MATCH (c:Company) WHERE c.event_count > 0 AND {_COMPANY_FILTERS}
WITH c, c.event_count AS value ORDER BY value DESC, c.name LIMIT $limit
RETURN c.id AS id, 'company' AS kind, c.name AS name, value, c.canton AS canton,
       c.legal_form_label AS legal_form, c.status AS status, coalesce(c.pubs, [])[-3..] AS pubs
"""

TOP_QUERIES: Final = {
    "capital": TOP_BY_CAPITAL,
    "events": TOP_BY_EVENTS,
    "mandates": TOP_BY_MANDATES,
    "current_mandates": TOP_BY_MANDATES,
}

Metric = Literal["capital", "events", "mandates", "current_mandates"]


class GetTopEntitiesArgs(BaseModel):
    """Arguments of get_top_entities."""

    metric: Metric = Field(
        description=(
            "What to rank by: 'capital' (companies by nominal capital), 'events' (companies by "
            "number of notices), 'mandates' (persons by number of distinct companies where they "
            "hold or held a role), 'current_mandates' (same, roles still open)."
        )
    )
    canton: str | None = Field(
        None, min_length=2, max_length=2, description="Two-letter canton code of the company."
    )
    legal_form: str | None = Field(
        None,
        max_length=40,
        description=(
            "Legal form of the company: eCH-0097 code (0106) or label (AG, GmbH, SA, Sàrl, Stiftung)."
        ),
    )
    status: Literal["active", "in_liquidation", "bankrupt", "deleted"] | None = Field(
        None, description="Company status filter."
    )
    date_from: dt.date | None = Field(
        None,
        description=(
            "Period start: notices published (events), registration date (capital), or roles "
            "held at some point in the period (mandates)."
        ),
    )
    date_to: dt.date | None = Field(None, description="Period end (same meaning as date_from).")
    limit: int = Field(10, ge=1, le=100, description="How many top entities to return.")


class CountEntitiesByEventArgs(BaseModel):
    """Arguments of count_entities_by_event."""

    group_by: Literal["event_type", "sub_rubric", "canton", "language", "year"] = Field(
        "event_type",
        description=(
            "How to group: event label (registration, deletion, merger, bankruptcy, ...), "
            "sub-rubric (HR01 new entry, HR02 mutation, HR03 deletion), canton, language or year."
        ),
    )
    event_type: str | None = Field(
        None, max_length=40, description="Only notices with this event label."
    )
    sub_rubric: Literal["HR01", "HR02", "HR03"] | None = Field(
        None, description="Only this sub-rubric."
    )
    canton: str | None = Field(
        None, min_length=2, max_length=2, description="Two-letter canton code of the notice."
    )
    legal_form: str | None = Field(
        None, max_length=40, description="Legal form (code or label) of the subject company."
    )
    date_from: dt.date | None = Field(
        None, description="Only notices published on or after this date."
    )
    date_to: dt.date | None = Field(
        None, description="Only notices published on or before this date."
    )


def _derived_query(args: GetTopEntitiesArgs, structured_only: bool) -> str | None:
    """The stored-count query that answers `args` exactly, or None if the filters need counting."""
    if args.date_from is not None or args.date_to is not None:
        return None  # the stored counts span all time
    if args.metric == "events":
        return TOP_BY_EVENTS_DERIVED
    if (
        args.metric in TOP_BY_MANDATES_DERIVED
        and not structured_only
        and all(v is None for v in (args.canton, args.legal_form, args.status))
    ):
        return TOP_BY_MANDATES_DERIVED[args.metric]
    return None


def _stored_canton_ranking(args: GetTopEntitiesArgs, structured_only: bool) -> bool:
    """True when the stored per-canton mandate ranking answers `args` exactly."""
    return (
        args.metric in ("mandates", "current_mandates")
        and args.canton is not None
        and not structured_only
        and all(v is None for v in (args.legal_form, args.status, args.date_from, args.date_to))
    )


def get_top_entities(ctx: ToolContext, args: GetTopEntitiesArgs) -> ToolResult:
    """Rank companies or persons by a metric, with filters."""
    started = time.perf_counter()
    params: dict[str, Any] = {
        "canton": args.canton,
        "legal_form": args.legal_form,
        "status": args.status,
        "date_from": args.date_from,
        "date_to": args.date_to,
        "limit": args.limit,
        "structured_only": ctx.structured_only,
        "current_only": args.metric == "current_mandates",
    }

    def body(traces: list[QueryTrace]) -> ToolResult:
        derived = _derived_query(args, ctx.structured_only)
        rows: list[dict[str, Any]] = []
        if _stored_canton_ranking(args, ctx.structured_only):
            stored, trace = read_query(
                ctx, READ_STORED, {"key": f"{args.metric}|canton"}, max_rows=1
            )
            traces.append(trace)
            top = (
                rows_from_stored(stored[0]["rows_json"], str(args.canton))[: args.limit]
                if stored
                else []
            )
            if top:
                rows, trace = read_query(ctx, MANDATE_DETAILS_OF, {"top": top}, max_rows=args.limit)
                traces.append(trace)
                order = {t["id"]: i for i, t in enumerate(top)}
                rows.sort(key=lambda r: order[r["id"]])
        elif derived is not None:
            rows, trace = read_query(ctx, derived, params, max_rows=args.limit)
            traces.append(trace)
        if not rows:  # no stored counts (graph not written by ingest), or nothing to rank
            query = TOP_QUERIES[args.metric]
            if query is TOP_BY_MANDATES and args.canton is not None:
                query = TOP_BY_MANDATES_IN_CANTON
            rows, trace = read_query(ctx, query, params, max_rows=args.limit)
            traces.append(trace)
        for rank, row in enumerate(rows, 1):
            row["rank"] = rank
        return build_result(
            "get_top_entities",
            args.model_dump(),
            rows,
            traces,
            f"Top {len(rows)} by {args.metric}"
            + (f"; first: {rows[0]['name']} ({rows[0]['value']})" if rows else "")
            + ".",
            f"Nothing to rank by {args.metric} with these filters. Check the canton code "
            "(two letters) and legal form, or widen the period.",
            started,
        )

    return guarded("get_top_entities", body, args.model_dump())


def count_entities_by_event(ctx: ToolContext, args: CountEntitiesByEventArgs) -> ToolResult:
    """Count notices and distinct subject companies per group, with filters."""
    started = time.perf_counter()
    params: dict[str, Any] = {**args.model_dump(), "max_pubs": 5}
    filters = args.model_dump(exclude={"group_by"})

    def body(traces: list[QueryTrace]) -> ToolResult:
        rows: list[dict[str, Any]] | None = None
        stored = stored_key(args.group_by, filters)
        if stored is not None:
            found, trace = read_query(ctx, READ_STORED, {"key": stored[0]}, max_rows=1)
            traces.append(trace)
            if found:
                rows = rows_from_stored(found[0]["rows_json"], stored[1])
                trace.rows = len(rows)
        period = period_key(args.group_by, filters) if stored is None else None
        if period is not None:
            found, trace = read_query(ctx, READ_STORED, {"key": period[0]}, max_rows=1)
            traces.append(trace)
            if found:
                rows = rows_from_period(found[0]["rows_json"], *period[1:])
                trace.rows = len(rows)
        if rows is None:  # not stored, or stale (notices were added since the precomputation)
            rows, trace = read_query(
                ctx, live_count_query(args.group_by, filters), params, max_rows=500
            )
            traces.append(trace)
        return build_result(
            "count_entities_by_event",
            args.model_dump(),
            rows,
            traces,
            f"{len(rows)} group(s) by {args.group_by}; `companies` counts distinct subject "
            "companies, `events` counts notices.",
            "No notice matches these filters. Check the event label, canton code and period.",
            started,
        )

    return guarded("count_entities_by_event", body, args.model_dump())
