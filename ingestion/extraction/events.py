"""What a notice records (multi-label events), from cue phrases and the extracted mentions."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import get_args

from ingestion.extraction.gates import fewest_keys, lead_gated, may_match, needles
from ingestion.extraction.models import CompanyMention, EventType, PersonMention
from ingestion.extraction.vocab import ordered

_ORDER: tuple[EventType, ...] = get_args(EventType)
_TRANSACTION_ROLES = {
    "merger_absorbed",
    "merger_absorbing",
    "asset_seller",
    "asset_buyer",
    "head_office",
    "branch",
}
# Events that a new entry keeps; everything else in a new entry is the entry itself (the dev
# gold labels new entries this way too: benchmarks/eval_extraction_synthetic.py reuses it).
NEW_ENTRY_KEEPS = {
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


Gated = tuple[frozenset[str] | None, re.Pattern[str]]
"""A regex with the strings one of which it cannot match without (`lexicon.needles`)."""


def _gated(pattern: str, flags: int = 0) -> Gated:
    return needles(pattern), re.compile(lead_gated(pattern), flags)


@lru_cache(maxsize=8)
def _rx(
    lang: str | None,
) -> tuple[
    list[tuple[frozenset[str] | None, re.Pattern[str], EventType]],
    list[Gated],
    list[Gated],
    tuple[str, ...],
]:
    vocabs = ordered(lang)
    # Each cue carries the strings it cannot match without, so most cues are skipped by a
    # substring test instead of a regex scan (the rules backend must read ~2,000 notices a second).
    cues = [(*_gated(p, re.MULTILINE), e) for v in vocabs for p, e in v.event_cues]
    deletion = [_gated(p) for v in vocabs for p in v.deletion_cues]
    registration = [_gated(p) for v in vocabs for p in v.registration_cues]
    # Cues share many strings: each is looked up in the text once, not once per cue.
    words = tuple(dict.fromkeys(k for keys, _, _ in cues if keys is not None for k in keys))
    return cues, deletion, registration, words


@lru_cache(maxsize=8)
def _group_keys(lang: str | None) -> tuple[frozenset[str] | None, frozenset[str] | None]:
    """All needles of the deletion and of the registration cues (None: a cue has none): a text
    holding none of a group's matches none of its cues, so one test spares one per cue."""
    _, deletion, registration, _ = _rx(lang)

    def union(group: list[Gated]) -> frozenset[str] | None:
        if any(keys is None for keys, _ in group):
            return None
        return fewest_keys(frozenset(k for keys, _ in group for k in keys or ()))

    return union(deletion), union(registration)


def is_registration(head: str, body: str, lang: str | None) -> bool:
    """True for a new entry (`(Neueintragung)`, `Nouvelle société …`)."""
    _, _, registration, _ = _rx(lang)
    keys = _group_keys(lang)[1]
    if not may_match(keys, head) and not may_match(keys, body):
        return False
    # Each cue is tried only on the parts holding its own strings (most hold none).
    return any(
        (may_match(own, head) and rx.search(head)) or (may_match(own, body) and rx.search(body))
        for own, rx in registration
    )


def detect_events(
    head: str,
    body: str,
    lang: str | None,
    persons: list[PersonMention],
    companies: list[CompanyMention],
    registration: bool,
) -> list[EventType]:
    """Events of one notice: cue phrases in the body plus what the mentions imply."""
    cues, deletion, _, words = _rx(lang)
    found: set[EventType] = set()
    if registration:
        found.add("registration")
    present = {w for w in words if w in body}
    for keys, rx, event in cues:
        if event in found or (keys is not None and present.isdisjoint(keys)):
            continue
        if rx.search(body):
            found.add(event)
    if may_match(_group_keys(lang)[0], body) and any(
        may_match(keys, body) and rx.search(body) for keys, rx in deletion
    ):
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
        # A pure signatory removed: the signature ended, whichever right it was.
        or (p.action == "removed" and p.roles == ["authorized_signatory"])
        # A pure signatory became an officer ("jusqu'ici fondé de procuration, est désormais …").
        or (p.previous is not None and p.previous.get("roles") == ["authorized_signatory"])
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
        found &= NEW_ENTRY_KEEPS
    if "deletion" in found and "liquidation" in found and "bankruptcy" in found:
        found.discard("liquidation")
    if not found:
        found.add("other")
    return [e for e in _ORDER if e in found]
