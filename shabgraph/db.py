"""The one place that creates (and closes) Neo4j drivers.

Everything else receives a `neo4j.Driver` as an argument; nothing holds a global driver.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import neo4j
from neo4j import Driver, GraphDatabase
from neo4j.exceptions import AuthError, ServiceUnavailable

from shabgraph.errors import DatabaseUnavailable
from shabgraph.settings import Settings

DEFAULT_RETRY_TIME = 30.0
"""The driver's own default retry window of a failed transaction (seconds)."""


def create_driver(
    settings: Settings, *, verify: bool = True, max_retry_time: float | None = None
) -> Driver:
    """Build a driver for the configured server and check that it answers.

    Errors name the URI and the user, never the password. Opening a connection gives up after
    `neo4j_connect_timeout` seconds, getting one (handshake included) after twice that: a
    server that is down or hung must turn into a clear error in seconds, not hold a user for a
    minute (issue 17). `max_retry_time` bounds the driver's retries of a failed transaction
    (30 s by default, which batch writers need for deadlocks); an interactive reader passes a
    few seconds, else a hung server is retried for the whole 30 s.
    """
    password = settings.resolved_password()
    auth = (settings.neo4j_user, password.get_secret_value()) if password else None
    driver = GraphDatabase.driver(
        settings.bolt_uri,
        auth=auth,
        max_connection_pool_size=50,
        connection_timeout=settings.neo4j_connect_timeout,
        # Acquiring covers the Bolt handshake, which a hung server never completes.
        connection_acquisition_timeout=2 * settings.neo4j_connect_timeout,
        notifications_min_severity="OFF",
        max_transaction_retry_time=DEFAULT_RETRY_TIME if max_retry_time is None else max_retry_time,
    )
    if verify:
        try:
            driver.verify_connectivity()
        except AuthError as exc:
            driver.close()
            raise DatabaseUnavailable(
                f"Neo4j at {settings.bolt_uri} refused the credentials of user "
                f"'{settings.neo4j_user}'",
                hint="check NEO4J_USER / NEO4J_PASSWORD in .env",
            ) from exc
        except (ServiceUnavailable, OSError, ValueError) as exc:
            driver.close()
            hint = (
                "start it with `shabgraph neo4j start`"
                if settings.managed
                else "check NEO4J_URI and that the server is up"
            )
            raise DatabaseUnavailable(
                f"Neo4j at {settings.bolt_uri} is unreachable", hint=hint
            ) from exc
    return driver


@contextmanager
def open_driver(settings: Settings, *, verify: bool = True) -> Iterator[Driver]:
    """Context manager around `create_driver` that always closes the driver."""
    driver = create_driver(settings, verify=verify)
    try:
        yield driver
    finally:
        driver.close()


def read(driver: Driver, database: str, query: str, **params: Any) -> list[dict[str, Any]]:
    """Run a parameterised query in a READ transaction and return plain dict rows."""
    records, _, _ = driver.execute_query(
        query, params, database_=database, routing_=neo4j.RoutingControl.READ
    )
    return [r.data() for r in records]


def write(driver: Driver, database: str, query: str, **params: Any) -> list[dict[str, Any]]:
    """Run a parameterised query in a WRITE transaction and return plain dict rows."""
    records, _, _ = driver.execute_query(
        query, params, database_=database, routing_=neo4j.RoutingControl.WRITE
    )
    return [r.data() for r in records]


def server_version(driver: Driver) -> str:
    """Name, version and edition of the server, e.g. `Neo4j Kernel 5.26.16 community`."""
    records, _, _ = driver.execute_query(
        "CALL dbms.components() YIELD name, versions, edition "
        "RETURN name, versions[0] AS version, edition",
        database_="system",
    )
    row = records[0]
    return f"{row['name']} {row['version']} {row['edition']}"
