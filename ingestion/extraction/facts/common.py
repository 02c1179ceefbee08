"""What every fact parser reads the same way: amounts, dates, times and the notice's own
bracketed notes (pure, no I/O).

The register writes amounts with apostrophes as thousands separators (`CHF 49'000.00`),
dates as `18.02.2011`, `18.2.2011`, `27. 04. 2000` or with a month name in the notice's
language (`31 octobre 2016`), and times as `14.00 Uhr`, `14h00`, `ore 10.30`. Bracketed notes
(`[bisher: …]`, `[précédemment: …]`, `[finora: …]`, `[gestrichen: …]`) hold the value a notice
replaces, never the new one, so parsers of the current value read the text without them.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from shabgraph.register.folding import fold
from shabgraph.register.months import month_number

AMOUNT: Final = (
    r"(?:CHF|Fr\.|SFr\.|EUR|USD|GBP)\s*(?P<amount>\d{1,3}(?:['’´ ]?\d{3})*(?:[.,]\d{1,2})?|\d+)"
)
"""A currency and its amount, the amount in group `amount`."""

NUMBER: Final = r"\d{1,3}(?:['’´]\d{3})+|\d+"
"""A count as the register writes it (`11'428'571`, `100`)."""

_NUMERIC_DATE: Final = r"\d{1,2}\.\s?\d{1,2}\.\s?\d{4}"
_MONTH_WORD: Final = r"[A-Za-zÀ-ÿ]{3,10}\.?"
DATE: Final = rf"(?P<date>{_NUMERIC_DATE}|\d{{1,2}}\.?\s?{_MONTH_WORD}\s\d{{4}})"
"""A date in any of the register's spellings, in group `date`."""

TIME: Final = (
    r"(?:(?:um|à|a|alle|ore|alle\s+ore|dès|ab)\s+)?"
    r"(?P<time>\d{1,2}(?:[.:h]\d{2}|h|\s?heures|\s?Uhr))(?:\s?(?:Uhr|heures|h))?"
)
"""A clock time (`14.00 Uhr`, `à 14h00`, `alle ore 10.30`), in group `time`."""

_NOTE: Final = re.compile(
    r"\[(?:bisher|früher|previously|précédemment|auparavant|finora|precedentemente|gestrichen"
    r"|radié|biffé|stralciato|nicht|non)\b[^\]]*\]",
    re.IGNORECASE,
)


def current_text(text: str) -> str:
    """The notice without its notes on earlier or struck values (kept as blanks of the same
    length, so that positions in the result are positions in the notice)."""
    return _NOTE.sub(lambda m: " " * len(m.group(0)), text)


def parse_amount(written: str) -> float | None:
    """`49'000.00` -> 49000.0; `1 000` -> 1000.0; None when it is no number."""
    digits = re.sub(r"['’´ ]", "", written).replace(",", ".")
    try:
        return float(digits)
    except ValueError:
        return None


def parse_count(written: str) -> int | None:
    """`11'428'571` -> 11428571."""
    digits = re.sub(r"['’´]", "", written)
    return int(digits) if digits.isdigit() else None


def parse_date(written: str) -> dt.date | None:
    """A date as the register writes it; None when it names no valid day."""
    m = re.fullmatch(r"(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})", written.strip())
    if m:
        day, month, year = (int(g) for g in m.groups())
    else:
        m = re.fullmatch(r"(\d{1,2})\.?\s?(\S+)\s(\d{4})", written.strip())
        number = month_number(fold(m.group(2))) if m else None
        if not m or number is None:
            return None
        day, month, year = int(m.group(1)), number, int(m.group(3))
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def parse_time(written: str) -> str | None:
    """`14.00`, `14h00`, `14 Uhr`, `9h` -> `14:00` / `09:00`; None when out of range."""
    m = re.match(r"(\d{1,2})(?:[.:h](\d{2}))?", written.strip())
    if not m:
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if hour > 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}"


def sentences(text: str) -> list[tuple[int, str]]:
    """(start, sentence) pieces of a notice: a full stop followed by a capital or a bracket
    ends one, unless it closes an abbreviation (`Dr.`, `St.`, `S.`) or a day number (`18.`)."""
    out: list[tuple[int, str]] = []
    start = 0
    for m in _STOP.finditer(text):
        before = text[start : m.start()].rsplit(None, 1)
        if before and _NO_STOP.fullmatch(before[-1]):
            continue
        out.append((start, text[start : m.start() + 1]))
        start = m.end()
    if start < len(text):
        out.append((start, text[start:]))
    return out


_STOP: Final = re.compile(r"\.\s+(?=[A-ZÄÖÜÀ-Ý\[])")
_NO_STOP: Final = re.compile(r"[A-Za-z][a-zäöü]{0,2}|\d{1,2}")
