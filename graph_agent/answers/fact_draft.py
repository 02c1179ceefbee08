"""The draft of a fact or list turn: answer first, the entity used named, honest negatives.

When the linked entity does not carry the mention's words, or nothing was linked, the answer
says that no entity of that name is in the notices, and names no other entity's facts.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from graph_agent.answers import roles as rl
from graph_agent.answers import templates as tpl
from graph_agent.answers.citations import cite, collect, pubs_of
from graph_agent.answers.common import common_answer, namesakes_open
from graph_agent.answers.fact_record import Facts
from graph_agent.answers.facts import answer
from graph_agent.answers.fate import asks_yes_no, changed
from graph_agent.answers.i18n import t
from graph_agent.answers.labels import say as label_say
from graph_agent.answers.lists import list_answer
from graph_agent.answers.mention_match import matches_mention, other_form_of
from graph_agent.answers.phrases import say
from graph_agent.planners.base import TurnView
from graph_agent.planners.offline.asks import understand
from graph_agent.planners.offline.fact_plan import names_of
from graph_agent.planners.offline.name_words import ORG_WORDS
from graph_agent.planners.offline.vocab import vocab
from shabgraph.markdown import escape_inline
from shabgraph.register.folding import fold_accents as fold


def _records(view: TurnView, tool: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    for s in reversed(view.steps):
        if s["tool"] == tool and s["outcome"] == "evidence":
            return list(s.get("records", [])), dict(s.get("args") or {})
    return [], {}


def _merged(view: TurnView, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Persons of every persons list read this turn (a place read as home and as origin), each
    once, with the total of the merged list."""
    seen: dict[str, dict[str, Any]] = {}
    for s in view.steps:
        if s["tool"] == "list_register" and s["outcome"] == "evidence":
            for r in s.get("records", []):
                seen.setdefault(str(r.get("id") or r.get("name")), dict(r))
    merged = list(seen.values()) or rows
    if len(merged) > len(rows):
        for r in merged:
            r["total"] = len(merged)
    return merged


def _finish(
    lang: str,
    body: str,
    records: list[dict[str, Any]],
    dates: dict[str, str],
    negative: bool = False,
) -> dict[str, Any]:
    cits = collect((pubs_of(r) for r in records), dates)
    pubs = ", ".join(c.pub_number for c in cits[:12]) + (" …" if len(cits) > 12 else "")
    footer = t(lang, "records", n=len(records), pubs=pubs or "-")
    return {
        "text": f"{body}\n\n_{footer}_",
        "records": records,
        "citations": cits,
        "negative": negative,
    }


def _no_entity(
    view: TurnView,
    structured_only: bool,
    closest: dict[str, Any] | None = None,
    dates: dict[str, str] | None = None,
) -> dict[str, Any]:
    lang, slots = view.slots.language, view.slots
    names = ([slots.uid] if slots.uid else []) + slots.spans
    what = ", ".join(f"'{n}'" for n in names[:2]) or f"'{view.question}'"
    lines = [say(lang, "no_entity", what=what)]
    cits: list[Any] = []
    if closest and other_form_of(slots.spans or [view.question], closest):
        # "X AG in Basel?" where the notices hold "X GmbH" elsewhere: say which one, and where
        pubs = pubs_of(closest)
        cits = collect([pubs], dates or {})
        where = ", ".join(
            escape_inline(str(v)) for v in (closest.get("seat"), closest.get("uid")) if v
        )
        name = escape_inline(str(closest.get("name")))
        found = say(lang, "closest_form", name=name, where=where)
        lines.append(f"{found} {cite(pubs, dates or {}).strip()}".rstrip())
    elif closest:
        lines.append(f"({escape_inline(str(closest.get('name')))}?)")
    lines.append(tpl.negative(lang, what, view.steps, slots, structured_only).split("\n", 1)[-1])
    return {"text": "\n".join(lines), "records": [], "citations": cits, "negative": True}


def fact_draft(
    view: TurnView, form: str, dates: dict[str, str], structured_only: bool
) -> dict[str, Any]:
    """The draft for a `facts` or `list` task."""
    lang, slots = view.slots.language, view.slots
    if view.task in ("list", "count"):
        rows, args = _records(view, "list_register")
        if slots.attribute == "persons":
            rows = _merged(view, rows)
        body = list_answer(rows, args or {"what": slots.attribute}, slots, dates)
        return _finish(lang, body, rows, dates, negative=not rows and False)
    groups = [
        list(s.get("records", []))
        for s in view.steps
        if s["tool"] == "get_entity_facts" and s["outcome"] == "evidence"
    ]
    if slots.attribute == "common":
        text, used, nothing = common_answer(lang, groups, dates)
        if nothing and view.homonyms and len(groups) < 2:  # the second name has namesakes
            text = namesakes_open(lang, groups, view.homonyms, view.steps)
        return _finish(lang, text, used, dates, negative=nothing)
    holder = _holder_then_company(view, groups)
    if holder:
        groups = groups[-1:]
    elif len(groups) > 1:
        return _namesakes(view, groups, dates)
    records = groups[0] if groups else []
    if not records:
        return _no_entity(view, structured_only)
    entity = next(
        (r for r in records if r.get("record_type") == "entity" and r.get("anchor")), records[0]
    )
    linked_now = bool(view.entities) and view.entities[0].id == entity.get("id")
    linked_by = [
        str(s["args"].get("query"))
        for s in view.steps
        if s["tool"] == "search_companies" and s.get("outcome") == "evidence"
    ]
    mention = slots.uid or (linked_by[-1] if linked_by else slots.spans[0] if slots.spans else None)
    if linked_now and mention and not slots.uid and not matches_mention(mention, entity, records):
        return _no_entity(view, structured_only, closest=entity, dates=dates)
    others = [holder] if holder else other_names(view.question, mention, entity)
    named_here = list(others)
    ask0 = understand(view.question, view.history)
    if not others and ask0.inherited and ask0.has("before", "successor"):
        # "und davor?": before the holders the last answer named
        others = [e.name for e in view.focus if e.kind == "person"][:2]
    ask = understand(view.question, view.history)
    if (
        named_here
        and not holder
        and ask.inherited
        and ask.has("before")
        and _holds_here(records, named_here)
    ):
        # "und was war Muster vorher?": the holder this turn names, all roles in order
        ask = replace(ask, role=None, cues=(ask.cues - {"before"}) | {"over_time"}, facts=())
    if slots.as_of and not (ask.as_of or ask.date_from or ask.date_to):
        ask = replace(ask, as_of=slots.as_of)  # the caller's day (the question names none)
    last = view.history[-1] if view.history else {}
    exclude = set(last.get("subjects") or []) if slots.other else set()
    body, used, negative = answer(records, ask, lang, dates, others, exclude)
    asked = view.question.replace(mention, " ") if mention else view.question
    if asks_yes_no(asked, lang) and ask.has("changes"):
        # "Hat X den Sitz gewechselt?": yes or no first, then when
        f = Facts(records, lang, dates)
        lead = changed(f, ask.main or "changes", ask)
        if lead:
            body, used = lead + "\n" + body, [*used, *f.used]
    missing = not_in_records(view.question, entity, records)
    if missing:
        body = say(lang, "not_named", other=missing, name=entity.get("name")) + "\n" + body
        negative = True
    if linked_now and mention and fold(mention) not in fold(str(entity.get("name"))):
        seat = f", {entity['seat']}" if entity.get("seat") else ""
        body += "\n\n" + say(lang, "used", name=entity.get("name"), seat=seat)
    if negative:
        body += "\n" + _searched(view, structured_only)
    ent_row = {k: entity.get(k) for k in ("id", "kind", "name", "uid")}
    return _finish(lang, body, [ent_row, *_listed(used)], dates, negative=negative)


def _holder_then_company(view: TurnView, groups: list[list[dict[str, Any]]]) -> str | None:
    """The person's name when the turn read a person, then the company of their role (a
    predecessor or successor question about that person), else None."""
    if len(groups) != 2:
        return None
    first = next((r for r in groups[0] if r.get("record_type") == "entity"), {})
    second = next((r for r in groups[1] if r.get("record_type") == "entity"), {})
    if first.get("kind") != "person" or second.get("kind") != "company":
        return None
    if not understand(view.question, view.history).has("before", "successor"):
        return None
    return str(first.get("name") or "") or None


def other_names(question: str, linked: str | None, entity: dict[str, Any]) -> list[str]:
    """Names the question pairs with the linked entity: mentions the entity does not carry, and
    a person written apart from the linked name even when the entity's name holds it ("chi
    firma per la Rossi Bianchi Sagl dopo l'uscita di Bianchi?")."""
    rest = question.replace(linked, " ", 1) if linked else question
    return [
        m.text
        for m in names_of(question)
        if not matches_mention(m.text, entity)
        or (not m.org and m.text in rest and fold(m.text) != fold(linked or ""))
    ]


YES_NO_RE = re.compile(
    r"^\s*(?:did|does|do|is|was|has|had|are|were|can|hat|hatte|ist|war|gibt|gab|sind|waren|"
    r"hatten|wurde|existe|est-ce|y a-t-il|e|è|ha|aveva|era|esiste|c'è|c'e)\b"
    r"|\w-t-(?:il|elle)\b|\best-ce que\b",
    re.IGNORECASE,
)
"""A yes/no question ("Did X ever …", "Hat X …", "X a-t-elle …", "È … ?")."""


def _holds_here(records: list[dict[str, Any]], names: list[str]) -> bool:
    """A name the question gives holds a role at the entity (its records' incoming roles)."""
    rows = [r for r in records if r.get("record_type") == "role" and r.get("direction") == "in"]
    return bool(rl.named(rows, names))


def not_in_records(question: str, entity: dict[str, Any], records: list[dict[str, Any]]) -> str:
    """A name the question pairs with the entity that none of its records holds, else "".

    "Ist Anna Muster im VR der Beta AG?", "Quand X est-il entré chez Beta Sàrl ?", "Did Beta
    ever have its seat in Sion?": a person asked about at a company (or a company at a person)
    that no role, notice entry or state of it names, or any name of a yes/no question, is
    answered with a no, not with the entity's other facts."""
    person = entity.get("kind") == "person"
    yes_no = bool(YES_NO_RE.search(question))
    hay = fold(" ".join(_structured_words(records)))
    for m in names_of(question):
        if matches_mention(m.text, entity) or _register_word(m.text):
            continue
        if not (yes_no or person or (not m.org and _person_like(m.text))):
            continue
        tokens = [t for t in rl.name_tokens(m.text) if len(t) > 2 and t not in ORG_WORDS]
        if tokens and sum(t in hay for t in tokens) / len(tokens) < 0.5:
            return m.text
    return ""


def _register_word(text: str) -> bool:
    """One word that is a fact or time word of the vocabularies ("seit der Gründung", "nach
    der Löschung"): a capitalised German noun, not a name the records must hold."""
    if len(text.split()) != 1:
        return False
    word = fold(text).lower()
    words = vocab()
    return any(
        w.strip().split()[-1:] == [word]
        for ws in (*words.facts.values(), *words.time.values())
        for w in ws
    )


def _person_like(text: str) -> bool:
    """Two or three capitalised words: a person's name ("Anna Muster")."""
    words = text.split()
    return 2 <= len(words) <= 3 and all(w[:1].isupper() for w in words)


def _structured_words(records: list[dict[str, Any]]) -> list[str]:
    """Names and values the records hold as data (not the notice texts)."""
    out: list[str] = []
    for r in records:
        for key in ("name", "other_name", "value", "seat", "residence", "address"):
            if r.get(key):
                out.append(str(r[key]))
        out += [str(n) for n in r.get("names") or []]
        out += [str(x.get("name")) for x in r.get("involved") or [] if isinstance(x, dict)]
    return out


def _searched(view: TurnView, structured_only: bool) -> str:
    """What was searched, over which period and sources (the honest negative's second part)."""
    return tpl.negative(view.slots.language, "-", view.steps, view.slots, structured_only).split(
        "\n", 1
    )[-1]


def _listed(used: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records used, and the entities they name as refs (kept in focus for follow-ups)."""
    refs = [
        {"id": r["other_id"], "kind": r.get("other_kind") or "company", "name": r.get("other_name")}
        for r in used
        if r.get("record_type") in ("role", "link") and r.get("other_id")
    ]
    seen: set[str] = set()
    unique = [x for x in refs if not (x["id"] in seen or seen.add(x["id"]))]  # type: ignore[func-returns-value]
    return [*used, *unique[:3]]


def _namesakes(
    view: TurnView, groups: list[list[dict[str, Any]]], dates: dict[str, str]
) -> dict[str, Any]:
    """Several entities carry the name: the answer for each, each under its own name and place."""
    lang = view.slots.language
    ask = understand(view.question, view.history)
    if view.slots.as_of and not ask.as_of:
        ask = replace(ask, as_of=view.slots.as_of)
    parts, used_all = [], []
    kinds = set()
    for records in groups:
        ent = next((r for r in records if r.get("record_type") == "entity"), {})
        kinds.add(ent.get("kind"))
        where = ent.get("seat") or ent.get("residence") or ""
        body, used, _neg = answer(records, ask, lang, dates, [])
        parts.append(f"**{ent.get('name')}** ({where}):\n{body}")
        used_all += [{k: ent.get(k) for k in ("id", "kind", "name", "uid")}, *used]
    name = view.homonyms[0].name if view.homonyms else ""
    if kinds == {"person"}:
        lead = label_say(lang, "namesakes", n=len(groups), name=name)
    else:
        head = {
            "de": "{n} Einträge heissen **{name}**:",
            "fr": "{n} entrées s'appellent **{name}** :",
            "it": "{n} voci si chiamano **{name}**:",
            "en": "{n} entries are named **{name}**:",
        }
        lead = head.get(lang, head["en"]).format(n=len(groups), name=name)
    text = lead + "\n\n" + "\n\n".join(parts)
    return _finish(lang, text, used_all, dates)
