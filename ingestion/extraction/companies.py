"""Companies named outside the person blocks: head offices, merger and asset-transfer
counterparts, auditors that left. Person-block companies (auditors, corporate partners) come
from `entries`."""

from __future__ import annotations

import re
from functools import lru_cache

from ingestion.extraction.entries import lead_role
from ingestion.extraction.fields import ENDS_WITH_FORM, UID_TEXT
from ingestion.extraction.gates import fewest_keys, lead_gated, may_match, needles
from ingestion.extraction.models import CompanyMention, Role
from ingestion.extraction.text import clean, sentence_end
from ingestion.extraction.vocab import ordered

_SEAT = re.compile(r",?\s+(?:in|à|a)\s+(?P<seat>[A-ZÄÖÜÉÈ][^,(]*?)(?=\s*(?:\(|,|$))")
_UID_PAREN = re.compile(rf"\s*\((?:UID |IDI |IDE )?(?P<uid>{UID_TEXT}|CH-[\d.\-]+\d)\)\s*\??")
# The seat clause of a head office written after its name ("…, con sede a Milano (IT)").
_SEAT_CLAUSE = re.compile(
    r",?\s+(?:con sede (?:a|in)|avec siège à|dont le siège est à|mit Sitz in)\s+"
    r"(?P<seat>[A-ZÄÖÜÉÈ][^,;]*?)\s*(?:[,;]|$)"
)


Gated = tuple[frozenset[str] | None, re.Pattern[str]]
"""A regex with the strings one of which it cannot match without: most notices name no head
office and no auditor, and a substring test is much cheaper than a regex scan."""


@lru_cache(maxsize=8)
def _compiled(
    lang: str | None,
) -> tuple[list[Gated], list[tuple[re.Pattern[str], Role]], list[Gated]]:
    vocabs = ordered(lang)
    head = [(needles(p), re.compile(lead_gated(p))) for v in vocabs for p in v.head_office_patterns]
    trans = [(re.compile(lead_gated(p)), r) for v in vocabs for p, r in v.transaction_patterns]
    gone = [(needles(p), re.compile(lead_gated(p))) for v in vocabs for p in v.auditor_removed]
    return head, trans, gone


@lru_cache(maxsize=8)
def _group_keys(lang: str | None) -> tuple[frozenset[str] | None, frozenset[str] | None]:
    """The needles of all head-office and of all removed-auditor regexes: a text holding none
    of a group's can match none of its regexes (one test instead of one per regex)."""
    head, _, gone = _compiled(lang)

    def union(group: list[Gated]) -> frozenset[str] | None:
        if any(keys is None for keys, _ in group):
            return None
        return fewest_keys(frozenset(k for keys, _ in group for k in keys or ()))

    return union(head), union(gone)


@lru_cache(maxsize=8)
def _triggers(lang: str | None) -> tuple[str, ...]:
    return tuple(t for v in ordered(lang) for t in v.transaction_triggers)


def _first_sentence(value: str) -> str:
    return clean(value[: sentence_end(value)])


def parse_company(body: str) -> tuple[str, str | None, str | None]:
    """(name, seat, uid) from `X AG, in Y (CHE-…)` / `X SA, à Y` / `"X" à Y (CHE-…)`."""
    uid = None
    m = _UID_PAREN.search(body)
    if m:
        uid = m.group("uid")
        body = body[: m.start()] + body[m.end() :]
    seat = None
    s = _SEAT.search(body)
    if s:
        seat = clean(s.group("seat"))
        body = body[: s.start()]
    else:
        # `"Quoted Name" à Montana`: the seat follows the closing quote without a comma.
        q = re.match(r'^\s*["«](?P<name>[^"»]+)["»]\s+(?:in|à|a)\s+(?P<seat>.+)$', body)
        if q:
            return clean(q.group("name")), clean(q.group("seat")), uid
    return clean(body).strip('"«» '), seat, uid


# Strings every written-out legal form of `form_descriptions` contains (a cheap gate).
_FORM_HINTS = (
    "soci",
    "Gesellschaft",
    "Genossenschaft",
    "Stiftung",
    "Recht",
    "droit",
    "diritto",
    "anonim",
    "responsabilit",
    "azioni",
    "accomandita",
    "commandite",
    "collectif",
    "collettivo",
    "fondation",
    "association",
    "coopérative",
    "cooperativa",
)


@lru_cache(maxsize=8)
def _descriptions(lang: str | None) -> re.Pattern[str]:
    alts = "|".join(f"(?:{v.form_descriptions})" for v in ordered(lang))
    return re.compile(rf"(?P<comma>,)?\s+(?:{alts})(?![\w-])")


def trim_company_name(name: str, lang: str | None) -> tuple[str, str | None]:
    """(name, seat) of a head office written with its legal form spelled out or its seat
    (`X SAS, société par actions simplifiée de droit français`, `X S.r.l. a responsabilità
    limitata di diritto italiano, con sede a Milano (IT)`): the description is no part of it."""
    seat = None
    s = _SEAT_CLAUSE.search(name) if " " in name else None
    if s:
        seat = clean(s.group("seat"))
        name = name[: s.start()]
    if not any(w in name for w in _FORM_HINTS):
        return name, seat  # most names describe no legal form: no scan
    for m in _descriptions(lang).finditer(name):
        if m.start() == 0:
            continue
        before = name[: m.start()].rstrip()
        # "X S.r.l. a responsabilità limitata di diritto italiano": after the abbreviation the
        # form written out only describes the company.
        if m.group("comma") or ENDS_WITH_FORM.search(before):
            return clean(before), seat
    return name, seat


def head_office(text: str, lang: str | None, subject_name: str | None) -> CompanyMention | None:
    """The head office of a branch notice (labelled fields or the old prose form)."""
    if not may_match(_group_keys(lang)[0], text):
        return None
    head, _, _ = _compiled(lang)
    found: dict[str, str] = {}
    for keys, rx in head:
        if not may_match(keys, text):
            continue
        for m in rx.finditer(text):
            for key, value in m.groupdict().items():
                if value and key not in found:
                    found[key] = _first_sentence(value) if key != "uid" else value
    # "X Ltd, succursale de Sierre, à Sierre": the branch's own name part, not a head office.
    if "name" not in found:
        return None
    found["name"], seat = trim_company_name(found["name"], lang)
    if seat and "seat" not in found:
        found["seat"] = seat
    if found["name"] == found.get("seat"):
        return None
    if (
        subject_name
        and len(subject_name) > len(found["name"])
        and subject_name.endswith(found["name"])
    ):
        return None  # "X Sàrl, succursale de Neuchâtel, à Boudry": the branch's name, not its head office
    return CompanyMention(
        name=found["name"],
        uid=found.get("uid"),
        seat=found.get("seat"),
        roles=["head_office"],
        action="registered",
    )


def transactions(text: str, lang: str | None) -> list[CompanyMention]:
    """Merger and asset-transfer counterparts with their role towards the subject."""
    _, trans, _ = _compiled(lang)
    out: list[CompanyMention] = []
    low = text.lower()
    if not any(t in low for t in _triggers(lang)):
        return out  # most notices name no counterpart: skip a dozen regex scans
    for rx, role in trans:
        for m in rx.finditer(text):
            body = m.group("body")
            body = body[: sentence_end(body)] if "(" not in body[-3:] else body
            name, seat, uid = parse_company(body)
            if seat is None:
                # "… der Muster Holz GmbH, in Alpnach." / "… (CHE-…), à Cully": the seat follows the body.
                rest = text[m.end("body") :]
                s = _SEAT.match(rest[: sentence_end(rest)].rstrip(" ."))
                seat = clean(s.group("seat")) if s else None
            if name and not any(c.name == name for c in out):
                label = text[max(0, m.start() - 60) : m.start()]
                colon = label.rfind(":")
                role_text = label[label.rfind(". ") + 2 : colon].strip() if colon > 0 else None
                out.append(
                    CompanyMention(
                        name=name,
                        uid=uid,
                        seat=seat,
                        roles=[role],
                        role_text=role_text or None,
                        action="registered",
                    )
                )
    return out


def auditors_removed(text: str, lang: str | None) -> list[CompanyMention]:
    """Auditors said to have left in prose (`Die bisherige Revisionsstelle X, in Y, ist weggefallen`)."""
    out: list[CompanyMention] = []
    if not may_match(_group_keys(lang)[1], text):
        return out
    _, _, gone = _compiled(lang)
    for keys, rx in gone:
        if not may_match(keys, text):
            continue
        for m in rx.finditer(text):
            # "Gestrichen: Revisionsstelle X AG": the function word is no part of the name.
            name, seat, uid = parse_company(lead_role(m.group("body"), lang)[1])
            if name and not any(c.name == name for c in out):
                out.append(
                    CompanyMention(
                        name=name,
                        uid=uid,
                        seat=seat,
                        roles=["auditor"],
                        role_text="Revisionsstelle" if lang == "de" else None,
                        action="removed",
                    )
                )
    return out
