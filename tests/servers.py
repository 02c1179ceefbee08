"""The test session's servers: started on first use, stopped at the end only if it started them.

A session that left its Neo4j or Postgres running would hand the next run a stale server: a run
on other ports (another instance of the same name, a CI job after a developer's run) would find
the instance "running" and talk to the wrong port, or refuse to start. A server that already ran
before the session (the developer's own, or the one `.ci/run` starts to prove the fresh-machine
path) belongs to whoever started it and stays up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

from shabgraph import neo4j_server, postgres_server
from shabgraph.settings import Settings


@contextmanager
def owned(
    running: Callable[[], bool], start: Callable[[], object], stop: Callable[[], object]
) -> Iterator[bool]:
    """Run the body with the server up; yields True when it was started here, and then (only
    then) stops it on the way out, whether the body passed, failed or was interrupted.

    `start` is called either way: on a running server it is the server's own check (Postgres
    refuses one that runs on another port) and otherwise a no-op.
    """
    ran_before = running()
    try:
        start()  # a start that fails half-way may leave a process: it is stopped below
        yield not ran_before
    finally:
        if not ran_before:
            stop()


def neo4j(settings: Settings) -> AbstractContextManager[bool]:
    """`owned` for the managed Neo4j instance of `settings` (its pid file says whether it runs)."""
    return owned(
        lambda: neo4j_server.status(settings).running,
        lambda: neo4j_server.start(settings),
        lambda: neo4j_server.stop(settings),
    )


def postgres(settings: Settings) -> AbstractContextManager[bool]:
    """`owned` for the managed Postgres instance of `settings`."""
    return owned(
        lambda: postgres_server.status(settings).running,
        lambda: postgres_server.start(settings),
        lambda: postgres_server.stop(settings),
    )
