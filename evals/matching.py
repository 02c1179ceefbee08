"""Deterministic fact matching: is a reference fact present in an answer (or a retrieved text)?

Answers write the same fact in many ways: `12.01.2024`, `2024-01-12`, `12 janvier 2024`;
`CHF 1'000'000`, `1,000,000`, `1 Mio`; `Müller Hans` or `Hans Mueller`. Each matcher is a small
pure function returning `(score, reason)`, so a report can say why a fact counted as missing.
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache
from typing import Final

from evals.benchmark import ReferenceFact
from shabgraph.register.folding import fold_words as fold
from shabgraph.register.folding import tokens as folded_tokens
from shabgraph.register.legal_forms import LEGAL_FORM_WORDS
from shabgraph.register.months import MONTHS_AND_ABBREVIATIONS as MONTHS

_MONTH_ALT = "|".join(sorted(MONTHS, key=len, reverse=True))

_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_DMY = re.compile(r"\b(\d{1,2})\s?[./]\s?(\d{1,2})\s?[./]\s?(\d{4})\b")
_D_MONTH_Y = re.compile(rf"\b(\d{{1,2}})\.?\s+({_MONTH_ALT})\.?\s+(\d{{4}})\b")
_MONTH_D_Y = re.compile(rf"\b({_MONTH_ALT})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
# A number with optional thousands separators (' ’ , thin/normal space, or . before 3 digits)
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:['’\u202f\u00a0 ,.]\d{3})+|\d+)(?:[.,](\d+))?(?![\d])")
_SCALE = re.compile(r"^\s*(mio|millionen|million|millions|milioni|mrd|milliarden|billion)\b")
_SCALES = {
    "mio": 1e6,
    "million": 1e6,
    "millions": 1e6,
    "millionen": 1e6,
    "milioni": 1e6,
    "mrd": 1e9,
    "milliarden": 1e9,
    "billion": 1e9,
}
_DIGITS = re.compile(r"\d+")

NAME_NOISE_TOKENS: Final = LEGAL_FORM_WORDS | {"in", "en", "i", "l", "la", "le", "di", "de"}
"""Folded tokens a company name may lose in an answer: legal-form words and articles."""


@lru_cache(maxsize=4096)
def tokens(text: str) -> frozenset[str]:
    """The folded word tokens of a text."""
    return frozenset(folded_tokens(text))


def _valid_date(y: int, m: int, d: int) -> str | None:
    try:
        return date(y, m, d).isoformat()
    except ValueError:
        return None


@lru_cache(maxsize=1024)
def extract_dates(text: str) -> frozenset[str]:
    """Every date written in the text, as ISO strings."""
    found: set[str] = set()
    for y, m, d in _ISO.findall(text):
        iso = _valid_date(int(y), int(m), int(d))
        if iso:
            found.add(iso)
    for d, m, y in _DMY.findall(text):
        iso = _valid_date(int(y), int(m), int(d))
        if iso:
            found.add(iso)
    # Month names are matched on folded text so `März`, `février` and `1er` work alike.
    folded = fold(text.replace("1er", "1"))
    for d, month, y in _D_MONTH_Y.findall(folded):
        iso = _valid_date(int(y), MONTHS[month], int(d))
        if iso:
            found.add(iso)
    for month, d, y in _MONTH_D_Y.findall(folded):
        iso = _valid_date(int(y), MONTHS[month], int(d))
        if iso:
            found.add(iso)
    return frozenset(found)


@lru_cache(maxsize=1024)
def extract_numbers(text: str) -> frozenset[float]:
    """Every number written in the text (thousands separators and `Mio` understood)."""
    found: set[float] = set()
    for match in _NUMBER.finditer(text):
        whole, frac = match.group(1), match.group(2)
        digits = re.sub(r"\D", "", whole)
        try:
            value = float(f"{digits}.{frac}") if frac else float(digits)
        except ValueError:
            continue
        found.add(value)
        if " " in whole or "\u00a0" in whole or "\u202f" in whole:
            # `in 2019 120 firms` must still yield 120: keep the space-separated parts too
            found.update(float(part) for part in re.split(r"[\s\u00a0\u202f]", whole) if part)
        scale = _SCALE.match(fold(text[match.end() : match.end() + 14]))
        if scale:
            found.add(value * _SCALES.get(scale.group(1), 1.0))
    return frozenset(found)


def match_date(expected: str, text: str) -> tuple[float, str]:
    """1.0 when the ISO date `expected` is written in the text in any usual format."""
    if expected in extract_dates(text):
        return 1.0, f"date {expected} found"
    return 0.0, f"date {expected} missing"


def match_number(expected: str, text: str) -> tuple[float, str]:
    """1.0 when the number is in the text (relative tolerance 0.1 %, e.g. rounded capital)."""
    try:
        target = float(expected.replace("'", "").replace(",", ""))
    except ValueError:
        return match_text(expected, text)
    for value in extract_numbers(text):
        if abs(value - target) <= max(1e-9, abs(target) * 1e-3):
            return 1.0, f"number {expected} found"
    return 0.0, f"number {expected} missing"


def match_uid(expected: str, text: str) -> tuple[float, str]:
    """1.0 when the UID's nine digits (or an old CH number's digits) appear, any punctuation."""
    digits = "".join(_DIGITS.findall(expected))
    if not digits:
        return match_text(expected, text)
    squeezed = re.sub(r"[\s.\-]", "", text)
    if digits in "".join(ch if ch.isdigit() else " " for ch in squeezed).split():
        return 1.0, f"uid {expected} found"
    return 0.0, f"uid {expected} missing"


def match_pub_number(expected: str, text: str) -> tuple[float, str]:
    """1.0 when the publication number, or its numeric part alone, appears."""
    numeric = expected.rsplit("-", 1)[-1]
    if expected.casefold() in text.casefold() or (
        len(numeric) >= 6 and numeric in _DIGITS.findall(text)
    ):
        return 1.0, f"publication {expected} found"
    return 0.0, f"publication {expected} missing"


def match_name(expected: str, text: str) -> tuple[float, str]:
    """1.0 when every distinctive token of the name is in the text (order-insensitive).

    Legal-form words are not required: `Muster AG` written as `Muster SA` still counts,
    since the question is whether the entity was named, not how its form was translated.
    """
    wanted = tokens(expected)
    core = wanted - NAME_NOISE_TOKENS or wanted
    missing = core - tokens(text)
    if not missing:
        return 1.0, f"name {expected!r} found"
    return 0.0, f"name {expected!r} missing ({', '.join(sorted(missing))})"


def match_text(expected: str, text: str) -> tuple[float, str]:
    """1.0 when the folded value is a folded substring of the text (word-aligned)."""
    needle = fold(expected)
    if needle and f" {needle} " in f" {fold(text)} ":
        return 1.0, f"{expected!r} found"
    return 0.0, f"{expected!r} missing"


_MATCHERS = {
    "date": match_date,
    "number": match_number,
    "uid": match_uid,
    "pub_number": match_pub_number,
    "name": match_name,
    "value": match_text,
    "entity_id": match_text,
}


def match_fact(fact: ReferenceFact, text: str) -> tuple[float, str]:
    """Best score over the fact's value and its accepted alternatives."""
    matcher = _MATCHERS[fact.kind]
    best: tuple[float, str] = (0.0, "")
    for candidate in (fact.value, *fact.alternatives):
        score, reason = matcher(candidate, text)
        if score >= 1.0:
            return score, reason
        if not best[1]:
            best = (score, reason)
    return best
