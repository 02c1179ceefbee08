"""Name normalisation shared by ingestion and the tools: folding, tokens, norms and NameHub keys.

Every spelling of a name maps to one normalised form (case, accents, umlaut transliterations,
punctuation and, for companies, legal-form words removed) and to a NameHub key made of its sorted
tokens, so that "Müller Hans", "Hans Mueller" and "MULLER, Hans" share one hub. Ingestion writes
these keys and the tools look them up: both must import them from here, or lookups silently miss.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

# German umlauts are written both ways in the register ("Müller" / "Mueller"); folding the
# two-letter forms onto the bare vowel makes both land in one hub. "ue" inside words like
# "Manuel" would be folded too, which only makes a hub slightly larger, never splits one.
# Every e after a/o/u goes, runs included: an umlaut before an e ("Rüegg", spelled "Rueegg")
# must fold like its spelled form, and one left-to-right pass of ue -> u would leave "ruegg".
_SPELLED_UMLAUT_E: Final = re.compile(r"(?<=[aou])e+")
LETTER_SPELLINGS: Final = {"ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d"}
"""Lower-case letters without an ASCII decomposition, and their ASCII spelling."""
_SPECIAL: Final = str.maketrans(LETTER_SPELLINGS)
_NON_ALNUM: Final = re.compile(r"[^0-9a-z]+")

# Legal-form words and abbreviations in the four languages, compared after folding.
_LEGAL_FORM_TEXT: Final = """
    ag sa sagl sarl gmbh srl ltd llc inc kg co cie plc limited corp corporation
    aktiengesellschaft gesellschaft mit beschrankter haftung societe anonyme societa anonima
    responsabilite limitee responsabilita limitata genossenschaft cooperative cooperativa
    verein association associazione stiftung fondation fondazione kollektivgesellschaft
    kommanditgesellschaft einzelunternehmen succursale zweigniederlassung filiale
    en liquidation in liquidazione liq
"""
LEGAL_FORM_WORDS: Final = frozenset(_LEGAL_FORM_TEXT.split())
"""Folded words that say what kind of company it is, not which one (dropped from company keys)."""

CONNECTOR_WORDS: Final = frozenset(
    {"und", "et", "e", "and", "the", "der", "die", "das", "la", "le", "il"}
)
"""Short folded connector words that carry no identity ("Müller & Co", "de la")."""


@lru_cache(maxsize=1 << 16)  # names repeat: a million mentions hold some ten thousand spellings
def fold(text: str) -> str:
    """Lower-case ASCII form: accents stripped, umlauts and ligatures transliterated."""
    lowered = text.lower().translate(_SPECIAL)
    decomposed = unicodedata.normalize("NFKD", lowered)
    ascii_only = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPELLED_UMLAUT_E.sub("", ascii_only)


def tokens(text: str | None) -> list[str]:
    """Folded alphanumeric tokens of a text, in order."""
    if not text:
        return []
    return [t for t in _NON_ALNUM.split(fold(text)) if t]


def is_noise_word(token: str) -> bool:
    """True for a folded token that names a legal form or is a connector, not an identity."""
    return token in LEGAL_FORM_WORDS or token in CONNECTOR_WORDS


def company_tokens(name: str | None) -> list[str]:
    """Tokens of a company name without legal-form and connector words."""
    toks = tokens(name)
    # A name made only of legal-form words ("Genossenschaft") keeps them rather than vanish.
    return [t for t in toks if not is_noise_word(t)] or toks


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

    Order-insensitive on purpose: French prose writes "Muster Hans" as often as "Hans Muster",
    so a full name typed in one string gives the same key as its family and given names apart.
    """
    return "person:" + " ".join(sorted(tokens(given_names) + tokens(family_name)))
