"""Answer-first synthesis for one fact about one entity, from `get_entity_facts` records.

The first sentence answers in the question's language with the time the fact holds for and its
citations; the evidence (intervals, notices) follows. When the entity has no such fact, the answer
says so for that entity ("the notices on X name no auditor"), never about another one.
"""

from __future__ import annotations

from typing import Any

from graph_agent.answers import fact_events as ev
from graph_agent.answers import fact_text as ft
from graph_agent.answers import roles as rl
from graph_agent.answers.citations import cite, pubs_of
from graph_agent.answers.labels import label
from graph_agent.answers.labels import say as label_say
from graph_agent.answers.phrases import day, fact_name, role_name, say, signature_name, span
from graph_agent.planners.offline.asks import Ask
from graph_agent.planners.offline.slots import fold
from shabgraph.register.legal_forms import by_code

Rec = dict[str, Any]


class Facts:
    """The records of one entity, split by kind, with the question's language and dates."""

    def __init__(self, records: list[Rec], lang: str, dates: dict[str, str]) -> None:
        self.lang, self.dates = lang, dates
        kinds: dict[str, list[Rec]] = {}
        for r in records:
            kinds.setdefault(str(r.get("record_type")), []).append(r)
        ents = sorted(kinds.get("entity", []), key=lambda e: not e.get("anchor"))
        self.entity: Rec = {}
        for e in ents:  # the anchor's values first, the split-off nodes fill the gaps
            for k, v in e.items():
                if self.entity.get(k) in (None, "", []):
                    self.entity[k] = v
        self.states = kinds.get("state", [])
        self.roles = rl.dedupe(kinds.get("role", []))
        self.links = kinds.get("link", [])
        self.events = sorted(
            kinds.get("event", []), key=lambda e: str(e.get("journal_date") or e.get("pub_date"))
        )
        self.name = str(self.entity.get("name") or "?")
        self.used: list[Rec] = []
        self.negatives = 0
        self.exclude: set[str] = set()
        """Companies the question leaves out ("his other mandates")."""
        """Facts the records did not hold (each an honest 'the notices name no …')."""

    def c(self, *recs: Rec) -> str:
        """Citation of records (and remember them for the answer's citation list)."""
        self.used.extend(recs)
        return cite([p for r in recs for p in pubs_of(r)], self.dates)

    def of(self, attribute: str) -> list[Rec]:
        """States of one attribute, oldest first."""
        rows = [s for s in self.states if s.get("attribute") == attribute]
        return sorted(rows, key=lambda s: str(s.get("valid_from") or ""))

    def uid_of(self, ident: str | None, fallback: str | None = None) -> str | None:
        """A related entity's UID: its node's, else the one its notices wrote beside its name."""
        if fallback:
            return fallback
        for e in self.events:
            for x in e.get("involved") or []:
                if x and x.get("id") == ident and x.get("uid"):
                    return str(x["uid"])
        return None


def neg(f: Facts, key: str, **kw: object) -> str:
    """An honest negative sentence about this entity (counted: all-negative answers are
    negative answers)."""
    f.negatives += 1
    return say(f.lang, key, **kw)


def when_text(lang: str, ask: Ask) -> str:
    """' on 01.01.2009' / ' (2010)' for the lead sentence."""
    if ask.as_of:
        return " " + say(lang, "on", d=ask.as_of)
    if ask.date_from or ask.date_to:
        a, b = ask.date_from, ask.date_to
        if a and b and a[:4] == b[:4]:
            return f" ({a[:4]})"
        return " (" + span(lang, a, b) + ")"
    return ""


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
    rows, many = pick_states(f, fact, ask)
    value = f.entity.get(fact)
    if fact == "address" and (ask.as_of or ask.date_from or ask.date_to) and before_states(f, fact, ask):
        if text_lines := ev.addresses_in_text(f, ask):
            return text_lines
    if not rows and value in (None, "") and fact == "capital":
        text = next((t for e in reversed(f.events) if (t := ft.capital_in(e.get("text")))), None)
        src = next((e for e in reversed(f.events) if ft.capital_in(e.get("text"))), None)
        if text and src:
            return [say(lang, "capital", name=f.name, when=when, v=text) + f.c(src)]
    if not rows and value in (None, ""):
        return [neg(f, "no_fact", name=f.name, what=fact_name(lang, fact))]
    if not rows:
        return [say(lang, fact, name=f.name, when=when, v=fmt(fact, value)) + f.c(f.entity)]
    if many:
        lines = [say(lang, fact, name=f.name, when="", v=fmt(fact, rows[-1].get("value")))]
        lines[0] += f.c(rows[-1])
        for s in rows:
            lines.append(
                f"- {fmt(fact, s.get('value'))} ({span(lang, s.get('valid_from'), s.get('valid_to'))})"
                + f.c(s)
            )
        return lines
    s = rows[-1]
    lead = say(lang, fact, name=f.name, when=when, v=fmt(fact, s.get("value"))) + f.c(s)
    when_row = f"{label_say(lang, 'on', d=ask.as_of)}" if ask.as_of else span(
        lang, s.get("valid_from"), s.get("valid_to")
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


def holder_line(f: Facts, r: Rec, ask: Ask) -> str:
    """One holder with the register's role words, signature, residence, shares and interval."""
    lang = f.lang
    bits = [f"«{r['role_text']}»" if r.get("role_text") else role_name(lang, r.get("role"))]
    if sig := signature_name(lang, r.get("signature")):
        bits.append(sig)
    if r.get("other_kind") == "person" and (place := residence_of(f, r)):
        bits.append(place)
    if r.get("other_kind") == "company" and (uid := f.uid_of(r.get("other_id"), r.get("other_uid"))):
        bits.append(uid)
    if shares := shares_of(f, r):
        bits.append(shares)
    when = span(lang, r.get("valid_from"), r.get("valid_to"))
    return f"**{r.get('other_name')}** ({', '.join(bits)}{', ' + when if when else ''})" + f.c(r)


def residence_of(f: Facts, r: Rec) -> str | None:
    """Where a person lives (and is from), as the latest notice naming them wrote it."""
    home, origin = r.get("other_residence"), r.get("other_origin")
    for e in reversed(f.events):
        for x in e.get("involved") or []:
            if x and x.get("id") == r.get("other_id"):
                home = home or x.get("residence")
                origin = origin or x.get("origin")
    words = {"de": "in {h}, von {o}", "fr": "à {h}, de {o}", "it": "in {h}, da {o}", "en": "in {h}, from {o}"}
    if home and origin:
        return (words.get(f.lang) or words["en"]).format(h=home, o=origin)
    return str(home) if home else None


def shares_of(f: Facts, r: Rec) -> str | None:
    """The shares a holder's notice states beside the name, if any."""
    name = str(r.get("other_name") or "")
    parts = name.split()
    family, given = (parts[-1], parts[0]) if len(parts) > 1 else (name, None)
    for e in reversed(f.events):
        seg = ft.person_segment(str(e.get("text") or ""), family, given)
        if r.get("other_kind") == "company":
            seg = ft.person_segment(str(e.get("text") or ""), parts[0] if parts else name, None)
        if got := ft.shares_in(seg):
            f.used.append(e)
            return got
    return None


def role_answer(f: Facts, ask: Ask, others: list[str]) -> list[str]:
    """Holders of a role (or a named holder's roles) at the question's time, answer first."""
    lang, when = f.lang, when_text(f.lang, ask)
    rows, how = rl.select(f.roles, ask, "in", others)
    if ask.signature:
        rows = [r for r in rows if str(r.get("signature") or "").startswith(ask.signature)] or rows
    if not rows:
        if ask.role == "auditor" and (opt := ft.opting_out(f.events)):
            return [say(lang, "opting_out", name=f.name) + f.c(opt)]
        return [neg(f, "no_holder", name=f.name, role=role_name(lang, ask.role), when=when)]
    lines = [holder_line(f, r, ask) for r in rows]
    role = role_name(lang, ask.role) if ask.role else ""
    if how == "named" or not ask.role:
        lead = say(lang, "roles_of", name=f.name, what="; ".join(lines))
    elif how == "successor":
        lead = say(lang, "successor", who=", ".join(others), role=role, v="; ".join(lines))
    elif how == "predecessor":
        lead = say(lang, "predecessor", who=", ".join(others), role=role, v="; ".join(lines))
    elif how in ("left", "joined"):
        lead = say(lang, how, name=f.name, when=when, v=f"({len(lines)}) " + "; ".join(lines))
    else:
        lead = say(lang, "holders", role=role[:1].upper() + role[1:], name=f.name, when=when,
                   who="; ".join(lines))
    out = [lead]
    if ask.role == "board_member" and how == "current":
        rest = [r for r in f.roles if r.get("direction") == "in" and not r.get("valid_to")
                and r not in rows]
        out += [f"- {holder_line(f, r, ask)}" for r in rest]
    if ask.role == "auditor" and ask.has("uid"):
        out += [uid_line(f, r) for r in rows]
    return out


def uid_line(f: Facts, r: Rec) -> str:
    """The UID of a role holder (an audit firm, a partner company)."""
    uid = f.uid_of(r.get("other_id"), r.get("other_uid"))
    name = str(r.get("other_name"))
    if not uid:
        return neg(f, "no_fact", name=name, what=fact_name(f.lang, "uid"))
    return say(f.lang, "uid", name=name, v=uid) + f.c(r)


def entity_uid(f: Facts) -> list[str]:
    """The UID of the entity itself."""
    uid = f.entity.get("uid")
    code = f.entity.get("code13")
    extra = f" ({code})" if code else ""
    if not uid:
        out = [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "uid"))]
        return out + ([f"- {code}" + f.c(f.entity)] if code else [])
    return [say(f.lang, "uid", name=f.name, v=uid) + extra + f.c(f.entity)]


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
    if ask.role and not any(x in ("signature", "shares", "residence", "uid", "mandates", "changes", "happened") for x in facts):
        facts = ["role"] + [x for x in facts if x not in ("role",)]
    asked = 0
    for fact in facts[:3]:
        if fact in done:
            continue
        done.add(fact)
        asked += 1
        lines += one_fact(f, fact, ask, others, person)
    return "\n".join(lines), f.used, f.negatives >= asked


def one_fact(f: Facts, fact: str, ask: Ask, others: list[str], person: bool) -> list[str]:
    """The lines of one fact."""
    if fact == "uid":
        if ask.role:
            rows, _ = rl.select(f.roles, ask, "in", others)
            if rows:
                return [uid_line(f, r) for r in rows]
        return entity_uid(f)
    seat_moves = fact == "seat" and len(f.of("seat")) > 1 and ask.has("changes", "past", "before")
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
    if fact == "shares" and not ask.role and (struct := ev.share_structure(f)):
        return struct
    if fact in ("signature", "shares", "residence", "role") or (fact == "mandates" and not person and ask.role is None and others):
        if person or (fact == "mandates" and person):
            return ev.mandates(f, ask)
        if fact == "shares" and not ask.role:
            ask = _with_role(ask, "partner")
        return role_answer(f, ask, others)
    if fact == "mandates":
        return ev.mandates(f, ask)
    if fact in ("registered", "deleted", "status"):
        return ev.lifecycle(f, fact)
    if fact in ("happened", "changes", "notices"):
        return ev.events_answer(f, fact, ask, others)
    if fact == "names":
        return ev.names(f)
    if fact in ("head_office", "branches", "mergers", "transfers"):
        return ev.links(f, fact)
    if fact == "supervision":
        return ev.supervision(f, ask)
    if fact == "bankruptcy":
        return ev.bankruptcy(f)
    return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, fact))]


def _with_role(ask: Ask, role: str) -> Ask:
    from dataclasses import replace

    return replace(ask, role=role)


def matches_mention(mention: str, rec: Rec) -> bool:
    """The linked entity carries the mention's distinctive words (not just a similar one)."""
    from graph_agent.planners.offline.mentions import ORG_WORDS

    want = [t for t in rl.name_tokens(mention) if t not in ORG_WORDS]
    names = [str(rec.get("name") or "")] + [str(n) for n in rec.get("names") or []]
    have = {t for n in names for t in rl.name_tokens(n)}
    if not want:
        return True
    hits = sum(any(w == h or (len(w) > 3 and rl.SequenceMatcher(None, w, h).ratio() >= 0.75) for h in have) for w in want)
    return hits / len(want) >= 0.5 or fold(mention) in fold(" ".join(names))
