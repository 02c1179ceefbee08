"""`list_register`: the companies, notices or role entries that match filters, with their total.

Aggregate questions name a population and want its members, not a global count: the Sàrl with
their seat in one canton, the notices of one SHAB issue, the companies deleted, the audit firms
entered in a period, the persons who left one company in a year. One bounded read for the rows
(cited) and one for the total, so a count and its list always agree (for companies one read
gives both: `tools/listing_companies.py`).
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StringConstraints

from shabgraph.register.places import place_norm, place_variants
from tools.base import QueryTrace, ToolContext, ToolResult
from tools.listing_companies import companies_query
from tools.listing_notices import notices_query, notices_total_query
from tools.listing_persons import PERSONS, PERSONS_TOTAL, person_params
from tools.listing_roles import roles_query, roles_total_query
from tools.runner import build_result, guarded, read_query

CantonCode = Annotated[str, StringConstraints(min_length=2, max_length=2)]
"""A two-letter canton code."""


class ListRegisterArgs(BaseModel):
    """Arguments of list_register."""

    what: Literal["companies", "notices", "roles", "persons"] = Field(
        description=(
            "companies, notices (publications), roles (officer and auditor entries) or persons "
            "(by name, residence, origin, nationality, with their roles)."
        )
    )
    legal_form: str | None = Field(None, max_length=8, description="eCH-0097 code, e.g. 0107.")
    canton: str | None = Field(
        None,
        min_length=2,
        max_length=2,
        description="Canton code (roles: of the company the role is held in).",
    )
    cantons: list[CantonCode] | None = Field(
        None,
        min_length=2,
        max_length=26,
        description='Several canton codes, any of them ("in BL or AG"); instead of canton.',
    )
    seat: str | None = Field(
        None, max_length=80, description="Seat (municipality, accents optional), word prefix."
    )
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
    residence: str | None = Field(
        None, max_length=80, description="persons: a place of residence (accents optional)."
    )
    origin: str | None = Field(
        None, max_length=80, description="persons: a place of origin (accents optional)."
    )
    place: str | None = Field(
        None, max_length=80, description="persons: a place of residence or of origin, either."
    )
    abroad: bool | None = Field(
        None, description="persons: True for those whose latest residence is outside Switzerland."
    )
    residence_canton: str | None = Field(
        None, min_length=2, max_length=2, description="persons: canton code of the residence."
    )
    nationality: list[str] | None = Field(
        None, max_length=40, description="persons: the country's written names (any language)."
    )
    company: str | None = Field(
        None, max_length=120, description="persons: only roles in companies whose name has this."
    )
    not_company: str | None = Field(
        None,
        max_length=120,
        description="persons: only those with no role in a company whose name has this.",
    )
    holder_canton: str | None = Field(
        None,
        min_length=2,
        max_length=2,
        description=(
            "roles: only holders (audit firms, partner companies) seated in this canton (one of "
            "unknown seat canton: the company's)."
        ),
    )
    capital: float | None = Field(
        None, ge=0, description="companies: exactly this capital (CHF), e.g. 20000."
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


def queries(what: str, params: dict[str, Any]) -> tuple[str, str | None]:
    """(rows query, total query) for one population; None: the rows carry their `total`."""
    if what == "companies":
        return companies_query(params), None
    if what == "notices":
        return notices_query(params), notices_total_query(params)
    if what == "roles":
        return roles_query(params), roles_total_query(params)
    return PERSONS, PERSONS_TOTAL


def list_register(ctx: ToolContext, args: ListRegisterArgs) -> ToolResult:
    """The members of a filtered population and how many there are."""
    started = time.perf_counter()
    params: dict[str, Any] = args.model_dump()
    params["date_from"] = args.date_from.isoformat() if args.date_from else None
    params["date_to"] = args.date_to.isoformat() if args.date_to else None
    params["seat"] = place_variants(args.seat) or None if args.seat else None
    params["seat_word"] = f"{place_norm(args.seat)} " if args.seat else None
    params["residence_canton"] = args.residence_canton.upper() if args.residence_canton else None
    params["cantons"] = [c.upper() for c in args.cantons] if args.cantons else None
    params = person_params(params)
    params["nationality"] = [n.lower() for n in args.nationality] if args.nationality else None
    rows_q, total_q = queries(args.what, params)

    def body(traces: list[QueryTrace]) -> ToolResult:
        rows, trace = read_query(ctx, rows_q, params, max_rows=args.limit)
        traces.append(trace)
        if total_q is None:
            total = int(rows[0]["total"]) if rows else 0
        else:
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
