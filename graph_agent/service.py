"""`AgentService`: the one object the CLI, the UI and the evaluation use to talk to the agent."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Mapping
from datetime import date
from typing import Any, Literal

from langchain_core.runnables import RunnableConfig

from graph_agent.graph import build_graph
from graph_agent.planners.offline.planner import OfflinePlanner
from graph_agent.result import Citation, EntityRef, Trace, TurnResult
from graph_agent.state import AblationSwitches, AgentContext
from graph_agent.toolbox import Toolbox, ToolSpec, load_intent_map, load_registry
from shabgraph.errors import AgentError, InputError, ShabgraphError
from shabgraph.settings import Settings
from tools.base import ToolContext

MAX_QUESTION_CHARS = 2000
"""Longer questions are refused (a pasted document is not a question)."""


class AgentService:
    """Answers questions on threads; each turn's trace is stored with its thread."""

    def __init__(
        self,
        settings: Settings,
        driver: Any,
        checkpointer: Any,
        planner: Literal["offline", "llm"] = "offline",
        switches: AblationSwitches | None = None,
        max_rounds: int | None = None,
        chat_model: Any = None,
        *,
        tools: Mapping[str, ToolSpec] | None = None,
        intent_tools: Mapping[str, list[str]] | None = None,
    ) -> None:
        self.settings = settings
        self.switches = switches or AblationSwitches()
        self.max_rounds = settings.max_reflection_rounds if max_rounds is None else max_rounds
        ctx = ToolContext(
            driver=driver,
            database=settings.neo4j_database,
            structured_only=self.switches.structured_only,
        )
        self.toolbox = Toolbox(
            tools if tools is not None else load_registry(), ctx, intent_tools or load_intent_map()
        )
        self.planner_name = planner
        if planner == "llm":
            from graph_agent.planners.llm.planner import LLMPlanner, make_chat_model

            self.planner: Any = LLMPlanner(
                chat_model or make_chat_model(settings),
                self.toolbox,
                timeout_s=settings.llm_timeout,
            )
        else:
            self.planner = OfflinePlanner()
        self.graph = build_graph(checkpointer)

    def _context(self) -> AgentContext:
        return AgentContext(
            driver=self.toolbox.ctx.driver,
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
    ) -> TurnResult:
        """Answer one question on a thread."""
        result: TurnResult | None = None
        async for event in self.astream(
            question, thread_id, selected_entity=selected_entity, as_of=as_of
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
    ) -> AsyncIterator[dict[str, Any] | TurnResult]:
        """Progress events (route, tool, reflection, answer) as dicts, then the TurnResult."""
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
                if mode == "custom":
                    yield chunk
                else:
                    final = chunk
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

    async def focus(self, thread_id: str) -> list[EntityRef]:
        """The entities a follow-up on this thread would refer to."""
        snap = await self.graph.aget_state(self._config(thread_id))
        return [EntityRef.model_validate(e) for e in (snap.values or {}).get("focus", [])]
