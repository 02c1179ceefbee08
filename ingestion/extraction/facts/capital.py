"""Capital facts: a partner's contribution (quotas of a GmbH/Sàrl, the old contribution, a
limited partner's sum, cooperative shares) and the share classes of a company limited by
shares, from the register's fixed phrases in German, French and Italian (pure).

Contributions follow the person they belong to: "…, Gesellschafter, mit 100 Stammanteilen zu
je CHF 100.00", "mit einer Stammeinlage von CHF 49'000", "…, associé, pour 200 parts sociales
de CHF 100", "…, socio, con 102 quote da CHF 100", "Kommanditär mit einer Kommanditsumme von
CHF 10'000". Share classes follow the capital: "Aktien: 100 Namenaktien zu CHF 1'000",
"eingeteilt in …", "divisé en 270 actions de CHF 1'000, nominatives", "suddiviso in 100 azioni
nominative da CHF 1'000", with the paid-in amount ("Liberierung", "libéré", "liberato").
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from ingestion.extraction.facts.common import (
    AMOUNT,
    NUMBER,
    current_text,
    parse_amount,
    parse_count,
    sentences,
)
from shabgraph.register.folding import fold


class Contribution(NamedTuple):
    """What one partner holds or owes."""

    quantity: int | None
    """Number of quotas or shares (1 for "einem Stammanteil", "une part"; None for a sum)."""
    nominal: float | None
    """Nominal value of one quota or share (CHF), or the sum when there is no count."""
    kind: str
    """quota (Stammanteil, part sociale, quota) / contribution (old-law Stammeinlage) /
    limited_sum (Kommanditsumme, commandite, accomandita) / cooperative_share."""
    amount: float | None
    """Total: count x nominal, or the sum."""


class ShareClass(NamedTuple):
    """One class of shares of a company."""

    quantity: int
    """Number of shares."""
    nominal: float
    """Nominal value of one share (CHF)."""
    kind: str
    """registered / bearer / voting / participation / quota / unknown."""


_ONE: Final = r"(?:einem|einer|eine|einen|une|un|una|uno)"
_QUOTA_WORDS: Final = (
    r"Stammanteil(?:e|en|s)?|parts?\s+sociales?|parts?|quote|quota|quote\s+sociali|quota\s+sociale"
)
_CONTRIBUTION: Final = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        # a count of quotas of a nominal value: "mit 100 Stammanteilen zu je CHF 100"
        rf"(?:mit|pour|con|avec|titulaire\s+de|detentore\s+di)\s+(?P<count>{NUMBER}|{_ONE})\s+"
        rf"(?P<word>{_QUOTA_WORDS}|Anteilscheine?n?|parts?\s+sociales?|Genossenschaftsanteile?n?)"
        rf"\s+(?:zu\s+je|zu|von\s+je|von|à|de|da|di|ciascuna\s+da)\s+{AMOUNT}",
        # one contribution or sum: "mit einer Stammeinlage von CHF 49'000"
        rf"(?:mit|pour|con|avec)\s+{_ONE}\s+(?P<word>Stammeinlage|Kommanditsumme|Kommanditeinlage"
        rf"|commandite|accomandita|apport|Einlage|conferimento)\s+(?:von|de|di|da)\s+{AMOUNT}",
    )
)


def _kind(word: str) -> str:
    folded = fold(word)
    if "kommandit" in folded or "commandit" in folded or "accomandit" in folded:
        return "limited_sum"
    if "anteilschein" in folded or "genossenschaft" in folded:
        return "cooperative_share"
    if "einlage" in folded or "apport" in folded or "conferimento" in folded:
        return "contribution"
    return "quota"


def contribution(segment: str) -> Contribution | None:
    """The contribution a person's or company's entry states, else None."""
    segment = current_text(segment)
    for pattern in _CONTRIBUTION:
        m = pattern.search(segment)
        if not m:
            continue
        written = m.groupdict().get("count")
        count = 1 if written is None or re.fullmatch(_ONE, written, re.I) else parse_count(written)
        nominal = parse_amount(m.group("amount"))
        kind = _kind(m.group("word"))
        if kind == "limited_sum":  # a liability ceiling, not shares
            return Contribution(None, None, kind, nominal)
        amount = count * nominal if count is not None and nominal is not None else None
        return Contribution(count, nominal, kind, amount)
    return None


_CLASS: Final = re.compile(
    rf"(?P<count>{NUMBER})\s+(?:voll\s+liberierte\s+|vinkulierte\s+)?"
    r"(?P<word>Namenaktien|Inhaberaktien|Stimmrechtsaktien|Aktien|Partizipationsscheine"
    r"|Stammanteile|actions|azioni|bons\s+de\s+participation|buoni\s+di\s+partecipazione"
    r"|parts\s+sociales|quote)"
    r"(?P<after_word>\s+(?:nominatives?|au\s+porteur|nominative|al\s+portatore))?"
    rf"\s+(?:zu\s+je|zu|von|à|de|da|di)\s+{AMOUNT}"
    r"(?P<after_amount>\s*,?\s*(?:nominatives?|au\s+porteur|nominative|al\s+portatore))?",
    re.IGNORECASE,
)
_CAPITAL_CONTEXT: Final = (
    "aktien:", "aktienkapital", "eingeteilt in", "capital-actions", "capital actions",
    "actions:", "divise en", "capitale azionario", "azioni:", "suddiviso in", "stammkapital",
    "capital social", "capitale sociale", "partizipationskapital",
)  # fmt: skip
_ISSUE_WORDS: Final = ("ausgabe von", "emission de", "emissione di", "durch ausgabe")
_PAID: Final = re.compile(
    rf"(?:Liberierung(?:\s+\w+)?|liberiert\s+(?:mit|zu)|libéré\s+(?:à\s+concurrence\s+de|à|de)"
    rf"|liberato\s+(?:per|a|in\s+ragione\s+di)|Einzahlung)\s*:?\s*{AMOUNT}",
    re.IGNORECASE,
)
_FULLY_PAID: Final = (
    "voll liberiert", "vollstandig liberiert", "entierement libere", "integralement libere",
    "interamente liberato", "completamente liberato", "100% liberiert",
)  # fmt: skip


def _class_kind(words: str) -> str:
    folded = fold(words)
    if "namen" in folded or "nominativ" in folded:
        return "registered"
    if "inhaber" in folded or "porteur" in folded or "portatore" in folded:
        return "bearer"
    if "stimmrecht" in folded:
        return "voting"
    if "partizipation" in folded or "participation" in folded or "partecipazione" in folded:
        return "participation"
    if "stamm" in folded or "parts sociales" in folded or "quote" in folded:
        return "quota"
    return "unknown"


def share_classes(text: str) -> tuple[list[ShareClass], float | None, bool]:
    """(classes, paid-in amount, fully paid) the notice states for its capital."""
    low = text.lower()
    if not any(w in low for w in ("aktien", "action", "azion", "stammant", "parts soc", "quot")):
        return [], None, False
    classes: list[ShareClass] = []
    paid: float | None = None
    fully = False
    for _, sentence in sentences(current_text(text.replace("’", "'"))):
        folded = fold(sentence)
        if not any(w in folded for w in _CAPITAL_CONTEXT):
            continue
        for m in _CLASS.finditer(sentence):
            before = fold(sentence[max(0, m.start() - 25) : m.start()])
            if any(w in before for w in _ISSUE_WORDS):
                continue  # an issue of new shares is a change, not the class
            count, nominal = parse_count(m.group("count")), parse_amount(m.group("amount"))
            if count is None or nominal is None:
                continue
            words = " ".join(
                x or "" for x in (m.group("word"), m.group("after_word"), m.group("after_amount"))
            )
            classes.append(ShareClass(count, nominal, _class_kind(words)))
        p = _PAID.search(sentence)
        if p and paid is None:
            paid = parse_amount(p.group("amount"))
        fully = fully or any(w in folded for w in _FULLY_PAID)
    return classes, paid, fully
