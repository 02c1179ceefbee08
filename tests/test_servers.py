"""The test session's servers (tests/servers.py): a session stops what it started, and only that.

The helper runs on a real process standing in for a server; the last test runs a real pytest
session on a throwaway Neo4j instance on ports of its own, as `make test` and `make test-llm` do.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

from shabgraph import neo4j_server
from shabgraph.processes import alive, terminate
from tests import servers
from tests.conftest import REPO, test_settings


class SleepServer:
    """A real process in the role of a server: `start` spawns it unless it runs, `stop` ends it."""

    def __init__(self, fail_after_spawn: bool = False) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.calls: list[str] = []
        self.fail_after_spawn = fail_after_spawn

    def running(self) -> bool:
        return self.proc is not None and alive(self.proc.pid)

    def start(self) -> None:
        self.calls.append("start")
        if not self.running():
            self.proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
            if self.fail_after_spawn:
                raise RuntimeError("did not answer in time")

    def stop(self) -> None:
        self.calls.append("stop")
        if self.proc is not None and alive(self.proc.pid):
            terminate(self.proc.pid, first=signal.SIGTERM, last=signal.SIGKILL, timeout=5)
            self.proc.wait(timeout=10)


@pytest.fixture
def server() -> Iterator[SleepServer]:
    srv = SleepServer()
    yield srv
    if srv.proc is not None and srv.proc.poll() is None:
        srv.proc.kill()
        srv.proc.wait()


def test_a_server_started_here_is_stopped_at_the_end(server: SleepServer) -> None:
    with servers.owned(server.running, server.start, server.stop) as started:
        assert started is True and server.running()
    assert server.proc is not None and server.proc.poll() == -signal.SIGTERM
    assert server.calls == ["start", "stop"]


def test_a_server_that_ran_before_stays_up(server: SleepServer) -> None:
    server.start()
    pid = server.proc.pid if server.proc else 0
    with servers.owned(server.running, server.start, server.stop) as started:
        assert started is False
    assert alive(pid) and server.proc is not None and server.proc.pid == pid
    assert server.calls == ["start", "start"]  # the second start is the server's own check


def test_a_failing_body_still_stops_what_was_started(server: SleepServer) -> None:
    with pytest.raises(KeyError), servers.owned(server.running, server.start, server.stop):
        raise KeyError("a test failed")
    assert server.proc is not None and server.proc.poll() == -signal.SIGTERM


def test_a_start_that_fails_half_way_is_stopped_too() -> None:
    half = SleepServer(fail_after_spawn=True)
    with (
        pytest.raises(RuntimeError, match="did not answer"),
        servers.owned(half.running, half.start, half.stop),
    ):
        pytest.fail("the body must not run")
    assert half.proc is not None and half.proc.poll() == -signal.SIGTERM
    assert half.calls == ["start", "stop"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.slow
@pytest.mark.integration
def test_a_pytest_session_stops_the_neo4j_it_started() -> None:
    """One real session (one Neo4j start, about a minute on a busy machine); that a server
    which ran before stays is the helper's test above."""
    base = test_settings()
    if not base.managed:
        pytest.skip("SHABGRAPH_TEST_NEO4J_URI names an external server: nothing is started")
    own = base.model_copy(
        update={
            "neo4j_instance": f"{base.neo4j_instance}-own",
            "neo4j_bolt_port": free_port(),
            "neo4j_http_port": free_port(),
            "neo4j_heap": "256m",
            "neo4j_pagecache": "64m",
        }
    )
    env = {k: v for k, v in os.environ.items() if k != "SHABGRAPH_TEST_NEO4J_URI"} | {
        "SHABGRAPH_TEST_INSTANCE": own.neo4j_instance,
        "SHABGRAPH_TEST_BOLT_PORT": str(own.neo4j_bolt_port),
        "SHABGRAPH_TEST_HTTP_PORT": str(own.neo4j_http_port),
        "SHABGRAPH_TEST_NEO4J_HEAP": own.neo4j_heap,
        "SHABGRAPH_TEST_NEO4J_PAGECACHE": own.neo4j_pagecache,
    }
    one_graph_test = "tests/test_foundation.py::test_schema_is_present"
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", one_graph_test]

    try:
        assert neo4j_server.status(own).running is False
        done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "1 passed" in done.stdout
        assert (own.instance_dir / "data" / ".password-set").exists()  # it did run there
        assert neo4j_server.status(own).running is False  # started by that session, stopped
    finally:
        neo4j_server.stop(own)
        shutil.rmtree(own.instance_dir, ignore_errors=True)
