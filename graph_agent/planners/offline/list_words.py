"""Word lists of the population questions (folded, as `has_any` reads them): what is listed,
the register's words for opting out, notice languages, attribute changes, and where persons live.

Data, not code: each list holds the words of the four languages and of the register for one
filter of `list_register`; `list_filters` and `lists` read them.
"""

from __future__ import annotations

import re

NOTICE_WORDS = (
    "notices",
    "publications",
    "publikationen",
    "meldungen",
    "pubblicazioni",
    "avis",
    "annonces",
    "avvisi",
    "notizie",
    # what one issue of the gazette carried: "was erschien im SHAB vom …", "paru dans la FOSC du"
    "erschien",
    "erschienen",
    "im shab vom",
    "dans la fosc du",
    "nel fusc del",
    "nella fusc del",
    "in the shab of",
    "in the sogc of",
)
GAZETTE_ISSUE_RE = re.compile(
    r"(?<![a-z])(?:shab|fosc|fusc|sogc)(?![a-z])"
    r"(?:\s*(?:nr|no|n|nummer|numero|issue)\.?\s*°?\s*\d+)?,?\s+(?:vom|du|del|of|dated)(?![a-z])"
    # the day before the gazette's name: "in the 3 May 2019 SHAB"
    r"|\d{4}\s+(?:shab|fosc|fusc|sogc)(?![a-z])"
)
"""One issue of the gazette by its day, with or without its number ("im SHAB Nr. 5 vom …", "FOSC
n° 12 du …", "the 3 May 2019 SHAB"): what that issue carried (folded text)."""


GAZETTE_NUMBER_RE = re.compile(
    r"\b(SHAB|FOSC|FUSC|SOGC)\s*(?:Nr|No|N|Nummer|num[ée]ro|issue)\.?\s*°?\s*\d+\b", re.IGNORECASE
)
"""A gazette word with the issue's number ("SHAB Nr. 5", "FOSC n° 12"): the number names no
entity (raw question text; the substitution keeps the gazette word)."""

COMPANY_WORDS = (
    "companies",
    "firms",
    "firmen",
    "gesellschaften",
    "unternehmen",
    "societes",
    "entreprises",
    "societa",
    "aziende",
    "ditte",
)
PERSON_WORDS = (
    "person",
    "people",
    "personne",
    "persona",
    "persone",
    "who ",
    "wer ",
    "qui ",
    "chi ",
)

OPTING_OUT_WORDS = (
    "opting",
    "opt out",
    "opted out",
    "verzicht",
    "verzichtet",
    "ohne revisionsstelle",
    "keine revisionsstelle",
    "renonc",
    "dispense",
    "sans organe de revision",
    "rinunci",
    "senza ufficio di revisione",
    "without an auditor",
    "without auditor",
    "no auditor",
)
"""The register's words for a company that opted out of the audit."""
NOTICE_LANGUAGES = (
    ("de", ("deutsch", "auf deutsch", "in german", "en allemand", "in tedesco", "german")),
    ("fr", ("franzosisch", "auf franzosisch", "in french", "en francais", "in francese", "french")),
    (
        "it",
        ("italienisch", "auf italienisch", "in italian", "en italien", "in italiano", "italian"),
    ),
)


ARE_WORDS = ("elles-memes", "themselves", "selber", "selbst", "stesse", "sont ", "sind ", "are ")
"""Companies that are (not have) role holders: "les sociétés qui sont elles-mêmes associées"."""
CHANGE_EVENTS = {
    "seat": "seat_change",
    "capital": "capital_change",
    "names": "name_change",
    "address": "address_change",
    "purpose": "purpose_change",
    "legal_form": "legal_form_change",
    "statutes": "statutes_change",
}
PLAIN_EVENTS = {"mergers": "merger", "transfers": "asset_transfer", "bankruptcy": "bankruptcy"}
MOVE_WORDS = (
    "verlegt",
    "verleg",
    "erhoht",
    "herabgesetzt",
    "transfere",
    "augmente",
    "reduit",
    "trasferit",
    "aumentat",
    "ridott",
    "moved",
    "increased",
    "reduced",
    "raised",
    "relocated",
)


ABROAD_WORDS = (
    "im ausland ",
    "ins ausland ",
    "wohnsitz im ausland",
    "ausserhalb der schweiz",
    "a l'etranger",
    "a l etranger",
    "hors de suisse",
    "en dehors de la suisse",
    "all'estero",
    "all estero",
    "fuori dalla svizzera",
    "fuori svizzera",
    "abroad",
    "outside switzerland",
    "outside of switzerland",
    "living outside",
)
"""A residence outside Switzerland ("wohnt im Ausland", "domicilié à l'étranger", "vive
all'estero", "lives abroad"); "ausländisch", "étranger" alone name a nationality."""

AUDITOR_FROM_CANTON_RE = re.compile(
    r"\b(?:revisionsstelle\w*|revisionsgesellschaft\w*|revisionsfirm\w*|auditors?|audit\s+firms?"
    r"|organes?\s+de\s+revision|societes?\s+de\s+revision|uffic[io]\s+di\s+revisione"
    r"|societa\s+di\s+revisione|revisor[ei])\s+"
    r"(?:aus|von|from|du|de|del|della|dal|dans|in|im|nel|based\s+in|located\s+in)\s+"
    r"(?:dem\s+|the\s+|la\s+|le\s+)?(?:kanton|canton|cantone)\b"
)
"""An audit-firm word followed by its canton ("eine Revisionsstelle aus dem Kanton X",
"audit firms from the canton of X", "organe de révision du canton de X"): the firm's own."""

AUDIT_FIRM_RE = re.compile(
    r"\b(?:audit(?:ing)?\s+firms?|revisions\w*|revisoren\w*|"
    r"(?:societes?|societa|entreprises?)\s+(?:de|di)\s+revision\w*|fiduciaires?|treuhand\w*)"
)
"""The words that name audit firms themselves (folded): once they are removed, a company word
left in the question names the audited companies ("audit firms of companies in canton X")."""
