"""Name normalisation for ingestion: the shared core (`shabgraph.register.folding`) plus places
and ids.

Folding, tokens, legal-form words and the company/person norms and NameHub keys live in the
register, which the tools import too, so that the keys they look up are the keys written here.
This module re-exports them for the ingestion modules and adds what only ingestion needs: place
normalisation (origins, seats; from `shabgraph.register.places`, which the tools fold
queries with) and deterministic ids.
"""

from __future__ import annotations

import hashlib

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
from shabgraph.register.places import (
    origin_keys,
    place_canton,
    place_keys,
    place_norm,
    place_set,
    residence_country,
    seat_canton,
)

__all__ = [
    "LEGAL_FORM_WORDS",
    "company_hub_key",
    "company_norm",
    "company_tokens",
    "fold",
    "origin_keys",
    "person_hub_key",
    "person_norm",
    "place_canton",
    "place_keys",
    "place_norm",
    "place_set",
    "residence_country",
    "seat_canton",
    "stable_id",
    "tokens",
]


def stable_id(prefix: str, *parts: object) -> str:
    """Deterministic short id from its parts (same parts, same id, in every run)."""
    digest = hashlib.blake2b("\x1f".join(str(p) for p in parts).encode(), digest_size=10)
    return f"{prefix}:{digest.hexdigest()}"
