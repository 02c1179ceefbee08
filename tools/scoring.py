"""Reranking search candidates: small pure functions that return (score, reason).

A candidate is scored on each of its fields (name, former names / spellings, NameHub, seat,
purpose); the best weighted field gives the score, and every field that matched well enough
gives a reason. Weights rank a name match above a seat or purpose match of the same quality.
Names are compared in the folded form of shabgraph.register.folding (the NameHub key form), so `Mueller`,
`Muller` and `Müller` are equal.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from rapidfuzz import fuzz

from shabgraph.register.folding import company_tokens, tokens

FIELD_WEIGHTS: Final = {"name": 1.0, "alias": 0.95, "namehub": 0.9, "seat": 0.6, "purpose": 0.5}
"""How much a perfect match on each field is worth (score 0..100)."""

NAME_FIELDS: Final = frozenset({"name", "alias", "namehub"})
"""Field kinds compared as names (the others as free text)."""

MIN_SCORE: Final = 55.0
"""Candidates below this score are dropped as noise; fields below it give no reason."""

REASON_SEPARATOR: Final = "; "
"""Joins the reasons of a candidate, best first (so its first reason is the score's reason)."""


def _token_match(q: str, c: str) -> float:
    """Mean over query tokens of their best ratio against any candidate token (typo-tolerant)."""
    c_toks = c.split()
    return sum(max(fuzz.ratio(t, ct) for ct in c_toks) for t in q.split()) / len(q.split())


# Cached: homonyms, NameHub displays and former names repeat across the candidates of one query.
@lru_cache(maxsize=8192)
def name_similarity(query: str, candidate: str) -> tuple[float, str]:
    """Similarity (0..100) of two names, folded, ignoring legal-form words and word order."""
    q, c = " ".join(company_tokens(query)), " ".join(company_tokens(candidate))
    if not q or not c:
        return 0.0, "empty"
    if q == c:
        return 100.0, "exact"
    sort_ratio = fuzz.token_sort_ratio(q, c)
    # A query contained in a longer name ("Alpenblik" in "Alpenblick Holding"), token by token
    # and typo-tolerant, is discounted slightly so that exact names still rank first.
    contained = _token_match(q, c) * 0.95
    if contained > sort_ratio:
        return round(contained, 1), "contained"
    return float(sort_ratio), "fuzzy"


@lru_cache(maxsize=8192)
def text_similarity(query: str, text: str) -> tuple[float, str]:
    """How well the query's words appear in a longer text (seat, purpose)."""
    q, t = " ".join(tokens(query)), " ".join(tokens(text))
    if not q or not t:
        return 0.0, "empty"
    return float(fuzz.partial_token_set_ratio(q, t)), "words"


def field_scores(query: str, fields: dict[str, list[str]]) -> list[tuple[float, str]]:
    """Each field kind's best weighted (score, reason), e.g. `alias exact 'X'`, best first.

    `fields` maps a field kind of FIELD_WEIGHTS to its values.
    """
    scores = []
    for kind, values in fields.items():
        best: tuple[float, str] | None = None
        for value in values:
            if not value:
                continue
            sim, how = (
                name_similarity(query, value)
                if kind in NAME_FIELDS
                else text_similarity(query, value)
            )
            score = round(sim * FIELD_WEIGHTS[kind], 1)
            if best is None or score > best[0]:
                best = score, f"{kind} {how} '{value}'"
        if best is not None:
            scores.append(best)
    # Stable sort: on equal scores the field order of FIELD_WEIGHTS (name first) decides.
    return sorted(scores, key=lambda s: -s[0])


def match_reasons(scores: list[tuple[float, str]]) -> list[str]:
    """The reasons of the fields that matched (at least MIN_SCORE), best first; at least one."""
    return [reason for score, reason in scores if score >= MIN_SCORE] or [r for _, r in scores[:1]]


def candidate_fields(row: dict[str, Any]) -> dict[str, list[str]]:
    """The searchable fields of a candidate row from the search query."""
    names = [n for n in row.get("names") or [] if n != row.get("name")]
    return {
        "name": [row.get("name") or ""],
        "alias": names + [v for v in row.get("variants") or [] if v != row.get("name")],
        "namehub": [h for h in row.get("hub_displays") or [] if h],
        "seat": [row.get("seat") or ""],
        "purpose": [row.get("purpose") or ""],
    }
