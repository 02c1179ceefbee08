"""`list_register`: the companies, notices or role entries that match filters, with their total.

Aggregate questions name a population and want its members, not a global count: the Sàrl with
their seat in one canton, the notices of one SHAB issue, the companies deleted, the audit firms
entered in a period, the persons who left one company in a year. One bounded read for the rows
(cited) and one for the total, so a count and its list always agree.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any, Final, Literal

from pydantic import BaseModel, Field

from tools.base import QueryTrace, ToolContext, ToolResult
from tools.listing_persons import PERSONS, PERSONS_TOTAL
from tools.runner import build_result, guarded, read_query

COMPANY_WHERE: Final = """
WHERE coalesce(c.event_count, 0) > 0
  AND ($legal_form IS NULL OR c.legal_form = $legal_form)
  AND ($canton IS NULL OR c.canton = $canton)
  AND ($status IS NULL OR c.status = $status)
  AND ($seat IS NULL OR toLower(c.seat) STARTS WITH $seat)
  AND ($opting_out IS NULL OR c.audit_opting_out = $opting_out)
  AND ($event_type IS NULL OR EXISTS {
        MATCH (c)-[:HAS_EVENT]->(e:Event)
        WHERE $event_type IN e.event_types
          AND ($date_from IS NULL OR toString(coalesce(e.journal_date, e.pub_date)) >= $date_from)
          AND ($date_to IS NULL OR toString(coalesce(e.journal_date, e.pub_date)) <= $date_to) })
  AND ($event_type IS NOT NULL OR (($date_from IS NULL OR toString(c.last_pub_date) >= $date_from)
       AND ($date_to IS NULL OR toString(c.first_pub_date) <= $date_to)))
"""

COMPANIES: Final = (
    "MATCH (c:Company)"
    + COMPANY_WHERE
    + """
WITH c ORDER BY c.name LIMIT $limit
CALL (c) {
  OPTIONAL MATCH (c)-[:HAS_EVENT]->(e:Event)
  WHERE $event_type IS NOT NULL AND $event_type IN e.event_types
    AND ($date_from IS NULL OR toString(coalesce(e.journal_date, e.pub_date)) >= $date_from)
    AND ($date_to IS NULL OR toString(coalesce(e.journal_date, e.pub_date)) <= $date_to)
  WITH e ORDER BY e.pub_date
  RETURN collect(e.pub_number)[0..3] AS hits, collect(e.pub_date)[0] AS hit_date
}
RETURN 'company' AS record_type, c.id AS id, c.name AS name, c.uid AS uid, c.seat AS seat,
       c.canton AS canton, c.legal_form AS legal_form, c.status AS status,
       c.registered_on AS registered_on, c.deleted_on AS deleted_on,
       hits[0] AS pub_number, hit_date AS pub_date,
       CASE WHEN size(hits) > 0 THEN hits ELSE coalesce(c.pubs, [])[0..3] END AS pubs
ORDER BY c.name
"""
)
COMPANIES_TOTAL: Final = "MATCH (c:Company)" + COMPANY_WHERE + "RETURN count(c) AS total"

NOTICE_WHERE: Final = """
WHERE ($date_from IS NULL OR toString(e.pub_date) >= $date_from)
  AND ($date_to IS NULL OR toString(e.pub_date) <= $date_to)
  AND ($event_type IS NULL OR $event_type IN e.event_types)
  AND ($canton IS NULL OR e.canton = $canton)
  AND ($subject_id IS NULL OR e.subject_id = $subject_id)
  AND ($language IS NULL OR e.language = $language)
"""
NOTICES: Final = (
    "MATCH (e:Event)"
    + NOTICE_WHERE
    + """
RETURN 'notice' AS record_type, e.pub_number AS pub_number, e.pub_date AS pub_date,
       e.journal_date AS journal_date, e.subject_id AS id, e.subject_name AS name,
       e.event_types AS event_types, e.sub_rubric AS sub_rubric, e.canton AS canton,
       [e.pub_number] AS pubs
ORDER BY e.pub_date, e.pub_number
LIMIT $limit
"""
)
NOTICES_TOTAL: Final = "MATCH (e:Event)" + NOTICE_WHERE + "RETURN count(e) AS total"

# entered: the interval starts in the period; left: it ends in it; held: it overlaps it.
ROLE_WHERE: Final = """
WHERE ($role IS NULL OR $role IN coalesce(r.roles, [r.role]))
  AND ($signature IS NULL OR r.signature STARTS WITH $signature)
  AND ($holder IS NULL OR ($holder = 'person') = (h:Person))
  AND ($subject_id IS NULL OR c.id = $subject_id)
  AND ($legal_form IS NULL OR c.legal_form = $legal_form)
  AND CASE $mode
    WHEN 'entered' THEN r.valid_from IS NOT NULL
      AND ($date_from IS NULL OR toString(r.valid_from) >= $date_from)
      AND ($date_to IS NULL OR toString(r.valid_from) <= $date_to)
    WHEN 'left' THEN r.valid_to IS NOT NULL
      AND ($date_from IS NULL OR toString(r.valid_to) >= $date_from)
      AND ($date_to IS NULL OR toString(r.valid_to) <= $date_to)
    ELSE ($date_to IS NULL OR r.valid_from IS NULL OR toString(r.valid_from) <= $date_to)
      AND ($date_from IS NULL OR r.valid_to IS NULL OR toString(r.valid_to) >= $date_from)
  END
"""
ROLES: Final = (
    "MATCH (h)-[r:HOLDS_ROLE]->(c:Company)"
    + ROLE_WHERE
    + """
RETURN 'role' AS record_type, h.id AS id, coalesce(h.name, h.full_name) AS name,
       CASE WHEN h:Company THEN 'company' ELSE 'person' END AS kind, h.uid AS uid,
       c.id AS company_id, c.name AS company, r.role AS role, r.role_text AS role_text,
       r.signature AS signature,
       r.valid_from AS valid_from, r.valid_to AS valid_to,
       [p IN [r.from_pub, r.to_pub] WHERE p IS NOT NULL] AS pubs
ORDER BY coalesce(r.valid_from, r.valid_to), name
LIMIT $limit
"""
)
ROLES_TOTAL: Final = (
    "MATCH (h)-[r:HOLDS_ROLE]->(c:Company)" + ROLE_WHERE + "RETURN count(r) AS total"
)

QUERIES: Final = {
    "companies": (COMPANIES, COMPANIES_TOTAL),
    "notices": (NOTICES, NOTICES_TOTAL),
    "roles": (ROLES, ROLES_TOTAL),
    "persons": (PERSONS, PERSONS_TOTAL),
}


class ListRegisterArgs(BaseModel):
    """Arguments of list_register."""

    what: Literal["companies", "notices", "roles", "persons"] = Field(
        description=(
            "companies, notices (publications), roles (officer and auditor entries) or persons "
            "(by name, residence, origin, nationality, with their roles)."
        )
    )
    legal_form: str | None = Field(None, max_length=8, description="eCH-0097 code, e.g. 0107.")
    canton: str | None = Field(None, min_length=2, max_length=2, description="Canton code.")
    seat: str | None = Field(None, max_length=80, description="Seat (municipality), prefix.")
    status: Literal["active", "deleted"] | None = Field(None, description="Company status.")
    event_type: str | None = Field(
        None, max_length=40, description="Notices with this event label (registration, ...)."
    )
    role: str | None = Field(None, max_length=40, description="Role code (auditor, chair, ...).")
    mode: Literal["entered", "left", "held"] = Field(
        "held", description="roles: entered, left, or held in the period."
    )
    subject_id: str | None = Field(None, max_length=120, description="One company's id.")
    date_from: dt.date | None = Field(None, description="Start of the period.")
    date_to: dt.date | None = Field(None, description="End of the period.")
    name: str | None = Field(None, max_length=80, description="persons: a family-name word.")
    residence: str | None = Field(None, max_length=80, description="persons: residence, prefix.")
    origin: str | None = Field(None, max_length=80, description="persons: place of origin.")
    nationality: list[str] | None = Field(
        None, max_length=40, description="persons: the country's written names (any language)."
    )
    company: str | None = Field(
        None, max_length=120, description="persons: only roles in companies whose name has this."
    )
    opting_out: bool | None = Field(
        None, description="companies: True for those that opted out of the audit (no auditor)."
    )
    language: Literal["de", "fr", "it", "en"] | None = Field(
        None, description="notices: the language the notice is written in."
    )
    signature: str | None = Field(
        None, max_length=40, description="roles: signature code prefix (individual, collective)."
    )
    holder: Literal["person", "company"] | None = Field(
        None, description="roles: only holders of this kind."
    )
    limit: int = Field(50, ge=1, le=200, description="Rows at most (the total is counted).")


def list_register(ctx: ToolContext, args: ListRegisterArgs) -> ToolResult:
    """The members of a filtered population and how many there are."""
    started = time.perf_counter()
    params: dict[str, Any] = args.model_dump()
    params["date_from"] = args.date_from.isoformat() if args.date_from else None
    params["date_to"] = args.date_to.isoformat() if args.date_to else None
    params["seat"] = args.seat.lower() if args.seat else None
    for key in ("name", "residence", "origin", "company"):
        value = params.get(key)
        params[key] = str(value).strip().lower() or None if value else None
    params["nationality"] = [n.lower() for n in args.nationality] if args.nationality else None
    rows_q, total_q = QUERIES[args.what]

    def body(traces: list[QueryTrace]) -> ToolResult:
        rows, trace = read_query(ctx, rows_q, params, max_rows=args.limit)
        traces.append(trace)
        total_rows, trace_t = read_query(ctx, total_q, params)
        traces.append(trace_t)
        total = int(total_rows[0]["total"]) if total_rows else len(rows)
        for row in rows:
            row["total"] = total
        return build_result(
            "list_register",
            args.model_dump(),
            rows,
            traces,
            f"{total} {args.what} match"
            + (f"; the first {len(rows)} listed." if total > len(rows) else "."),
            f"No {args.what} match these filters.",
            started,
        )

    return guarded("list_register", body, args.model_dump())
