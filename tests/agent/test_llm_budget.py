"""What a turn's LLM calls cost: reply caps per call type, prompts whose long part is a constant
prefix (a prompt-caching server reads it once), compact tool schemas, and the phrasing policy."""

from __future__ import annotations

import json
from typing import Any

from neo4j import Driver

from graph_agent.checkpoint import open_checkpointer
from graph_agent.planners.llm import acting as A
from graph_agent.planners.llm import budget as B
from graph_agent.service import AgentService
from graph_agent.toolbox import Toolbox
from shabgraph.settings import Settings
from tests.agent.test_llm import BOARD, ROUTE_BOARD, board_script, echo_draft
from tests.fakes.chat import ScriptedChatModel, tool_reply

UID = "CHE-100.000.012"


async def test_every_call_type_is_capped(make_agent: Any) -> None:
    model = ScriptedChatModel(script=board_script())
    res = await (await make_agent(planner="llm", chat_model=model)).ask(BOARD, "b1")
    assert res.trace.llm_calls == 3 and "Sandra Frei" in res.answer
    route_cap, act_cap, synth_cap = model.max_tokens
    assert (route_cap, act_cap) == (B.ROUTE_MAX_TOKENS, B.ACT_MAX_TOKENS) == (256, 320)
    draft = str(model.calls[2][0].content).split("Draft:\n", 1)[1]
    assert synth_cap == B.synth_max_tokens(draft)
    assert B.SYNTH_MIN_TOKENS <= synth_cap <= B.SYNTH_MAX_TOKENS


def test_the_phrasing_cap_follows_the_draft_within_bounds() -> None:
    assert B.synth_max_tokens("x" * 30) == B.SYNTH_MIN_TOKENS == 192
    assert B.synth_max_tokens("x" * 900) == 400  # 900 chars / 3 per token, a third more
    assert B.synth_max_tokens("x" * 100_000) == B.SYNTH_MAX_TOKENS == 1536


def test_a_draft_is_complete_when_it_cites_a_notice() -> None:
    cited = "Connections of **X AG**\n\n| Sandra Frei | board | [HR02-1900000003, 2024-03-05] |"
    uncited = "The register shows **3** companies with that name."
    assert B.draft_complete(cited) and not B.draft_complete(uncited)
    assert [B.should_phrase(p, cited) for p in ("always", "auto", "never")] == [
        True,
        False,
        False,
    ]
    assert [B.should_phrase(p, uncited) for p in ("always", "auto", "never")] == [
        True,
        True,
        False,
    ]


async def test_auto_phrasing_keeps_a_complete_draft_and_saves_the_call(
    driver: Driver, facts: Any, agent_settings: Settings
) -> None:
    model = ScriptedChatModel(script=board_script()[:2])  # no synthesis reply scripted
    settings = agent_settings.model_copy(update={"llm_phrasing": "auto"})
    async with open_checkpointer(settings) as saver:
        agent = AgentService(settings, driver, saver, planner="llm", chat_model=model)
        assert agent.planner.phrasing == "auto"  # type: ignore[attr-defined]
        res = await agent.ask(BOARD, "b2")
    assert res.trace.error is None, res.answer
    assert res.trace.llm_calls == 2 == len(model.calls) and not model.script
    assert "Sandra Frei" in res.answer and "HR02-1900000003" in res.answer
    assert not res.trace.fell_back


async def test_never_phrasing_answers_with_the_draft_always_would_phrase(
    make_agent: Any,
) -> None:
    model = ScriptedChatModel(script=board_script()[:2])
    agent = await make_agent(planner="llm", chat_model=model)
    agent.planner.phrasing = "never"
    res = await agent.ask(BOARD, "b3")
    phrased = await (
        await make_agent(planner="llm", chat_model=ScriptedChatModel(script=board_script()))
    ).ask(BOARD, "b3-always")
    assert res.trace.llm_calls == 2 and phrased.trace.llm_calls == 3
    assert phrased.answer == "Here is what the register shows.\n" + res.answer


async def test_the_long_prompt_parts_are_identical_from_turn_to_turn(make_agent: Any) -> None:
    """Router and act system texts do not change with the question, the focus or the results."""
    other = "Who is on the board of Bergkristall Software GmbH?"
    model = ScriptedChatModel(
        script=[
            *board_script(),
            {**ROUTE_BOARD, "mentions": ["Bergkristall Software GmbH"]},
            tool_reply("explore_network", {"entity_id": "CHE-100.000.041"}),
            echo_draft,
        ]
    )
    agent = await make_agent(planner="llm", chat_model=model)
    await agent.ask(BOARD, "b4")
    await agent.ask(other, "b4")  # same thread: the second router sees a focus entity
    route1, act1, _, route2, act2, _ = model.calls
    assert route1[0].content == route2[0].content and act1[0].content == act2[0].content
    assert "Alpenblick" not in str(route1[0].content) + str(act1[0].content)
    assert "Alpenblick Holding AG" in str(route2[1].content)  # the focus, in the user message
    assert BOARD in str(act1[1].content) and UID in str(act1[1].content)
    assert model.bound[0] == model.bound[1]  # same intent, same tools: the same prefix


def test_tool_schemas_are_compact_and_still_describe_every_argument() -> None:
    toolbox = Toolbox(None)  # type: ignore[arg-type]  (no tool is run)
    for name, spec in toolbox.tools.items():
        full = toolbox.args_schema(name)
        short = A.tool_schema(toolbox, name)["function"]
        text = json.dumps(short)
        assert '"title"' not in text and '"default": null' not in text
        assert set(short["parameters"]["properties"]) == set(full["properties"])
        assert len(short["description"]) <= A.DESCRIPTION_CHARS
        assert short["description"] and spec.description.startswith(short["description"][:40])
    as_of = A.tool_schema(toolbox, "explore_network")["function"]["parameters"]["properties"]
    assert as_of["as_of"]["type"] == "string" and "anyOf" not in as_of["as_of"]


def test_first_sentences_keeps_abbreviations_and_cuts_at_a_sentence() -> None:
    text = "Hops: 2 = also the neighbours (e.g. the other board members). 3 is slow on big graphs."
    assert (
        A.first_sentences(text, 70)
        == "Hops: 2 = also the neighbours (e.g. the other board members)."
    )
    assert A.first_sentences(text, 500) == text
    assert A.first_sentences("one long sentence without a stop", 8) == "one long"
