"""Routing and tool plans for fact questions about one entity and for population lists.

A question that names an entity (or follows up on one) and asks for one of its facts reads the
entity's whole record (`get_entity_facts`) after linking the mention; a question about a
population ("which Sàrl have their seat in Ticino", "which notices appeared on 9 January")
reads a filtered list with its total (`list_register`). Everything else keeps the template
planner's routes.
"""

from __future__ import annotations

from graph_agent.planners import calls
from graph_agent.planners.base import ActOut, RouteOut, TurnView
from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.asks import Ask, noun_phrase, understand
from graph_agent.planners.offline.attribute_words import detect_attribute
from graph_agent.planners.offline.lists import PERSON_WORDS, list_call, list_route
from graph_agent.planners.offline.mentions import (
    Mention,
    cut_variants,
    lower_mentions,
    mentions,
    names_something,
)
from graph_agent.planners.offline.people import person_filters, persons_calls
from graph_agent.planners.offline.people_plan import (
    FACT_TOOL,
    act_common,
    common_route,
    facts_call,
    person_route,
)
from graph_agent.planners.offline.slots import fold
from graph_agent.planners.offline.vocab import vocab
from graph_agent.state import Slots
from shabgraph.register.cantons import CANTON_NAMES, canton_code
from shabgraph.register.folding import has_any
from tools.intents import Intent


def names_of(question: str) -> list[Mention]:
    """Mentions that name something (a legal form alone names nothing)."""
    return [
        m
        for m in mentions(question)
        if names_something(m.text) and (m.org or not noun_phrase(m.text))
    ]


def route_facts(view: TurnView, slots: Slots) -> RouteOut | None:
    """A facts or list route when the question asks for one, else None (template routes)."""
    ask = understand(view.question, view.history)
    folded = fold(view.question)
    if slots.text and has_any(folded, lx.TEXT_WORDS):
        return None  # "notices mentioning 'X'": a text search
    found = names_of(view.question)
    if ask.count or ask.most or has_any(folded, lx.TOP_WORDS):
        # a canton or town in a count or ranking is a filter, not an entity
        found = [
            m for m in found if m.org or not (canton_code(m.text) or fold(m.text) in CANTON_NAMES)
        ]
    listing = has_any(folded, (*vocab().lists["list"], "welch", "quel", "qual", "which"))
    # "stammkapital muster gmbh winterthur": a legal form in a name is no population
    quiet = not (
        ask.count
        or (ask.population and (listing is not None or not ask.facts))
        or ask.most
        or has_any(folded, lx.TOP_WORDS)
    )
    if not found and not slots.uid and not view.focus and (ask.facts or ask.role) and quiet:
        found = lower_mentions(view.question)
    if ask.most and has_any(folded, PERSON_WORDS) and not found:
        return RouteOut(
            intent="macro_analytics",
            task="top",
            reason="ranking of persons by their companies",
            slots=slots.model_copy(update={"metric": "mandates", "legal_form": None, "spans": []}),
        )
    both = common_route(view, slots, found)
    if both is not None:
        return both
    people = person_route(view, slots, found)
    if people is not None:
        return people
    listed = list_route(view, slots, ask, found)
    if listed is not None:
        return listed
    if ask.count and ask.population and not found and not slots.uid:
        return None  # a count over a population is never about the entity in focus
    target = bool(found or slots.uid or (view.focus and (ask.follow_up or not found)))
    # "wen hat sie abgelöst?" about the person in focus: her predecessor in her role
    about_holder = bool(ask.has("before", "successor") and ask.follow_up and view.focus) and (
        view.focus[0].kind == "person"
    )
    if not target or not (
        ask.facts or ask.role or ask.has("left", "joined", "successor") or about_holder
    ):
        return None
    if view.focus and found and name_filters_focus(view, ask, found):
        # "und wer folgte auf Kurt Hess?": the name filters the entity in focus
        found = []
    if (
        ask.facts == ("mandates",)
        and not ask.role
        and not found
        and not slots.uid
        and not view.focus
    ):
        return None
    if detect_attribute(fold(view.question)) == "current" or (
        ask.main == "names" and (ask.as_of or ask.date_from)
    ):
        return None  # a former name asked about today, or the name on a day: the states answer
    if "mandates" in ask.facts:
        # "A est-il aussi actif hors de la Fondation B ?": the person first
        found = sorted(found, key=lambda m: m.org)
    spans = [m.text for m in found]
    # "Beispiel Stiftung Bern", "Musterbau AG Rapperswil": a seat written after the name is tried
    # without it when the whole does not link
    spans += [v for m in found for v in cut_variants(m.text) if v not in spans]
    update = {
        "spans": spans,
        "attribute": ask.main,
        "role": ask.role,
        "as_of": slots.as_of or ask.as_of,
        "date_from": ask.date_from,
        "date_to": ask.date_to,
        "follow_up": ask.follow_up and not found,
        "aspect": "facts",
        "event_type": None,
    }
    reason = (
        f"asks {', '.join(ask.facts) or 'a role'}"
        + (f" (role {ask.role})" if ask.role else "")
        + (f" of {spans[0]!r}" if spans else " of the entity in focus")
        + (
            f"; time {ask.as_of or ''}{ask.date_from or ''}–{ask.date_to or ''}"
            if _timed(ask)
            else ""
        )
        + ("; kept facts of the last turn" if ask.inherited else "")
    )
    return RouteOut(
        intent=intent_of(ask),
        task="facts",
        reason=reason,
        slots=slots.model_copy(update=update),
    )


HOLDER_FACTS = frozenset({"role", "signature", "shares"})
"""Facts of a company's role holders: a person named in a follow-up about them is one holder."""


def name_filters_focus(view: TurnView, ask: Ask, found: list[Mention]) -> bool:
    """True when the persons a follow-up names pick holders of the company in focus ("und wer
    folgte auf Kurt Hess?", "and Kurt Hess?" after "who is the chair of X?"); otherwise a new
    name wins over the carried-over entity ("Who is Y?" or "and Y?" after "where does X live?"
    asks about Y)."""
    if any(m.org for m in found) or view.focus[0].kind != "company" or ask.has("mandates"):
        return False
    if ask.has("successor", "before"):
        return True
    return ask.inherited and set(ask.facts or ("role",)) <= HOLDER_FACTS


NETWORK_FACTS = frozenset(
    {"role", "signature", "shares", "residence", "mandates", "branches", "head_office"}
    | {"mergers", "transfers"}
)
HISTORY_FACTS = frozenset({"registered", "deleted", "happened", "changes", "notices", "names"})


def intent_of(ask: Ask) -> Intent:
    """The paper's intent the fact belongs to (for the trace and the allowed tools)."""
    main = ask.main or ""
    if main in HISTORY_FACTS or (ask.has("over_time", "changes") and main not in NETWORK_FACTS):
        return "event_history"
    if main in NETWORK_FACTS or ask.role:
        return "network_exploration"
    if _timed(ask) or ask.has("past", "before"):
        return "event_history"
    return "entity_disambiguation"


def _timed(ask: Ask) -> bool:
    return bool(ask.as_of or ask.date_from or ask.date_to)


NAMESAKES_READ = 8
"""Namesakes whose facts are read in one round: the register often drops a middle name
("Anna Maria Muster" is filed as "Anna Muster"), so the one asked about may be any of them and
the answer must show each, not the first few."""


LINK_FACTS = frozenset({"head_office", "branches", "mergers", "transfers"})
"""Facts whose answer names another entity, which a bare follow-up then asks about."""


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
    if view.focus:
        want = "person" if slots.attribute == "mandates" else None
        last = view.history[-1] if view.history else {}
        if last.get("attribute") in LINK_FACTS and slots.attribute not in LINK_FACTS:
            # "Dov'è la sede principale?" then "E il suo IDI?": the head office just named
            named = [e for e in view.focus if e.id not in set(last.get("subjects") or [])]
            if named and not any(s.get("tool") == FACT_TOOL for s in steps):
                return ActOut(calls=[facts_call(named[0])], note=f"follow-up on '{named[0].name}'")
        chosen = next(
            (e for e in view.focus if e.id not in read and (want is None or e.kind == want)),
            next((e for e in view.focus if e.id not in read), None),
        )
        if chosen and not any(s.get("tool") == FACT_TOOL for s in steps):
            # a predecessor or successor of a person is read at the company of her role next
            turn = understand(view.question, view.history)
            later = chosen.kind == "person" and turn.has("before", "successor")
            return ActOut(
                calls=[facts_call(chosen)],
                note=f"follow-up on '{chosen.name}'",
                complete=not later,
            )
    return ActOut(note="no entity matched the question")


def holders_company(view: TurnView) -> str | None:
    """ "Wen hat sie abgelöst?" about a person: the company of the person's latest role, whose
    holders answer it (read once, after the person's own facts)."""
    reads = [s for s in view.steps if s.get("tool") == FACT_TOOL and s.get("outcome") == "evidence"]
    if len(reads) != 1 or not understand(view.question, view.history).has("before", "successor"):
        return None
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


def better_spans(question: str, slots: Slots) -> Slots:
    """The template routes search the names `mentions` finds first ("Dimmi qualcosa sulla
    Sternstiftung" names Sternstiftung), the slot filler's runs after them as fallbacks."""
    if slots.uid:
        return slots
    mine = [m.text for m in names_of(question)]
    if not mine:
        return slots
    spans = list(dict.fromkeys([*mine, *(v for m in mine for v in cut_variants(m)), *slots.spans]))
    return slots.model_copy(update={"spans": spans})
