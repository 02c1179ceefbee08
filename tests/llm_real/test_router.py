"""The LLM router's structured output against the real model (Qwen2.5-Coder-0.5B on llama.cpp).

The router is the planner's own (`LLMPlanner.route` of an `AgentService` built by the one factory
from settings pointing at the rig). llama.cpp offers a JSON-schema response format, so the
object must come back by that method, in one request, valid without the offline fallback.
"""

from __future__ import annotations

import time

import pytest
from neo4j import Driver

from graph_agent.planners.base import TurnView
from graph_agent.planners.llm.planner import LLMPlanner
from graph_agent.service import AgentService
from shabgraph.settings import Settings
from shabgraph.structured import forget_detected
from tests.llm_real.conftest import timed

# One loop for the session: ChatOpenAI caches its HTTP client per endpoint, bound to a loop.
pytestmark = pytest.mark.asyncio(loop_scope="session")

COUNT = "How many companies went bankrupt in 2020?"
BOARD = "Who is on the board of Alpenblick Holding AG?"


async def route(settings: Settings, driver: Driver, question: str) -> tuple[TurnView, object]:
    service = AgentService(settings, driver, None, planner="llm")
    planner = service.planner
    assert isinstance(planner, LLMPlanner)
    view = TurnView(question=question)
    started = time.perf_counter()
    out = await planner.route(view, list(service.toolbox.tools))
    timed(f"router call: {question[:30]}", time.perf_counter() - started)
    return view, out


async def test_the_router_object_comes_by_json_schema_in_one_call(
    llm_settings: Settings, driver: Driver
) -> None:
    forget_detected()  # detection runs against this server, not a remembered one
    _, out = await route(llm_settings, driver, COUNT)
    assert out.method == "json_schema"  # type: ignore[attr-defined]
    assert out.llm_calls == 1 and out.tokens > 0  # type: ignore[attr-defined]
    assert out.fallback == "" and out.llm_down == ""  # type: ignore[attr-defined]
    assert out.reason.startswith("LLM:")  # type: ignore[attr-defined]
    # The rules keep what they read reliably from the words: the language and the period.
    slots = out.slots  # type: ignore[attr-defined]
    assert slots.language == "en"
    assert (slots.date_from, slots.date_to) == ("2020-01-01", "2020-12-31")


async def test_the_router_keeps_only_mentions_that_are_in_the_question(
    llm_settings: Settings, driver: Driver
) -> None:
    _, out = await route(llm_settings, driver, BOARD)
    assert out.method == "json_schema" and out.fallback == ""  # type: ignore[attr-defined]
    spans = out.slots.spans  # type: ignore[attr-defined]
    folded = BOARD.lower()
    assert spans, "no mention kept"
    assert all(all(w.lower() in folded for w in s.split()) for s in spans)
    assert any("alpenblick" in s.lower() for s in spans)
