"""The network view's data: nodes and edges around an entity or behind an answer.

`NetworkView.jsx` (public/elements/) draws whatever `NetworkGraph` holds as SVG text (React
escapes it; bidi and invisible characters are made visible here); nothing here knows about
layout. Graph reads are parameterised READ queries; record parsing is pure.
"""

from __future__ import annotations

from typing import Any, Literal

from neo4j import Driver
from pydantic import BaseModel, Field

from shabgraph import db
from shabgraph.markdown import mark_controls

MAX_EDGES = 150

# Company/person relationships only: events and name hubs would swamp the picture.
NEIGHBOURHOOD = """
MATCH (start {id: $id}) WHERE start:Company OR start:Person
MATCH path = (start)-[:HOLDS_ROLE|HEAD_OFFICE_OF|MERGED_INTO|TRANSFERRED_TO|ACQUIRED_FROM|SAME_AS*1..2]-(other)
WITH relationships(path) AS rels LIMIT $max_paths
UNWIND rels AS r
WITH DISTINCT r
RETURN startNode(r).id AS source, endNode(r).id AS target, type(r) AS type,
       coalesce(r.role, '') AS label,
       [n IN [startNode(r), endNode(r)] | {id: n.id, name: coalesce(n.name, n.full_name),
        kind: CASE WHEN n:Person THEN 'person' ELSE 'company' END}] AS ends
LIMIT $max_edges
"""

EVIDENCE_SUBGRAPH = """
MATCH (a) WHERE a.id IN $ids AND (a:Company OR a:Person)
MATCH (a)-[r:HOLDS_ROLE|HEAD_OFFICE_OF|MERGED_INTO|TRANSFERRED_TO|ACQUIRED_FROM|SAME_AS]-(b)
WITH DISTINCT r, startNode(r) AS s, endNode(r) AS e
RETURN s.id AS source, e.id AS target, type(r) AS type, coalesce(r.role, '') AS label,
       [n IN [s, e] | {id: n.id, name: coalesce(n.name, n.full_name),
        kind: CASE WHEN n:Person THEN 'person' ELSE 'company' END}] AS ends
LIMIT $max_edges
"""


class NetNode(BaseModel):
    """A node of the drawing."""

    id: str
    """Graph id (opens the dossier on click)."""
    label: str
    """Shown name."""
    kind: Literal["company", "person"]
    """Drives the shape and colour."""


class NetEdge(BaseModel):
    """An edge of the drawing."""

    source: str
    """Start node id."""
    target: str
    """End node id."""
    type: str
    """Relationship type."""
    label: str = ""
    """Role or other short label."""


class NetworkGraph(BaseModel):
    """Props of the NetworkView element."""

    title: str
    """Heading above the drawing."""
    focus: str | None = None
    """Id of the node drawn in the centre."""
    nodes: list[NetNode] = Field(default_factory=list)
    """Nodes."""
    edges: list[NetEdge] = Field(default_factory=list)
    """Edges."""


def graph_from_rows(
    title: str, rows: list[dict[str, Any]], focus: str | None = None
) -> NetworkGraph:
    """Build the drawing from rows with `source`, `target`, `type`, `label`, `ends`."""
    nodes: dict[str, NetNode] = {}
    edges: dict[tuple[str, str, str], NetEdge] = {}
    for row in rows:
        for end in row.get("ends") or []:
            if end.get("id") and end["id"] not in nodes:
                nodes[end["id"]] = NetNode(
                    id=end["id"],
                    label=mark_controls(str(end.get("name") or end["id"])),
                    kind=end.get("kind") or "company",
                )
        key = (row["source"], row["target"], row["type"])
        if row["source"] in nodes and row["target"] in nodes and key not in edges:
            edges[key] = NetEdge(
                source=row["source"],
                target=row["target"],
                type=row["type"],
                label=mark_controls(str(row.get("label") or "")),
            )
    return NetworkGraph(
        title=mark_controls(title),
        focus=focus,
        nodes=list(nodes.values()),
        edges=list(edges.values()),
    )


def graph_from_records(title: str, records: list[dict[str, Any]]) -> NetworkGraph:
    """Edges found in tool records that name both ends (`*_id`/`*_name` pairs or source/target).

    Tool records differ per tool; any record holding two entity ids counts as one edge, so the
    network view also works on an answer whose tool did not return paths.
    """
    rows: list[dict[str, Any]] = []
    for rec in records:
        ends = entity_ends(rec)
        if len(ends) >= 2:
            rel = str(rec.get("relation") or rec.get("rel") or rec.get("type") or "RELATED")
            rows.append(
                {
                    "source": ends[0]["id"],
                    "target": ends[1]["id"],
                    "type": rel,
                    "label": str(rec.get("role") or ""),
                    "ends": ends[:2],
                }
            )
    return graph_from_rows(title, rows)


def entity_ends(rec: dict[str, Any]) -> list[dict[str, Any]]:
    """Entity references inside one record: `<prefix>_id` with `<prefix>_name` (or `name`)."""
    ends: list[dict[str, Any]] = []
    for key, value in rec.items():
        if not key.endswith("id") or not isinstance(value, str) or key in ("pub_id",):
            continue
        prefix = key[: -len("id")].rstrip("_")
        name = (
            rec.get(f"{prefix}_name")
            or rec.get(f"{prefix}name")
            or (rec.get("name") if not prefix else None)
        )
        kind = rec.get(f"{prefix}_kind") or (
            "person" if value.startswith("p:") or "person" in prefix else "company"
        )
        ends.append({"id": value, "name": name or value, "kind": kind})
    return ends


def neighbourhood(driver: Driver, database: str, entity_id: str, title: str) -> NetworkGraph:
    """Up to two hops of company/person relationships around one entity."""
    rows = db.read(
        driver, database, NEIGHBOURHOOD, id=entity_id, max_paths=400, max_edges=MAX_EDGES
    )
    return graph_from_rows(title, rows, focus=entity_id)


def evidence_subgraph(driver: Driver, database: str, ids: list[str], title: str) -> NetworkGraph:
    """The direct relationships of the entities an answer rests on."""
    if not ids:
        return NetworkGraph(title=title)
    rows = db.read(driver, database, EVIDENCE_SUBGRAPH, ids=ids, max_edges=MAX_EDGES)
    return graph_from_rows(title, rows, focus=ids[0])
