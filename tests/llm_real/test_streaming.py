"""The real model's answer streamed into the Chainlit message (`ui.turns.run_turn`, mocked socket).

Driven like tests/ui/test_turns.py, but the agent's planner talks to llama-server: the synthesis
request streams (SSE) and each chunk grows the answer message. The message is then replaced by
the turn's final text, which is the model's phrasing when it passed the citation checks and the
template otherwise; either way the user sees one clean, cited answer and no tool-call JSON.
"""

from __future__ import annotations

import time
from unittest.mock import Mock

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from graph_agent.checkpoint import open_checkpointer
from graph_agent.service import AgentService
from shabgraph.settings import Settings
from tests.llm_real.conftest import timed
from tests.llm_real.test_agent_turn import BOARD, assert_cited_answer_about_the_holding
from tests.ui.conftest import chainlit_context, emitted
from ui.agent_bridge import AgentOptions
from ui.runtime import Runtime
from ui.turns import run_turn

# One loop for the session: ChatOpenAI caches its HTTP client per endpoint, bound to a loop.
pytestmark = pytest.mark.asyncio(loop_scope="session")

LLM = AgentOptions(planner="llm", max_rounds=2)


async def test_the_real_models_tokens_grow_the_answer_message(
    facts: FixtureFacts, driver: Driver, llm_settings: Settings, data_layer: Mock
) -> None:
    async with open_checkpointer(llm_settings) as saver:
        agent = AgentService(llm_settings, driver, saver, planner="llm", max_rounds=2)
        rt = Runtime(settings=llm_settings, users={}, driver=driver)
        rt.agents[(LLM.planner, LLM.max_rounds)] = agent
        started = time.perf_counter()
        async with chainlit_context() as ctx:
            result = await run_turn(rt, BOARD, LLM, None, None)
        timed("UI turn, streamed (board question)", time.perf_counter() - started)
    assert result.trace.error is None and result.trace.planner == "llm", result.answer
    (start,) = emitted(ctx, "stream_start")
    tokens = [t["token"] for t in emitted(ctx, "stream_token")]
    streamed = start["output"] + "".join(tokens)
    # The synthesis call streamed: many small chunks, in one message beside the run step.
    assert len(tokens) >= 5, streamed
    assert start["parentId"] is None and {t["id"] for t in emitted(ctx, "stream_token")} == {
        start["id"]
    }
    assert result.trace.llm_calls >= 2
    # The message ends as the turn's final text, sent once, clean and cited.
    final = [m for m in emitted(ctx, "new_message") if m["id"] == start["id"]]
    assert [m["output"] for m in final] == [result.answer]
    assert_cited_answer_about_the_holding(result, facts)
    # Progress stays per event: the run step is not refreshed while the tokens stream (a short
    # phrasing can have fewer tokens than the turn had progress events, so count during the stream).
    runs = [u for u in emitted(ctx, "update_message") if u["name"] == "graph agent"]
    order = [(c.args[0], c.args[1]) for c in ctx.session.emit.await_args_list]
    streamed_at = [i for i, (event, _) in enumerate(order) if event == "stream_token"]
    during = [
        p
        for event, p in order[streamed_at[0] : streamed_at[-1]]
        if event == "update_message" and p["name"] == "graph agent"
    ]
    assert runs and runs[0]["output"].startswith("- route: ") and during == []
