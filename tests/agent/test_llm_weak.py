"""Whole turns with a scripted weak model and server: each misbehaviour seen on a real 0.5B model
(or a server lacking a feature), with the exact calls run, trace entries and answer."""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from evals.curated import ask_all
from evals.metrics import planner_fell_back
from evals.records import ItemRecord
from evals.systems import AgentSystem
from tests.agent.test_llm import BOARD, ROUTE_BOARD, echo_draft
from tests.fakes.chat import Refused, ScriptedChatModel, ServerDown, text_reply, tool_reply

UID = "CHE-100.000.012"
FELL = "fell back to the offline planner"
ROUTE_HISTORY = {
    "intent": "event_history",
    "task": "history",
    "language": "en",
    "mentions": ["Alpenblick Holding AG"],
    "event_type": "bankruptcy",
}


def prose_until_synthesis(messages: list[BaseMessage]) -> AIMessage:
    """A model that never gives a call: prose for the router and the act step, then the draft."""
    if "Draft:\n" in str(messages[0].content):
        return echo_draft(messages)
    return text_reply("This question is about the board; let me think about it.")


def tools_run(res: Any) -> list[tuple[str, str | None, bool]]:
    """(tool, entity id or query, decided by the offline planner) of every step."""
    return [
        (s.tool, s.args.get("entity_id") or s.args.get("query"), s.fallback)
        for s in res.trace.steps
    ]


async def offline_calls(
    make_agent: Any, question: str = BOARD
) -> list[tuple[str, str | None, bool]]:
    """What the offline planner alone runs after linking, each as a fallback step would show it."""
    res = await (await make_agent(planner="offline")).ask(question, f"offline-{question}")
    return [(t, a, True) for t, a, _ in tools_run(res) if t != "search_companies"]


async def ask(make_agent: Any, script: list[Any], thread: str, question: str = BOARD) -> Any:
    model = ScriptedChatModel(script=script)
    res = await (await make_agent(planner="llm", chat_model=model)).ask(question, thread)
    assert res.trace.error is None, res.answer
    return res, model


async def test_prose_only_falls_back_at_each_step_and_the_trace_says_so(make_agent: Any) -> None:
    res, model = await ask(make_agent, [prose_until_synthesis] * 4, "w1")
    assert res.trace.fallbacks == [
        f"route: {FELL}: the router's output was unusable (no RouterOutput object in the reply)",
        f"act, round 2: {FELL}: the LLM chose no tool before any evidence",
    ]
    assert res.trace.fell_back and res.trace.route is not None
    assert res.trace.route.reason.startswith("offline fallback:")
    offline = await (await make_agent(planner="offline")).ask(BOARD, "w1-offline")
    # the linking round is the LLM planner's own rule; every later step is the offline planner's
    searches = [r for r in tools_run(res) if r[0] == "search_companies"]
    assert searches[0] == ("search_companies", "Alpenblick Holding AG", False)
    assert all(not fell for _, _, fell in searches)
    later = [r for r in tools_run(res) if r[0] != "search_companies"]
    assert later == [(t, a, True) for t, a, _ in tools_run(offline) if t != "search_companies"]
    assert later and later[0][1] == UID
    assert "Sandra Frei" in res.answer and "HR02-1900000003" in res.answer
    assert res.trace.llm_calls == len(model.calls) == 3  # route, act, synthesis


async def test_call_in_a_fence_with_extra_keys_and_a_slipped_uid_runs_repaired(
    make_agent: Any,
) -> None:
    written = text_reply(
        'I will call the tool.\n```json\n{"name": "explore_network", "arguments": '
        '{"entity_id": "CHE-100.000.013", "explain": true}, "confidence": 0.9}\n```'
    )
    res, _ = await ask(make_agent, [ROUTE_BOARD, written, echo_draft], "w2")
    assert tools_run(res)[1] == ("explore_network", UID, False)
    assert "explain" not in res.trace.steps[1].args
    assert res.trace.steps[1].purpose == "written as JSON in the LLM's text"
    assert res.trace.call_checks == [
        "round 2: explore_network: entity_id 'CHE-100.000.013' replaced by 'CHE-100.000.012'"
    ]
    assert not res.trace.fell_back and "Sandra Frei" in res.answer
    assert "```" not in res.answer and '"arguments"' not in res.answer


async def test_a_uid_nobody_mentioned_is_refused_and_the_offline_planner_steps_in(
    make_agent: Any,
) -> None:
    invented = tool_reply("explore_network", {"entity_id": "CHE-999.999.999"})
    res, _ = await ask(make_agent, [ROUTE_BOARD, invented, echo_draft], "w3")
    why = "explore_network: entity_id 'CHE-999.999.999' is not an entity of this turn"
    assert res.trace.call_checks == [f"round 2: {why}"]
    assert res.trace.fallbacks == [f"act, round 2: {FELL}: {why}"]
    assert tools_run(res)[1:] == await offline_calls(make_agent)
    assert all("999" not in str(s.args) for s in res.trace.steps)
    assert "Sandra Frei" in res.answer


async def test_invalid_arguments_are_refused_with_the_reason(make_agent: Any) -> None:
    bad = tool_reply("explore_network", {"entity_id": UID, "hops": 9})
    res, _ = await ask(make_agent, [ROUTE_BOARD, bad, echo_draft], "w4")
    why = "explore_network: 1 invalid argument(s) (hops: Input should be less than or equal to 3)"
    assert res.trace.call_checks == [f"round 2: {why}"]
    assert res.trace.fallbacks == [f"act, round 2: {FELL}: {why}"]
    assert tools_run(res)[1:] == await offline_calls(make_agent)
    assert all(s.args.get("hops") != 9 for s in res.trace.steps)


async def test_a_repeated_call_is_not_run_again_and_the_turn_goes_to_synthesis(
    make_agent: Any,
) -> None:
    call = {"entity_id": UID, "event_type": "bankruptcy"}
    script = [
        ROUTE_HISTORY,
        tool_reply("get_node_history", call),
        tool_reply("get_node_history", call),
    ]
    res, model = await ask(make_agent, script, "w5", "Did Alpenblick Holding AG go bankrupt?")
    history = [s for s in res.trace.steps if s.tool == "get_node_history"]
    assert len(history) == 1 and history[0].outcome == "empty"  # run once only
    assert res.trace.call_checks == [
        "round 3: get_node_history: repeats an earlier call, not run again"
    ]
    assert not res.trace.fell_back and res.trace.synthesis_form == "negative"
    assert len(model.calls) == 3 and not model.script  # route, act, act: no further call


async def test_json_schema_refused_then_tool_calling_detected_once(make_agent: Any) -> None:
    model = ScriptedChatModel(
        script=[
            Refused("response_format json_schema is not supported"),
            tool_reply("RouterOutput", ROUTE_BOARD),
            tool_reply("explore_network", {"entity_id": UID}),
            echo_draft,
        ]
    )
    agent = await make_agent(planner="llm", chat_model=model)
    res = await agent.ask(BOARD, "w6")
    assert res.trace.structured_method == "tools" and not res.trace.fell_back
    assert res.trace.llm_calls == 4 and model.formats[:2] == ["RouterOutput", None]
    model.script = [
        tool_reply("RouterOutput", ROUTE_BOARD),
        tool_reply("explore_network", {"entity_id": UID}),
        echo_draft,
    ]
    again = await agent.ask(BOARD, "w6b")
    assert again.trace.llm_calls == 3 and model.formats[4:] == [None, None, None]
    assert "Sandra Frei" in again.answer


async def test_a_server_without_json_schema_or_tools_is_read_from_text(make_agent: Any) -> None:
    route_text = text_reply("```json\n" + json.dumps({**ROUTE_BOARD, "confidence": 1}) + "\n```")
    act_text = text_reply(json.dumps({"name": "explore_network", "arguments": {"entity_id": UID}}))
    model = ScriptedChatModel(
        script=[Refused("no response_format"), Refused("tools"), route_text, act_text, echo_draft]
    )
    agent = await make_agent(planner="llm", chat_model=model)
    res = await agent.ask(BOARD, "w7")
    assert res.trace.structured_method == "text" and not res.trace.fell_back
    assert tools_run(res)[1] == ("explore_network", UID, False)
    act_prompt = str(model.calls[3][0].content)
    assert '"name": "explore_network"' in act_prompt and "reply with JSON only" in act_prompt
    assert "Sandra Frei" in res.answer and res.trace.llm_calls == 5


async def test_a_server_that_dies_mid_turn_leaves_an_offline_answer(make_agent: Any) -> None:
    script = [ROUTE_BOARD, ServerDown("Connection refused"), echo_draft]
    res, model = await ask(make_agent, script, "w8")
    assert res.trace.fallbacks == [
        f"act, round 2: {FELL}: the LLM is unavailable "
        "(the LLM server cannot be reached (ServerDown: Connection refused))"
    ]
    assert len(model.calls) == 2 == res.trace.llm_calls  # no synthesis call after the failure
    assert "Sandra Frei" in res.answer and "HR02-1900000003" in res.answer


async def test_tool_call_json_as_the_answer_is_never_shown(make_agent: Any) -> None:
    again = text_reply(json.dumps({"name": "explore_network", "arguments": {"entity_id": UID}}))
    res, _ = await ask(
        make_agent, [ROUTE_BOARD, tool_reply("explore_network", {"entity_id": UID}), again], "w9"
    )
    assert "Sandra Frei" in res.answer and "{" not in res.answer
    assert "explore_network" not in res.answer


async def test_done_as_the_answer_keeps_the_draft(make_agent: Any) -> None:
    res, _ = await ask(
        make_agent,
        [ROUTE_BOARD, tool_reply("explore_network", {"entity_id": UID}), text_reply("DONE")],
        "w10",
    )
    assert res.answer != "DONE" and "Sandra Frei" in res.answer


async def test_the_fallback_share_reaches_the_evaluation(make_agent: Any) -> None:
    script = [prose_until_synthesis] * 3 + [
        ROUTE_BOARD,
        tool_reply("explore_network", {"entity_id": UID}),
        echo_draft,
    ]
    agent = await make_agent(planner="llm", chat_model=ScriptedChatModel(script=script))
    rows = await ask_all(agent, [{"id": "q1", "question": BOARD}, {"id": "q2", "question": BOARD}])
    assert [(r["fell_back"], r["fell_back_turns"], r["llm_calls"], r["turns"]) for r in rows] == [
        (True, 1, 3, 1),
        (False, 0, 3, 1),
    ]
    agent.planner.model = ScriptedChatModel(script=[prose_until_synthesis] * 3)
    out = await AgentSystem("full", agent).answer(BOARD, "q3")
    record = ItemRecord(
        system="full",
        family="graph",
        suite="s",
        item_id="q3",
        question=BOARD,
        language="en",
        task_type="network",
        difficulty=1,
        output=out,
        correctness=1.0,
        evidence=1.0,
        token_recall=1.0,
    )
    assert planner_fell_back(record) is True
    offline = record.model_copy(
        update={"output": out.model_copy(update={"trace": {"planner": "offline"}})}
    )
    assert planner_fell_back(offline) is None


async def test_a_fallback_under_a_wrong_llm_route_takes_the_offline_route_too(
    make_agent: Any,
) -> None:
    """Seen on the real 0.5B model: a board question routed to macro_analytics, then a failed act
    step; the offline calls must not be refused by the LLM's route."""
    wrong = {"intent": "macro_analytics", "task": "count", "language": "en"}
    prose = text_reply("Let me count the companies.")
    res, _ = await ask(make_agent, [wrong, prose, echo_draft], "w12")
    offline = await (await make_agent(planner="offline")).ask(BOARD, "w12-offline")
    assert res.trace.route is not None and offline.trace.route is not None
    assert res.trace.route.intent == offline.trace.route.intent != "macro_analytics"
    assert "re-routed by the offline planner" in res.trace.route.reason
    assert [(s.tool, s.args) for s in res.trace.steps] == [
        (s.tool, s.args) for s in offline.trace.steps
    ]
    assert all(s.outcome != "error" for s in res.trace.steps)
    assert "Sandra Frei" in res.answer and res.trace.fallbacks == [
        f"act, round 1: {FELL}: the LLM chose no tool before any evidence"
    ]
