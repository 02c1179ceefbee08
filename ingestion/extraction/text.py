"""Text plumbing of the rules extractor: normalisation and bracket-aware splitting.

Notices are one long line; abbreviations ("St. Gallen", "Dr.", "Urs P."), dates with spaces and
nested brackets make naive splitting on ". " or "," wrong, so every split here skips the inside
of () and [] and the periods of known abbreviations.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Words whose trailing period never ends a sentence (lower-case, without the period).
ABBREVIATIONS = frozenset(
    {
        "dr",
        "st",
        "ste",
        "sta",
        "sto",
        "prof",
        "ing",
        "lic",
        "iur",
        "oec",
        "med",
        "phil",
        "rer",
        "pol",
        "dipl",
        "nr",
        "no",
        "s",
        "p",
        "publ",
        "pubbl",
        "ca",
        "bzw",
        "ép",
        "geb",
        "verw",
        "gesch",
        "co",
        "cie",
        "jun",
        "sen",
        "mme",
        "m",
        "me",
        "mlle",
        "sig",
        "dott",
        "avv",
        "arch",
        "techn",
        "eidg",
        "vgl",
        "usw",
        "etc",
        "ecc",
        "art",
        "abs",
        "al",
        "ziff",
        "lit",
        "cf",
        "resp",
        "sr",
        "hr",
        "fr",
        "mr",
        "mrs",
        "ms",
    }
)
# Lists of filed documents glued to the end of old Zefix notices ("…zweien.Verfügung 1. Anmeldung").
_DOC_LIST = re.compile(
    r"(?:\.(?=(?:Verfügung|Verfuegung|Decisione|Belege?|Pièces?|Pièce\(s\)|Akten|Documenti|Décision)\b)"
    r"|\.\s+(?=(?:Belege?|Pièce\(s\)|Pièces|Documenti|Beilagen):))"
)
# A sentence may open with a family name's particle: ". de Weck Léa, de Lancy, …", ". von Arx Peter …".
_PARTICLE_NAME = re.compile(
    r"(?:von|van|de|di|da|del|della|du|des|dos) [A-ZÄÖÜÉÈ][\w'-]+ [A-ZÄÖÜÉÈ]"
)
_MARKUP = re.compile(r"<[^<>\s]{0,2}>")
_SPACES = re.compile(r"\s+")
_OPEN = "([{"
_CLOSE = ")]}"
# The splitters below only act on brackets, periods and separators: a C-level scan jumps between
# them instead of a Python loop over every character (they are the extractor's hottest loops).
_SENTENCE_MARKS = re.compile(r"[()\[\]{}.]")
_SQUARE = re.compile(r"[\[\]]")


def normalize(text: str) -> str:
    """Collapse whitespace, drop markup remnants and the glued list of filed documents."""
    text = text.replace("\u00a0", " ").replace("\u2019", "'")
    if "<" in text:  # most notices carry no markup remnant
        text = _MARKUP.sub("", text)
    # str.split() and `\s` agree on what whitespace is (both use str.isspace).
    text = " ".join(text.split())
    m = _DOC_LIST.search(text)
    if m:
        text = text[: m.start() + 1]
    return text


def clean(value: str) -> str:
    """Strip spaces, trailing periods/commas and collapse inner whitespace."""
    value = _SPACES.sub(" ", value).strip(" ,;:")
    while value.endswith(".") and not _ends_with_abbreviation(value):
        value = value[:-1].rstrip(" ,;")
    return value


def _ends_with_abbreviation(s: str, i: int | None = None) -> bool:
    """True when the period at `s[i]` (default: the last character) ends an abbreviation or initial."""
    if i is None:
        i = len(s) - 1
    j = i
    while j > 0 and (s[j - 1].isalpha()):
        j -= 1
    word = s[j:i]
    if not word:
        return False
    return len(word) == 1 or word.lower() in ABBREVIATIONS


@lru_cache(maxsize=16)
def _split_marks(seps: str, with_brackets: bool) -> re.Pattern[str]:
    return re.compile("[" + re.escape((_OPEN + _CLOSE if with_brackets else "") + seps) + "]")


def split_top(s: str, seps: str) -> list[str]:
    """Split `s` at any character of `seps` that is outside brackets; parts are stripped."""
    if not ("(" in s or "[" in s or "{" in s):
        # Without an opening bracket every separator is at the top level (a stray closing
        # bracket never lowers the depth below 0), so a plain split is the same split.
        raw = s.split(seps) if len(seps) == 1 else _split_marks(seps, False).split(s)
        return [p for p in (r.strip() for r in raw) if p]
    parts: list[str] = []
    depth = 0
    start = 0
    for m in _split_marks(seps, True).finditer(s):
        i = m.start()
        ch = s[i]
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            parts.append(s[start:i].strip())
            start = i + 1
    parts.append(s[start:].strip())
    return [p for p in parts if p]


def sentence_end(s: str, start: int = 0) -> int:
    """Index just past the first sentence-ending period at or after `start` (len(s) if none).

    A period ends a sentence when it is outside brackets, is followed by a space and an upper-case
    letter, a bracket or a quote (or by the end of the text), and is not an abbreviation's.
    """
    depth = 0
    n = len(s)
    for m in _SENTENCE_MARKS.finditer(s, start):
        i = m.start()
        ch = s[i]
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:  # a period
            if i + 1 >= n:
                return n
            nxt = s[i + 1]
            if nxt == " ":
                if i + 2 >= n:
                    return n
                nxt2 = s[i + 2]
                if (
                    nxt2.isupper()
                    or nxt2 in '[("«'
                    or (nxt2.islower() and _PARTICLE_NAME.match(s, i + 2))
                ) and not _ends_with_abbreviation(s, i):
                    return i + 1
            elif nxt == "[" and not _ends_with_abbreviation(s, i):
                return i + 1
            elif nxt.isupper():
                # Glued text: "…zweien.Eingetragene", "].Eingetragene" still ends a sentence.
                prev = s[i - 1] if i else ""
                if (prev in "])" or prev.islower()) and s[i + 2 : i + 3].islower():
                    return i + 1
    return n


def sentences(s: str) -> list[str]:
    """Split a normalised notice into sentences (abbreviation- and bracket-aware)."""
    out: list[str] = []
    pos = 0
    n = len(s)
    while pos < n:
        end = sentence_end(s, pos)
        chunk = s[pos:end].strip()
        if chunk:
            out.append(chunk)
        pos = end
    return out


def brackets(s: str) -> tuple[str, list[str]]:
    """Remove top-level [...] groups from `s`; return the rest and the bracket contents."""
    if "[" not in s:
        return s.strip(), []
    rest: list[str] = []
    found: list[str] = []
    depth = 0
    last = 0  # start of the text outside brackets not yet kept
    opened = 0  # start of the current top-level group's contents
    for m in _SQUARE.finditer(s):
        i = m.start()
        if s[i] == "[":
            if depth == 0:
                rest.append(s[last:i])
                opened = i + 1
            depth += 1
        elif depth > 0:  # a `]` at the top level is plain text
            depth -= 1
            if depth == 0:
                found.append(s[opened:i].strip())
                last = i + 1
    if depth == 0:
        rest.append(s[last:])  # an unclosed group swallows the rest of the text
    return _SPACES.sub(" ", "".join(rest)).strip(), found
