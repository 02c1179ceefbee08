"""The capital over time: the graph's capital states, completed by what older notices state.

The build keeps capital states from structured notices; an old daily notice states the capital
only in its text ("Aktienkapital: CHF 100'000", "Capital-actions: CHF 500'000", "capitale
azionario: CHF …") and a change notice writes the value before it in brackets ("[bisher: CHF
100'000]", "[précédemment: …]", "[finora: …]"). A question about the capital in 2010, before
an increase, or over time needs the value in force then, so the timeline holds both, each value
with the notice that states it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from graph_agent.answers import fact_text as ft
from graph_agent.answers.fact_record import Facts, when_text
from graph_agent.answers.phrases import say, span
from graph_agent.planners.offline.asks import Ask
from shabgraph.register.capital_phrase import amount_of

Rec = dict[str, Any]

PREVIOUS_RE = re.compile(
    r"\[(?:bisher|précédemment|precedemment|finora|previously)\s*:?\s*(?P<cur>CHF|EUR)\s*"
    r"(?P<v>\d[\d'’.,]*)"
    r"|(?:kapital|capital|capitale)[\w-]*[^.;]{0,40}?\b(?:von|de|da|from)\s+(?:CHF|EUR)\s*"
    r"(?P<w>\d[\d'’.,]*)\s+(?:auf|à|a|to)\s+(?:CHF|EUR)",
    re.IGNORECASE,
)
"""The value before a change: "[bisher: CHF 20'000]", "capital-actions porté de CHF 300'000 à
CHF 450'000", "Aktienkapital von CHF 200'000 auf CHF 800'000 erhöht"."""


@dataclass(frozen=True)
class Value:
    """One capital value and the day from which a notice states it ("" = before the first)."""

    day: str
    """The day from which the value holds ("" = not known: before the notice that names it)."""
    amount: float
    source: Rec
    previous: bool = False
    """The value a change notice says was in force before it."""
    key: str = ""
    """Chronological sort key (a previous value sorts just before its change)."""


def amount(text: str | None) -> float | None:
    """The number of 'CHF 100'000.00', else None."""
    return amount_of((text or "").split(" ", 1)[-1])


def timeline(f: Facts) -> list[Value]:
    """Capital values in the order they took effect, consecutive repeats merged."""
    found: list[Value] = []
    own = {str(r.get("id")) for r in [f.entity] if r.get("id")} | set(f.selves)
    for e in f.events:
        if e.get("subject_id") and own and str(e.get("subject_id")) not in own:
            continue  # a notice about another company that names this one
        text = e.get("text")
        d = str(e.get("journal_date") or e.get("pub_date") or "")
        if (m := PREVIOUS_RE.search(text or "")) and (a := amount(m["v"] or m["w"])) is not None:
            found.append(Value("", a, e, previous=True, key=_before(d)))
        if (a := amount(ft.capital_in(text))) is not None:
            # what a notice states holds after it (after any state it passed through)
            found.append(Value(d, a, e, key=d + "~" if d else d))
    for s in f.of("capital"):
        if (a := amount(f"x {s.get('value')}")) is not None:
            day = str(s.get("valid_from") or "")
            # a state a notice passed through sorts before the one it left on the same day
            passed = s.get("inferred") == "intermediate" or (day and s.get("valid_to") == day)
            found.append(Value(day, a, s, key=day if passed or not day else day + "~"))
    found.sort(key=lambda v: v.key)
    merged: list[Value] = []
    for v in found:
        if merged and merged[-1].amount == v.amount:
            continue
        merged.append(v)
    return merged


def _before(d: str) -> str:
    """A sort key just before a day (the value a notice says was in force until then)."""
    return d[:-1] + chr(ord(d[-1]) - 1) + "~" if d else ""


def money(a: float) -> str:
    """CHF 100'000 (cents only when there are any)."""
    text = f"{a:,.2f}".replace(",", "'")
    return "CHF " + (text[:-3] if text.endswith(".00") else text)


def capital_answer(f: Facts, ask: Ask) -> list[str] | None:
    """The capital at the question's time, before a change, or over time; None when the
    graph's states alone answer (no time, or no older value in the notices)."""
    values = timeline(f)
    if len(values) < 2 and not (values and (ask.as_of or ask.date_from or ask.date_to)):
        return None
    states = f.of("capital")
    from_text = [v for v in values if v.source.get("record_type") != "state"]
    over_time = ask.has("over_time", "changes", "happened") and not (ask.as_of or ask.date_to)
    if (over_time or (ask.has("past") and not ask.has("now", "before") and not _timed(ask))) and (
        not from_text
    ):
        return None  # the states alone tell the story (the usual evidence lines)
    if over_time or (ask.has("past") and not ask.has("now", "before") and not _timed(ask)):
        lead = say(f.lang, "capital", name=f.name, when="", v=money(values[-1].amount))
        return [lead + f.c(values[-1].source), *(_line(f, v, values) for v in values)]
    if ask.has("before"):
        pick = _before_change(values, ask)
        if pick is None:
            return None
    elif _timed(ask):
        end = ask.as_of or ask.date_to or ""
        first = str(states[0].get("valid_from") or "") if states else ""
        if first and first <= end:
            return None  # a state holds then: the graph's own interval answers
        upto = [v for v in values if v.day <= end + "~"]
        if not upto:
            return None
        pick = upto[-1]
    else:
        return None
    when = "" if ask.has("before") else when_text(f.lang, ask)  # the line below says until when
    lead = say(f.lang, "capital", name=f.name, when=when, v=money(pick.amount))
    return [lead + f.c(pick.source), _line(f, pick, values)]


def _before_change(values: list[Value], ask: Ask) -> Value | None:
    """The value before the change the question names (in its period), else before the period,
    else before the latest change."""
    start, end = ask.date_from or ask.as_of, ask.date_to or ask.as_of
    if not (start or end):
        # in force before the latest notice: not a value that notice passed through that day
        prior = [v for v in values[:-1] if v.day < values[-1].day]
        return prior[-1] if prior else (values[-2] if len(values) > 1 else None)
    changes = [
        i
        for i, v in enumerate(values)
        if not v.previous and i and (start or "") <= v.day <= (end or "9999") + "~"
    ]
    if changes:
        return values[changes[0] - 1]
    earlier = [v for v in values if start and v.day < start]
    return earlier[-1] if earlier else None


def _timed(ask: Ask) -> bool:
    return bool(ask.as_of or ask.date_from or ask.date_to)


def _line(f: Facts, v: Value, values: list[Value]) -> str:
    later = [w.day for w in values if w.key > v.key and w.day]
    start = v.day or None
    end = later[0] if later else None
    if start and v.source.get("valid_to") == start:
        end = start  # a state the notice passed through on its own day
    return f"- {money(v.amount)} ({span(f.lang, start, end)})" + f.c(v.source)
