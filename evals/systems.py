"""The systems under evaluation, each reduced to `answer(text, thread_id) -> SystemOutput`.

Graph systems are the agent (`graph_agent.service.AgentService`) with its ablation switches;
flat systems retrieve notices with `evals.baselines`. Flat retrieval also reports a depth sweep
(k = 5, 10, 20 from one retrieval at the deepest k) for the paper's Tables S22 to S25.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Literal, Protocol

from neo4j import Driver

from evals import baselines
from evals.embedder import Embedder
from evals.records import Family, SystemOutput
from shabgraph.settings import Settings

SYSTEMS = ("full", "dense", "lexical", "hybrid", "no-router", "no-reflection", "structured-only")
FLAT = ("dense", "lexical", "hybrid")
SWITCHES: dict[str, dict[str, bool]] = {
    "full": {},
    "no-router": {"no_router": True},
    "no-reflection": {"no_reflection": True},
    "structured-only": {"structured_only": True},
}
K_MAIN = 20
"""The paper's selected depth for the flat baselines."""
K_SWEEP = (5, 10, 20)
MAX_CONTEXT_CHARS = 200_000
"""Cap on the context text kept per answer (a huge dossier must not bloat the records)."""


class System(Protocol):
    """Anything the runner can ask."""

    name: str
    """System name as in the report."""
    family: Family
    """`graph` or `flat`."""

    async def answer(self, text: str, thread_id: str) -> SystemOutput:
        """Answer one question (or one turn of the conversation `thread_id`)."""
        ...


def docs_output(docs: list[baselines.Doc], ms: float) -> SystemOutput:
    """A flat system's output: offline, the retrieved notices are the answer."""
    text = "\n\n".join(f"[{d.pub}] {d.text}" for d in docs)
    return SystemOutput(
        answer=text,
        context=text,
        retrieved=len(docs),
        docs=[d.pub for d in docs],
        citations=[d.pub for d in docs],
        latency_ms=ms,
    )


class FlatSystem:
    """A flat-RAG baseline over Event documents."""

    family: Family = "flat"

    def __init__(
        self,
        mode: Literal["dense", "lexical", "hybrid"],
        driver: Driver,
        database: str,
        embedder: Embedder,
        k: int = K_MAIN,
    ) -> None:
        self.name: str = mode
        self.mode = mode
        self.driver = driver
        self.database = database
        self.embedder = embedder
        self.k = k
        self.last_sweep: dict[int, SystemOutput] = {}

    def _retrieve(self, text: str, k: int) -> tuple[list[baselines.Doc], list[baselines.Doc]]:
        lexical = (
            baselines.lexical_search(self.driver, self.database, text, k)
            if self.mode in ("lexical", "hybrid")
            else []
        )
        dense = (
            baselines.dense_search(self.driver, self.database, self.embedder, text, k)
            if self.mode in ("dense", "hybrid")
            else []
        )
        return lexical, dense

    def _at(
        self, lexical: list[baselines.Doc], dense: list[baselines.Doc], k: int
    ) -> list[baselines.Doc]:
        if self.mode == "lexical":
            return lexical[:k]
        if self.mode == "dense":
            return dense[:k]
        return baselines.rrf([lexical[:k], dense[:k]], k)

    async def answer(self, text: str, thread_id: str) -> SystemOutput:
        """Retrieve at the deepest k once; keep the sweep in `last_sweep`, answer at `self.k`."""
        start = time.perf_counter()
        try:
            lexical, dense = await asyncio.to_thread(self._retrieve, text, max(*K_SWEEP, self.k))
        except Exception as exc:  # a baseline failure is a measured outcome, not a crash
            ms = (time.perf_counter() - start) * 1000
            self.last_sweep = {}
            return SystemOutput(answer="", error=f"{type(exc).__name__}: {exc}", latency_ms=ms)
        ms = (time.perf_counter() - start) * 1000
        self.last_sweep = {k: docs_output(self._at(lexical, dense, k), ms) for k in K_SWEEP}
        return docs_output(self._at(lexical, dense, self.k), ms)


def _context_of(steps: list[Any]) -> str:
    parts = [json.dumps(s.records, ensure_ascii=False, default=str) for s in steps if s.records]
    return "\n".join(parts)[:MAX_CONTEXT_CHARS]


class AgentSystem:
    """The agent, or one of its ablations."""

    family: Family = "graph"

    def __init__(self, name: str, service: Any) -> None:
        self.name = name
        self.service = service

    async def answer(self, text: str, thread_id: str) -> SystemOutput:
        """Ask the agent; an exception is recorded as a failed query, never raised."""
        start = time.perf_counter()
        try:
            result = await self.service.ask(text, thread_id)
        except Exception as exc:
            ms = (time.perf_counter() - start) * 1000
            return SystemOutput(answer="", error=f"{type(exc).__name__}: {exc}", latency_ms=ms)
        ms = (time.perf_counter() - start) * 1000
        steps = result.trace.steps
        return SystemOutput(
            answer=result.answer,
            context=_context_of(steps),
            retrieved=len(steps),
            tools=[s.tool for s in steps],
            tool_outcomes=[s.outcome for s in steps],
            citations=[c.pub_number for c in result.citations],
            error=result.trace.error,
            latency_ms=ms,
            trace=result.trace.model_dump(mode="json"),
        )


def make_agent_service(
    settings: Settings, driver: Driver, checkpointer: Any, switches: dict[str, bool]
) -> Any:
    """Build an `AgentService` with the given ablation switches (the agent's public contract)."""
    from graph_agent.service import AgentService
    from graph_agent.state import AblationSwitches

    return AgentService(
        settings,
        driver,
        checkpointer,
        planner=settings.effective_planner,
        switches=AblationSwitches(**switches),
        max_rounds=settings.max_reflection_rounds,
    )


def memory_checkpointer() -> Any:
    """An in-memory checkpointer: evaluation threads need no persistence across runs."""
    from langgraph.checkpoint.memory import InMemorySaver

    return InMemorySaver()
