"""The API shape of one published notice: its `meta`, its `content` and the company blocks.

The simulator decides what happens and writes the truth; this module only lays a notice out as
the register's API publishes it, so that the page format is read and changed in one place: the
company as it stood before and after (`commonsActual` / `commonsNew`), the reference to its
previous notice (`lastFosc`), and the transaction with its change flags.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from synthetic import phrases
from synthetic.dates import api_ts
from synthetic.model import Company
from synthetic.render import Notice

CHANGE_FLAGS = (
    "nameChanged",
    "uidChanged",
    "legalStatusChanged",
    "seatChanged",
    "addressChanged",
    "purposeChanged",
)
"""The plain true/false flags of an HR02 notice's `changements`, each set by its change kind."""


def _uid_parts(uid: str) -> dict[str, Any]:
    """The UID as the API repeats it: formatted, its digits, and its category."""
    return {
        "uid": uid,
        "uidOrganisationId": uid[4:].replace(".", ""),
        "uidOrganisationIdCategorie": "CHE",
    }


def commons(c: Company, companies: Mapping[str, Company]) -> dict[str, Any]:
    """The `commonsActual` / `commonsNew` block of the company as it stands (`companies`, the
    live population, holds the head office a branch names)."""
    assert c.uid is not None
    comp: dict[str, Any] = {"name": c.name}
    if c.translations:
        comp["translations"] = " ".join(f"({t})" for t in c.translations)
    comp.update(_uid_parts(c.uid))
    comp.update(
        {
            "code13": c.code13,
            "seat": c.seat,
            "legalForm": c.legal_form,
            "noAddress": c.address is None,
        }
    )
    if c.address is not None:
        a = c.address
        addr: dict[str, Any] = {"addressLine1": a.line1} if a.line1 else {}
        addr.update(
            {
                "street": a.street,
                "houseNumber": a.number,
                "swissZipCode": a.zip_code,
                "town": a.town,
            }
        )
        comp["address"] = addr
    block: dict[str, Any] = {"company": comp}
    if c.purpose:
        block["purpose"] = c.purpose
    if c.capital:
        block["capital"] = [{"nominal": c.capital, "paid": c.capital}]
    revision: dict[str, Any] = {"optingOut": c.opting_out}
    auditor = next((h for h in c.holdings if h.key == "auditor" and h.ref), None)
    if auditor is not None and auditor.ref is not None:
        name, uid, _seat = auditor.ref
        revision["revisionCompany"] = [
            {
                "name": name,
                "country": "CH",
                "uid": (uid or "").replace("-", "").replace(".", ""),
                "uidOrganisationId": (uid or "")[4:].replace(".", ""),
                "uidOrganisationIdCategorie": "CHE",
            }
        ]
    block["revision"] = revision
    head = companies.get(c.head_office_id) if c.head_office_id else None
    if head is not None:
        ho: dict[str, Any] = {
            "name": head.name,
            "country": "CH" if head.kind != "foreign" else head.seat[-3:-1],
        }
        if head.uid:
            ho.update(_uid_parts(head.uid))
        block["headOffice"] = ho
    return block


def transaction(sub: str, journal: date, changes: set[str] | None) -> dict[str, Any]:
    """The `transaction` of a notice: a registration, a deletion, or an update whose flags say
    which kinds of change (`changes`, the mutation kinds of the notice) it holds."""
    if sub == "HR01":
        return {"registration": True}
    if sub == "HR03":
        return {"delete": {"deletionDate": api_ts(journal)}}
    ch = changes or set()
    flags: dict[str, Any] = {"others": bool(ch & {"officer", "auditor", "other"})}
    for flag in CHANGE_FLAGS:
        flags[flag] = flag in ch
    cap = "capitalChanged" in ch
    flags["capitalChanged"] = {"nominal": cap, "paid": cap, "other": False}
    flags["statusChanged"] = {
        "bankruptcy": {
            "dissolution": "bankruptcy" in ch,
            "dismissal": False,
            "revocation": False,
            "cancellation": False,
            "summary": False,
        },
        "liquidation": {
            "dissolution": {
                "nonExceptional": "liquidation" in ch,
                "or731b": False,
                "hregv153b": False,
            },
            "revocation": False,
        },
        "suspension": False,
        "reentry": False,
        "reapplication": False,
    }
    return {"update": {"changements": flags}}


def page(
    notice: Notice,
    skel: dict[str, Any],
    company: Company,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    *,
    pub_id: str,
    published: date,
    issues: Mapping[date, int],
    office: str,
    changes: set[str] | None = None,
    title_suffix: str = "",
) -> dict[str, Any]:
    """The publication as the API pages it: `meta` (ids, rubric, language, titles) and
    `content` (the company before, the previous notice, the text, the transaction, after)."""
    sub, number, journal = skel["sub"], skel["number"], skel["journal"]
    stands = before or after or {}
    subject_name = stands.get("company", {}).get("name", company.name)
    titles = {
        k: f"{v} {subject_name}, {stands['company']['seat']}{title_suffix}"
        for k, v in phrases.TITLES[sub].items()
    }
    meta = {
        "id": pub_id,
        "rubric": "HR",
        "subRubric": sub,
        "language": notice.lang,
        "publicationNumber": number,
        "publicationState": "PUBLISHED",
        "publicationDate": api_ts(published),
        "primaryTenantCode": "shab",
        "cantons": [company.canton],
        "title": titles,
    }
    content: dict[str, Any] = {}
    if before is not None:
        content["commonsActual"] = before
    if company.last_pub and company.last_pub_date and sub != "HR01":
        content["lastFosc"] = {
            "lastFoscDate": api_ts(company.last_pub_date),
            "lastFoscNumber": issues[company.last_pub_date],
            "lastFoscSequence": company.last_pub[5:],
        }
    content.update(
        {
            "publicationText": notice.text(),
            "journalNumber": skel["journal_number"],
            "journalDate": api_ts(journal),
            "senderOffice": {"officeName": office},
        }
    )
    content["transaction"] = transaction(sub, journal, changes)
    if after is not None:
        content["commonsNew"] = after
    return {"meta": meta, "content": content}
