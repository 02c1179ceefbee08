"""Name normalisation and NameHub keys: the blocking layer of identity resolution.

Every spelling of a name maps to one normalised form (case, accents, umlaut transliterations,
punctuation and, for companies, legal-form words removed) and to a NameHub key made of its sorted
tokens, so that "Müller Hans", "Hans Mueller" and "MULLER, Hans" share one hub.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache
from typing import Final

# German umlauts are written both ways in the register ("Müller" / "Mueller"); folding the
# two-letter forms onto the bare vowel makes both land in one hub. "ue" inside words like
# "Manuel" would be folded too, which only makes a hub slightly larger, never splits one.
_TRANSLIT: Final = (("ae", "a"), ("oe", "o"), ("ue", "u"))
_SPECIAL: Final = str.maketrans({"ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d"})
_NON_ALNUM: Final = re.compile(r"[^0-9a-z]+")

# Legal-form words and abbreviations in the four languages, compared after normalisation.
_LEGAL_FORM_TEXT: Final = """
    ag sa sagl sarl gmbh srl ltd llc inc kg co cie plc limited corp corporation
    aktiengesellschaft gesellschaft mit beschrankter haftung societe anonyme societa anonima
    responsabilite limitee responsabilita limitata genossenschaft cooperative cooperativa
    verein association associazione stiftung fondation fondazione kollektivgesellschaft
    kommanditgesellschaft einzelunternehmen succursale zweigniederlassung filiale
    en liquidation in liquidazione liq
"""
LEGAL_FORM_WORDS: Final = frozenset(_LEGAL_FORM_TEXT.split())
# Short connector words that carry no identity ("Müller & Co", "de la").
_STOP: Final = frozenset({"und", "et", "e", "and", "the", "der", "die", "das", "la", "le", "il"})


def fold(text: str) -> str:
    """Lower-case ASCII form: accents stripped, umlauts and ligatures transliterated."""
    lowered = text.lower().translate(_SPECIAL)
    decomposed = unicodedata.normalize("NFKD", lowered)
    ascii_only = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    for pair, repl in _TRANSLIT:
        ascii_only = ascii_only.replace(pair, repl)
    return ascii_only


def tokens(text: str | None) -> list[str]:
    """Folded alphanumeric tokens of a text, in order."""
    if not text:
        return []
    return [t for t in _NON_ALNUM.split(fold(text)) if t]


def company_tokens(name: str | None) -> list[str]:
    """Tokens of a company name without legal-form and connector words."""
    toks = [t for t in tokens(name) if t not in LEGAL_FORM_WORDS and t not in _STOP]
    # A name made only of legal-form words ("Genossenschaft") keeps them rather than vanish.
    return toks or tokens(name)


def company_norm(name: str | None) -> str:
    """Normalised company name (tokens in written order)."""
    return " ".join(company_tokens(name))


def company_hub_key(name: str | None) -> str:
    """NameHub key of a company name: `company:` plus its sorted distinct tokens."""
    return "company:" + " ".join(sorted(set(company_tokens(name))))


def person_norm(family_name: str | None, given_names: str | None) -> str:
    """Normalised full name, given names first."""
    return " ".join(tokens(given_names) + tokens(family_name))


def person_hub_key(family_name: str | None, given_names: str | None) -> str:
    """NameHub key of a person: `person:` plus the sorted tokens of all names.

    Order-insensitive on purpose: French prose writes "Muster Hans" as often as "Hans Muster".
    """
    return "person:" + " ".join(sorted(tokens(given_names) + tokens(family_name)))


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
