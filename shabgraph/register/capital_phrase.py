"""How a notice states a company's capital in words: "Stammkapital: CHF 20'000", "Aktienkapital
neu: CHF 250'000", "Capital social : CHF 20'000", "capitale sociale: CHF 20'000", "Kapital bisher
CHF 50'000, neu CHF 100'000".

Old daily notices have no structured block: this phrase is the only place their capital is
written. The build reads it into the capital history; the answers read it where a graph built
before that has none.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

CAPITAL_RE: Final = re.compile(
    r"(?:Stammkapital|Aktienkapital|Kapital|capital(?:-actions| social| sociale| azionario)?|"
    r"capitale(?: sociale| azionario)?)(?:\s+neu|\s+nouveau|\s+nuovo)?\s*:?\s*"
    r"(?:bisher\s+[^,;]+,\s*neu\s*)?"
    r"(?P<cur>CHF|EUR)\s*(?P<v>\d[\d'’.,]*)",
    re.IGNORECASE,
)
"""The capital word, an optional "neu"/"nouveau"/"nuovo" or "bisher …, neu", then the amount."""


class StatedCapital(NamedTuple):
    """The capital a notice's words state."""

    currency: str
    """CHF or EUR, as written."""
    text: str
    """The amount as written ("20'000", "114'285.71")."""
    amount: float | None
    """The amount as a number (None when the digits do not read as one)."""


def amount_of(digits: str) -> float | None:
    """The number of an amount as the register writes it: "100'000", "100’000.00",
    "114'285.71" or "20 000,50"; None when it reads as none."""
    digits = re.sub(r"[^\d.,]", "", digits).rstrip(".,")
    if not digits:
        return None
    if "," in digits and "." not in digits and len(digits.rsplit(",", 1)[-1]) == 2:
        digits = digits.replace(",", ".")  # a decimal comma
    try:
        return float(digits.replace(",", ""))
    except ValueError:
        return None


def stated_capital(text: str | None) -> StatedCapital | None:
    """The first capital the text states in the register's phrase, else None."""
    m = CAPITAL_RE.search(text or "")
    if not m:
        return None
    written = m["v"].rstrip(".,")
    return StatedCapital(m["cur"].upper(), written, amount_of(written))
