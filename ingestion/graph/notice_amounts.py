"""Facts the register writes in fixed phrases that no other parser reads (pure, no I/O): the
balance sheet a merger, conversion or transfer is based on, the share premium of a capital
increase, the address the liquidation is run from, and a bankruptcy opening stated only as
the cause of a dissolution.

- Balance: "gemäss Umwandlungsplan vom … und Zwischenbilanz per 31.05.2020 mit Aktiven von
  CHF 1'000.00 und Passiven (Fremdkapital) von CHF 800.00", "bilan (intermédiaire) au …,
  actifs de CHF … et passifs (fonds étrangers) de CHF …", "bilancio (intermedio) al …, attivi
  di CHF … e passivi (capitale di terzi) di CHF …".
- Share premium: "ein Agio von CHF …", "une prime d'émission (un agio) de CHF …", "un aggio /
  sovrapprezzo di CHF …".
- Liquidation address: "Liquidationsadresse: …", "Domizil der Liquidation: …", "Adresse de
  liquidation: …", "Domicile de liquidation: …", "Indirizzo/Recapito/Domicilio di
  liquidazione: …", up to the end of its sentence.
- Business start of a partnership or sole proprietorship: "Beginn: 01.12.2016", "Début:
  01.02.2008", "Inizio: …" (the day the firm began, which its registration may follow).
- Former seat in the head of a notice that moves the seat ("Alpha SA, finora in Gordola,
  CHE-…", "Beta AG, bisher in Uster, …", "Gamma SA, précédemment à Bulle, …").
- Bankruptcy opening: a company is dissolved by the opening of its bankruptcy, so "infolge
  Konkurseröffnung mit Entscheid vom … aufgelöst" dates the opening; so does a labelled date
  ("Datum der Konkurseröffnung: …", "date de l'ouverture de la faillite: …", "data
  dell'apertura del fallimento: …").
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final, NamedTuple

from ingestion.extraction.facts.common import (
    AMOUNT,
    DATE,
    current_text,
    parse_amount,
    parse_date,
    sentences,
)


class Balance(NamedTuple):
    """The balance sheet a notice names."""

    interim: bool
    """An interim balance (Zwischenbilanz, bilan intermédiaire, bilancio intermedio)."""
    date: dt.date | None
    """Its closing date."""
    assets: float | None
    """Assets (Aktiven, actifs, attivi)."""
    liabilities: float | None
    """Liabilities (Passiven / Fremdkapital, passifs / fonds étrangers, passivi)."""


_BALANCE: Final = re.compile(
    r"\b(?P<kind>Zwischenbilanz|Bilanz|Fusionsbilanz|Übertragungsbilanz|bilan\s+intermédiaire"
    r"|situation\s+intermédiaire|bilan|bilancio\s+intermedio|bilancio)\s+"
    r"(?:per|pro|vom|au|du|al|del)\s+" + DATE,
    re.IGNORECASE,
)
_ASSETS: Final = re.compile(
    r"\b(?:Aktiven|actifs?|attivi|attività)\s+(?:von|de|di|pari\s+a)\s+" + AMOUNT, re.IGNORECASE
)
_LIABILITIES: Final = re.compile(
    r"\b(?:Passiven|passifs?|passivi|passività)\s*(?:\([^)]{0,40}\))?\s+(?:von|de|di|pari\s+a)\s+"
    + AMOUNT,
    re.IGNORECASE,
)
_PREMIUM: Final = re.compile(
    r"\b(?:Agio|prime\s+d'émission|prime\s+d’émission|agio|aggio|sovrapprezzo)\s*"
    r"(?:\([^)]{0,30}\))?\s+(?:von|de|di|d')\s*" + AMOUNT,
    re.IGNORECASE,
)
_LIQUIDATION_ADDRESS: Final = re.compile(
    r"\b(?:Liquidationsadresse|Liquidationsdomizil|Domizil\s+der\s+Liquidation"
    r"|Adresse\s+de\s+(?:la\s+)?liquidation|Domicile\s+de\s+(?:la\s+)?liquidation"
    r"|(?:Indirizzo|Recapito|Domicilio)\s+(?:di|della)\s+liquidazione)\s*(?:neu\s*)?:\s*",
    re.IGNORECASE,
)
_OPENING_LABEL: Final = re.compile(
    r"\b(?:Datum\s+der\s+Konkurseröffnung|Konkurseröffnung|date\s+de\s+l'ouverture\s+de\s+la"
    r"\s+faillite|ouverture\s+de\s+la\s+faillite|data\s+dell'apertura\s+del\s+fallimento"
    r"|apertura\s+del\s+fallimento)\s*:\s*" + DATE,
    re.IGNORECASE,
)
_BUSINESS_START: Final = re.compile(
    r"\b(?:Beginn|Geschäftsbeginn|Début|Début\s+de\s+l'activité|Inizio|Inizio\s+dell'attività)"
    r"\s*:\s*" + DATE,
    re.IGNORECASE,
)

_FORMER_SEAT: Final = re.compile(
    r"^[^,\[\]]{2,200}?,\s+(?:bisher|früher|finora|precedentemente|précédemment|auparavant"
    r"|previously|formerly)\s+(?:in|à|a|en)\s+(?P<seat>[^,\[\]]{2,60}?)\s*,"
)

WINDOW: Final = 400
"""Characters after a balance's date in which its assets and liabilities are written."""


def balance(text: str) -> Balance | None:
    """The balance sheet the notice names, with its amounts when it gives them."""
    body = current_text(text)
    m = _BALANCE.search(body)
    if not m:
        return None
    after = body[m.end() : m.end() + WINDOW]
    assets, liabilities = _ASSETS.search(after), _LIABILITIES.search(after)
    if not (assets or liabilities):
        return None  # "Bilanz per …" alone: no figure to keep
    kind = m["kind"].lower()
    return Balance(
        interim="zwischen" in kind or "intermédiaire" in kind or "intermedio" in kind,
        date=parse_date(m["date"]),
        assets=parse_amount(assets["amount"]) if assets else None,
        liabilities=parse_amount(liabilities["amount"]) if liabilities else None,
    )


def share_premium(text: str) -> float | None:
    """The share premium (Agio) a capital increase states, in CHF."""
    m = _PREMIUM.search(current_text(text))
    return parse_amount(m["amount"]) if m else None


def liquidation_address(text: str) -> str | None:
    """The address the liquidation is run from, as written (to the end of its sentence)."""
    body = current_text(text)
    m = _LIQUIDATION_ADDRESS.search(body)
    if not m:
        return None
    rest = body[m.end() :]
    first = sentences(rest)
    value = (first[0][1] if first else rest).split("[")[0].strip().rstrip(".").strip()
    return value[:200] or None


def business_start(text: str) -> dt.date | None:
    """The day a partnership or sole proprietorship began, when its entry states one."""
    m = _BUSINESS_START.search(current_text(text))
    return parse_date(m["date"]) if m else None


def labelled_opening(text: str) -> dt.date | None:
    """A bankruptcy opening date given as a labelled field ("Konkurseröffnung: …")."""
    m = _OPENING_LABEL.search(current_text(text))
    return parse_date(m["date"]) if m else None


def former_seat(text: str) -> str | None:
    """The seat a notice's head names as the former one (the notice that moves it)."""
    m = _FORMER_SEAT.match(text.strip())
    return m["seat"].strip() if m else None
