"""The old Zefix daily SHAB files (2001-2017): cp1252, tab-separated, one notice a line.

Columns (0-based): 0 Zefix firm id, 1 old CH number (compact), 2 internal id, 3 Zefix numeric
legal form, 4 canton, 5 register office, 6 notice kind (ZNE new entry, ZAN change, ZLI
liquidation, ZLO deletion), 7 journal date, 8 journal number, 9 SHAB date, 10 issue, 11 page.
Files from 2002 on insert the SHAB publication id at 12, so the nine mutation flags and the text
start one column later; from 2003 on eight address columns, the purpose and (2014) the UID
follow the text. Ids follow the gold convention `ZEFIX-<SHAB date>-<firm id>`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from typing import Any

from ingestion.publication import Publication, RecordLimits, Source
from ingestion.sources.fields import clean_line, guess_language, parse_date, split_translations
from ingestion.sources.rejects import Reject, excerpt_of, too_large
from ingestion.sources.zefix_markup import plain_text, tagged_fields
from shabgraph.register import legal_forms
from shabgraph.register.uid import normalise_code13, normalise_uid

MIN_COLUMNS = 22
"""The oldest layout (no publication id, no address) has the text in column 21."""

NOTICE_KINDS = {"ZNE": "HR01", "ZAN": "HR02", "ZLI": "HR02", "ZLO": "HR03"}
"""Zefix notice kind -> sub-rubric."""

_TX_KIND = {"HR01": "registration", "HR02": "update", "HR03": "deletion"}
_FLAG_NAMES = {0: "new_registration", 8: "organs"}
_CP1252_UNDEFINED = re.compile(rb"[\x81\x8d\x8f\x90\x9d]")
_PREVIOUS_RE = re.compile(
    r"\((?:No\.?\s*)?(?:SHAB|FOSC|FUSC)[^()]*?(?:vom|du|del)\s+(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})"
    r"(?:[^()]*?(?:Publ\.|Pubbl\.|p\.\s*\d+/)\s*(\d+))?[^()]*\)"
)


def previous_reference(text: str) -> tuple[str | None, date | None]:
    """(publication number, date) of the head sentence's reference to the previous notice."""
    match = _PREVIOUS_RE.search(text[:1500])
    if not match:
        return None, None
    day, month, year, number = match.groups()
    try:
        when = date(int(year), int(month), int(day))
    except ValueError:
        return number, None
    return number, when


def decode_line(raw: bytes) -> tuple[str | None, list[str]]:
    """(text, flags) of one line: cp1252 as published, UTF-8 if re-saved; None if neither."""
    if raw.isascii():
        return raw.decode("ascii"), []
    try:
        return raw.decode("utf-8"), ["encoding_utf8"]
    except UnicodeDecodeError:
        pass
    if _CP1252_UNDEFINED.search(raw):
        return None, []
    return raw.decode("cp1252"), []


def _first(tags: dict[str, list[str]], tag: str) -> str | None:
    values = tags.get(tag)
    return values[0] if values else None


def _block(
    cols: list[str], text_col: int, tags: dict[str, list[str]], flags: list[str], seat: str | None
) -> dict[str, Any]:
    def col(i: int) -> str | None:
        return clean_line(cols[i]) or None if len(cols) > i else None

    uid_raw = _first(tags, "L") or col(text_col + 10)
    uid, uid_valid = (None, None) if not uid_raw else normalise_uid(uid_raw)
    if uid_raw and not uid_valid:
        flags.append("invalid_uid")
    code13 = clean_line(cols[1]) or _first(tags, "I")
    address = None
    if any(col(i) for i in range(text_col + 2, text_col + 9)):
        address = {
            "line1": col(text_col + 2),
            "street": col(text_col + 3),
            "house_number": col(text_col + 4),
            "zip_code": col(text_col + 7),
            "town": col(text_col + 8),
        }
    return {
        "name": clean_line((tags.get("F") or [""])[0]).rstrip(",").strip() or None,
        "translations": split_translations((tags.get("V") or [""])[0]),
        "uid": uid,
        "uid_valid": uid_valid,
        "code13": normalise_code13(code13) if code13 else None,
        "seat": seat,
        "legal_form": legal_forms.code_from_zefix(cols[3]),
        "address": address,
        "purpose": col(text_col + 9),
    }


def map_line(cols: list[str], path: str, line_no: int, flags: list[str]) -> Publication:
    """One split line as a `Publication`; `ValueError` when a required column is unusable."""
    text_col = 22 if len(cols) >= 24 else 21
    raw_text = cols[text_col]
    text = plain_text(raw_text)
    if not text:
        raise LookupError("the notice text is empty")
    tags = tagged_fields(raw_text)
    firm_id = cols[0].strip()
    if not firm_id.isdigit():
        raise ValueError(f"firm id {firm_id!r} is not numeric")
    shab_date = parse_date(cols[9].strip())
    sub_rubric = NOTICE_KINDS.get(cols[6].strip())
    seat_old = clean_line((tags.get("S") or [""])[0]).rstrip(",").strip() or None
    seat_new = clean_line((tags.get("5") or [""])[0]).rstrip(",").strip() or None
    block = _block(cols, text_col, tags, flags, seat_new or seat_old)
    before = after = None
    if sub_rubric == "HR03":
        before = block
    else:
        after = block
        if seat_new and seat_old and seat_new != seat_old:
            before = {
                "name": block["name"],
                "uid": block["uid"],
                "uid_valid": block["uid_valid"],
                "code13": block["code13"],
                "seat": seat_old,
            }
    language, _ = guess_language(text)
    if language:
        flags.append("language_guessed")
    # a new entry cites no previous notice of its own (a branch cites its head office's)
    prev_number, prev_date = (None, None) if sub_rubric == "HR01" else previous_reference(text)
    flag_cols = cols[text_col - 9 : text_col]
    changes = [
        f"status_{v.strip()}" if i == 1 else _FLAG_NAMES.get(i, f"zefix_flag_{i}")
        for i, v in enumerate(flag_cols)
        if v.strip() not in ("", "0", "False")
    ]
    gazette = cols[12].strip() if text_col == 22 else ""
    number = f"ZEFIX-{shab_date.isoformat()}-{firm_id}"
    return Publication.model_validate(
        {
            "id": number,
            "number": number,
            "sub_rubric": sub_rubric,
            "language": language,
            "cantons": [cols[4].strip()] if cols[4].strip() else [],
            "publication_date": shab_date,
            "journal_number": cols[8].strip() or None,
            "journal_date": parse_date(cols[7].strip()) if cols[7].strip() else None,
            "text": text,
            "before": before,
            "after": after,
            "previous_number": prev_number,
            "previous_date": prev_date,
            "gazette_id": gazette if gazette not in ("", "0") else None,
            "transaction": {"kind": _TX_KIND.get(sub_rubric or "", "unknown"), "changes": changes},
            "source": Source(format="zefix_daily", path=path, location=f"line {line_no}"),
            "flags": sorted(set(flags)),
        }
    )


def read_zefix_daily(
    path: str, data: bytes, limits: RecordLimits
) -> Iterator[Publication | Reject]:
    """Every notice of one daily file; bad lines become rejects, the others go on."""
    lines = data.split(b"\n")
    ends_cleanly = data.endswith(b"\n")
    widest = 0
    for i, raw in enumerate(lines, start=1):
        raw = raw.rstrip(b"\r")
        if not raw.strip():
            continue
        loc = f"line {i}"
        if len(raw) > limits.record_bytes:
            yield too_large(path, loc, len(raw), limits.record_bytes, excerpt_of(raw))
            continue
        text, flags = decode_line(raw)
        if text is None:
            yield Reject(
                path=path,
                location=loc,
                reason="encoding",
                detail="bytes that are neither cp1252 nor UTF-8",
                excerpt=excerpt_of(raw),
            )
            continue
        cols = text.split("\t")
        cut_short = i == len(lines) and not ends_cleanly and len(cols) < widest
        widest = max(widest, len(cols))
        if len(cols) < MIN_COLUMNS or cut_short:
            last = i == len(lines) and not ends_cleanly
            yield Reject(
                path=path,
                location=loc,
                reason="truncated" if last else "invalid_record",
                detail=f"{len(cols)} columns, at least {MIN_COLUMNS} expected",
                excerpt=excerpt_of(text),
            )
            continue
        try:
            yield map_line(cols, path, i, flags)
        except LookupError as exc:
            yield Reject(
                path=path, location=loc, reason="no_text", detail=str(exc), excerpt=excerpt_of(text)
            )
        except (ValueError, IndexError) as exc:
            yield Reject(
                path=path,
                location=loc,
                reason="invalid_record",
                detail=f"{type(exc).__name__}: {exc}"[:500],
                excerpt=excerpt_of(text),
            )
