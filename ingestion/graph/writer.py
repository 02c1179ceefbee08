"""Batched, parameterised graph writes (UNWIND); every statement is idempotent.

Nodes are MERGEd on their key and then overwritten with complete values computed in Python, so
writing the same rows twice leaves the graph unchanged. Person blocks and company holders are
replaced inside one transaction each, so a crash leaves either the old or the new version.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final, TypeVar

from neo4j import Driver, ManagedTransaction

T = TypeVar("T")

WRITE_EVENTS: Final = """
UNWIND $rows AS r
MERGE (e:Event {pub_number: r.pub_number})
SET e += r
"""

WRITE_COMPANIES: Final = """
UNWIND $rows AS r
MERGE (c:Company {id: r.id})
SET c = r.props, c.id = r.id
WITH c, r
CALL (c, r) {
  MATCH (c)-[:HAD_STATE]->(old:CompanyState) WHERE NOT old.id IN [s IN r.states | s.id]
  DETACH DELETE old
}
WITH c, r
CALL (c, r) {
  UNWIND r.states AS st
  MERGE (s:CompanyState {id: st.id})
  SET s = st
  MERGE (c)-[:HAD_STATE]->(s)
}
WITH c, r
CALL (c, r) {
  UNWIND r.hubs AS hub
  MERGE (h:NameHub {key: hub.key})
  SET h.kind = 'company', h.display = CASE WHEN h.display IS NULL OR hub.display < h.display
                                           THEN hub.display ELSE h.display END
  MERGE (c)-[:IN_HUB]->(h)
}
WITH c, r
UNWIND r.pubs AS pub
MATCH (e:Event {pub_number: pub})
SET e.subject_id = r.id
MERGE (c)-[h:HAS_EVENT]->(e)
SET h.pubs = [pub]
"""

WRITE_WEAK: Final = """
UNWIND $rows AS r
MERGE (w:Company {id: r.id})
SET w = r.props, w.id = r.id
WITH w, r
MERGE (h:NameHub {key: r.props.hub_key})
SET h.kind = 'company', h.display = CASE WHEN h.display IS NULL OR r.props.name < h.display
                                         THEN r.props.name ELSE h.display END
MERGE (w)-[:IN_HUB]->(h)
WITH w, r WHERE r.target IS NOT NULL
MATCH (s:Company {id: r.target})
MERGE (w)-[x:SAME_AS]->(s)
SET x.rule = r.rule, x.score = r.score, x.reason = r.reason
"""

DELETE_PERSON_BLOCKS: Final = """
UNWIND $keys AS k
MATCH (p:Person {block_key: k})
DETACH DELETE p
"""

# The persons of a block are always created afresh inside the transaction that deleted the
# block's old version, so their edges are CREATEd: no MERGE has to check for an existing edge,
# and one statement per batch writes each person with its hubs, mentions and roles.
WRITE_PERSONS: Final = """
UNWIND $rows AS r
CREATE (p:Person)
SET p = r.props
WITH p, r
CALL (p, r) {
  UNWIND r.hubs AS hub
  MERGE (h:NameHub {key: hub.key})
  ON CREATE SET h.kind = 'person', h.display = hub.display
  ON MATCH SET h.kind = 'person', h.display = CASE WHEN hub.display < h.display
                                                  THEN hub.display ELSE h.display END
  CREATE (p)-[:IN_HUB]->(h)
}
CALL (p, r) {
  UNWIND r.involved AS inv
  MATCH (e:Event {pub_number: inv.pub})
  CREATE (p)-[x:INVOLVED_IN]->(e)
  SET x = inv.props
}
CALL (p, r) {
  UNWIND r.roles AS role
  MATCH (c:Company {id: role.company})
  CREATE (p)-[x:HOLDS_ROLE]->(c)
  SET x = role.props
}
"""

# NameHub.display keeps the smallest spelling seen, so it does not depend on arrival order.
# Labels cannot be parameters either: one constant per holder label, so the id index is used.
WRITE_INVOLVED: Final = {
    label: f"""
UNWIND $rows AS r
MATCH (h:{label} {{id: r.holder}})
MATCH (e:Event {{pub_number: r.pub}})
MERGE (h)-[x:INVOLVED_IN {{mention: r.props.mention}}]->(e)
SET x = r.props
"""
    for label in ("Company",)
}

DELETE_HOLDER_EDGES: Final = """
UNWIND $ids AS hid
MATCH (h:Company {id: hid})
CALL (h, hid) {
  MATCH (h)-[x:HOLDS_ROLE|MERGED_INTO|HEAD_OFFICE_OF|TRANSFERRED_TO|ACQUIRED_FROM]-()
  WHERE x.holder = hid
  DELETE x
}
"""

DELETE_COMPANY_INVOLVED: Final = """
UNWIND $rows AS r
MATCH (:Company {id: r.holder})-[x:INVOLVED_IN]->(:Event {pub_number: r.pub})
DELETE x
"""

WRITE_ROLES: Final = {
    label: f"""
UNWIND $rows AS r
MATCH (h:{label} {{id: r.holder}})
MATCH (c:Company {{id: r.company}})
CREATE (h)-[x:HOLDS_ROLE]->(c)
SET x = r.props
"""
    for label in ("Company",)
}

# Relationship types cannot be parameters; one constant per transaction edge type.
WRITE_LINK: Final = {
    rel: f"""
UNWIND $rows AS r
MATCH (a:Company {{id: r.src}})
MATCH (b:Company {{id: r.dst}})
MERGE (a)-[x:{rel} {{holder: r.holder, pub_number: r.pub}}]->(b)
SET x += r.props
"""
    for rel in ("MERGED_INTO", "HEAD_OFFICE_OF", "TRANSFERRED_TO", "ACQUIRED_FROM")
}

CLOSE_ROLES_OF_DELETED: Final = """
MATCH (c:Company) WHERE c.deleted_on IS NOT NULL AND c.id IN $ids
MATCH ()-[r:HOLDS_ROLE]->(c) WHERE r.valid_to IS NULL
SET r.valid_to = c.deleted_on, r.to_pub = c.deleted_pub, r.current = false,
    r.flags = r.flags + ['closed_by_deletion'],
    r.pubs = CASE WHEN c.deleted_pub IN r.pubs THEN r.pubs ELSE r.pubs + c.deleted_pub END
"""


def chunks(rows: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    """Consecutive slices of at most `size` rows."""
    for start in range(0, len(rows), size):
        yield rows[start : start + size]


def run_write(driver: Driver, database: str, query: str, **params: Any) -> None:
    """One auto-retried write transaction."""
    driver.execute_query(query, params, database_=database)


def replace_person_blocks(
    driver: Driver,
    database: str,
    keys: list[str],
    persons: list[dict[str, Any]],
    involved: list[dict[str, Any]],
    roles: list[dict[str, Any]],
) -> None:
    """Swap the persons of some blocks for their re-resolved version, atomically."""

    by_holder: dict[str, dict[str, list[dict[str, Any]]]] = {
        p["props"]["id"]: {"involved": [], "roles": []} for p in persons
    }
    for inv in involved:
        by_holder[inv["holder"]]["involved"].append({"pub": inv["pub"], "props": inv["props"]})
    for role in roles:
        by_holder[role["holder"]]["roles"].append(
            {"company": role["company"], "props": role["props"]}
        )
    rows = [{**p, **by_holder[p["props"]["id"]]} for p in persons]

    def work(tx: ManagedTransaction) -> None:
        tx.run(DELETE_PERSON_BLOCKS, keys=keys).consume()
        tx.run(WRITE_PERSONS, rows=rows).consume()

    with driver.session(database=database) as session:
        session.execute_write(work)


def replace_company_holders(
    driver: Driver,
    database: str,
    holder_ids: list[str],
    roles: list[dict[str, Any]],
    links: dict[str, list[dict[str, Any]]],
) -> None:
    """Swap the edges derived from some company holders' mentions, atomically."""

    def work(tx: ManagedTransaction) -> None:
        tx.run(DELETE_HOLDER_EDGES, ids=holder_ids).consume()
        tx.run(WRITE_ROLES["Company"], rows=roles).consume()
        for rel, rows in links.items():
            if rows:
                tx.run(WRITE_LINK[rel], rows=rows).consume()

    with driver.session(database=database) as session:
        session.execute_write(work)
