"""Accent and case folding, and the name keys built on it (tokens, norms, NameHub keys).

Every spelling of a name maps to one normalised form (case, accents, umlaut transliterations,
punctuation and, for companies, legal-form words removed) and to a NameHub key made of its sorted
tokens, so that "Müller Hans", "Hans Mueller" and "MULLER, Hans" share one hub. Ingestion writes
these keys and the tools look them up: both must import them from here, or lookups silently miss.

Lighter foldings serve matching that must keep more of the text: `strip_accents` keeps case,
`fold_accents` keeps umlaut spellings and punctuation (the form word lists are written in), and
`fold_words` reduces a text to its folded words for comparing answers.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Final

from shabgraph.register.legal_forms import LEGAL_FORM_WORDS

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

CONNECTOR_WORDS: Final = frozenset(
    {"und", "et", "e", "and", "the", "der", "die", "das", "la", "le", "il"}
)
"""Short folded connector words that carry no identity ("Müller & Co", "de la")."""


def strip_accents(text: str) -> str:
    """The text with combining accents removed, case and everything else kept (`Zürich` ->
    `Zurich`)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold_accents(text: str) -> str:
    """Lower case without accents, `ß` as `ss` and the typographic apostrophe as `'`.

    Umlaut spellings (`ue`) and punctuation stay: this is the form hand-written word lists are
    written in, matched inside a whole question.
    """
    return strip_accents(text.replace("ß", "ss").replace("\u2019", "'")).lower()


@lru_cache(maxsize=1 << 16)  # names repeat: a million mentions hold some ten thousand spellings
def fold(text: str) -> str:
    """Lower-case ASCII form: accents stripped, umlauts and ligatures transliterated."""
    lowered = text.lower().translate(_SPECIAL)
    decomposed = unicodedata.normalize("NFKD", lowered)
    ascii_only = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPELLED_UMLAUT_E.sub("", ascii_only)


def fold_words(text: str) -> str:
    """The folded words of a text joined by single spaces (punctuation dropped): `Müller & Co.`
    -> `muller co`. The form in which two writings of one answer are compared."""
    return " ".join(tokens(text))


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


def has_any(folded: str, words: tuple[str, ...] | frozenset[str]) -> str | None:
    """The first word-list entry found in a `fold_accents` text, else None.

    An entry matches at a word start (`konkurs` finds `konkursverfahren`); an entry ending in a
    space must also end a word, so short words do not match inside longer ones.
    """
    return next((w for w in words if _word_pattern(w).search(folded)), None)


@cache
def _word_pattern(word: str) -> re.Pattern[str]:
    core = re.escape(word.strip())
    return re.compile(rf"(?<![a-z]){core}(?![a-z])" if word.endswith(" ") else rf"(?<![a-z]){core}")
