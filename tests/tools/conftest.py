"""Fixtures of the tool tests: the fixture graph loaded once per session on the real Neo4j."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts, load_fixture_graph
from shabgraph.settings import Settings
from tools.base import ToolContext


@pytest.fixture(scope="session")
def fixture_graph(driver: Driver, neo4j_settings: Settings) -> FixtureFacts:
    """The fixture graph (tests must not write to it, except through a fixture that restores it;
    the sandbox tests check they cannot)."""
    return load_fixture_graph(driver, neo4j_settings.neo4j_database)


@pytest.fixture
def ctx(driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts) -> ToolContext:
    """A tool context on the fixture graph."""
    return ToolContext(driver=driver, database=neo4j_settings.neo4j_database)


FORMER_NAME_HUB = "company:giardini verde"
"""A second NameHub for Ticino Verde Sagl, under its former name (as ingestion files renamed
companies: one hub per name), added by `renamed_in_two_hubs`."""

ADD_FORMER_NAME_HUB = """
MATCH (c:Company {id: $id})
MERGE (h:NameHub {key: $key}) SET h.kind = 'company', h.display = $display
MERGE (c)-[:IN_HUB]->(h)
"""
DROP_FORMER_NAME_HUB = "MATCH (h:NameHub {key: $key}) DETACH DELETE h"


@pytest.fixture
def renamed_in_two_hubs(
    driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts
) -> Iterator[str]:
    """The fixture graph with Ticino Verde also filed under its former name's hub (removed after)."""
    db, params = (
        neo4j_settings.neo4j_database,
        {
            "key": FORMER_NAME_HUB,
            "id": fixture_graph.ids["ticino"],
            "display": "Verde Giardini Sagl",
        },
    )
    driver.execute_query(ADD_FORMER_NAME_HUB, params, database_=db)
    try:
        yield FORMER_NAME_HUB
    finally:
        driver.execute_query(DROP_FORMER_NAME_HUB, params, database_=db)
