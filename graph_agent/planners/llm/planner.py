"""The LLM planner: structured routing, tool calling with only the routed tools, bounded synthesis.

Entity mentions from the router are linked deterministically (a `search_companies` round without
an LLM call), so a one-entity question costs three LLM calls: route, act, synthesise.

Weak models are expected: every decision the model makes is checked (`repair`), and a step whose
LLM output is unusable (no parseable call, invalid arguments, a timeout, a server error) is decided
by the offline planner instead, with the reason in the trace. After a timeout or a server error
the rest of the turn does not call the LLM again, so a dead server costs one timeout per turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from graph_agent.planners import calls as C
from graph_agent.planners.base import ActOut, Planner, RouteOut, SynthOut, TurnView
from graph_agent.planners.llm import acting as A
from graph_agent.planners.llm import budget as B
from graph_agent.planners.llm import phrasing as F
from graph_agent.planners.llm import prompts as P
from graph_agent.planners.llm.routing import RouterOutput, slots_of
from graph_agent.planners.offline.planner import OfflinePlanner, tried_mentions
from graph_agent.state import Slots
from graph_agent.toolbox import Toolbox
from shabgraph.errors import LLMError, LLMUnavailable, LLMUnsupported
from shabgraph.json_reply import text_of
from shabgraph.structured import Setting, StructuredCaller

POPULATION_TASKS = frozenset({"count", "top", "text", "list"})
"""Tasks over many entities; for any other task the mentions are linked before the LLM acts."""


def tokens_of(msg: BaseMessage) -> int:
    """Tokens an LLM reply reports (0 when the endpoint does not say)."""
    usage = getattr(msg, "usage_metadata", None) or {}
    return int(usage.get("total_tokens", 0))


def failure(error: LLMError, what: str) -> str:
    """Why a step fell back, from the failed call's typed error."""
    if isinstance(error, LLMUnavailable):
        return f"the LLM is unavailable ({error.message})"
    return f"{what} ({error.message})"


def down_reason(error: LLMError) -> str:
    """What to remember of a failed call: the reason when the endpoint failed, else nothing."""
    return error.message if isinstance(error, LLMUnavailable) else ""


class LLMPlanner:
    """Same interface as the offline planner; the model decides, the graph bounds it."""

    name: Literal["llm"] = "llm"

    def __init__(
        self,
        model: BaseChatModel,
        toolbox: Toolbox,
        timeout_s: float = 60.0,
        fallback: Planner | None = None,
        structured: Setting = "auto",
        phrasing: B.Phrasing = "always",
    ) -> None:
        self.structured = StructuredCaller(model, structured, timeout_s)
        """Asks for the router's object with the strongest method the endpoint offers."""
        self.toolbox = toolbox
        """The tools it may bind (their specs give the schemas)."""
        self.fallback: Planner = fallback or OfflinePlanner()
        """Decides a step whose LLM output is unusable (a weak model's), so the turn goes on."""
        self.phrasing: B.Phrasing = phrasing
        """When the last call rephrases the cited draft (`budget.should_phrase`)."""
        self.tools_refused = False
        """The endpoint refused tool calling: the act step describes the tools in its prompt."""

    @property
    def model(self) -> BaseChatModel:
        """The chat model (ChatOpenAI, or a scripted one in tests)."""
        return self.structured.model

    @model.setter
    def model(self, value: BaseChatModel) -> None:
        self.structured.model = value

    @property
    def timeout_s(self) -> float:
        """Seconds one LLM call may take."""
        return self.structured.timeout_s

    @timeout_s.setter
    def timeout_s(self, value: float) -> None:
        self.structured.timeout_s = value

    # ------------------------------------------------------------------------------ route
    async def route(self, view: TurnView, tool_names: list[str]) -> RouteOut:
        """One structured call (RouterOutput), validated by pydantic; else the offline route."""
        if view.llm_down:
            why = f"the LLM is unavailable ({view.llm_down})"
            return await self._offline_route(view, tool_names, why, 0, 0)
        table = "\n".join(f"- {k}: {', '.join(v)}" for k, v in self.toolbox.intent_tools.items())
        focus = ", ".join(f"{e.name} ({e.kind}, id {e.id})" for e in view.focus) or "none"
        msgs: list[BaseMessage] = [
            SystemMessage(P.render(P.ROUTER_SYSTEM, intent_table=table)),
            HumanMessage(P.render(P.ROUTER_USER, focus=focus, question=view.question)),
        ]
        got = await self.structured.ainvoke(RouterOutput, msgs, B.ROUTE_MAX_TOKENS)
        if got.value is None:
            error = got.error or LLMError("no router output")
            why = failure(error, "the router's output was unusable")
            off = await self._offline_route(view, tool_names, why, got.calls, got.tokens)
            return off.model_copy(update={"llm_down": down_reason(error), "method": got.method})
        out = got.value
        return RouteOut(
            intent=out.intent,
            task=out.task,
            reason=f"LLM: {out.reason}",
            slots=slots_of(out, view.question, view.slots.as_of),
            method=got.method,
            llm_calls=got.calls,
            tokens=got.tokens,
        )

    async def _offline_route(
        self, view: TurnView, tool_names: list[str], why: str, calls: int, tokens: int
    ) -> RouteOut:
        off = await self.fallback.route(view, tool_names)
        return off.model_copy(
            update={
                "reason": f"offline fallback: {off.reason}",
                "fallback": why,
                "llm_calls": calls,
                "tokens": tokens,
            }
        )

    # -------------------------------------------------------------------------------- act
    async def act(self, view: TurnView) -> ActOut:
        """Link mentions without the LLM, then one checked tool-calling LLM call per round."""
        slots = view.slots
        if view.llm_down:  # the whole rest of the turn is the offline planner's, linking included
            return await self._fall_back(view, f"the LLM is unavailable ({view.llm_down})")
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
        try:
            reply, asked = await self._ask_act(view, tools)
        except LLMError as exc:
            why = failure(exc, "the LLM call failed")
            return await self._fall_back(view, why, ActOut(llm_calls=1), exc)
        out = ActOut(llm_calls=asked, tokens=tokens_of(reply), note="LLM tool calls")
        outside, vetted = A.checked_calls(view, self.toolbox, tools, reply)
        out.calls = [*outside, *vetted.calls]
        out.checks = [
            *vetted.rejected,
            *(f"{t}: repeats an earlier call, not run again" for t in vetted.repeats),
            *vetted.replaced,
        ]
        if out.calls:
            return out
        if vetted.repeats and not vetted.rejected and has_evidence(view.steps):
            out.note = "the LLM repeated an earlier call: the evidence so far is answered"
            return out
        answered = has_content(view.steps) or (view.task == "lookup" and bool(view.entities))
        if answered and not vetted.rejected and not vetted.repeats:
            return out  # the model is done
        why = "; ".join(out.checks) or "the LLM chose no tool before any evidence"
        return await self._fall_back(view, why, out)

    async def _ask_act(self, view: TurnView, tools: list[str]) -> tuple[AIMessage, int]:
        """(the reply, requests sent): native tool calling, or the tools described in the prompt
        when the endpoint refuses tool calling (then remembered for this planner)."""
        msgs = A.act_messages(view, tools)
        capped = self.model.bind(max_tokens=B.ACT_MAX_TOKENS)
        in_text = A.tools_in_text(msgs, self.toolbox, tools)
        if not self.tools_refused and self.structured.method != "text":
            bound = self.model.bind_tools([A.tool_schema(self.toolbox, t) for t in tools])
            try:
                return await F.complete(
                    bound.bind(max_tokens=B.ACT_MAX_TOKENS), msgs, self.timeout_s
                ), 1
            except LLMUnsupported:
                self.tools_refused = True
            return await F.complete(capped, in_text, self.timeout_s), 2
        return await F.complete(capped, in_text, self.timeout_s), 1

    async def _fall_back(
        self,
        view: TurnView,
        why: str,
        llm: ActOut | None = None,
        error: LLMError | None = None,
    ) -> ActOut:
        """The offline rules choose this step; the trace keeps why and the LLM call's cost."""
        llm = llm or ActOut()
        fresh = view.model_copy(update={"slots": Slots(as_of=view.slots.as_of)})
        route = await self.fallback.route(fresh, list(self.toolbox.tools))
        reroute = None
        if (route.intent, route.task) != (view.intent, view.task):
            reroute = route
            view = view.model_copy(
                update={
                    "intent": route.intent,
                    "task": route.task,
                    "slots": route.slots,
                    "allowed": self.toolbox.allowed(route.intent),
                }
            )
        off = await self.fallback.act(view)
        return off.model_copy(
            update={
                "reroute": reroute,
                "calls": [c.model_copy(update={"fallback": True}) for c in off.calls],
                "note": f"offline fallback: {off.note}",
                "fallback": why,
                "llm_down": down_reason(error) if error else "",
                "checks": llm.checks,
                "llm_calls": off.llm_calls + llm.llm_calls,
                "tokens": off.tokens + llm.tokens,
            }
        )

    # ------------------------------------------------------------------------- synthesis
    async def synthesize(
        self, view: TurnView, form: str, draft: str, on_token: Callable[[str], None] | None = None
    ) -> SynthOut:
        """Phrase the draft; keep the draft when the LLM fails, drops or invents citations, does
        not answer first, or writes a tool call (`phrasing.usable`).

        Tokens go to `on_token` as they arrive; the final `answer` event is authoritative (it
        is the template when the streamed text failed the checks).
        """
        if view.llm_down:
            return SynthOut(
                answer=draft, note=f"template kept: the LLM is unavailable ({view.llm_down})"
            )
        if not B.should_phrase(self.phrasing, draft):
            return SynthOut(answer=draft, note=f"template kept: no phrasing ({self.phrasing})")
        model = self.model.bind(max_tokens=B.synth_max_tokens(draft))
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
                F.stream(model, msgs, on_token, self.timeout_s)
                if on_token
                else F.complete(model, msgs, self.timeout_s)
            )
        except LLMError as exc:
            return SynthOut(answer=draft, llm_calls=1, note=f"template kept: {exc.message}")
        text = text_of(reply)
        ok, why = F.usable(draft, text)
        if not ok:
            return SynthOut(
                answer=draft, llm_calls=1, tokens=tokens_of(reply), note=f"template kept: {why}"
            )
        return SynthOut(answer=text, llm_calls=1, tokens=tokens_of(reply))


def has_evidence(steps: list[dict[str, Any]]) -> bool:
    """True when any tool returned evidence in this turn."""
    return any(s["outcome"] == "evidence" for s in steps)


def has_content(steps: list[dict[str, Any]]) -> bool:
    """True when a tool other than the entity search returned evidence."""
    return any(s["outcome"] == "evidence" and s["tool"] != "search_companies" for s in steps)
