"""Names of natural persons: titles removed, particles kept with the family name, and one
field (`Beispiel Anna Maria`, `Jean-Pierre Dupont`) split into family and given names with the
given-name vocabulary."""

from __future__ import annotations

import re
from typing import Literal

from ingestion.extraction.lexicon import is_given_name
from ingestion.extraction.text import clean

NameOrder = Literal["family_first", "given_first"]

_TITLES = re.compile(
    r"(?<![\w-])(?:Dr|Prof|lic|iur|oec|med|phil|dipl|Ing|rer|pol|dent|vet|h\.c|Me|PD|MBA|LL\.M|"
    r"Mag|techn|arch|Dott|Avv|Ing)\.(?=\s|$|,)|(?<![\w-])(?:Dr|Prof|Dott|Avv|Me)(?=\s)"
)


# A courtesy title opening a name in prose ("de M. Jean Dupont et de Mme Anne Favre"); only
# before two more words, so an initial ("Dupont M.") or a one-word name stays.
_COURTESY = re.compile(
    r"^(?:M\.|MM\.|Mme\.?|Mlle\.?|Monsieur|Madame|Sig\.(?:ra)?|Signor|Signora)\s+(?=\S+\s+\S)"
)


_COURTESY_STARTS = ("M.", "MM.", "Mme", "Mlle", "Monsieur ", "Madame ", "Sig")


def strip_titles(name: str) -> str:
    """Remove academic and courtesy titles (`Dr.`, `Prof.`, `lic. iur.`, `M.`, `Mme`) from a
    name."""
    if name.startswith(_COURTESY_STARTS):
        name = _COURTESY.sub("", name)
    return clean(_TITLES.sub("", name))


# Lower-case words that belong to the family name after them (`de Weck`, `van der Berg`).
PARTICLES = frozenset(
    {
        "von",
        "vom",
        "zu",
        "zur",
        "van",
        "der",
        "den",
        "ter",
        "de",
        "du",
        "des",
        "di",
        "da",
        "dal",
        "del",
        "dalla",
        "della",
        "degli",
        "dei",
        "dos",
        "das",
        "do",
        "le",
        "la",
        "lo",
        "d'",
        "y",
        "zum",
        "zer",
    }
)
_SUFFIXES = frozenset({"jun.", "sen.", "jr.", "sr.", "junior", "senior", "fils", "père"})


def _units(tokens: list[str]) -> list[str]:
    """Name tokens with particles glued to the word they precede (`de Weck`, `van der Berg`)."""
    units: list[str] = []
    pending: list[str] = []
    for tok in tokens:
        if tok.lower() in PARTICLES and tok[:1].islower():
            pending.append(tok)
            continue
        units.append(" ".join([*pending, tok]))
        pending = []
    if pending:  # a trailing lower-case word ("Muster de"): keep it, glued to the last word
        if units:
            units[-1] = " ".join([units[-1], *pending])
        else:
            units.append(" ".join(pending))
    return units


def _given_run(units: list[str]) -> int:
    n = 0
    for u in units:
        if " " in u or not is_given_name(u):
            break
        n += 1
    return n


def split_name(names: list[str], order: NameOrder) -> tuple[str, str | None]:
    """(family, given) from one or two name fields.

    A single field (`Beispiel Anna Maria Luise`, `Jean-Pierre Dupont`) is split with the
    given-name vocabulary: given names at one end only decide the order; when both or neither
    end is a known given name, `order` (family first in prose, given first in old blocks) does.
    Particles stay with the family name; `jun.` / `sen.` stay with the given names.
    """
    if len(names) >= 2:
        family, given = strip_titles(names[0]), strip_titles(names[1])
        return family, given or None
    tokens = strip_titles(names[0]).split()
    suffix: list[str] = []
    while len(tokens) > 2 and tokens[-1].lower() in _SUFFIXES:
        suffix.insert(0, tokens.pop())
    units = _units(tokens)
    if len(units) == 1:
        return units[0], " ".join(suffix) or None
    lead = _given_run(units)
    trail = _given_run(units[::-1])
    n = len(units)
    if trail and not lead:
        # Family = the words before the first known given name ("Meier Keller Anna" keeps both).
        cut = min(
            n - trail, next(i for i, u in enumerate(units) if " " not in u and is_given_name(u))
        )
    elif lead and not trail:
        cut = -lead
    elif order == "given_first":
        cut = -(n - 1)
    else:
        cut = 1 if lead == n else n - 1
    # cut > 0: the first `cut` units are the family name; cut < 0: the first `-cut` are given names.
    family_units, given_units = (
        (units[:cut], units[cut:]) if cut > 0 else (units[-cut:], units[:-cut])
    )
    return " ".join(family_units), " ".join([*given_units, *suffix]) or None
