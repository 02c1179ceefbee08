"""Agent fixtures: the fixture graph loaded once into the real Neo4j, and services over it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from neo4j import Driver

from evals.fixture_graph import FixtureFacts, load_fixture_graph
from graph_agent.checkpoint import open_checkpointer
from graph_agent.service import AgentService
from shabgraph.settings import Settings


@pytest.fixture(scope="session")
def facts(driver: Driver, neo4j_settings: Settings) -> FixtureFacts:
    """The fixture graph, loaded once for the agent tests (they only read it)."""
    return load_fixture_graph(driver, neo4j_settings.neo4j_database)


@pytest.fixture
def agent_settings(neo4j_settings: Settings, tmp_path: Path) -> Settings:
    """Test-server settings with a private data dir (checkpoints)."""
    return neo4j_settings.model_copy(update={"data_dir": tmp_path})


@pytest_asyncio.fixture(loop_scope="function")
async def make_agent(
    driver: Driver, facts: FixtureFacts, agent_settings: Settings
) -> AsyncIterator[Callable[..., Any]]:
    """Factory of AgentService over the fixture graph; checkpointers close at teardown."""
    from contextlib import AsyncExitStack

    async with AsyncExitStack() as stack:

        async def factory(**kwargs: Any) -> AgentService:
            saver = await stack.enter_async_context(open_checkpointer(agent_settings))
            return AgentService(agent_settings, kwargs.pop("driver", driver), saver, **kwargs)

        yield factory
