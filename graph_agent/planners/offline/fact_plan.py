"""Routing and tool plans for fact questions about one entity and for population lists.

A question that names an entity (or follows up on one) and asks for one of its facts reads the
entity's whole record (`get_entity_facts`) after linking the mention; a question about a
population ("which Sàrl have their seat in Ticino", "which notices appeared on 9 January")
reads a filtered list with its total (`list_register`). Everything else keeps the template
planner's routes.
"""

from __future__ import annotations

import re

from graph_agent.planners.base import RouteOut, TurnView
from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.ask_finders import find_role, noun_phrase
from graph_agent.planners.offline.asks import Ask, understand
from graph_agent.planners.offline.attribute_words import detect_attribute
from graph_agent.planners.offline.descriptions import described, only_describes
from graph_agent.planners.offline.lists import PERSON_WORDS, list_route
from graph_agent.planners.offline.mentions import (
    Mention,
    cut_variants,
    lower_mentions,
    mentions,
    names_something,
)
from graph_agent.planners.offline.name_words import ORG_WORDS
from graph_agent.planners.offline.people_plan import (
    common_route,
    person_route,
)
from graph_agent.planners.offline.slots import fold
from graph_agent.planners.offline.vocab import vocab
from graph_agent.state import Slots
from shabgraph.register.cantons import CANTON_NAMES, canton_code
from shabgraph.register.folding import has_any
from tools.intents import Intent

SEVERAL_RE = re.compile(
    r"(?<![a-z])(?:mehr als (?:einer|einem|ein|eine)|mehreren|mehrere|verschiedenen|"
    r"plus d'une?|plusieurs|piu di una?|in piu|diverse|diversi|"
    r"more than one|several|multiple|various)\s+(?:\w+\s+)?"
    r"(?:firm|gesellschaft|unternehm|stiftung|verein|genossenschaft|verwaltungsr|gremie|"
    r"societe|entreprise|entite|fondation|association|cooperative|conseil|"
    r"societa|ent[ei](?![a-z])|ditt[ae]|aziend|fondazion|associazion|consigli|"
    r"compan|entit|foundation|board|organi[sz]ation)"
)
"""A person asked to sit at more than one company ("in mehr als einer Stiftung", "dans
plusieurs sociétés", "in più di una società", "on more than one board"), in folded words."""


def several_companies(folded: str) -> bool:
    """The question asks who holds roles at several companies (the caller checks that no
    company or person is named: a role word is no name)."""
    return SEVERAL_RE.search(folded) is not None and has_any(folded, SEVERAL_WHO) is not None


SEVERAL_WHO = ("wer ", "welche person", "personen", "qui ", "quelles personnes", "personnes",
               "chi ", "quali persone", "persone", "who ", "which people", "which persons",
               "people", "persons", "anyone", "anybody", "jemand", "quelqu", "qualcuno")  # fmt: skip
"""Words that make a several-companies phrase a question about persons."""


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
    if several_companies(folded) and all(find_role(fold(m.text)) for m in found):
        # "Wer ist in mehr als einer Stiftung eingetragen?": persons ranked by their companies,
        # kept from two up; the legal form named is the companies' filter
        return RouteOut(
            intent="macro_analytics",
            task="top",
            reason="persons with roles at more than one company",
            slots=slots.model_copy(
                update={"metric": "mandates", "spans": [], "limit": 100, "at_least": 2}
            ),
        )
    asks_something = ask.facts or ask.role or ask.has("left", "joined")
    if not found and not slots.uid and not view.focus and asks_something and quiet:
        found = lower_mentions(view.question)
    if ask.most and has_any(folded, PERSON_WORDS) and not found:
        return RouteOut(
            intent="macro_analytics",
            task="top",
            reason="ranking of persons by their companies",
            slots=slots.model_copy(update={"metric": "mandates", "legal_form": None, "spans": []}),
        )
    desc = described(view.question)
    by_description = bool(
        desc
        and (ask.facts or ask.role)
        and not ask.count
        and not slots.uid
        and all(only_describes(m.text, desc) for m in found)
    )
    if by_description:
        found = []  # "la fondazione di X": the companies at X are read, not a name searched
    if "namesakes" in ask.facts and found:
        # "Keller bei der X – dieselbe Person?": the entity's holders of that name are read
        found = entity_first(view.question, found)
    else:
        both = common_route(view, slots, found)
        if both is not None:
            return both
        people = person_route(view, slots, found)
        if people is not None:
            return people
        listed = None if by_description else list_route(view, slots, ask, found)
        if listed is not None:
            return listed
    if ask.count and ask.population and not found and not slots.uid:
        return None  # a count over a population is never about the entity in focus
    target = by_description or bool(
        found or slots.uid or (view.focus and (ask.follow_up or not found))
    )
    # "wen hat sie abgelöst?" about the person in focus: her predecessor in her role
    about_holder = bool(ask.has("before", "successor") and ask.follow_up and view.focus) and (
        view.focus[0].kind == "person"
    )
    if not target or not (
        ask.facts or ask.role or ask.has("left", "joined", "successor", "together") or about_holder
    ):
        return None
    if view.focus and found and name_filters_focus(view, ask, found):
        # "und wer folgte auf Hans Keller?": the name filters the entity in focus
        found = []
    if (
        ask.facts == ("mandates",)
        and not ask.role
        and not found
        and not slots.uid
        and not view.focus
    ):
        return None
    current = detect_attribute(fold(view.question)) == "current" and not (
        set(ask.facts) & OWN_FACTS
    )
    if current or (ask.main == "names" and (ask.as_of or ask.date_from)):
        # a former name asked about today ("what is X called now?"; a fact of it today, as
        # its purpose, is read from its facts), or the name on a day: the states answer
        return None
    if "mandates" in ask.facts:
        # "A est-il aussi actif hors de la Fondation B ?": the person first
        found = sorted(found, key=lambda m: m.org)
    elif len(found) > 1 and (
        ask.has("together") or (ask.role and ask.has("successor", "predecessor", "left", "joined"))
    ):
        # "who took over from Anna Muster as president at ALPHA?": the company is read, the
        # person picks the holder there (a company by its form, an acronym or its preposition);
        # so do "when did X leave the board of ALPHA?" and "who sat with X at ALPHA?"
        found = sorted(entity_first(view.question, found), key=lambda m: not _company_like(m))
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
        "follow_up": ask.follow_up and not found and not by_description,
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
        # a described entity is found through the register's lists, then its facts are read
        intent="all" if by_description else intent_of(ask),
        task="facts",
        reason=reason,
        slots=slots.model_copy(update=update),
    )


OWN_FACTS = frozenset(
    {"purpose", "capital", "address", "uid", "legal_form", "shares", "signature", "role",
     "statutes", "communications", "branches", "head_office", "mergers", "transfers"}
)  # fmt: skip
"""Facts a question may ask of a company named by a former name ("die frühere X – was ist heute
ihr Zweck?"): read from its facts, not answered with today's name and seat alone."""
AT_ENTITY_RE = r"(?:bei(?: der| dem)?|in der|im|nella|nello|nel|della|dello|presso|alla|chez|aupres de|a la|au|dans la|de la|at|with|in the|of the)\s+"
"""The preposition before the entity a question asks about ("bei der X", "nella X", "chez X")."""


def _company_like(m: Mention) -> bool:
    return m.org or (m.text.isupper() and len(m.text) > 1 and " " not in m.text)


def entity_first(question: str, found: list[Mention]) -> list[Mention]:
    """The mentions with the one that names the entity first: a legal form or organisation word,
    then the name after "bei der", "nella", "chez", "at", then a name the question opens with
    before a colon or dash ("X: i due soci …"); the persons' names follow."""
    folded = fold(question)

    def rank(m: Mention) -> int:
        name = re.escape(fold(m.text))
        if m.org:
            return 0
        if re.search(AT_ENTITY_RE + name, folded):
            return 1
        word = re.search(r"([a-z]{4,})\s+" + name, folded)
        if word and word.group(1) in ORG_WORDS:
            return 1  # "nella fondazione Muster": the mention kept no organisation word
        if re.match(r"\s*" + name + r"\s*[:\-–—]", folded):
            return 2
        return 3

    return sorted(found, key=rank)


HOLDER_FACTS = frozenset({"role", "signature", "shares"})
"""Facts of a company's role holders: a person named in a follow-up about them is one holder."""


def name_filters_focus(view: TurnView, ask: Ask, found: list[Mention]) -> bool:
    """True when the persons a follow-up names pick holders of the company in focus ("und wer
    folgte auf Hans Keller?", "and Hans Keller?" after "who is the chair of X?"); otherwise a new
    name wins over the carried-over entity ("Who is Y?" or "and Y?" after "where does X live?"
    asks about Y)."""
    if any(m.org for m in found) or view.focus[0].kind != "company" or ask.has("mandates"):
        return False
    if ask.has("successor", "before"):
        return True
    return ask.inherited and set(ask.facts or ("role",)) <= HOLDER_FACTS


NETWORK_FACTS = frozenset(
    {"role", "signature", "shares", "residence", "origin", "nationality", "mandates"}
    | {"branches", "head_office"}
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
