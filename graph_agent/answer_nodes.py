"""The last two nodes of a turn: the cited answer, then the trace and memory left in the thread.

The answer's form is fixed by what the loop gathered (`reflection.choose_form`), never by the
planner; the planner only phrases the cited draft, and its tokens stream as `token` events.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from langgraph.runtime import Runtime

from graph_agent.answers.citations import date_map, pubs_of
from graph_agent.answers.synthesis import compose
from graph_agent.context import AgentContext
from graph_agent.events import TOKEN, emit
from graph_agent.nodes import guarded, view_of
from graph_agent.planners.offline import linking
from graph_agent.reflection import choose_form
from graph_agent.result import EntityRef, Reflection, RouteDecision, ToolStep, Trace
from graph_agent.state import AgentState
from graph_agent.toolbox import is_fatal
from shabgraph.errors import ShabgraphError
from tools.base import QueryTrace
from tools.dating import publication_dates

MEMORY_SIZE = 5
"""Entities kept in focus across turns."""


@guarded
async def synthesize(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
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
            if s["outcome"] == "error" and is_fatal(str(s["message"]))
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
            view, form, draft.text, lambda tok: emit(runtime, TOKEN, text=tok)
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
        ent = linking.entity_from_record(rec) if rec.get("kind") else _holder(rec)
        if ent and all(e.id != ent.id for e in out):
            out.append(ent)
        if len(out) >= limit:
            break
    return out


def _holder(rec: dict[str, Any]) -> EntityRef | None:
    """The holder a role record names ("who runs it?" answered with one person: "he" next)."""
    if rec.get("record_type") != "role" or not rec.get("other_id"):
        return None
    name = str(rec.get("other_name") or rec["other_id"])
    ident, uid = str(rec["other_id"]), rec.get("other_uid")
    if rec.get("other_kind") == "company":
        return EntityRef(id=ident, kind="company", name=name, uid=uid)
    return EntityRef(id=ident, kind="person", name=name, uid=uid)


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


async def finish(state: AgentState, runtime: Runtime[AgentContext]) -> AgentState:
    """Write the turn's trace into the thread and update the conversation memory."""
    route_d = state.get("route")
    used = {str(v) for s in state.get("steps") or [] for v in s.get("args", {}).values()}
    selected = (state.get("selected_entity") or {}).get("id")
    carried = [e for e in state.get("carried") or [] if e["id"] in used or e["id"] == selected]
    trace = Trace(
        question=state.get("question", ""),
        planner=runtime.context.planner.name,
        route=RouteDecision.model_validate(dict(route_d)) if route_d else None,
        carried_over=[EntityRef.model_validate(e) for e in carried],
        steps=[ToolStep.model_validate(s) for s in state.get("steps") or []],
        reflections=[Reflection.model_validate(r) for r in state.get("reflections") or []],
        synthesis_form=state.get("form") or "error",
        llm_calls=state.get("llm_calls", 0),
        tokens=state.get("tokens", 0),
        total_ms=(time.perf_counter() - state.get("started", time.perf_counter())) * 1000,
        error=state.get("error"),
        provenance_queries=[QueryTrace.model_validate(q) for q in state.get("provenance") or []],
        form_reason=state.get("form_reason") or "",
        fallbacks=state.get("fallbacks") or [],
        fell_back=bool(state.get("fallbacks")),
        call_checks=state.get("call_checks") or [],
        structured_method=state.get("structured_method"),
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
        "intent": route_d["intent"] if route_d else None,
        "form": state.get("form"),
        "aspect": slots.get("aspect"),
        "role": slots.get("role"),
        "language": slots.get("language"),
        "attribute": slots.get("attribute"),
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
