"""Facts read from the notice text into the graph, with their publication numbers: deletion
reason and dissolution, bankruptcy steps, contributions, share classes, audit opting-out,
supervisory authority, UIDs of named companies, earlier roles, addresses, and one company per
firm for notices without a UID. Fictitious notices (`notice_facts_corpus`) through the real
reader, the rules extractor and the whole build."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from ingestion.graph.checksum import graph_checksum
from ingestion.graph.pipeline import ingest_paths
from shabgraph.db import read
from tests.conftest import wipe
from tests.graph.notice_facts_corpus import (
    AUDITOR_UID,
    BAKERY,
    GARDEN,
    LIGHT,
    NOTICES,
    PARTNER_UID,
    SPRING,
    daily_file,
    pub,
)


def _load(driver: Driver, folder: Path, notices: Any = None) -> None:
    ingest_paths([daily_file(folder, notices)], driver, "neo4j", "rules", show_progress=False)


@pytest.fixture
def facts_graph(clean_db: Driver, tmp_path: Path) -> Driver:
    _load(clean_db, tmp_path)
    return clean_db


def _native(value: Any) -> Any:
    return value.to_native() if hasattr(value, "to_native") else value


def _one(driver: Driver, query: str, **params: Any) -> dict[str, Any]:
    rows = read(driver, "neo4j", query, **params)
    assert len(rows) == 1, rows
    return {k: _native(v) for k, v in rows[0].items()}


def _company(driver: Driver, pub_number: str) -> dict[str, Any]:
    row = _one(
        driver,
        "MATCH (c:Company)-[:HAS_EVENT]->(:Event {pub_number: $p}) RETURN c {.*} AS c",
        p=pub_number,
    )
    return {k: _native(v) for k, v in row["c"].items()}


def _states(driver: Driver, pub_number: str, attribute: str) -> list[dict[str, Any]]:
    rows = read(
        driver,
        "neo4j",
        "MATCH (c:Company)-[:HAS_EVENT]->(:Event {pub_number: $p}) "
        "MATCH (c)-[:HAD_STATE]->(s:CompanyState {attribute: $a}) "
        "RETURN s {.*} AS s ORDER BY s.valid_from",
        p=pub_number,
        a=attribute,
    )
    return [{k: _native(v) for k, v in r["s"].items()} for r in rows]


def test_deletion_reason_and_dissolution(facts_graph: Driver) -> None:
    deletion, dissolution = pub(LIGHT, 3), pub(LIGHT, 1)
    c = _company(facts_graph, deletion)
    assert c["status"] == "deleted"
    assert (c["deletion_reason"], c["deletion_reason_pub"]) == ("bankruptcy", deletion)
    assert c["dissolved_on"] == dt.date(2010, 10, 11)
    assert (c["dissolution_cause"], c["dissolved_pub"]) == ("decision", dissolution)
    assert c["deleted_on"] == dt.date(2011, 9, 5)  # the journal date, not the decision
    e = _one(facts_graph, "MATCH (e:Event {pub_number: $p}) RETURN e.reason AS r, "
             "e.ex_officio AS o", p=deletion)  # fmt: skip
    assert e == {"r": "bankruptcy", "o": True}
    d = _one(facts_graph, "MATCH (e:Event {pub_number: $p}) RETURN e.dissolved_on AS d, "
             "e.dissolution_cause AS c", p=dissolution)  # fmt: skip
    assert d == {"d": dt.date(2010, 10, 11), "c": "decision"}
    [state] = _states(facts_graph, deletion, "dissolution")
    assert (state["date"], state["cause"], state["pubs"]) == (
        dt.date(2010, 10, 11), "decision", [dissolution]
    )  # fmt: skip


def test_bankruptcy_court_and_effective_time(facts_graph: Driver) -> None:
    rows = read(
        facts_graph,
        "neo4j",
        "MATCH (e:Event) WHERE e.bankruptcy_stage IS NOT NULL RETURN e.pub_number AS p, "
        "e.bankruptcy_stage AS stage, e.court AS court, e.effective_date AS day, "
        "e.effective_time AS time ORDER BY p",
    )
    got = [(r["p"], r["stage"], r["court"], r["day"].to_native(), r["time"]) for r in rows]
    assert got == [
        (pub(LIGHT, 2), "opened", "Tribunal civil de l'arrondissement de la Gruyère",
         dt.date(2011, 2, 3), "09:30"),
        (pub(LIGHT, 3), "suspended", None, dt.date(2011, 8, 29), None),
    ]  # fmt: skip


def test_contributions_per_partner(facts_graph: Driver) -> None:
    rows = read(
        facts_graph,
        "neo4j",
        "MATCH (h)-[i:INVOLVED_IN]->(e:Event) WHERE i.shares_kind IS NOT NULL "
        "RETURN coalesce(h.family_name, h.name) AS who, e.pub_number AS p, i.shares_count AS n, "
        "i.shares_nominal AS nominal, i.shares_kind AS kind, i.shares_amount AS amount "
        "ORDER BY who",
    )
    assert [tuple(r.values()) for r in rows] == [
        ("Bernasconi", pub(BAKERY, 0), 150, 100.0, "quota", 15000.0),
        ("Forno Alto SA", pub(BAKERY, 0), 50, 100.0, "quota", 5000.0),
        ("Odermatt", pub(GARDEN, 0), 1, 30000.0, "contribution", 30000.0),
        ("Steiner", pub(GARDEN, 0), 1, 10000.0, "contribution", 10000.0),
    ]
    roles = read(
        facts_graph,
        "neo4j",
        "MATCH (h)-[r:HOLDS_ROLE {role: 'partner'}]->(:Company) WHERE r.current "
        "RETURN coalesce(h.family_name, h.name) AS who, r.shares_count AS n, "
        "r.shares_amount AS amount, r.shares_pub AS p ORDER BY who",
    )
    assert [tuple(r.values()) for r in roles] == [
        ("Bernasconi", 150, 15000.0, pub(BAKERY, 0)),
        ("Forno Alto SA", 50, 5000.0, pub(BAKERY, 0)),
        ("Odermatt", 1, 30000.0, pub(GARDEN, 0)),
        ("Steiner", 1, 10000.0, pub(GARDEN, 0)),
    ]


def test_share_classes(facts_graph: Driver) -> None:
    [state] = _states(facts_graph, pub(LIGHT, 0), "shares")
    assert json.loads(state["value"]) == {
        "classes": [{"count": 150, "nominal": 1000.0, "kind": "registered"}],
        "paid_in": None,
        "fully_paid": True,
    }
    assert (state["shares_count"], state["shares_nominal"], state["shares_kind"]) == (
        150, 1000.0, "registered"
    )  # fmt: skip
    assert (state["pub_number"], state["valid_from"]) == (pub(LIGHT, 0), dt.date(2006, 5, 8))
    c = _company(facts_graph, pub(LIGHT, 0))
    assert (c["shares_count"], c["shares_kind"], c["shares_pub"]) == (
        150, "registered", pub(LIGHT, 0)
    )  # fmt: skip


def test_audit_opting_out(facts_graph: Driver) -> None:
    [state] = _states(facts_graph, pub(GARDEN, 1), "audit_opting_out")
    assert (state["opted_out"], state["declared_on"], state["pub_number"]) == (
        True, dt.date(2009, 4, 14), pub(GARDEN, 1)
    )  # fmt: skip
    assert (state["valid_from"], state.get("valid_to")) == (dt.date(2009, 4, 20), None)
    c = _company(facts_graph, pub(GARDEN, 1))
    assert (c["audit_opting_out"], c["audit_opting_out_pub"]) == (True, pub(GARDEN, 1))
    # a registration that enters an audit firm states the opposite
    [audited] = _states(facts_graph, pub(LIGHT, 0), "audit_opting_out")
    assert (audited["opted_out"], audited["pub_number"]) == (False, pub(LIGHT, 0))


def test_supervisory_authority(facts_graph: Driver) -> None:
    states = _states(facts_graph, pub(SPRING, 0), "supervision")
    assert [(s["value"], s["pub_number"], s.get("valid_to")) for s in states] == [
        ("Dipartimento delle istituzioni del Cantone Ticino", pub(SPRING, 0),
         dt.date(2013, 1, 14)),
        ("Autorità di vigilanza sulle fondazioni e sugli istituti di previdenza professionale",
         pub(SPRING, 1), None),
    ]  # fmt: skip
    c = _company(facts_graph, pub(SPRING, 1))
    assert c["supervision_pub"] == pub(SPRING, 1)


def test_uid_of_named_companies(facts_graph: Driver) -> None:
    rows = read(
        facts_graph,
        "neo4j",
        "MATCH (w:Company {strength: 'weak'}) WHERE w.uid IS NOT NULL "
        "RETURN w.name AS name, w.uid AS uid, w.pubs AS pubs ORDER BY name",
    )
    assert [tuple(r.values()) for r in rows] == [
        # the foundation's notice names the firm without its UID: same name and seat, one node
        ("Fiduciaire Moléson SA", AUDITOR_UID, [pub(LIGHT, 0), pub(SPRING, 1)]),
        ("Forno Alto SA", PARTNER_UID, [pub(BAKERY, 0)]),
    ]


def test_previous_role_interval_is_closed(facts_graph: Driver) -> None:
    """The `bisher:` roles of a person no loaded notice registered: closed at the change."""
    rows = read(
        facts_graph,
        "neo4j",
        "MATCH (p:Person {family_name: 'Zürcher'})-[r:HOLDS_ROLE]->(:Company) "
        "RETURN r.role AS role, r.valid_from AS since, r.valid_to AS until, r.from_pub AS opened, "
        "r.to_pub AS closed, r.flags AS flags ORDER BY role, until",
    )
    got = [tuple(_native(v) for v in r.values()) for r in rows]
    change, day = pub(GARDEN, 1), dt.date(2009, 4, 20)
    earlier = ["previous_role_without_registration"]
    # the coarse role kept (managing director) opens here; the partner role ended here
    assert got == [
        ("managing_director", day, None, change, None, []),
        ("partner", None, day, None, change, earlier),
    ]


def test_addresses_from_the_text(facts_graph: Driver) -> None:
    states = _states(facts_graph, pub(GARDEN, 0), "address")
    assert [(s["value"], s["pub_number"]) for s in states] == [
        ("Seeweg 4, 8853 Lachen", pub(GARDEN, 0)),
        ("Hafenstrasse 12, 8853 Lachen", pub(GARDEN, 1)),
    ]
    states = _states(facts_graph, pub(BAKERY, 0), "address")
    assert [(s["value"], s["pub_number"]) for s in states] == [
        ("Via dei Forni 3, 6900 Lugano", pub(BAKERY, 0)),
        ("Via Cantonale 8, 6900 Lugano", pub(BAKERY, 1)),
    ]
    assert _company(facts_graph, pub(LIGHT, 0))["address"] == "rue des Tanneurs 9, 1630 Bulle"


def test_one_company_per_firm_without_uid(facts_graph: Driver) -> None:
    """Two register numbers and two seat spellings of one firm: one Company node."""
    rows = read(
        facts_graph,
        "neo4j",
        "MATCH (c:Company {strength: 'strong'})-[:HAS_EVENT]->(e:Event) WHERE e.pub_number "
        "IN $pubs RETURN c.id AS id, c.pubs AS pubs",
        pubs=[pub(GARDEN, 0), pub(GARDEN, 1)],
    )
    assert len({r["id"] for r in rows}) == 1
    assert rows[0]["pubs"] == [pub(GARDEN, 0), pub(GARDEN, 1)]
    # the seat written without its brackets is no seat change
    seats = _states(facts_graph, pub(GARDEN, 1), "seat")
    assert [(s["value"], s["pub_number"], s.get("valid_to")) for s in seats] == [
        ("Lachen (SZ)", pub(GARDEN, 0), None)
    ]
    c = _company(facts_graph, pub(GARDEN, 1))
    assert (c["code13"], c["code13s"]) == ("CH13000900077", ["CH13000500001", "CH13000900077"])


def test_split_load_equals_full_load(clean_db: Driver, tmp_path: Path) -> None:
    """Facts and the name-and-seat resolution converge when the notices come in two runs (the
    same file path each time: Event.source is part of the graph)."""
    _load(clean_db, tmp_path)
    full = graph_checksum(clean_db)
    wipe(clean_db)
    _load(clean_db, tmp_path, [n for n in NOTICES if n.shab < "2009-01-01"])
    _load(clean_db, tmp_path, [n for n in NOTICES if n.shab >= "2009-01-01"])
    assert graph_checksum(clean_db) == full
