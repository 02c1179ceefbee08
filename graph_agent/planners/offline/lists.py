"""Population questions: which companies, notices or role entries, with which filters.

"Combien de fondations …, et lesquelles ?" lists the companies of one legal form; "which
notices were published on 9 January" the notices of one day; "which audit firms were newly
entered between 2005 and 2015" the auditor entries that begin in the period; "how many companies
were deleted" the companies whose status is deleted. Filters come from the register's words:
legal forms and their abbreviations, canton names and codes, the role words
(`list_words`; the filter readers are in `list_filters`).
"""

from __future__ import annotations

import re

from graph_agent.planners.base import RouteOut, TurnView
from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.ask_words import find_signature
from graph_agent.planners.offline.asks import Ask
from graph_agent.planners.offline.attribute_words import without_still_registered
from graph_agent.planners.offline.forms import legal_form_in
from graph_agent.planners.offline.list_filters import (
    canton_in,
    canton_list,
    cantons_in,
    capital_in,
    event_of,
    holders_canton,
    notice_language,
    seat_in,
)
from graph_agent.planners.offline.list_words import (
    ARE_WORDS,
    AUDIT_FIRM_RE,
    COMPANY_WORDS,
    GAZETTE_ISSUE_RE,
    NOTICE_WORDS,
    OPTING_OUT_WORDS,
    PERSON_WORDS,
)
from graph_agent.planners.offline.mentions import Mention
from graph_agent.planners.offline.slots import fold
from graph_agent.planners.offline.vocab import vocab
from graph_agent.state import Slots, ToolCall
from shabgraph.register.cantons import CANTON_NAMES, canton_code, canton_of_adjective
from shabgraph.register.folding import has_any

__all__ = [
    "COMPANY_WORDS",
    "LIST_KINDS",
    "PERSON_WORDS",
    "WHO_START",
    "canton_in",
    "event_of",
    "legal_form_in",
    "list_call",
    "list_route",
    "seat_in",
]

LIST_KINDS = frozenset({"companies", "notices", "roles", "persons"})
"""What `list_register` lists (the route puts it in `Slots.attribute`)."""


def list_route(view: TurnView, slots: Slots, ask: Ask, found: list[Mention]) -> RouteOut | None:
    """A list route for a population question without one entity in it, else None."""
    folded = fold(view.question)
    cantons = {code for code in [canton_code(m.text) for m in found] if code}
    seat = seat_in(view.question)
    named = [
        m
        for m in found
        if not canton_code(m.text)
        and not canton_list(m.text)  # "Basel-Landschaft or Aargau": two cantons, no name
        and fold(m.text) not in CANTON_NAMES
        # "sociétés genevoises", "Berner Firmen": a canton's adjective alone names no entity
        and not (len(m.text.split()) == 1 and not m.org and canton_of_adjective(fold(m.text)))
        and not (seat and fold(m.text) == fold(seat))
    ]
    # "Wer hat Prokura?", "Who had sole signature?" with no entity and nothing in focus: the
    # holders of that role over the whole register
    anyone = bool(ask.role and WHO_START.match(folded) and not view.focus and not ask.facts)
    # "Wer hat 2026 die Statuten geändert?", "Qui a transféré son siège ?": with no entity and
    # nothing in focus, the companies with that change are asked
    changed = bool(
        WHO_START.match(folded)
        and ask.has("changes")
        and not view.focus
        and event_of(view.question)
    )
    # "Was wurde im SHAB vom 9.1.2017 publiziert?": what one issue of the gazette carried
    issue = bool(GAZETTE_ISSUE_RE.search(folded) and (ask.as_of or ask.date_from) and not ask.facts)
    if named or slots.uid or (ask.most and not ask.count):
        return None
    if not (ask.population or ask.count or anyone or changed or issue):
        return None
    listing = has_any(folded, vocab().lists["list"]) is not None
    if (has_any(folded, lx.TOP_WORDS) and not ask.count) or (
        slots.text and has_any(folded, lx.TEXT_WORDS)
    ):
        return None  # rankings and text searches have their own tools
    if ask.count and not listing and not ask.population:
        return None  # "how many mergers": the count tool counts by event type
    if ask.follow_up and view.focus and not ask.count:
        return None  # "et ses succursales ?": the entity in focus
    # "how many bankruptcy notices", "Wie viele Neueintragungen": a count of an event is a count
    # of its notices, not of the companies held in the period (the list still names them)
    # ("how many companies went bankrupt" still counts the companies)
    counted_event = (
        ask.count
        and bool(slots.event_type)
        and not ask.role
        and (_names_notices(folded) or has_any(folded, COMPANY_WORDS) is None)
        and capital_in(folded) is None  # "… with a capital of CHF X": companies are counted
    )
    if slots.event_type == "deletion" and not (slots.date_from or slots.date_to):
        # "combien de sociétés ont été radiées" over all years: the status says which are deleted
        counted_event = counted_event and _names_notices(folded)
    what = (
        "roles"
        if anyone and not ask.population and not changed
        else "companies"
        if changed and not ask.population
        else "notices"
        if (counted_event and _names_event(folded)) or (issue and not ask.population)
        else _what(folded, ask)
    )
    if what is None:
        return None
    update: dict[str, object] = {
        "spans": [],
        "canton": next(iter(cantons), None)
        or canton_in(view.question, folded)
        or (canton_code(seat) if seat else None),
        "legal_form": legal_form_in(folded),
        "seat": seat if seat and not canton_code(seat) else slots.seat,
        "role": ask.role,
        "as_of": ask.as_of,
        "date_from": ask.date_from or ask.as_of,
        "date_to": ask.date_to or ask.as_of,
        "attribute": what,
        "text": None,
    }
    return RouteOut(
        intent="macro_analytics",
        task="count" if ask.count else "list",
        reason=f"population question: list {what} with filters",
        slots=slots.model_copy(update=update),
    )


ENTERED_RE = re.compile(r"\b(?:was|were|got|been|be) (?:newly )?entered\b")
"""English "were entered": a role entry that began (the other languages' word is "registered")."""

WHO_START = re.compile(r"^\s*(?:und |and |et |e )?(?:wer|who|qui|chi)\b")
"""A question that opens by asking who."""


def _names_notices(folded: str) -> bool:
    """The question names notices: a notice word or one issue of the gazette."""
    return has_any(folded, NOTICE_WORDS) is not None or GAZETTE_ISSUE_RE.search(folded) is not None


def _names_event(folded: str) -> bool:
    """The question names notices or an event of the register ("Konkurs", "nuove iscrizioni",
    "deleted"); a legal form that only looks like one ("fondations") names none."""
    facts = vocab().facts
    return bool(
        _names_notices(folded)
        or has_any(folded, facts.get("registered", ()))
        or has_any(folded, facts.get("deleted", ()))
        or event_of(folded)
    )


def _what(folded: str, ask: Ask) -> str | None:
    if has_any(folded, OPTING_OUT_WORDS):
        return "companies"  # "… dispensées de réviseur": companies without auditor, no roles
    if capital_in(folded) is not None:
        return "companies"  # "new entries with a capital of CHF 20'000": notices hold no capital
    if ask.role and (ask.has("joined", "left") or ask.date_from or ask.date_to or ask.population):
        return "roles"
    if ask.signature and has_any(folded, PERSON_WORDS):
        return "roles"  # "who has sole signing authority": the role entries with that signature
    if _names_notices(folded) and not legal_form_in(folded):
        return "notices"  # (notices carry no legal form: "Sàrl … selon les avis" lists companies)
    if has_any(folded, PERSON_WORDS):
        return None  # persons are listed through their roles or ranked, not as companies
    return "companies"


def list_call(question: str, slots: Slots) -> ToolCall:
    """The list_register call for the route's slots."""
    folded = fold(question)
    ask_left = has_any(fold(question), vocab().time.get("left", ()))
    ask_joined = has_any(fold(question), vocab().time.get("joined", ()))
    deleted = has_any(fold(question), vocab().facts.get("deleted", ()))
    # "are they still registered?" asks the status of those listed, not their registration
    registered = has_any(without_still_registered(folded), vocab().facts.get("registered", ()))
    dated = bool(slots.date_from or slots.date_to)
    companies = (slots.attribute or "companies") == "companies"
    event = event_of(question)
    holder_canton = (
        slots.attribute == "roles"
        and slots.role == "auditor"
        and bool(slots.canton)
        and holders_canton(folded)
    )
    # "companies from Zug or Lucerne": any of the cantons named (persons have residence filters)
    several = (
        []
        if holder_canton or slots.attribute == "persons"
        else cantons_in(question, folded, slots.seat)
    )
    args = {
        "what": slots.attribute or "companies",
        "legal_form": slots.legal_form,
        "seat": slots.seat if companies else None,
        "canton": None if holder_canton or several else slots.canton,
        "status": "deleted" if deleted and companies and not dated else None,
        "event_type": (
            # registrations and deletions are read from the question's own words (a count of
            # "new registrations in 2019" filters notices, "deleted companies" a status)
            event
            or (
                slots.event_type
                if slots.event_type not in ("registration", "deletion") or not companies
                else None
            )
            or ("deletion" if deleted and dated else "registration" if registered else None)
        )
        if slots.attribute != "roles"
        else None,
        "role": slots.role if slots.attribute == "roles" else None,
        # "which audit firms were entered in 2014?": the entries that began in the period
        "mode": "entered"
        if ask_joined
        or (
            slots.attribute == "roles"
            and dated
            and (_names_notices(folded) or registered or ENTERED_RE.search(folded))
        )
        else "left"
        if ask_left
        else "held",
        "opting_out": True if companies and has_any(folded, OPTING_OUT_WORDS) else None,
        "capital": capital_in(question) if companies else None,
        "language": notice_language(folded) if slots.attribute == "notices" else None,
        "signature": find_signature(folded) if slots.attribute == "roles" else None,
        # "audit firms from the canton of X": the firms' own canton, not the audited companies'
        "holder_canton": slots.canton if holder_canton else None,
        "cantons": several or None,
        "holder": (
            "company"
            if (has_any(folded, COMPANY_WORDS) and has_any(folded, ARE_WORDS))
            or (slots.role == "auditor" and AUDIT_FIRM_RE.search(folded))
            else "person"
            if has_any(folded, PERSON_WORDS)
            else None
        )
        if slots.attribute == "roles"
        else None,
        "date_from": slots.date_from,
        "date_to": slots.date_to,
        "limit": 50,
    }
    return ToolCall(
        tool="list_register",
        args={k: v for k, v in args.items() if v is not None},
        purpose="population list",
    )
