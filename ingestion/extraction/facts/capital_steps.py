"""Successive capital states one sentence states (pure): "hat das Stammkapital von CHF X auf
CHF Y und später auf CHF Z erhöht", "le capital-actions a été porté de CHF X à CHF Y puis à
CHF Z", "il capitale azionario è stato aumentato da CHF X a CHF Y e poi a CHF Z".

The register writes a capital change as the capital noun, a change verb (before the amounts in
French and Italian, usually after them in German) and the amounts: the one after "from" (von /
de / da) is the state before the notice, each one after "to" (auf / à / a) is a state the
capital passed through, in text order, and the last of them is the current one. A chain goes on
only through "and (then / later)" (und später, puis, et ensuite, e poi, e successivamente); an
amount "by" which it changed (um / de / di CHF …, without a "to" after it), a share premium or
a balance sheet figure is no state. A structured block gives only the current capital, so the
states in between are read here.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from ingestion.extraction.facts.common import AMOUNT, current_text, parse_amount, sentences
from shabgraph.register.folding import fold


class CapitalSteps(NamedTuple):
    """The capital states of one sentence, in text order."""

    kind: str
    """share (Aktienkapital, capital-actions, capitale azionario) / quota (Stammkapital,
    capital social, capitale sociale) / participation / cooperative / capital (the noun alone)."""
    before: float | None
    """The capital before the notice ("von CHF X auf …"), when the sentence gives it."""
    states: tuple[float, ...]
    """Every state after it, in text order; the last is the current capital."""
    currency: str
    """The currency of the states as written (CHF, EUR …)."""
    position: int
    """Offset of the capital noun in the notice (orders several sentences)."""


_NOUN: Final = re.compile(
    r"(?P<noun>(?<![\w-])(?:Aktien|Stamm|Partizipations|Genossenschafts|Grund|Dotations)?"
    r"[Kk]apital(?![\w-])|(?<![\w-])[Cc]apital(?:e)?(?:-actions|-participation| social[e]?"
    r"| azionario| de participation| di partecipazione| de dotation| di dotazione)?(?![\w-]))"
)
_CHANGE: Final = re.compile(
    r"(?<![\w-])(?:(?:erhöht|herabgesetzt|reduziert|heraufgesetzt|increased|reduced)"
    r"|(?:porté|augmenté|réduit|ramené|élevé|diminué)(?:e|s|es)?"
    r"|(?:aumentat|ridott|portat|elevat|diminuit)[oaie])(?![\w-])"
    r"|Kapitalerhöhung|Kapitalherabsetzung|[Aa]ugmentation|[Rr]éduction|[Aa]umento|[Rr]iduzione"
)
"""A word of a capital change (verb or noun): a capital sentence without one states no change."""
_TO: Final = r"(?:auf|à|a|to)\s+"
_BEFORE: Final = AMOUNT.replace("?P<amount>", "?P<before>")
_OPEN: Final = re.compile(
    rf"(?:(?:von|de|da|from)\s+{_BEFORE}\s+|(?:um|by)\s+{AMOUNT.replace('?P<amount>', '?:')}\s+)?"
    + _TO
    + AMOUNT
)
_CURRENCY: Final = re.compile(r"CHF|Fr\.|SFr\.|EUR|USD|GBP")
_THEN: Final = (
    r"(?:später|anschliessend|danach|dann|hierauf|sodann|nachher|ensuite|puis|successivement"
    r"|enfin|poi|successivamente|quindi|infine|in\s+seguito|then|later)"
)
_VERB_AFTER: Final = r"(?:\s+(?:erhöht|herabgesetzt|reduziert|heraufgesetzt)(?:\s+worden)?)?"
"""The German participle between a state and the next link ("von X auf Y herabgesetzt und
anschliessend auf Z erhöht")."""
_NEXT: Final = re.compile(
    _VERB_AFTER + rf"\s*,?\s+(?:(?:und|et|e|and)\s+(?:{_THEN}\s+)?|{_THEN}\s+)" + _TO + AMOUNT
)
_BRACKET: Final = re.compile(
    AMOUNT
    + r"\s*\[\s*(?:bisher|früher|précédemment|auparavant|finora|prima|previously)\s*:\s*"
    + _BEFORE
    + r"\s*\]"
)
"""A current amount with the earlier one in a note: "CHF 200'000 [bisher: CHF 100'000]"."""
_WINDOW: Final = 160
"""Characters after the capital noun in which its first amount is written."""


def _kind(noun: str) -> str:
    folded = fold(noun)
    if "aktien" in folded or "actions" in folded or "azionario" in folded:
        return "share"
    if "stamm" in folded or "social" in folded:
        return "quota"
    if "partizipation" in folded or "participation" in folded or "partecipazione" in folded:
        return "participation"
    if "genossenschaft" in folded:
        return "cooperative"
    return "capital"


def _chain(sentence: str, start: int) -> tuple[float | None, list[float], str] | None:
    """(before, states, currency) of the amounts that follow a capital noun ending at `start`:
    the first amount after the noun must open the chain, else the noun names no change."""
    m = _OPEN.search(sentence, start, start + _WINDOW)
    if m is None or _CURRENCY.search(sentence, start, m.start()):
        return None
    before = parse_amount(m["before"]) if m["before"] else None
    states = [parse_amount(m["amount"])]
    end = m.end()
    while (n := _NEXT.match(sentence, end)) is not None:
        states.append(parse_amount(n["amount"]))
        end = n.end()
    unit = _CURRENCY.search(sentence, m.start("amount") - 6, m.start("amount"))
    return before, [s for s in states if s is not None], unit.group(0) if unit else "CHF"


def capital_steps(text: str) -> list[CapitalSteps]:
    """Every capital change sentence of a notice with its states (see the module doc)."""
    if "apital" not in text:
        return []
    out: list[CapitalSteps] = []
    body = current_text(text.replace("’", "'"))
    for offset, sentence in sentences(body):
        if "apital" not in sentence or not _CHANGE.search(sentence):
            continue
        for noun in _NOUN.finditer(sentence):
            found = _chain(sentence, noun.end())
            if found is None:
                continue
            before, states, unit = found
            if states:
                out.append(
                    CapitalSteps(
                        _kind(noun["noun"]), before, tuple(states), unit, offset + noun.start()
                    )
                )
                break  # one change per sentence: a second noun repeats the first
    if not out:
        out.extend(_bracketed(text.replace("’", "'")))
    return out


def _bracketed(text: str) -> list[CapitalSteps]:
    """A capital whose earlier amount a note gives ("Aktienkapital: CHF Y [bisher: CHF X]"):
    read on the notice as written, since `current_text` blanks the notes."""
    out: list[CapitalSteps] = []
    for noun in _NOUN.finditer(text):
        m = _BRACKET.search(text, noun.end(), noun.end() + _WINDOW)
        if m is None or _NOUN.search(text, noun.end(), m.start()):
            continue
        before, now = parse_amount(m["before"]), parse_amount(m["amount"])
        if before is not None and now is not None:
            unit = _CURRENCY.search(m.group(0))
            out.append(
                CapitalSteps(
                    _kind(noun["noun"]),
                    before,
                    (now,),
                    unit.group(0) if unit else "CHF",
                    noun.start(),
                )
            )
            break
    return out
