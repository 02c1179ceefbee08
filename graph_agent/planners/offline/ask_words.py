"""Word lists and word readers of `asks`: signature kinds, residence, postal and home words,
and long fact words typed with a slip ("Aktienkapiatl", "Revisonsstelle")."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import cache, lru_cache

from graph_agent.planners.offline.vocab import vocab
from shabgraph.register.folding import has_any

SIGNATURE_WORDS = (
    (
        "collective",
        ("kollektiv", "collectiv", "collettiv", "joint", "zu zweien", "a deux", "a due"),
    ),
    (
        "individual",
        (
            "einzelunterschrift",
            "einzelzeichnung",
            "einzelprokura",
            "sole ",
            "alone",
            "single signature",
            "individuel",
            "individual",
            "allein",
            "seul",
            "da solo",
        ),
    ),
)


def find_signature(folded: str) -> str | None:
    """The kind of signature named (its code prefix), if any."""
    return next((k for k, words in SIGNATURE_WORDS if has_any(folded, words)), None)


RESIDENCE_WORDS = ("domicil", "wohn", "habit", "abita", "resid", "live", "vit ", "vive ")


POSTAL_WORDS = (
    "postadresse",
    "postanschrift",
    "postfach",
    "adresse postale",
    "case postale",
    "indirizzo postale",
    "casella postale",
    "recapito postale",
    "postal address",
    "mailing address",
    "po box",
    "p.o. box",
)
ONE_HOLDER_PLURALS = (
    "auditors", "presidents", "chairmen", "chairpersons", "chairs of",
    "revisionsstellen", "revisoren", "prasidentinnen", "die prasidenten", "alle prasidenten",
    "reviseurs", "organes de revision", "presidents", "presidentes",
    "revisori", "uffici di revisione", "organi di revisione", "presidenti",
)  # fmt: skip
"""The plural of a role one holder has at a time (the auditor, the president): the question asks
for every holder over time ("ALPHA auditors — who and since when?")."""
COURT_WORDS = (
    "gericht",
    "richter",
    "tribunal",
    "pretur",
    "pretor",
    "giudice",
    "court",
    "judge",
    "juge ",
)
"""The court or judge asked ("welches Gericht", "quel tribunal", "which court")."""
OPENING_WORDS = ("eroffnet", "eroffnung", "prononce", "ouverte", "ouverture", "declaree",
                 "dichiarat", "apert", "pronunciat", "opened", "declared", "adjudicated")  # fmt: skip
"""The opening of a bankruptcy asked ("wann wurde der Konkurs eröffnet", "prononcée")."""
HOME_WORDS = ("wohn", "live", "lives", "habit", "abita", "vit ", "vive ", "resid")


def misspelt(folded: str) -> list[tuple[int, str]]:
    """(position, fact) of long words that are one slip away from a long fact word."""
    return [
        (m.start(), fact) for m in re.finditer(r"[a-z]{8,}", folded) if (fact := _typo_of(m[0]))
    ]


@cache
def _long_fact_words() -> dict[str, str]:
    return {w.strip(): f for f, ws in vocab().facts.items() for w in ws if len(w.strip()) >= 8}


@lru_cache(maxsize=4096)
def _typo_of(token: str) -> str | None:
    """The fact of the long fact word a token misspells (same first two letters, length
    within two), else None; a token that starts with a fact word is no typo."""
    words = _long_fact_words()
    if any(token.startswith(w) for w in words):
        return None
    near = [w for w in words if w[:2] == token[:2] and abs(len(w) - len(token)) <= 2]
    best = max(near, key=lambda w: SequenceMatcher(None, token, w).ratio(), default=None)
    return words[best] if best and SequenceMatcher(None, token, best).ratio() >= 0.86 else None


REPLACED_WHOM_RE = re.compile(
    r"\b(?:wen|wem)\b[^?]*\b(?:abgelost|ablost|ersetzt|ersetzte|gefolgt|nachgefolgt|folgte)"
    r"|\bauf wen\b|\ban wessen stelle\b"
    r"|\bwho(?:m)? (?:did|does|has|had) (?:\w+ ){1,3}(?:replace|succeed|follow|take over from)"
    r"|\bwhose place\b"
    r"|\bqui (?:(?:\w+ ){0,3}a-t-(?:il|elle)|est-ce qu'(?:il|elle) a|(?:il|elle) a) (?:remplace|succede)"
    r"|\ba qui (?:(?:\w+ ){0,3}a-t-(?:il|elle)|(?:il|elle) a) succede"
    r"|\bchi (?:ha|aveva) (?:lui|lei|egli|ella) sostituito|\bchi e stat[oa] sostituit[oa] da"
    r"|\bal posto di chi\b|\ba chi (?:e|era) succedut[oa]"
)
"""Replace verbs asked with the holder as their subject ("wen hat sie abgelöst?", "whom did he
replace?", "qui a-t-elle remplacé ?", "chi ha lei sostituito?"): the holder's predecessor, while
the same verbs with the holder as object ("wer hat sie abgelöst?", "who replaced her?") ask
for the successor."""


def asks_predecessor(folded: str) -> bool:
    """True when a replace verb asks whom the holder replaced (see `REPLACED_WHOM_RE`)."""
    return REPLACED_WHOM_RE.search(folded) is not None


SEPARABLE_VERBS = (
    (re.compile(r"\b(?:trat|traten|tritt)\b[^?.,;]*\bein\b"), "joined"),
    (re.compile(r"\b(?:kam|kamen|stiess|stiessen)\b[^?.,;]*\b(?:hinzu|dazu)\b"), "joined"),
    (re.compile(r"\b(?:kam|kamen|kommt)\b[^?.,;]*\b(?:in den|in die|ins)\b"), "joined"),
    (re.compile(r"\b(?:trat|traten|tritt)\b[^?.,;]*\b(?:aus|zuruck)\b"), "left"),
    (re.compile(r"\b(?:schied|schieden|scheidet)\b[^?.,;]*\baus\b"), "left"),
)
"""German verbs split around the sentence ("trat 2020 in den Vorstand ein", "schied im Mai aus
dem VR aus"): the particle at the end says whether the holder joined or left."""


def separable_cues(folded: str) -> set[str]:
    """The joined/left cues of split German verbs in a question."""
    return {cue for pattern, cue in SEPARABLE_VERBS if pattern.search(folded)}


BEFORE_HOLDER_RE = re.compile(
    r"(?<![a-z])(?:before|vor|avant|prima di)\s+"
    r"(?:him|her|them|ihm|ihr|ihnen|lui|elle|eux|elles|lei|loro)(?![a-z])"
)
"""'before him', 'vor ihr', 'avant lui', 'prima di lei': the one who held the role before that
holder (the predecessor), not that holder's own earlier roles."""


CO_SIGN_RE = re.compile(
    r"(?<![a-z])(?:(?:zusammen |gemeinsam )?mit|(?:together )?with|avec|(?:insieme )?con)\s+"
    r"(?:ihr|ihm|ihnen|her|him|them|elle|lui|eux|elles|lei|loro|wem|whom|qui|chi)(?![a-z])"
    r"|(?<![a-z])(?:sonst noch|ausserdem noch|wer noch|else|d'autre|encore|altri|altro|ancora)"
    r"(?![a-z])"
)
"""A signature asked together with someone ("wer zeichnet mit ihr?", "who signs with him?",
"avec qui signe-t-elle ?", "con chi firma?"): the other holders who sign with that person."""


CLAIMED_SEAT_RE = re.compile(
    r"(?:[Ss]itz|[Ss]ede|[Ss]iège|[Ss]iege|seat|based|domicil\w*|ansässig|niedergelassen|située?|"
    r"basée?|headquartered)\s+(?:ist\s+|est\s+|è\s+)?(?:in|a|à|en|im|at|ad)\s+"
    r"(?P<p>[A-ZÀ-Ý][\w'’.-]+(?:[ -][A-ZÀ-Ý][\w'’.-]+)*)"
)
"""A seat the question asserts ("ha sede a X?", "hat sie ihren Sitz in X?", "is it based in X?",
"a-t-elle son siège à X ?"): a yes/no question about that place."""
WH_START_RE = re.compile(
    r"^\s*(?:und |and |et |e )?(?:wo|wer|was|welche\w*|wann|wie|where|which|what|who|when|how|"
    r"ou|où|quel\w*|qui|quand|comment|dove|quale|quali|chi|quando|come)\b",
    re.IGNORECASE,
)


BRANCH_AT_RE = re.compile(
    r"(?:[Zz]weigniederlassung\w*|[Ff]iliale\w*|[Ss]uccursale\w*|[Bb]ranch\w*|ZN)\s+"
    r"(?:in|a|à|en|im|at|di|de|d')\s*(?P<p>[A-ZÀ-Ý][\w'’.-]+(?:[ -][A-ZÀ-Ý][\w'’.-]+)*)"
)
"""A branch asked at a place ("eine Zweigniederlassung in X?", "a branch in X?", "une
succursale à X ?"): a yes/no question about a branch there."""


def claimed_seat(question: str) -> str | None:
    """The place a yes/no question asserts as the seat (or as a branch's), if it asserts one."""
    if WH_START_RE.match(question):
        return None
    m = CLAIMED_SEAT_RE.search(question) or BRANCH_AT_RE.search(question)
    return m["p"].rstrip(".") if m else None
