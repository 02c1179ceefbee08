"""Fixtures of the UI tests: a mocked Chainlit context, sample turns, the demo graph."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any
from unittest.mock import AsyncMock, Mock

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts, load_fixture_graph
from graph_agent.result import (
    Citation,
    EntityRef,
    Reflection,
    RouteDecision,
    ToolStep,
    Trace,
    TurnResult,
)
from shabgraph.settings import Settings
from tests.conftest import wipe
from tests.ui.demo_graph import load_demo_graph
from tools.base import QueryTrace


@asynccontextmanager
async def chainlit_context(thread_id: str = "thread-1", user: Any = None) -> AsyncIterator[Any]:
    """A Chainlit context around a mocked websocket session (Chainlit's own test pattern)."""
    from chainlit.context import ChainlitContext, context_var
    from chainlit.session import WebsocketSession

    session = Mock(spec=WebsocketSession)
    session.id = "session-1"
    session.thread_id = thread_id
    session.user = user
    session.user_env = {}
    session.chat_settings = {}
    session.has_first_interaction = True
    session.emit = AsyncMock()
    session.files = {}
    ctx = ChainlitContext(session)
    token = context_var.set(ctx)
    try:
        yield ctx
    finally:
        context_var.reset(token)


def sample_turn(thread_id: str = "thread-1") -> TurnResult:
    """A two-round turn with a Cypher query, records, a reflection and citations."""
    q = QueryTrace(
        cypher="MATCH (c:Company {id: $id}) RETURN c.name AS name",
        params={"id": "CHE-100.000.001"},
        rows=1,
        ms=3.2,
    )
    steps = [
        ToolStep(
            round=1,
            tool="search_companies",
            args={"name": "Muster Holding"},
            outcome="evidence",
            message="1 company",
            queries=[q],
            rows=1,
            ms=4.0,
            records=[
                {"id": "CHE-100.000.001", "name": "Muster Holding AG", "pubs": ["HR01-1000000001"]}
            ],
        ),
        ToolStep(
            round=2,
            tool="get_node_history",
            args={"id": "CHE-100.000.001"},
            outcome="empty",
            message="no history",
            rows=0,
            ms=1.0,
        ),
    ]
    trace = Trace(
        question="Who runs Muster Holding AG?",
        planner="offline",
        route=RouteDecision(
            intent="entity_disambiguation",
            allowed_tools=["search_companies", "get_node_history"],
            reason="company name",
        ),
        steps=steps,
        reflections=[
            Reflection(round=1, decision="continue", reason="need officers"),
            Reflection(round=2, decision="finish", reason="enough"),
        ],
        synthesis_form="table",
        total_ms=12.0,
    )
    return TurnResult(
        thread_id=thread_id,
        answer="Anna Beispiel sits on the board [HR01-1000000001].",
        trace=trace,
        records=steps[0].records,
        citations=[Citation(pub_number="HR01-1000000001", pub_date="2019-03-05")],
        entities=[EntityRef(id="CHE-100.000.001", kind="company", name="Muster Holding AG")],
    )


@pytest.fixture
def turn() -> TurnResult:
    return sample_turn()


@pytest.fixture
def data_layer(monkeypatch: pytest.MonkeyPatch) -> Mock:
    """The data layer Chainlit's steps and messages write to: a recording double.

    Set where `chainlit.data.get_data_layer` reads it, so no test builds the app's thread store
    (whichever test imported `ui.chat` first would have registered it).
    """
    import chainlit.data

    layer = Mock(name="data_layer")
    for method in ("create_step", "update_step", "delete_step", "create_element"):
        setattr(layer, method, AsyncMock(name=method))
    monkeypatch.setattr(chainlit.data, "_data_layer", layer)
    monkeypatch.setattr(chainlit.data, "_data_layer_initialized", True)
    return layer


def emitted(ctx: Any, event: str) -> list[dict[str, Any]]:
    """Payloads of one socket event the mocked session emitted, in order."""
    return [c.args[1] for c in ctx.session.emit.await_args_list if c.args[0] == event]


@pytest.fixture
def fixture_db(clean_db: Driver, neo4j_settings: Settings) -> Iterator[FixtureFacts]:
    """The tools' and agent's fixture graph (NameHubs, spelling variants), wiped afterwards so
    the app tests' demo graph stays alone."""
    yield load_fixture_graph(clean_db, neo4j_settings.neo4j_database)
    wipe(clean_db, neo4j_settings.neo4j_database)


@pytest.fixture
def demo_db(clean_db: Driver) -> Driver:
    """The test database holding only the fictional demo graph."""
    load_demo_graph(clean_db)
    return clean_db
