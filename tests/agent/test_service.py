"""AgentService against the real Neo4j: ablations, faults, memory across restarts, streaming."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from neo4j import GraphDatabase
from neo4j.exceptions import ServiceUnavailable

from evals.fixture_graph import FixtureFacts
from graph_agent.checkpoint import open_checkpointer
from graph_agent.result import TurnResult
from graph_agent.service import AgentService
from graph_agent.state import AblationSwitches
from shabgraph.errors import InputError
from shabgraph.settings import Settings
from tests.conftest import settings_env
from tools.registry import TOOLS, ToolSpec

BOARD = "Who is on the board of Alpenblick Holding AG?"


def broken(exc: Exception) -> dict[str, ToolSpec]:
    """The real registry with every tool but the entity search raising `exc`.

    Whichever tool the planner picks to answer after linking, it fails.
    """

    def fn(ctx: Any, args: Any) -> Any:
        raise exc

    return {
        name: spec if name == "search_companies" else dataclasses.replace(spec, fn=fn)
        for name, spec in TOOLS.items()
    }


async def test_no_router_allows_every_tool(make_agent: Any) -> None:
    routed = await (await make_agent()).ask(BOARD, "a1")
    unrouted = await (await make_agent(switches=AblationSwitches(no_router=True))).ask(BOARD, "a2")
    assert routed.trace.route and unrouted.trace.route
    assert "get_top_entities" not in routed.trace.route.allowed_tools
    assert set(unrouted.trace.route.allowed_tools) == set(TOOLS)
    assert "Sandra Frei" in unrouted.answer


async def test_no_reflection_stops_after_one_round(make_agent: Any) -> None:
    q = "Chi è «Anna Meier di Genève»?"  # the quoted mention links nobody; round 2 tries "Anna Meier"
    full = await (await make_agent()).ask(q, "r1")
    one = await (await make_agent(switches=AblationSwitches(no_reflection=True))).ask(q, "r2")
    assert len(full.trace.reflections) >= 2 and "Zweigniederlassung Genf" in full.answer
    assert len(one.trace.reflections) == 1 and one.trace.synthesis_form == "negative"
    assert "reflection disabled" in one.trace.reflections[0].reason


async def test_structured_only_ignores_weak_nodes(make_agent: Any) -> None:
    q = "Who is the auditor of Kristallnetz Informatik AG?"
    full = await (await make_agent()).ask(q, "s1")
    strict = await (await make_agent(switches=AblationSwitches(structured_only=True))).ask(q, "s2")
    assert "Treuhand Sonnenberg" in full.answer
    assert "Treuhand Sonnenberg" not in strict.answer
    assert strict.trace.synthesis_form == "negative"
    assert "weak text mentions ignored" in strict.answer


async def test_max_rounds_bounds_the_loop(make_agent: Any) -> None:
    res = await (await make_agent(max_rounds=1)).ask("Chi è Anna Meier di Genève?", "m1")
    assert len(res.trace.reflections) == 1
    assert "round limit 1" in res.trace.reflections[0].reason


async def test_tool_error_ends_turn_and_thread_stays_usable(make_agent: Any) -> None:
    agent = await make_agent(tools=broken(RuntimeError("disk on fire")))
    res = await agent.ask(BOARD, "f1")
    assert res.trace.synthesis_form == "error"
    assert "disk on fire" in res.answer and res.trace.error
    assert any(s.tool != "search_companies" and s.outcome == "error" for s in res.trace.steps)
    agent.toolbox.tools = dict(TOOLS)  # the tools are mended: the same thread goes on
    again = await agent.ask("How many companies went bankrupt?", "f1")
    assert again.trace.error is None and " 1 " in again.answer
    assert len(await agent.traces("f1")) == 2


async def test_neo4j_outage_mid_turn(make_agent: Any) -> None:
    agent = await make_agent(tools=broken(ServiceUnavailable("gone")))
    res = await agent.ask(BOARD, "o1")
    assert res.trace.synthesis_form == "error"
    assert "Neo4j is unreachable" in res.answer
    # the search before the outage is kept in the trace
    assert [s.tool for s in res.trace.steps][:1] == ["search_companies"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_settings(request: pytest.FixtureRequest, agent_settings: Settings) -> Settings:
    """The agent's settings with its memory on SQLite (the default) or on the test Postgres."""
    if request.param == "sqlite":
        return agent_settings
    url = request.getfixturevalue("postgres_url")
    return agent_settings.model_copy(update={"database_url": url})


async def test_neo4j_down_for_a_whole_turn_loses_nothing(
    make_agent: Any, facts: FixtureFacts, store_settings: Settings, driver: Any
) -> None:
    agent_settings = store_settings
    dead = GraphDatabase.driver(
        "bolt://127.0.0.1:9",
        auth=("neo4j", "x"),
        connection_acquisition_timeout=2,
        connection_timeout=2,
        max_transaction_retry_time=0.5,
    )
    try:
        async with open_checkpointer(agent_settings) as saver:
            ok = AgentService(agent_settings, driver, saver)
            await ok.ask(BOARD, "down")
            down = AgentService(agent_settings, dead, saver)
            res = await down.ask("et ses succursales ?", "down")
            assert res.trace.synthesis_form == "error" and "unreachable" in res.answer
            back = await ok.ask("et ses succursales ?", "down")
            assert "Zweigniederlassung Genf" in back.answer
            assert len(await ok.traces("down")) == 3
    finally:
        dead.close()


async def test_bad_input_is_a_clear_error(make_agent: Any) -> None:
    agent = await make_agent()
    with pytest.raises(InputError):
        await agent.ask("   ", "i1")
    with pytest.raises(InputError):
        await agent.ask("x" * 5000, "i1")
    with pytest.raises(InputError):
        await agent.ask("Who?", "")


async def test_stream_events_then_result(make_agent: Any) -> None:
    tokens: list[str] = []

    async def sink(text: str) -> None:
        tokens.append(text)

    events = [e async for e in (await make_agent()).astream(BOARD, "st1", on_token=sink)]
    kinds = [e["type"] for e in events[:-1]]
    assert kinds[0] == "route" and "tool" in kinds and "reflection" in kinds
    assert kinds[-1] == "answer"
    assert isinstance(events[-1], TurnResult) and "Sandra Frei" in events[-1].answer
    assert tokens == []  # the offline planner writes no tokens: the answer comes whole


async def test_trace_is_complete_and_stored_with_the_thread(make_agent: Any) -> None:
    agent = await make_agent()
    res = await agent.ask(BOARD, "t1")
    tr = res.trace
    assert tr.route and tr.route.reason and tr.route.allowed_tools
    step = tr.steps[-1]
    assert step.tool != "search_companies" and step.queries and step.queries[0].cypher
    assert step.rows == len(step.records) and step.ms > 0
    assert tr.reflections and tr.synthesis_form == "table" and tr.total_ms > 0
    # the citation dates were looked up and traced, unless the records already dated them
    assert tr.provenance_queries or (res.citations and all(c.pub_date for c in res.citations))
    stored = await agent.traces("t1")
    assert stored[-1].question == BOARD and stored[-1].steps[-1] == step


async def test_thread_survives_a_new_checkpointer_on_the_same_file(
    store_settings: Settings, driver: Any, facts: FixtureFacts
) -> None:
    agent_settings = store_settings
    async with open_checkpointer(agent_settings) as saver:
        await AgentService(agent_settings, driver, saver).ask(BOARD, "restart")
    async with open_checkpointer(agent_settings) as saver:
        agent = AgentService(agent_settings, driver, saver)
        res = await agent.ask("et ses succursales ?", "restart")
        assert "Zweigniederlassung Genf" in res.answer
        assert [e.name for e in res.trace.carried_over] == ["Alpenblick Holding AG"]
        assert len(await agent.traces("restart")) == 2


@pytest.mark.slow
def test_thread_survives_a_process_restart(
    neo4j_settings: Settings, store_settings: Settings, facts: FixtureFacts, tmp_path: Path
) -> None:
    env = {
        **settings_env(neo4j_settings),
        "SHABGRAPH_DATA_DIR": str(tmp_path),
        "SHABGRAPH_PLANNER": "offline",
    }
    if store_settings.database_url:  # the Postgres param: memory in the test database
        env["SHABGRAPH_DATABASE_URL"] = store_settings.database_url
    env.pop("SHABGRAPH_LLM_BASE_URL", None)
    exe = [sys.executable, "-m", "cli"]  # the `shabgraph` command

    def ask(q: str) -> dict[str, Any]:
        out = subprocess.run(
            [*exe, "ask", q, "--thread", "proc", "--json"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        return json.loads(out.stdout)

    first = ask(BOARD)
    assert "Sandra Frei" in first["answer"] and first["citations"]
    second = ask("et ses succursales ?")
    assert "Zweigniederlassung Genf" in second["answer"]
    assert second["trace"]["carried_over"][0]["name"] == "Alpenblick Holding AG"
