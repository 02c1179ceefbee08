"""Name normalisation for ingestion: the shared core (`shabgraph.register.folding`) plus places
and ids.

Folding, tokens, legal-form words and the company/person norms and NameHub keys live in the
register, which the tools import too, so that the keys they look up are the keys written here.
This module re-exports them for the ingestion modules and adds what only ingestion needs: place
normalisation (origins, seats) and deterministic ids.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache

from shabgraph.register.folding import (
    company_hub_key,
    company_norm,
    company_tokens,
    fold,
    person_hub_key,
    person_norm,
    tokens,
)
from shabgraph.register.legal_forms import LEGAL_FORM_WORDS

__all__ = [
    "LEGAL_FORM_WORDS",
    "company_hub_key",
    "company_norm",
    "company_tokens",
    "fold",
    "person_hub_key",
    "person_norm",
    "place_norm",
    "place_set",
    "stable_id",
    "tokens",
]


@lru_cache(maxsize=1 << 16)  # places repeat across millions of mentions
def place_norm(place: str | None) -> str:
    """Normalised place: folded tokens without a trailing canton or country qualifier."""
    toks = tokens(place)
    # "Reinach (BL)", "Cranves-Sales, FRA": the qualifier is a 2-3 letter code at the end.
    while len(toks) > 1 and len(toks[-1]) <= 3:
        toks = toks[:-1]
    return " ".join(toks)


@lru_cache(maxsize=1 << 16)  # places repeat across millions of mentions
def place_set(places: str | None) -> frozenset[str]:
    """Normalised places of an origin list ("Basel und Zürich", "Bern, Thun")."""
    if not places:
        return frozenset()
    parts = re.split(r"\s*(?:,|;|\bund\b|\bet\b|\be\b|/)\s*", places)
    return frozenset(p for p in (place_norm(x) for x in parts) if p)


def stable_id(prefix: str, *parts: object) -> str:
    """Deterministic short id from its parts (same parts, same id, in every run)."""
    digest = hashlib.blake2b("\x1f".join(str(p) for p in parts).encode(), digest_size=10)
    return f"{prefix}:{digest.hexdigest()}"
