"""Dossiers: a company's or person's registry file, read from the graph and shown as Markdown.

Read-only queries over the graph model (docs/graph-model.md), run in READ transactions with the
user's input always passed as parameters. Sync functions: the chat runs them in a worker thread.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from neo4j import Driver
from pydantic import BaseModel, Field

from shabgraph import db
from ui.render import cell

SEARCH_ENTITIES = """
CALL () {
  CALL db.index.fulltext.queryNodes('company_fulltext', $lucene) YIELD node, score
  RETURN node.id AS id, 'company' AS kind, node.name AS name, node.uid AS uid,
         node.seat AS detail, score
  UNION ALL
  CALL db.index.fulltext.queryNodes('person_fulltext', $lucene) YIELD node, score
  RETURN node.id AS id, 'person' AS kind, node.full_name AS name, null AS uid,
         node.residence AS detail, score
}
RETURN id, kind, name, uid, detail, score ORDER BY score DESC LIMIT $limit
"""

COMPANY_DOSSIER = """
MATCH (c:Company {id: $id})
OPTIONAL MATCH (p)-[r:HOLDS_ROLE]->(c)
WITH c, collect(CASE WHEN p IS NULL THEN null ELSE {
  id: p.id, name: coalesce(p.full_name, p.name), kind: CASE WHEN p:Person THEN 'person' ELSE 'company' END,
  role: r.role, role_text: r.role_text, signature: r.signature,
  valid_from: toString(r.valid_from), valid_to: toString(r.valid_to), current: r.current,
  pubs: r.pubs} END) AS officers
OPTIONAL MATCH (c)-[:HEAD_OFFICE_OF]->(b:Company)
WITH c, officers, collect({id: b.id, name: b.name, seat: b.seat}) AS branches
OPTIONAL MATCH (h:Company)-[:HEAD_OFFICE_OF]->(c)
WITH c, officers, branches, collect({id: h.id, name: h.name, seat: h.seat}) AS head_offices
OPTIONAL MATCH (c)-[:HAS_EVENT]->(e:Event)
WITH c, officers, branches, head_offices, e ORDER BY e.pub_date
RETURN c {.id, .uid, .name, .names, .seat, .canton, .legal_form_label, .purpose, .capital,
          .address, .status, registered_on: toString(c.registered_on),
          deleted_on: toString(c.deleted_on)} AS company,
       officers, branches, head_offices,
       collect(CASE WHEN e IS NULL THEN null ELSE {pub_number: e.pub_number,
         pub_date: toString(e.pub_date), event_types: e.event_types} END) AS events
"""

PERSON_DOSSIER = """
MATCH (p:Person {id: $id})
OPTIONAL MATCH (p)-[r:HOLDS_ROLE]->(c:Company)
WITH p, r, c ORDER BY r.valid_from
RETURN p {.id, .full_name, .origin, .nationality, .residence, .strength} AS person,
       collect(CASE WHEN c IS NULL THEN null ELSE {id: c.id, name: c.name, role: r.role,
         role_text: r.role_text, signature: r.signature, valid_from: toString(r.valid_from),
         valid_to: toString(r.valid_to), current: r.current, pubs: r.pubs} END) AS roles
"""

LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')


class EntityHit(BaseModel):
    """One search result."""

    id: str
    """Graph id."""
    kind: Literal["company", "person"]
    """Node kind."""
    name: str
    """Display name."""
    uid: str | None = None
    """Company UID."""
    detail: str | None = None
    """Seat (companies) or residence (persons)."""


class Dossier(BaseModel):
    """Everything the dossier view shows about one entity."""

    id: str
    """Graph id."""
    kind: Literal["company", "person"]
    """Node kind."""
    name: str
    """Display name."""
    attributes: dict[str, Any] = Field(default_factory=dict)
    """Registry attributes (company) or identity (person)."""
    officers: list[dict[str, Any]] = Field(default_factory=list)
    """Roles held in the company (company) or roles the person holds (person)."""
    branches: list[dict[str, Any]] = Field(default_factory=list)
    """Branches and head offices, each with `relation`."""
    events: list[dict[str, Any]] = Field(default_factory=list)
    """Event timeline (company)."""


def lucene_query(text: str) -> str:
    """A prefix query for each word of the user's text, special characters escaped."""
    words = [LUCENE_SPECIAL.sub(r"\\\1", w) for w in text.split() if w.strip()]
    return " AND ".join(f"{w}*" if len(w) > 2 else w for w in words)


def search_entities(driver: Driver, database: str, text: str, limit: int = 8) -> list[EntityHit]:
    """Companies and persons whose names match `text`, best first."""
    lucene = lucene_query(text)
    if not lucene:
        return []
    rows = db.read(driver, database, SEARCH_ENTITIES, lucene=lucene, limit=limit)
    return [
        EntityHit(**{k: r[k] for k in ("id", "kind", "name", "uid", "detail")})
        for r in rows
        if r["name"]
    ]


def load_dossier(
    driver: Driver, database: str, entity_id: str, kind: Literal["company", "person"]
) -> Dossier | None:
    """The dossier of one entity, or None when the id is unknown."""
    if kind == "company":
        rows = db.read(driver, database, COMPANY_DOSSIER, id=entity_id)
        if not rows:
            return None
        r = rows[0]
        branches = [{**b, "relation": "branch"} for b in r["branches"] if b["id"]] + [
            {**h, "relation": "head office"} for h in r["head_offices"] if h["id"]
        ]
        return Dossier(
            id=entity_id,
            kind="company",
            name=r["company"]["name"] or entity_id,
            attributes=r["company"],
            officers=r["officers"],
            branches=branches,
            events=r["events"],
        )
    rows = db.read(driver, database, PERSON_DOSSIER, id=entity_id)
    if not rows:
        return None
    r = rows[0]
    return Dossier(
        id=entity_id,
        kind="person",
        name=r["person"]["full_name"] or entity_id,
        attributes=r["person"],
        officers=r["roles"],
    )


def officer_line(o: dict[str, Any]) -> str:
    """One role: who, what, signature, validity."""
    span = f"{o.get('valid_from') or '?'} → {o.get('valid_to') or 'today'}"
    role = o.get("role_text") or o.get("role") or "role"
    sig = f", {o['signature']}" if o.get("signature") else ""
    pubs = ", ".join((o.get("pubs") or [])[:3])
    return f"| {cell(o.get('name'))} | {cell(role)}{cell(sig)} | {span} | {pubs} |"


def dossier_markdown(d: Dossier) -> str:
    """The dossier as Markdown: attributes, purpose, officers, branches, timeline."""
    a = d.attributes
    lines = [f"## Dossier: {d.name}", ""]
    if d.kind == "company":
        lines += [
            f"**UID** {a.get('uid') or '-'} · **seat** {a.get('seat') or '-'} "
            f"({a.get('canton') or '-'}) · **form** {a.get('legal_form_label') or '-'} · "
            f"**status** {a.get('status') or '-'}",
            f"**capital** {a.get('capital') or '-'} · **address** {a.get('address') or '-'} · "
            f"**registered** {a.get('registered_on') or '-'}"
            + (f" · **deleted** {a['deleted_on']}" if a.get("deleted_on") else ""),
            "",
            f"**Purpose** {a.get('purpose') or '-'}",
            "",
        ]
        current = [o for o in d.officers if o.get("current")]
        past = [o for o in d.officers if not o.get("current")]
        for title, group in (("Current officers", current), ("Past officers", past)):
            lines += [
                f"### {title} ({len(group)})",
                "",
                "| name | role, signature | valid | notices |",
                "|---|---|---|---|",
                *(officer_line(o) for o in group),
                "",
            ]
        if d.branches:
            lines += ["### Branches and head office", ""]
            lines += [
                f"- {b['relation']}: {b['name']} ({b.get('seat') or '-'})" for b in d.branches
            ]
            lines.append("")
        lines += [f"### Timeline ({len(d.events)} notices)", ""]
        lines += [
            f"- {e.get('pub_date') or '?'} · {e['pub_number']} · "
            f"{', '.join(e.get('event_types') or [])}"
            for e in d.events
        ]
    else:
        lines += [
            f"**origin** {a.get('origin') or '-'} · **nationality** "
            f"{a.get('nationality') or '-'} · **residence** {a.get('residence') or '-'}",
            "",
            f"### Roles ({len(d.officers)})",
            "",
            "| company | role, signature | valid | notices |",
            "|---|---|---|---|",
            *(officer_line(o) for o in d.officers),
        ]
    return "\n".join(lines)
