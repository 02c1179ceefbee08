"""Dates of the cited notices: one read query per turn, through the tools' traced runner.

Tool records carry publication numbers (`pubs`) but not always their dates; an answer cites both.
"""

from __future__ import annotations

from typing import Final

from tools.base import QueryTrace, ToolContext
from tools.runner import read_query

PUB_DATES: Final = """
MATCH (e:Event) WHERE e.pub_number IN $pubs
RETURN e.pub_number AS pub_number, e.pub_date AS pub_date
"""
MAX_LOOKUP: Final = 500
"""More cited notices than this are left undated (an answer never shows that many)."""


def publication_dates(
    ctx: ToolContext, pubs: list[str]
) -> tuple[dict[str, str], QueryTrace | None]:
    """pub_number -> ISO date for the given notices, and the query's trace (None if nothing ran)."""
    wanted = sorted(set(pubs))[:MAX_LOOKUP]
    if not wanted:
        return {}, None
    rows, trace = read_query(ctx, PUB_DATES, {"pubs": wanted}, max_rows=MAX_LOOKUP)
    return {r["pub_number"]: str(r["pub_date"]) for r in rows if r.get("pub_date")}, trace
