"""Compact, typed rows that one notice contributes to the graph (pure conversion, no I/O).

`notice_rows(pub, rec)` turns a parsed `Publication` and its `ExtractionRecord` into an event row,
an observation of the subject company, and person and company mentions. Rows are NamedTuples:
a million notices' worth of them must fit in memory between the load and resolve stages.
"""

from __future__ import annotations

import datetime as dt
import sys
from typing import Any, NamedTuple

from ingestion.extraction.facts.mentions import contributions
from ingestion.extraction.models import ExtractionRecord
from ingestion.graph.facts import ContributionRow, contribution_row, notice_facts
from ingestion.graph.normalize import company_hub_key
from ingestion.graph.notice_amounts import former_seat
from ingestion.publication import CompanyRef, Publication
from shabgraph.register.uid import check_uid, parse_code13, parse_uid

TRANSACTION_ROLES = frozenset(
    {"head_office", "branch", "merger_absorbed", "merger_absorbing", "asset_seller", "asset_buyer"}
)
"""Roles that describe a transaction between companies, not a function held in the subject."""


class SubjectObs(NamedTuple):
    """What one notice says about its subject company (the structured block, else the text)."""

    pub_number: str
    """The notice."""
    date: dt.date
    """Journal date (publication date when the journal date is missing)."""
    pub_date: dt.date
    """Publication date."""
    uid: str | None
    """Normalised UID (valid or not)."""
    uid_valid: bool
    """UID check digit verified."""
    code13: str | None
    """Old register number, digits only."""
    attrs: tuple[tuple[str, str], ...]
    """(attribute, value) pairs for the CompanyState history (name, seat, capital, ...)."""
    names: tuple[str, ...]
    """Name and translations as published."""
    canton: str | None
    """Canton of the notice."""
    kind: str
    """registration / update / deletion / unknown."""
    structured: bool
    """True when read from a structured block (a strong company)."""
    former_seat: str | None = None
    """The seat the notice's head names as the former one ("finora in X"): the same firm."""


class PersonRow(NamedTuple):
    """One person mention, with the notice context resolution needs."""

    pub_number: str
    """The notice."""
    idx: int
    """Position in the extraction's person list (with pub_number: the mention key)."""
    date: dt.date
    """Journal date (publication date when missing)."""
    pub_date: dt.date
    """Publication date."""
    family_name: str
    """As written."""
    given_names: str | None
    """As written."""
    origin: str | None
    """Place(s) of citizenship as written."""
    nationality: str | None
    """Foreign nationality as written."""
    residence: str | None
    """Residence as written."""
    prev_residence: str | None
    """Earlier residence given after bisher / précédemment / finora."""
    roles: tuple[str, ...]
    """Coarse roles."""
    prev_roles: tuple[str, ...]
    """Roles given as the earlier ones (closed by this mention)."""
    role_text: str | None
    """Function words as written."""
    signature: str
    """Signature right."""
    action: str
    """registered / removed."""
    prev_signature: str | None = None
    """Earlier signature given after bisher / précédemment / finora (in a correction: the
    corrected-away value)."""
    correction: bool = False
    """From a correction notice (it fixes the register's entry, it does not change it)."""
    contribution: ContributionRow | None = None
    """(count, nominal, kind, amount) of the contribution the entry states."""
    prev_family: str | None = None
    """Family name the person was entered under before this notice ("[bisher: X, Anna]")."""
    prev_given: str | None = None
    """Given names under that earlier name (the current ones when unchanged)."""


class CompanyRow(NamedTuple):
    """One mention of a company other than the subject (text or structured reference)."""

    pub_number: str
    """The notice."""
    idx: int
    """Position (structured references come after the text's mentions)."""
    date: dt.date
    """Journal date (publication date when missing)."""
    pub_date: dt.date
    """Publication date."""
    name: str
    """As written."""
    uid: str | None
    """UID as given."""
    seat: str | None
    """Seat as given."""
    roles: tuple[str, ...]
    """Coarse roles towards the subject."""
    role_text: str | None
    """Function words as written."""
    action: str
    """registered / removed."""
    contribution: ContributionRow | None = None
    """(count, nominal, kind, amount) of the contribution the entry states (a partner company)."""


class NoticeRows(NamedTuple):
    """Everything one notice contributes."""

    event: dict[str, Any]
    """Properties of the Event node (without subject_id, set once identities are known)."""
    subject: SubjectObs | None
    """The subject company observation, None when the notice names no company at all."""
    persons: list[PersonRow]
    """Person mentions."""
    companies: list[CompanyRow]
    """Company mentions."""


_POOL: dict[str, str] = {}


def _s(value: str | None) -> str | None:
    """Share equal strings (places, roles, purposes repeat across a million notices)."""
    if value is None:
        return None
    value = value.strip()
    return _POOL.setdefault(value, value) if len(value) < 64 else sys.intern(value)


def _address_line(pub: Publication) -> str | None:
    block = pub.subject
    if block is None or block.address is None:
        return None
    a = block.address
    street = " ".join(x for x in (a.street, a.house_number) if x)
    town = " ".join(x for x in (a.zip_code, a.town) if x)
    return ", ".join(x for x in (a.line1, street, town) if x) or None


def _status(pub: Publication, rec: ExtractionRecord) -> str:
    events = set(rec.events)
    name = (pub.subject.name if pub.subject else None) or (rec.subject.name if rec.subject else "")
    low = (name or "").lower()
    if pub.transaction.kind == "deletion" or pub.sub_rubric == "HR03" or "deletion" in events:
        return "deleted"
    if "bankruptcy" in events and "bankruptcy_revoked" not in events:
        return "bankrupt"
    if "liquidation" in events or "liquidation" in low or "liquidazione" in low:
        return "in_liquidation"
    return "active"


def _subject(
    pub: Publication, rec: ExtractionRecord, when: dt.date, facts: list[tuple[str, str]]
) -> SubjectObs | None:
    block = pub.subject
    structured = block is not None and bool(block.name or block.uid or block.code13)
    name = block.name if structured and block else (rec.subject.name if rec.subject else None)
    raw_uid = block.uid if structured and block else (rec.subject.uid if rec.subject else None)
    seat = block.seat if structured and block else (rec.subject.seat if rec.subject else None)
    code13 = parse_code13(block.code13 if structured and block else None) or parse_code13(raw_uid)
    uid, valid = check_uid(raw_uid)
    if not (name or uid or code13):
        return None
    attrs: list[tuple[str, str]] = []
    if name:
        attrs.append(("name", name))
    if seat:
        attrs.append(("seat", seat))
    if structured and block:
        if block.legal_form:
            attrs.append(("legal_form", block.legal_form))
        if block.capital and block.capital.nominal is not None:
            attrs.append(("capital", repr(float(block.capital.nominal))))
        if block.purpose:
            attrs.append(("purpose", block.purpose))
        address = _address_line(pub)
        if address:
            attrs.append(("address", address))
    attrs.extend(facts)
    attrs.append(("status", _status(pub, rec)))
    names = tuple(x for x in [name, *(block.translations if structured and block else [])] if x)
    return SubjectObs(
        pub_number=pub.number,
        date=when,
        pub_date=pub.publication_date,
        uid=uid,
        uid_valid=valid,
        code13=code13,
        attrs=tuple((k, v) for k, v in ((k, _s(v)) for k, v in attrs) if v),
        names=tuple(n for n in (_s(x) for x in names) if n),
        canton=pub.cantons[0] if pub.cantons else None,
        kind=pub.transaction.kind,
        structured=structured,
        former_seat=_s(former_seat(pub.text)),
    )


def _previous(prev: dict[str, Any] | None, key: str) -> Any:
    return prev.get(key) if isinstance(prev, dict) else None


def notice_rows(pub: Publication, rec: ExtractionRecord) -> NoticeRows:
    """Convert one notice and its extraction into graph rows."""
    when = pub.journal_date or pub.publication_date
    flags = list(pub.flags)
    if rec.error:
        flags.append("extraction_error")
    if "correction" in rec.events:
        flags.append("correction")
    block = pub.subject
    structured = block is not None and bool(block.name or block.uid or block.code13)
    seat = block.seat if structured and block else (rec.subject.seat if rec.subject else None)
    auditor = any("auditor" in c.roles and c.action == "registered" for c in rec.companies)
    fact_event, fact_attrs = notice_facts(
        pub.text,
        _status(pub, rec) == "deleted",
        seat,
        structured and _address_line(pub) is not None,
        auditor,
        has_capital=bool(
            structured and block and block.capital and block.capital.nominal is not None
        ),
    )
    subject = _subject(pub, rec, when, fact_attrs)
    if subject and subject.uid and not subject.uid_valid:
        flags.append("invalid_uid")
    event = {
        "pub_number": pub.number,
        "pub_id": pub.id,
        "sub_rubric": pub.sub_rubric,
        "pub_date": pub.publication_date,
        "journal_date": pub.journal_date,
        "journal_number": pub.journal_number,
        "canton": pub.cantons[0] if pub.cantons else None,
        "language": rec.language or pub.language,
        "text": pub.text,
        "event_types": event_types_of(pub, rec),
        "source": pub.source.path,
        "content_sha": pub.content_checksum(),
        "flags": sorted(set(flags)),
        "subject_uid": subject.uid if subject and subject.uid_valid else None,
        "subject_name": next((v for k, v in subject.attrs if k == "name"), None)
        if subject
        else None,
        **fact_event,
    }
    shares = contributions(
        pub.text,
        [(p.family_name, p.given_names) for p in rec.persons]
        + [(c.name, None) for c in rec.companies],
    )
    persons = []
    correction = "correction" in rec.events
    for i, p in enumerate(rec.persons):
        prev_roles = _previous(p.previous, "roles") or ()
        prev_signature = _previous(p.previous, "signature")
        earlier = p.earlier_name()
        persons.append(
            PersonRow(
                pub.number,
                i,
                when,
                pub.publication_date,
                _s(p.family_name) or "",
                _s(p.given_names),
                _s(p.origin),
                _s(p.nationality),
                _s(p.residence),
                _s(_previous(p.previous, "residence")),
                tuple(p.roles),
                tuple(r for r in prev_roles if isinstance(r, str)),
                _s(p.role_text),
                p.signature,
                p.action,
                prev_signature if isinstance(prev_signature, str) else None,
                correction,
                contribution_row(shares[i]),
                _s(earlier[0]) if earlier else None,
                _s(earlier[1]) if earlier else None,
            )
        )
    companies = [
        CompanyRow(
            pub.number,
            i,
            when,
            pub.publication_date,
            c.name,
            c.uid,
            _s(c.seat),
            tuple(c.roles),
            _s(c.role_text),
            c.action,
            contribution_row(shares[len(rec.persons) + i]),
        )
        for i, c in enumerate(rec.companies)
        if c.name
    ]
    after = pub.after if pub.after else None
    if after and after.head_office and (after.head_office.name or after.head_office.uid):
        companies = _with_head_office(companies, after.head_office, pub, when)
    return NoticeRows(event, subject, persons, companies)


def _with_head_office(
    companies: list[CompanyRow], ho: CompanyRef, pub: Publication, when: dt.date
) -> list[CompanyRow]:
    """Add the structured head-office reference, unless the text already names that company.

    A branch's registration names its head office twice, in the text ("Siège principal à:
    Stuttgart (DE)", with the seat) and in the structured block (name, maybe a UID, no seat):
    one company, so one mention, completed with what either source adds.
    """
    name = ho.name or ho.uid or ""
    key = company_hub_key(name) if ho.name else None
    for i, c in enumerate(companies):
        if "head_office" in c.roles and (
            (key is not None and company_hub_key(c.name) == key)
            or (ho.uid is not None and c.uid is not None and parse_uid(c.uid) == parse_uid(ho.uid))
        ):
            companies[i] = c._replace(uid=c.uid or ho.uid, seat=c.seat or _s(ho.seat))
            return companies
    companies.append(
        CompanyRow(
            pub.number,
            len(companies),
            when,
            pub.publication_date,
            name,
            ho.uid,
            _s(ho.seat),
            ("head_office",),
            None,
            "registered",
        )
    )
    return companies


def event_types_of(pub: Any, rec: Any) -> list[str]:
    """The extractor's events, and a deletion for every notice of the deletions rubric (HR03):
    the register publishes a deletion there whatever the words ("von Amtes wegen gelöscht
    nach Abschluss des Konkursverfahrens" reads as a bankruptcy alone)."""
    types = list(rec.events)
    if pub.sub_rubric == "HR03" and "deletion" not in types:
        types = ["deletion", *[t for t in types if t != "other"]]
    return types
