"""Answers about the amounts and addresses a notice states in fixed phrases: the balance sheet a
merger, conversion or transfer rests on, the share premium (Agio) of a capital increase, the
address a liquidation is run from, the day a partnership or sole proprietorship began.

The build keeps each as a company state (`balance`, `share_premium`, `liquidation_address`, `business_start`, see
docs/graph-model.md); the first sentence states the value with the time it holds for and the
notice, every state follows as evidence.
"""

from __future__ import annotations

import json
from typing import Any

from graph_agent.answers import roles as rl
from graph_agent.answers.fact_record import Facts, neg
from graph_agent.answers.phrases import day, fact_name, say, span
from graph_agent.planners.offline.asks import Ask

Rec = dict[str, Any]

NOTICE_FACTS = ("balance", "share_premium", "liquidation_address", "business_start")
"""Facts kept from a notice's fixed phrases; each answers before the broader fact its words
contain ("Liquidationsadresse" holds "Adresse", "Agio der Kapitalerhöhung" names the capital)."""


def chf(value: object) -> str:
    """An amount as the register writes it, with cents: CHF 1'234.50."""
    try:
        num = float(str(value))
    except (TypeError, ValueError):
        return str(value)
    return "CHF " + f"{num:,.2f}".replace(",", "'")


def _picked(f: Facts, attribute: str, ask: Ask) -> tuple[list[Rec], Rec | None]:
    """(all states, the one the question's time asks for: the last up to its day, else the
    latest)."""
    rows = f.of(attribute)
    if not rows:
        return rows, None
    if ask.as_of:
        upto = [s for s in rows if str(s.get("valid_from") or "") <= ask.as_of]
        return rows, (upto or rows)[-1]
    if ask.date_from or ask.date_to:
        hit = [s for s in rows if rl.overlaps(s, ask.date_from, ask.date_to)]
        return rows, (hit or rows)[-1]
    return rows, rows[-1]


def _sheet(value: object) -> dict[str, Any]:
    """The balance state's JSON ({} when unreadable)."""
    try:
        sheet = json.loads(str(value))
    except ValueError:
        return {}
    return sheet if isinstance(sheet, dict) else {}


def _balance_parts(lang: str, sheet: dict[str, Any]) -> str:
    """'Aktiven von CHF … und Passiven (Fremdkapital) von CHF …' in the language."""
    parts = [
        say(lang, key, v=chf(sheet[key]))
        for key in ("assets", "liabilities")
        if sheet.get(key) is not None
    ]
    return say(lang, "and").join(parts) or "-"


def _balance_text(lang: str, name: str, value: object) -> str:
    sheet = _sheet(value)
    kind = say(lang, "balance_interim" if sheet.get("interim") else "balance_kind")
    what = _balance_parts(lang, sheet)
    return say(lang, "balance", kind=kind, name=name, d=day(sheet.get("date")) or "?", what=what)


def notice_fact(f: Facts, fact: str, ask: Ask) -> list[str]:
    """The lead sentence of one notice fact and its evidence lines, or the honest negative."""
    rows, s = _picked(f, fact, ask)
    if s is None:
        return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, fact))]
    lead = _sentence(f, fact, s) + f.c(s)
    lines = [lead]
    if len(rows) > 1:
        lines += [
            f"- {_value(f.lang, fact, r)} ({span(f.lang, r.get('valid_from'), r.get('valid_to'))})"
            + f.c(r)
            for r in rows
        ]
    elif fact != "business_start":  # the lead already states the one day
        lines.append(f"- {day(s.get('valid_from'))}: {_value(f.lang, fact, s)}" + f.c(s))
    return lines


def _sentence(f: Facts, fact: str, s: Rec) -> str:
    if fact == "balance":
        return _balance_text(f.lang, f.name, s.get("value"))
    if fact == "share_premium":
        return say(
            f.lang, "share_premium", name=f.name, v=chf(s.get("value")), d=day(s.get("valid_from"))
        )
    if fact == "business_start":
        return say(f.lang, "business_start", name=f.name, v=day(s.get("value")))
    return say(f.lang, "liquidation_address", name=f.name, v=s.get("value"))


def _value(lang: str, fact: str, s: Rec) -> str:
    if fact == "share_premium":
        return chf(s.get("value"))
    if fact == "business_start":
        return day(s.get("value"))
    if fact == "balance":
        sheet = _sheet(s.get("value"))
        kind = say(lang, "balance_interim" if sheet.get("interim") else "balance_kind")
        return f"{kind} {day(sheet.get('date'))}: " + _balance_parts(lang, sheet).replace("**", "")
    return str(s.get("value"))
