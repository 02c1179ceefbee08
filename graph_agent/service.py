"""`AgentService`: the one object the CLI, the UI and the evaluation use to talk to the agent.

A turn streams two things apart: step progress (route, tool, reflection, answer events) as the
items of `astream`, and the answer's text as it is written, to an `on_token` callback, so a UI can
show the steps in one place and grow the answer message in another.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from datetime import date
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from neo4j import Driver

from graph_agent.context import AgentContext
from graph_agent.events import TOKEN
from graph_agent.graph import build_graph
from graph_agent.planners.base import Planner
from graph_agent.planners.llm.planner import LLMPlanner
from graph_agent.planners.offline.planner import OfflinePlanner
from graph_agent.result import Citation, EntityRef, PlannerName, Trace, TurnResult
from graph_agent.state import AblationSwitches
from graph_agent.toolbox import Toolbox
from shabgraph.errors import AgentError, InputError, ShabgraphError
from shabgraph.llm import chat_model as llm_chat_model
from shabgraph.settings import Settings
from tools.base import ToolContext
from tools.intents import Intent
from tools.registry import ToolSpec

MAX_QUESTION_CHARS = 2000
"""Longer questions are refused (a pasted document is not a question)."""

LLM_HINT = "set it, or use --planner offline"
"""What to do when the LLM planner is chosen without an endpoint."""

TokenSink = Callable[[str], Awaitable[None]]
"""Receives the answer's text piece by piece, in order, while the LLM writes it."""


class AgentService:
    """Answers questions on threads; each turn's trace is stored with its thread."""

    def __init__(
        self,
        settings: Settings,
        driver: Driver,
        checkpointer: BaseCheckpointSaver[Any] | None,
        planner: PlannerName = "offline",
        switches: AblationSwitches | None = None,
        max_rounds: int | None = None,
        chat_model: BaseChatModel | None = None,
        *,
        tools: Mapping[str, ToolSpec] | None = None,
        intent_tools: Mapping[Intent, tuple[str, ...]] | None = None,
    ) -> None:
        self.settings = settings
        self.switches = switches or AblationSwitches()
        self.max_rounds = settings.max_reflection_rounds if max_rounds is None else max_rounds
        ctx = ToolContext(
            driver=driver,
            database=settings.neo4j_database,
            structured_only=self.switches.structured_only,
        )
        self.toolbox = Toolbox(ctx, tools, intent_tools)
        self.planner_name = planner
        self.planner: Planner
        if planner == "llm":
            self.planner = LLMPlanner(
                chat_model or llm_chat_model(settings, purpose="the LLM planner", hint=LLM_HINT),
                self.toolbox,
                timeout_s=settings.llm_timeout,
                structured=settings.llm_structured,
                phrasing=settings.llm_phrasing,
            )
        else:
            self.planner = OfflinePlanner()
        self.graph = build_graph(checkpointer)

    def _context(self) -> AgentContext:
        return AgentContext(
            planner=self.planner,
            toolbox=self.toolbox,
            switches=self.switches,
            max_rounds=max(1, self.max_rounds),
        )

    @staticmethod
    def _input(
        question: str, selected_entity: EntityRef | None, as_of: date | None
    ) -> dict[str, Any]:
        q = (question or "").strip()
        if not q:
            raise InputError(
                "the question is empty", hint="ask something, e.g. 'Who is on the board of ...?'"
            )
        if len(q) > MAX_QUESTION_CHARS:
            raise InputError(
                f"the question has {len(q)} characters (at most {MAX_QUESTION_CHARS})",
                hint="ask a shorter question",
            )
        return {
            "question": q,
            "as_of": as_of.isoformat() if as_of else None,
            "selected_entity": selected_entity.model_dump() if selected_entity else None,
        }

    @staticmethod
    def _config(thread_id: str) -> RunnableConfig:
        if not thread_id:
            raise InputError("a thread id is needed", hint="pass --thread or a UI thread id")
        return {"configurable": {"thread_id": thread_id}, "recursion_limit": 60}

    async def ask(
        self,
        question: str,
        thread_id: str,
        *,
        selected_entity: EntityRef | None = None,
        as_of: date | None = None,
        on_token: TokenSink | None = None,
    ) -> TurnResult:
        """Answer one question on a thread (answer text to `on_token` as it is written)."""
        result: TurnResult | None = None
        async for event in self.astream(
            question, thread_id, selected_entity=selected_entity, as_of=as_of, on_token=on_token
        ):
            if isinstance(event, TurnResult):
                result = event
        if result is None:  # astream always ends with a TurnResult; this guards refactors
            raise AgentError("the turn ended without a result")
        return result

    async def astream(
        self,
        question: str,
        thread_id: str,
        *,
        selected_entity: EntityRef | None = None,
        as_of: date | None = None,
        on_token: TokenSink | None = None,
    ) -> AsyncIterator[dict[str, Any] | TurnResult]:
        """Progress events (route, tool, reflection, answer) as dicts, then the TurnResult.

        Answer tokens never appear among the events: they go to `on_token`, awaited in order
        before the next event is yielded (without a sink they are dropped). The `answer` event
        and the TurnResult carry the final text, which is authoritative: it equals the tokens
        joined, unless the streamed text failed the citation check and the cited draft replaced
        it (then the UI replaces what it showed).
        """
        inp = self._input(question, selected_entity, as_of)
        config = self._config(thread_id)
        start = time.perf_counter()
        final: dict[str, Any] | None = None
        try:
            stream: Any = self.graph.astream(
                inp,
                config,
                context=self._context(),
                stream_mode=["custom", "values"],
                durability="exit",
            )
            async for mode, chunk in stream:
                if mode != "custom":
                    final = chunk
                elif chunk.get("type") != TOKEN:
                    yield chunk
                elif on_token is not None:
                    await on_token(chunk["text"])
        except ShabgraphError:
            raise
        except Exception as exc:
            err = AgentError(
                f"the turn failed: {type(exc).__name__}: {exc}",
                hint="the thread is kept; ask again",
            )
            yield self._failed(question, thread_id, err, start)
            return
        yield self._result(final or {}, question, thread_id, start)

    def _result(
        self, state: dict[str, Any], question: str, thread_id: str, start: float
    ) -> TurnResult:
        trace_d = state.get("last_trace")
        trace = (
            Trace.model_validate(trace_d)
            if trace_d
            else Trace(
                question=question,
                planner=self.planner_name,
                error=state.get("error"),
                total_ms=(time.perf_counter() - start) * 1000,
            )
        )
        answer = state.get("answer") or f"The question could not be answered: {state.get('error')}"
        return TurnResult(
            thread_id=thread_id,
            answer=answer,
            trace=trace,
            records=state.get("records") or [],
            citations=[Citation.model_validate(c) for c in state.get("citations") or []],
            entities=[EntityRef.model_validate(e) for e in state.get("entities") or []],
        )

    def _failed(
        self, question: str, thread_id: str, err: ShabgraphError, start: float
    ) -> TurnResult:
        trace = Trace(
            question=question,
            planner=self.planner_name,
            error=f"[{err.error_id}] {err}",
            total_ms=(time.perf_counter() - start) * 1000,
        )
        return TurnResult(thread_id=thread_id, answer=f"{err} [{err.error_id}]", trace=trace)

    async def traces(self, thread_id: str) -> list[Trace]:
        """Every stored turn trace of a thread, oldest first."""
        snap = await self.graph.aget_state(self._config(thread_id))
        return [Trace.model_validate(t) for t in (snap.values or {}).get("traces", [])]
