"""One typed model of a commercial-register publication, whatever format it came from.

Every parser (amtsblattportal JSON and XML, the old Zefix daily files, Zefix REST) and the
synthetic generator produce `Publication` records; the extractor and the graph loader read them.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterator
from datetime import date, timedelta
from typing import TYPE_CHECKING, Literal, NamedTuple

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from shabgraph.settings import Settings

Language = Literal["de", "fr", "it", "rm", "en"]


class Address(BaseModel):
    """A postal address as published."""

    line1: str | None = None
    """Free address line (c/o, building)."""
    street: str | None = None
    """Street name."""
    house_number: str | None = None
    """House number as written."""
    zip_code: str | None = None
    """Swiss postal code."""
    town: str | None = None
    """Town as written."""


class Capital(BaseModel):
    """Nominal and paid-in capital."""

    nominal: float | None = None
    """Nominal capital."""
    paid: float | None = None
    """Paid-in capital."""
    currency: str = "CHF"
    """ISO currency code."""


class CompanyRef(BaseModel):
    """A company named by UID/name in a structured field (head office, auditor)."""

    name: str | None = None
    """Name as published."""
    uid: str | None = None
    """UID normalised to CHE-123.456.789 when valid, else as written."""
    seat: str | None = None
    """Seat as published."""


class CompanyBlock(BaseModel):
    """The structured state of the subject company (`commonsActual` before / `commonsNew` after)."""

    name: str | None = None
    """Company name."""
    translations: list[str] = Field(default_factory=list)
    """Name in other languages, without the parentheses."""
    uid: str | None = None
    """UID normalised to CHE-123.456.789 when valid, else as written."""
    uid_valid: bool | None = None
    """Check digit verified; None when there is no UID."""
    code13: str | None = None
    """Old register number (CH-020.7.000.695-4 or CH02070006954)."""
    seat: str | None = None
    """Seat (municipality) as published."""
    legal_form: str | None = None
    """eCH-0097 legal-form code, e.g. `0106`."""
    address: Address | None = None
    """Business address."""
    purpose: str | None = None
    """Purpose text."""
    capital: Capital | None = None
    """Capital."""
    auditors: list[CompanyRef] = Field(default_factory=list)
    """Audit companies (`revision.revisionCompany`)."""
    opting_out: bool | None = None
    """True when the company opted out of the limited audit."""
    head_office: CompanyRef | None = None
    """Head office, for a branch."""


class Transaction(BaseModel):
    """What the publication does to the entry."""

    kind: Literal["registration", "update", "deletion", "unknown"] = "unknown"
    """Registration (HR01), update (HR02) or deletion (HR03)."""
    changes: list[str] = Field(default_factory=list)
    """Change flags as published (nameChanged, seatChanged, ...): unreliable, kept for reference."""
    deletion_date: date | None = None
    """Deletion date when the transaction is a deletion."""


class Source(BaseModel):
    """Where a record was read: for provenance and for reject reports."""

    format: Literal["amtsblatt_json", "amtsblatt_xml", "zefix_daily", "zefix_rest", "synthetic"]
    """The source format."""
    path: str
    """File path or URL."""
    location: str | None = None
    """Line number, JSON pointer or element index within the file."""


class Publication(BaseModel):
    """One commercial-register publication (rubric HR)."""

    id: str
    """Publication uuid; for old Zefix notices `ZEFIX-<date>-<firm id>`-style synthetic ids."""
    number: str
    """Publication number, e.g. `HR02-1006747585` (the provenance key used across the graph)."""
    sub_rubric: str | None = None
    """HR01, HR02 or HR03 (None for old notices where it cannot be told)."""
    language: str | None = None
    """Language of the text (de, fr, it) as published; may not match the text."""
    cantons: list[str] = Field(default_factory=list)
    """Canton codes, e.g. ["ZH"]."""
    publication_date: date
    """Date of publication in the gazette."""
    journal_number: str | None = None
    """Cantonal register journal number."""
    journal_date: date | None = None
    """Cantonal register journal date: the legal date of the entry."""
    text: str
    """The free text (markup removed): what the extractor reads."""
    registration_office: str | None = None
    """The cantonal register office that sent it."""
    before: CompanyBlock | None = None
    """Company state before (`commonsActual`; HR02, HR03)."""
    after: CompanyBlock | None = None
    """Company state after (`commonsNew`; HR01, HR02)."""
    previous_number: str | None = None
    """Number or reference of the previous publication of the same entity (`lastFosc`)."""
    previous_date: date | None = None
    """Date of that previous publication."""
    gazette_id: str | None = None
    """The gazette's own publication sequence (`Publ. 1006740640`): the same notice read from two
    sources (amtsblattportal, Zefix REST, the old daily files) carries the same value."""
    transaction: Transaction = Field(default_factory=Transaction)
    """What the publication does to the entry."""
    source: Source
    """Where the record was read."""
    flags: list[str] = Field(default_factory=list)
    """Data-quality flags, e.g. `invalid_uid`, `language_mismatch`."""

    @property
    def subject(self) -> CompanyBlock | None:
        """The company as it stands after the notice (falls back to the state before)."""
        return self.after or self.before

    def content_checksum(self) -> str:
        """A digest of what the gazette published under this number: number, date and text.

        Whitespace and Unicode normalisation are folded out, so the same notice read from JSON,
        XML or a re-saved file gives the same digest; the structured blocks are left out, so a
        better mapping of them by a newer parser is not mistaken for other content.
        """
        text = " ".join(self.text.split())
        if not unicodedata.is_normalized("NFC", text):
            text = unicodedata.normalize("NFC", text)
        key = f"{self.number}\n{self.publication_date.isoformat()}\n{text}"
        return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class RecordLimits(BaseModel):
    """The size and date limits every parsed record must keep (see `Settings.ingest_*`).

    Values past them are never real register data (a corrupt file, a hostile one): they would
    overflow Neo4j's index keys or bloat every answer citing the notice, so the record is
    rejected at parse time with the field, its size and the limit. The defaults live in
    `Settings` only (`from_settings`).
    """

    file_bytes: int
    """Largest input file."""
    record_bytes: int
    """Largest raw record."""
    depth: int
    """Deepest nesting of a raw record."""
    text_chars: int
    """Longest notice text."""
    word_chars: int
    """Longest run without a space in the notice text."""
    purpose_chars: int
    """Longest purpose."""
    name_chars: int
    """Longest company name or translation."""
    address_chars: int
    """Longest address part."""
    value_chars: int
    """Longest short value (ids, UIDs, seats, codes)."""
    list_items: int
    """Most items of a list field."""
    min_date: date
    """Earliest date a record may state."""
    max_date: date
    """Latest date a record may state."""

    @classmethod
    def from_settings(cls, settings: Settings, today: date | None = None) -> RecordLimits:
        """The limits configured in `settings`, the date window ending `today` + the margin."""
        today = today or date.today()
        return cls(
            file_bytes=settings.ingest_max_file_bytes,
            record_bytes=settings.ingest_max_record_bytes,
            depth=settings.ingest_max_depth,
            text_chars=settings.ingest_max_text_chars,
            word_chars=settings.ingest_max_word_chars,
            purpose_chars=settings.ingest_max_purpose_chars,
            name_chars=settings.ingest_max_name_chars,
            address_chars=settings.ingest_max_address_chars,
            value_chars=settings.ingest_max_value_chars,
            list_items=settings.ingest_max_list_items,
            min_date=settings.ingest_min_date,
            max_date=today + timedelta(days=settings.ingest_max_future_days),
        )


class LimitProblem(NamedTuple):
    """The first limit a record breaks."""

    field: str
    """Dotted field path (`after.name`, `text`, `cantons`)."""
    size: int
    """Characters, items; for a date its year."""
    limit: int
    """The limit (for a date: the window's year at that end)."""
    reason: Literal["too_large", "date_out_of_range"]
    """Reject reason code."""
    detail: str
    """What a human reads: the value's size, the limit and the setting that sets it."""


def _sizes(pub: Publication, lim: RecordLimits) -> Iterator[tuple[str, str | None, int, str]]:
    """(field, value, limit, setting) of every string field of `pub`."""
    value = (lim.value_chars, "ingest_max_value_chars")
    name = (lim.name_chars, "ingest_max_name_chars")
    address = (lim.address_chars, "ingest_max_address_chars")
    for key in ("id", "number", "sub_rubric", "language", "journal_number"):
        yield key, getattr(pub, key), *value
    for key in ("registration_office", "previous_number", "gazette_id"):
        yield key, getattr(pub, key), *value
    yield "text", pub.text, lim.text_chars, "ingest_max_text_chars"
    for i, canton in enumerate(pub.cantons):
        yield f"cantons.{i}", canton, *value
    for i, change in enumerate(pub.transaction.changes):
        yield f"transaction.changes.{i}", change, *value
    for side, block in (("before", pub.before), ("after", pub.after)):
        if block is None:
            continue
        yield f"{side}.name", block.name, *name
        for i, tr in enumerate(block.translations):
            yield f"{side}.translations.{i}", tr, *name
        for key in ("uid", "code13", "seat", "legal_form"):
            yield f"{side}.{key}", getattr(block, key), *value
        yield f"{side}.purpose", block.purpose, lim.purpose_chars, "ingest_max_purpose_chars"
        if block.address is not None:
            for key in ("line1", "street", "house_number", "zip_code", "town"):
                yield f"{side}.address.{key}", getattr(block.address, key), *address
        if block.capital is not None:
            yield f"{side}.capital.currency", block.capital.currency, *value
        refs = [(f"auditors.{i}", r) for i, r in enumerate(block.auditors)]
        for where, ref in [*refs, ("head_office", block.head_office)]:
            if ref is not None:
                yield f"{side}.{where}.name", ref.name, *name
                yield f"{side}.{where}.uid", ref.uid, *value
                yield f"{side}.{where}.seat", ref.seat, *value


def _lists(pub: Publication) -> Iterator[tuple[str, int]]:
    yield "cantons", len(pub.cantons)
    yield "flags", len(pub.flags)
    yield "transaction.changes", len(pub.transaction.changes)
    for side, block in (("before", pub.before), ("after", pub.after)):
        if block is not None:
            yield f"{side}.translations", len(block.translations)
            yield f"{side}.auditors", len(block.auditors)


def _dates(pub: Publication) -> Iterator[tuple[str, date | None]]:
    yield "publication_date", pub.publication_date
    yield "journal_date", pub.journal_date
    yield "previous_date", pub.previous_date
    yield "transaction.deletion_date", pub.transaction.deletion_date


def check_limits(pub: Publication, lim: RecordLimits) -> LimitProblem | None:
    """The first limit `pub` breaks, None when it keeps them all."""
    for field, text, limit, setting in _sizes(pub, lim):
        if text is not None and len(text) > limit:
            detail = f"{field} has {len(text):,} characters, at most {limit:,} ({setting})"
            return LimitProblem(field, len(text), limit, "too_large", detail)
    for field, n in _lists(pub):
        if n > lim.list_items:
            detail = f"{field} has {n:,} items, at most {lim.list_items:,} (ingest_max_list_items)"
            return LimitProblem(field, n, lim.list_items, "too_large", detail)
    if len(pub.text) > lim.word_chars:  # a shorter text cannot hold a longer word
        longest = max(map(len, pub.text.split()), default=0)
        if longest > lim.word_chars:
            detail = (
                f"text holds a {longest:,}-character run without a space, "
                f"at most {lim.word_chars:,} (ingest_max_word_chars)"
            )
            return LimitProblem("text", longest, lim.word_chars, "too_large", detail)
    for field, when in _dates(pub):
        if when is not None and not lim.min_date <= when <= lim.max_date:
            bound = lim.min_date if when < lim.min_date else lim.max_date
            detail = (
                f"{field} {when.isoformat()} is outside {lim.min_date.isoformat()}.."
                f"{lim.max_date.isoformat()} (ingest_min_date, ingest_max_future_days)"
            )
            return LimitProblem(field, when.year, bound.year, "date_out_of_range", detail)
    return None
