"""Reranking search candidates: small pure functions that return (score, reason).

A candidate is scored on each of its fields (name, former names / spellings, NameHub, seat,
purpose); the best weighted field wins and names the reason. Weights rank a name match above a
seat or purpose match of the same quality.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from rapidfuzz import fuzz

from tools.normalize import fold, tokens

FIELD_WEIGHTS: Final = {"name": 1.0, "alias": 0.95, "namehub": 0.9, "seat": 0.6, "purpose": 0.5}
"""How much a perfect match on each field is worth (score 0..100)."""

MIN_SCORE: Final = 55.0
"""Candidates below this score are dropped as noise."""


def _loose(text: str) -> str:
    """Umlaut-blind spelling: `mueller` and `muller` become the same key."""
    return text.replace("ae", "a").replace("oe", "o").replace("ue", "u")


def _token_match(q: str, c: str) -> float:
    """Mean over query tokens of their best ratio against any candidate token (typo-tolerant)."""
    c_toks = c.split()
    return sum(max(fuzz.ratio(t, ct) for ct in c_toks) for t in q.split()) / len(q.split())


# Cached: homonyms, NameHub displays and former names repeat across the candidates of one query.
@lru_cache(maxsize=8192)
def name_similarity(query: str, candidate: str) -> tuple[float, str]:
    """Similarity (0..100) of two names, folded, ignoring legal-form words and word order."""
    q, c = " ".join(tokens(query)), " ".join(tokens(candidate))
    if not q or not c:
        return 0.0, "empty"
    if q == c or _loose(q) == _loose(c):
        return 100.0, "exact"
    sort_ratio = max(fuzz.token_sort_ratio(q, c), fuzz.token_sort_ratio(_loose(q), _loose(c)))
    # A query contained in a longer name ("Alpenblik" in "Alpenblick Holding"), token by token
    # and typo-tolerant, is discounted slightly so that exact names still rank first.
    contained = max(_token_match(q, c), _token_match(_loose(q), _loose(c))) * 0.95
    if contained > sort_ratio:
        return round(contained, 1), "contained"
    return float(sort_ratio), "fuzzy"


@lru_cache(maxsize=8192)
def text_similarity(query: str, text: str) -> tuple[float, str]:
    """How well the query's words appear in a longer text (seat, purpose)."""
    q, t = fold(query), fold(text)
    if not q or not t:
        return 0.0, "empty"
    return float(fuzz.partial_token_set_ratio(q, t)), "words"


def score_candidate(query: str, fields: dict[str, list[str]]) -> tuple[float, str]:
    """Best weighted field score of a candidate and the reason, e.g. `alias 'Verde Giardini Sagl'`.

    `fields` maps a field kind of FIELD_WEIGHTS to its values.
    """
    best, reason = 0.0, "no field matched"
    for kind, values in fields.items():
        weight = FIELD_WEIGHTS[kind]
        if weight * 100 <= best:
            continue  # even a perfect match on this field could not beat the best so far
        for value in values:
            if not value:
                continue
            sim, how = (name_similarity(query, value) if kind in ("name", "alias", "namehub")
                        else text_similarity(query, value))
            score = sim * weight
            if score > best:
                best, reason = score, f"{kind} {how} '{value}'"
    return round(best, 1), reason


def candidate_fields(row: dict[str, Any]) -> dict[str, list[str]]:
    """The searchable fields of a candidate row from the search query."""
    names = [n for n in row.get("names") or [] if n != row.get("name")]
    hub = row.get("hub_display")
    return {
        "name": [row.get("name") or ""],
        "alias": names + [v for v in row.get("variants") or [] if v != row.get("name")],
        "namehub": [hub] if hub else [],
        "seat": [row.get("seat") or ""],
        "purpose": [row.get("purpose") or ""],
    }
