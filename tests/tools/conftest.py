"""Fixtures of the tool tests: the fixture graph loaded once per session on the real Neo4j."""

from __future__ import annotations

import pytest
from neo4j import Driver

from shabgraph.settings import Settings
from tests.fixture_graph import FixtureFacts, load_fixture_graph
from tools.base import ToolContext


@pytest.fixture(scope="session")
def fixture_graph(driver: Driver, neo4j_settings: Settings) -> FixtureFacts:
    """The fixture graph (tests must not write to it; the sandbox tests check they cannot)."""
    return load_fixture_graph(driver, neo4j_settings.neo4j_database)


@pytest.fixture
def ctx(driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts) -> ToolContext:
    """A tool context on the fixture graph."""
    return ToolContext(driver=driver, database=neo4j_settings.neo4j_database)
