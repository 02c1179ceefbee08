"""Entity linking: turning `search_companies` candidates into the entity a question is about.

Pure functions; the search itself is a tool call recorded in the trace like any other.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any, Literal

from graph_agent.planners.offline.ask_finders import find_facts
from graph_agent.planners.offline.name_words import ORG_WORDS
from graph_agent.planners.offline.slots import fold
from graph_agent.result import EntityRef
from shabgraph.register.folding import fold_accents as spelled
from shabgraph.register.folding import match_key as key

HOMONYM_MARGIN = 2.0
"""Candidates this close to the best score (0-100) are indistinguishable by score."""


def entity_from_record(rec: dict[str, Any]) -> EntityRef | None:
    """An EntityRef from a tool record (search candidate, network node, ...), if it names one."""
    ident = rec.get("id") or rec.get("entity_id") or rec.get("node_id")
    if not ident:
        return None
    kind_raw = str(rec.get("kind") or rec.get("label") or rec.get("type") or "").lower()
    ident = str(ident)
    kind: Literal["company", "person"] = (
        "person" if ("person" in kind_raw or ident.startswith("p:")) else "company"
    )
    name = rec.get("name") or rec.get("full_name") or rec.get("display") or ident
    return EntityRef(id=ident, kind=kind, name=str(name), uid=rec.get("uid"))


NAME_REASONS = ("name", "alias", "namehub", "uid")
"""Reasons of `search_companies` that mean the candidate's name (not its seat) matched."""
MIN_LINK_SCORE = 70.0
"""Below this search score a candidate is not the mention (a misspelling is above it)."""


def link_score(rec: dict[str, Any]) -> tuple[float, str]:
    """(score, reason): the search tool's score when a name matched, else 0."""
    reason = str(rec.get("reason", ""))
    value = rec.get("score", 0.0)
    score = float(value) if isinstance(value, int | float) else 0.0
    if not reason.startswith(NAME_REASONS):
        return 0.0, f"matched on {reason.split(' ')[0] or 'nothing'}, not on a name"
    return score, reason


BRANCH_WORD_RE = re.compile(
    r"(?<![a-z])(?:zweigniederlassung|niederlassung|filiale|succursale|sede secondaria|branch|zn)"
    r"(?![a-z])"
)


def is_branch(text: str) -> bool:
    """The text names a branch (or asks about one)."""
    return BRANCH_WORD_RE.search(key(text)) is not None


def context_bonus(question: str, rec: dict[str, Any]) -> tuple[float, str]:
    """(bonus, reason): a seat, residence, origin or UID of the candidate written in the question."""
    q = key(question)
    for attr in ("uid", "seat", "residence", "canton", "origin"):
        value = rec.get(attr)
        if (
            isinstance(value, str)
            and len(value) > 2
            and re.search(rf"(?<!\w){re.escape(key(value))}(?!\w)", q)
        ):
            return 10.0, f"{attr} '{value}' named in the question"
    for attr in ("seat", "residence"):
        # one part of a double-barrelled place ("Talwil" of "Oberdorf-Talwil", "Bienne" of "Biel/Bienne")
        parts = re.split(r"[-/ ()]+", key(str(rec.get(attr) or "")))
        if any(len(p) > 3 and re.search(rf"(?<!\w){re.escape(p)}(?!\w)", q) for p in parts):
            return 8.0, f"{attr} '{rec.get(attr)}' partly named in the question"
    return 0.0, ""


COMPANY_FACTS = frozenset(
    {
        "capital", "purpose", "legal_form", "statutes", "communications", "branches",
        "head_office", "mergers", "transfers", "bankruptcy", "supervision", "balance",
        "share_premium", "liquidation_address", "unpublished", "business_start", "shareholders",
    }
)  # fmt: skip
"""Facts only a company has: a question asking one is about the company of that name."""
PERSON_FACTS = frozenset({"origin", "nationality", "birth_date"})
"""Facts only a person has."""
HOLDER_FACTS = frozenset({"role", "residence", "mandates", "signature"})
"""Facts of a role holder: with one of them, a company fact may be the holder's ("his shares")."""
KIND_PENALTY = 12.0
"""Score taken from a candidate of the other kind than the fact asked (a person's name that
a company also carries, "Muster" and "Muster Bau AG")."""


def asked_kind(question: str) -> str | None:
    """'company' when the question asks a company's own fact and nothing of a role holder,
    'person' when it asks only a person's own facts, else None."""
    facts = set(find_facts(fold(question)))
    if facts & COMPANY_FACTS and not facts & (PERSON_FACTS | HOLDER_FACTS):
        return "company"
    if facts and facts <= PERSON_FACTS:
        return "person"
    return None


def choose(
    mention: str, question: str, records: list[dict[str, Any]]
) -> tuple[EntityRef | None, list[EntityRef], str]:
    """(entity, homonyms, reason): the one candidate meant, or the tied candidates when unclear."""
    scored: list[tuple[float, dict[str, Any], str]] = []
    kind = asked_kind(question)
    for rec in records:
        score, why = link_score(rec)
        if score < MIN_LINK_SCORE and not (
            score >= 50 and covers(mention, str(rec.get("name", "")))
        ):
            continue
        bonus, why_bonus = context_bonus(question, rec)
        if is_branch(str(rec.get("name", ""))) and not is_branch(question):
            # the register names a branch "X AG, Zweigniederlassung Y": a question that says no
            # branch word is about the head office, even when the branch's seat is named
            bonus, why_bonus = bonus - 15.0, f"{why_bonus}; a branch, none asked".lstrip("; ")
        if covers(mention, str(rec.get("name", ""))) or covers(mention, alias_matched(rec) or ""):
            # every distinctive word of the mention is (nearly) in the name: a typo, not another
            bonus, why_bonus = bonus + 20.0, f"{why_bonus}; all words of the mention".lstrip("; ")
        # Whole names compare as spelled (accents aside): "Mueller" and "Müller" may be two
        # people of the register, and the one the question spells is the exact one.
        if spelled(str(rec.get("name", ""))) == spelled(mention):
            # The search ignores legal-form words; the exact full name still decides.
            bonus, why_bonus = bonus + 5.0, f"{why_bonus}; exact full name".lstrip("; ")
        elif spelled(alias_matched(rec) or "") == spelled(mention):
            # An exact former name beats a fuzzy current name ("Kaslux Bau" vs "Kaselux Bau").
            bonus, why_bonus = bonus + 5.0, f"{why_bonus}; exact former name".lstrip("; ")
        rec_kind = "person" if rec.get("kind") == "person" else "company"
        if kind and rec_kind != kind:
            bonus, why_bonus = (
                bonus - KIND_PENALTY,
                f"{why_bonus}; a {rec_kind}, a {kind} fact asked".lstrip("; "),
            )
        scored.append((score + bonus, rec, f"{why}; {why_bonus}".rstrip("; ")))
    if not scored:
        return None, [], f"no candidate's name resembles '{mention}'"
    scored.sort(key=lambda t: -t[0])
    scored = _distinct(scored)
    top_score, top, why = scored[0]
    former = registered_alias(mention, top, [rec for _s, rec, _w in scored[1:]])
    if former is not None:
        return (
            entity_from_record(former),
            [],
            (f"'{mention}' is a text mention and the former name of one registered company"),
        )
    tied = [
        rec
        for s, rec, _ in scored[1:]
        if top_score - s <= HOMONYM_MARGIN
        and spelled(str(rec.get("name"))) == spelled(str(top.get("name")))
    ]
    if tied and same_company(top, tied):
        best = next((r for r in [top, *tied] if r.get("uid")), top)
        return (
            entity_from_record(best),
            [],
            f"{why}; {len(tied) + 1} nodes of one company (same name and seat)",
        )
    keep, why_strong = prefer_registered(top, tied)
    if keep is not None:
        ent = entity_from_record(keep)
        return ent, [], f"{why}; {why_strong}"
    if tied:
        refs = [r for r in (entity_from_record(x) for x in [top, *tied]) if r]
        return None, refs, f"{len(refs)} entities are named '{top.get('name')}' (homonyms)"
    return entity_from_record(top), [], why


def _distinct(
    scored: list[tuple[float, dict[str, Any], str]],
) -> list[tuple[float, dict[str, Any], str]]:
    """One candidate per entity id: the search returns an entity once per name hub it sits in."""
    seen: set[str] = set()
    out = []
    for item in scored:
        ident = str(item[1].get("id"))
        if ident not in seen:
            seen.add(ident)
            out.append(item)
    return out


def is_registered(rec: dict[str, Any]) -> bool:
    """A company with its own registry entry (UID, strong node), not a spelling seen in a text."""
    return rec.get("kind") != "person" and bool(rec.get("uid")) and rec.get("strength") != "weak"


def prefer_registered(
    top: dict[str, Any], tied: list[dict[str, Any]]
) -> tuple[dict[str, Any] | None, str]:
    """(candidate, reason) when exactly one of the same-named companies is registered.

    A weak company node is a name written in some other notice (an auditor, a merger partner)
    that resolution could not attach to a registry entry; beside one registered company of that
    exact name it is that company's mention, not a homonym to ask the user about.
    """
    group = [top, *tied]
    if not tied or any(r.get("kind") == "person" for r in group):
        return None, ""
    registered = [r for r in group if is_registered(r)]
    if len(registered) == 1 and len({r.get("uid") for r in registered}) == 1:
        weak = len(group) - 1
        return registered[0], f"the one registered company of that name ({weak} text mention(s))"
    return None, ""


def registered_alias(
    mention: str, top: dict[str, Any], others: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The registered company whose former name is the mention, when the top hit is only a weak
    text mention of that name (an old name written in another notice) and exactly one
    registered company carries it as an alias (the search's reason: `alias <how> '<value>'`)."""
    if top.get("strength") != "weak" or top.get("kind") == "person":
        return None
    hits = {
        str(r.get("id")): r
        for r in others
        if is_registered(r) and spelled(alias_matched(r) or "") == spelled(mention)
    }
    return next(iter(hits.values())) if len(hits) == 1 else None


def alias_matched(rec: dict[str, Any]) -> str | None:
    """The alias a search hit matched on (`alias exact 'X'` -> X), else None."""
    reason = str(rec.get("reason", ""))
    parts = reason.split("'")
    return parts[1] if reason.startswith("alias ") and len(parts) >= 3 else None


def homonym_survey(
    aspect: str | None, homonyms: list[dict[str, Any]], steps: list[dict[str, Any]]
) -> bool:
    """True while the homonyms of a "which companies" question still need exploring.

    Asked for the companies of everyone bearing a name, the answer is each namesake's mandates,
    not a question back to the user.
    """
    if aspect == "facts" and homonyms:
        read = {
            str(s["args"].get("entity_id")) for s in steps if s.get("tool") == "get_entity_facts"
        }
        return not {str(h.get("id")) for h in homonyms[:4]} <= read
    if aspect != "mandates" or not homonyms:
        return False
    explored = {
        str(s["args"].get("entity_id")) for s in steps if s.get("tool") == "explore_network"
    }
    return not {str(h.get("id")) for h in homonyms} <= explored


def _words(text: str) -> list[str]:
    return [t for t in re.findall(r"[a-z0-9]+", key(text)) if len(t) > 1 and t not in ORG_WORDS]


def covers(mention: str, name: str) -> bool:
    """Every distinctive word of the mention is one of the name's, or a near spelling of it."""
    want = _words(mention)
    have = [t for t in re.findall(r"[a-z0-9]+", key(name)) if len(t) > 1]
    if not want or not have:
        return False
    return all(
        any(w == h or (len(w) > 3 and SequenceMatcher(None, w, h).ratio() >= 0.8) for h in have)
        for w in want
    )


def same_company(top: dict[str, Any], tied: list[dict[str, Any]]) -> bool:
    """Tied company nodes of one name, one seat and at most one UID are one company split by
    old notices without a UID, not homonyms."""
    group = [top, *tied]
    if any(r.get("kind") == "person" for r in group):
        return False
    if not all(r.get("seat") for r in group):
        return False
    seats = {key(str(r.get("seat")))[:4] for r in group}
    uids = {r.get("uid") for r in group if r.get("uid")}
    return len(seats) == 1 and len(uids) <= 1
