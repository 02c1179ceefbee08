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

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field, ValidationError

from graph_agent.planners import calls as C
from graph_agent.planners.base import ActOut, RouteOut, SynthOut, TurnView
from graph_agent.planners.llm import prompts as P
from graph_agent.planners.offline.planner import tried_mentions
from graph_agent.planners.offline.slots import fill_slots
from graph_agent.state import Slots, ToolCall
from graph_agent.toolbox import Toolbox
from shabgraph.errors import ConfigError, LLMError
from shabgraph.settings import Settings

ENTITY_TASKS = frozenset({"network", "history", "lookup", "any"})
PUB_RE = re.compile(r"\b(?:HR0\d|ZEFIX)-[\w-]+")


class RouterOutput(BaseModel):
    """Classify a commercial-register question and extract its slots."""

    intent: Literal[
        "entity_disambiguation",
        "network_exploration",
        "event_history",
        "macro_analytics",
        "deep_text",
        "all",
    ]
    """The intent."""
    task: Literal["count", "top", "text", "history", "network", "lookup", "any"] = "any"
    """Finer task: count/top (macro), text (deep_text), history, network, lookup."""
    reason: str = ""
    """One sentence: why this intent."""
    language: Literal["de", "fr", "it", "en"] = "en"
    """Language of the question."""
    mentions: list[str] = Field(default_factory=list)
    """Company or person names and UIDs exactly as written in the question."""
    as_of: str | None = None
    """Reference date (ISO) when the question asks about one day."""
    date_from: str | None = None
    """Start of a period (ISO)."""
    date_to: str | None = None
    """End of a period (ISO)."""
    canton: str | None = None
    """Two-letter canton code."""
    metric: Literal["capital", "mandates", "events"] | None = None
    """Ranking metric."""
    event_type: str | None = None
    """Event type (registration, deletion, merger, bankruptcy, asset_transfer, ...)."""
    aspect: (
        Literal["board", "mandates", "branches", "head_office", "mergers", "transfers"] | None
    ) = None
    """Part of the neighbourhood asked for."""
    role: str | None = None
    """Role asked about (chair, board_member, auditor, managing_director, ...)."""
    past: bool = False
    """Asks about former holders or states."""
    follow_up: bool = False
    """Refers back to an entity of an earlier turn."""
    text: str | None = None
    """Words to search in notice texts (deep_text)."""
    limit: int = 10
    """Size of a ranking."""


def make_chat_model(settings: Settings) -> Any:
    """ChatOpenAI against the configured OpenAI-compatible endpoint (Chat Completions API)."""
    if not settings.llm_base_url:
        raise ConfigError(
            "the LLM planner needs SHABGRAPH_LLM_BASE_URL", hint="set it, or use --planner offline"
        )
    from langchain_openai import ChatOpenAI

    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else "not-needed"
    return ChatOpenAI(
        base_url=settings.llm_base_url,
        api_key=key,  # type: ignore[arg-type]
        model=settings.llm_model,
        temperature=0.0,
        timeout=settings.llm_timeout,
        max_retries=1,
        use_responses_api=False,
    )


def tokens_of(msg: BaseMessage) -> int:
    """Tokens an LLM reply reports (0 when the endpoint does not say)."""
    usage = getattr(msg, "usage_metadata", None) or {}
    return int(usage.get("total_tokens", 0))


class LLMPlanner:
    """Same interface as the offline planner; the model decides, the graph bounds it."""

    name: Literal["llm"] = "llm"

    def __init__(self, model: Any, toolbox: Toolbox, timeout_s: float = 60.0) -> None:
        self.model = model
        self.toolbox = toolbox
        self.timeout_s = timeout_s

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
        call = next((c for c in reply.tool_calls if c["name"] == "RouterOutput"), None)
        if call is None:
            raise LLMError("the router did not call RouterOutput (malformed structured output)")
        try:
            out = RouterOutput.model_validate(call["args"])
        except ValidationError as exc:
            raise LLMError(f"the router's output is invalid: {exc.error_count()} errors") from exc
        fallback = fill_slots(view.question, view.slots.as_of)
        slots = Slots(
            language=out.language,
            spans=out.mentions,
            uid=fallback.uid,
            as_of=view.slots.as_of or out.as_of,
            date_from=out.date_from,
            date_to=out.date_to,
            canton=out.canton,
            metric=out.metric,
            event_type=out.event_type,
            aspect=out.aspect,
            role=out.role,
            past=out.past,
            follow_up=out.follow_up,
            text=out.text,
            limit=out.limit,
        )
        return RouteOut(
            intent=out.intent,
            task=out.task,
            reason=f"LLM: {out.reason}",
            slots=slots,
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
            view.task in ENTITY_TASKS
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
        out.calls = [
            ToolCall(
                tool=c["name"],
                args=dict(c["args"]),
                call_id=c.get("id"),
                purpose="chosen by the LLM",
            )
            for c in reply.tool_calls
        ]
        return out

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
