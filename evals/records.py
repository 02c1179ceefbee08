"""What a system returns for one benchmark item, and the scored record written to the report.

Every system (the agent and its ablations, the flat-RAG baselines) is reduced to a
`SystemOutput`, so all metrics are computed the same way for all of them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Family = Literal["graph", "flat"]


class SystemOutput(BaseModel):
    """One answer of one system, with what it retrieved and how."""

    answer: str
    """The answer text (flat baselines offline: the retrieved documents themselves)."""
    context: str = ""
    """All retrieved evidence as text (tool records or document texts)."""
    retrieved: int = 0
    """Retrieved documents (flat) or tool calls (graph)."""
    docs: list[str] = Field(default_factory=list)
    """Publication numbers of the retrieved documents, best first (flat systems)."""
    tools: list[str] = Field(default_factory=list)
    """Tools called, in order (graph systems)."""
    tool_outcomes: list[str] = Field(default_factory=list)
    """Outcome of each tool call: `evidence`, `empty` or `error`."""
    citations: list[str] = Field(default_factory=list)
    """Publication numbers the answer cites."""
    error: str | None = None
    """Set when the system failed (exception or an error trace)."""
    latency_ms: float = 0.0
    """Wall time of the call."""
    trace: dict[str, Any] | None = None
    """The full audit trace (graph systems) for the per-question records."""


class ItemRecord(BaseModel):
    """One scored row of the report (a question, or one turn of a conversation)."""

    system: str
    """System name (`full`, `dense`, ...)."""
    family: Family
    """Graph agent or flat retrieval."""
    suite: str
    """Benchmark suite."""
    item_id: str
    """Question id, or conversation id."""
    turn: int | None = None
    """0-based turn index for conversations."""
    question: str
    """The question text."""
    language: str
    """Language of the question."""
    task_type: str
    """Task family."""
    difficulty: int
    """Difficulty level 1-3."""
    needs_context: bool = False
    """Conversational turn that needs carried-over context."""
    expected_tools: list[str] = Field(default_factory=list)
    """Tools the item expects."""
    output: SystemOutput
    """What the system returned."""
    correctness: float
    """Share of reference facts present in the answer."""
    fact_reasons: list[str] = Field(default_factory=list)
    """Why each fact counted as present or missing."""
    evidence: float
    """Share of reference facts present in the retrieved context."""
    token_recall: float
    """Share of the reference answer's content tokens present in the retrieved context."""
    by_k: dict[str, dict[str, float]] = Field(default_factory=dict)
    """Flat systems: correctness, token recall and documents at each retrieval depth k."""
    judge: dict[str, float] = Field(default_factory=dict)
    """LLM-judge scores (faithfulness, correctness, answer_relevance, information_recall)."""
