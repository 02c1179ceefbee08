"""The act step of the facts and list routes: link the mention (or the entity a description
names), read the facts of the entity and its namesakes, follow up on the entity in focus, and
read a population list once.
"""

from __future__ import annotations

import re

from graph_agent.planners import calls
from graph_agent.planners.base import ActOut, TurnView
from graph_agent.planners.offline.asks import understand
from graph_agent.planners.offline.descriptions import described, pick
from graph_agent.planners.offline.descriptions import list_call as describe_call
from graph_agent.planners.offline.lists import list_call
from graph_agent.planners.offline.name_words import has_org_word
from graph_agent.planners.offline.people import person_filters, persons_calls
from graph_agent.planners.offline.people_plan import (
    FACT_TOOL,
    act_common,
    facts_call,
)
from graph_agent.planners.offline.slots import fold

NAMESAKES_READ = 8
"""Namesakes whose facts are read in one round: the register often drops a middle name
("Anna Maria Muster" is filed as "Anna Muster"), so the one asked about may be any of them and
the answer must show each, not the first few."""


LINK_FACTS = frozenset({"head_office", "branches", "mergers", "transfers"})
"""Facts whose answer names another entity, which a bare follow-up then asks about."""


ONE_PERSON_RE = re.compile(
    r"(?<![a-z])(?:he|him|his|she|er|ihn|ihm|il|lui|elle|egli|ella|lei)(?![a-z])"
)
"""A pronoun for one person ("where did he live?"): not "one of them", "they", nor German
"sie" (she or they)."""


def act_facts(view: TurnView) -> ActOut:
    """Link the mention (UID first), then read the facts; follow-ups use the entity in focus."""
    steps, slots = view.steps, view.slots
    if slots.attribute == "common":
        return act_common(view)
    if any(s.get("tool") == FACT_TOOL and s.get("outcome") == "evidence" for s in steps) and not [
        h for h in view.homonyms if h.id not in {str(s["args"].get("entity_id")) for s in steps}
    ]:
        if company := holders_company(view):
            return ActOut(calls=[facts_call(company)], note="the company the person holds it at")
        return ActOut(note="facts read")
    read = {str(s["args"].get("entity_id")) for s in steps if s.get("tool") == FACT_TOOL}
    pending = [h for h in view.homonyms if h.id not in read][:NAMESAKES_READ]
    if pending:
        return ActOut(calls=[facts_call(h) for h in pending], note="namesakes: the facts of each")
    if view.entities and view.entities[0].id not in read:
        return ActOut(
            calls=[facts_call(view.entities[0])], note=f"facts of {view.entities[0].name}"
        )
    tried = {
        fold(str(s["args"].get("query", ""))) for s in steps if s.get("tool") == "search_companies"
    }
    mentions_ = ([slots.uid] if slots.uid else []) + slots.spans
    untried = [m for m in mentions_ if fold(m) not in tried]
    if untried and not (slots.follow_up and view.focus and not steps):
        return ActOut(
            calls=[calls.search_call(untried[0], slots), facts_call(calls.ENTITY)],
            note=f"link '{untried[0]}' then read its facts",
        )
    if described_call := describe_step(view):
        return described_call
    if view.focus and any(has_org_word(m) for m in slots.spans):
        # "und gibt es eine Beispiel AG?": a company named with its legal form was searched and
        # not found; the entity in focus is not it
        return ActOut(note="the company named was not found")
    if view.focus:
        turn = understand(view.question, view.history)
        # "where did he live before?": a person's home is asked of the person the answer named
        # (with a role kept from the last turn, the company's holders of that role are read)
        home = (
            turn.has("person_home")
            and not turn.role
            and bool(ONE_PERSON_RE.search(fold(view.question)))
        )
        want = "person" if slots.attribute == "mandates" or home else None
        if turn.not_named:
            want = "company"  # "the other partner": the company whose partners were named
        last = view.history[-1] if view.history else {}
        if last.get("attribute") in LINK_FACTS and slots.attribute not in LINK_FACTS:
            # "Dov'è la sede principale?" then "E il suo IDI?": the head office just named
            named = [e for e in view.focus if e.id not in set(last.get("subjects") or [])]
            if named and not any(s.get("tool") == FACT_TOOL for s in steps):
                return ActOut(calls=[facts_call(named[0])], note=f"follow-up on '{named[0].name}'")
        focus = view.focus
        if want == "company":
            # the company the conversation read last comes first ("dort", "there")
            turns = [set(h.get("subjects") or []) for h in reversed(view.history)]
            focus = sorted(
                focus, key=lambda e: next((k for k, t in enumerate(turns) if e.id in t), 99)
            )
        chosen = next(
            (e for e in focus if e.id not in read and (want is None or e.kind == want)),
            next((e for e in focus if e.id not in read), None),
        )
        if chosen and not any(s.get("tool") == FACT_TOOL for s in steps):
            # a predecessor or successor of a person is read at the company of her role next
            later = chosen.kind == "person" and turn.has("before", "successor")
            return ActOut(
                calls=[facts_call(chosen)],
                note=f"follow-up on '{chosen.name}'",
                complete=not later,
            )
    return ActOut(note="no entity matched the question")


def describe_step(view: TurnView) -> ActOut | None:
    """ "la fondazione di X", "the solar company in X": when no mention linked, the companies of
    that legal form at that seat, then the facts of the one the description fits."""
    if view.entities or (view.focus and view.slots.follow_up and not view.slots.spans):
        return None
    desc = described(view.question)
    if desc is None:
        return None
    listed = [s for s in view.steps if s.get("purpose") == "described entity"]
    if not listed:
        return ActOut(
            calls=[describe_call(desc)], note=f"companies described as {desc}", complete=False
        )
    one = pick(desc, list(listed[0].get("records") or []))
    if one is None or any(s.get("tool") == FACT_TOOL for s in view.steps):
        return None
    return ActOut(
        calls=[facts_call(str(one["id"]))], note=f"the described company '{one.get('name')}'"
    )


def holders_company(view: TurnView) -> str | None:
    """ "Wen hat sie abgelöst?" about a person: the company of the person's latest role, whose
    holders answer it (read once, after the person's own facts)."""
    reads = [s for s in view.steps if s.get("tool") == FACT_TOOL and s.get("outcome") == "evidence"]
    ask = understand(view.question, view.history)
    if len(reads) != 1 or not ask.has("before", "successor"):
        return None
    if set(ask.facts) & {"residence", "origin", "address"}:
        return None  # "wo wohnte sie vorher?": her own earlier place, not her predecessor
    records = list(reads[0].get("records") or [])
    if not any(r.get("record_type") == "entity" and r.get("kind") == "person" for r in records):
        return None
    roles = [
        r
        for r in records
        if r.get("record_type") == "role" and r.get("direction") == "out" and r.get("other_id")
    ]
    roles.sort(key=lambda r: str(r.get("valid_from") or ""))
    return str(roles[-1]["other_id"]) if roles else None


def act_list(view: TurnView) -> ActOut:
    """One filtered list read."""
    if any(s.get("tool") == "list_register" for s in view.steps):
        return ActOut(note="list read")
    if view.slots.attribute == "persons" and (filters := person_filters(view.question)):
        company = view.slots.spans[0] if view.slots.spans else None
        return ActOut(calls=persons_calls(filters, company), note="persons with filters")
    return ActOut(calls=[list_call(view.question, view.slots)], note="list with filters")
