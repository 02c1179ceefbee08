"""Structured output asked for by the strongest method an endpoint accepts (shabgraph.structured),
with a scripted model and server: detection, its cache per endpoint, the typed errors, and the
one retry loop that the synchronous and the asynchronous call share."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Literal

import pytest
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel

from graph_agent.planners.llm import prompts as P
from shabgraph import json_reply as J
from shabgraph import prompts as SP
from shabgraph import structured as S
from shabgraph.errors import LLMUnavailable, LLMUnsupported, LLMUnusable
from tests.fakes.chat import (
    LengthFinishReasonError,
    Refused,
    ScriptedChatModel,
    ServerDown,
    text_reply,
    tool_reply,
)

pytestmark = pytest.mark.unit

Mode = Literal["sync", "async"]
MODES: tuple[Mode, ...] = ("sync", "async")


class Pick(BaseModel):
    """A small object to ask for."""

    colour: str
    """Required."""
    sizes: list[int] = []
    """Optional list."""


class EndpointModel(ScriptedChatModel):
    """The scripted model with a base URL, as ChatOpenAI has (the detection cache's key)."""

    openai_api_base: str = "http://127.0.0.1:9/v1"
    model_name: str = "tiny"


@pytest.fixture(autouse=True)
def fresh_detection() -> Iterator[None]:
    S.forget_detected()
    yield
    S.forget_detected()


async def test_json_schema_first_and_the_object_read_from_the_json_text() -> None:
    model = ScriptedChatModel(script=[{"colour": "red", "sizes": [1, 2]}])
    got = await S.StructuredCaller(model).ainvoke(Pick, [])
    assert got.value == Pick(colour="red", sizes=[1, 2]) and got.error is None
    assert (got.method, got.calls, model.formats) == ("json_schema", 1, ["Pick"])


async def test_a_refused_method_is_replaced_and_remembered_for_the_endpoint() -> None:
    model = EndpointModel(
        script=[Refused("response_format is not supported"), tool_reply("Pick", {"colour": "b"})]
    )
    first = await S.StructuredCaller(model).ainvoke(Pick, [])
    assert (first.value, first.method, first.calls) == (Pick(colour="b"), "tools", 2)
    assert model.bound == [["Pick"]]
    # another caller on the same endpoint (a new agent, the extractor) starts with tool calling
    model.script = [tool_reply("Pick", {"colour": "c"})]
    second = await S.StructuredCaller(model).ainvoke(Pick, [])
    assert (second.value, second.calls, model.formats[-1]) == (Pick(colour="c"), 1, None)
    S.forget_detected()
    assert S.StructuredCaller(model).method == "json_schema"


async def test_without_json_schema_and_tools_the_object_is_read_from_the_text() -> None:
    reply = text_reply('Sure!\n```json\n{"colour": "green", "sizes": [3, "x"], "why": 1}\n```')
    model = ScriptedChatModel(script=[Refused("no"), Refused("no tools"), reply])
    got = await S.StructuredCaller(model).ainvoke(Pick, [])
    assert got.value == Pick(colour="green", sizes=[3]) and got.method == "text"  # "x" dropped
    system = str(model.calls[-1][0].content)
    assert system.startswith("Reply with one JSON object") and '"colour"' in system


async def test_a_fixed_method_is_not_replaced_and_errors_are_typed() -> None:
    fixed = ScriptedChatModel(script=[Refused("response_format")])
    got = await S.StructuredCaller(fixed, "json_schema").ainvoke(Pick, [])
    assert isinstance(got.error, LLMUnsupported) and got.value is None and got.calls == 1
    down = await S.StructuredCaller(ScriptedChatModel(script=[ServerDown("refused")])).ainvoke(
        Pick, []
    )
    assert isinstance(down.error, LLMUnavailable) and down.method == "json_schema"
    prose = ScriptedChatModel(script=[text_reply("The colour is red.")])
    bad = await S.StructuredCaller(prose).ainvoke(Pick, [])
    assert isinstance(bad.error, LLMUnusable) and bad.error.message == "no Pick object in the reply"


async def test_a_slow_server_times_out_as_unavailable() -> None:
    slow = ScriptedChatModel(script=[{"colour": "red"}], delay_s=1.0)
    got = await S.StructuredCaller(slow, timeout_s=0.05).ainvoke(Pick, [])
    assert isinstance(got.error, LLMUnavailable)
    assert got.error.message == "the LLM did not answer within 0.05 s"


def test_the_synchronous_call_follows_the_same_ladder() -> None:
    model = ScriptedChatModel(script=[Refused("no"), tool_reply("Pick", {"colour": "x"})])
    got = S.StructuredCaller(model).invoke(Pick, [])
    assert (got.value, got.method, got.calls) == (Pick(colour="x"), "tools", 2)


class Status(Exception):
    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status_code = status


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (TimeoutError(), LLMUnavailable),
        (ConnectionRefusedError("refused"), LLMUnavailable),
        (Status(400, "response_format json_schema unsupported"), LLMUnsupported),
        (Status(422, "tools not supported"), LLMUnsupported),
        (Status(400, "the request exceeds the context size"), LLMUnavailable),
        (Status(503, "loading model"), LLMUnavailable),
        (ValueError("bad"), LLMUnusable),
    ],
)
def test_classify(exc: Exception, kind: type) -> None:
    assert type(S.classify(exc, 5.0, "x")) is kind


def test_a_wrapper_object_is_read_by_its_arguments_not_taken_as_empty() -> None:
    text = json.dumps({"name": "Pick", "arguments": {"colour": "blue"}})
    assert J.object_from_text(text, Pick) == (Pick(colour="blue"), "")
    assert J.object_from_text('{"colour": 3}', Pick) == (
        None,
        "the reply's JSON does not match Pick (1 error(s))",
    )


def test_shared_and_act_prompts_fill_every_placeholder() -> None:
    assert P.placeholders(SP.JSON_REPLY) == {"schema"}
    assert "{schema}" not in SP.JSON_REPLY.format(schema="{}")
    text = P.render(P.ACT_TEXT_TOOLS, tool_schemas="<specs>")
    assert "<specs>" in text and '{"name": "<tool>", "arguments": {...}}' in text
    with pytest.raises(KeyError):
        P.render(P.ACT_TEXT_TOOLS)


async def ask(
    mode: Mode,
    caller: S.StructuredCaller,
    messages: list[BaseMessage] | None = None,
    max_tokens: int | None = None,
) -> S.StructuredReply[Pick]:
    """One structured request through the driver `mode` names (`invoke` or `ainvoke`, which
    share one retry loop: every scenario below runs through both)."""
    if mode == "sync":
        return caller.invoke(Pick, messages or [], max_tokens)
    return await caller.ainvoke(Pick, messages or [], max_tokens)


@pytest.mark.parametrize("mode", MODES)
async def test_each_refused_method_is_replaced_until_one_answers(mode: Mode) -> None:
    reply = text_reply('{"colour": "teal"}')
    model = EndpointModel(script=[Refused("no response_format"), Refused("no tools"), reply])
    got = await ask(mode, S.StructuredCaller(model), [HumanMessage("pick")], max_tokens=40)
    assert (got.value, got.error, got.method, got.calls) == (Pick(colour="teal"), None, "text", 3)
    # every request, the retries too, carries the cap; only the first one the response format
    assert (model.formats, model.max_tokens, model.bound) == (
        ["Pick", None, None],
        [40, 40, 40],
        [["Pick"]],
    )
    # the text request gets the JSON rule as its system message, before the caller's messages
    assert isinstance(model.calls[-1][0], SystemMessage)
    assert model.calls[-1][1:] == [HumanMessage("pick")]
    assert S.StructuredCaller(model).method == "text"  # remembered for the endpoint


@pytest.mark.parametrize("mode", MODES)
async def test_the_weakest_method_refused_ends_with_unsupported(mode: Mode) -> None:
    model = ScriptedChatModel(script=[Refused("a"), Refused("b"), Refused("c")])
    got = await ask(mode, S.StructuredCaller(model))
    assert isinstance(got.error, LLMUnsupported)
    assert got.error.message == "the server refused a plain request (Refused: c)"
    assert (got.value, got.method, got.calls, got.raw) == (None, "text", 3, None)
    assert model.script == []


@pytest.mark.parametrize("mode", MODES)
async def test_a_fixed_method_is_asked_once_and_not_replaced(mode: Mode) -> None:
    model = EndpointModel(script=[Refused("no tools"), tool_reply("Pick", {"colour": "x"})])
    got = await ask(mode, S.StructuredCaller(model, "tools"))
    assert isinstance(got.error, LLMUnsupported)
    assert (got.method, got.calls, len(model.script)) == ("tools", 1, 1)
    assert S.StructuredCaller(model).method == "json_schema"  # nothing remembered


@pytest.mark.parametrize("mode", MODES)
async def test_a_dead_server_is_not_asked_by_a_weaker_method(mode: Mode) -> None:
    model = EndpointModel(script=[ServerDown("connection refused"), {"colour": "x"}])
    got = await ask(mode, S.StructuredCaller(model))
    assert isinstance(got.error, LLMUnavailable)
    assert (got.method, got.calls, len(model.script)) == ("json_schema", 1, 1)
    assert S.StructuredCaller(model).method == "json_schema"


@pytest.mark.parametrize("mode", MODES)
async def test_a_reply_cut_at_the_cap_is_kept_and_not_asked_again(mode: Mode) -> None:
    model = ScriptedChatModel(script=[LengthFinishReasonError("cut"), {"colour": "x"}])
    got = await ask(mode, S.StructuredCaller(model), max_tokens=8)
    assert isinstance(got.error, LLMUnusable)
    assert got.error.message == "the LLM call failed (LengthFinishReasonError: cut)"
    assert got.raw is not None and got.raw.response_metadata == {"finish_reason": "length"}
    assert (got.calls, len(model.script), model.max_tokens) == (1, 1, [8])


@pytest.mark.parametrize("mode", MODES)
async def test_an_unreadable_reply_is_unusable_and_keeps_the_reply(mode: Mode) -> None:
    prose = text_reply("It is red.", tokens=33)
    got = await ask(mode, S.StructuredCaller(ScriptedChatModel(script=[prose])))
    assert isinstance(got.error, LLMUnusable)
    assert got.error.message == "no Pick object in the reply"
    assert got.raw is not None and got.raw.content == "It is red."
    assert (got.value, got.calls, got.tokens) == (None, 1, 33)


async def test_both_drivers_send_the_same_requests_and_give_the_same_reply() -> None:
    def script() -> list[object]:
        return [Refused("no response_format"), tool_reply("Pick", {"colour": "plum"})]

    sync_model, async_model = ScriptedChatModel(script=script()), ScriptedChatModel(script=script())
    by_sync = await ask("sync", S.StructuredCaller(sync_model), [HumanMessage("q")], 20)
    by_async = await ask("async", S.StructuredCaller(async_model), [HumanMessage("q")], 20)
    same = ("value", "error", "method", "calls", "tokens")
    assert [getattr(by_sync, f) for f in same] == [getattr(by_async, f) for f in same]
    assert by_sync.raw is not None and by_async.raw is not None
    assert by_sync.raw.tool_calls == by_async.raw.tool_calls  # the run ids differ, nothing else
    assert (by_sync.value, by_sync.method, by_sync.calls) == (Pick(colour="plum"), "tools", 2)
    for field in ("calls", "formats", "max_tokens", "bound"):
        assert getattr(sync_model, field) == getattr(async_model, field), field
