"""The legal form a population question names, read with the register's own table.

The words come from `shabgraph.register.legal_forms` (names, abbreviations and other spellings
per language), so the planner, the build's labels and the extractor agree on one table. A
question writes forms in the plural ("fondations", "GmbHs", "Stiftungen", "associazioni",
"limited liability companies") and in several words ("société anonyme"); the longest written
form found wins, so "société en commandite par actions" is not read as "société en commandite".
"""

from __future__ import annotations

import re
from functools import cache

from shabgraph.register.legal_forms import spellings

CANTON_PHRASE_RE = re.compile(r"\b(?:canton|kanton|cantone)\s+(?:de\s+|di\s+|du\s+)?[a-z]{2}\b")
""""im Kanton AG", "canton de SO": a canton code after its word names no legal form."""

BRANCH_FORMS = frozenset({"0151", "0111"})
"""Branches: a population of branches, but in a count or ranking of one entity ("how many
branches does X have") an aspect of that entity, not a filter."""
BARE_ONLY = {"sa": ("sa",), "kg": ("kg",), "ag": ("ags", "ag")}
"""Two-letter abbreviations take at most an English "s": "sag", "age" or "kgs" are other words."""


def _plurals(word: str) -> tuple[str, ...]:
    """The written form of a last word and the plural endings of the four languages."""
    if word in BARE_ONLY:
        return BARE_ONLY[word]
    if not word[-1:].isalpha():
        return (word,)
    forms = [word, f"{word}s", f"{word}es", f"{word}en", f"{word}n", f"{word}e"]
    if word.endswith("y"):
        forms.append(f"{word[:-1]}ies")  # company -> companies
    if word.endswith("e"):
        forms.append(f"{word[:-1]}i")  # fondazione -> fondazioni
    if word.endswith("a"):
        forms.append(f"{word[:-1]}e")  # cooperativa -> cooperative, anonima -> anonime
    return tuple(sorted(set(forms), key=len, reverse=True))


@cache
def _pattern(written: str) -> re.Pattern[str]:
    words = written.split()
    # every word may be plural ("sociétés en commandite par actions"), not only the last
    head = ["(?:" + "|".join(re.escape(f) for f in _plurals(w)) + ")" for w in words[:-1]]
    last = "|".join(re.escape(f) for f in _plurals(words[-1]))
    body = r"\s+".join([*head, f"(?:{last})"])
    return re.compile(rf"(?<![a-z.]){body}(?![a-z])")


EITHER_BRANCH_RE = re.compile(
    r"(?:firm|gesellschaft|unternehm|societ|entreprise|entit|compan|ditt|impres|aziend)\w*"
    r"\)?\s*\(?\s*(?:oder|ou|o|or|und|et|e|and|/|,)\s*\(?\s*(?:(?:der|des|les|le|the|i|di)\s+)?"
    r"(?:zweigniederlass|succursal|filial|branch|sede secondari)"
    r"|(?:zweigniederlass|succursal|filial|branch)\w*\s*(?:oder|ou|o|or|und|et|e|and|/|,)\s*"
    r"(?:(?:der|des|les|le|the|i|di)\s+)?(?:hauptsitz|sieges? principa|sede principal|head office"
    r"|firm|gesellschaft|unternehm|societ|entreprise|compan|ditt|impres|aziend)"
)
"""Companies and branches asked together ("Firmen oder Zweigniederlassungen", "entités (sociétés
ou succursales)"): no branch filter, in folded words."""


def legal_form_in(folded: str, *, branches: bool = True) -> str | None:
    """The eCH-0097 code of the legal form a folded question names, else None.

    "Combien de fondations …" -> `0110`; "Quali Sagl …" -> `0107`; "im Kanton AG" names a
    canton, not the form AG. `branches=False` reads branch words as no form.
    """
    text = CANTON_PHRASE_RE.sub(" ", folded)
    branches = branches and not EITHER_BRANCH_RE.search(text)
    hits = [
        (len(written), code)
        for written, code in spellings().items()
        if (branches or code not in BRANCH_FORMS) and _pattern(written).search(text)
    ]
    return max(hits)[1] if hits else None
