"""`run_cypher`: read-only Cypher written by the agent, through the sandbox (tools.sandbox)."""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, Field

from shabgraph.errors import CypherRejected
from tools.base import QueryTrace, ToolContext, ToolResult
from tools.runner import build_result, error_result, guarded, read_query
from tools.sandbox import check_query


class RunCypherArgs(BaseModel):
    """Arguments of run_cypher."""

    query: str = Field(
        min_length=1,
        max_length=10_000,
        description=(
            "One read-only Cypher statement (MATCH ... RETURN ...). Put user values in `params` "
            "as $name, never inside the text. Writes, LOAD CSV, USE, PROFILE, procedures outside "
            "the allowlist (db.index.fulltext.queryNodes, db.labels, ...) and unbounded "
            "variable-length paths are refused; use *1..3 at most and a LIMIT. Return `pubs` "
            "(e.g. e.pub_number or n.pubs) so that answers can cite notices."
        ),
    )
    params: dict[str, Any] = Field(default_factory=dict, description="Query parameters by name.")


def run_cypher(ctx: ToolContext, args: RunCypherArgs) -> ToolResult:
    """Check the query (lexical rules, EXPLAIN), then run it in a READ transaction."""
    started = time.perf_counter()

    def body(traces: list[QueryTrace]) -> ToolResult:
        try:
            statement = check_query(ctx, args.query, args.params)
        except CypherRejected as exc:
            result = error_result("run_cypher", args.model_dump(), exc, traces, started)
            result.message = (
                f"Refused by the read-only sandbox ({exc.reason}): {exc.message} "
                "Rewrite it as a single bounded read query."
            )
            return result
        rows, trace = read_query(ctx, statement, args.params)
        traces.append(trace)
        for row in rows:
            row.setdefault("pubs", _pubs_in(row))
        return build_result(
            "run_cypher",
            args.model_dump(),
            rows,
            traces,
            f"{len(rows)} row(s).",
            "The query ran and returned no rows. Check labels, property names and values "
            "(db.labels() lists labels) or loosen the conditions.",
            started,
        )

    return guarded("run_cypher", body, args.model_dump())


def _pubs_in(row: dict[str, Any]) -> list[str]:
    """Publication numbers found in a row's values (columns named pub_number or pubs)."""
    found: list[str] = []
    for key, value in row.items():
        if key in ("pub_number", "pub") and isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            found.extend(_pubs_in(value))
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, dict):
                    found.extend(_pubs_in(item))
    return found
