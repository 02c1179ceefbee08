"""Checks shared by the stdio and the HTTP tests: the tool listing and one call per tool.

Each call asserts exact facts of the fixture graph (evals/fixture_graph/) and the audit trail
every MCP result carries: the Cypher with its parameters, row counts and dated citations.
"""

from __future__ import annotations

from typing import Any

from mcp import ClientSession

from evals.fixture_graph import FixtureFacts
from tests.mcp.conftest import PUB_DATES
from tools.registry import TOOLS


def keys(facts: FixtureFacts, ids: list[str]) -> list[str]:
    inv = {v: k for k, v in facts.ids.items()}
    return [inv[i] for i in ids]


async def call(session: ClientSession, name: str, args: dict[str, Any]) -> dict[str, Any]:
    """Call a tool that must succeed; its structured content, checked for the audit trail."""
    result = await session.call_tool(name, args)
    text = result.content[0].text if result.content else ""  # type: ignore[union-attr]
    assert not result.isError, text
    out = result.structuredContent
    assert out is not None and out["tool"] == name and out["outcome"] == "evidence"
    assert out["rows"] == len(out["records"]) > 0
    assert out["queries"] and all(q["cypher"] and q["rows"] >= 0 for q in out["queries"])
    # every cited notice is dated, with its date in the graph
    assert out["citations"], f"{name} returned no citations"
    for cite in out["citations"]:
        assert cite["pub_date"] == PUB_DATES[cite["pub_number"]], cite
    return out


async def check_listing(session: ClientSession, agent_schemas: dict[str, dict[str, Any]]) -> None:
    """The listed tools are the agent's: same names, descriptions and argument schemas."""
    listed = (await session.list_tools()).tools
    assert [t.name for t in listed] == list(TOOLS)
    for tool in listed:
        assert tool.inputSchema == agent_schemas[tool.name], tool.name
        assert tool.description == TOOLS[tool.name].description
        assert tool.annotations is not None and tool.annotations.readOnlyHint is True
        assert tool.outputSchema is not None
        assert set(tool.outputSchema["required"]) >= {
            "queries",
            "records",
            "truncated",
            "citations",
        }
        assert "pub_number, pub_date" in tool.outputSchema["description"]


async def check_every_tool(session: ClientSession, facts: FixtureFacts) -> None:
    """One call of each of the nine tools, each with exact expected facts."""
    ids, pub, exp = facts.ids, facts.pub, facts.expected

    out = await call(session, "search_companies", {"query": "Alpenblik"})
    assert keys(facts, [out["records"][0]["id"]]) == ["alpenblick"]
    assert out["queries"][0]["params"]["lucene"]

    out = await call(
        session, "explore_network", {"entity_id": ids["alpenblick"], "as_of": "2019-01-01"}
    )
    holders = {
        r["from_id"]
        for r in out["records"]
        if r["branch"] == "structure" and r["rel"] == "HOLDS_ROLE"
    }
    assert set(keys(facts, list(holders))) == exp["alpenblick_roles_2019_01_01"]
    assert out["args"]["as_of"] == "2019-01-01"

    out = await call(session, "get_node_history", {"entity_id": ids["alpenblick"]})
    events = [r["pub_number"] for r in out["records"] if r["record_type"] == "event"]
    assert events == [pub[e] for e in exp["alpenblick_history"]]

    out = await call(session, "global_text_search", {"query": "Konkurs"})
    assert {r["pub_number"] for r in out["records"]} == {pub["E17"], pub["E18"]}

    out = await call(session, "get_top_entities", {"metric": "capital", "limit": 20})
    assert keys(facts, [r["id"] for r in out["records"]]) == exp["top_capital"]

    out = await call(session, "count_entities_by_event", {"group_by": "event_type"})
    assert {r["group"]: r["companies"] for r in out["records"]} == exp["companies_by_event_type"]

    out = await call(
        session,
        "run_cypher",
        {
            "query": "MATCH (c:Company {id: $id})-[:HAS_EVENT]->(e:Event) "
            "RETURN c.name AS name, e.pub_number AS pub_number ORDER BY e.pub_date",
            "params": {"id": ids["muellerbau"]},
        },
    )
    assert {r["name"] for r in out["records"]} == {"Müller Bau GmbH"}
    assert out["rows"] == exp["top_events_first"][1]
    assert out["queries"][0]["params"] == {"id": ids["muellerbau"]}

    out = await call(session, "get_entity_facts", {"entity_id": ids["ticino"]})
    names = {r["value"] for r in out["records"] if r.get("attribute") == "name"}
    seats = {r["value"] for r in out["records"] if r.get("attribute") == "seat"}
    assert names == {exp["ticino_name_2018_01_01"], exp["ticino_name_2020_01_01"]}
    assert exp["ticino_seat_2018_01_01"] in seats and "Bellinzona" in seats

    out = await call(session, "list_register", {"what": "companies", "status": "deleted"})
    assert set(keys(facts, [r["id"] for r in out["records"]])) == exp["deleted_companies"]
    assert {r["total"] for r in out["records"]} == {len(exp["deleted_companies"])}
