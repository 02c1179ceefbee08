"""Loading the fixture graph wipes the database first, in batches: a database holding more than
one batch of an earlier graph ends with the fixture graph only, nothing of the old one."""

from __future__ import annotations

from neo4j import Driver

from evals.fixture_graph import load_fixture_graph
from evals.fixture_graph.companies import COMPANIES
from evals.fixture_graph.load import WIPE
from shabgraph.settings import Settings

OLD_GRAPH = """
UNWIND range(1, $pairs) AS i
CALL (i) { CREATE (:Stale {i: i})-[:OLD]->(:Stale {i: -i}) } IN TRANSACTIONS OF 10000 ROWS
"""


def count(driver: Driver, database: str, pattern: str) -> int:
    records, _, _ = driver.execute_query(
        f"MATCH {pattern} RETURN count(*) AS n", database_=database
    )
    return int(records[0]["n"])


def test_the_wipe_deletes_more_than_one_batch_and_keeps_only_the_fixture(
    clean_db: Driver, neo4j_settings: Settings
) -> None:
    driver, database = clean_db, neo4j_settings.neo4j_database
    assert "IN TRANSACTIONS OF 10000 ROWS" in WIPE
    with driver.session(database=database) as session:  # IN TRANSACTIONS needs auto-commit
        session.run(OLD_GRAPH, pairs=12_500).consume()  # 25,000 nodes: three batches
    assert count(driver, database, "(:Stale)") == 25_000
    load_fixture_graph(driver, database)
    assert count(driver, database, "(:Stale)") == 0
    assert count(driver, database, "()-[:OLD]->()") == 0
    assert count(driver, database, "(:Company)") == len(COMPANIES)
    total = count(driver, database, "(n)")
    load_fixture_graph(driver, database)  # a second load wipes the first: the same graph again
    assert count(driver, database, "(n)") == total
