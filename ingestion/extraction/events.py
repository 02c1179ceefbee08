"""What a notice records (multi-label events), from cue phrases and the extracted mentions."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import get_args

from ingestion.extraction.lexicon import literal_keys
from ingestion.extraction.models import CompanyMention, EventType, PersonMention

_ORDER: tuple[EventType, ...] = get_args(EventType)
_TRANSACTION_ROLES = {
    "merger_absorbed",
    "merger_absorbing",
    "asset_seller",
    "asset_buyer",
    "head_office",
    "branch",
}
# Events that a new entry keeps; everything else in a new entry is the entry itself.
_NEW_ENTRY_KEEPS = {
    "registration",
    "branch",
    "asset_transfer",
    "merger",
    "demerger",
    "legal_form_change",
    "correction",
}
_BRANCH = re.compile(
    r"\b(?:Zweigniederlassung|succursale|Hauptsitz|sede principale|siège principal)\b"
)
# "Nouvelle raison sociale: X, en liquidation": a voluntary liquidation starts (not after bankruptcy).
_LIQUIDATION_RENAME = re.compile(
    r"(?:Firma neu|Neue Firma|Nouvelle raison sociale|raison sociale devient|"
    r"Nuova ditta|Nuova ragione sociale): .{0,150}?\b(?:in|en) [Ll]iquida(?:tion|zione)\b"
)
_SIGNED = {"individual", "collective_two", "individual_procuration", "collective_procuration"}


@lru_cache(maxsize=8)
def _rx(
    lang: str | None,
) -> tuple[
    list[tuple[tuple[str, ...] | None, re.Pattern[str], EventType]],
    list[re.Pattern[str]],
    list[re.Pattern[str]],
]:
    from ingestion.extraction.vocab import ordered

    vocabs = ordered(lang)
    # Each cue carries the words it cannot match without, so most cues are skipped by a substring
    # test instead of a regex scan (the rules backend must read ~2,000 notices a second).
    cues = [
        (literal_keys(p), re.compile(p, re.MULTILINE), e) for v in vocabs for p, e in v.event_cues
    ]
    deletion = [re.compile(p) for v in vocabs for p in v.deletion_cues]
    registration = [re.compile(p) for v in vocabs for p in v.registration_cues]
    return cues, deletion, registration


def is_registration(head: str, body: str, lang: str | None) -> bool:
    """True for a new entry (`(Neueintragung)`, `Nouvelle société …`)."""
    _, _, registration = _rx(lang)
    return any(rx.search(head) or rx.search(body) for rx in registration)


def detect_events(
    head: str,
    body: str,
    lang: str | None,
    persons: list[PersonMention],
    companies: list[CompanyMention],
    registration: bool,
) -> list[EventType]:
    """Events of one notice: cue phrases in the body plus what the mentions imply."""
    cues, deletion, _ = _rx(lang)
    found: set[EventType] = set()
    if registration:
        found.add("registration")
    low = body.lower()
    for keys, rx, event in cues:
        if event in found or (keys is not None and not any(k in low for k in keys)):
            continue
        if rx.search(body):
            found.add(event)
    if any(rx.search(body) for rx in deletion):
        found.add("deletion")
    if "bankruptcy" not in found and "deletion" not in found and _LIQUIDATION_RENAME.search(body):
        found.add("liquidation")
    if "demerger" in found:
        found.discard("asset_transfer")  # a split-off transfers assets by definition
    if "bankruptcy_revoked" in found:
        found.discard("bankruptcy")
    officers = [p for p in persons] + [
        c for c in companies if not set(c.roles) & _TRANSACTION_ROLES and "auditor" not in c.roles
    ]
    auditors = [c for c in companies if "auditor" in c.roles]
    if officers:
        found.add("officer_change")
    if auditors:
        found.add("auditor_change")
    if any(
        (p.previous and "signature" in p.previous)
        or (p.previous is None and p.roles == ["authorized_signatory"] and p.signature in _SIGNED)
        for p in persons
    ):
        found.add("signature_change")
    branch_text = _BRANCH.search(head) or ("deletion" in found and _BRANCH.search(body))
    if (any("head_office" in c.roles for c in companies) or branch_text) and (
        registration or "deletion" in found
    ):
        found.add("branch")
    if any(set(c.roles) & {"merger_absorbed", "merger_absorbing"} for c in companies):
        found.add("merger")
    # A demerger's counterparts are sellers / buyers too, but the event is the demerger.
    if "demerger" not in found and any(
        set(c.roles) & {"asset_seller", "asset_buyer"} for c in companies
    ):
        found.add("asset_transfer")
    if registration:
        found &= _NEW_ENTRY_KEEPS
    if "deletion" in found and "liquidation" in found and "bankruptcy" in found:
        found.discard("liquidation")
    if not found:
        found.add("other")
    return [e for e in _ORDER if e in found]
