"""Answer-first synthesis for one fact about one entity, from `get_entity_facts` records.

The first sentence answers in the question's language with the time the fact holds for and its
citations; the evidence (intervals, notices) follows. When the entity has no such fact, the answer
says so for that entity ("the notices on X name no auditor"), never about another one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_agent.answers import fact_events as ev
from graph_agent.answers import fact_links as lk
from graph_agent.answers import fate as fa
from graph_agent.answers import holders as hd
from graph_agent.answers import mandates as md
from graph_agent.answers import person_places as pp
from graph_agent.answers import roles as rl
from graph_agent.answers.care_of import care_of_holder
from graph_agent.answers.entity_attributes import (
    attribute_answer,
    entity_uid,
    legal_form_answer,
)
from graph_agent.answers.fact_record import Facts, neg
from graph_agent.answers.namesakes import namesakes
from graph_agent.answers.notice_facts import NOTICE_FACTS, notice_fact
from graph_agent.answers.phrases import fact_name
from graph_agent.answers.postal import postal_answer
from graph_agent.planners.offline.asks import Ask
from shabgraph.register.places import same_place

Rec = dict[str, Any]


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
        # "in which companies are they active" (and "where does he live"): a person's roles
        facts = [x for x in facts if x in ("residence", "origin", "nationality", "mandates")]
    if (
        not person
        and ask.role
        and not ask.population
        and "mandates" in facts
        and not rl.holds_elsewhere(f.roles, ask.role)
    ):
        # "who sits on its board?": the company's own holders of the role
        facts = ["role" if x == "mandates" else x for x in facts]
        ask = replace(ask, facts=tuple(facts))
    if person and ask.has("left") and others and not ask.role and (out := md.left_at(f, others)):
        return "\n".join(out + md.mandates(f, ask)), f.used, False
    if person and ask.has("besides") and others:
        return md.mandates_besides(f, ask, others)
    if not person and ask.role and facts == ["role"] and rl.holds_elsewhere(f.roles, ask.role):
        # "who did they audit?" of an audit firm: the role is the entity's own, held elsewhere
        return "\n".join(md.mandates(f, ask)), f.used, False
    if (
        not person
        and ask.role
        and ask.population
        and not ask.count
        and facts == ["role"]
        and (
            rl.holds_elsewhere(f.roles, ask.role)
            or rl.held_out(f.roles, ask.role)
            or not rl.select(f.roles, ask, "in", others)[0]
        )
    ):
        # "Which entities had X as auditor?": the companies X holds that role in
        return "\n".join(md.mandates(f, ask)), f.used, False
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
            "origin",
            "nationality",
            "uid",
            "mandates",
            "changes",
            "happened",
            "communications",
            "namesakes",
            *NOTICE_FACTS,
        )
        for x in facts
    ):
        facts = ["role"] + [x for x in facts if x not in ("role",)]
    facts = notice_first(facts)
    asked = 0
    for fact in facts[:3]:
        if fact in done:
            continue
        done.add(fact)
        asked += 1
        lines += [x for x in one_fact(f, fact, ask, others, person) if not x or x not in lines]
    return "\n".join(lines), f.used, f.negatives >= asked


def _move_within(f: Facts, ask: Ask) -> bool:
    """A seat move falls inside the question's period."""
    days = [str(s.get("valid_from") or "") for s in f.of("seat")[1:]]
    if moved := ev.head_move(f):
        days.append(ev.event_day(moved[1]))
    a, b = ask.date_from or "", ask.date_to or "~"
    return any(d and a <= d <= b for d in days)


def notice_first(facts: list[str]) -> list[str]:
    """A fact read from a notice's fixed phrase leads: its words hold the broader fact's
    ("Liquidationsadresse" an address, "Agio der Kapitalerhöhung" the capital), which then
    only follows (an address is left out: the liquidation address is the one asked)."""
    notice = [x for x in facts if x in NOTICE_FACTS]
    if not notice:
        return facts
    rest = [x for x in facts if x not in NOTICE_FACTS]
    if "liquidation_address" in notice:
        rest = [x for x in rest if x not in ("address", "seat")]
    return notice + rest


def one_fact(f: Facts, fact: str, ask: Ask, others: list[str], person: bool) -> list[str]:
    """The lines of one fact."""
    if fact == "unpublished":
        # turnover, profit, staff: the register never holds them, whatever the entity
        return [neg(f, "unpublished", name=f.name)]
    if fact in ("shareholders", "birth_date"):
        # an AG's shareholders, a person's date of birth: never in a notice
        return [neg(f, f"unpublished_{fact}", name=f.name)]
    if fact == "business_start" and not f.of(fact):
        return ev.lifecycle(f, "registered")  # a company begins with its entry
    if fact in NOTICE_FACTS:
        return notice_fact(f, fact, ask)
    if fact == "namesakes" and not person:
        return namesakes(f, ask, others)
    if (
        fact == "address"
        and not ask.role
        and f.of("liquidation_address")
        and f.entity.get("status") != "active"
    ):
        # a company in liquidation is reached at its liquidation address
        return attribute_answer(f, fact, ask) + notice_fact(f, "liquidation_address", ask)
    if (
        fact == "happened"
        and not person
        and not ask.role
        and not (ask.as_of or ask.date_from or ask.date_to)
    ):
        # "what became of X?": its fate first, then the notices that tell it
        return fa.fate(f) + ev.events_answer(f, "changes", ask, others)
    if fact == "uid":
        if ask.role:
            rows, _ = rl.select(f.roles, ask, "in", others)
            firms = [r for r in rows if r.get("other_kind") == "company"]
            if firms or (rows and not ask.inherited):
                return [hd.uid_line(f, r) for r in firms or rows]
        return entity_uid(f)
    if fact in ("seat", "address") and ask.role and ask.inherited:
        # "where is it based?" after "who is the auditor?": the seat of the audit firm named
        rows, _ = rl.select(f.roles, ask, "in", others)
        firms = [r for r in rows if r.get("other_kind") == "company" and r.get("other_place")]
        if firms:
            return [hd.seat_line(f, r) for r in rl.dedupe(firms)]
    if (
        fact == "seat"
        and ("changes" in ask.facts or ask.has("changes"))
        and len(f.of("seat")) <= 1
        and ev.head_move(f) is None
        and len(f.of("address")) > 1
    ):
        # "Umzug wann?" of a company that never left its seat: it moved within it (new address)
        return attribute_answer(f, "address", replace(ask, cues=ask.cues | {"over_time"}))
    seat_moves = (
        fact == "seat"
        and ask.has("changes", "past", "before")
        # "où était le siège en 2025 ?": the seat then, not the moves (a period around a move
        # still shows both)
        and not (ask.as_of or ((ask.date_from or ask.date_to) and not _move_within(f, ask)))
        and (len(f.of("seat")) > 1 or ev.head_move(f) is not None)
    )
    if (
        fact == "address"
        and ask.has("before")
        and not ask.has("now")
        and len(f.of("address")) <= 1
        and ev.head_move(f) is not None
    ):
        # "and before?" of an address no earlier notice gives: where it was before its move
        return ev.seat_changes(f, ask)
    if fact == "address" and ask.has("postal"):
        return postal_answer(f, ask)
    if fact in ("address", "seat", "capital", "purpose") and not seat_moves:
        out = attribute_answer(f, fact, ask)
        relocated = len(f.of("seat")) > 1 or ev.head_move(f) is not None
        if fact == "seat" and relocated and ("changes" in ask.facts or ask.has("changes")):
            # "where was it in 2016 and why did it change?": the seat then, then the moves
            out += [
                x
                for x in ev.seat_changes(f, replace(ask, cues=ask.cues - {"past"}))
                if x not in out
            ]
        if fact == "seat" and ask.claimed and out:
            out[0] = claim_word(f, ask.claimed) + out[0]
        if fact == "purpose" and ask.has("changes"):
            out += ev.change_dates(f, "purpose")
        if fact == "address" and not (ask.as_of or ask.date_from or ask.date_to):
            out += care_of_holder(f, ask)  # "c/o Anna Muster": what she is at the company
        return out
    if fact == "seat":
        return ev.seat_changes(f, ask)
    if fact == "legal_form":
        return legal_form_answer(f, ask)
    if fact == "statutes":
        return ev.statutes(f)
    if fact == "communications":
        return ev.communications(f)
    if fact == "shares" and not ask.role and (struct := ev.share_structure(f, ask)):
        return struct
    if fact in pp.KINDS and (moved := pp.places_over_time(f, fact, ask, others, person)):
        return moved
    if fact == "residence" and person and (not ask.role or ask.inherited):
        # "dove abita X?" after "who holds the procuration?": X's home, not X's roles
        return md.person_residence(f, ask)
    if fact in ("signature", "shares", "residence", "role") or (
        fact == "mandates" and not person and ask.role is None and others
    ):
        if person or (fact == "mandates" and person):
            return md.mandates(f, ask)
        if fact == "shares" and not ask.role:
            ask = _with_role(ask, "partner")
        return hd.role_answer(f, ask, others)
    if fact == "mandates":
        return md.mandates(f, ask)
    if fact == "struck":
        return ev.struck(f, ask) or [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, fact))]
    if fact == "deleted" and (ask.date_from or ask.date_to) and (struck := ev.struck(f, ask)):
        return struck  # "what was struck in 2026?" of an entity not deleted then: the clauses
    if fact == "status" and (then := fa.status_on(f, ask)):
        # "was it still registered in May 2005?": the state at that time; "in what state was
        # it then?" also shows what the notices say of its winding-up
        return then if ask.has("still") else then + ev.lifecycle(f, fact)[1:]
    if fact in ("registered", "deleted", "status"):
        return ev.lifecycle(f, fact)
    if fact == "changes" and ask.role and not (ask.as_of or ask.date_from or ask.date_to):
        # "when did X change its partners?": the days the holders of that role changed
        return hd.role_changes(f, ask)
    if fact in ("happened", "changes", "notices"):
        return ev.events_answer(f, fact, ask, others)
    if fact == "names":
        return ev.names(f)
    if fact in ("head_office", "branches", "mergers", "transfers"):
        return lk.links(f, fact, ask.claimed if fact == "branches" else None)
    if fact == "supervision":
        return lk.supervision(f, ask)
    if fact == "bankruptcy":
        return lk.bankruptcy(f, ask)
    return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, fact))]


def _with_role(ask: Ask, role: str) -> Ask:
    return replace(ask, role=role)


YES_NO = {
    "de": ("Ja: ", "Nein, nicht in {p}: "),
    "fr": ("Oui : ", "Non, pas à {p} : "),
    "it": ("Sì: ", "No — non a {p}: "),
    "en": ("Yes: ", "No — not in {p}: "),
}


def claim_word(f: Facts, place: str) -> str:
    """'Nein: ' when the seat the question asserts is not the entity's seat (at the question's
    time: the seat the answer states), 'Ja: ' when it is."""
    seats = [str(s.get("value") or "") for s in f.of("seat")] or [str(f.entity.get("seat") or "")]
    same = same_place(place, seats[-1].split(" (")[0])  # "Ginevra" is Genève
    yes, no = YES_NO.get(f.lang, YES_NO["en"])
    return yes if same else no.format(p=place)
