"""The LLM planner on the fixture graph: a scripted fake model, then ChatOpenAI via a fake server."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from graph_agent.checkpoint import open_checkpointer
from graph_agent.result import TurnResult
from graph_agent.service import AgentService
from shabgraph.errors import ConfigError
from shabgraph.settings import Settings
from tests.fakes.chat import ScriptedChatModel, text_reply, tool_reply
from tools.intents import INTENT_TOOLS

BOARD = "Who is on the board of Alpenblick Holding AG?"
ROUTE_BOARD = {
    "intent": "network_exploration",
    "task": "network",
    "language": "en",
    "mentions": ["Alpenblick Holding AG"],
    "aspect": "board",
    "reason": "board",
}


def echo_draft(messages: list[BaseMessage]) -> AIMessage:
    """A synthesis reply that restates the draft it was given (citations intact)."""
    system = str(messages[0].content)
    return text_reply("Here is what the register shows.\n" + system.split("Draft:\n", 1)[1])


def board_script() -> list[Any]:
    return [
        tool_reply("RouterOutput", ROUTE_BOARD),
        tool_reply("explore_network", {"entity_id": "CHE-100.000.012"}),
        echo_draft,
    ]


async def test_one_entity_question_takes_three_llm_calls(make_agent: Any) -> None:
    model = ScriptedChatModel(script=board_script())
    res = await (await make_agent(planner="llm", chat_model=model)).ask(BOARD, "l1")
    assert res.trace.error is None, res.answer
    assert res.trace.planner == "llm" and res.trace.llm_calls == 3 == len(model.calls)
    assert res.trace.tokens > 0
    assert "Sandra Frei" in res.answer and "HR02-1900000003" in res.answer
    assert [s.tool for s in res.trace.steps] == ["search_companies", "explore_network"]
    # router: the structured-output function only; act: only the routed tools
    assert model.formats == ["RouterOutput", None, None]  # json_schema first, detected
    assert res.trace.structured_method == "json_schema" and not res.trace.fell_back
    allowed = set(INTENT_TOOLS["network_exploration"])
    assert set(model.bound[0]) <= allowed and "get_top_entities" not in model.bound[0]
    assert res.trace.route and res.trace.route.reason.startswith("LLM:")


async def test_macro_question_binds_only_analytics_tools(make_agent: Any) -> None:
    model = ScriptedChatModel(
        script=[
            tool_reply(
                "RouterOutput",
                {
                    "intent": "macro_analytics",
                    "task": "count",
                    "event_type": "bankruptcy",
                    "language": "en",
                },
            ),
            tool_reply("count_entities_by_event", {"event_type": "bankruptcy"}),
            echo_draft,
        ]
    )
    res = await (await make_agent(planner="llm", chat_model=model)).ask(
        "How many companies went bankrupt?", "l2"
    )
    assert res.trace.llm_calls == 3 and res.trace.synthesis_form == "count"
    assert " 1 " in res.answer
    assert set(model.bound[0]) == set(INTENT_TOOLS["macro_analytics"])


async def test_malformed_native_call_is_refused_and_the_step_falls_back(make_agent: Any) -> None:
    bad = AIMessage(
        content="",
        invalid_tool_calls=[
            {
                "name": "explore_network",
                "args": "{entity_id: oops",
                "id": "c9",
                "error": "bad JSON",
                "type": "invalid_tool_call",
            }
        ],
    )
    model = ScriptedChatModel(script=[tool_reply("RouterOutput", ROUTE_BOARD), bad, echo_draft])
    res = await (await make_agent(planner="llm", chat_model=model)).ask(BOARD, "l3")
    assert res.trace.error is None and "Sandra Frei" in res.answer
    assert res.trace.call_checks == ["round 2: explore_network: malformed tool call (bad JSON)"]
    assert res.trace.fallbacks == [
        "act, round 2: fell back to the offline planner: "
        "explore_network: malformed tool call (bad JSON)"
    ]
    assert res.trace.fell_back and res.trace.llm_calls == 3
    offline = await (await make_agent(planner="offline")).ask(BOARD, "l3-offline")
    later = [(s.tool, s.args, s.fallback) for s in res.trace.steps[1:]]
    assert later == [(s.tool, s.args, True) for s in offline.trace.steps[1:]]
    assert later[0][1]["entity_id"] == "CHE-100.000.012"


async def test_tool_outside_the_route_is_refused(make_agent: Any) -> None:
    model = ScriptedChatModel(
        script=[
            tool_reply("RouterOutput", ROUTE_BOARD),
            tool_reply("get_top_entities", {"metric": "capital"}),
            tool_reply("explore_network", {"entity_id": "CHE-100.000.012"}),
            echo_draft,
        ]
    )
    res = await (await make_agent(planner="llm", chat_model=model)).ask(BOARD, "l4")
    refused = [s for s in res.trace.steps if s.tool == "get_top_entities"]
    assert refused and refused[0].outcome == "error" and "not allowed" in refused[0].message
    assert "Sandra Frei" in res.answer


async def test_a_timeout_falls_back_and_the_llm_is_not_asked_again_that_turn(
    make_agent: Any,
) -> None:
    slow = ScriptedChatModel(script=board_script(), delay_s=2.0)
    agent = await make_agent(planner="llm", chat_model=slow)
    agent.planner.timeout_s = 0.3
    res = await agent.ask(BOARD, "l5")
    assert res.trace.error is None and "Sandra Frei" in res.answer  # the offline answer
    down = "fell back to the offline planner: the LLM is unavailable (the LLM did not answer within 0.3 s)"
    rounds = len(res.trace.reflections)
    assert res.trace.fallbacks == [
        f"route: {down}",
        *(f"act, round {n}: {down}" for n in range(1, rounds + 1)),
    ]
    assert res.trace.llm_calls == 1 and len(slow.script) == 3  # one timeout, not one per step
    # from the timeout on, the turn is the offline planner's: the same calls, each marked so
    offline = await (await make_agent(planner="offline")).ask(BOARD, "l5-offline")
    assert [(s.tool, s.args) for s in res.trace.steps] == [
        (s.tool, s.args) for s in offline.trace.steps
    ]
    assert all(s.fallback for s in res.trace.steps) and res.answer == offline.answer
    assert "{" not in res.answer
    fine = ScriptedChatModel(script=board_script())
    agent.planner.model, agent.planner.timeout_s = fine, 10.0
    again = await agent.ask(BOARD, "l5")
    assert "Sandra Frei" in again.answer and not again.trace.fell_back
    assert len(await agent.traces("l5")) == 2


# ---------------------------------------------------------------- ChatOpenAI via a fake server
def _completion(message: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "fake",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 40, "completion_tokens": 10, "total_tokens": 50},
    }


def _tool_message(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": f"call_{name}",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(args)},
            }
        ],
    }


@pytest.fixture
def fake_openai() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """An OpenAI-compatible /v1/chat/completions on 127.0.0.1 answering from a script."""
    requests: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            requests.append(body)
            n = len(requests)
            if n == 1:  # the router asks for a JSON-schema response format: JSON content
                msg = {"role": "assistant", "content": json.dumps(ROUTE_BOARD)}
            elif n == 2:
                msg = _tool_message("explore_network", {"entity_id": "CHE-100.000.012"})
            else:
                draft = body["messages"][0]["content"].split("Draft:\n", 1)[1]
                msg = {"role": "assistant", "content": "Board:\n" + draft}
            if body.get("stream"):
                self._sse(msg["content"])
                return
            data = json.dumps(_completion(msg)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _sse(self, text: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            base = {
                "id": "chatcmpl-2",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": "fake",
            }
            for piece in [text[i : i + 40] for i in range(0, len(text), 40)]:
                chunk = {
                    **base,
                    "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}],
                }
                self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            usage = {
                **base,
                "choices": [],
                "usage": {"prompt_tokens": 40, "completion_tokens": 10, "total_tokens": 50},
            }
            self.wfile.write(f"data: {json.dumps(usage)}\n\ndata: [DONE]\n\n".encode())
            self.wfile.flush()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", requests
    finally:
        server.shutdown()
        server.server_close()


async def test_chatopenai_against_a_fake_openai_server(
    facts: FixtureFacts,
    driver: Driver,
    agent_settings: Settings,
    fake_openai: tuple[str, list[dict[str, Any]]],
) -> None:
    url, requests = fake_openai
    settings = agent_settings.model_copy(update={"llm_base_url": url, "llm_model": "fake-model"})
    async with open_checkpointer(settings) as saver:
        # no chat model passed: the service builds it with the one factory (shabgraph.llm)
        agent = AgentService(settings, driver, saver, planner="llm")
        res = await agent.ask(BOARD, "oa1")
    assert res.trace.error is None, res.answer
    assert len(requests) == 3 == res.trace.llm_calls and res.trace.tokens == 150
    fmt = requests[0]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "RouterOutput"
    assert "tools" not in requests[0] and res.trace.structured_method == "json_schema"
    act_tools = {t["function"]["name"] for t in requests[1]["tools"]}
    assert act_tools <= set(INTENT_TOOLS["network_exploration"])
    assert "tools" not in requests[2] and requests[2].get("stream") is True
    assert "Sandra Frei" in res.answer and re.search(r"HR02-1900000003", res.answer)
    assert res.answer.startswith("Board:")  # the LLM's phrasing was kept (citations intact)


async def test_answer_tokens_go_to_the_sink_not_the_progress_stream(make_agent: Any) -> None:
    model = ScriptedChatModel(script=board_script(), chunk_chars=5)
    tokens: list[str] = []

    async def sink(text: str) -> None:
        tokens.append(text)

    agent = await make_agent(planner="llm", chat_model=model)
    events = [e async for e in agent.astream(BOARD, "tok1", on_token=sink)]
    result = events[-1]
    assert isinstance(result, TurnResult) and result.trace.error is None, result
    assert len(tokens) > 10 and all(0 < len(t) <= 5 for t in tokens)
    assert "".join(tokens) == result.answer  # in order, nothing lost or repeated
    assert result.answer.startswith("Here is what the register shows.")
    progress = [e for e in events[:-1] if isinstance(e, dict)]
    assert len(progress) == len(events) - 1
    kinds = [e["type"] for e in progress]
    assert "token" not in kinds
    assert kinds[0] == "route" and kinds[-1] == "answer" and "tool" in kinds
    assert progress[-1]["text"] == result.answer
    # without a sink the progress events are the same and no token leaks into them
    quiet = await make_agent(planner="llm", chat_model=ScriptedChatModel(script=board_script()))
    again = [e async for e in quiet.astream(BOARD, "tok2")]
    assert [e["type"] for e in again[:-1] if isinstance(e, dict)] == kinds


async def test_streamed_text_that_fails_the_citation_check_is_replaced(make_agent: Any) -> None:
    invented = text_reply("The board is X [HR01-1999999999].")
    model = ScriptedChatModel(script=[*board_script()[:2], invented])
    tokens: list[str] = []

    async def sink(text: str) -> None:
        tokens.append(text)

    res = await (await make_agent(planner="llm", chat_model=model)).ask(
        BOARD, "tok3", on_token=sink
    )
    assert "".join(tokens) == "The board is X [HR01-1999999999]."
    assert "HR01-1999999999" not in res.answer and "Sandra Frei" in res.answer


async def test_llm_planner_without_an_endpoint_is_a_config_error(
    driver: Driver, agent_settings: Settings
) -> None:
    settings = agent_settings.model_copy(update={"llm_base_url": None})
    with pytest.raises(ConfigError, match="the LLM planner needs SHABGRAPH_LLM_BASE_URL"):
        AgentService(settings, driver, None, planner="llm")
