"""Turning user-typed names into search keys: NameHub keys, spelling variants and Lucene queries.

Users (and LLMs) type `Muller`, `Mueller` or `Müller` for the same name. NameHub keys and name
tokens come from shabgraph.register.folding, the module ingestion builds its keys with, so a key computed
here is exactly the key ingestion wrote. Lucene terms are different: full-text indexes hold the
name as written, so terms are generated from the spelled-out form (ü -> ue), from which every
written spelling (müller, mueller, muller) and the folded key form can be derived.
"""

from __future__ import annotations

import re
from typing import Final

from shabgraph.register.folding import (
    LETTER_SPELLINGS,
    company_hub_key,
    company_tokens,
    fold,
    is_noise_word,
    person_hub_key,
    strip_accents,
    tokens,
)
from shabgraph.register.legal_forms import LEGAL_FORM_WORDS
from shabgraph.register.lucene import escape_lucene

__all__ = [
    "LEGAL_FORM_WORDS",
    "company_tokens",
    "escape_lucene",
    "fold",
    "fuzzy_lucene_query",
    "hub_keys",
    "spelled_tokens",
    "spelling_variants",
    "text_lucene_query",
    "tokens",
]

SPELLED_OUT: Final = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", **LETTER_SPELLINGS})
"""Lower-case umlauts spelled out, and the letters the keys spell in ASCII (ß, ø, æ, ...)."""
_TOKEN: Final = re.compile(r"[a-z0-9]+")


def hub_keys(text: str) -> list[str]:
    """The NameHub keys a typed name may be filed under: its company key, then its person key.

    Exactly the keys ingestion writes (same functions), so an exact key lookup cannot miss.
    """
    if not tokens(text):
        return []
    return [company_hub_key(text), person_hub_key(text, None)]


def spelled_tokens(text: str) -> list[str]:
    """Lower-case tokens with umlauts spelled out (ü -> ue) and other accents removed.

    Legal-form and connector words are dropped (judged on the folded form, as in the keys)
    unless nothing else remains.
    """
    spelled = text.lower().translate(SPELLED_OUT)
    toks = _TOKEN.findall(strip_accents(spelled))
    return [t for t in toks if not is_noise_word(fold(t))] or toks


def spelling_variants(token: str) -> set[str]:
    """A spelled-out token, its spellings in stored text (müller, muller) and its key form."""
    out = {token, fold(token)}
    for spelled, umlaut in (("ae", "ä"), ("oe", "ö"), ("ue", "ü")):
        if spelled in token:
            out.add(token.replace(spelled, umlaut))
            out.add(token.replace(spelled, spelled[0]))
    return out


def fuzzy_lucene_query(
    text: str, *, require_all: bool = False, fuzzy_fields: tuple[str, ...] = (), max_edits: int = 2
) -> str:
    """A Lucene query for a name as typed: each token in its spellings, exact, prefix or fuzzy.

    Tokens are spelled out (`Lé` -> `le`, `Mü` -> `mue`) and expanded to their spellings; all
    terms are escaped.
    Fuzzy terms cost most (Lucene walks the term dictionary of every field searched, and a
    purpose text has a large one): `fuzzy_fields` confines them to the name fields, `max_edits`
    caps their edit distance (long tokens get 2 by default).
    """
    clauses = []
    for tok in spelled_tokens(text):
        alts = set()
        for variant in spelling_variants(tok):
            esc = escape_lucene(variant)
            alts.add(esc)
            if len(variant) >= 4:
                fuzzy = f"{esc}~{min(max_edits, 1 if len(variant) < 7 else 2)}"
                alts.update([f"{field}:{fuzzy}" for field in fuzzy_fields] or [fuzzy])
            if len(variant) >= 3:
                alts.add(f"{esc}*")
        clauses.append("(" + " OR ".join(sorted(alts)) + ")")
    joiner = " AND " if require_all else " OR "
    return joiner.join(clauses)


def text_lucene_query(text: str, *, require_all: bool) -> str:
    """A Lucene query for free text: escaped words, a phrase boost when several are given."""
    # Lower case: an upper-case AND / OR / NOT / TO typed by a user would be Lucene syntax.
    words = [escape_lucene(w.lower()) for w in re.findall(r"\w+", text, flags=re.UNICODE)]
    if not words:
        return ""
    joiner = " AND " if require_all else " OR "
    # German compounds (Konkurs -> Konkursgerichts): each word also as a prefix.
    terms = [f"({w} OR {w}*)" if len(w) >= 4 else w for w in words]
    query = "(" + joiner.join(terms) + ")"
    if len(words) > 1:
        query += ' OR "' + " ".join(words) + '"^2'
    return query
