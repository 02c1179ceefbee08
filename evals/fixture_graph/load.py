"""Loading: wipe a database and create the fixture graph with parameterised Cypher."""

from __future__ import annotations

import datetime as dt
from typing import Any

from neo4j import Driver

from evals.fixture_graph.companies import COMPANIES
from evals.fixture_graph.events import EVENT_ROWS, EVENTS, PUB
from evals.fixture_graph.facts import FACTS, IDS, FixtureFacts
from evals.fixture_graph.persons import PERSONS
from evals.fixture_graph.relations import ROLES, STATES, STRUCTURE
from ingestion.graph.stages.derived import refresh_derived
from shabgraph.register.initials import initials_text
from shabgraph.register.places import (
    origin_keys,
    place_canton,
    place_keys,
    place_norm,
    residence_country,
)

WIPE = "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"
"""Batched, so that a database holding a big graph does not run out of transaction memory."""
CREATE_EVENTS = """
UNWIND $rows AS r
CREATE (e:Event {pub_number: r.pub_number, pub_id: r.pub_id, sub_rubric: r.sub_rubric,
  pub_date: r.pub_date, journal_date: r.journal_date, journal_number: r.journal_number,
  canton: r.canton, language: r.language, text: r.text, event_types: r.event_types,
  subject_id: r.subject_id, subject_name: r.subject_name, source: 'fixture', flags: [],
  pubs: [r.pub_number]})
"""
CREATE_COMPANIES = """
UNWIND $rows AS r
CREATE (c:Company) SET c = r
"""
CREATE_PERSONS = """
UNWIND $rows AS r
CREATE (p:Person) SET p = r
"""
CREATE_HUBS = """
UNWIND $rows AS r
MERGE (h:NameHub {key: r.key}) ON CREATE SET h.kind = r.kind, h.display = r.display
WITH h, r
MATCH (n {id: r.member})
CREATE (n)-[:IN_HUB]->(h)
"""
CREATE_HAS_EVENT = """
UNWIND $rows AS r
MATCH (c:Company {id: r.company}), (e:Event {pub_number: r.pub})
CREATE (c)-[:HAS_EVENT {pubs: [r.pub]}]->(e)
"""
CREATE_INVOLVED = """
UNWIND $rows AS r
MATCH (n {id: r.entity}), (e:Event {pub_number: r.pub})
CREATE (n)-[:INVOLVED_IN {role: r.roles[0], roles: r.roles, role_text: r.role_text,
  signature: r.signature, action: r.action, residence: r.residence, origin: r.origin,
  prev_residence: r.prev_residence, nationality: r.nationality, pubs: [r.pub]}]->(e)
"""
CREATE_ROLES = """
UNWIND $rows AS r
MATCH (h {id: r.holder}), (c:Company {id: r.company})
CREATE (h)-[x:HOLDS_ROLE]->(c) SET x = r.props
"""
CREATE_STATES = """
UNWIND $rows AS r
MATCH (c:Company {id: r.company})
CREATE (c)-[:HAD_STATE]->(s:CompanyState) SET s = r.props
"""
# Relationship types cannot be parameters: one query per type.
CREATE_REL_BY_TYPE = {
    t: f"""
UNWIND $rows AS r
MATCH (a:Company {{id: r.src}}), (b:Company {{id: r.dst}})
CREATE (a)-[x:{t}]->(b) SET x = r.props
"""
    for t in ("HEAD_OFFICE_OF", "MERGED_INTO", "TRANSFERRED_TO", "ACQUIRED_FROM", "SAME_AS")
}


def _jd(key: str | None) -> dt.date | None:
    return EVENTS[key]["jd"] if key else None


def _entity_pubs() -> dict[str, list[str]]:
    """Provenance of each company/person: the notices it is subject of or named in, by date."""
    pubs: dict[str, list[str]] = {}
    for ev in sorted(EVENT_ROWS, key=lambda e: (e["pub_date"], e["pub"])):
        for key in [ev["subject"], *[inv[0] for inv in ev["involved"]]]:
            pubs.setdefault(key, [])
            if ev["pub"] not in pubs[key]:
                pubs[key].append(ev["pub"])
    return pubs


def _company_rows(pubs: dict[str, list[str]]) -> list[dict[str, Any]]:
    rows = []
    for key, c in COMPANIES.items():
        names = [c["name"], *c["old_names"]]
        own = pubs.get(key, [])
        dates = sorted(ev["pub_date"] for ev in EVENT_ROWS if ev["pub"] in own)
        row = {
            "id": c["id"],
            "uid": c["uid"],
            "code13": c.get("code13"),
            "strength": c["strength"],
            "name": c["name"],
            "names": names,
            "names_text": " | ".join(names),
            "initials_text": initials_text(names),
            "name_norm": c["name_norm"],
            "hub_key": c["hub"],
            "seat": c["seat"],
            "seat_key": place_norm(c["seat"]) or None if c["seat"] else None,
            "canton": c["canton"],
            "legal_form": c["legal_form"],
            "legal_form_label": c["legal_form_label"],
            "purpose": c["purpose"],
            "capital": c["capital"],
            "address": c["address"],
            "status": c["status"],
            "registered_on": _jd(c["reg"]),
            "deleted_on": _jd(c.get("deleted")),
            "first_pub_date": dates[0] if dates else None,
            "last_pub_date": dates[-1] if dates else None,
            "flags": [],
            "pubs": own,
        }
        rows.append({k: v for k, v in row.items() if v is not None})
    return rows


def _mention_places(key: str, written: dict[str, str]) -> dict[str, str | None]:
    """Residence and origin one notice writes of a person (as the build stores them on
    INVOLVED_IN): the person's first ones unless the notice writes others."""
    p = PERSONS.get(key)
    if p is None:
        return {"residence": None, "origin": None, "prev_residence": None, "nationality": None}
    return {
        "residence": written.get("residence", p.get("first_residence", p["residence"])),
        "origin": written.get("origin", p.get("first_origin", p["origin"])),
        "prev_residence": written.get("prev_residence"),
        "nationality": p.get("nationality"),
    }


def _person_rows(pubs: dict[str, list[str]]) -> list[dict[str, Any]]:
    return [
        {
            "id": p["id"],
            "family_name": p["family"],
            "given_names": p["given"],
            "full_name": f"{p['given']} {p['family']}",
            "name_variants_text": " | ".join(p["variants"]),
            "name_norm": p["norm"],
            "hub_key": p["hub"],
            "origin": p["origin"],
            "residence": p["residence"],
            "residences": p.get("residences", [p["residence"]]),
            # the folded place keys the build stores (ingestion/graph/derive.py place_props)
            "residence_keys": place_keys(*p.get("residences", [p["residence"]])),
            "origin_keys": origin_keys(p["origin"]),
            "residence_country": residence_country(p["residence"], p.get("nationality")),
            "residence_key": place_norm(p["residence"]) or None,
            "residence_canton": place_canton(p["residence"]),
            "nationality": p.get("nationality"),
            "strength": p["strength"],
            "merge_reason": p["merge_reason"],
            "pubs": pubs.get(key, []),
        }
        for key, p in PERSONS.items()
    ]


def _role_rows() -> list[dict[str, Any]]:
    rows = []
    for holder, company, roles, text, sig, frm, to, flags in ROLES:
        props = {
            "role": roles[0],
            "roles": roles,
            "role_text": text,
            "signature": sig,
            "valid_from": _jd(frm),
            "valid_to": _jd(to),
            "from_pub": PUB[frm] if frm else None,
            "to_pub": PUB[to] if to else None,
            "from_pub_date": EVENTS[frm]["pub_date"] if frm else None,
            "to_pub_date": EVENTS[to]["pub_date"] if to else None,
            "current": to is None,
            "flags": flags,
            "pubs": [PUB[k] for k in (frm, to) if k],
        }
        rows.append(
            {
                "holder": IDS[holder],
                "company": IDS[company],
                "props": {k: v for k, v in props.items() if v is not None},
            }
        )
    return rows


def _state_rows() -> list[dict[str, Any]]:
    rows = []
    for company, attr, value, frm, to in STATES:
        props = {
            "id": f"{IDS[company]}|{attr}|{PUB[frm]}",
            "attribute": attr,
            "value": value,
            "valid_from": _jd(frm),
            "valid_to": _jd(to),
            "pub_number": PUB[frm],
            "pub_date": EVENTS[frm]["pub_date"],
            "pubs": [PUB[frm]],
        }
        rows.append(
            {"company": IDS[company], "props": {k: v for k, v in props.items() if v is not None}}
        )
    return rows


def _structure_rows() -> dict[str, list[dict[str, Any]]]:
    by_type: dict[str, list[dict[str, Any]]] = {t: [] for t in CREATE_REL_BY_TYPE}
    for rel, src, dst, ev in STRUCTURE:
        props: dict[str, Any] = {"pubs": [PUB[ev]]}
        if rel != "HEAD_OFFICE_OF":
            props.update(date=_jd(ev), pub_number=PUB[ev])
        by_type[rel].append({"src": IDS[src], "dst": IDS[dst], "props": props})
    by_type["SAME_AS"].append(
        {
            "src": IDS["sonnenberg_weak"],
            "dst": IDS["sonnenberg"],
            "props": {
                "rule": "namehub_seat",
                "score": 0.95,
                "reason": "same NameHub key and same seat (Zug)",
                "pubs": [PUB["E07"]],
            },
        }
    )
    return by_type


def load_fixture_graph(driver: Driver, database: str = "neo4j") -> FixtureFacts:
    """Wipe `database` and create the fixture graph; return its documented facts (`FACTS`)."""
    pubs = _entity_pubs()
    events = [
        {
            "pub_number": e["pub"],
            "pub_id": f"00000000-0000-0000-0000-0000000000{e['key'][1:]}",
            "sub_rubric": e["pub"][:4] if e["pub"].startswith("HR") else "HR01",
            "pub_date": e["pub_date"],
            "journal_date": e["jd"],
            "journal_number": f"J{e['key'][1:]}",
            "canton": e["canton"],
            "language": e["lang"],
            "text": e["text"],
            "event_types": e["types"],
            "subject_id": IDS[e["subject"]],
            "subject_name": (COMPANIES.get(e["subject"]) or {}).get("name"),
        }
        for e in EVENT_ROWS
    ]
    hubs = [
        {
            "key": spec["hub"],
            "kind": "company" if key in COMPANIES else "person",
            "display": spec.get("name") or f"{spec['given']} {spec['family']}",
            "member": spec["id"],
        }
        for key, spec in [*COMPANIES.items(), *PERSONS.items()]
    ]
    involved = [
        {
            "entity": IDS[ent],
            "pub": e["pub"],
            "roles": roles,
            "role_text": text,
            "signature": sig,
            "action": action,
            **_mention_places(ent, e.get("places", {}).get(ent, {})),
        }
        for e in EVENT_ROWS
        for ent, roles, text, sig, action in e["involved"]
    ]
    has_event = [{"company": IDS[e["subject"]], "pub": e["pub"]} for e in EVENT_ROWS]

    def run(query: str, rows: list[dict[str, Any]]) -> None:
        if rows:
            driver.execute_query(query, {"rows": rows}, database_=database)

    with driver.session(database=database) as session:  # IN TRANSACTIONS needs auto-commit
        session.run(WIPE).consume()
    run(CREATE_EVENTS, events)
    run(CREATE_COMPANIES, _company_rows(pubs))
    run(CREATE_PERSONS, _person_rows(pubs))
    run(CREATE_HUBS, hubs)
    run(CREATE_HAS_EVENT, has_event)
    run(CREATE_INVOLVED, involved)
    run(CREATE_ROLES, _role_rows())
    run(CREATE_STATES, _state_rows())
    for rel, rows in _structure_rows().items():
        run(CREATE_REL_BY_TYPE[rel], rows)
    refresh_derived(driver, database)  # the stored counts `shabgraph ingest` writes at its end
    # Full-text indexes are eventually consistent: wait so that searches see the new nodes.
    driver.execute_query("CALL db.awaitIndexes(60)", database_=database)
    return FACTS
