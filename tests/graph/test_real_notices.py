"""The graph built from the real development notices (parsers + rules extractor)."""

from __future__ import annotations

import pytest
from neo4j import Driver

from evals.resolution import uid_continuity
from ingestion.graph.checksum import graph_checksum
from ingestion.graph.pipeline import ingest_paths
from shabgraph.db import read
from tests.conftest import REAL_NOTICES


@pytest.fixture
def real_graph(clean_db: Driver) -> Driver:
    ingest_paths([REAL_NOTICES], clean_db, "neo4j", "rules", show_progress=False)
    return clean_db


def test_real_notices_graph(real_graph: Driver) -> None:
    orphans = read(
        real_graph, "neo4j", "MATCH (e:Event) WHERE NOT ()-[:HAS_EVENT]->(e) RETURN count(e) AS n"
    )
    assert orphans[0]["n"] == 0
    branch = read(
        real_graph,
        "neo4j",
        "MATCH (h:Company)-[:HEAD_OFFICE_OF]->(b:Company)-[:HAS_EVENT]->"
        "(:Event {pub_number: 'HR01-1006740383'}) RETURN h.id AS h, b.id AS b",
    )
    assert branch and branch[0]["h"] != branch[0]["b"]
    # Every notice of one UID lands on one company, and no company mixes two UIDs.
    ours, _, uids = uid_continuity(real_graph, "neo4j")
    assert uids > 5 and ours.precision == 1.0 and ours.recall == 1.0
    # Old Zefix histories: a company's events come back in journal-date order with their dates.
    rows = read(
        real_graph,
        "neo4j",
        "MATCH (c:Company)-[:HAS_EVENT]->(e) WITH c, count(e) AS n WHERE n >= 5 "
        "MATCH (c)-[:HAS_EVENT]->(e) RETURN c.id AS c, e.journal_date AS d "
        "ORDER BY c, e.pub_date",
    )
    assert rows
    before = graph_checksum(real_graph)
    ingest_paths([REAL_NOTICES], real_graph, "neo4j", "rules", show_progress=False)
    assert graph_checksum(real_graph) == before
