"""Acronyms users write for register names ("SMS" for a "Stiftung für Moorschutz").

The register never files the acronym. The build stores the word initials of every name
(`shabgraph.register.initials`, in `Company.initials_text`, full-text index `company_initials`),
so an acronym is looked up by the initial strings it can stand for, the whole acronym ranked
first, and each candidate is checked with `matches` (compound parts, skippable joiners). A
graph built before the initials existed is searched as before: one prefix term per distinct
letter on the name field.
"""

from __future__ import annotations

import re
from typing import Any, Final

from shabgraph.register.folding import fold_accents
from shabgraph.register.initials import acronym_keys, matches

__all__ = [
    "ACRONYM_CANDIDATES",
    "acronym_initials_lucene",
    "acronym_lucene",
    "acronym_names",
    "is_acronym",
    "matches",
]

ACRONYM_RE: Final = re.compile(r"[A-ZÄÖÜ]{2,6}")

ACRONYM_CANDIDATES: Final = """
CALL db.index.fulltext.queryNodes($company_index, $lucene, {limit: $k}) YIELD node
RETURN node.name AS name, node.names AS names
"""
"""Candidate names from one full-text index (the initials index, or the names one)."""


def is_acronym(query: str) -> bool:
    """A query of two to six capitals and nothing else ("SKS", "ZKB")."""
    return ACRONYM_RE.fullmatch(query.strip()) is not None


def acronym_initials_lucene(acronym: str) -> str:
    """The initial strings the acronym can stand for on the initials field, the whole acronym
    boosted (a name whose words give exactly these letters is the likeliest)."""
    keys = acronym_keys(acronym)
    return " OR ".join(
        f"initials_text:{k}^4" if i == 0 else f"initials_text:{k}" for i, k in enumerate(keys)
    )


def acronym_lucene(acronym: str) -> str:
    """One required prefix term per distinct letter on the name field."""
    letters = sorted(set(fold_accents(acronym).lower()))
    return " AND ".join(f"name:{c}*" for c in letters)


def acronym_names(rows: list[dict[str, Any]], acronym: str) -> list[str]:
    """The names of the candidate rows that the acronym abbreviates (each once)."""
    out: list[str] = []
    for r in rows:
        for name in [r.get("name"), *(r.get("names") or [])]:
            if name and matches(acronym, str(name)) and str(r.get("name")) not in out:
                out.append(str(r.get("name")))
    return out
