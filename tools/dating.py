"""Dates of cited notices: one read query through the tools' traced runner.

Tool records carry publication numbers (`pubs`) but not always their dates, and an answer or an
MCP result cites both. The agent dates a turn's citations once; the MCP server dates each call's.
"""

from __future__ import annotations

from typing import Final

from tools.base import QueryTrace, ToolContext
from tools.runner import read_query

PUB_DATES: Final = """
MATCH (e:Event) WHERE e.pub_number IN $pubs
RETURN e.pub_number AS pub_number, e.pub_date AS pub_date
"""
MAX_DATED: Final = 500
"""More cited notices than this are left undated (no answer or client needs that many at once)."""


def publication_dates(
    ctx: ToolContext, pubs: list[str], known: dict[str, str] | None = None
) -> tuple[dict[str, str], QueryTrace | None]:
    """pub_number -> ISO date for the given notices, and the query's trace (None if none ran).

    Dates in `known` (read already by a traced query) are taken as they are; only the other
    notices are looked up, so a result made of notices costs no second query.
    """
    dates = {p: known[p] for p in pubs if known and p in known}
    wanted = sorted(set(pubs) - set(dates))[:MAX_DATED]
    if not wanted:
        return dates, None
    rows, trace = read_query(ctx, PUB_DATES, {"pubs": wanted}, max_rows=MAX_DATED)
    dates.update({r["pub_number"]: str(r["pub_date"]) for r in rows if r.get("pub_date")})
    return dates, trace
