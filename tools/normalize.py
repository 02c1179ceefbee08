"""Turning user-typed names into search keys: folding, spelling variants and Lucene queries.

Users (and LLMs) type `Muller`, `Mueller` or `Müller` for the same name; the graph stores the
name as written plus a normalised key (`name_norm`, NameHub `key`) where umlauts are spelled out.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

UMLAUTS: Final = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
LEGAL_FORM_WORDS: Final = frozenset({
    "ag", "sa", "gmbh", "sarl", "sagl", "ltd", "llc", "inc", "kg", "kig", "sa.", "in", "liquidation",
    "genossenschaft", "cooperative", "societe", "anonyme", "stiftung", "fondation", "fondazione",
    "verein", "association", "associazione", "einzelunternehmen",
})
"""Words that say what kind of entity it is, not which one (dropped from name keys)."""

LUCENE_SPECIAL: Final = re.compile(r'([+\-!(){}\[\]^"~*?:\\/&|])')
_TOKEN: Final = re.compile(r"[a-z0-9]+")


def fold(text: str) -> str:
    """Lower case, umlauts spelled out (ü -> ue), other accents removed, punctuation to spaces."""
    spelled = "".join(UMLAUTS.get(ch, ch) for ch in text)
    stripped = "".join(ch for ch in unicodedata.normalize("NFKD", spelled)
                       if not unicodedata.combining(ch))
    return " ".join(_TOKEN.findall(stripped.lower()))


def tokens(text: str, *, drop_legal_forms: bool = True) -> list[str]:
    """Folded tokens of `text` (legal-form words dropped unless nothing else remains)."""
    toks = fold(text).split()
    kept = [t for t in toks if t not in LEGAL_FORM_WORDS] if drop_legal_forms else toks
    return kept or toks


def hub_keys(text: str) -> list[str]:
    """The NameHub keys `text` would fall into (`company:<sorted tokens>`, `person:...`)."""
    key = " ".join(sorted(tokens(text)))
    return [f"company:{key}", f"person:{key}"] if key else []


def spelling_variants(token: str) -> set[str]:
    """A folded token and the spellings it may have in stored text (mueller, muller, müller)."""
    out = {token}
    for spelled, umlaut in (("ae", "ä"), ("oe", "ö"), ("ue", "ü")):
        if spelled in token:
            out.add(token.replace(spelled, umlaut))
            out.add(token.replace(spelled, spelled[0]))
    return out


def escape_lucene(term: str) -> str:
    """A term with every Lucene operator character escaped (user text never becomes syntax)."""
    return LUCENE_SPECIAL.sub(r"\\\1", term)


def fuzzy_lucene_query(text: str, *, require_all: bool = False,
                       fuzzy_fields: tuple[str, ...] = (), max_edits: int = 2) -> str:
    """A Lucene query for a name as typed: each token in its spellings, exact, prefix or fuzzy.

    Raw terms come first (unfolded, so `Lé` still matches accented text); all are escaped.
    Fuzzy terms cost most (Lucene walks the term dictionary of every field searched, and a
    purpose text has a large one): `fuzzy_fields` confines them to the name fields, `max_edits`
    caps their edit distance (long tokens get 2 by default).
    """
    clauses = []
    for tok in tokens(text):
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
