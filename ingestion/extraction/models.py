"""The extraction interchange format (docs/extraction-schema.md) as pydantic models.

`ExtractionRecord.model_dump(mode="json")` is exactly one line of `shabgraph extract` output and
validates against `extraction.schema.json`; the LLM backend uses the same models for structured
output, and the graph loader reads them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Role = Literal[
    "chair",
    "vice_chair",
    "board_member",
    "secretary",
    "managing_director",
    "director",
    "partner",
    "limited_partner",
    "owner",
    "authorized_signatory",
    "liquidator",
    "auditor",
    "member",
    "branch_manager",
    "head_office",
    "branch",
    "merger_absorbed",
    "merger_absorbing",
    "asset_seller",
    "asset_buyer",
    "founder",
    "other",
]
Signature = Literal[
    "individual",
    "collective_two",
    "individual_procuration",
    "collective_procuration",
    "none",
    "unknown",
]
Action = Literal["registered", "removed"]
EventType = Literal[
    "registration",
    "deletion",
    "name_change",
    "seat_change",
    "address_change",
    "purpose_change",
    "capital_change",
    "legal_form_change",
    "statutes_change",
    "officer_change",
    "auditor_change",
    "signature_change",
    "merger",
    "demerger",
    "asset_transfer",
    "branch",
    "bankruptcy",
    "bankruptcy_revoked",
    "liquidation",
    "dissolution",
    "correction",
    "other",
]


class Subject(BaseModel):
    """The company the notice is about, as it stands after the notice."""

    name: str | None = None
    """Name as written at the head of the notice (the new name when renamed)."""
    uid: str | None = None
    """UID as CHE-123.456.789, or an old CH number as written."""
    seat: str | None = None
    """Seat as written."""


class PersonMention(BaseModel):
    """A natural person named with a function or signature right."""

    family_name: str
    """Family name as written, particles included (von Burg, de Weck)."""
    given_names: str | None = None
    """All given names as written (jun./sen. included)."""
    origin: str | None = None
    """Swiss place(s) of citizenship."""
    nationality: str | None = None
    """Foreign nationality as a country name in the notice's language."""
    residence: str | None = None
    """Place of residence as written."""
    roles: list[Role] = Field(default_factory=list)
    """Coarse roles."""
    role_text: str | None = None
    """Function words as written."""
    signature: Signature = "unknown"
    """Signature right."""
    action: Action = "registered"
    """Registered (new or changed) or removed."""
    previous: dict[str, Any] | None = None
    """Changed keys with their earlier values (bisher / précédemment / finora / nicht)."""

    def earlier_name(self) -> tuple[str, str | None] | None:
        """(family, given names) the person was entered under before this notice, when a
        `[bisher: <family>, <given>, …]` / `[précédemment: …]` / `[finora: …]` bracket names
        another one (a marriage, a corrected spelling): the same person, to be merged with the
        mentions under that name. Only the changed keys are kept, so an unchanged given name
        is the current one. None when the name did not change."""
        prev = self.previous or {}
        family, given = prev.get("family_name"), prev.get("given_names")
        if not isinstance(family, str) and not isinstance(given, str):
            return None
        return (
            family if isinstance(family, str) else self.family_name,
            given if isinstance(given, str) else self.given_names,
        )


class CompanyMention(BaseModel):
    """A legal entity other than the subject, with its role towards the subject."""

    name: str
    """Name as written."""
    uid: str | None = None
    """UID if the notice gives one."""
    seat: str | None = None
    """Seat if given."""
    roles: list[Role] = Field(default_factory=list)
    """Coarse roles (auditor, head_office, merger_absorbed, asset_seller, ...)."""
    role_text: str | None = None
    """Function words as written."""
    action: Action = "registered"
    """Registered or removed (an auditor that left is removed)."""


class ExtractionRecord(BaseModel):
    """One output line of `shabgraph extract`."""

    id: str
    """The input record's id."""
    language: Literal["de", "fr", "it", "rm", "en"] | None = None
    """Language of the text (detected when the input had none)."""
    subject: Subject | None = None
    """The notice's subject."""
    events: list[EventType] = Field(default_factory=list)
    """What the notice records (multi-label)."""
    persons: list[PersonMention] = Field(default_factory=list)
    """Natural persons."""
    companies: list[CompanyMention] = Field(default_factory=list)
    """Other legal entities."""
    error: str | None = Field(default=None, exclude_if=lambda v: v is None)
    """Set when the line could not be processed (then the lists are empty)."""
