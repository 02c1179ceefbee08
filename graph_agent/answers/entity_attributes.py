"""Answers about one attribute of an entity: its address, seat, capital and purpose over the
question's time (state rows, or the notice texts when the states do not reach back), its legal
form, its UID and the older federal register numbers.
"""

from __future__ import annotations

import re
from typing import Any

from graph_agent.answers import fact_events as ev
from graph_agent.answers import fact_text as ft
from graph_agent.answers import roles as rl
from graph_agent.answers.capital import capital_answer
from graph_agent.answers.fact_record import Facts, neg, when_text
from graph_agent.answers.labels import label
from graph_agent.answers.labels import say as label_say
from graph_agent.answers.phrases import day, fact_name, form_text, say, span
from graph_agent.planners.offline.asks import Ask
from shabgraph.markdown import escape_inline
from shabgraph.register.legal_forms import by_code

Rec = dict[str, Any]


def pick_states(f: Facts, attribute: str, ask: Ask) -> tuple[list[Rec], bool]:
    """(states, over_time): the values the time of the question asks for."""
    rows = f.of(attribute)
    if ask.as_of:
        return [s for s in rows if rl.valid_on(s, ask.as_of)], False
    if ask.date_from or ask.date_to:
        hit = [s for s in rows if rl.overlaps(s, ask.date_from, ask.date_to)]
        return hit or rows[:1], len(hit) > 1
    if ask.has("over_time", "changes", "happened") or (ask.has("past") and not ask.has("now")):
        return rows, True
    current = [s for s in rows if not s.get("valid_to")]
    return current[-1:] or rows[-1:], False


def before_states(f: Facts, attribute: str, ask: Ask) -> bool:
    """The question's time lies before the first recorded value of the attribute."""
    rows = f.of(attribute)
    first = str(rows[0].get("valid_from") or "") if rows else ""
    end = ask.as_of or ask.date_to or ask.date_from or ""
    return not rows or (bool(first) and end < first)


def _short_purpose(f: Facts, ask: Ask) -> tuple[str, Rec] | None:
    """The purpose as the latest notice up to the question's time repeats it in its head."""
    until = ask.as_of or ask.date_to
    for e in reversed(f.events):
        if until and str(e.get("pub_date") or "") > until:
            continue
        if text := ft.purpose_in(e.get("text")):
            return text, e
    return None


def attribute_answer(f: Facts, fact: str, ask: Ask) -> list[str]:
    """Address, seat, capital, purpose over the question's time, each value cited."""
    lang, when = f.lang, when_text(f.lang, ask)
    if fact == "capital" and (lines := capital_answer(f, ask)):
        return lines
    timed = bool(ask.as_of or ask.date_from or ask.date_to)
    if fact == "seat" and timed and before_states(f, fact, ask) and (moved := ev.head_move(f)):
        # a time before the only move in the data: the seat its notice moves from
        old, move = moved
        return [
            say(lang, "seat", name=f.name, when=when, v=escape_inline(old)) + f.c(move),
            ev.former_seat_line(lang, old, move),
        ]
    rows, many = pick_states(f, fact, ask)
    value = f.entity.get(fact)
    if (
        fact == "address"
        and (ask.as_of or ask.date_from or ask.date_to)
        and before_states(f, fact, ask)
    ) and (text_lines := ev.addresses_in_text(f, ask)):
        return text_lines
    if not rows and value in (None, "") and fact == "purpose" and (short := _short_purpose(f, ask)):
        return [
            say(lang, "purpose", name=f.name, when=when, v=escape_inline(short[0]))
            + " "
            + say(lang, "purpose_short")
            + f.c(short[1])
        ]
    if not rows and value in (None, "") and fact == "capital":
        text = next((t for e in reversed(f.events) if (t := ft.capital_in(e.get("text")))), None)
        src = next((e for e in reversed(f.events) if ft.capital_in(e.get("text"))), None)
        if text and src:
            return [say(lang, "capital", name=f.name, when=when, v=text) + f.c(src)]
    if (
        not rows
        and value in (None, "")
        and fact == "address"
        and (text_lines := ev.addresses_in_text(f, ask))
    ):
        return text_lines  # an address only the notice texts hold (a liquidation address)
    if not rows and value in (None, ""):
        return [neg(f, "no_fact", name=f.name, what=fact_name(lang, fact))]
    if not rows:
        return [say(lang, fact, name=f.name, when=when, v=fmt(fact, value)) + f.c(f.entity)]
    if many:
        lines = [say(lang, fact, name=f.name, when="", v=fmt(fact, rows[-1].get("value")))]
        lines[0] += f.c(rows[-1])
        if fact == "address" and rows:
            first = str(rows[0].get("valid_from") or "")
            earlier = Ask(date_to=first) if first else None
            if earlier is not None:
                lines += [x for x in ev.addresses_in_text(f, earlier)[1:]]
        for s in rows:
            lines.append(
                f"- {fmt(fact, s.get('value'))} ({span(lang, s.get('valid_from'), s.get('valid_to'))})"
                + f.c(s)
            )
        return lines
    s = rows[-1]
    lead = say(lang, fact, name=f.name, when=when, v=fmt(fact, s.get("value"))) + f.c(s)
    when_row = (
        f"{label_say(lang, 'on', d=ask.as_of)}"
        if ask.as_of
        else span(lang, s.get("valid_from"), s.get("valid_to"))
    )
    return [lead, f"- {label(lang, fact)} ({when_row}): {fmt(fact, s.get('value'), True)}"]


def fmt(fact: str, value: Any, cents: bool = False) -> str:
    """A value as the register writes it (CHF 20'000, with cents in the evidence lines)."""
    if fact == "capital":
        try:
            num = float(value)
        except (TypeError, ValueError):
            return str(value)
        text = f"{num:,.2f}".replace(",", "'")
        return "CHF " + (text[:-3] if text.endswith(".00") and not cents else text)
    return str(value)


BRANCH_NAME_RE = re.compile(r"\b(?:Zweigniederlassung|succursale|filiale|branch)\b", re.IGNORECASE)
"""A name the register gives a branch ("X AG, Zweigniederlassung Y", "X SA, succursale de Y")."""


def legal_form_answer(f: Facts, ask: Ask | None = None) -> list[str]:
    """The legal form in the question's language, with the register's German label; at the
    question's time (or before a change) from the legal-form states, when they changed."""
    rows = f.of("legal_form")
    if (
        ask is not None
        and len(rows) > 1
        and (ask.as_of or ask.date_from or ask.date_to or ask.has("before", "past", "changes"))
    ):
        picked, _ = pick_states(f, "legal_form", ask)
        if ask.has("before") and not picked:
            picked = rows[:-1]
        if ask.date_to and not ask.date_from and ask.has("before"):
            picked = [r for r in rows if str(r.get("valid_from") or "") <= ask.date_to] or picked
        s = (picked or rows)[-1]
        lead = say(f.lang, "legal_form", name=f.name, v=form_text(f.lang, s.get("value")))
        lines = [lead + f.c(s)]
        for r in rows:
            when = span(f.lang, r.get("valid_from"), r.get("valid_to"))
            lines.append(f"- {form_text(f.lang, r.get('value'))} ({when})" + f.c(r))
        return lines
    form = by_code(str(f.entity.get("legal_form") or ""))
    heads = [
        x for x in f.links if x.get("relation") == "HEAD_OFFICE_OF" and x.get("direction") != "out"
    ]
    if not form and (heads or BRANCH_NAME_RE.search(f.name)):
        # "What kind of entity is X in Y?" of a branch: a branch, and whose
        head = heads[0] if heads else None
        where = f" ({head['other_place']})" if head and head.get("other_place") else ""
        of = say(f.lang, "branch_of", h=head.get("other_name"), p=where) if head else ""
        return [say(f.lang, "branch_form", name=f.name, of=of) + f.c(head or f.entity)]
    if not form:
        label = f.entity.get("legal_form_label")
        if not label:
            return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "legal_form"))]
        return [say(f.lang, "legal_form", name=f.name, v=label) + f.c(f.entity)]
    text = form.names.get(f.lang) or form.label
    extra = f" ({form.label})" if form.label != text else ""
    return [say(f.lang, "legal_form", name=f.name, v=text + extra) + f.c(f.entity)]


UID_ID_RE = re.compile(r"CHE-\d{3}\.\d{3}\.\d{3}")
OLD_NUMBER_RE = re.compile(r"\bCH-\d{3}\.\d\.\d{3}\.\d{3}-\d\b")
"""The register's federal number before the UID ("CH-020.7.901.026-6"), as old notices write it
in their head."""


def entity_uid(f: Facts) -> list[str]:
    """The UID of the entity itself (a node keyed by its UID has it even without the field),
    and the older federal register numbers its notices wrote."""
    ident = str(f.entity.get("id") or "")
    uid = f.entity.get("uid") or (ident if UID_ID_RE.fullmatch(ident) else None)
    code = f.entity.get("code13")
    extra = f" ({code})" if code else ""
    old = old_numbers(f)
    if not uid:
        out = [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "uid"))]
        return out + ([f"- {code}" + f.c(f.entity)] if code else []) + old
    return [say(f.lang, "uid", name=f.name, v=uid) + extra + f.c(f.entity), *switch(f, uid), *old]


def switch(f: Facts, uid: str) -> list[str]:
    """When the notices changed from the old register number to the UID: the first notice
    whose head writes the UID, and the last one whose head writes an old number."""
    heads = [(e, _head(str(e.get("text") or ""))) for e in f.events]
    with_old = [e for e, h in heads if OLD_NUMBER_RE.search(h)]
    digits = re.sub(r"\D", "", uid)
    with_uid = [e for e, h in heads if digits and digits in re.sub(r"\D", "", h)]
    if not with_old or not with_uid:
        return []
    first, last = with_uid[0], with_old[-1]
    d, o = first.get("pub_date") or ev.event_day(first), last.get("pub_date") or ev.event_day(last)
    return ["- " + say(f.lang, "uid_first", d=day(d), o=day(o)) + f.c(first, last)]


def _head(text: str) -> str:
    """The head of a notice (its own name and numbers, before the first bracket)."""
    return text[: text.find("(")] if "(" in text else text[:200]


def old_numbers(f: Facts) -> list[str]:
    """Lines of the older register numbers ("CH-035.7.015.999-0"), each with its first notice."""
    seen: dict[str, Rec] = {}
    for e in f.events:
        head = _head(str(e.get("text") or ""))  # its own number, not others'
        for number in OLD_NUMBER_RE.findall(head):
            seen.setdefault(number, e)
    return [f"- {label(f.lang, 'old_number')}: {n}" + f.c(e) for n, e in seen.items()]
