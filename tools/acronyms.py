"""Acronyms users write for register names ("SMS" for a "Stiftung für Moorschutz").

The register never files the acronym, so a name search finds nothing. The letters are read as
the initials of the name's words in order, a long compound giving more than one letter from its
parts ("Konsumenten|schutz"); joiners ("für", "de", "di", "and") and legal forms may be skipped,
every other word gives at least its first letter. Candidates come from the company full-text
index with one prefix term per distinct letter, so the check runs on a few names only.
"""

from __future__ import annotations

import re
from typing import Any, Final

from shabgraph.register.folding import fold_accents

ACRONYM_RE: Final = re.compile(r"[A-ZÄÖÜ]{2,6}")
SKIPPABLE: Final = frozenset(
    {"fur", "für", "de", "des", "du", "la", "le", "di", "del", "della", "and", "und", "et", "e"}
    | {"the", "of", "pour", "per", "zur", "zum", "der", "die", "das", "in", "a", "&"}
)
LEGAL_WORDS: Final = frozenset(
    {"ag", "sa", "gmbh", "sarl", "sagl", "ltd", "inc", "stiftung", "fondation", "fondazione"}
    | {"verein", "association", "genossenschaft", "cooperative", "kg", "kig", "snc", "sas"}
)

ACRONYM_CANDIDATES: Final = """
CALL db.index.fulltext.queryNodes($company_index, $lucene, {limit: $k}) YIELD node
RETURN node.name AS name, node.names AS names
"""


def is_acronym(query: str) -> bool:
    """A query of two to six capitals and nothing else ("SKS", "ZKB")."""
    return ACRONYM_RE.fullmatch(query.strip()) is not None


def acronym_lucene(acronym: str) -> str:
    """One required prefix term per distinct letter on the name field."""
    letters = sorted(set(fold_accents(acronym).lower()))
    return " AND ".join(f"name:{c}*" for c in letters)


def matches(acronym: str, name: str) -> bool:
    """The acronym's letters are the name's initials in order (see the module docstring)."""
    letters = fold_accents(acronym).lower()
    words = [w for w in re.split(r"[\s,/()-]+", fold_accents(name).lower()) if w]
    return _fit(letters, words)


def _fit(letters: str, words: list[str]) -> bool:
    if not words:
        return not letters
    word, rest = words[0], words[1:]
    optional = word in SKIPPABLE or word in LEGAL_WORDS
    if optional and _fit(letters, rest):
        return True
    if not letters or letters[0] != word[0]:
        return False
    # the word gives its first letter and maybe more from later parts of a compound (>= 4
    # letters into it, so "Moorschutz" can give M and S but "Bau" gives one letter)
    for used in range(1, len(letters) + 1):
        if _inside(letters[1:used], word[1:]) and _fit(letters[used:], rest):
            return True
    return False


def _inside(letters: str, tail: str) -> bool:
    """The letters occur in order in the rest of a long word, each a compound part's start."""
    pos = 3
    for c in letters:
        pos = tail.find(c, pos)
        if pos < 0:
            return False
        pos += 4
    return True


def acronym_names(rows: list[dict[str, Any]], acronym: str) -> list[str]:
    """The names of the candidate rows that the acronym abbreviates (each once)."""
    out: list[str] = []
    for r in rows:
        for name in [r.get("name"), *(r.get("names") or [])]:
            if name and matches(acronym, str(name)) and str(r.get("name")) not in out:
                out.append(str(r.get("name")))
    return out
