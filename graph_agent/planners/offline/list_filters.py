"""The filters of population questions, read from the question: canton, seat, notice language,
the event named, and for persons and role lists the newer ones: living abroad, not at a given
company, and whether a canton names the audit firms' own seat or the audited companies'.

Each reader is a rule of the languages or of the register's wording (`list_words` holds the
words); `lists` assembles them into one `list_register` call, `people` into a persons call.
"""

from __future__ import annotations

import re

from graph_agent.planners.offline.asks import understand
from graph_agent.planners.offline.forms import legal_form_in
from graph_agent.planners.offline.list_words import (
    ABROAD_WORDS,
    AUDIT_FIRM_RE,
    AUDITOR_FROM_CANTON_RE,
    CHANGE_EVENTS,
    COMPANY_WORDS,
    MOVE_WORDS,
    NOTICE_LANGUAGES,
    PLAIN_EVENTS,
)
from graph_agent.planners.offline.slots import fold
from shabgraph.register.cantons import CANTON_NAMES, canton_code, canton_of_adjective
from shabgraph.register.folding import has_any


def canton_in(question: str, folded: str) -> str | None:
    """A canton named as a code after a preposition ("im Kanton ZH", "in TI") or by its name."""
    if (
        m := re.search(
            r"\b(?:kanton|canton|cantone)\s+(?:de\s+|di\s+|du\s+|del\s+)?([a-z]+)", folded
        )
    ) and (code := canton_code(m[1])):
        return code
    for name, code in CANTON_NAMES.items():
        if len(name) > 3 and re.search(rf"(?<![a-z]){re.escape(name)}(?![a-z])", folded):
            return code
    return canton_of_adjective(folded)  # "le imprese ticinesi", "les sociétés vaudoises"


CANTON_JOINER_RE = re.compile(
    r"\s*(?:,|/|\bor\b|\boder\b|\bou\b|\bo\b|\band\b|\bund\b|\bet\b|\be\b)\s*"
)
"""What stands between two cantons of one filter ("BL or AG", "Zug und Luzern", "VD/GE")."""


CANTON_WORD_RE = re.compile(
    r"^(?:kantone?n?s?|cantons?|cantoni|cantone)\s+(?:(?:de|di|du|del|of)\s+)?"
)
"""The word "canton" before a canton's name ("Kantonen Tessin", "cantons de Vaud")."""


def canton_list(text: str) -> list[str]:
    """The canton codes a mention names when it is nothing but cantons, joined or alone
    ("Basel-Landschaft or Aargau" -> [BL, AG], "Kanton Tessin" -> [TI]); [] otherwise."""
    parts = [CANTON_WORD_RE.sub("", p) for p in CANTON_JOINER_RE.split(fold(text)) if p]
    codes = [canton_code(p) for p in parts if p]
    if not codes or not all(codes):
        return []
    return list(dict.fromkeys(c for c in codes if c))


def cantons_in(question: str, folded: str, seat: str | None = None) -> list[str]:
    """Two or more cantons named by their names in one population question ("companies from
    Zug or Lucerne"), in their order; [] for one or none. A seat filter's town is no canton."""
    taken: list[tuple[int, int, str]] = []
    for name in sorted(CANTON_NAMES, key=len, reverse=True):
        if len(name) < 3 or (seat and fold(seat) == name):
            continue
        for m in re.finditer(rf"(?<![a-z]){re.escape(name)}(?![a-z])", folded):
            if not any(a < m.end() and m.start() < b for a, b, _ in taken):
                taken.append((m.start(), m.end(), CANTON_NAMES[name]))
    codes = list(dict.fromkeys(code for _a, _b, code in sorted(taken)))
    return codes if len(codes) > 1 else []


SEAT_IN_RE = re.compile(
    r"(?i:\bsitz|\bsede|\bsiege|\bsiège|\bseat|\bbased|\bansässig|\bansassig|\bdomicili\w*|"
    r"\bheadquartered)\s+(?:(?i:in|a|à|en|at|nel comune di|a)\s+)(?P<p>[A-ZÀ-Ý][\w'’-]+)"
)
"""A seat written as a filter ("Quante società avevano sede a Gordola?", "Firmen mit Sitz in
Thun", "sociétés ayant leur siège à Sion"): the municipality, not an entity."""


def seat_in(question: str) -> str | None:
    """The municipality a population question filters the seat by, if any."""
    m = SEAT_IN_RE.search(question)
    return m["p"] if m else None


def notice_language(folded: str) -> str | None:
    """The language a question asks notices to be written in ("avvisi scritti in italiano")."""
    return next((code for code, words in NOTICE_LANGUAGES if has_any(folded, words)), None)


def event_of(question: str) -> str | None:
    """The event label a population question filters on: a named change of an attribute
    ("ihren Sitz verlegt", "increased their capital") or a merger, transfer, bankruptcy."""
    ask = understand(question)
    for fact in ask.facts:
        if fact in PLAIN_EVENTS:
            return PLAIN_EVENTS[fact]
    moved = ask.has("changes") or has_any(fold(question), MOVE_WORDS)
    for fact in ask.facts:
        if fact in CHANGE_EVENTS and moved:
            return CHANGE_EVENTS[fact]
    return None


def abroad_in(folded: str) -> bool:
    """The question asks for persons living outside Switzerland ("im Ausland", "à l'étranger",
    "all'estero", "abroad")."""
    return has_any(folded, ABROAD_WORDS) is not None


EXCLUDED_RE = re.compile(
    r"(?:\bnicht\s+(?:mehr\s+)?(?:bei|fur|an)\s+(?:der|dem|den|die)?\s*"
    r"|\bpas\s+(?:chez|aupres de|pour)\s+(?:la\s+|le\s+|les\s+|l')?"
    r"|\bnon\s+(?:(?:e|sono|lavora|lavorano)\s+)?(?:presso|per)\s+(?:la\s+|il\s+|l')?"
    r"|\bnot\s+(?:registered\s+|listed\s+|involved\s+)?(?:at|with|for)\s+(?:the\s+)?)"
    r"(?P<x>[^?,.;]+?)\s*(?:\b(?:eingetragen|registriert|tatig|aktiv|inscrit\w*|iscritt\w*|"
    r"registered|listed)\b|[?,.;]|$)"
)
"""A company the persons must not be at: "ist aber nicht bei der X eingetragen", "mais pas
chez X", "ma non presso la X", "but not at X" (folded)."""


def excluded_company(folded: str) -> str | None:
    """The name of the company a persons question excludes, else None."""
    m = EXCLUDED_RE.search(folded)
    name = m["x"].strip() if m else ""
    return name if len(name) > 1 else None


def holders_canton(folded: str) -> bool:
    """A canton in an audit-firm question names the firms' own seat when it follows the
    audit-firm word ("Firmen mit einer Revisionsstelle aus dem Kanton X") or when no company
    word is left once the audit-firm words are removed ("audit firms in canton X"); otherwise
    it names the audited companies' ("the auditors of companies in canton X")."""
    if AUDITOR_FROM_CANTON_RE.search(folded):
        return True
    rest = AUDIT_FIRM_RE.sub(" ", folded)
    return has_any(rest, COMPANY_WORDS) is None and legal_form_in(rest) is None


PLACE_PREPOSITION_RE = re.compile(r"(?<!\w)(in|im|à|a|aus|von|da|de|di)\s+([a-zà-ÿ])")
"""A preposition of place before a lower-case word."""


def place_case(question: str) -> str:
    """A question typed all in lower case with the place after a preposition capitalised, as the
    register writes it ("wer wohnt in bern" -> "wer wohnt in Bern"); others unchanged."""
    if question != question.lower():
        return question
    return PLACE_PREPOSITION_RE.sub(lambda m: f"{m[1]} {m[2].upper()}", question)


CAPITAL_RE = re.compile(
    r"(?i:\b(?:stamm|aktien|grund|genossenschafts|gesellschafts|dotations)?kapital\w*"
    r"|\bcapital(?:e)?(?:[- ](?:actions|social|sociale|azionario|social))?)"
    r"\s+(?P<prep>(?i:von|de|di|of|da|in\s+h[oö]he\s+von|pari\s+a|d'un\s+montant\s+de)\s+)?:?\s*"
    r"(?P<cur>(?i:CHF|Fr\.)\s*)?(?P<n>\d{1,3}(?:['’ ,]\d{3})+|\d+)(?:[.,]\d{2})?(?![\d'’])"
)
AMOUNT_FIRST_RE = re.compile(
    r"(?i:CHF|Fr\.)\s*(?P<n>\d{1,3}(?:['’ ,]\d{3})+|\d+)(?:[.,]\d{2})?\s+(?i:of\s+)?"
    r"(?i:share\s+|nominal\s+)?(?i:capital|kapital|stammkapital|aktienkapital|capitale)\b"
)
"""The amount before the word ("started with CHF 20,000 capital", "mit CHF 20'000 Kapital")."""
"""A capital amount a population question filters by ("mit einem Stammkapital von CHF 20'000",
"au capital de CHF 100'000", "con un capitale di CHF 20 000", "with a capital of CHF 50000")."""


def capital_in(question: str) -> float | None:
    """The capital (CHF) a companies question filters by, else None."""
    m = CAPITAL_RE.search(question)
    if not m or not (m["prep"] or m["cur"]):
        m = AMOUNT_FIRST_RE.search(question)
        if not m:
            return None  # "ihr Kapital 2020 erhöht": a year, no amount
    return float(re.sub(r"['’ ,]", "", m["n"]))
