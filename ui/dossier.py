"""Dossiers: a company's or person's registry file, read from the graph and shown as Markdown.

Read-only queries over the graph model (docs/graph-model.md), run in READ transactions with the
user's input always passed as parameters. Sync functions: the chat runs them in a worker thread.
Finding the entity is the agent's own `search_companies` tool, so the dossier and the agent
resolve a name (misspelt, without umlauts, a former name) to the same entity.
"""

from __future__ import annotations

from typing import Any, Literal

from neo4j import Driver
from pydantic import BaseModel, Field, ValidationError

from shabgraph import db
from shabgraph.errors import InputError, ToolError
from shabgraph.markdown import escape_block, escape_inline, notice_ref
from tools.base import ToolContext
from tools.search import SearchCompaniesArgs, search_companies
from ui.render import cell

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


def search_entities(driver: Driver, database: str, text: str, limit: int = 8) -> list[EntityHit]:
    """Companies and persons whose names match `text`, best first (the agent's search tool)."""
    if not text.strip():
        return []
    try:
        args = SearchCompaniesArgs(query=text.strip(), kind="any", canton=None, limit=limit)
    except ValidationError as exc:
        raise InputError(
            f"cannot search for that: {exc.errors()[0]['msg']}",
            hint="type a company or person name, or a UID",
        ) from exc
    result = search_companies(ToolContext(driver=driver, database=database), args)
    if result.outcome == "error":
        raise ToolError(result.message)
    return [
        EntityHit(
            id=r["id"], kind=r["kind"], name=r["name"], uid=r.get("uid"), detail=r.get("seat")
        )
        for r in result.records
        if r.get("name")
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


def v(value: Any) -> str:
    """A dossier value escaped for Markdown, `-` when missing."""
    return escape_inline(value) or "-"


def officer_line(o: dict[str, Any]) -> str:
    """One role: who, what, signature, validity (a table row, every value escaped)."""
    span = f"{escape_inline(o.get('valid_from')) or '?'} → {escape_inline(o.get('valid_to')) or 'today'}"
    role = cell(o.get("role_text") or o.get("role") or "role")
    sig = f", {cell(o['signature'])}" if o.get("signature") else ""
    pubs = ", ".join(notice_ref(p) for p in (o.get("pubs") or [])[:3])
    return f"| {cell(o.get('name'))} | {role}{sig} | {span} | {pubs} |"


def dossier_markdown(d: Dossier) -> str:
    """The dossier as Markdown: attributes, purpose, officers, branches, timeline."""
    a = d.attributes
    lines = [f"## Dossier: {escape_inline(d.name)}", ""]
    if d.kind == "company":
        lines += [
            f"**UID** {v(a.get('uid'))} · **seat** {v(a.get('seat'))} "
            f"({v(a.get('canton'))}) · **form** {v(a.get('legal_form_label'))} · "
            f"**status** {v(a.get('status'))}",
            f"**capital** {v(a.get('capital'))} · **address** {v(a.get('address'))} · "
            f"**registered** {v(a.get('registered_on'))}"
            + (f" · **deleted** {v(a['deleted_on'])}" if a.get("deleted_on") else ""),
            "",
            f"**Purpose** {escape_block(a.get('purpose')) or '-'}",
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
                f"- {escape_inline(b['relation'])}: {v(b['name'])} ({v(b.get('seat'))})"
                for b in d.branches
            ]
            lines.append("")
        lines += [f"### Timeline ({len(d.events)} notices)", ""]
        lines += [
            f"- {escape_inline(e.get('pub_date')) or '?'} · {notice_ref(e['pub_number'])} · "
            f"{', '.join(escape_inline(t) for t in e.get('event_types') or [])}"
            for e in d.events
        ]
    else:
        lines += [
            f"**origin** {v(a.get('origin'))} · **nationality** "
            f"{v(a.get('nationality'))} · **residence** {v(a.get('residence'))}",
            "",
            f"### Roles ({len(d.officers)})",
            "",
            "| company | role, signature | valid | notices |",
            "|---|---|---|---|",
            *(officer_line(o) for o in d.officers),
        ]
    return "\n".join(lines)
