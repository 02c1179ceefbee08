"""Fixtures of the MCP tests: the fixture graph, and `shabgraph mcp` running as a real process.

The servers are the installed command (`python -m cli mcp`), reached with the SDK's own clients:
over HTTP on a free loopback port with a token, and over stdio as a client would spawn it.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from neo4j import Driver

from evals.fixture_graph import EVENTS, FixtureFacts, load_fixture_graph
from shabgraph.settings import Settings
from tests.conftest import REPO, settings_env
from tools.base import ToolContext

PUB_DATES = {row["pub"]: row["pub_date"].isoformat() for row in EVENTS.values()}
"""Publication number -> date of every fixture notice (what dated citations must say)."""


@dataclass(frozen=True)
class HttpServer:
    """A running `shabgraph mcp --transport http`."""

    url: str
    token: str
    process: subprocess.Popen[bytes]


@pytest.fixture(scope="session")
def fixture_graph(driver: Driver, neo4j_settings: Settings) -> FixtureFacts:
    """The fixture graph (the MCP tests only read it; the write attempts must fail)."""
    return load_fixture_graph(driver, neo4j_settings.neo4j_database)


@pytest.fixture
def ctx(driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts) -> ToolContext:
    """A tool context on the fixture graph (for direct calls to compare with)."""
    return ToolContext(driver=driver, database=neo4j_settings.neo4j_database)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_env(settings: Settings, **extra: str) -> dict[str, str]:
    """The environment of a server process on the test database, with MCP settings `extra`."""
    env = settings_env(settings)
    for key in [k for k in env if k.startswith("SHABGRAPH_MCP_")]:
        del env[key]
    env.update(extra)
    return env


def start_http(settings: Settings, **extra: str) -> HttpServer:
    """Start an HTTP server and wait until it answers (401 to a bare request)."""
    token = secrets.token_urlsafe(24)
    port = free_port()
    env = server_env(settings, SHABGRAPH_MCP_TOKEN=token, SHABGRAPH_MCP_PORT=str(port), **extra)
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "mcp", "--transport", "http"],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}/mcp"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the MCP server exited: {process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
        try:
            if httpx.post(url, json={}, timeout=5).status_code == 401:
                return HttpServer(url=url, token=token, process=process)
        except httpx.TransportError:
            pass
        time.sleep(0.3)
    process.kill()
    raise RuntimeError("the MCP server did not answer within 90 s")


def stop(server: HttpServer) -> None:
    """Stop a server started by `start_http` (SIGTERM, then kill) and assert it was still up."""
    assert server.process.poll() is None, "the MCP server died during the tests"
    server.process.terminate()
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=5)


@pytest.fixture(scope="session")
def http_server(neo4j_settings: Settings, fixture_graph: FixtureFacts) -> Iterator[HttpServer]:
    """One HTTP server for the session, with a rate limit no test reaches."""
    server = start_http(neo4j_settings, SHABGRAPH_MCP_RATE_LIMIT="100000")
    try:
        yield server
    finally:
        stop(server)


@asynccontextmanager
async def http_session(url: str, token: str | None) -> AsyncIterator[ClientSession]:
    """An initialised SDK client session over streamable HTTP (with the bearer token if given)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with (
        httpx.AsyncClient(headers=headers, timeout=httpx.Timeout(30, read=60)) as client,
        streamable_http_client(url, http_client=client) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


@asynccontextmanager
async def stdio_session(settings: Settings) -> AsyncIterator[ClientSession]:
    """An initialised SDK client session over stdio, the server spawned as a client would."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "cli", "mcp"],
        env=server_env(settings),
        cwd=Path(REPO),
    )
    with open(os.devnull, "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            yield session
