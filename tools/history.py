"""`get_node_history`: the notices of an entity and of its aliases, in chronological order.

Aliases are the other nodes of its NameHub and its SAME_AS partners (a weak text mention
absorbed into a strong company), so that a timeline also shows the notices that name the
entity only in their text. With `as_of`, only notices up to that (journal) date, plus the
company's attribute values (name, seat, capital, ...) valid on that day.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any, Final

from pydantic import BaseModel, Field

from tools.base import QueryTrace, ToolContext, ToolResult
from tools.network import ANCHOR, unknown_entity_result
from tools.runner import build_result, guarded, read_query

HISTORY: Final = (
    ANCHOR
    + """
CALL (s) {
  RETURN s AS n, 'self' AS via
  UNION
  MATCH (s)-[:IN_HUB]->(:NameHub)<-[:IN_HUB]-(n)
  WHERE $aliases AND (NOT $structured_only OR coalesce(n.strength, 'strong') <> 'weak')
  RETURN n, 'namehub' AS via
  UNION
  MATCH (s)-[:SAME_AS]-(n)
  WHERE $aliases AND (NOT $structured_only OR coalesce(n.strength, 'strong') <> 'weak')
  RETURN n, 'same_as' AS via
}
MATCH (n)-[link:HAS_EVENT|INVOLVED_IN]->(e:Event)
WHERE ($as_of IS NULL OR coalesce(e.journal_date, e.pub_date) <= $as_of)
  AND ($event_type IS NULL OR $event_type IN e.event_types)
WITH e, collect({id: n.id, via: via, link: type(link), role: link.role, action: link.action}) AS links
ORDER BY e.pub_date, e.pub_number
LIMIT $limit
OPTIONAL MATCH (subject:Company {id: e.subject_id})
RETURN 'event' AS record_type, e.pub_number AS pub_number, e.pub_date AS pub_date,
       e.journal_date AS journal_date, e.sub_rubric AS sub_rubric, e.event_types AS event_types,
       e.language AS language, e.canton AS canton, e.subject_id AS subject_id,
       subject.name AS subject_name, links,
       CASE WHEN size(e.text) > $snippet THEN substring(e.text, 0, $snippet) + '…' ELSE e.text END AS text,
       [e.pub_number] AS pubs
"""
)

STATE_AS_OF: Final = """
MATCH (c:Company {id: $id})-[:HAD_STATE]->(st:CompanyState)
WHERE st.valid_from <= $as_of AND (st.valid_to IS NULL OR st.valid_to > $as_of)
RETURN 'state' AS record_type, st.attribute AS attribute, st.value AS value,
       st.valid_from AS valid_from, st.valid_to AS valid_to, st.pub_number AS pub_number,
       [st.pub_number] AS pubs
ORDER BY attribute
"""


class GetNodeHistoryArgs(BaseModel):
    """Arguments of get_node_history."""

    entity_id: str = Field(
        min_length=1,
        max_length=120,
        description=(
            "Graph id of a company (UID like CHE-123.456.789, or an id from search_companies) or "
            "of a person (p:...). Resolve names with search_companies first."
        ),
    )
    as_of: dt.date | None = Field(
        None,
        description=(
            "Optional date (YYYY-MM-DD): only notices up to that day, plus the company's name, "
            "seat, capital, status... as they stood on that day."
        ),
    )
    include_aliases: bool = Field(
        True,
        description=(
            "Also include notices of the entity's aliases (same NameHub, SAME_AS), marked as such. "
            "Set false to see only notices linked to this exact node."
        ),
    )
    event_type: str | None = Field(
        None,
        max_length=40,
        description=(
            "Keep only notices with this event label (registration, deletion, name_change, "
            "seat_change, capital_change, officer_change, merger, asset_transfer, bankruptcy, ...)."
        ),
    )
    limit: int = Field(100, ge=1, le=500, description="Maximum notices, oldest first.")


def get_node_history(ctx: ToolContext, args: GetNodeHistoryArgs) -> ToolResult:
    """Chronological notices of an entity (and its aliases), and its state on `as_of`."""
    started = time.perf_counter()
    params: dict[str, Any] = {
        "id": args.entity_id,
        "as_of": args.as_of,
        "aliases": args.include_aliases,
        "event_type": args.event_type,
        "structured_only": ctx.structured_only,
        "limit": args.limit + 1,
        "snippet": 400,
    }

    def body(traces: list[QueryTrace]) -> ToolResult:
        rows, trace = read_query(ctx, HISTORY, params, max_rows=args.limit)
        traces.append(trace)
        states: list[dict[str, Any]] = []
        if args.as_of is not None:
            states, trace_s = read_query(
                ctx, STATE_AS_OF, {"id": args.entity_id, "as_of": args.as_of}
            )
            traces.append(trace_s)
        if not rows and not states:
            unknown = unknown_entity_result(
                ctx, "get_node_history", args, args.entity_id, traces, started
            )
            if unknown is not None:
                return unknown
        records = rows + states
        when = f" up to {args.as_of.isoformat()}" if args.as_of else ""
        return build_result(
            "get_node_history",
            args.model_dump(),
            records,
            traces,
            f"{len(rows)} notice(s) of {args.entity_id}{when}, oldest first"
            + (f"; {len(states)} attribute value(s) valid on that day" if states else "")
            + ".",
            f"No notice of {args.entity_id}{when}"
            + (f" with event type '{args.event_type}'" if args.event_type else "")
            + ". Try without filters or as_of.",
            started,
        )

    return guarded("get_node_history", body, args.model_dump())
