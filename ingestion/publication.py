"""One typed model of a commercial-register publication, whatever format it came from.

Every parser (amtsblattportal JSON and XML, the old Zefix daily files, Zefix REST) and the
synthetic generator produce `Publication` records; the extractor and the graph loader read them.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

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
