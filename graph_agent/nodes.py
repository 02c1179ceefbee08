"""The nodes of the agent graph: small async functions (state, runtime) -> partial state.

Every node catches its own failures and records them in `error`, so a turn always reaches the
synthesis node and ends with a message and a trace; the thread stays usable.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from langgraph.runtime import Runtime

from graph_agent.answers.citations import date_map, pubs_of
from graph_agent.answers.synthesis import compose
from graph_agent.planners.base import TurnView
from graph_agent.planners.calls import ENTITY
from graph_agent.planners.offline import linking
from graph_agent.provenance import publication_dates
from graph_agent.reflection import choose_form, reflect
from graph_agent.result import EntityRef, Reflection, RouteDecision, ToolStep, Trace
from graph_agent.state import AgentContext, AgentState, Slots, ToolCall
from shabgraph.errors import ShabgraphError
from tools.base import QueryTrace

Node = Callable[[AgentState, Runtime[AgentContext]], Awaitable[dict[str, Any]]]
MEMORY_SIZE = 5
"""Entities kept in focus across turns."""


def guarded(fn: Node) -> Node:
    """Turn an exception in a node into the turn's error (with an id for the log)."""

    @wraps(fn)
    async def wrapper(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
        try:
            return await fn(state, runtime)
        except ShabgraphError as exc:
            return {"error": f"[{exc.error_id}] {exc}"}
        except Exception as exc:
            err = ShabgraphError(f"{fn.__name__} failed: {type(exc).__name__}: {exc}")
            return {"error": f"[{err.error_id}] {err}"}

    return wrapper


def view_of(state: AgentState) -> TurnView:
    """The typed view a planner reads."""
    route = state.get("route") or {}
    return TurnView(
        question=state.get("question", ""),
        intent=route.get("intent", "all"),
        task=route.get("task", "any"),
        allowed=route.get("allowed_tools", []),
        slots=Slots.model_validate(state.get("slots") or {}),
        focus=[EntityRef.model_validate(e) for e in state.get("carried") or []],
        entities=[EntityRef.model_validate(e) for e in state.get("entities") or []],
        homonyms=[EntityRef.model_validate(e) for e in state.get("homonyms") or []],
        steps=state.get("steps") or [],
        round=state.get("round", 0),
        history=state.get("history") or [],
    )


def emit(runtime: Runtime[AgentContext], kind: str, **data: Any) -> None:
    """A progress event for live UIs (`stream_mode="custom"`)."""
    runtime.stream_writer({"type": kind, **data})


async def intake(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
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
        "last_trace": None,
        "provenance": [],
        "form_reason": "",
        "mentioned": [],
    }


@guarded
async def route(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
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
        "route": {**decision.model_dump(), "task": out.task},
        "slots": slots.model_dump(),
        "llm_calls": state.get("llm_calls", 0) + out.llm_calls,
        "tokens": state.get("tokens", 0) + out.tokens,
    }


@guarded
async def act(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Let the planner choose this round's calls among the allowed tools."""
    view = view_of(state)
    out = await runtime.context.planner.act(view)
    allowed = set(view.allowed)
    calls = [c for c in out.calls if c.tool in allowed]
    refused = [c.tool for c in out.calls if c.tool not in allowed]
    pending = [c.model_dump() for c in calls]
    result: dict[str, Any] = {
        "pending": pending,
        "complete": out.complete,
        "llm_calls": state.get("llm_calls", 0) + out.llm_calls,
        "tokens": state.get("tokens", 0) + out.tokens,
    }
    if refused and not calls:
        result["steps"] = [*view.steps, *[_refused_step(view.round + 1, c) for c in out.calls]]
        result["round"] = view.round + 1
    return result


def _refused_step(rnd: int, call: ToolCall) -> dict[str, Any]:
    return {
        **ToolStep(
            round=rnd,
            tool=call.tool,
            args=call.args,
            outcome="error",
            message=f"{call.tool} is not allowed for this intent",
        ).model_dump(),
        "call_id": call.call_id,
    }


@guarded
async def run_tools(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Run the round's calls in order; link entities after a search; fill `$entity` placeholders."""
    ctx = runtime.context
    rnd = state.get("round", 0) + 1
    steps = list(state.get("steps") or [])
    entities = list(state.get("entities") or [])
    homonyms = list(state.get("homonyms") or [])
    slots = Slots.model_validate(state.get("slots") or {})
    skipped = False
    for raw in state.get("pending") or []:
        call = ToolCall.model_validate(raw)
        if ENTITY in call.args.values():
            if not entities:
                skipped = True  # the search linked nobody: nothing to explore, plan unfinished
                continue
            call.args = {k: (entities[0]["id"] if v == ENTITY else v) for k, v in call.args.items()}
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
        ).model_dump(mode="json")
        step.update(call_id=call.call_id, purpose=call.purpose, citations=res.citations)
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
        steps.append(step)
        emit(
            runtime,
            "tool",
            round=rnd,
            tool=call.tool,
            args=step["args"],
            outcome=step["outcome"],
            rows=step["rows"],
            ms=step["ms"],
            message=step["message"],
        )
    out = {
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
async def reflect_node(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
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
    ref = Reflection(round=rnd, decision=decision, reason=reason)  # type: ignore[arg-type]
    emit(runtime, "reflection", **ref.model_dump())
    return {"reflections": [*(state.get("reflections") or []), ref.model_dump()]}


@guarded
async def synthesize(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Fix the form from what was gathered, draft a cited answer, let the planner phrase it."""
    ctx = runtime.context
    view = view_of(state)
    error = state.get("error")
    form, why = choose_form(
        view.task, view.slots.aspect, view.steps, bool(view.entities), bool(view.homonyms), error
    )
    fatal = next(
        (
            s["message"]
            for s in view.steps
            if s["outcome"] == "error" and str(s["message"]).startswith("Neo4j is unreachable")
        ),
        None,
    )
    if form == "error" and not (error or fatal):
        fatal = next(
            (
                f"{s['tool']}: {s['message']}"
                for s in reversed(view.steps)
                if s["outcome"] == "error"
            ),
            None,
        )
    dates, prov = (
        await _cited_dates(ctx, view.steps) if form not in ("error", "negative") else ({}, [])
    )
    draft = compose(view, form, error or fatal, ctx.switches.structured_only, dates)
    if draft.negative:
        form, why = "negative", "the rows found do not answer the question"
    out = (
        await ctx.planner.synthesize(
            view, form, draft.text, lambda tok: emit(runtime, "token", text=tok)
        )
        if form not in ("error", "negative")
        else None
    )
    answer = out.answer if out else draft.text
    emit(runtime, "answer", form=form, text=answer)
    mentioned = [e.model_dump() for e in _answer_entities(draft.records)]
    return {
        "form": form,
        "answer": answer,
        "records": draft.records,
        "mentioned": mentioned,
        "citations": [c.model_dump() for c in draft.citations],
        "llm_calls": state.get("llm_calls", 0) + (out.llm_calls if out else 0),
        "tokens": state.get("tokens", 0) + (out.tokens if out else 0),
        "error": error or fatal,
        "provenance": prov,
        "form_reason": why,
    }


def _answer_entities(records: list[dict[str, Any]], limit: int = 3) -> list[EntityRef]:
    """Entities an answer lists (the board it shows, ...), so follow-ups can refer to them."""
    out: list[EntityRef] = []
    for rec in records:
        ent = linking.entity_from_record(rec) if rec.get("kind") else None
        if ent and all(e.id != ent.id for e in out):
            out.append(ent)
        if len(out) >= limit:
            break
    return out


async def _cited_dates(
    ctx: AgentContext, steps: list[dict[str, Any]]
) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """Dates of the notices behind the evidence that the records themselves do not date."""
    records = [r for s in steps if s["outcome"] == "evidence" for r in s.get("records", [])]
    known = date_map(records)
    missing = [p for r in records for p in pubs_of(r) if p not in known]
    if not missing:
        return {}, []
    try:
        dates, trace = await asyncio.to_thread(publication_dates, ctx.toolbox.ctx, missing)
    except ShabgraphError:
        return {}, []  # citations keep their numbers; the dates are a courtesy
    return dates, [trace.model_dump(mode="json")] if trace else []


async def finish(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Write the turn's trace into the thread and update the conversation memory."""
    route_d = state.get("route")
    used = {str(v) for s in state.get("steps") or [] for v in s.get("args", {}).values()}
    selected = (state.get("selected_entity") or {}).get("id")
    carried = [e for e in state.get("carried") or [] if e["id"] in used or e["id"] == selected]
    trace = Trace(
        question=state.get("question", ""),
        planner=runtime.context.planner.name,
        route=RouteDecision.model_validate(route_d) if route_d else None,
        carried_over=[EntityRef.model_validate(e) for e in carried],
        steps=[ToolStep.model_validate(s) for s in state.get("steps") or []],
        reflections=[Reflection.model_validate(r) for r in state.get("reflections") or []],
        synthesis_form=state.get("form") or "error",  # type: ignore[arg-type]
        llm_calls=state.get("llm_calls", 0),
        tokens=state.get("tokens", 0),
        total_ms=(time.perf_counter() - state.get("started", time.perf_counter())) * 1000,
        error=state.get("error"),
        provenance_queries=[QueryTrace.model_validate(q) for q in state.get("provenance") or []],
        form_reason=state.get("form_reason") or "",
    ).model_dump(mode="json")
    # The entity the turn was about stays ahead of the ones its answer merely listed, so that
    # "when was it registered?" after "who works there?" still means the company.
    explored = [e for e in state.get("carried") or [] if e["id"] in used]
    new = [*(state.get("entities") or []), *explored, *(state.get("mentioned") or [])]
    focus: list[dict[str, Any]] = []
    for e in [*new, *(state.get("carried") or [])]:
        if e["id"] not in {f["id"] for f in focus}:
            focus.append(e)
    slots = state.get("slots") or {}
    entry = {
        "question": state.get("question", ""),
        "intent": (route_d or {}).get("intent"),
        "form": state.get("form"),
        "aspect": slots.get("aspect"),
        "role": slots.get("role"),
        "subjects": sorted(
            {
                str(s["args"]["entity_id"])
                for s in state.get("steps") or []
                if s["args"].get("entity_id")
            }
        ),
    }
    return {
        "traces": [trace],
        "last_trace": trace,
        "focus": focus[:MEMORY_SIZE],
        "history": [*(state.get("history") or []), entry][-20:],
    }
