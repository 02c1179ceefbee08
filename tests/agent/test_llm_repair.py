"""Weak models' output, read without a server: JSON calls in text, repeats, altered ids, fallback."""

from __future__ import annotations

from typing import Any

import pytest

from graph_agent.planners.base import TurnView
from graph_agent.planners.llm import repair as R
from graph_agent.planners.llm.phrasing import usable
from graph_agent.planners.llm.planner import LLMPlanner
from graph_agent.planners.llm.routing import RouterOutput, slots_of
from graph_agent.result import EntityRef
from graph_agent.toolbox import Toolbox
from shabgraph.json_reply import read_reply
from tests.fakes.chat import ScriptedChatModel, ServerDown, text_reply, tool_reply
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


def known(*ids: str) -> R.Known:
    return R.known_ids([{"id": i} for i in ids], [])


def test_vet_drops_unknown_keys_repairs_a_slip_rejects_strangers_and_repeats() -> None:
    earlier = [{"tool": "explore_network", "args": {"entity_id": UID, "hops": 1, "limit": 50}}]
    vetted = R.vet(
        [
            ("explore_network", {"entity_id": UID, "as_of": "2021-03-01", "verbose": True}, None),
            ("explore_network", {"entity_id": "CHE-100.000.021", "as_of": "2020-01-01"}, None),
            ("explore_network", {"entity_id": "CHE-555.000.013"}, None),
            ("explore_network", {"entity_id": UID}, None),  # the earlier call, defaults omitted
            ("explore_network", {"hops": 9, "entity_id": UID}, None),
            ("get_top_entities", {}, None),
        ],
        MODELS,
        known(UID),
        earlier,
        "why",
    )
    assert [(c.tool, c.args, c.purpose) for c in vetted.calls] == [
        ("explore_network", {"entity_id": UID, "as_of": "2021-03-01"}, "why"),
        ("explore_network", {"entity_id": UID, "as_of": "2020-01-01"}, "why"),  # swapped digits
    ]
    assert vetted.replaced == [
        "explore_network: entity_id 'CHE-100.000.021' replaced by 'CHE-100.000.012'"
    ]
    assert vetted.repeats == ["explore_network"]
    assert vetted.rejected == [
        "explore_network: entity_id 'CHE-555.000.013' is not an entity of this turn",
        "explore_network: 1 invalid argument(s) (hops: Input should be less than or equal to 3)",
        "get_top_entities: no such tool here",
    ]


def test_a_slip_close_to_two_seen_uids_is_refused_not_guessed() -> None:
    seen = known("CHE-100.000.012", "CHE-100.000.032")
    assert R.resolve_id("CHE-100.000.022", seen) == (None, False)
    assert R.resolve_id("che 100 000 012", seen) == ("CHE-100.000.012", True)  # spelling only
    assert R.resolve_id("CHE-100.000.012", seen) == ("CHE-100.000.012", False)


def test_a_uid_maps_to_its_entity_and_person_ids_slip_by_one_character() -> None:
    seen = R.known_ids([{"id": "co:ab12", "uid": "CHE-200.000.017"}, {"id": "p:k7f3q9"}], [])
    assert R.resolve_id("CHE-200.000.017", seen) == ("co:ab12", True)
    assert R.resolve_id("p:k7f3q8", seen) == ("p:k7f3q9", True)
    assert R.resolve_id("p:zzzzzz", seen) == (None, False)


def test_an_entity_name_where_its_id_belongs_is_replaced_unless_two_share_it() -> None:
    steps = [
        {
            "records": [
                {"id": UID, "name": "Alpenblick Holding AG"},
                {"id": "p:1", "name": "Anna Muster"},
                {"id": "p:2", "name": "Anna Muster"},
            ]
        }
    ]
    seen = R.known_ids([], steps)
    assert R.resolve_id("alpenblick holding ag", seen) == (UID, True)
    assert R.resolve_id("Anna Muster", seen) == (None, False)


def test_uids_in_free_text_arguments_are_checked_against_the_question() -> None:
    seen = R.known_ids([], [], "Who runs CHE-300.000.019?")
    args, replaced, refusal = R.check_ids("search_companies", {"query": "CHE-300.000.077"}, seen)
    assert refusal == "search_companies: UID CHE-300.000.077 in query was never mentioned"
    args, replaced, refusal = R.check_ids("search_companies", {"query": "CHE-300.000.018"}, seen)
    assert refusal is None and args == {"query": "CHE-300.000.019"}
    assert replaced == [
        "search_companies: UID 'CHE-300.000.018' in query replaced by 'CHE-300.000.019'"
    ]


def test_known_ids_include_every_id_and_uid_a_tool_returned() -> None:
    steps = [{"records": [{"id": "p:1"}, {"name": "no id"}, {"id": "c9", "uid": "CHE-1"}]}]
    seen = R.known_ids([{"id": UID}], steps)
    assert seen.ids == {UID, "p:1", "c9"} and seen.uids == {UID: UID}


def test_router_output_from_the_text_drops_unknown_keys_and_wrong_optional_values() -> None:
    reply = text_reply(
        'Here: ```json\n{"intent": "network_exploration", "task": "network", "confidence": 0.9, '
        '"aspect": "officers", "mentions": ["Alpenblick Holding AG"]}\n```'
    )
    out, why = read_reply(reply, RouterOutput)
    assert out is not None and why == ""
    assert out.intent == "network_exploration" and out.mentions == ["Alpenblick Holding AG"]
    assert out.aspect is None  # "officers" is no aspect: dropped, not fatal
    assert read_reply(text_reply("It is about a board."), RouterOutput) == (
        None,
        "no RouterOutput object in the reply",
    )
    assert read_reply(tool_reply("RouterOutput", {"intent": "board"}), RouterOutput) == (
        None,
        "the tool call does not match RouterOutput (1 error(s))",
    )


def test_router_slots_keep_the_rules_dates_and_drop_invented_mentions() -> None:
    question = "Who was on the board of Alpenblick Holding AG on 1 March 2021?"
    out = RouterOutput(
        intent="network_exploration",
        mentions=["Alpenblick Holding AG", "Beta Invest AG"],
        as_of="2012-03-01",
        aspect="board",
    )
    slots = slots_of(out, question, None)
    assert slots.spans == ["Alpenblick Holding AG"] and slots.aspect == "board"
    assert slots.as_of == "2021-03-01"  # the rules read the date; the model's is not taken
    invented = RouterOutput(intent="network_exploration", mentions=["Beta Invest AG"])
    assert "Beta Invest AG" not in slots_of(invented, question, None).spans
    # a small model copies the question into `text`: only a text search keeps its own words
    copied = RouterOutput(intent="entity_disambiguation", text=question)
    assert slots_of(copied, question, None).text == slots_of(out, question, None).text != question
    words = RouterOutput(intent="deep_text", text="Holzbau")
    assert slots_of(words, "Which notices mention Holzbau?", None).text == "Holzbau"


def test_router_slots_carry_the_several_companies_threshold() -> None:
    question = "Who sits on more than one board?"
    out = RouterOutput(intent="macro_analytics", task="top", metric="mandates", at_least=2)
    slots = slots_of(out, question, None)
    assert (slots.metric, slots.at_least) == ("mandates", 2)
    assert slots_of(RouterOutput(intent="macro_analytics"), question, None).at_least is None


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
    assert out.checks == ["explore_network: repeats an earlier call, not run again"]


async def test_an_unusable_plan_falls_back_to_the_offline_planner() -> None:
    llm, _ = planner([text_reply("You should look at the board of that company.")])
    out = await llm.act(linked_view())
    assert out.fallback == "the LLM chose no tool before any evidence"
    assert out.calls and all(c.fallback for c in out.calls)
    assert any(c.args.get("entity_id") == UID for c in out.calls)  # it explores the linked one
    assert out.llm_calls == 1  # the failed LLM call is still counted


async def test_a_slipped_entity_id_is_replaced_by_the_linked_one() -> None:
    llm, _ = planner([tool_reply("explore_network", {"entity_id": "CHE-100.000.013"})])
    out = await llm.act(linked_view())
    assert [(c.tool, c.args) for c in out.calls] == [("explore_network", {"entity_id": UID})]
    assert (
        out.checks == [f"explore_network: entity_id 'CHE-100.000.013' replaced by '{UID}'"]
        and out.fallback == ""
    )


async def test_an_llm_error_in_act_falls_back_without_a_second_call() -> None:
    llm, model = planner([ServerDown("Connection refused")])
    out = await llm.act(linked_view())
    assert out.llm_down.startswith("the LLM server cannot be reached") and len(model.calls) == 1
    assert out.calls and all(c.fallback for c in out.calls)
    down = linked_view().model_copy(update={"llm_down": out.llm_down})
    again = await llm.act(down)
    assert again.fallback.startswith("the LLM is unavailable") and len(model.calls) == 1
    kept = await llm.synthesize(down, "table", "Board [HR02-1900000003]", None)
    assert kept.answer == "Board [HR02-1900000003]" and kept.llm_calls == 0


async def test_synthesis_that_is_a_tool_call_keeps_the_draft() -> None:
    draft = "Board: Sandra Frei [HR02-1900000003]"
    reply = (
        f'{{"name": "explore_network", "arguments": {{"entity_id": "{UID}"}}}} [HR02-1900000003]'
    )
    llm, _ = planner([text_reply(reply)])
    out = await llm.synthesize(linked_view(), "table", draft, None)
    assert out.answer == draft and out.note == (
        "template kept: the LLM wrote a tool call instead of the answer"
    )


DRAFT = (
    "**Sandra Frei** chairs the board [HR02-1900000003, 2021-03-01].\n\n"
    "| name | role | source |\n|---|---|---|\n| Sandra Frei | chair | HR02-1900000003 |\n\n"
    "Records used: 1"
)


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        (DRAFT.replace("chairs the board", "is the chair"), (True, "citations kept")),
        ("DONE", (False, "the LLM wrote no answer")),
        ('{"answer": "Sandra Frei"}', (False, "the LLM wrote JSON instead of the answer")),
        (
            "The board:\n\n| Sandra Frei | HR02-1900000003 |",
            (False, "the answer does not start with the draft's answer (HR02-1900000003)"),
        ),
        (
            "Sandra Frei [HR01-1999999999]",
            (False, "cites notices not in the evidence: ['HR01-1999999999']"),
        ),
        ("Sandra Frei chairs the board.", (False, "dropped every citation")),
        (
            DRAFT.replace("2021-03-01", "2012-03-01"),
            (False, "the answer has numbers that are not in the draft: ['2012']"),
        ),
        (
            DRAFT.replace("**Sandra Frei** chairs", "Someone chairs"),
            (False, "the answer does not start with the draft's answer (Sandra Frei)"),
        ),
    ],
)
def test_the_llm_text_replaces_the_draft_only_when_it_answers_first(
    answer: str, verdict: tuple[bool, str]
) -> None:
    assert usable(DRAFT, answer) == verdict
