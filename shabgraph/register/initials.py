"""The initials of register names: what users abbreviate a name to ("SMS" for a "Stiftung für
Moorschutz"), written by the build as a searchable name variant and checked by the search.

The letters of an acronym are the initials of the name's words in order, a long compound giving
more than one letter from its parts ("Moor|schutz"); joiners ("für", "de", "di", "and") and legal
forms may be skipped, every other word gives at least its first letter. The build stores the
word initials of each name with and without the skippable words (`initials`); an acronym is
looked up by every string it can be the word initials of (`acronym_keys`: its first letter and
any choice of the others, the rest coming from compounds), then checked with `matches`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Final

from shabgraph.register.folding import fold_accents

SKIPPABLE: Final = frozenset(
    {"fur", "für", "de", "des", "du", "la", "le", "di", "del", "della", "and", "und", "et", "e"}
    | {"the", "of", "pour", "per", "zur", "zum", "der", "die", "das", "in", "a", "&"}
)
"""Joiners an acronym may leave out."""
LEGAL_WORDS: Final = frozenset(
    {"ag", "sa", "gmbh", "sarl", "sagl", "ltd", "inc", "stiftung", "fondation", "fondazione"}
    | {"verein", "association", "genossenschaft", "cooperative", "kg", "kig", "snc", "sas"}
)
"""Legal-form words an acronym may leave out (or keep: the S of "SKS" is its "Stiftung")."""

MAX_OPTIONAL: Final = 4
"""Optional words of a name whose every in/out choice is stored; beyond, only all in and all out
(a name of many joiners would otherwise store hundreds of strings)."""

_WORD_SPLIT: Final = re.compile(r"[\s,/()-]+")


def name_words(name: str) -> list[str]:
    """The folded words of a name as acronyms read them (hyphens and brackets split)."""
    return [w for w in _WORD_SPLIT.split(fold_accents(name).lower()) if w]


def _optional(word: str) -> bool:
    return word in SKIPPABLE or word in LEGAL_WORDS


def initials(name: str) -> list[str]:
    """The word-initial strings of a name, each choice of its optional words in or out, of two
    letters at least (sorted): "Stiftung für Moorschutz" -> fm, sfm, sm."""
    words = name_words(name)
    optional = [i for i, w in enumerate(words) if _optional(w)]
    if len(optional) > MAX_OPTIONAL:
        choices: list[tuple[int, ...]] = [(), tuple(optional)]
    else:
        choices = [c for n in range(len(optional) + 1) for c in itertools.combinations(optional, n)]
    out = set()
    for dropped in choices:
        letters = "".join(w[0] for i, w in enumerate(words) if i not in dropped)
        if len(letters) >= 2:
            out.add(letters)
    return sorted(out)


def initials_text(names: Iterable[str]) -> str | None:
    """The initial strings of all of a company's names, space-separated (the full-text field
    the search looks acronyms up in), None when no name has two words."""
    keys = sorted({k for name in names for k in initials(name)})
    return " ".join(keys) or None


def acronym_keys(acronym: str) -> list[str]:
    """Every word-initial string an acronym can stand for: its first letter and any choice of the
    others (the letters left out come from compound parts), of two letters at least; the whole
    acronym first."""
    letters = fold_accents(acronym).lower()
    if len(letters) < 2:
        return []
    rest = range(1, len(letters))
    keys = [
        letters[0] + "".join(letters[i] for i in chosen)
        for n in range(len(letters) - 1, 0, -1)
        for chosen in itertools.combinations(rest, n)
    ]
    return list(dict.fromkeys(keys))


def matches(acronym: str, name: str) -> bool:
    """The acronym's letters are the name's initials in order (see the module docstring)."""
    return _fit(fold_accents(acronym).lower(), name_words(name))


def _fit(letters: str, words: list[str]) -> bool:
    if not words:
        return not letters
    word, rest = words[0], words[1:]
    if _optional(word) and _fit(letters, rest):
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
