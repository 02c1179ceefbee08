"""Generate the graph-seeded and conversational benchmarks from the synthetic ground truth.

Six task types times three difficulty levels, in German, French, Italian and English. Each
builder picks an entity from the truth that suits its template and returns a `Question` with
the reference facts; entities are drawn without replacement, so no two questions of a cell ask
about the same entity. The same truth and seed give the same file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date
from typing import Any

from evals.benchmark import ReferenceFact
from evals.templates import Q, date_text
from evals.truth import Truth

# The tool a good trajectory starts with, then the one that answers (see graph_agent.toolbox).
TOOLS: dict[str, list[str]] = {
    "direct": ["search_companies"],
    "namehub": ["search_companies", "explore_network"],
    "temporal": ["search_companies", "get_node_history"],
    "network": ["search_companies", "explore_network"],
    "as_of": ["search_companies", "get_node_history", "explore_network"],
    "aggregate": ["count_entities_by_event", "get_top_entities", "run_cypher"],
}

Built = tuple[str, str, list[ReferenceFact], list[str]]
"""(template key with fields filled, reference answer, facts, entity ids)."""
Builder = Callable[[Truth, Any, str], Built | None]


def name_fact(truth: Truth, company_id: str, label: str = "name") -> ReferenceFact:
    names = truth.company_names(company_id)
    return ReferenceFact(kind="name", value=names[0], alternatives=names[1:], label=label)


def person_fact(truth: Truth, person_id: str) -> ReferenceFact:
    return ReferenceFact(
        kind="name",
        value=truth.person_name(person_id),
        alternatives=truth.person_variants(person_id),
        label="person",
    )


def date_fact(truth: Truth, iso: str, pub: str | None, label: str) -> ReferenceFact:
    alt = [truth.pub_dates[pub]] if pub and pub in truth.pub_dates else []
    return ReferenceFact(
        kind="date", value=iso, alternatives=[a for a in alt if a != iso], label=label
    )


def dedupe(facts: list[ReferenceFact]) -> list[ReferenceFact]:
    """Facts with distinct values (two homonymous officers are one fact to find)."""
    seen: dict[tuple[str, str], ReferenceFact] = {}
    for fact in facts:
        seen.setdefault((fact.kind, fact.value.casefold()), fact)
    return list(seen.values())


def _mid(start: str, end: str) -> str:
    a, b = date.fromisoformat(start), date.fromisoformat(end)
    return date.fromordinal((a.toordinal() + b.toordinal()) // 2).isoformat()


def open_people(truth: Truth, company_id: str, day: str | None = None) -> list[str]:
    """Persons holding a role now (day None) or on `day`."""
    ids = []
    for r in truth.roles_by_company.get(company_id, []):
        if r["holder_kind"] != "person":
            continue
        if (day is None and r["valid_to"] is None) or (
            day is not None
            and r["valid_from"] <= day
            and (r["valid_to"] is None or day < r["valid_to"])
        ):
            ids.append(r["holder_id"])
    return list(dict.fromkeys(ids))


def _open_company(truth: Truth, person_id: str) -> str | None:
    """The company of the person's first role still open (None when all have ended)."""
    return next(
        (
            r["company_id"]
            for r in truth.roles_by_holder.get(person_id, [])
            if r["valid_to"] is None
        ),
        None,
    )


def _unique_names(truth: Truth) -> set[str]:
    """Names (any time, any translation) that belong to exactly one company."""
    counts = Counter(n.casefold() for cid in truth.companies for n in truth.company_names(cid))
    return {n for n, c in counts.items() if c == 1}


def pools(truth: Truth) -> dict[str, Any]:
    """Candidate entities per template, filtered so that every question has one answer."""
    unique = _unique_names(truth)
    named = {cid for cid in truth.companies if truth.company_names(cid)}
    swiss = [
        c
        for c in truth.companies.values()
        if c.get("kind") != "foreign"
        and c.get("names")
        and truth.current_name(c["id"]).casefold() in unique
    ]
    homonyms: dict[str, list[str]] = {}
    for p in truth.persons.values():
        homonyms.setdefault(p.get("homonym_key") or p["id"], []).append(p["id"])
    people_open = {
        pid: sorted({r["company_id"] for r in roles if r["valid_to"] is None})
        for pid, roles in truth.roles_by_holder.items()
        if pid in truth.persons
    }
    single = [
        pid
        for pid, cs in people_open.items()
        if 1 <= len(cs) <= 3
        and set(cs) <= named
        and len(homonyms[truth.persons[pid].get("homonym_key") or pid]) == 1
    ]
    return {
        "companies": [c["id"] for c in swiss if c.get("seats")],
        "capital": [c["id"] for c in swiss if c.get("capitals")],
        "uid": [c["id"] for c in swiss if c.get("uid") and c.get("seats")],
        "renamed": [
            c["id"]
            for c in swiss
            if len(c["names"]) >= 2 and c["names"][0]["value"].casefold() in unique
        ],
        "moved": [c["id"] for c in swiss if len(c.get("seats") or []) >= 2],
        "registered": [
            c["id"] for c in swiss if c.get("registered_pub") and c.get("registered_on")
        ],
        "capital_hist": [c["id"] for c in swiss if len(c.get("capitals") or []) >= 2],
        "auditor": [
            c["id"]
            for c in swiss
            if any(
                r["holder_kind"] == "company"
                and "auditor" in r["roles"]
                and r["valid_to"] is None
                and r["holder_id"] in named
                for r in truth.roles_by_company.get(c["id"], [])
            )
        ],
        "branch": [c["id"] for c in swiss if c.get("head_office_id") in named],
        "officers": [c["id"] for c in swiss if 1 <= len(open_people(truth, c["id"])) <= 4],
        "merged": [c["id"] for c in swiss if c.get("merged_into") in named],
        "persons": [p for p in single if not truth.persons[p].get("variants")],
        "variant_persons": [p for p in single if truth.persons[p].get("variants")],
        # The question asks where the namesakes are active: each needs a role open today.
        "homonyms": [
            ids
            for ids in homonyms.values()
            if 2 <= len(ids) <= 4 and all(_open_company(truth, i) in named for i in ids)
        ],
    }


# --- builders: one per (task type, difficulty) -----------------------------------------------


def b_seat_or_uid(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    name = truth.current_name(c["id"])
    key = "uid" if c.get("uid") and len(name) % 2 else "seat"
    fact = (
        ReferenceFact(kind="uid", value=c["uid"], label="uid")
        if key == "uid"
        else ReferenceFact(kind="name", value=c["seats"][-1]["value"], label="seat")
    )
    return Q[key][lang].format(name=name), f"{name}: {fact.value}", [fact], [c["id"]]


def b_by_uid(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    facts = [
        name_fact(truth, c["id"]),
        ReferenceFact(kind="name", value=c["seats"][-1]["value"], label="seat"),
    ]
    return (
        Q["by_uid"][lang].format(uid=c["uid"]),
        f"{facts[0].value}, {facts[1].value}",
        facts,
        [c["id"]],
    )


def b_by_old_name(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    old = c["names"][0]["value"]
    facts = [
        ReferenceFact(kind="name", value=truth.current_name(c["id"]), label="current name"),
        ReferenceFact(kind="name", value=c["seats"][-1]["value"], label="seat"),
    ]
    return (
        Q["by_old_name"][lang].format(old=old),
        f"{facts[0].value}, {facts[1].value}",
        facts,
        [c["id"]],
    )


def b_person(truth: Truth, pid: str, lang: str) -> Built:
    cids = sorted({r["company_id"] for r in truth.roles_by_holder[pid] if r["valid_to"] is None})
    facts = dedupe([name_fact(truth, cid, "company") for cid in cids])
    return (
        Q["person_companies"][lang].format(person=truth.person_name(pid)),
        "; ".join(f.value for f in facts),
        facts,
        [pid, *cids],
    )


def b_homonyms(truth: Truth, ids: list[str], lang: str) -> Built:
    facts = [ReferenceFact(kind="number", value=str(len(ids)), label="distinct persons")]
    for pid in ids:
        facts.append(name_fact(truth, str(_open_company(truth, pid)), "company"))
    return (
        Q["homonyms"][lang].format(person=truth.person_name(ids[0])),
        f"{len(ids)}: " + "; ".join(f.value for f in facts[1:]),
        facts,
        list(ids),
    )


def b_registered(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    fact = date_fact(truth, c["registered_on"], c["registered_pub"], "registered on")
    name = truth.current_name(c["id"])
    return Q["registered"][lang].format(name=name), f"{name}: {fact.value}", [fact], [c["id"]]


def b_seat_move(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    new, old = c["seats"][-1], c["seats"][-2]
    facts = [
        date_fact(truth, new["valid_from"], new.get("pub"), "moved on"),
        ReferenceFact(kind="name", value=old["value"], label="former seat"),
    ]
    return (
        Q["seat_move"][lang].format(name=truth.current_name(c["id"]), seat=new["value"]),
        f"{facts[0].value}; {old['value']}",
        facts,
        [c["id"]],
    )


def b_name_history(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    facts = [
        ReferenceFact(
            kind="name", value=n["value"], alternatives=n.get("translations") or [], label="name"
        )
        for n in c["names"]
    ]
    return (
        Q["name_history"][lang].format(name=truth.current_name(c["id"])),
        "; ".join(f.value for f in facts),
        facts,
        [c["id"]],
    )


def b_auditor(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    holder = next(
        r["holder_id"]
        for r in truth.roles_by_company[c["id"]]
        if r["holder_kind"] == "company"
        and "auditor" in r["roles"]
        and r["valid_to"] is None
        and truth.company_names(r["holder_id"])
    )
    fact = name_fact(truth, holder, "auditor")
    name = truth.current_name(c["id"])
    return Q["auditor"][lang].format(name=name), fact.value, [fact], [c["id"], holder]


def b_head_office(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    fact = name_fact(truth, c["head_office_id"], "head office")
    return (
        Q["head_office"][lang].format(name=truth.current_name(c["id"])),
        fact.value,
        [fact],
        [c["id"], c["head_office_id"]],
    )


def b_officers(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    pids = open_people(truth, c["id"])
    facts = dedupe([person_fact(truth, p) for p in pids])
    return (
        Q["officers"][lang].format(name=truth.current_name(c["id"])),
        "; ".join(f.value for f in facts),
        facts,
        [c["id"], *pids],
    )


def b_merged(truth: Truth, c: dict[str, Any], lang: str) -> Built:
    fact = name_fact(truth, c["merged_into"], "absorbing company")
    return (
        Q["merged_into"][lang].format(name=truth.current_name(c["id"])),
        fact.value,
        [fact],
        [c["id"], c["merged_into"]],
    )


def _as_of_entry(history: list[dict[str, Any]]) -> dict[str, Any] | None:
    closed = [
        h
        for h in history[:-1]
        if h.get("valid_from") and h.get("valid_to") and h["valid_to"] > h["valid_from"]
    ]
    return closed[-1] if closed else None


def b_capital_as_of(truth: Truth, c: dict[str, Any], lang: str) -> Built | None:
    entry = _as_of_entry(c["capitals"])
    if entry is None:
        return None
    day = _mid(entry["valid_from"], entry["valid_to"])
    fact = ReferenceFact(kind="number", value=f"{float(entry['value']):.2f}", label="capital")
    return (
        Q["capital_as_of"][lang].format(
            name=truth.current_name(c["id"]), date=date_text(day, lang)
        ),
        f"CHF {fact.value}",
        [fact],
        [c["id"]],
    )


def b_seat_as_of(truth: Truth, c: dict[str, Any], lang: str) -> Built | None:
    entry = _as_of_entry(c["seats"])
    if entry is None:
        return None
    day = _mid(entry["valid_from"], entry["valid_to"])
    fact = ReferenceFact(kind="name", value=entry["value"], label="seat")
    return (
        Q["seat_as_of"][lang].format(name=truth.current_name(c["id"]), date=date_text(day, lang)),
        fact.value,
        [fact],
        [c["id"]],
    )


def b_officers_as_of(truth: Truth, c: dict[str, Any], lang: str) -> Built | None:
    closed = [
        r
        for r in truth.roles_by_company.get(c["id"], [])
        if r["holder_kind"] == "person" and r["valid_to"] and r["valid_to"] > r["valid_from"]
    ]
    if not closed:
        return None
    day = _mid(closed[0]["valid_from"], closed[0]["valid_to"])
    pids = open_people(truth, c["id"], day)
    if not 1 <= len(pids) <= 4 or set(pids) == set(open_people(truth, c["id"])):
        return None
    facts = dedupe([person_fact(truth, p) for p in pids])
    return (
        Q["officers_as_of"][lang].format(
            name=truth.current_name(c["id"]), date=date_text(day, lang)
        ),
        "; ".join(f.value for f in facts),
        facts,
        [c["id"], *pids],
    )
