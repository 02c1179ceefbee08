"""Residence words before a canton or a town: "wohnt im Kanton Bern", "habite en Valais",
"abita nel cantone dei Grigioni", "living in canton Zug", "qui vit à Genève".

The languages say where someone lives with a residence verb in any conjugation or a residence
noun, a place preposition with its article contraction and, for a canton, an optional canton
word. A canton whose capital bears its name ("Bern", "Zug", "Genève") is the canton only after
the canton word; alone it is the town.
"""

from __future__ import annotations

import re

from shabgraph.register.cantons import CANTON_NAMES, canton_code

PLACE = r"(?P<v>[A-ZÀ-Ý][\w'’\-À-ÿ]*\.?(?:\s+(?:b\.|bei|im|am|an|sur|sous|pres|près|di|al)?\s*[A-ZÀ-Ý][\w'’\-À-ÿ]*\.?)*)"
"""A place as the register writes it: capitalised words, with the joining words of compound
place names ("Wangen b. Olten", "Romanel-sur-Lausanne", "Riva San Vitale")."""
CANTON_RESIDENCE = re.compile(
    r"(?<!\w)(?i:mit\s+wohnsitz|wohnsitz|wohnhaft|wohn\w*|leb(?:e|t|en|te|ten|st)|habit\w*|"
    r"vi(?:t|vent|vre|vait|vaient)|abit\w*|viv\w*|liv(?:e|es|ed|ing)|resid\w*|r[ée]sid\w*|risied\w*|"
    r"domicil\w*)"
    r"(?:\s+[a-zà-ÿ]+){0,2}?"
    r"\s+(?i:in\s+the|in\s+der|in\s+dem|in|im|à|a|au|aux|dans\s+(?:le|la|les)|dans\s+l'|en|"
    r"nel|nella|nello|nei|negli|at|within)"
    r"(?:(?P<k>\s+(?i:the\s+)?(?i:kanton|cantone|canton)\b"
    r"(?:\s+(?i:of|de|du|des|di|del|dei|della|degli)\b|\s+d'|))\s*"
    r"(?P<c>[\w'’.\-]+(?:\s+[\w'’.\-]+){0,2})|\s+" + PLACE + ")"
)
"""A residence verb or noun in any conjugation ("wohnt", "leben", "habitent", "vit", "abita",
"vivono", "living", "residing", "domiciliés", "mit Wohnsitz"), a place preposition with its
article ("im", "in der", "au", "dans le", "en", "nel", "at") and an optional canton word: the
place may be a canton of residence ("wohnt im Kanton Bern", "habite en Valais")."""
CANTON_WORDS = ("kanton", "canton", "cantone")
TOWN_CANTONS = frozenset({"ZH", "BE", "LU", "SZ", "GL", "ZG", "FR", "SO", "SH", "SG", "NE", "GE"})
"""Cantons whose capital bears the canton's name: "in Bern" is the town, "im Kanton Bern" the
canton."""


def _without_canton_word(text: str) -> str:
    """ "Kanton Graubünden" -> "Graubünden"."""
    return re.sub(r"(?i)^(?:kanton|canton|cantone)\s+(?:of\s+|de\s+|du\s+|di\s+|del\s+)?", "", text)


def clean_place(text: str) -> str:
    """A place as written, without the punctuation around it ("b." read as "bei")."""
    return re.sub(r"\s+b\.\s+", " bei ", text.strip(" ?.,;:")).strip()


def residence_place(question: str) -> tuple[str | None, str | None]:
    """The canton of residence a question names and else the town: a canton name or code
    after a residence word is the canton; a name that is also its capital's ("in Bern") counts
    as the canton only after a canton word ("im Kanton Bern"), else as the town."""
    town = None
    for m in CANTON_RESIDENCE.finditer(question):
        words = clean_place(m["c"] or m["v"]).split()
        for n in range(len(words), 0, -1):
            text = " ".join(words[:n])
            code = canton_code(text)
            if code is None or (len(text) == 2 and text != code):
                continue
            if m["c"] or text == code or code not in TOWN_CANTONS:
                return code, None
            break
        town = town or (clean_place(m["v"]) if m["v"] else None)
    return None, town


def same_canton(residence: str, code: str) -> bool:
    """Whether a residence read as a town is the canton read ("wohnt in Graubünden")."""
    return canton_code(_without_canton_word(residence)) == code


def canton_names(code: str) -> set[str]:
    """The canton words, the code and every name of one canton, folded: in a question about
    its residents they name no company."""
    return {*CANTON_WORDS, code.lower(), *(n for n, c in CANTON_NAMES.items() if c == code)}
