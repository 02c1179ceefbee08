"""Fixtures of the graph-build tests: the hand-built corpus loaded into the test Neo4j."""

from __future__ import annotations

import pytest
from neo4j import Driver

from tests.graph import corpus


@pytest.fixture
def loaded(clean_db: Driver) -> Driver:
    """The test database holding the hand-built corpus."""
    corpus.ingest(clean_db)
    return clean_db
