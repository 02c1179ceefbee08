"""Weak models' output, read without a server: JSON calls in text, repeats, altered ids, fallback."""

from __future__ import annotations

from typing import Any

import pytest

from graph_agent.planners.base import TurnView
from graph_agent.planners.llm import repair as R
from graph_agent.planners.llm.planner import LLMPlanner
from graph_agent.planners.llm.routing import router_output
from graph_agent.result import EntityRef
from graph_agent.toolbox import Toolbox
from shabgraph.errors import LLMError
from tests.fakes.chat import ScriptedChatModel, text_reply, tool_reply
from tools.base import ToolContext
from tools.intents import INTENT_TOOLS
from tools.network import ExploreNetworkArgs

pytestmark = pytest.mark.unit

UID = "CHE-100.000.012"
ALPENBLICK = EntityRef(id=UID, kind="company", name="Alpenblick Holding AG", uid=UID)
MODELS: dict[str, Any] = {"explore_network": ExploreNetworkArgs}


def test_calls_written_in_the_shapes_small_models_use() -> None:
    text = (
        "Sure! <tool_call>\n"
        '{"name": "explore_network", "arguments": {"entity_id": "A"}}\n</tool_call> and\n'
        '```json\n[{"tool": "get_node_history", "args": {"entity_id": "B"}}]\n```\n'
        '{"type": "function", "function": {"name": "x", "arguments": "{\\"q\\": 1}"}}'
        " and a broken one {name: oops}"
    )
    assert R.calls_in_text(text) == [
        ("explore_network", {"entity_id": "A"}),
        ("get_node_history", {"entity_id": "B"}),
        ("x", {"q": 1}),
    ]
    assert R.calls_in_text("The board is Sandra Frei [HR02-1900000003].") == []
    assert R.calls_in_text('{"intent": "all"}') == []  # an object without a tool name


def test_vet_drops_unknown_keys_rejects_bad_ids_and_repeats() -> None:
    earlier = [{"tool": "explore_network", "args": {"entity_id": UID, "hops": 1, "limit": 50}}]
    vetted = R.vet(
        [
            ("explore_network", {"entity_id": UID, "as_of": "2021-03-01", "verbose": True}, None),
            ("explore_network", {"entity_id": "CHE-100.000.013"}, None),  # a digit altered
            ("explore_network", {"entity_id": UID}, None),  # the earlier call, defaults omitted
            ("explore_network", {"hops": 9, "entity_id": UID}, None),
            ("get_top_entities", {}, None),
        ],
        MODELS,
        {UID},
        earlier,
        "why",
    )
    assert [(c.tool, c.args, c.purpose) for c in vetted.calls] == [
        ("explore_network", {"entity_id": UID, "as_of": "2021-03-01"}, "why")
    ]
    assert vetted.repeats == ["explore_network"]
    assert vetted.rejected == [
        "explore_network: entity_id 'CHE-100.000.013' is not an entity of this turn",
        "explore_network: 1 invalid argument(s)",
        "get_top_entities: no such tool here",
    ]


def test_known_ids_include_every_id_a_tool_returned() -> None:
    steps = [{"records": [{"id": "p:1"}, {"name": "no id"}]}, {"records": []}]
    assert R.known_ids([{"id": UID}], steps) == {UID, "p:1"}


def test_router_output_from_the_text_drops_unknown_keys() -> None:
    reply = text_reply(
        'Here: {"intent": "network_exploration", "task": "network", "confidence": 0.9, '
        '"mentions": ["Alpenblick Holding AG"]}'
    )
    out = router_output(reply)
    assert out.intent == "network_exploration" and out.mentions == ["Alpenblick Holding AG"]
    with pytest.raises(LLMError, match="did not call RouterOutput"):
        router_output(text_reply("It is about a board."))
    with pytest.raises(LLMError, match="invalid"):
        router_output(tool_reply("RouterOutput", {"intent": "board"}))


# ---------------------------------------------------------------- the planner's act step
def planner(script: list[Any]) -> tuple[LLMPlanner, ScriptedChatModel]:
    model = ScriptedChatModel(script=script)
    toolbox = Toolbox(ToolContext(driver=None))  # type: ignore[arg-type]  # nothing runs here
    return LLMPlanner(model, toolbox), model


def linked_view(steps: list[dict[str, Any]] | None = None, rnd: int = 1) -> TurnView:
    search = {
        "round": 1,
        "tool": "search_companies",
        "args": {"query": "Alpenblick Holding AG"},
        "outcome": "evidence",
        "records": [{"id": UID, "kind": "company", "name": "Alpenblick Holding AG"}],
    }
    return TurnView(
        question="Who is on the board of Alpenblick Holding AG?",
        intent="network_exploration",
        task="network",
        allowed=list(INTENT_TOOLS["network_exploration"]),
        entities=[ALPENBLICK],
        steps=[search, *(steps or [])],
        round=rnd,
    )


async def test_act_accepts_a_call_written_as_json_in_the_text() -> None:
    llm, model = planner(
        [
            text_reply(
                '```json\n{"name": "explore_network", "arguments": '
                f'{{"entity_id": "{UID}", "reasoning": "board"}}}}\n```'
            )
        ]
    )
    out = await llm.act(linked_view())
    assert [(c.tool, c.args) for c in out.calls] == [("explore_network", {"entity_id": UID})]
    assert out.calls[0].purpose == "written as JSON in the LLM's text"
    assert out.fallback == "" and out.llm_calls == 1 and len(model.calls) == 1


async def test_act_stops_a_model_that_repeats_its_call() -> None:
    done = {
        "round": 2,
        "tool": "explore_network",
        "args": {"entity_id": UID, "hops": 1, "limit": 50, "as_of": None},
        "outcome": "evidence",
        "records": [{"kind": "role", "name": "Sandra Frei"}],
    }
    llm, _ = planner([tool_reply("explore_network", {"entity_id": UID})])
    out = await llm.act(linked_view([done], rnd=1))
    assert out.calls == [] and out.fallback == ""
    assert "explore_network: repeated" in out.note


async def test_an_unusable_plan_falls_back_to_the_offline_planner() -> None:
    llm, _ = planner([text_reply("You should look at the board of that company.")])
    out = await llm.act(linked_view())
    assert out.fallback.startswith("the LLM's plan was unusable")
    assert out.calls and all(c.fallback for c in out.calls)
    assert any(c.args.get("entity_id") == UID for c in out.calls)  # it explores the linked one
    assert out.llm_calls == 1  # the failed LLM call is still counted


async def test_an_altered_entity_id_is_not_run_and_the_offline_planner_steps_in() -> None:
    llm, _ = planner([tool_reply("explore_network", {"entity_id": "CHE-100.000.013"})])
    out = await llm.act(linked_view())
    assert "'CHE-100.000.013' is not an entity of this turn" in out.fallback
    assert out.calls and {c.args.get("entity_id") for c in out.calls} == {UID}


async def test_synthesis_that_is_a_tool_call_keeps_the_draft() -> None:
    draft = "Board: Sandra Frei [HR02-1900000003]"
    reply = (
        f'{{"name": "explore_network", "arguments": {{"entity_id": "{UID}"}}}} [HR02-1900000003]'
    )
    llm, _ = planner([text_reply(reply)])
    out = await llm.synthesize(linked_view(), "table", draft, None)
    assert out.answer == draft and "tool call" in out.note
