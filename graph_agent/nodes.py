"""The nodes of the agent's loop: small async functions (state, runtime) -> partial state.

intake -> route -> (act -> tools -> reflect)*; the turn's last two nodes (synthesize, finish) are
in `answer_nodes`. Every node catches its own failures and records them in `error`, so a turn
always reaches the synthesis node and ends with a message and a trace; the thread stays usable.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from langgraph.runtime import Runtime

from graph_agent import placeholder
from graph_agent.context import AgentContext
from graph_agent.events import emit
from graph_agent.planners.base import RouteOut, TurnView
from graph_agent.planners.offline import linking
from graph_agent.reflection import reflect
from graph_agent.result import EntityRef, Reflection, RouteDecision, ToolStep
from graph_agent.state import AgentState, Slots, ToolCall
from shabgraph.errors import ShabgraphError

Node = Callable[[AgentState, Runtime[AgentContext]], Awaitable[AgentState]]
TOOL_EVENT = ("round", "tool", "args", "outcome", "rows", "ms", "message")
"""The fields of a step the `tool` event carries."""
FELL_BACK = "fell back to the offline planner"
"""The words of every trace entry of a step the offline rules decided instead of the LLM."""


def guarded(fn: Node) -> Node:
    """Turn an exception in a node into the turn's error (with an id for the log)."""

    @wraps(fn)
    async def wrapper(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
        try:
            return await fn(state, runtime)
        except ShabgraphError as exc:
            return {"error": f"[{exc.error_id}] {exc}"}
        except Exception as exc:
            err = ShabgraphError(f"{fn.__name__} failed: {type(exc).__name__}: {exc}")
            return {"error": f"[{err.error_id}] {err}"}

    return wrapper


def fell_back(step: str, why: str) -> list[str]:
    """The trace entry of a step the offline planner decided because the LLM's was unusable."""
    return [f"{step}: {FELL_BACK}: {why}"] if why else []


def view_of(state: AgentState) -> TurnView:
    """The typed view a planner reads."""
    route = state.get("route")
    return TurnView(
        question=state.get("question", ""),
        intent=route["intent"] if route else "all",
        task=route["task"] if route else "any",
        allowed=route["allowed_tools"] if route else [],
        slots=Slots.model_validate(state.get("slots") or {}),
        focus=[EntityRef.model_validate(e) for e in state.get("carried") or []],
        entities=[EntityRef.model_validate(e) for e in state.get("entities") or []],
        homonyms=[EntityRef.model_validate(e) for e in state.get("homonyms") or []],
        steps=state.get("steps") or [],
        round=state.get("round", 0),
        history=state.get("history") or [],
        llm_down=state.get("llm_down") or "",
    )


async def intake(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
    """Start a turn: reset the working area, carry over the selected entity and earlier focus."""
    carried = list(state.get("focus") or [])
    selected = state.get("selected_entity")
    if selected:
        carried = [selected, *[e for e in carried if e.get("id") != selected.get("id")]]
    return {
        "started": time.perf_counter(),
        "route": None,
        "slots": {},
        "carried": carried,
        "entities": [],
        "homonyms": [],
        "pending": [],
        "steps": [],
        "reflections": [],
        "round": 0,
        "complete": False,
        "form": None,
        "answer": "",
        "records": [],
        "citations": [],
        "error": None,
        "llm_calls": 0,
        "tokens": 0,
        "fallbacks": [],
        "llm_down": None,
        "call_checks": [],
        "structured_method": None,
        "last_trace": None,
        "provenance": [],
        "form_reason": "",
        "mentioned": [],
    }


@guarded
async def route(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
    """Classify the intent and restrict the tools."""
    ctx = runtime.context
    view = view_of(state)
    view.slots = Slots(as_of=state.get("as_of"))
    out = await ctx.planner.route(view, list(ctx.toolbox.tools))
    slots = out.slots
    if state.get("as_of"):
        slots = slots.model_copy(update={"as_of": state["as_of"]})
    allowed = ctx.toolbox.allowed(out.intent, no_router=ctx.switches.no_router)
    decision = RouteDecision(
        intent=out.intent,
        allowed_tools=allowed,
        reason=out.reason + (" [router off: all tools]" if ctx.switches.no_router else ""),
    )
    emit(runtime, "route", **decision.model_dump())
    return {
        "route": {
            "intent": decision.intent,
            "allowed_tools": decision.allowed_tools,
            "reason": decision.reason,
            "task": out.task,
        },
        "slots": slots.model_dump(),
        "fallbacks": [*(state.get("fallbacks") or []), *fell_back("route", out.fallback)],
        "llm_down": out.llm_down or state.get("llm_down"),
        "structured_method": out.method or None,
        "llm_calls": state.get("llm_calls", 0) + out.llm_calls,
        "tokens": state.get("tokens", 0) + out.tokens,
    }


@guarded
async def act(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
    """Let the planner choose this round's calls among the allowed tools."""
    ctx = runtime.context
    view = view_of(state)
    out = await ctx.planner.act(view)
    rerouted = _rerouted(state, out.reroute, ctx) if out.reroute else {}
    new_route = rerouted.get("route")
    allowed = set(new_route["allowed_tools"] if new_route else view.allowed)
    calls = [c for c in out.calls if c.tool in allowed]
    refused = [c.tool for c in out.calls if c.tool not in allowed]
    pending = [c.model_dump() for c in calls]
    result: AgentState = {
        "pending": pending,
        "complete": out.complete,
        "fallbacks": [
            *(state.get("fallbacks") or []),
            *fell_back(f"act, round {view.round + 1}", out.fallback),
        ],
        "llm_down": out.llm_down or state.get("llm_down"),
        "call_checks": [
            *(state.get("call_checks") or []),
            *(f"round {view.round + 1}: {c}" for c in out.checks),
        ],
        "llm_calls": state.get("llm_calls", 0) + out.llm_calls,
        "tokens": state.get("tokens", 0) + out.tokens,
    }
    if refused and not calls:
        result["steps"] = [*view.steps, *[_refused_step(view.round + 1, c) for c in out.calls]]
        result["round"] = view.round + 1
    return {**result, **rerouted}


def _rerouted(state: AgentState, off: RouteOut, ctx: AgentContext) -> AgentState:
    """The offline route a fallback step decided under, in place of the turn's route."""
    old = state.get("route")
    allowed = ctx.toolbox.allowed(off.intent, no_router=ctx.switches.no_router)
    slots = off.slots
    if state.get("as_of"):
        slots = slots.model_copy(update={"as_of": state["as_of"]})
    return {
        "route": {
            "intent": off.intent,
            "allowed_tools": allowed,
            "reason": f"{old['reason'] if old else ''}; re-routed by the offline planner: "
            f"{off.reason}",
            "task": off.task,
        },
        "slots": slots.model_dump(),
    }


def _refused_step(rnd: int, call: ToolCall) -> dict[str, Any]:
    return {
        **ToolStep(
            round=rnd,
            tool=call.tool,
            args=call.args,
            outcome="error",
            message=f"{call.tool} is not allowed for this intent",
            purpose=call.purpose,
            fallback=call.fallback,
        ).model_dump(),
        "call_id": call.call_id,
    }


@guarded
async def run_tools(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
    """Run the round's calls in order; link entities after a search; fill `$entity` placeholders."""
    ctx = runtime.context
    rnd = state.get("round", 0) + 1
    steps = list(state.get("steps") or [])
    entities = list(state.get("entities") or [])
    homonyms = list(state.get("homonyms") or [])
    slots = Slots.model_validate(state.get("slots") or {})
    skipped = False
    linked = placeholder.Linked()  # `$entity`: only what this plan's latest search linked
    for raw in state.get("pending") or []:
        call = ToolCall.model_validate(raw)
        if placeholder.uses_placeholder(call.args):
            filled = placeholder.fill(call.args, linked)
            if filled is None:
                skipped = True  # nobody, or namesakes only: nothing to explore, plan unfinished
                if linked.ties and linked.at is not None:
                    note = placeholder.skip_note(call, linked)
                    steps[linked.at]["message"] = f"{steps[linked.at]['message']} {note}".strip()
                continue
            call.args = filled
        res = await ctx.toolbox.run(call.tool, call.args)
        step = ToolStep(
            round=rnd,
            tool=call.tool,
            args=res.args or call.args,
            outcome=res.outcome,
            message=res.message,
            queries=res.queries,
            records=res.records,
            rows=len(res.records),
            ms=res.ms,
            purpose=call.purpose,
            fallback=call.fallback,
        ).model_dump(mode="json")
        step.update(call_id=call.call_id, citations=res.citations)
        if call.tool == "search_companies" and call.purpose.startswith("link"):
            linked = placeholder.Linked()  # until this search links someone
        if (
            call.tool == "search_companies"
            and call.purpose.startswith("link")
            and res.outcome == "evidence"
        ):
            mention = str(call.args.get("query", ""))
            ent, ties, why = linking.choose(mention, state.get("question", ""), res.records)
            step["linking"] = why
            if ent:
                entities = [ent.model_dump(), *[e for e in entities if e["id"] != ent.id]]
            homonyms = [e.model_dump() for e in ties]
            # a second name that links to namesakes only must not reuse the first name's entity
            linked = placeholder.Linked(ent.id if ent else None, list(ties), len(steps))
        steps.append(step)
        emit(runtime, "tool", **{k: step[k] for k in TOOL_EVENT})
    out: AgentState = {
        "steps": steps,
        "entities": entities,
        "homonyms": homonyms,
        "round": rnd,
        "pending": [],
        "slots": slots.model_dump(),
    }
    if skipped:
        out["complete"] = False
    return out


@guarded
async def reflect_node(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
    """Read the round's outcomes and decide: loop again or synthesise."""
    ctx = runtime.context
    rnd = state.get("round", 0)
    decision, reason = reflect(
        state.get("steps") or [], rnd, ctx.max_rounds, ctx.switches, bool(state.get("complete"))
    )
    slots = Slots.model_validate(state.get("slots") or {})
    if (
        state.get("homonyms")
        and linking.homonym_survey(slots.aspect, state["homonyms"], state.get("steps") or [])
        and rnd < ctx.max_rounds
        and not ctx.switches.no_reflection
    ):
        decision, reason = "continue", "several entities share the name: explore each of them"
    elif state.get("homonyms"):
        decision, reason = "finish", "several entities match: the user must choose"
    ref = Reflection(round=rnd, decision=decision, reason=reason)
    emit(runtime, "reflection", **ref.model_dump())
    return {"reflections": [*(state.get("reflections") or []), ref.model_dump()]}
