"""The population's state: companies, persons and open role intervals, with their histories.

Plain slotted dataclasses (the generator mutates them many times per notice; pydantic would cost
too much at a million notices). `to_truth()` gives the documented ground-truth line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

History = list[dict[str, Any]]


def set_value(history: History, value: Any, when: date, pub: str, **extra: Any) -> None:
    """Close the current entry of a history (valid_to = when) and append the new value."""
    if history and history[-1]["valid_to"] is None:
        history[-1]["valid_to"] = when.isoformat()
    history.append(
        {"value": value, **extra, "valid_from": when.isoformat(), "valid_to": None, "pub": pub}
    )


def close_history(history: History, when: date) -> None:
    """End the current entry (deletion)."""
    if history and history[-1]["valid_to"] is None:
        history[-1]["valid_to"] = when.isoformat()


@dataclass(slots=True)
class Address:
    """A business address."""

    street: str
    """Street name."""
    number: str
    """House number."""
    zip_code: str
    """Postcode."""
    town: str
    """Town."""
    line1: str | None = None
    """c/o line."""

    def one_line(self) -> str:
        """`c/o X, Bahnhofstrasse 12, 8001 Zürich`."""
        head = f"{self.line1}, " if self.line1 else ""
        return f"{head}{self.street} {self.number}, {self.zip_code} {self.town}"


@dataclass(slots=True)
class Holding:
    """One open interval of one function of one holder in one company."""

    holder_id: str
    """Person or company id."""
    holder_kind: str
    """`person` or `company`."""
    key: str
    """Function key of roles.json."""
    signature: str
    """Signature right (extraction-schema value)."""
    valid_from: date
    """Journal date it started."""
    opened_by: str
    """Publication number that opened it."""
    words: str | None
    """Function words in the language of the opening notice."""
    residence: str | None = None
    """Residence as last published in this company (person holders)."""
    shares: int = 0
    """Capital shares (GmbH parts) or 0."""
    ref: tuple[str, str | None, str] | None = None
    """(name, uid, seat) of a company holder, kept so it can be named after it is gone."""
    corrected_by: str | None = None
    """Publication number of a correction notice that fixed this interval's entry."""
    corrected_from: dict[str, Any] | None = None
    """What the corrected notice wrongly published (`{"signature": ...}`)."""


@dataclass(slots=True)
class Company:
    """A register entry (or a foreign head office)."""

    id: str
    """True id `C0000001`."""
    kind: str
    """`company`, `branch` or `foreign`."""
    uid: str | None
    """UID."""
    code13: str | None
    """Old-style register number."""
    legal_form: str
    """eCH-0097 code (current)."""
    canton: str
    """Canton of the seat."""
    lang: str
    """Language of its notices."""
    sector: str
    """Sector key (purpose, name words)."""
    name: str
    """Current name."""
    base_name: str
    """Name without a liquidation suffix."""
    translations: list[str]
    """Name translations (without parentheses)."""
    seat: str
    """Current seat."""
    address: Address | None
    """Current address."""
    purpose: str | None
    """Current purpose."""
    capital: float | None
    """Nominal capital."""
    status: str = "active"
    """active / in_liquidation / bankrupt / deleted."""
    head_office_id: str | None = None
    """Head office of a branch."""
    branch_ids: list[str] = field(default_factory=list)
    """Live branches."""
    holdings: list[Holding] = field(default_factory=list)
    """Open functions in this company."""
    auditor_id: str | None = None
    """Current auditor company id."""
    opting_out: bool = False
    """Waived the limited audit."""
    last_pub: str | None = None
    """Number of its latest notice."""
    last_pub_date: date | None = None
    """Publication date of its latest notice."""
    last_journal: date | None = None
    """Journal date of its latest notice."""
    last_journal_number: str | None = None
    """Register-journal number of its latest notice (cited by a correction)."""
    truth: dict[str, Any] = field(default_factory=dict)
    """The ground-truth record being built (histories, pubs, dates)."""

    def to_truth(self) -> dict[str, Any]:
        """The `companies.jsonl` line."""
        return {
            "id": self.id,
            "kind": self.kind,
            "uid": self.uid,
            "code13": self.code13,
            "legal_form": self.legal_form,
            "canton": self.canton,
            "language": self.lang,
            "status": self.status,
            **self.truth,
        }


@dataclass(slots=True)
class Person:
    """A natural person."""

    id: str
    """True id `P0000001`."""
    family: str
    """Canonical family name."""
    given: str
    """Canonical given names."""
    sex: str
    """`m` or `f` (function words agree with it)."""
    origin: list[str] | None
    """Swiss places of citizenship."""
    nationality: str | None
    """ISO code of a foreign nationality."""
    residence: str
    """Current residence as written (`Zürich`, `München (DE)`)."""
    residence_country: str
    """ISO code of the residence country."""
    open_roles: int = 0
    """Number of open holdings (a person with none may be retired)."""
    residences: list[dict[str, Any]] = field(default_factory=list)
    """Residence history (valid_from set when first published)."""
    variants: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    """Written forms other than the canonical one."""
    pubs: list[str] = field(default_factory=list)
    """Notices that mention the person."""

    def to_truth(self, key: str) -> dict[str, Any]:
        """The `persons.jsonl` line."""
        return {
            "id": self.id,
            "family_name": self.family,
            "given_names": self.given,
            "sex": self.sex,
            "origin": self.origin,
            "nationality": self.nationality,
            "stateless": self.origin is None and self.nationality is None,
            "homonym_key": key,
            "residences": self.residences,
            "variants": list(self.variants.values()),
            "pubs": self.pubs,
        }
