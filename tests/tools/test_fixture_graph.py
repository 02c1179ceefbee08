"""The fixture graph matches its documented facts (checked with plain Cypher, not the tools)."""

from __future__ import annotations

from neo4j import Driver

from evals.fixture_graph import FixtureFacts

LABELS = ("Company", "Person", "Event", "NameHub", "CompanyState")


def test_counts_match_documented_facts(driver: Driver, fixture_graph: FixtureFacts) -> None:
    for label in LABELS:
        n = driver.execute_query(f"MATCH (n:{label}) RETURN count(n) AS c").records[0]["c"]
        assert n == fixture_graph.counts[label], label
    for rel, expected in fixture_graph.counts.items():
        if rel in LABELS:
            continue
        n = driver.execute_query(f"MATCH ()-[r:{rel}]->() RETURN count(r) AS c").records[0]["c"]
        assert n == expected, rel


def test_every_node_and_edge_but_hubs_carries_pubs(
    driver: Driver, fixture_graph: FixtureFacts
) -> None:
    nodes = driver.execute_query(
        "MATCH (n) WHERE (n:Event OR n:Person OR n:CompanyState OR (n:Company AND n.strength = 'strong'))"
        " AND size(coalesce(n.pubs, [])) = 0 RETURN count(n) AS c"
    ).records[0]["c"]
    rels = driver.execute_query(
        "MATCH ()-[r]->() WHERE NOT type(r) IN ['IN_HUB', 'HAD_STATE']"
        " AND size(coalesce(r.pubs, [])) = 0 RETURN count(r) AS c"
    ).records[0]["c"]
    assert (nodes, rels) == (0, 0)


def test_board_rotation_intervals(driver: Driver, fixture_graph: FixtureFacts) -> None:
    query = (
        "MATCH (h)-[r:HOLDS_ROLE]->(c:Company {id: $cid}) "
        "WHERE (r.valid_from IS NULL OR r.valid_from <= date($d)) "
        "AND (r.valid_to IS NULL OR r.valid_to > date($d)) RETURN collect(h.id) AS ids"
    )
    inv = {v: k for k, v in fixture_graph.ids.items()}
    for day, key in [
        ("2019-01-01", "alpenblick_roles_2019_01_01"),
        ("2021-03-01", "alpenblick_roles_2021_03_01"),
        ("2014-01-01", "alpenblick_roles_2014_01_01"),
    ]:
        ids = driver.execute_query(query, cid=fixture_graph.ids["alpenblick"], d=day).records[0][
            "ids"
        ]
        assert {inv[i] for i in ids} == fixture_graph.expected[key]
