"""The LLM planner: structured routing, tool calling with only the routed tools, bounded synthesis.

Entity mentions from the router are linked deterministically (a `search_companies` round without
an LLM call), so a one-entity question costs three LLM calls: route, act, synthesise.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from graph_agent.planners import calls as C
from graph_agent.planners.base import ActOut, Planner, RouteOut, SynthOut, TurnView
from graph_agent.planners.llm import prompts as P
from graph_agent.planners.llm import repair as R
from graph_agent.planners.llm.routing import RouterOutput, router_output, slots_of
from graph_agent.planners.offline.planner import OfflinePlanner, tried_mentions
from graph_agent.state import ToolCall
from graph_agent.toolbox import Toolbox
from shabgraph.errors import LLMError

POPULATION_TASKS = frozenset({"count", "top", "text", "list"})
"""Tasks over many entities; for any other task the mentions are linked before the LLM acts."""
PUB_RE = re.compile(r"\b(?:HR0\d|ZEFIX)-[\w-]+")
"""A publication number as cited in an answer."""


def tokens_of(msg: BaseMessage) -> int:
    """Tokens an LLM reply reports (0 when the endpoint does not say)."""
    usage = getattr(msg, "usage_metadata", None) or {}
    return int(usage.get("total_tokens", 0))


class LLMPlanner:
    """Same interface as the offline planner; the model decides, the graph bounds it."""

    name: Literal["llm"] = "llm"

    def __init__(
        self,
        model: BaseChatModel,
        toolbox: Toolbox,
        timeout_s: float = 60.0,
        fallback: Planner | None = None,
    ) -> None:
        self.model = model
        """The chat model (ChatOpenAI, or a scripted one in tests)."""
        self.toolbox = toolbox
        """The tools it may bind (their specs give the schemas)."""
        self.timeout_s = timeout_s
        """Seconds one LLM call may take."""
        self.fallback: Planner = fallback or OfflinePlanner()
        """Decides a step whose LLM output is unusable (a weak model's), so the turn goes on."""

    async def _call(self, runnable: Any, messages: list[BaseMessage]) -> AIMessage:
        try:
            reply = await asyncio.wait_for(runnable.ainvoke(messages), self.timeout_s)
        except TimeoutError as exc:
            raise LLMError(
                f"the LLM did not answer within {self.timeout_s:g} s",
                hint="retry, or use the offline planner",
            ) from exc
        except Exception as exc:
            raise LLMError(
                f"the LLM call failed: {type(exc).__name__}: {exc}",
                hint="check SHABGRAPH_LLM_BASE_URL, or use the offline planner",
            ) from exc
        if not isinstance(reply, AIMessage):
            raise LLMError(f"the LLM returned {type(reply).__name__}, not a message")
        return reply

    async def route(self, view: TurnView, tool_names: list[str]) -> RouteOut:
        """One structured call (the RouterOutput function), validated by pydantic."""
        table = "\n".join(f"- {k}: {', '.join(v)}" for k, v in self.toolbox.intent_tools.items())
        focus = ", ".join(f"{e.name} ({e.kind}, id {e.id})" for e in view.focus) or "none"
        msgs: list[BaseMessage] = [
            SystemMessage(P.render(P.ROUTER_SYSTEM, intent_table=table, focus=focus)),
            HumanMessage(P.render(P.ROUTER_USER, question=view.question)),
        ]
        reply = await self._call(self.model.bind_tools([RouterOutput], tool_choice="any"), msgs)
        try:
            out = router_output(reply)
        except LLMError as exc:
            why = f"the LLM's routing was unusable ({exc})"
            off = await self.fallback.route(view, tool_names)
            return off.model_copy(
                update={
                    "reason": f"offline fallback: {off.reason}",
                    "fallback": why,
                    "llm_calls": 1,
                    "tokens": tokens_of(reply),
                }
            )
        return RouteOut(
            intent=out.intent,
            task=out.task,
            reason=f"LLM: {out.reason}",
            slots=slots_of(out, view.question, view.slots.as_of),
            llm_calls=1,
            tokens=tokens_of(reply),
        )

    async def act(self, view: TurnView) -> ActOut:
        """Link mentions without the LLM, then one tool-calling LLM call per round."""
        slots = view.slots
        if view.homonyms:
            return ActOut(note="homonyms: the user must choose")
        untried = [
            m
            for m in ([slots.uid] if slots.uid else []) + slots.spans
            if m.lower() not in tried_mentions(view.steps)
        ]
        if (
            view.task not in POPULATION_TASKS
            and untried
            and not view.entities
            and "search_companies" in view.allowed
        ):
            return ActOut(
                calls=[C.search_call(m, slots) for m in untried[:2]],
                complete=False,
                note="link the router's mentions",
            )
        if view.steps and view.steps[-1]["outcome"] == "evidence" and view.round >= 2:
            return ActOut(note="evidence gathered")
        tools = [t for t in view.allowed if t != "search_companies" or not view.entities]
        if not tools:
            return ActOut(note="no tool allowed")
        bound = self.model.bind_tools([self._schema(t) for t in tools])
        reply = await self._call(bound, self._act_messages(view, tools))
        out = ActOut(llm_calls=1, tokens=tokens_of(reply), note="LLM tool calls")
        if reply.invalid_tool_calls:
            bad = reply.invalid_tool_calls[0]
            out.calls = [
                ToolCall(
                    tool=str(bad.get("name") or "unknown"),
                    args={},
                    purpose=f"malformed tool call: {bad.get('error') or 'bad JSON'}",
                )
            ]
            return out
        outside, vetted = self._vet(view, tools, reply)
        out.calls = [*outside, *vetted.calls]
        dropped = [*(f"{t}: repeated" for t in vetted.repeats), *vetted.rejected]
        if dropped:
            out.note = f"LLM tool calls; dropped {'; '.join(dropped)}"
        answered = has_content(view.steps) or (view.task == "lookup" and bool(view.entities))
        if out.calls or (answered and not vetted.rejected):
            return out  # calls to run, or the model is done (or only repeated itself): stop
        return await self._fall_back(
            view, "; ".join(dropped) or "the LLM chose no tool before any evidence", out
        )

    def _vet(
        self, view: TurnView, tools: list[str], reply: AIMessage
    ) -> tuple[list[ToolCall], R.Vetted]:
        """(calls of real tools outside the route, the checked calls among the routed tools).

        The calls outside the route are passed on unchecked: the graph refuses them and records
        why, which the model reads next round. Calls written in the text count only when the
        reply has no native call.
        """
        native = [(c["name"], dict(c["args"]), c.get("id")) for c in reply.tool_calls]
        outside = [
            ToolCall(tool=n, args=a, call_id=i, purpose="chosen by the LLM")
            for n, a, i in native
            if n not in tools and n in self.toolbox.tools
        ]
        proposed = [c for c in native if c[0] not in {o.tool for o in outside}]
        if not native:
            text = reply.content if isinstance(reply.content, str) else str(reply.content)
            proposed = [(n, a, None) for n, a in R.calls_in_text(text)]
        seen = R.known_ids(
            [e.model_dump() for e in [*view.entities, *view.focus, *view.homonyms]], view.steps
        )
        vetted = R.vet(
            proposed,
            {t: self.toolbox.tools[t].args_model for t in tools},
            seen,
            view.steps,
            "chosen by the LLM" if native else "written as JSON in the LLM's text",
        )
        return outside, vetted

    async def _fall_back(self, view: TurnView, why: str, llm: ActOut) -> ActOut:
        """The offline rules choose this step; the trace keeps why and the LLM call's cost."""
        off = await self.fallback.act(view)
        return off.model_copy(
            update={
                "calls": [c.model_copy(update={"fallback": True}) for c in off.calls],
                "note": f"offline fallback: {off.note}",
                "fallback": f"the LLM's plan was unusable ({why})",
                "llm_calls": off.llm_calls + llm.llm_calls,
                "tokens": off.tokens + llm.tokens,
            }
        )

    def _schema(self, tool: str) -> dict[str, Any]:
        spec = self.toolbox.tools[tool]
        return {
            "type": "function",
            "function": {
                "name": tool,
                "description": spec.description[:1000],
                "parameters": self.toolbox.args_schema(tool),
            },
        }

    def _act_messages(self, view: TurnView, tools: list[str]) -> list[BaseMessage]:
        ents = view.entities or view.focus
        results = "; ".join(
            f"{s['tool']}({json.dumps(s['args'], ensure_ascii=False)}) -> "
            f"{s['outcome']}: {s.get('message', '')[:200]}"
            for s in view.steps
        )
        period = f"{view.slots.date_from or ''}..{view.slots.date_to or ''}"
        system = P.render(
            P.ACT_SYSTEM,
            tools=", ".join(tools),
            intent=view.intent,
            entities=", ".join(f"{e.name} ({e.kind}, id {e.id})" for e in ents) or "none",
            as_of=view.slots.as_of or "none",
            period=period,
            results=results or "none",
        )
        return [SystemMessage(system), HumanMessage(P.render(P.ACT_USER, question=view.question))]

    async def _stream(
        self, messages: list[BaseMessage], on_token: Callable[[str], None]
    ) -> AIMessage:
        async def collect() -> AIMessage:
            full: Any = None
            async for chunk in self.model.astream(messages):
                if isinstance(chunk.content, str) and chunk.content:
                    on_token(chunk.content)
                full = chunk if full is None else full + chunk
            return AIMessage(
                content=full.content if full is not None else "",
                usage_metadata=getattr(full, "usage_metadata", None),
            )

        try:
            return await asyncio.wait_for(collect(), self.timeout_s)
        except TimeoutError as exc:
            raise LLMError(f"the LLM did not answer within {self.timeout_s:g} s") from exc
        except Exception as exc:
            raise LLMError(f"the LLM call failed: {type(exc).__name__}: {exc}") from exc

    async def synthesize(
        self, view: TurnView, form: str, draft: str, on_token: Callable[[str], None] | None = None
    ) -> SynthOut:
        """Phrase the draft; fall back to it when the LLM fails or drops or invents citations.

        Tokens go to `on_token` as they arrive; the final `answer` event is authoritative (it
        is the template when the streamed text failed the citation check).
        """
        system = P.render(
            P.SYNTH_SYSTEM,
            language=view.slots.language,
            form=form,
            form_rule=P.FORM_RULES.get(form, ""),
            draft=draft,
        )
        msgs: list[BaseMessage] = [
            SystemMessage(system),
            HumanMessage(P.render(P.SYNTH_USER, question=view.question)),
        ]
        try:
            reply = await (
                self._stream(msgs, on_token) if on_token else self._call(self.model, msgs)
            )
        except LLMError as exc:
            return SynthOut(answer=draft, note=f"template kept: {exc}")
        text = reply.content if isinstance(reply.content, str) else str(reply.content)
        ok, why = citations_kept(draft, text)
        if R.calls_in_text(text):
            ok, why = False, "the LLM wrote a tool call instead of the answer"
        if not ok:
            return SynthOut(
                answer=draft, llm_calls=1, tokens=tokens_of(reply), note=f"template kept: {why}"
            )
        return SynthOut(answer=text, llm_calls=1, tokens=tokens_of(reply))


def citations_kept(draft: str, answer: str) -> tuple[bool, str]:
    """(ok, reason): the answer cites only notices of the draft, and cites some if the draft does."""
    cited, allowed = set(PUB_RE.findall(answer)), set(PUB_RE.findall(draft))
    if cited - allowed:
        return False, f"cites notices not in the evidence: {sorted(cited - allowed)[:3]}"
    if allowed and not cited:
        return False, "dropped every citation"
    return True, "citations kept"


def has_content(steps: list[dict[str, Any]]) -> bool:
    """True when a tool other than the entity search returned evidence."""
    return any(s["outcome"] == "evidence" and s["tool"] != "search_companies" for s in steps)
