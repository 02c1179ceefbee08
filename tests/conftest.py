"""Shared fixtures: the real Neo4j test server, and markers set from the fixtures a test uses.

Graph tests run against a managed instance named `test` (ports 7688/7475 by default, its own data
folder), never against the `main` instance that holds the user's graph. Set
SHABGRAPH_TEST_NEO4J_URI (with NEO4J_USER / NEO4J_PASSWORD) to use an external server instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from neo4j import Driver

from shabgraph import db, neo4j_server, schema
from shabgraph.settings import Settings

REPO = Path(__file__).resolve().parent.parent
# Test data lives in the repository: a fresh clone needs nothing beside it.
DATA = REPO / "tests" / "data"
REAL_NOTICES = DATA / "real"
"""Real notices in all four source formats, each folder with its SOURCE.md (test fixtures only)."""
GOLD = DATA / "gold"
"""Gold annotations of the real development notices and their extractor inputs."""
EXTRACTION_SCHEMA = REPO / "schemas" / "extraction.schema.json"

GRAPH_FIXTURES = {"neo4j_settings", "driver", "clean_db"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("browser"):
            continue
        if names & GRAPH_FIXTURES or item.get_closest_marker("integration"):
            item.add_marker(pytest.mark.integration)
        else:
            item.add_marker(pytest.mark.unit)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """In CI a browser test that skips (no Chromium) fails: a silent skip would hide a broken UI."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.skipped and item.get_closest_marker("browser") and os.environ.get("CI"):
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = (
            f"browser test skipped in CI (CI is set), which counts as a failure: {reason}"
        )


def test_settings() -> Settings:
    """Settings that point at the test server (a plain function so subprocess tests can reuse it)."""
    external = os.environ.get("SHABGRAPH_TEST_NEO4J_URI")
    if external:
        return Settings(neo4j_uri=external)
    return Settings(
        neo4j_uri=None,
        neo4j_instance=os.environ.get("SHABGRAPH_TEST_INSTANCE", "test"),
        neo4j_bolt_port=int(os.environ.get("SHABGRAPH_TEST_BOLT_PORT", "7688")),
        neo4j_http_port=int(os.environ.get("SHABGRAPH_TEST_HTTP_PORT", "7475")),
        neo4j_heap=os.environ.get("SHABGRAPH_TEST_NEO4J_HEAP", "1g"),
        neo4j_pagecache=os.environ.get("SHABGRAPH_TEST_NEO4J_PAGECACHE", "512m"),
    )


test_settings.__test__ = False  # type: ignore[attr-defined]


def settings_env(settings: Settings) -> dict[str, str]:
    """Environment variables that make a `shabgraph` subprocess use `settings`' server."""
    env = dict(os.environ)
    env.pop("NEO4J_URI", None)
    if settings.neo4j_uri:
        env["NEO4J_URI"] = settings.neo4j_uri
    env.update(
        SHABGRAPH_NEO4J_INSTANCE=settings.neo4j_instance,
        SHABGRAPH_NEO4J_BOLT_PORT=str(settings.neo4j_bolt_port),
        SHABGRAPH_NEO4J_HTTP_PORT=str(settings.neo4j_http_port),
    )
    return env


@pytest.fixture(scope="session")
def neo4j_settings() -> Settings:
    settings = test_settings()
    if settings.managed:
        neo4j_server.start(settings)  # no-op when already running
    return settings


@pytest.fixture(scope="session")
def driver(neo4j_settings: Settings) -> Iterator[Driver]:
    with db.open_driver(neo4j_settings) as drv:
        schema.apply_schema(drv, neo4j_settings.neo4j_database)
        yield drv


def wipe(driver: Driver, database: str = "neo4j") -> None:
    """Delete every node and relationship (batched so large graphs do not exhaust memory)."""
    with driver.session(database=database) as session:  # IN TRANSACTIONS needs auto-commit
        session.run(
            "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"
        ).consume()


@pytest.fixture
def clean_db(driver: Driver, neo4j_settings: Settings) -> Driver:
    """An empty database with the full schema."""
    wipe(driver, neo4j_settings.neo4j_database)
    return driver
