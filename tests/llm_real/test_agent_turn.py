"""One whole agent turn through ChatOpenAI against the real model, on the fictional fixture graph.

The service builds its chat model with the product's one factory (`shabgraph.llm.chat_model`,
Chat Completions, `use_responses_api=False`) from settings pointing at the rig. Whatever the
0.5B model does at each step (it may route a board question to the company's history), the
turn must end with a cited answer about the company the question names, from the graph, and with
no tool-call JSON shown to the user; the offline rules decide any step the model spoils.
"""

from __future__ import annotations

import re
import time

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from graph_agent.checkpoint import open_checkpointer
from graph_agent.result import TurnResult
from graph_agent.service import AgentService
from shabgraph.settings import Settings
from tests.llm_real.conftest import timed

# One loop for the session: ChatOpenAI caches its HTTP client per endpoint, bound to a loop.
pytestmark = pytest.mark.asyncio(loop_scope="session")

BOARD = "Who is on the board of Alpenblick Holding AG?"
TOOL_JSON = re.compile(r"\{\s*\"(name|arguments|tool|function|parameters|entity_id)\"")
"""What a tool call written as JSON looks like in a reply's text."""
BOARD_PUB = "HR02-1900000003"
"""The fixture notice that entered the board member (see evals/fixture_graph)."""


def assert_clean_answer(answer: str) -> None:
    """Non-empty text without tool-call JSON or a raw tool-call echo."""
    assert answer.strip(), "empty answer"
    assert not TOOL_JSON.search(answer), answer
    assert "tool_call" not in answer and "<tool" not in answer, answer


def assert_cited_answer_about_the_holding(res: TurnResult, facts: FixtureFacts) -> None:
    """The turn's answer is about the fixture's holding and cites only fixture notices."""
    assert_clean_answer(res.answer)
    assert "Alpenblick Holding AG" in res.answer
    assert facts.ids["alpenblick"] in {e.id for e in res.entities}
    cited = {c.pub_number for c in res.citations}
    assert cited and cited <= set(facts.pub.values()), cited
    assert all(n in res.answer for n in cited)


async def test_a_board_question_through_chatopenai_ends_with_a_cited_answer(
    facts: FixtureFacts, driver: Driver, llm_settings: Settings
) -> None:
    async with open_checkpointer(llm_settings) as saver:
        agent = AgentService(llm_settings, driver, saver, planner="llm")
        assert type(agent.planner.model).__name__ == "ChatOpenAI"  # type: ignore[attr-defined]
        started = time.perf_counter()
        res = await agent.ask(BOARD, "real-1")
        timed("agent turn (board question)", time.perf_counter() - started)
        traces = await agent.traces("real-1")
    trace = res.trace
    assert trace.error is None, res.answer
    assert trace.planner == "llm" and trace.structured_method == "json_schema"
    # The router and at least one later step (act or synthesis) asked the model.
    assert trace.llm_calls >= 2 and trace.tokens > 0
    assert trace.route is not None and trace.route.reason.startswith("LLM:")
    # Whatever intent the 0.5B model chose (it routed this question to the company's history
    # in one run), the linked company's evidence was fetched and the answer cites it.
    assert any(s.outcome == "evidence" and s.tool != "search_companies" for s in trace.steps)
    assert_cited_answer_about_the_holding(res, facts)
    # every fallback names its step and says why (the trace is the audit record)
    assert all(": fell back to the offline planner: " in f for f in trace.fallbacks)
    assert trace.fell_back == bool(trace.fallbacks)
    assert len(traces) == 1 and traces[0].question == BOARD
