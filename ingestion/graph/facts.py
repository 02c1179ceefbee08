"""Notice facts as graph values: Event properties, CompanyState attributes of the subject, the
typed properties of those states and the current ones on the Company node (pure).

Each fact comes from one notice, so its provenance is that notice: Event properties sit on the
notice's own node; subject facts become CompanyState values (`pub_number`, `pubs`), replayed
from the graph on a later run like every other state, which keeps the load incremental.
Composite values (shares, dissolution, opting-out) are stored as canonical JSON in `value` and
unpacked into typed properties, so a state's properties follow from its value alone.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any, Final

from ingestion.extraction.facts.capital import Contribution, share_classes
from ingestion.extraction.facts.statements import audit_opting_out, business_address, supervision
from ingestion.extraction.facts.winding_up import winding_up
from ingestion.graph.capital_history import STATED, capital_value, stated_capital
from ingestion.graph.notice_amounts import (
    balance,
    business_start,
    labelled_opening,
    liquidation_address,
    share_premium,
)
from shabgraph.register.capital_phrase import stated_capital as capital_phrase

FACT_ATTRIBUTES: Final = (
    "deletion_reason", "dissolution", "shares", "audit_opting_out", "supervision", "balance",
    "share_premium", "liquidation_address", "business_start",
)  # fmt: skip
"""CompanyState attributes read from the notice text (besides name, seat, capital, ...)."""

ContributionRow = tuple[int | None, float | None, str, float | None]
"""(count, nominal, kind, amount) of a contribution, as the rows keep it."""


def _json(value: dict[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def notice_facts(
    text: str,
    deletion: bool,
    seat: str | None,
    has_address: bool,
    registers_auditor: bool,
    has_capital: bool = False,
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """(Event properties, subject attributes) one notice states.

    `has_address`: the structured block already gives the address; `registers_auditor`: the
    notice enters an audit firm (which ends an opting-out); `has_capital`: the structured
    block already gives the capital.
    """
    event: dict[str, Any] = {}
    attrs: list[tuple[str, str]] = []
    end = winding_up(text, deletion)
    if end:
        if end.deletion_reason:
            event["reason"] = end.deletion_reason
            attrs.append(("deletion_reason", end.deletion_reason))
        if end.ex_officio:
            event["ex_officio"] = True
        if end.dissolution_cause:
            event["dissolved_on"] = end.dissolved_on
            event["dissolution_cause"] = end.dissolution_cause
            date = end.dissolved_on.isoformat() if end.dissolved_on else None
            attrs.append(("dissolution", _json({"date": date, "cause": end.dissolution_cause})))
        if end.bankruptcy:
            b = end.bankruptcy
            event["bankruptcy_stage"] = b.stage
            event["court"] = b.court
            event["effective_date"] = b.decision_date or labelled_opening(text)
            event["effective_time"] = b.effective_time
        elif end.dissolution_cause == "bankruptcy" and (end.dissolved_on or labelled_opening(text)):
            # the opening of a bankruptcy dissolves the company: the dissolution's date is the
            # opening's, in a notice that states it only as the cause
            event["bankruptcy_stage"] = "opened"
            event["effective_date"] = end.dissolved_on or labelled_opening(text)
    event.update(_amount_facts(text, attrs))
    classes, paid, fully = share_classes(text)
    if classes:
        attrs.append(
            (
                "shares",
                _json(
                    {
                        "classes": [
                            {"count": c.quantity, "nominal": c.nominal, "kind": c.kind}
                            for c in classes
                        ],
                        "paid_in": paid,
                        "fully_paid": fully,
                    }
                ),
            )
        )
    opted, declared = audit_opting_out(text)
    if opted or registers_auditor:
        value = {"opted_out": opted, "declared_on": declared.isoformat() if declared else None}
        attrs.append(("audit_opting_out", _json(value)))
    authority = supervision(text)
    if authority:
        attrs.append(("supervision", authority[0]))
        event["supervision_uid"] = authority[1]
    if not has_address:
        address = business_address(text, seat)
        if address:
            attrs.append(("address", address))
    capital = stated_capital(text)
    if capital:
        attrs.append((STATED, capital))
    elif (
        not has_capital
        and (phrase := capital_phrase(text))
        and phrase.amount is not None
        and phrase.currency == "CHF"
    ):
        # an old daily notice writes its capital only in words ("Stammkapital: CHF 20'000")
        attrs.append(("capital", capital_value(phrase.amount)))
    return event, attrs


def _amount_facts(text: str, attrs: list[tuple[str, str]]) -> dict[str, Any]:
    """Event properties of the balance, share premium and liquidation address a notice states
    (`notice_amounts`); each is also a subject attribute (appended to `attrs`)."""
    event: dict[str, Any] = {}
    sheet = balance(text)
    if sheet:
        value = {
            "interim": sheet.interim,
            "date": sheet.date.isoformat() if sheet.date else None,
            "assets": sheet.assets,
            "liabilities": sheet.liabilities,
        }
        attrs.append(("balance", _json(value)))
        event.update(
            balance_interim=sheet.interim,
            balance_date=sheet.date,
            balance_assets=sheet.assets,
            balance_liabilities=sheet.liabilities,
        )
    premium = share_premium(text)
    if premium is not None:
        attrs.append(("share_premium", repr(premium)))
        event["share_premium"] = premium
    address = liquidation_address(text)
    if address:
        attrs.append(("liquidation_address", address))
        event["liquidation_address"] = address
    if start := business_start(text):
        attrs.append(("business_start", start.isoformat()))
        event["business_start"] = start
    return event


def state_props(attribute: str, value: str) -> dict[str, Any]:
    """Typed properties of one CompanyState, unpacked from its value."""
    if attribute == "share_premium":
        return {"amount": float(value)}
    if attribute not in ("shares", "dissolution", "audit_opting_out", "balance"):
        return {}
    data = json.loads(value)
    if attribute == "balance":
        return {
            "interim": data["interim"],
            "date": _date(data.get("date")),
            "assets": data.get("assets"),
            "liabilities": data.get("liabilities"),
        }
    if attribute == "dissolution":
        return {"date": _date(data.get("date")), "cause": data.get("cause")}
    if attribute == "audit_opting_out":
        return {"opted_out": data["opted_out"], "declared_on": _date(data.get("declared_on"))}
    classes = data["classes"]
    first = classes[0]
    return {
        "shares_count": sum(c["count"] for c in classes),
        "shares_nominal": first["nominal"] if len(classes) == 1 else None,
        "shares_kind": first["kind"] if len({c["kind"] for c in classes}) == 1 else "mixed",
        "paid_in": data.get("paid_in"),
        "fully_paid": data.get("fully_paid", False),
        "classes": [f"{c['count']} x {c['nominal']:g} {c['kind']}" for c in classes],
    }


def _date(iso: str | None) -> dt.date | None:
    return dt.date.fromisoformat(iso) if iso else None


def company_fact_props(states: list[dict[str, Any]]) -> dict[str, Any]:
    """The current text facts of a company, each with the notice it comes from."""
    latest = {s["attribute"]: s for s in states if s["valid_to"] is None}
    out: dict[str, Any] = {}
    reason = latest.get("deletion_reason")
    out["deletion_reason"] = reason["value"] if reason else None
    out["deletion_reason_pub"] = reason["pub_number"] if reason else None
    dissolution = latest.get("dissolution")
    out["dissolved_on"] = dissolution["date"] if dissolution else None
    out["dissolution_cause"] = dissolution["cause"] if dissolution else None
    out["dissolved_pub"] = dissolution["pub_number"] if dissolution else None
    opting = latest.get("audit_opting_out")
    out["audit_opting_out"] = opting["opted_out"] if opting else None
    out["audit_opting_out_pub"] = opting["pub_number"] if opting else None
    authority = latest.get("supervision")
    out["supervision"] = authority["value"] if authority else None
    out["supervision_pub"] = authority["pub_number"] if authority else None
    liquidation = latest.get("liquidation_address")
    out["liquidation_address"] = liquidation["value"] if liquidation else None
    out["liquidation_address_pub"] = liquidation["pub_number"] if liquidation else None
    shares = latest.get("shares")
    for key in ("shares_count", "shares_nominal", "shares_kind"):
        out[key] = shares[key] if shares else None
    out["shares_pub"] = shares["pub_number"] if shares else None
    return out


def contribution_row(c: Contribution | None) -> ContributionRow | None:
    """The compact form the mention rows keep."""
    return (c.quantity, c.nominal, c.kind, c.amount) if c else None


def contribution_props(c: ContributionRow | None) -> dict[str, Any]:
    """INVOLVED_IN / HOLDS_ROLE properties of a contribution (all null when none)."""
    count, nominal, kind, amount = c if c else (None, None, None, None)
    return {
        "shares_count": count,
        "shares_nominal": nominal,
        "shares_kind": kind,
        "shares_amount": amount,
    }
