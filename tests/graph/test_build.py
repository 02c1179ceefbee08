"""The graph built from the hand-written corpus: concrete facts, idempotence, increments."""

from __future__ import annotations

import datetime as dt
from typing import Any

from neo4j import Driver

from ingestion.graph.checksum import graph_checksum
from shabgraph.db import read
from tests.graph import corpus
from tests.graph.corpus import ALPHA, BETA, BRANCH, GAMMA, REVISA


def q(driver: Driver, query: str, **params: Any) -> list[dict[str, Any]]:
    return read(driver, "neo4j", query, **params)


def test_company_events_in_order_and_name_history(loaded: Driver) -> None:
    rows = q(
        loaded,
        "MATCH (:Company {id: $id})-[:HAS_EVENT]->(e) "
        "RETURN e.pub_number AS pub ORDER BY e.journal_date",
        id=ALPHA,
    )
    assert [r["pub"] for r in rows] == ["HR01-1000000001", "HR02-1000000005", "HR02-1000000008"]
    names = q(
        loaded,
        "MATCH (:Company {id: $id})-[:HAD_STATE]->(s {attribute: 'name'}) "
        "RETURN s.value AS v, s.valid_from AS f, s.valid_to AS t ORDER BY f",
        id=ALPHA,
    )
    assert [(r["v"], str(r["f"]), str(r["t"])) for r in names] == [
        ("Alpha Treuhand AG", "2019-01-10", "2020-05-05"),
        ("Alpha Consulting AG", "2020-05-05", "None"),
    ]
    company = q(loaded, "MATCH (c:Company {id: $id}) RETURN c", id=ALPHA)[0]["c"]
    assert company["name"] == "Alpha Consulting AG"
    assert company["strength"] == "strong" and company["uid"] == ALPHA


def test_board_member_role_interval(loaded: Driver) -> None:
    rows = q(
        loaded,
        "MATCH (p:Person {family_name: 'Keller'})-[r:HOLDS_ROLE]->(:Company {id: $id}) "
        "RETURN properties(r) AS r",
        id=ALPHA,
    )
    assert len(rows) == 1
    r = rows[0]["r"]
    assert r["role"] == "board_member"
    assert (r["valid_from"], r["valid_to"]) == (dt.date(2019, 1, 10), dt.date(2020, 5, 5))
    assert (r["from_pub"], r["to_pub"]) == ("HR01-1000000001", "HR02-1000000005")
    assert r["current"] is False
    # Who could sign for Alpha on 2021-03-01? The chair (Müller) and Meier, not Keller.
    signers = q(
        loaded,
        "MATCH (p:Person)-[r:HOLDS_ROLE]->(:Company {id: $id}) "
        "WHERE r.valid_from <= date('2021-03-01') AND "
        "(r.valid_to IS NULL OR r.valid_to > date('2021-03-01')) "
        "RETURN DISTINCT p.family_name AS f ORDER BY f",
        id=ALPHA,
    )
    assert [s["f"] for s in signers] == ["Meier", "Müller"]


def test_branch_head_office_and_merger(loaded: Driver) -> None:
    ho = q(
        loaded,
        "MATCH (h:Company)-[:HEAD_OFFICE_OF]->(:Company {id: $id}) RETURN h.id AS id",
        id=BRANCH,
    )
    assert [r["id"] for r in ho] == [BETA]
    merged = q(
        loaded,
        "MATCH (a:Company)-[m:MERGED_INTO]->(b:Company) "
        "RETURN a.id AS a, b.id AS b, m.date AS d, m.pubs AS pubs",
    )
    assert [(r["a"], r["b"], str(r["d"])) for r in merged] == [(GAMMA, ALPHA, "2021-06-01")]
    assert merged[0]["pubs"] == ["HR02-1000000008"]
    gamma = q(
        loaded, "MATCH (c:Company {id: $id}) RETURN c.status AS s, c.deleted_on AS d", id=GAMMA
    )[0]
    assert gamma["s"] == "deleted" and str(gamma["d"]) == "2021-06-07"
    # Keller's Gamma role is closed by the deletion notice.
    role = q(
        loaded,
        "MATCH (:Person {family_name: 'Keller'})-[r:HOLDS_ROLE]->(:Company {id: $id}) "
        "RETURN r.valid_to AS t, r.flags AS flags",
        id=GAMMA,
    )[0]
    assert str(role["t"]) == "2021-06-07" and "closed_by_deletion" in role["flags"]


def test_homonyms_apart_transliteration_merged(loaded: Driver) -> None:
    rows = q(
        loaded,
        "MATCH (p:Person)-[:IN_HUB]->(:NameHub {key: 'person:hans muller'}) "
        "RETURN p.origin AS o, p.pubs AS pubs, p.merge_reason AS why ORDER BY o",
    )
    assert [r["o"] for r in rows] == ["Bern", "Zürich"]
    zurich = rows[1]
    assert zurich["pubs"] == ["HR01-1000000001", "HR02-1000000005"]  # Müller + Mueller
    assert "same origin" in str(zurich["why"])
    keller = q(
        loaded,
        "MATCH (p:Person {family_name: 'Keller'}) RETURN p.residences AS r, p.merge_reason AS why",
    )
    assert len(keller) == 1 and keller[0]["r"] == ["Basel", "Riehen"]


def test_weak_company_absorbed_and_flags(loaded: Driver) -> None:
    rows = q(
        loaded,
        "MATCH (w:Company {strength: 'weak'})-[s:SAME_AS]->(c) "
        "RETURN w.name AS n, c.id AS c, s.rule AS rule, s.reason AS reason",
    )
    by_name = {r["n"]: r for r in rows}
    assert by_name["Revisa Treuhand AG"]["c"] == REVISA
    assert by_name["Revisa Treuhand AG"]["rule"] == "key+seat"
    assert by_name["Gamma GmbH"]["rule"] == "uid"
    auditor = q(
        loaded,
        "MATCH (a:Company)-[r:HOLDS_ROLE {role: 'auditor'}]->(:Company {id: $id}) RETURN a.id AS a",
        id=ALPHA,
    )
    assert [r["a"] for r in auditor] == [REVISA]
    unknown = q(
        loaded,
        "MATCH (:Person {family_name: 'Schmid'})-[r:HOLDS_ROLE]->() "
        "RETURN r.valid_from AS f, r.valid_to AS t, r.flags AS flags",
    )
    assert unknown[0]["f"] is None and str(unknown[0]["t"]) == "2020-08-27"
    assert unknown[0]["flags"] == ["removal_without_registration"]


def test_every_node_and_edge_has_provenance(loaded: Driver) -> None:
    missing = q(
        loaded,
        "MATCH (n) WHERE (n:Company OR n:Person OR n:CompanyState) "
        "AND size(coalesce(n.pubs, [])) = 0 RETURN count(n) AS n",
    )
    assert missing[0]["n"] == 0
    edges = q(
        loaded,
        "MATCH ()-[r:HOLDS_ROLE|INVOLVED_IN|HAS_EVENT|MERGED_INTO|HEAD_OFFICE_OF]->() "
        "WHERE size(coalesce(r.pubs, [])) = 0 RETURN count(r) AS n",
    )
    assert edges[0]["n"] == 0


def test_idempotent(loaded: Driver) -> None:
    before = graph_checksum(loaded)
    corpus.ingest(loaded)
    assert graph_checksum(loaded) == before


def test_incremental_equals_full(clean_db: Driver) -> None:
    corpus.ingest(clean_db)
    full = graph_checksum(clean_db)
    from tests.conftest import wipe

    wipe(clean_db)
    for day in range(0, len(corpus.CORPUS), 3):  # three notices a "day"
        corpus.ingest(clean_db, corpus.CORPUS[day : day + 3])
    assert graph_checksum(clean_db) == full


def test_weak_company_repointed_when_its_strong_company_arrives_later(clean_db: Driver) -> None:
    corpus.ingest(clean_db)
    full = graph_checksum(clean_db)
    from tests.conftest import wipe

    wipe(clean_db)
    corpus.ingest(clean_db, corpus.CORPUS[:1])  # Revisa is named as auditor, not yet registered
    weak = q(
        clean_db,
        "MATCH (w:Company {strength: 'weak', name: 'Revisa Treuhand AG'}) RETURN w.absorbed AS a",
    )
    assert [r["a"] for r in weak] == [False]
    corpus.ingest(clean_db, corpus.CORPUS[1:])  # its registration arrives in a later run
    auditor = q(
        clean_db,
        "MATCH (a:Company)-[r:HOLDS_ROLE {role: 'auditor'}]->(:Company {id: $id}) RETURN a.id AS a",
        id=ALPHA,
    )
    assert [r["a"] for r in auditor] == [REVISA]
    assert graph_checksum(clean_db) == full
