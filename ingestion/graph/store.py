"""Reads of the existing graph that incremental ingestion needs (batched, read transactions).

A new day of notices only touches some companies, name blocks and holders; these queries bring
back what the graph already knows about exactly those, so that re-resolution sees everything.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any, Final

from neo4j import Driver

from ingestion.graph.facts import ContributionRow
from ingestion.graph.history import Observation
from ingestion.graph.identity import StrongCandidate
from ingestion.graph.normalize import place_norm
from ingestion.graph.rows import CompanyRow, PersonRow
from ingestion.graph.writer import chunks
from shabgraph.db import read

BATCH: Final = 5000

COUNT_EVENTS: Final = "MATCH (e:Event) RETURN count(e) AS n"

IDS_BY_UID: Final = """
UNWIND $keys AS k MATCH (c:Company {uid: k}) WHERE c.strength = 'strong' RETURN k, c.id AS id
"""
IDS_BY_CODE13: Final = """
UNWIND $keys AS k MATCH (c:Company {code13: k}) WHERE c.strength = 'strong' RETURN k, c.id AS id
"""
STRONG_BY_HUB: Final = """
UNWIND $keys AS k MATCH (c:Company {hub_key: k}) WHERE c.strength = 'strong'
RETURN k, c.id AS id, c.seat AS seat
"""
COMPANY_HISTORY: Final = """
UNWIND $keys AS k MATCH (c:Company {id: k})
OPTIONAL MATCH (c)-[:HAD_STATE]->(s:CompanyState)
RETURN k, c.names AS names, c.pubs AS pubs, c.flags AS flags, c.registered_pub AS reg,
       c.code13 AS code13, c.code13s AS code13s,
       c.deleted_pub AS del, c.first_pub_date AS first, c.last_pub_date AS last,
       collect(s {.attribute, .value, .valid_from, .pub_number, .pub_date, .inferred}) AS states
"""
PERSON_MENTIONS: Final = """
UNWIND $keys AS k MATCH (p:Person {block_key: k})-[i:INVOLVED_IN]->(e:Event)
RETURN i {.*} AS m, e.pub_number AS pub, coalesce(e.journal_date, e.pub_date) AS date,
       e.pub_date AS pub_date, e.subject_id AS company
"""
COMPANY_MENTIONS: Final = """
UNWIND $keys AS k MATCH (c:Company {id: k})-[i:INVOLVED_IN]->(e:Event)
RETURN k, i {.*} AS m, e.pub_number AS pub, coalesce(e.journal_date, e.pub_date) AS date,
       e.pub_date AS pub_date, e.subject_id AS company
"""

HEAD_OFFICE_SEATS: Final = """
UNWIND $keys AS k MATCH (:Company {id: k})-[:HAS_EVENT]->(e:Event)<-[i:INVOLVED_IN]-(:Company)
WHERE 'head_office' IN i.roles AND i.seat IS NOT NULL
RETURN k, i.hub_key AS key, collect(DISTINCT i.seat) AS seats
"""

UNABSORBED_WEAK_MENTIONS: Final = """
UNWIND $keys AS k MATCH (w:Company {hub_key: k}) WHERE w.strength = 'weak' AND NOT w.absorbed
MATCH (w)-[i:INVOLVED_IN]->(e:Event)
RETURN w.id AS k, i {.*} AS m, e.pub_number AS pub, coalesce(e.journal_date, e.pub_date) AS date,
       e.pub_date AS pub_date, e.subject_id AS company
"""


FREE_WEAK_UIDS: Final = """
UNWIND $keys AS k MATCH (w:Company {uid: k}) WHERE w.strength = 'weak'
REMOVE w.uid
RETURN w.id AS id
"""


def free_weak_uids(driver: Driver, database: str, uids: Iterable[str]) -> list[str]:
    """Take these UIDs off the weak nodes holding them; return those nodes' ids."""
    out: list[str] = []
    for batch in chunks(sorted(set(uids)), BATCH):
        records = driver.execute_query(FREE_WEAK_UIDS, keys=list(batch), database_=database)
        out.extend(str(r["id"]) for r in records.records)
    return sorted(out)


def _batched(
    driver: Driver, database: str, query: str, keys: Iterable[str]
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for batch in chunks(sorted(set(keys)), BATCH):
        out.extend(read(driver, database, query, keys=list(batch)))
    return out


def event_count(driver: Driver, database: str) -> int:
    """Number of Event nodes (0 means a fresh graph: incremental look-ups can be skipped)."""
    return int(read(driver, database, COUNT_EVENTS)[0]["n"])


STRONG_BY_NAME_SEAT: Final = """
UNWIND $keys AS k MATCH (c:Company {hub_key: k}) WHERE c.strength = 'strong'
RETURN k, c.id AS id, c.seat AS seat, c.uid AS uid
"""


def strong_by_name_seat(
    driver: Driver, database: str, keys: Iterable[tuple[str, str]]
) -> dict[tuple[str, str], list[tuple[str, str | None]]]:
    """Strong companies of the graph as (id, uid) per (name key, seat key) among `keys`."""
    wanted = set(keys)
    out: dict[tuple[str, str], list[tuple[str, str | None]]] = defaultdict(list)
    for r in _batched(driver, database, STRONG_BY_NAME_SEAT, {k for k, _ in wanted}):
        ns = (r["k"], place_norm(r["seat"]))
        if ns in wanted:
            out[ns].append((r["id"], r["uid"]))
    return dict(out)


WEAK_UIDS: Final = """
UNWIND $keys AS k MATCH (w:Company {hub_key: k}) WHERE w.strength = 'weak' AND w.uid IS NOT NULL
RETURN k, w.seat AS seat, w.uid AS uid
"""


def weak_uids(
    driver: Driver, database: str, keys: Iterable[str]
) -> list[tuple[tuple[str, str], str]]:
    """((name key, seat key), UID) of the weak nodes under these hub keys that hold a UID."""
    return [
        ((r["k"], place_norm(r["seat"])), r["uid"])
        for r in _batched(driver, database, WEAK_UIDS, keys)
    ]


WEAK_PROVENANCE: Final = """
UNWIND $keys AS k MATCH (w:Company {id: k}) WHERE w.strength = 'weak'
RETURN k, w.names AS names, w.pubs AS pubs
"""


def weak_provenance(
    driver: Driver, database: str, ids: Iterable[str]
) -> dict[str, tuple[list[str], list[str]]]:
    """(names, pubs) the graph's weak nodes among `ids` already hold."""
    return {
        r["k"]: (r["names"] or [], r["pubs"] or [])
        for r in _batched(driver, database, WEAK_PROVENANCE, ids)
    }


def ids_by_identifier(
    driver: Driver, database: str, uids: Iterable[str], codes: Iterable[str]
) -> dict[str, str]:
    """Existing company ids by UID and by old register number."""
    found = {r["k"]: r["id"] for r in _batched(driver, database, IDS_BY_UID, uids)}
    found.update({r["k"]: r["id"] for r in _batched(driver, database, IDS_BY_CODE13, codes)})
    return found


def strong_by_hub(
    driver: Driver, database: str, keys: Iterable[str]
) -> dict[str, list[StrongCandidate]]:
    """Strong companies of the graph under the given company hub keys."""
    out: dict[str, list[StrongCandidate]] = defaultdict(list)
    for r in _batched(driver, database, STRONG_BY_HUB, keys):
        out[r["k"]].append(StrongCandidate(r["id"], place_norm(r["seat"])))
    return out


def company_history(driver: Driver, database: str, ids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Existing observations (rebuilt from states), names and provenance of companies."""
    out: dict[str, dict[str, Any]] = {}
    for r in _batched(driver, database, COMPANY_HISTORY, ids):
        by_pub: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for s in r["states"]:
            # inferred capital states are rebuilt from their notice's `capital_stated`
            if s.get("pub_number") and not s.get("inferred"):
                by_pub[s["pub_number"]].append(s)
        obs = []
        for pub, states in by_pub.items():
            kind = (
                "registration" if pub == r["reg"] else "deletion" if pub == r["del"] else "update"
            )
            first = states[0]
            obs.append(
                Observation(
                    first["valid_from"].to_native(),
                    first["pub_date"].to_native(),
                    pub,
                    tuple(sorted((s["attribute"], s["value"]) for s in states)),
                    kind,
                )
            )
        out[r["k"]] = {
            "observations": obs,
            "names": r["names"] or [],
            "pubs": r["pubs"] or [],
            "flags": r["flags"] or [],
            "code13": r["code13"],
            "code13s": r["code13s"] or ([r["code13"]] if r["code13"] else []),
            "last": r["last"].to_native() if r["last"] else None,
        }
    return out


def _tuple(value: Any) -> tuple[str, ...]:
    return tuple(value or ())


def _contribution(m: dict[str, Any]) -> ContributionRow | None:
    """The contribution an INVOLVED_IN edge holds, in the rows' form (None when it has none)."""
    if m.get("shares_kind") is None:
        return None
    return (
        m.get("shares_count"),
        m.get("shares_nominal"),
        m["shares_kind"],
        m.get("shares_amount"),
    )


def person_mentions(
    driver: Driver, database: str, block_keys: Iterable[str]
) -> list[tuple[PersonRow, str]]:
    """The person mentions already in the graph for these blocks, with their subject company."""
    out = []
    for r in _batched(driver, database, PERSON_MENTIONS, block_keys):
        m = r["m"]
        out.append(
            (
                PersonRow(
                    r["pub"],
                    int(m["mention"]),
                    r["date"].to_native(),
                    r["pub_date"].to_native(),
                    m.get("family_name") or "",
                    m.get("given_names"),
                    m.get("origin"),
                    m.get("nationality"),
                    m.get("residence"),
                    m.get("prev_residence"),
                    _tuple(m.get("roles")),
                    _tuple(m.get("prev_roles")),
                    m.get("role_text"),
                    m.get("signature") or "unknown",
                    m.get("action") or "registered",
                    m.get("prev_signature"),
                    bool(m.get("correction")),
                    _contribution(m),
                    m.get("prev_family_name"),
                    m.get("prev_given_names"),
                ),
                r["company"],
            )
        )
    return out


def company_mentions(
    driver: Driver, database: str, holder_ids: Iterable[str], query: str = COMPANY_MENTIONS
) -> dict[str, list[tuple[CompanyRow, str]]]:
    """The company mentions already in the graph for these holders, with their subject company.

    With `UNABSORBED_WEAK_MENTIONS` the keys are hub keys: the mentions of the weak companies
    under them that no strong company absorbed yet (a later strong company may now do so).
    """
    out: dict[str, list[tuple[CompanyRow, str]]] = defaultdict(list)
    for r in _batched(driver, database, query, holder_ids):
        m = r["m"]
        out[r["k"]].append(
            (
                CompanyRow(
                    r["pub"],
                    int(m["mention"]),
                    r["date"].to_native(),
                    r["pub_date"].to_native(),
                    m.get("name") or "",
                    m.get("uid"),
                    m.get("seat"),
                    _tuple(m.get("roles")),
                    m.get("role_text"),
                    m.get("action") or "registered",
                    _contribution(m),
                ),
                r["company"],
            )
        )
    return out


def head_office_seats(
    driver: Driver, database: str, branch_ids: Iterable[str]
) -> dict[tuple[str, str], list[str]]:
    """Seats the graph's mentions already give the head offices of these branches, by name key."""
    return {
        (r["k"], r["key"]): list(r["seats"])
        for r in _batched(driver, database, HEAD_OFFICE_SEATS, branch_ids)
    }
