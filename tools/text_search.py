"""`global_text_search`: full-text search over the notice texts (the deep-text fallback).

For names that are not resolved graph nodes, or for words that only the free text holds
(a street, a product, a court). User words are escaped: they never become Lucene syntax.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Final

from pydantic import BaseModel, Field

from shabgraph import schema
from tools.base import QueryTrace, ToolContext, ToolResult
from tools.normalize import text_lucene_query
from tools.runner import build_result, guarded, read_query

TEXT_SEARCH: Final = """
CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $k}) YIELD node AS e, score
WHERE ($canton IS NULL OR e.canton = $canton)
  AND ($language IS NULL OR e.language = $language)
  AND ($date_from IS NULL OR e.pub_date >= $date_from)
  AND ($date_to IS NULL OR e.pub_date <= $date_to)
WITH e, score LIMIT $limit
OPTIONAL MATCH (c:Company {id: e.subject_id})
RETURN e.pub_number AS pub_number, e.pub_date AS pub_date, e.sub_rubric AS sub_rubric,
       e.event_types AS event_types, e.canton AS canton, e.language AS language,
       e.subject_id AS subject_id, c.name AS subject_name, round(score, 3) AS score,
       CASE WHEN size(e.text) > $snippet THEN substring(e.text, 0, $snippet) + '…' ELSE e.text END AS text,
       [e.pub_number] AS pubs
"""


class GlobalTextSearchArgs(BaseModel):
    """Arguments of global_text_search."""

    query: str = Field(
        min_length=1,
        max_length=300,
        description=(
            "Words to find in the notice texts (any language of the notices: de, fr, it). Use it "
            "when search_companies finds nothing, or for words that only appear in the text."
        ),
    )
    match_all: bool = Field(
        False, description="True: every word must appear; false: any word (ranked)."
    )
    canton: str | None = Field(
        None, min_length=2, max_length=2, description="Two-letter canton code filter."
    )
    language: str | None = Field(
        None, pattern="^(de|fr|it|rm|en)$", description="Notice language filter."
    )
    date_from: dt.date | None = Field(
        None, description="Only notices published on or after this date."
    )
    date_to: dt.date | None = Field(
        None, description="Only notices published on or before this date."
    )
    limit: int = Field(20, ge=1, le=100, description="Maximum notices, best match first.")


def global_text_search(ctx: ToolContext, args: GlobalTextSearchArgs) -> ToolResult:
    """Notices whose text matches the words, best first, with the subject company."""
    started = time.perf_counter()
    filtered = any(
        v is not None for v in (args.canton, args.language, args.date_from, args.date_to)
    )
    params = {
        "index": schema.FT_EVENT,
        "lucene": text_lucene_query(args.query, require_all=args.match_all),
        "k": (args.limit + 1) * (20 if filtered else 1),
        "limit": args.limit + 1,
        "canton": args.canton,
        "language": args.language,
        "date_from": args.date_from,
        "date_to": args.date_to,
        "snippet": 300,
    }

    def body(traces: list[QueryTrace]) -> ToolResult:
        if not params["lucene"]:
            return build_result(
                "global_text_search",
                args.model_dump(),
                [],
                traces,
                "",
                "The query has no searchable word.",
                started,
            )
        rows, trace = read_query(ctx, TEXT_SEARCH, params, max_rows=args.limit)
        traces.append(trace)
        return build_result(
            "global_text_search",
            args.model_dump(),
            rows,
            traces,
            f"{len(rows)} notice(s) mention '{args.query}', best match first.",
            f"No notice text matches '{args.query}'"
            + (" with these filters" if filtered else "")
            + ". Try fewer or other words, another language's spelling, or match_all=false.",
            started,
        )

    return guarded("global_text_search", body, args.model_dump())
