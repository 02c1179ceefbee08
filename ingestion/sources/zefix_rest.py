"""Zefix PublicREST company records: one `Publication` per entry of `shabPub`.

The company fields (name, UID, seat, legal form, address, purpose) are the state when the record
was fetched, so they describe the company after its latest notice only: they are attached to that
notice and the older ones carry the text alone. Ids follow the old-notice convention
`ZEFIX-<SHAB date>-<ehraid>`; `gazette_id` is the gazette's `shabId`, which for notices from 2020
on is the number in `HR02-<shabId>`, so the same notice from amtsblattportal can be matched.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ingestion.publication import Publication, Source
from ingestion.sources.amtsblatt import RecordError
from ingestion.sources.fields import guess_language, optional_str, parse_date, split_translations
from ingestion.sources.rejects import Reject, excerpt_of
from ingestion.sources.zefix_daily import previous_reference
from ingestion.sources.zefix_markup import plain_text
from shabgraph.register import legal_forms
from shabgraph.register.uid import normalise_code13, normalise_uid

_TX_KIND = {"HR01": "registration", "HR02": "update", "HR03": "deletion"}


def is_zefix_company(obj: Any) -> bool:
    """True for a Zefix REST company record."""
    return isinstance(obj, dict) and ("shabPub" in obj or ("ehraid" in obj and "chid" in obj))


def sub_rubric_of(mutation_keys: list[str]) -> str | None:
    """Sub-rubric from Zefix mutation type keys (`aenderungorgane`, `neueintragung`, ...)."""
    keys = [k.lower() for k in mutation_keys]
    if any("neueintragung" in k or k == "eintragung" for k in keys):
        return "HR01"
    if any("loeschung" in k or "löschung" in k for k in keys):
        return "HR03"
    return "HR02" if keys else None


def _company(record: dict[str, Any], flags: list[str]) -> dict[str, Any]:
    uid_raw = optional_str(record.get("uidFormatted") or record.get("uid"))
    uid, valid = (None, None) if not uid_raw else normalise_uid(uid_raw)
    if uid_raw and not valid:
        flags.append("invalid_uid")
    addr = record.get("address") if isinstance(record.get("address"), dict) else {}
    chid = optional_str(record.get("chid"))
    translation = record.get("translation")
    return {
        "name": optional_str(record.get("name")),
        "translations": split_translations(
            " ".join(f"({t})" for t in translation) if isinstance(translation, list) else None
        ),
        "uid": uid,
        "uid_valid": valid,
        "code13": normalise_code13(chid) if chid else None,
        "seat": optional_str(record.get("legalSeat")),
        "legal_form": legal_forms.code_from_zefix(record.get("legalFormId")),
        "address": {
            "line1": optional_str(addr.get("careOf")) or optional_str(addr.get("addon")),
            "street": optional_str(addr.get("street")),
            "house_number": optional_str(addr.get("houseNumber")),
            "zip_code": optional_str(addr.get("swissZipCode")),
            "town": optional_str(addr.get("town")),
        }
        if addr
        else None,
        "purpose": optional_str(record.get("purpose")),
    }


def map_shab_pub(record: dict[str, Any], pub: Any, source: Source, latest: bool) -> Publication:
    """One `shabPub` entry of a company record; raises `RecordError` when it cannot be mapped."""
    if not isinstance(pub, dict):
        raise RecordError("invalid_record", "shabPub entry is not an object")
    message = pub.get("message")
    text = plain_text(message) if isinstance(message, str) else ""
    if not text:
        raise RecordError("no_text", "shabPub.message is missing or empty")
    ehraid = record.get("ehraid")
    if ehraid in (None, ""):
        raise RecordError("invalid_record", "the company record has no ehraid")
    flags: list[str] = []
    try:
        shab_date = parse_date(pub.get("shabDate"))
        keys = [m.get("key", "") for m in pub.get("mutationTypes") or [] if isinstance(m, dict)]
        sub = sub_rubric_of([k for k in keys if isinstance(k, str)])
        block = _company(record, flags) if latest else None
        language, _ = guess_language(text)
        if language:
            flags.append("language_guessed")
        prev_number, prev_date = previous_reference(text)
        number = f"ZEFIX-{shab_date.isoformat()}-{ehraid}"
        canton = optional_str(pub.get("registryOfficeCanton"))
        return Publication.model_validate(
            {
                "id": number,
                "number": number,
                "sub_rubric": sub,
                "language": language,
                "cantons": [canton] if canton else [],
                "publication_date": shab_date,
                "journal_number": optional_str(pub.get("registryOfficeJournalId")),
                "journal_date": parse_date(pub["registryOfficeJournalDate"])
                if pub.get("registryOfficeJournalDate")
                else None,
                "text": text,
                "before": block if sub == "HR03" else None,
                "after": block if sub != "HR03" else None,
                "previous_number": prev_number,
                "previous_date": prev_date,
                "gazette_id": optional_str(pub.get("shabId")),
                "transaction": {"kind": _TX_KIND.get(sub or "", "unknown"), "changes": keys},
                "source": source,
                "flags": sorted(set(flags)),
            }
        )
    except (ValueError, TypeError, AttributeError) as exc:
        raise RecordError("invalid_record", f"{type(exc).__name__}: {exc}"[:500]) from exc


def read_zefix_company(
    record: dict[str, Any], path: str, pointer: str
) -> Iterator[Publication | Reject]:
    """Every notice of one company record, located by JSON pointer."""
    pubs = record.get("shabPub")
    if not isinstance(pubs, list) or not pubs:
        yield Reject(
            path=path,
            location=pointer or "/",
            reason="no_text",
            detail="company record without shabPub notices",
            excerpt=excerpt_of(str(record)),
        )
        return
    dates = [str(p.get("shabDate") or "") for p in pubs if isinstance(p, dict)]
    newest = max(dates) if dates else ""
    for i, pub in enumerate(pubs):
        loc = f"{pointer}/shabPub/{i}"
        source = Source(format="zefix_rest", path=path, location=loc)
        latest = isinstance(pub, dict) and str(pub.get("shabDate") or "") == newest
        try:
            yield map_shab_pub(record, pub, source, latest)
        except RecordError as exc:
            yield Reject(
                path=path,
                location=loc,
                reason=exc.reason,  # type: ignore[arg-type]
                detail=exc.detail,
                excerpt=excerpt_of(str(pub)),
            )
