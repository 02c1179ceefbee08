"""Accent and case folding, and the name keys built on it (tokens, norms, NameHub keys).

Every spelling of a name maps to one normalised form (case, accents, umlaut transliterations,
punctuation and, for companies, legal-form words removed) and to a NameHub key made of its sorted
tokens, so that "Müller Hans", "Hans Mueller" and "MULLER, Hans" share one hub. Ingestion writes
these keys and the tools look them up: both must import them from here, or lookups silently miss.

Lighter foldings serve matching that must keep more of the text: `strip_accents` keeps case,
`fold_accents` keeps umlaut spellings, punctuation and length (the form questions are read in),
and `fold_words` reduces a text to its folded words for comparing answers.

Word lists are compared in one form, `match_key`: `fold_accents` with the spelled umlauts folded
as names are ("Präsident", "Praesident" and "Prasident" are one word), so no list needs a
variant per spelling. `has_any` and `word_pattern` find a list entry in a `fold_accents` text by
that key, keeping the text's positions; `match_key` compares whole words (set membership).
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
# Word lists keep the e of "qu": French and Italian "que", "quei", "quel" spell no umlaut (German
# writes none after q), and dropping it would make Italian "quei" the French "qui".
_WORD_UMLAUT_E: Final = re.compile(r"(?<=[aou])(?<!qu)e+")
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


APOSTROPHES: Final = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u00b4": "'"})
"""Typographic and typed-for apostrophes (’ ‘ ` ´), all read as `'` ("l’adresse", "d`Alpha")."""


def fold_accents(text: str) -> str:
    """Lower case without accents, `ß` as `ss` and every apostrophe as `'`.

    Umlaut spellings (`ue`) and punctuation stay, and every other letter keeps its place: this
    is the form a whole question is read in (positions in it are positions in the question).
    """
    return strip_accents(text.replace("ß", "ss").translate(APOSTROPHES)).lower()


@lru_cache(maxsize=1 << 14)
def match_key(text: str) -> str:
    """The form word lists and question words are compared in: `fold_accents`, then every
    `e` after a, o or u dropped, as `fold` does for names (but the `e` of "qu").

    "Geschäftsführer", "Geschaeftsfuehrer" and "Geschaftsfuhrer" share one key, so a list holds
    each word once. Idempotent, so a list entry may be written in any of its spellings.
    """
    return _WORD_UMLAUT_E.sub("", fold_accents(text))


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
    space must also end a word, so short words do not match inside longer ones. Spellings of an
    umlaut match alike (see `word_pattern`).
    """
    return next((w for w in words if word_pattern(w).search(folded)), None)


@cache
def word_pattern(word: str) -> re.Pattern[str]:
    """A list entry as a pattern over a `fold_accents` text, at a word start (and a word end
    when the entry ends in a space), matching every spelling with the entry's `match_key`:
    after each a, o or u of the key any run of `e` may follow ("prasident" finds
    "praesident"; "aktuell" finds "aktull" and "aktuell")."""
    key = match_key(word.strip())
    core = "".join(
        re.escape(ch) + ("e*" if ch in "aou" and key[i - 1 : i + 1] != "qu" else "")
        for i, ch in enumerate(key)
    )
    return re.compile(rf"(?<![a-z]){core}(?![a-z])" if word.endswith(" ") else rf"(?<![a-z]){core}")
