"""The HTTP server's limits: request rate, result size, row cap, query timeout, required token."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest

from evals.fixture_graph import FixtureFacts
from mcp_server.auth import RateLimitMiddleware
from shabgraph.settings import Settings
from tests.conftest import REPO
from tests.mcp.conftest import HttpServer, http_session, server_env, start_http, stop

SLOW = (
    "UNWIND range(1, 1000) AS a UNWIND range(1, 1000) AS b WITH a, b "
    "WHERE size([i IN range(1, 100) WHERE (a * b * i) % 7 = 3]) > 50 RETURN count(*) AS n"
)
"""Passes the sandbox (a million rows of bounded ranges) and runs far longer than 2 s."""
MAX_BYTES = 12_000
"""Result-size limit of the limits server: above the trace of get_entity_facts (about 7 kB),
below its full result."""


@pytest.fixture(scope="module")
def limits_server(neo4j_settings: Settings, fixture_graph: FixtureFacts) -> Iterator[HttpServer]:
    server = start_http(
        neo4j_settings,
        SHABGRAPH_MCP_MAX_RESULT_BYTES=str(MAX_BYTES),
        SHABGRAPH_MCP_MAX_ROWS="2",
        SHABGRAPH_MCP_QUERY_TIMEOUT="2",
    )
    try:
        yield server
    finally:
        stop(server)


@pytest.mark.integration
async def test_result_size_and_row_cap(
    limits_server: HttpServer, fixture_graph: FixtureFacts
) -> None:
    async with http_session(limits_server.url, limits_server.token) as session:
        capped = await session.call_tool(
            "run_cypher", {"query": "MATCH (e:Event) RETURN e.pub_number AS pub_number"}
        )
        out = capped.structuredContent
        assert out is not None and not capped.isError
        assert out["rows"] == 2 and out["truncated"] and out["queries"][0]["truncated"]
        assert len(out["citations"]) == 2 and all(c["pub_date"] for c in out["citations"])

        facts = await session.call_tool(
            "get_entity_facts", {"entity_id": fixture_graph.ids["alpenblick"]}
        )
        body = facts.content[0].text  # type: ignore[union-attr]
        out = facts.structuredContent
        assert out is not None and len(body.encode()) <= MAX_BYTES
        assert out["truncated"] and 0 < out["rows"] < out["total_rows"]
        assert "fit the result-size limit" in out["message"]
        cited = {p for r in out["records"] for p in r.get("pubs") or []}
        assert {c["pub_number"] for c in out["citations"]} == cited  # only what is shown


@pytest.mark.integration
async def test_query_timeout(limits_server: HttpServer) -> None:
    async with http_session(limits_server.url, limits_server.token) as session:
        result = await session.call_tool("run_cypher", {"query": SLOW})
    text = result.content[0].text  # type: ignore[union-attr]
    assert result.isError and "ran longer than 2 s and was stopped" in text, text


@pytest.mark.integration
def test_request_rate_limit(neo4j_settings: Settings, fixture_graph: FixtureFacts) -> None:
    server = start_http(neo4j_settings, SHABGRAPH_MCP_RATE_LIMIT="4")
    try:
        statuses = [httpx.post(server.url, json={}, timeout=30).status_code for _ in range(5)]
        authorised = httpx.post(
            server.url, json={}, headers={"Authorization": f"Bearer {server.token}"}, timeout=30
        )
    finally:
        stop(server)
    # start_http's readiness probe was the first request of the minute (a retried probe may
    # have counted twice on a slow machine): some 401s, then only 429s
    passed = statuses.count(401)
    assert 1 <= passed <= 3 and statuses == [401] * passed + [429] * (5 - passed)
    assert authorised.status_code == 429 and 1 <= int(authorised.headers["retry-after"]) <= 60


def test_sliding_window() -> None:
    limiter = RateLimitMiddleware(app=None, limit=2, window_s=60)  # type: ignore[arg-type]
    assert limiter.admit("a", 0.0) is None and limiter.admit("a", 1.0) is None
    assert limiter.admit("a", 2.0) == pytest.approx(58.0)
    assert limiter.admit("b", 2.0) is None  # another client has its own window
    assert limiter.admit("a", 60.5) is None  # the hit at 0 left the window
    assert limiter.admit("a", 60.7) == pytest.approx(0.3)  # the hit at 1 frees the next slot


def test_http_will_not_start_without_a_token(neo4j_settings: Settings) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cli", "mcp", "--transport", "http"],
        cwd=REPO,
        env=server_env(neo4j_settings),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "SHABGRAPH_MCP_TOKEN is not set" in done.stderr
