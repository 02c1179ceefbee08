"""Answer-first synthesis for one fact about one entity, from `get_entity_facts` records.

The first sentence answers in the question's language with the time the fact holds for and its
citations; the evidence (intervals, notices) follows. When the entity has no such fact, the answer
says so for that entity ("the notices on X name no auditor"), never about another one.
"""

from __future__ import annotations

import re
from dataclasses import replace
from difflib import SequenceMatcher
from typing import Any

from graph_agent.answers import fact_events as ev
from graph_agent.answers import fact_links as lk
from graph_agent.answers import fact_text as ft
from graph_agent.answers import holders as hd
from graph_agent.answers import roles as rl
from graph_agent.answers.capital import capital_answer
from graph_agent.answers.fact_record import Facts, neg, when_text
from graph_agent.answers.labels import label
from graph_agent.answers.labels import say as label_say
from graph_agent.answers.phrases import fact_name, say, span
from graph_agent.answers.postal import postal_answer
from graph_agent.planners.offline.asks import Ask
from graph_agent.planners.offline.mentions import BRANCH_WORDS, JOINERS, ORG_WORDS
from shabgraph.register.cantons import canton_code
from shabgraph.register.folding import fold_accents as fold
from shabgraph.register.legal_forms import by_code
from tools.acronyms import is_acronym
from tools.acronyms import matches as acronym_matches

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


def attribute_answer(f: Facts, fact: str, ask: Ask) -> list[str]:
    """Address, seat, capital, purpose over the question's time, each value cited."""
    lang, when = f.lang, when_text(f.lang, ask)
    if fact == "capital" and (lines := capital_answer(f, ask)):
        return lines
    rows, many = pick_states(f, fact, ask)
    value = f.entity.get(fact)
    if (
        fact == "address"
        and (ask.as_of or ask.date_from or ask.date_to)
        and before_states(f, fact, ask)
    ) and (text_lines := ev.addresses_in_text(f, ask)):
        return text_lines
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


def legal_form_answer(f: Facts) -> list[str]:
    """The legal form in the question's language, with the register's German label."""
    form = by_code(str(f.entity.get("legal_form") or ""))
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
    return [say(f.lang, "uid", name=f.name, v=uid) + extra + f.c(f.entity), *old]


def old_numbers(f: Facts) -> list[str]:
    """Lines of the older register numbers ("CH-035.7.015.999-0"), each with its first notice."""
    seen: dict[str, Rec] = {}
    for e in f.events:
        text = str(e.get("text") or "")
        head = text[: text.find("(")] if "(" in text else text[:200]  # its own number, not others'
        for number in OLD_NUMBER_RE.findall(head):
            seen.setdefault(number, e)
    return [f"- {label(f.lang, 'old_number')}: {n}" + f.c(e) for n, e in seen.items()]


def answer(
    records: list[Rec],
    ask: Ask,
    lang: str,
    dates: dict[str, str],
    others: list[str],
    exclude: set[str] | None = None,
) -> tuple[str, list[Rec], bool]:
    """The answer text, the records it used, and whether no fact asked was found."""
    f = Facts(records, lang, dates)
    f.exclude = exclude or set()
    lines: list[str] = []
    done: set[str] = set()
    person = f.entity.get("kind") == "person"
    facts = list(ask.facts) or ["role"]
    if person and "mandates" in facts:
        facts = ["mandates"]  # "in which companies are they active": a person's roles
    if person and ask.has("besides") and others:
        return hd.mandates_besides(f, ask, others)
    if not person and ask.role and ask.population and not ask.count and facts == ["role"]:
        # "Which entities had X as auditor?": the companies X holds that role in
        return "\n".join(hd.mandates(f, ask)), f.used, False
    if person and facts[:1] == ["registered"]:
        facts = ["mandates"]  # "in which registered companies is she?": a person's companies
    if not person and "residence" in facts and not ask.role and not ask.has("person_home"):
        # "Où X est-elle domiciliée ?": a company's domicile is its business address
        facts = list(dict.fromkeys("address" if x == "residence" else x for x in facts))
    if ask.role and not any(
        x
        in (
            "signature",
            "shares",
            "residence",
            "uid",
            "mandates",
            "changes",
            "happened",
            "communications",
        )
        for x in facts
    ):
        facts = ["role"] + [x for x in facts if x not in ("role",)]
    asked = 0
    for fact in facts[:3]:
        if fact in done:
            continue
        done.add(fact)
        asked += 1
        lines += [x for x in one_fact(f, fact, ask, others, person) if not x or x not in lines]
    return "\n".join(lines), f.used, f.negatives >= asked


def one_fact(f: Facts, fact: str, ask: Ask, others: list[str], person: bool) -> list[str]:
    """The lines of one fact."""
    if fact == "uid":
        if ask.role:
            rows, _ = rl.select(f.roles, ask, "in", others)
            if rows:
                return [hd.uid_line(f, r) for r in rows]
        return entity_uid(f)
    seat_moves = fact == "seat" and len(f.of("seat")) > 1 and ask.has("changes", "past", "before")
    if fact == "address" and ask.has("postal"):
        return postal_answer(f, ask)
    if fact in ("address", "seat", "capital", "purpose") and not seat_moves:
        out = attribute_answer(f, fact, ask)
        if fact == "purpose" and ask.has("changes"):
            out += ev.change_dates(f, "purpose")
        return out
    if fact == "seat":
        return ev.seat_changes(f, ask)
    if fact == "legal_form":
        return legal_form_answer(f)
    if fact == "statutes":
        return ev.statutes(f)
    if fact == "communications":
        return ev.communications(f)
    if fact == "shares" and not ask.role and (struct := ev.share_structure(f)):
        return struct
    if fact == "residence" and person and not ask.role:
        return hd.person_residence(f, ask)
    if fact in ("signature", "shares", "residence", "role") or (
        fact == "mandates" and not person and ask.role is None and others
    ):
        if person or (fact == "mandates" and person):
            return hd.mandates(f, ask)
        if fact == "shares" and not ask.role:
            ask = _with_role(ask, "partner")
        return hd.role_answer(f, ask, others)
    if fact == "mandates":
        return hd.mandates(f, ask)
    if fact in ("registered", "deleted", "status"):
        return ev.lifecycle(f, fact)
    if fact in ("happened", "changes", "notices"):
        return ev.events_answer(f, fact, ask, others)
    if fact == "names":
        return ev.names(f)
    if fact in ("head_office", "branches", "mergers", "transfers"):
        return lk.links(f, fact)
    if fact == "supervision":
        return lk.supervision(f, ask)
    if fact == "bankruptcy":
        return lk.bankruptcy(f)
    return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, fact))]


def _with_role(ask: Ask, role: str) -> Ask:
    return replace(ask, role=role)


def matches_mention(mention: str, rec: Rec) -> bool:
    """The linked entity carries the mention's distinctive words (not just a similar one)."""
    skip = ORG_WORDS | BRANCH_WORDS | JOINERS
    want = [t for t in rl.name_tokens(mention) if t not in skip]
    names = [str(rec.get("name") or "")] + [str(n) for n in rec.get("names") or []]
    if is_acronym(mention) and any(acronym_matches(mention, n) for n in names):
        return True  # "SMS" for a "Stiftung für Moorschutz"
    have = {t for n in names for t in rl.name_tokens(n)}
    if not want:
        return True
    hits = sum(any(_same_word(w, h) for h in have) for w in want)
    return hits / len(want) >= 0.5 or fold(mention) in fold(" ".join(names))


def _same_word(w: str, h: str) -> bool:
    """One name word matches another: equal, nearly equal, or the same canton's name in another
    language ("succursale de Genève" is the register's "Zweigniederlassung Genf")."""
    if w == h or (len(w) > 3 and SequenceMatcher(None, w, h).ratio() >= 0.75):
        return True
    code = canton_code(w)
    return code is not None and code == canton_code(h)
