"""One amtsblattportal publication (`{"meta": ..., "content": ...}`) as a `Publication`.

The JSON list API and the XML export carry the same tree; the XML reader turns its elements into
the same dicts (with strings for numbers and flags, and single children where JSON has lists), so
this module is the one place that knows the field names of the export schema.
"""

from __future__ import annotations

from typing import Any

from ingestion.publication import Publication, Source
from ingestion.sources.fields import (
    optional_bool,
    optional_date,
    optional_float,
    optional_str,
    parse_date,
    split_translations,
)
from shabgraph.register.uid import normalise_uid

_TRANSACTION_KIND = {"registration": "registration", "update": "update", "delete": "deletion"}


class RecordError(ValueError):
    """A record cannot be mapped; `reason` is a `RejectReason` code."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def as_list(value: Any) -> list[Any]:
    """A JSON list, a single XML child or nothing, as a list."""
    if value is None or value == "":
        return []
    return value if isinstance(value, list) else [value]


def _dict(value: Any) -> dict[str, Any]:
    if value is None or value == "":
        return {}
    if isinstance(value, list):
        value = value[0] if value else {}
    if not isinstance(value, dict):
        raise ValueError(f"expected an object, got {type(value).__name__}")
    return value


def _company_ref(raw: Any, flags: list[str]) -> dict[str, Any] | None:
    ref = _dict(raw)
    if not ref:
        return None
    uid = optional_str(ref.get("uid"))
    if uid:
        uid, valid = normalise_uid(uid)
        if not valid:
            flags.append("invalid_uid")
    return {
        "name": optional_str(ref.get("name")),
        "uid": uid,
        "seat": optional_str(ref.get("seat") or ref.get("town")),
    }


def _address(raw: Any) -> dict[str, Any] | None:
    addr = _dict(raw)
    if not addr:
        return None
    return {
        "line1": optional_str(addr.get("addressLine1")),
        "street": optional_str(addr.get("street")),
        "house_number": optional_str(addr.get("houseNumber")),
        "zip_code": optional_str(addr.get("swissZipCode") or addr.get("zipCode")),
        "town": optional_str(addr.get("town")),
    }


def _capital(raw: Any) -> dict[str, Any] | None:
    entries = [e for e in as_list(raw) if isinstance(e, dict)]
    if not entries:
        return None
    first = entries[0]
    return {
        "nominal": optional_float(first.get("nominal")),
        "paid": optional_float(first.get("paid")),
        "currency": optional_str(first.get("currency")) or "CHF",
    }


def company_block(raw: Any, flags: list[str]) -> dict[str, Any] | None:
    """`commonsActual` / `commonsNew` as the fields of `CompanyBlock`."""
    block = _dict(raw)
    if not block:
        return None
    company = _dict(block.get("company"))
    uid = optional_str(company.get("uid"))
    uid_valid: bool | None = None
    if uid:
        uid, uid_valid = normalise_uid(uid)
        if not uid_valid:
            flags.append("invalid_uid")
    revision = _dict(block.get("revision"))
    return {
        "name": optional_str(company.get("name")),
        "translations": split_translations(optional_str(company.get("translations"))),
        "uid": uid,
        "uid_valid": uid_valid,
        "code13": optional_str(company.get("code13")),
        "seat": optional_str(company.get("seat")),
        "legal_form": optional_str(company.get("legalForm")),
        "address": _address(company.get("address")),
        "purpose": optional_str(block.get("purpose")),
        "capital": _capital(block.get("capital")),
        "auditors": [
            r
            for r in (_company_ref(a, flags) for a in as_list(revision.get("revisionCompany")))
            if r
        ],
        "opting_out": optional_bool(revision.get("optingOut")),
        "head_office": _company_ref(block.get("headOffice"), flags),
    }


def _true_flags(tree: Any, prefix: str = "") -> list[str]:
    """Dotted paths of the flags set in `changements` (nested dicts of booleans)."""
    out: list[str] = []
    for key, value in _dict(tree).items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            out.extend(_true_flags(value, path + "."))
        elif value is True or value == "true":
            out.append(path)
    return out


def _transaction(raw: Any) -> dict[str, Any]:
    tx = _dict(raw)
    for key, kind in _TRANSACTION_KIND.items():
        if key not in tx or tx[key] in (None, False, "false"):
            continue
        body = tx[key] if isinstance(tx[key], dict) else {}
        return {
            "kind": kind,
            "changes": _true_flags(body.get("changements")) if kind == "update" else [],
            "deletion_date": optional_date(body.get("deletionDate")),
        }
    return {"kind": "unknown"}


def map_publication(record: Any, source: Source, fallback_office: str | None = None) -> Publication:
    """Map one API publication; raises `RecordError` with a reject reason when it cannot."""
    if not isinstance(record, dict):
        raise RecordError(
            "invalid_record", f"expected a publication object, got {type(record).__name__}"
        )
    try:
        meta = _dict(record.get("meta"))
        content = _dict(record.get("content"))
    except ValueError as exc:
        raise RecordError("invalid_record", str(exc)) from exc
    rubric = meta.get("rubric")
    if rubric not in (None, "HR"):
        raise RecordError("not_commercial_register", f"rubric {rubric!r} is not HR")
    text = content.get("publicationText")
    if not isinstance(text, str) or not text.strip():
        raise RecordError("no_text", "content.publicationText is missing or empty")
    try:
        pub_id = optional_str(meta.get("id"))
        number = optional_str(meta.get("publicationNumber"))
    except ValueError as exc:
        raise RecordError("invalid_record", f"meta.id or meta.publicationNumber: {exc}") from exc
    if not pub_id or not number:
        raise RecordError("invalid_record", "meta.id or meta.publicationNumber is missing")
    flags: list[str] = []
    try:
        last = _dict(content.get("lastFosc"))
        office = _dict(content.get("senderOffice")).get("officeName") or fallback_office
        data = {
            "id": pub_id,
            "number": number,
            "sub_rubric": optional_str(meta.get("subRubric")),
            "language": optional_str(meta.get("language")),
            "cantons": [c for c in (optional_str(c) for c in as_list(meta.get("cantons"))) if c],
            "publication_date": parse_date(meta.get("publicationDate")),
            "journal_number": optional_str(content.get("journalNumber")),
            "journal_date": optional_date(content.get("journalDate")),
            "text": text,
            "registration_office": optional_str(office),
            "before": company_block(content.get("commonsActual"), flags),
            "after": company_block(content.get("commonsNew"), flags),
            "previous_number": optional_str(last.get("lastFoscSequence")),
            "previous_date": optional_date(last.get("lastFoscDate")),
            "gazette_id": number.rsplit("-", 1)[-1] if "-" in number else None,
            "transaction": _transaction(content.get("transaction")),
            "source": source,
            "flags": sorted(set(flags)),
        }
        return Publication.model_validate(data)
    except (ValueError, TypeError, AttributeError) as exc:
        raise RecordError("invalid_record", f"{type(exc).__name__}: {exc}"[:500]) from exc
