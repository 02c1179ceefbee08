"""`shabgraph mcp --transport http` driven by the SDK's client: tools, resources, prompts, refusals."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from mcp import ClientSession
from mcp.shared.exceptions import McpError
from neo4j import Driver
from pydantic import AnyUrl

from evals.fixture_graph import FixtureFacts
from graph_agent.toolbox import Toolbox
from mcp_server.resources import uri_for
from tests.mcp.checks import call, check_every_tool, check_listing
from tests.mcp.conftest import PUB_DATES, HttpServer, http_session
from tools.base import ToolContext
from tools.dating import PUB_DATES as PUB_DATES_QUERY
from tools.registry import TOOLS

pytestmark = pytest.mark.integration


@pytest.fixture
def agent_schemas(ctx: ToolContext) -> dict[str, dict[str, Any]]:
    """The argument schemas the agent's LLM planner binds."""
    toolbox = Toolbox(ctx)
    return {name: toolbox.args_schema(name) for name in TOOLS}


async def test_lists_the_agents_tools(
    http_server: HttpServer, agent_schemas: dict[str, dict[str, Any]]
) -> None:
    async with http_session(http_server.url, http_server.token) as session:
        await check_listing(session, agent_schemas)


async def test_each_tool_answers_with_the_fixture_facts(
    http_server: HttpServer, fixture_graph: FixtureFacts
) -> None:
    async with http_session(http_server.url, http_server.token) as session:
        await check_every_tool(session, fixture_graph)


async def test_result_equals_the_direct_call(
    http_server: HttpServer, ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    """Same tool, same records: MCP adds dates and a trace, never changes what the tool found."""
    args = {"entity_id": fixture_graph.ids["mueller"], "hops": 2}
    direct = TOOLS["explore_network"].fn(ctx, TOOLS["explore_network"].args_model(**args))
    async with http_session(http_server.url, http_server.token) as session:
        out = await call(session, "explore_network", args)
    assert out["records"] == direct.records
    assert [c["pub_number"] for c in out["citations"]] == direct.citations
    tool_queries, dating = (
        out["queries"][: len(direct.queries)],
        out["queries"][len(direct.queries) :],
    )
    assert [q["cypher"] for q in tool_queries] == [q.cypher for q in direct.queries]
    # the dating query is in the trace too, unless an earlier call of this server dated them
    assert [q["cypher"] for q in dating] in ([], [PUB_DATES_QUERY.strip()])
    async with http_session(http_server.url, http_server.token) as session:
        again = await call(session, "explore_network", args)
    assert again["citations"] == out["citations"] and len(again["queries"]) == len(direct.queries)


async def test_notices_date_themselves(
    http_server: HttpServer, fixture_graph: FixtureFacts
) -> None:
    """A result made of notices carries their dates already: no second query dates them."""
    async with http_session(http_server.url, http_server.token) as session:
        out = await call(session, "get_node_history", {"entity_id": fixture_graph.ids["leman"]})
    assert PUB_DATES_QUERY.strip() not in [q["cypher"] for q in out["queries"]]
    assert {c["pub_number"] for c in out["citations"]} == {
        r["pub_number"] for r in out["records"] if r["record_type"] == "event"
    }


async def read_text(session: ClientSession, uri: str) -> list[tuple[str | None, str]]:
    contents = (await session.read_resource(AnyUrl(uri))).contents
    return [(c.mimeType, c.text) for c in contents]  # type: ignore[union-attr]


async def test_dossiers_and_notice_resources(
    http_server: HttpServer, fixture_graph: FixtureFacts
) -> None:
    ids, pub = fixture_graph.ids, fixture_graph.pub
    async with http_session(http_server.url, http_server.token) as session:
        templates = (await session.list_resource_templates()).resourceTemplates
        assert {t.name for t in templates} == {"company_dossier", "person_dossier", "notice"}

        (md_type, md), (json_type, _) = await read_text(
            session, uri_for("company", ids["alpenblick"])
        )
        assert (md_type, json_type) == ("text/markdown", "application/json")
        assert md.startswith(f"# Alpenblick Holding AG ({ids['alpenblick']})")
        for key in fixture_graph.expected["alpenblick_history"]:
            assert f"- {PUB_DATES[pub[key]]} {pub[key]}:" in md
        assert "held by Hans Müller (p:mueller-luzern)" in md

        (_, person), _ = await read_text(session, uri_for("person", ids["mueller"]))
        assert person.startswith("# Hans Müller (p:mueller-luzern)")
        assert "holds Müller Bau GmbH" in person and "holds Alpenblick Holding AG" in person

        ((notice_type, notice),) = await read_text(session, uri_for("notice", pub["E17"]))
        assert notice_type == "application/json"
        body = httpx.Response(200, text=notice).json()
        assert body["pub_date"] == PUB_DATES[pub["E17"]] and "Konkurs" in body["text"]
        assert body["subject_name"] == "Müller Bau GmbH" and body["queries"][0]["rows"] == 1

        with pytest.raises(McpError, match="No company with id"):
            await read_text(session, uri_for("company", ids["mueller"]))  # a person's id
        with pytest.raises(McpError, match="No notice"):
            await read_text(session, uri_for("notice", "HR01-0000000000"))


async def test_prompts(http_server: HttpServer) -> None:
    async with http_session(http_server.url, http_server.token) as session:
        names = [p.name for p in (await session.list_prompts()).prompts]
        assert names == ["investigate_company", "person_mandates"]
        prompt = await session.get_prompt(
            "investigate_company", {"company": "Alpenblick", "as_of": "2019-01-01"}
        )
        text = prompt.messages[0].content.text  # type: ignore[union-attr]
        assert "'Alpenblick'" in text and "as_of=2019-01-01" in text and "search_companies" in text
        with pytest.raises(McpError, match="needs the argument 'person'"):
            await session.get_prompt("person_mandates", {})


WRITES = [
    ("CREATE (n:Company {id: 'x'}) RETURN n", "CREATE"),
    ("MATCH (n) DETACH DELETE n", "DELETE"),
    ("MATCH (c:Company) SET c.name = 'x' RETURN c", "SET"),
    ("CALL db.createLabel('X')", "procedure"),
    ("LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l", "LOAD"),
]


async def test_writes_through_the_cypher_tool_are_refused(
    http_server: HttpServer, driver: Driver, fixture_graph: FixtureFacts
) -> None:
    before = driver.execute_query("MATCH (n) RETURN count(n) AS n").records[0]["n"]
    async with http_session(http_server.url, http_server.token) as session:
        for query, _ in WRITES:
            result = await session.call_tool("run_cypher", {"query": query})
            assert result.isError, query
            out = result.structuredContent
            assert out is not None and out["outcome"] == "error" and out["records"] == []
            assert out["message"].startswith("Refused by the read-only sandbox"), out["message"]
    after = driver.execute_query("MATCH (n) RETURN count(n) AS n").records[0]["n"]
    assert after == before > 0
    assert driver.execute_query("MATCH (c:Company {id: 'x'}) RETURN c").records == []


async def test_bad_arguments_get_a_schema_error_naming_the_field(
    http_server: HttpServer, fixture_graph: FixtureFacts
) -> None:
    async with http_session(http_server.url, http_server.token) as session:
        cases: list[tuple[str, dict[str, Any], str]] = [
            ("explore_network", {"entity_id": fixture_graph.ids["mueller"], "hops": 9}, "hops"),
            ("search_companies", {}, "query"),
            ("get_top_entities", {"metric": "wealth"}, "metric"),
            ("get_node_history", {"entity_id": "x", "as_of": "yesterday"}, "as_of"),
        ]
        for name, args, field in cases:
            result = await session.call_tool(name, args)
            text = result.content[0].text  # type: ignore[union-attr]
            assert result.isError, (name, args)
            assert f"Invalid arguments for {name}: {field}:" in text, text
        unknown = await session.call_tool("drop_database", {})
        assert unknown.isError and "Unknown tool 'drop_database'" in unknown.content[0].text  # type: ignore[union-attr]


async def test_401_without_the_token(http_server: HttpServer) -> None:
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "0"},
        },
    }
    accept = {"Accept": "application/json, text/event-stream"}
    async with httpx.AsyncClient() as client:
        bare = await client.post(http_server.url, json=init, headers=accept)
        wrong = await client.post(
            http_server.url, json=init, headers={**accept, "Authorization": "Bearer nope"}
        )
        right = await client.post(
            http_server.url,
            json=init,
            headers={**accept, "Authorization": f"Bearer {http_server.token}"},
        )
    assert bare.status_code == wrong.status_code == 401
    assert bare.headers["www-authenticate"].startswith("Bearer ")
    assert right.status_code == 200 and right.json()["result"]["serverInfo"]["name"] == "shabgraph"
    with pytest.raises(Exception) as failure:  # the SDK's own client, without the token
        async with http_session(http_server.url, None):
            pass
    assert "401" in repr(failure.value) or "401" in str(failure.value.__cause__)


async def test_foreign_host_header_is_refused(http_server: HttpServer) -> None:
    """DNS rebinding: a page on another host must not reach the loopback server."""
    async with httpx.AsyncClient() as client:
        response = await client.post(
            http_server.url,
            json={},
            headers={"Authorization": f"Bearer {http_server.token}", "Host": "evil.example"},
        )
    assert response.status_code == 421 or response.status_code == 400
