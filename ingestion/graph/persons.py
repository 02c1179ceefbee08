"""Person identity: group the mentions of a name block into distinct, explainable profiles.

Blocking: mentions are blocked by the first token of the family name, and a mention is only
compared with profiles whose names are compatible (one token set contains the other), so
"Thomas Peter Müller", "Thomas Mueller" and "Peter Thomas Müller" meet while the work stays
near-linear. Each decision is a pure function returning (score, reason); origins that conflict
are never merged, whatever else matches.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from ingestion.graph.normalize import fold, person_hub_key, place_norm, place_set, tokens
from ingestion.graph.rows import PersonRow
from shabgraph.register.nationalities import nationality_code
from shabgraph.register.places import merged_places

MERGE_THRESHOLD: Final = 0.6
"""Minimum score of a merge within one NameHub (same tokens)."""
CROSS_HUB_THRESHOLD: Final = 0.9
"""Minimum score when the spellings differ in tokens (a given name or a family part dropped)."""


@dataclass
class Profile:
    """A person profile being built: the evidence gathered from its mentions so far."""

    family: frozenset[str]
    """Family-name tokens (the longest spelling seen)."""
    given: frozenset[str]
    """Given-name tokens (the longest spelling seen)."""
    origins: set[str] = field(default_factory=set)
    """Normalised places of citizenship."""
    nationalities: set[str] = field(default_factory=set)
    """Nationality codes."""
    residences: set[str] = field(default_factory=set)
    """Normalised residences over time."""
    companies: set[str] = field(default_factory=set)
    """Subject companies of its mentions."""
    names: set[tuple[frozenset[str], frozenset[str]]] = field(default_factory=set)
    """(family, given) token sets it is known by: its spellings and the earlier names its
    notices give ("[bisher: Muster, Anna]"), so a mention under either name meets it."""
    spellings: set[frozenset[str]] = field(default_factory=set)
    """Token sets of every spelling already grouped (a repeat needs less evidence)."""
    mentions: list[PersonRow] = field(default_factory=list)
    """The grouped mentions."""
    reasons: list[str] = field(default_factory=list)
    """Why each mention after the first was added."""


def origin_decision(profile: Profile, m: PersonRow) -> tuple[float, str] | None:
    """Conflict check on citizenship: returns a veto (0, reason) or None when compatible."""
    origins, nat = place_set(m.origin), nationality_code(m.nationality)
    if (
        origins
        and profile.origins
        and not origins & profile.origins
        and not merged_places(origins, profile.origins)
    ):
        return 0.0, f"origin conflict: {sorted(origins)} vs {sorted(profile.origins)}"
    if nat and profile.nationalities and nat not in profile.nationalities:
        return 0.0, f"nationality conflict: {nat} vs {sorted(profile.nationalities)}"
    if (origins and profile.nationalities and not profile.origins) or (
        nat and profile.origins and not profile.nationalities
    ):
        return 0.0, "citizenship conflict: Swiss origin vs foreign nationality"
    return None


def evidence_score(profile: Profile, m: PersonRow, company_id: str) -> tuple[float, str]:
    """Score the positive evidence that mention `m` is the person of `profile`."""
    score, why = 0.0, []
    origins, nat = place_set(m.origin), nationality_code(m.nationality)
    if origins & profile.origins:
        score += 0.5
        why.append(f"same origin {sorted(origins & profile.origins)[0]}")
    elif nat and nat in profile.nationalities:
        score += 0.35
        why.append(f"same nationality {nat}")
    res, prev = place_norm(m.residence), place_norm(m.prev_residence)
    if res and res in profile.residences:
        score += 0.3
        why.append(f"same residence {res}")
    elif prev and prev in profile.residences:
        score += 0.3
        why.append(f"residence continuity {prev} -> {res}")
    if company_id in profile.companies:
        score += 0.6
        why.append("same company")
    return min(score, 1.0), ", ".join(why) or "no shared evidence"


def person_decision(profile: Profile, m: PersonRow, company_id: str) -> tuple[float, str]:
    """Merge decision of one mention against one profile: (score, reason); 0 means apart."""
    veto = origin_decision(profile, m)
    if veto:
        return veto
    return evidence_score(profile, m, company_id)


def _name_sets(m: PersonRow) -> tuple[frozenset[str], frozenset[str]]:
    return frozenset(tokens(m.family_name)), frozenset(tokens(m.given_names))


def _earlier_sets(m: PersonRow) -> tuple[frozenset[str], frozenset[str]] | None:
    if not m.prev_family:
        return None
    return frozenset(tokens(m.prev_family)), frozenset(tokens(m.prev_given))


def _meets(names: list[tuple[frozenset[str], frozenset[str]]], p: Profile) -> bool:
    """One of a mention's names is compatible with one of the profile's."""
    known = p.names or {(p.family, p.given)}
    return any(_compatible(f, pf) and _compatible(g, pg) for f, g in names for pf, pg in known)


def _compatible(a: frozenset[str], b: frozenset[str]) -> bool:
    return a <= b or b <= a


def block_key(m: PersonRow) -> str:
    """Blocking key: the first folded token of the family name."""
    toks = tokens(m.family_name) or tokens(m.given_names) or [fold(m.family_name)]
    return toks[0]


def earlier_block_key(m: PersonRow) -> str | None:
    """Block of the earlier name a mention gives, when it has one."""
    toks = tokens(m.prev_family) if m.prev_family else []
    return toks[0] if toks else None


def cluster_block(mentions: Iterable[tuple[PersonRow, str]]) -> list[Profile]:
    """Group the (mention, subject company id) pairs of one block into profiles.

    Chronological, greedy and deterministic: each mention joins the best-scoring compatible
    profile above the threshold, else starts a new one.
    """
    ordered = sorted(mentions, key=lambda x: (x[0].date, x[0].pub_number, x[0].idx))
    profiles: list[Profile] = []
    # Candidate index by evidence. A merge needs MERGE_THRESHOLD, which only a shared company or
    # a shared residence can reach (origin or nationality alone score less; a test pins this),
    # so a mention only meets the profiles filed under its company or one of its residences.
    # Common-name blocks hold thousands of name-compatible profiles: scanning them all made the
    # stage superlinear. Candidates are visited in creation order, as a full scan would, so the
    # chosen profile (first of the best score) is the same.
    by_evidence: dict[tuple[str, str], list[int]] = defaultdict(list)
    for m, company_id in ordered:
        fam, giv = _name_sets(m)
        earlier = _earlier_sets(m)
        names = [(fam, giv), *([earlier] if earlier else [])]
        places = {x for x in (place_norm(m.residence), place_norm(m.prev_residence)) if x}
        keys = [("company", company_id), *(("place", x) for x in places)]
        best: tuple[float, int, str] | None = None
        for i in sorted({i for k in keys for i in by_evidence.get(k, ())}):
            p = profiles[i]
            if not _meets(names, p):
                continue
            same_tokens = any(f | g in p.spellings for f, g in names)
            need = MERGE_THRESHOLD if same_tokens else CROSS_HUB_THRESHOLD
            score, reason = person_decision(p, m, company_id)
            if score >= need and (best is None or score > best[0]):
                best = (score, i, reason)
        if best is None:
            p = Profile(family=fam, given=giv)
            profiles.append(p)
            index = len(profiles) - 1
        else:
            index = best[1]
            p = profiles[index]
            p.reasons.append(f"{m.pub_number}#{m.idx}: {best[2]} (score {best[0]:.2f})")
            p.family, p.given = max(p.family, fam, key=len), max(p.given, giv, key=len)
        if company_id not in p.companies:
            by_evidence["company", company_id].append(index)
        for place in places - p.residences:
            by_evidence["place", place].append(index)
        p.mentions.append(m)
        p.spellings.update(f | g for f, g in names)
        p.names.update(names)
        p.origins |= place_set(m.origin)
        nat = nationality_code(m.nationality)
        if nat:
            p.nationalities.add(nat)
        p.residences |= places
        p.companies.add(company_id)
    return profiles


def display_name(p: Profile) -> tuple[str, str | None, str]:
    """Family name, given names and hub key as most often written in the profile (ties: the
    spelling seen first); after a change of name ("[bisher: Muster, Anna]") only the mentions
    from the latest change on count, so the person is shown under the current name."""
    counts: Counter[tuple[str, str | None]] = Counter()
    first: dict[tuple[str, str | None], int] = {}
    changed = [i for i, m in enumerate(p.mentions) if m.prev_family]
    for i, m in enumerate(p.mentions[changed[-1] if changed else 0 :]):
        spelling = (m.family_name, m.given_names)
        counts[spelling] += 1
        first.setdefault(spelling, i)
    family, given = max(counts, key=lambda s: (counts[s], -first[s]))
    return family, given, person_hub_key(family, given)


def group_blocks(rows: Iterable[tuple[PersonRow, str]]) -> dict[str, list[tuple[PersonRow, str]]]:
    """Split mentions into blocks by `block_key`; a mention giving an earlier name joins the
    blocks of both names (one block, keyed by the smaller key), so the person is one profile."""
    rows = list(rows)
    parent: dict[str, str] = {}

    def find(k: str) -> str:
        while parent.get(k, k) != k:
            k = parent[k]
        return k

    for m, _ in rows:
        other = earlier_block_key(m)
        if other:
            a, b = sorted((find(block_key(m)), find(other)))
            if a != b:
                parent[b] = a
    blocks: dict[str, list[tuple[PersonRow, str]]] = defaultdict(list)
    for row in rows:
        blocks[find(block_key(row[0]))].append(row)
    return blocks
