"""Structured output asked for by the strongest method an endpoint accepts (shabgraph.structured),
with a scripted model and server: detection, its cache per endpoint, the typed errors."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from pydantic import BaseModel

from graph_agent.planners.llm import prompts as P
from shabgraph import json_reply as J
from shabgraph import prompts as SP
from shabgraph import structured as S
from shabgraph.errors import LLMUnavailable, LLMUnsupported, LLMUnusable
from tests.fakes.chat import Refused, ScriptedChatModel, ServerDown, text_reply, tool_reply

pytestmark = pytest.mark.unit


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
