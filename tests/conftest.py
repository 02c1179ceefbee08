"""Shared fixtures: the real Neo4j test server, and markers set from the fixtures a test uses.

Graph tests run against a managed instance named `test` (ports 7688/7475 by default, its own data
folder), never against the `main` instance that holds the user's graph. It is started on first use
and stopped when the session ends if the session started it (tests/servers.py), so no run leaves
a server behind for the next one; one that ran before stays. Set
SHABGRAPH_TEST_NEO4J_URI (with NEO4J_USER / NEO4J_PASSWORD) to use an external server instead.

The thread-store tests run on SQLite and on a real Postgres (`db_settings`, parametrised): a
managed instance started on first use (port SHABGRAPH_TEST_POSTGRES_PORT, default 55432; folder
`.postgres/<SHABGRAPH_TEST_POSTGRES_INSTANCE or SHABGRAPH_TEST_INSTANCE or test>/`), with a fresh
database per test. Without the Postgres binaries those params skip, saying so; in CI
(CI is set) they fail instead, and a server that cannot start fails them everywhere.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from neo4j import Driver

from shabgraph import db, postgres_server, schema
from shabgraph.settings import Settings
from tests import servers

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
        server = item.get_closest_marker("postgres") or item.get_closest_marker("integration")
        if names & GRAPH_FIXTURES or server:
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
        settings = Settings(neo4j_uri=external)
    else:
        settings = Settings(
            neo4j_uri=None,
            neo4j_instance=os.environ.get("SHABGRAPH_TEST_INSTANCE", "test"),
            neo4j_bolt_port=int(os.environ.get("SHABGRAPH_TEST_BOLT_PORT", "7688")),
            neo4j_http_port=int(os.environ.get("SHABGRAPH_TEST_HTTP_PORT", "7475")),
            neo4j_heap=os.environ.get("SHABGRAPH_TEST_NEO4J_HEAP", "1g"),
            neo4j_pagecache=os.environ.get("SHABGRAPH_TEST_NEO4J_PAGECACHE", "512m"),
        )
    # The managed Postgres test instance; threads stay on SQLite unless a test asks (db_settings).
    instance = os.environ.get("SHABGRAPH_TEST_POSTGRES_INSTANCE") or os.environ.get(
        "SHABGRAPH_TEST_INSTANCE", "test"
    )
    port = int(os.environ.get("SHABGRAPH_TEST_POSTGRES_PORT", "55432"))
    return settings.model_copy(
        update={"postgres_instance": instance, "postgres_port": port, "database_url": None}
    )


test_settings.__test__ = False  # type: ignore[attr-defined]


def settings_env(settings: Settings) -> dict[str, str]:
    """Environment variables that make a `shabgraph` subprocess use `settings`' server."""
    env = dict(os.environ)
    env.pop("NEO4J_URI", None)
    if settings.neo4j_uri:
        env["NEO4J_URI"] = settings.neo4j_uri
    env.pop("SHABGRAPH_DATABASE_URL", None)
    if settings.database_url:
        env["SHABGRAPH_DATABASE_URL"] = settings.database_url
    env.update(
        SHABGRAPH_NEO4J_INSTANCE=settings.neo4j_instance,
        SHABGRAPH_NEO4J_BOLT_PORT=str(settings.neo4j_bolt_port),
        SHABGRAPH_NEO4J_HTTP_PORT=str(settings.neo4j_http_port),
        SHABGRAPH_POSTGRES_INSTANCE=settings.postgres_instance,
        SHABGRAPH_POSTGRES_PORT=str(settings.postgres_port),
    )
    return env


@pytest.fixture(scope="session")
def neo4j_settings() -> Iterator[Settings]:
    """Settings of the test Neo4j, started on first use and stopped at the session's end if this
    session started it (tests/servers.py); an external server (SHABGRAPH_TEST_NEO4J_URI) is used
    as it is."""
    settings = test_settings()
    if not settings.managed:
        yield settings
        return
    with servers.neo4j(settings):
        yield settings


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


@pytest.fixture(scope="session")
def postgres_settings() -> Iterator[Settings]:
    """Settings of the managed Postgres test instance, started on first use (no-op if running)
    and stopped at the session's end if this session started it."""
    settings = test_settings()
    if not postgres_server.binaries_present(settings):
        reason = "PostgreSQL server binaries are absent (apt-get install postgresql)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}: the Postgres tests cannot run in CI", pytrace=False)
        pytest.skip(f"{reason}; Postgres params skipped")
    with servers.postgres(settings):
        yield settings


@pytest.fixture
def postgres_url(postgres_settings: Settings, request: pytest.FixtureRequest) -> str:
    """A fresh database for this test on the test instance (URL without password): dropped and
    made anew, so no test sees another's threads or checkpoints."""
    digest = hashlib.sha1(request.node.nodeid.encode()).hexdigest()[:10]
    name = f"t_{request.module.__name__.rsplit('.', 1)[-1][:40].lower()}_{digest}"
    return postgres_server.create_database(postgres_settings, name, fresh=True)


@pytest.fixture(
    params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)],
)
def db_settings(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    """Test settings with a private data dir, on SQLite (the default) or the test Postgres."""
    settings = test_settings().model_copy(update={"data_dir": tmp_path})
    if request.param == "postgres":
        url = request.getfixturevalue("postgres_url")
        settings = settings.model_copy(update={"database_url": url})
    return settings
