"""Dates in a question: a day (ISO, dotted, with a month name in the four languages, the end,
start or middle of a year) and a period of years (one year, a range, "since", "after",
"before"). Pure functions over the folded question."""

from __future__ import annotations

import re
from datetime import date

from shabgraph.register.folding import fold_accents, has_any
from shabgraph.register.months import month_number

ISO_RE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
DOTTED_RE = re.compile(r"\b(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})\b")
WORD_DATE_RE = re.compile(r"\b(\d{1,2})(?:\.|er|st|nd|rd|th)?\s+([a-z]+)\.?\s+(\d{4})\b")
EN_DATE_RE = re.compile(r"\b([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})\b")
YEAR_RE = re.compile(r"\b(19\d{2}|20\d{2})\b")


def _mkdate(y: int, m: int, d: int) -> str | None:
    try:
        return date(y, m, d).isoformat()
    except ValueError:
        return None


YEAR_END_RE = re.compile(
    r"\b(?:ende|end of|end|fin|fine|a fine|alla fine)\s+(?:de\s+|del\s+|des jahres\s+|the year\s+|"
    r"l'annee\s+|dell'anno\s+)?(\d{4})\b"
)
YEAR_START_RE = re.compile(
    r"\b(?:anfang|beginning of|start of|early|debut|inizio|all'inizio)\s+(?:de\s+|del\s+|des jahres\s+|"
    r"the year\s+|l'annee\s+|dell'anno\s+)?(\d{4})\b"
)
""""Ende 2013", "fin 2013", "a fine 2013", "end of 2013": the last day of the year (and the
first day for "Anfang 2010", "début 2010", "inizio 2010")."""
YEAR_MID_RE = re.compile(
    r"(?<![a-z])(?:mitte|mid|middle of|the middle of|mi|milieu|a la mi|a mi|meta|a meta|"
    r"verso la meta)[\s-]+(?:de\s+|del\s+|des jahres\s+|the year\s+|l'annee\s+|dell'anno\s+)?"
    r"(\d{4})\b"
)
"""'Mitte 2012', 'mid-2012', 'à la mi-2012', 'a metà 2012': the middle of the year (30 June)."""


def part_of_year(folded: str) -> tuple[str, str] | None:
    """The months a start, middle or end of a year covers ("début 2017": January to April,
    "Mitte 2012": May to August, "Ende 2013": September to December), else None."""
    if m := YEAR_START_RE.search(folded):
        return f"{m[1]}-01-01", f"{m[1]}-04-30"
    if m := YEAR_MID_RE.search(folded):
        return f"{m[1]}-05-01", f"{m[1]}-08-31"
    if m := YEAR_END_RE.search(folded):
        return f"{m[1]}-09-01", f"{m[1]}-12-31"
    return None


ORDINAL_RE = re.compile(r"\b(\d{1,2})(?:\s?[°º]|er|re|st|nd|rd|th)(?=\s)")


WRITTEN_DATE_RE = re.compile(
    r"(?<!\w)\d{1,2}(?:\.|er|st|nd|rd|th)?\s+(?P<a>[^\W\d_]+)\.?\s+\d{4}(?!\w)"
    r"|(?<!\w)(?P<b>[^\W\d_]+)\.?\s+\d{1,2},?\s+\d{4}(?!\w)"
)
"""A date with its month in words, as the question writes it ("3 Aug 2019", "May 3, 2019")."""


def without_written_dates(question: str) -> str:
    """The question with its dates in words blanked: "Aug" in "3 Aug 2019" names no entity."""

    def blank(m: re.Match[str]) -> str:
        word = m["a"] or m["b"]
        return " , " if month_number(fold_accents(word)) else m[0]

    return WRITTEN_DATE_RE.sub(blank, question)


def find_full_date(folded: str) -> str | None:
    """A day-precise date written as ISO, dotted, or with a month name in any of the languages;
    the end or start of a year ("Ende 2013") as its last or first day."""
    folded = ORDINAL_RE.sub(r"\1", folded)  # "il 1° gennaio", "le 1er mai", "1st May"
    if m := YEAR_END_RE.search(folded):
        return f"{m[1]}-12-31"
    if m := YEAR_START_RE.search(folded):
        return f"{m[1]}-01-01"
    if m := YEAR_MID_RE.search(folded):
        return f"{m[1]}-06-30"
    if m := ISO_RE.search(folded):
        return _mkdate(int(m[1]), int(m[2]), int(m[3]))
    if m := DOTTED_RE.search(folded):
        return _mkdate(int(m[3]), int(m[2]), int(m[1]))
    # between a day and a year a month may be abbreviated ("3 Aug 2019", "3 févr. 2015")
    for m in WORD_DATE_RE.finditer(folded):
        if month := month_number(m[2]):
            return _mkdate(int(m[3]), month, int(m[1]))
    for m in EN_DATE_RE.finditer(folded):
        if month := month_number(m[1]):
            return _mkdate(int(m[3]), month, int(m[2]))
    return None


SHORT_YEAR_RE = re.compile(
    r"(?:\b(?:in|im|en|nel|del|dal|since|seit|depuis)\s+|['’])(\d{2})(?=\s*(?:[?!.,;)]|$))"
    r"|\b(?:jahr|year|anno|annee)\s+(\d{2})\b(?![.,:]?\d)"
)
"""A year written with two digits after a time word or an apostrophe at the end of a clause
("registered in 09?", "im Jahr 09", "en '09"): the register's years are this century's when
not later than next year, else the last century's."""


def short_years(folded: str) -> list[int]:
    """The years written with two digits (see `SHORT_YEAR_RE`)."""
    now = date.today().year % 100
    return [
        (2000 if int(y) <= now + 1 else 1900) + int(y)
        for m in SHORT_YEAR_RE.finditer(folded)
        if (y := m[1] or m[2])
    ]


def find_period(folded: str) -> tuple[str | None, str | None]:
    """(from, to) of the years named: one year is that year, two are a range, "since" is open."""
    plain = ISO_RE.sub(" ", DOTTED_RE.sub(" ", folded))
    years = sorted({int(y) for y in YEAR_RE.findall(plain)} or set(short_years(plain)))
    if not years:
        return None, None
    if len(years) == 1 and has_any(folded, ("dopo il", "dopo", "after", "nach ", "apres")):
        return f"{years[0] + 1}-01-01", None  # "after 2024": from 2025 on
    if len(years) == 1 and has_any(folded, ("since", "seit", "depuis", "dal ", "ab ")):
        return f"{years[0]}-01-01", None
    if len(years) == 1 and has_any(
        folded, ("before", "until", "bis ", "vor ", "avant", "jusqu", "prima del", "fino")
    ):
        return None, f"{years[0] - 1}-12-31"
    return f"{years[0]}-01-01", f"{years[-1]}-12-31"
