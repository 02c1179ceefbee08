"""A real server that dies mid-turn, and one that answers too slowly: the turn still ends well.

Both end the same way by design: the failed step falls back to the offline planner (the trace
says which and why), the rest of the turn asks the dead or slow endpoint nothing more, and the
user gets the register's answer from the offline rules instead of an error or a hang.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from graph_agent.checkpoint import open_checkpointer
from graph_agent.service import AgentService
from shabgraph.settings import Settings
from tests.conftest import test_settings
from tests.llm_real.conftest import settings_for, timed
from tests.llm_real.server import Server
from tests.llm_real.test_agent_turn import BOARD, BOARD_PUB, assert_clean_answer

# One loop for the session: ChatOpenAI caches its HTTP client per endpoint, bound to a loop.
pytestmark = pytest.mark.asyncio(loop_scope="session")

NO_HANG_S = 120.0
"""A turn whose server died must end well within this (the offline rules take a second or two)."""


async def test_a_server_killed_mid_request_ends_the_turn_with_the_offline_answer(
    facts: FixtureFacts, driver: Driver, private_server: Server, tmp_path: object
) -> None:
    settings = settings_for(private_server, test_settings(), data_dir=tmp_path)
    async with open_checkpointer(settings) as saver:
        agent = AgentService(settings, driver, saver, planner="llm")
        before = private_server.requests_started()
        task = asyncio.create_task(agent.ask(BOARD, "dies-1"))
        deadline = time.monotonic() + 60
        while private_server.requests_started() == before and time.monotonic() < deadline:
            await asyncio.sleep(0.05)  # until the router's request is being processed
        assert private_server.requests_started() > before, private_server.log_tail()
        assert not task.done()
        private_server.kill()
        killed = time.perf_counter()
        res = await asyncio.wait_for(task, NO_HANG_S)
        timed("turn after the server was killed", time.perf_counter() - killed)
    assert not private_server.alive()
    trace = res.trace
    assert trace.error is None, res.answer
    assert trace.fell_back and trace.fallbacks[0].startswith(
        "route: fell back to the offline planner: the LLM is unavailable"
    )
    # one failed request, then no more calls to the dead endpoint this turn
    assert trace.llm_calls == 1
    assert all("the LLM is unavailable" in f for f in trace.fallbacks)
    assert_clean_answer(res.answer)
    assert "Sandra Frei" in res.answer and BOARD_PUB in {c.pub_number for c in res.citations}


async def test_a_timeout_falls_back_once_and_the_turn_answers_offline(
    facts: FixtureFacts, driver: Driver, llm_settings: Settings
) -> None:
    settings = llm_settings.model_copy(update={"llm_timeout": 0.5})
    async with open_checkpointer(settings) as saver:
        agent = AgentService(settings, driver, saver, planner="llm")
        started = time.perf_counter()
        res = await asyncio.wait_for(agent.ask(BOARD, "slow-1"), NO_HANG_S)
        seconds = time.perf_counter() - started
        timed("turn with llm_timeout 0.5 s", seconds)
    trace = res.trace
    assert trace.error is None, res.answer
    assert trace.fallbacks[0] == (
        "route: fell back to the offline planner: the LLM is unavailable "
        "(the LLM did not answer within 0.5 s)"
    )
    assert trace.llm_calls == 1  # one timeout per turn, not one per step
    assert all("did not answer within 0.5 s" in f for f in trace.fallbacks)
    assert_clean_answer(res.answer)
    assert "Sandra Frei" in res.answer
    assert seconds < 30  # the offline rules, not the model's pace
