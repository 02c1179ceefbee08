"""Two answer leads about an entity's course: its fate ("What became of X?", "Was ist aus X
geworden?", "Qu'est devenue X ?", "Che fine ha fatto X?") and whether a fact ever changed
("Hat die Firma den Sitz gewechselt?", "Il capitale è mai cambiato?").

The fate is the register's last word on the entity: deleted (merged into, or its assets and
liabilities taken over by, another entity; or for a stated reason), in liquidation, bankrupt,
or still active (renamed, moved). A change question is answered yes or no in the question's
language first, then when; the evidence follows in the answer's other lines.
"""

from __future__ import annotations

import json
import re
from typing import Any

from graph_agent.answers import roles as rl
from graph_agent.answers.capital import timeline as capital_timeline
from graph_agent.answers.fact_events import event_day, head_move, notice_days
from graph_agent.answers.fact_record import Facts
from graph_agent.answers.labels import label
from graph_agent.answers.phrases import day, role_name, say
from graph_agent.planners.offline.asks import Ask
from shabgraph.register.folding import fold_accents as fold

Rec = dict[str, Any]

WH_WORDS = {
    "de": r"wer|wen|wem|wessen|was|wann|wo|woher|wohin|wie|welch\w*|warum|weshalb|wieso",
    "fr": r"qui|quoi|quand|ou|comment|quel\w*|lequel|laquelle|combien|pourquoi|qu'est",
    "it": r"chi|cosa|quando|dove|come|qual\w*|quant\w*|perche",
    "en": r"who|whom|whose|what|when|where|how|which|why",
}
"""Interrogative words of each language ("was" asks in German, not in English): a question
with none of them asks yes or no ("Il capitale è mai cambiato?", "L'adresse a-t-elle changé ?",
"Hat die Firma den Sitz gewechselt?", "Has the purpose ever changed?")."""


def asks_yes_no(question: str, lang: str) -> bool:
    """True for a yes/no question: a question ("?") with no interrogative word of its language
    in it (a request, "Zeig mir die Sitzwechsel", asks no yes or no)."""
    words = WH_WORDS.get(lang, WH_WORDS["en"])
    return (
        question.rstrip().endswith("?")
        and re.search(rf"(?<![a-z])(?:{words})(?![a-z])", fold(question)) is None
    )


STATE_OF_FACT = {
    "seat": "seat",
    "address": "address",
    "purpose": "purpose",
    "capital": "capital",
    "legal_form": "legal_form",
    "names": "name",
}
"""Facts whose change shows as a new company state."""


def _last(f: Facts, kind: str) -> Rec | None:
    return next((e for e in reversed(f.events) if kind in (e.get("event_types") or [])), None)


def _on(lang: str, iso: object) -> str:
    return " " + say(lang, "on", d=day(iso)) if iso else ""


def fate(f: Facts) -> list[str]:
    """The first sentence of "what became of it": status, date, successor, and its notice."""
    status = str(f.entity.get("status") or "")
    lang, name = f.lang, f.name
    if status == "deleted":
        dele = _last(f, "deletion") or next(
            (e for e in reversed(f.events) if e.get("sub_rubric") == "HR03"), None
        )
        when = _on(lang, event_day(dele) if dele else f.entity.get("deleted_on"))
        source = dele or f.entity
        for relation, key in (("MERGED_INTO", "fate_merged"), ("TRANSFERRED_TO", "fate_transfer")):
            link = next(
                (
                    x
                    for x in f.links
                    if x.get("relation") == relation and x.get("direction") == "out"
                ),
                None,
            )
            if link:
                v = str(link.get("other_name"))
                v += f" ({link['other_place']})" if link.get("other_place") else ""
                return [say(lang, key, name=name, when=when, v=v) + f.c(source, link)]
        reason = f.of("deletion_reason")
        why = ""
        if reason:
            code = str(reason[-1].get("value") or "")
            text = say(lang, f"why_{code}")
            why = f" ({text})" if text != f"why_{code}" else ""
        return [say(lang, "fate_deleted", name=name, when=when, why=why) + f.c(source)]
    if status == "in_liquidation":
        diss = f.of("dissolution")
        when = ""
        if diss:
            try:
                date = (json.loads(str(diss[-1].get("value"))) or {}).get("date")
            except (ValueError, AttributeError):
                date = None
            when = say(lang, "dissolved_on", d=day(date or diss[-1].get("valid_from")))
        src: list[Rec] = diss[-1:] or [f.entity]
        return [say(lang, "fate_liquidation", name=name, when=when) + f.c(*src)]
    if status == "bankrupt":
        event = next(
            (
                e
                for e in reversed(f.events)
                if any("bankrupt" in t for t in (e.get("event_types") or []))
            ),
            None,
        )
        when = _on(lang, event_day(event)) if event else ""
        return [say(lang, "fate_bankrupt", name=name, when=when) + f.c(event or f.entity)]
    last = f.events[-1] if f.events else None
    lead = say(lang, "fate_active", name=name, d=day(event_day(last)) if last else "?")
    lines = [lead + (f.c(last) if last else f.c(f.entity))]
    for attribute, key in (("name", "fate_renamed"), ("seat", "fate_moved")):
        rows = f.of(attribute)
        if len(rows) > 1:
            s = rows[-1]
            lines[0] += " " + say(lang, key, d=day(s.get("valid_from")), v=s.get("value")) + f.c(s)
    return lines


def changed(f: Facts, fact: str, ask: Ask) -> str | None:
    """'Yes: … changed, last on …' / 'No: … no change since its registration', or None when
    the fact's changes are not read from states or role intervals."""
    lang = f.lang
    reg = next((e for e in f.events if "registration" in (e.get("event_types") or [])), None)
    first = f.entity.get("registered_on") or (event_day(reg) if reg else None)
    since = say(lang, "since_reg", d=day(first)) if first else ""
    if ask.role and fact in ("role", "changes", "happened"):
        rows = [r for r in f.roles if r.get("direction") == "in" and rl.has_role(r, ask.role)]
        if not rows:
            return None
        start = min(str(r.get("valid_from") or "~") for r in rows)
        moves = sorted(
            [(str(r["valid_from"]), r) for r in rows if str(r.get("valid_from") or "") > start]
            + [(str(r["valid_to"]), r) for r in rows if r.get("valid_to")],
            key=lambda x: x[0],
        )
        what = role_name(lang, ask.role)
        if moves:
            d, r = moves[-1]
            return say(lang, "changed_yes", name=f.name, what=what, d=day(d)) + f.c(r)
        return say(lang, "changed_no", name=f.name, what=what, since=since) + f.c(rows[0])
    attribute = STATE_OF_FACT.get(fact)
    if attribute is None:
        return None
    if attribute == "capital" and len(values := capital_timeline(f)) > 1:
        # an older notice's text or a "[bisher: CHF …]" holds the value before the change
        last = values[-1]
        what = label(lang, attribute)
        return say(lang, "changed_yes", name=f.name, what=what, d=day(last.day)) + f.c(last.source)
    if attribute == "seat" and (moved := head_move(f)):
        what = label(lang, attribute)
        return say(lang, "changed_yes", name=f.name, what=what, d=day(event_day(moved[1]))) + f.c(
            moved[1]
        )
    states = f.of(attribute)
    if not states:
        return None
    what = label(lang, attribute)
    if len(states) > 1:
        s = states[-1]
        return say(lang, "changed_yes", name=f.name, what=what, d=day(s.get("valid_from"))) + f.c(s)
    return say(lang, "changed_no", name=f.name, what=what, since=since) + f.c(states[0])


def status_on(f: Facts, ask: Ask) -> list[str] | None:
    """'Was X still registered in May 2005?': yes or no for the time asked, read from the
    registration, dissolution, bankruptcy and deletion notices around it; None without a time."""
    start = ask.as_of or ask.date_from or ask.date_to
    end = ask.as_of or ask.date_to or ask.date_from
    if not start or not end:
        return None
    lang, name = f.lang, f.name
    reg = next((e for e in f.events if "registration" in (e.get("event_types") or [])), None)
    dele = _last(f, "deletion") or next(
        (e for e in reversed(f.events) if e.get("sub_rubric") == "HR03"), None
    )
    reg_day = event_day(reg) if reg else str(f.entity.get("registered_on") or "")
    del_day = event_day(dele) if dele else str(f.entity.get("deleted_on") or "")
    deleted = notice_days(dele) if dele else day(del_day)
    if del_day and del_day < start:
        return [say(lang, "then_gone", name=name, d=deleted) + f.c(dele or f.entity)]
    if del_day and del_day <= end:
        return [say(lang, "then_deleted", name=name, d=deleted) + f.c(dele or f.entity)]
    if reg_day and reg_day > end:
        return [
            say(lang, "then_later", name=name, d=notice_days(reg) if reg else day(reg_day))
            + f.c(reg or f.entity)
        ]
    if reg_day and reg_day >= start:
        return [
            say(lang, "then_entered", name=name, d=notice_days(reg) if reg else day(reg_day))
            + f.c(reg or f.entity)
        ]
    state, sources = "", [reg] if reg else [f.entity]
    diss = [d for d in f.of("dissolution") if str(d.get("valid_from") or "") <= end]
    bankrupt = next(
        (
            e
            for e in f.events
            if event_day(e) <= end and any("bankrupt" in t for t in (e.get("event_types") or []))
        ),
        None,
    )
    if bankrupt:
        state, sources = say(lang, "then_bankrupt", d=day(event_day(bankrupt))), [bankrupt]
    elif diss:
        cause = _cause(diss[-1])
        key = "then_bankruptcy_liquidation" if cause == "bankruptcy" else "then_liquidation"
        state, sources = say(lang, key, d=day(diss[-1].get("valid_from"))), diss[-1:]
    when = (
        say(lang, "on", d=day(start))
        if start == end
        else say(lang, "span", a=day(start), b=day(end))
    )
    # "still registered then?" is answered yes; "in what state was it then?" is described
    key = "then_yes" if ask.has("still") else "then_state"
    lead = say(lang, key, name=name, when=when, state=state) + f.c(*sources)
    if del_day:
        lead += " " + say(lang, "then_deleted_later", d=deleted) + f.c(dele or f.entity)
    return [lead]


def _cause(state: Rec) -> str | None:
    """The cause a dissolution state names (bankruptcy, court, law, decision), if any."""
    try:
        value = json.loads(str(state.get("value")))
    except ValueError:
        return None
    return value.get("cause") if isinstance(value, dict) else None
