"""`explore_network`: the multi-hop neighbourhood of one resolved company or person.

One query, the paper's three-branch UNION ALL (each branch with its own row limit):
- structure: head office / branches, mergers, asset transfers, roles and SAME_AS, up to `hops`;
- event: who else appears in the entity's notices (co-participants, with the notice);
- namehub: other profiles under the same NameHub (homonyms, spelling variants) and their direct
  connections (the lateral links an investigator should check by hand).
With `as_of`, roles count only inside their validity interval (valid_from <= as_of < valid_to),
dated structure edges and notices only up to that date.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any, Final

from pydantic import BaseModel, Field

from tools.base import QueryTrace, ToolContext, ToolResult
from tools.runner import build_result, guarded, read_query

STRUCTURE_TYPES: Final = (
    "HEAD_OFFICE_OF|MERGED_INTO|TRANSFERRED_TO|ACQUIRED_FROM|HOLDS_ROLE|SAME_AS"
)

# `r` valid at $as_of (no as_of: always); a null valid_from is an unknown start, counted as open.
_VALID = (
    "($as_of IS NULL OR ((r.valid_from IS NULL OR r.valid_from <= $as_of) "
    "AND (r.valid_to IS NULL OR r.valid_to > $as_of) AND (r.date IS NULL OR r.date <= $as_of)))"
)
_KEEP = "(NOT $structured_only OR coalesce({v}.strength, 'strong') <> 'weak')"

ANCHOR: Final = """
CALL () {
  MATCH (c:Company {id: $id}) RETURN c AS s
  UNION
  MATCH (p:Person {id: $id}) RETURN p AS s
}
"""

_NETWORK_TEMPLATE = (
    ANCHOR
    + """
CALL (s) {
  MATCH path = (s)-[rels:%(types)s*1..%(hops)d]-(m)
  WHERE m <> s AND all(r IN rels WHERE %(valid)s) AND all(x IN nodes(path) WHERE %(keep_x)s)
  UNWIND range(0, size(rels) - 1) AS i
  WITH rels[i] AS r, min(i + 1) AS hop
  RETURN 'structure' AS branch, hop, startNode(r) AS a, type(r) AS rel, properties(r) AS props,
         endNode(r) AS b, null AS hub, coalesce(r.pubs, [])[0..$max_pubs] AS pubs
  LIMIT $branch_limit
  UNION ALL
  MATCH (s)-[:HAS_EVENT|INVOLVED_IN]->(e:Event)<-[i:HAS_EVENT|INVOLVED_IN]-(m)
  WHERE m <> s AND ($as_of IS NULL OR coalesce(e.journal_date, e.pub_date) <= $as_of) AND %(keep_m)s
  WITH s, m, collect(DISTINCT coalesce(i.role, 'subject')) AS roles,
       collect(e.pub_number)[0..$max_pubs] AS pubs
  RETURN 'event' AS branch, 1 AS hop, s AS a, 'CO_PARTICIPANT' AS rel, {roles: roles} AS props,
         m AS b, null AS hub, pubs
  LIMIT $branch_limit
  UNION ALL
  MATCH (s)-[:IN_HUB]->(h:NameHub)<-[:IN_HUB]-(alias)
  WHERE alias <> s AND %(keep_alias)s
  RETURN 'namehub' AS branch, 1 AS hop, s AS a, 'SAME_HUB' AS rel, {} AS props, alias AS b,
         h.key AS hub, coalesce(alias.pubs, [])[0..$max_pubs] AS pubs
  LIMIT $branch_limit
  UNION ALL
  MATCH (s)-[:IN_HUB]->(h:NameHub)<-[:IN_HUB]-(alias)-[r:%(types)s]-(m)
  WHERE alias <> s AND m <> s AND %(keep_alias)s AND %(keep_m)s AND %(valid)s
  RETURN 'namehub' AS branch, 2 AS hop, startNode(r) AS a, type(r) AS rel, properties(r) AS props,
         endNode(r) AS b, h.key AS hub, coalesce(r.pubs, [])[0..$max_pubs] AS pubs
  LIMIT $branch_limit
}
RETURN branch, hop, rel,
       a.id AS from_id, coalesce(a.name, a.full_name) AS from_name,
       CASE WHEN a:Company THEN 'company' ELSE 'person' END AS from_kind,
       b.id AS to_id, coalesce(b.name, b.full_name) AS to_name,
       CASE WHEN b:Company THEN 'company' ELSE 'person' END AS to_kind,
       coalesce(b.strength, 'strong') AS to_strength, b.status AS to_status,
       coalesce(b.seat, b.residence) AS to_place, b.origin AS to_origin,
       props.role AS role, props.roles AS roles, props.role_text AS role_text,
       props.valid_from AS valid_from, props.valid_to AS valid_to, props.date AS date,
       props.reason AS reason, hub, pubs
"""
)

NETWORK_QUERIES: Final = {
    hops: _NETWORK_TEMPLATE
    % {
        "types": STRUCTURE_TYPES,
        "hops": hops,
        "valid": _VALID,
        "keep_x": _KEEP.format(v="x"),
        "keep_m": _KEEP.format(v="m"),
        "keep_alias": _KEEP.format(v="alias"),
    }
    for hops in (1, 2, 3)
}
"""One query per hop count (a variable-length bound cannot be a parameter)."""

ENTITY_EXISTS: Final = ANCHOR + "RETURN s.id AS id, coalesce(s.strength, 'strong') AS strength"


def unknown_entity_result(
    ctx: ToolContext,
    tool: str,
    args: BaseModel,
    entity_id: str,
    traces: list[QueryTrace],
    started: float,
) -> ToolResult | None:
    """An error result when `entity_id` names no node (so the agent re-resolves), else None."""
    found, trace = read_query(ctx, ENTITY_EXISTS, {"id": entity_id})
    traces.append(trace)
    if found:
        return None
    return build_result(
        tool,
        args.model_dump(),
        [],
        traces,
        "",
        f"No company or person has the id '{entity_id}'. Resolve the name with "
        "search_companies and pass the returned id.",
        started,
    )


class ExploreNetworkArgs(BaseModel):
    """Arguments of explore_network."""

    entity_id: str = Field(
        min_length=1,
        max_length=120,
        description=(
            "The graph id of a company (its UID like CHE-123.456.789, or an id from "
            "search_companies) or a person (p:...). Resolve names with search_companies first."
        ),
    )
    hops: int = Field(
        1,
        ge=1,
        le=3,
        description=(
            "Structure hops: 1 = direct links (roles, head office, branches, mergers, transfers); "
            "2 = also the links of those neighbours (e.g. the other board members of a person's "
            "companies). 3 is slow on large graphs."
        ),
    )
    as_of: dt.date | None = Field(
        None,
        description=(
            "Optional date (YYYY-MM-DD): only roles valid on that day, and only notices and dated "
            "links up to it. Use it for questions like 'the board on 2021-03-01'."
        ),
    )
    limit: int = Field(
        50, ge=1, le=200, description="Maximum links per branch (structure, event, namehub)."
    )


def _split_branches(rows: list[dict[str, Any]], limit: int) -> tuple[list[dict[str, Any]], bool]:
    """Cut each branch to `limit` rows (the query fetched one extra to detect truncation)."""
    out: list[dict[str, Any]] = []
    counts: dict[str, int] = {}
    truncated = False
    for row in rows:
        key = row["branch"] + (":alias" if row["branch"] == "namehub" and row["hop"] == 1 else "")
        counts[key] = counts.get(key, 0) + 1
        if counts[key] > limit:
            truncated = True
            continue
        out.append(row)
    return out, truncated


def explore_network(ctx: ToolContext, args: ExploreNetworkArgs) -> ToolResult:
    """Links of an entity: corporate structure, event co-participants and NameHub aliases."""
    started = time.perf_counter()
    params = {
        "id": args.entity_id,
        "as_of": args.as_of,
        "structured_only": ctx.structured_only,
        "branch_limit": args.limit + 1,
        "max_pubs": 10,
    }

    def body(traces: list[QueryTrace]) -> ToolResult:
        rows, trace = read_query(
            ctx, NETWORK_QUERIES[args.hops], params, max_rows=4 * (args.limit + 1)
        )
        traces.append(trace)
        if not rows:
            unknown = unknown_entity_result(
                ctx, "explore_network", args, args.entity_id, traces, started
            )
            if unknown is not None:
                return unknown
        records, cut = _split_branches(rows, args.limit)
        result = build_result(
            "explore_network",
            args.model_dump(),
            records,
            traces,
            f"{len(records)} link(s) of {args.entity_id}"
            + (f" valid on {args.as_of.isoformat()}" if args.as_of else "")
            + ": "
            + ", ".join(
                f"{b} {sum(r['branch'] == b for r in records)}"
                for b in ("structure", "event", "namehub")
            )
            + ".",
            f"{args.entity_id} has no links"
            + (f" valid on {args.as_of.isoformat()}" if args.as_of else "")
            + (" among strong nodes" if ctx.structured_only else "")
            + ". Try without as_of, or get_node_history for its notices.",
            started,
        )
        if cut:
            result.truncated = True
            result.message += (
                f" Some branches had more than {args.limit} links: raise limit or narrow."
            )
        return result

    return guarded("explore_network", body, args.model_dump())
