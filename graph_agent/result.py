"""What one turn of the agent returns: the contract for the CLI, the UI and the evaluation.

The agent package may add fields; it must not remove or rename these.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from tools.base import Outcome, QueryTrace
from tools.intents import Intent

PlannerName = Literal["offline", "llm"]
"""Which planner decides a turn: the rule-based one or the LLM."""
SynthesisForm = Literal["table", "dossier", "timeline", "network", "count", "negative", "error"]
"""The answer's shape, fixed by what the turn gathered."""


class EntityRef(BaseModel):
    """An entity resolved during a conversation (carried over to follow-up turns)."""

    id: str
    """Graph id (Company.id or Person.id)."""
    kind: Literal["company", "person"]
    """Node kind."""
    name: str
    """Display name."""
    uid: str | None = None
    """UID for companies."""


class Citation(BaseModel):
    """A notice behind a fact of the answer."""

    pub_number: str
    """Publication number, e.g. HR02-1006747585."""
    pub_date: str | None = None
    """Publication date (ISO)."""


class RouteDecision(BaseModel):
    """The router's decision."""

    intent: Intent
    """Classified intent."""
    allowed_tools: list[str]
    """Tools the act step may use."""
    reason: str = ""
    """Why (rule that fired, or the LLM's rationale)."""


class ToolStep(BaseModel):
    """One tool call within the reflection loop."""

    round: int
    """Reflection round (1-based)."""
    tool: str
    """Tool name."""
    args: dict[str, Any] = Field(default_factory=dict)
    """Arguments as called."""
    outcome: Outcome
    """What the tool reported."""
    message: str = ""
    """The tool's feedback to the agent."""
    purpose: str = ""
    """Why the planner made the call."""
    fallback: bool = False
    """The offline rules made it because the LLM's plan for the round was unusable."""
    queries: list[QueryTrace] = Field(default_factory=list)
    """Cypher that ran, with parameters, rows and time."""
    records: list[dict[str, Any]] = Field(default_factory=list)
    """Returned records."""
    rows: int = 0
    """Number of records."""
    ms: float = 0.0
    """Wall time."""


class Reflection(BaseModel):
    """A reflection decision after a round."""

    round: int
    """Round it concerns."""
    decision: Literal["continue", "finish"]
    """Loop again or go to synthesis."""
    reason: str
    """Why."""


class Trace(BaseModel):
    """The structured audit record of one turn."""

    question: str
    """The user's question."""
    planner: PlannerName
    """Which planner ran."""
    route: RouteDecision | None = None
    """Router decision."""
    carried_over: list[EntityRef] = Field(default_factory=list)
    """Entities taken from earlier turns (or the selected entity)."""
    steps: list[ToolStep] = Field(default_factory=list)
    """Tool calls in order."""
    reflections: list[Reflection] = Field(default_factory=list)
    """Reflection decisions in order."""
    synthesis_form: SynthesisForm | None = None
    """Form chosen by the synthesis state machine."""
    llm_calls: int = 0
    """LLM calls made in this turn."""
    tokens: int = 0
    """LLM tokens used in this turn."""
    total_ms: float = 0.0
    """Wall time of the turn."""
    error: str | None = None
    """Set when the turn ended on an error (with its id)."""
    form_reason: str = ""
    """Why the synthesis state machine chose `synthesis_form`."""
    fallbacks: list[str] = Field(default_factory=list)
    """Steps where the LLM's output was unusable and the offline rules decided instead, and why:
    `<step>: fell back to the offline planner: <reason>`."""
    fell_back: bool = False
    """At least one step of the turn fell back to the offline planner (the evaluation's share of
    turns that fell back is the mean of this)."""
    call_checks: list[str] = Field(default_factory=list)
    """LLM tool calls the checks refused, stopped (a repeat) or changed (an altered id), and why."""
    structured_method: str | None = None
    """How the LLM router's structured output was asked for (json_schema, tools, text)."""
    provenance_queries: list[QueryTrace] = Field(default_factory=list)
    """The query that dated the cited notices (not a planner step)."""


class TurnResult(BaseModel):
    """The answer to one question, with everything needed to audit it."""

    thread_id: str
    """Conversation id (shared by the checkpointer and the UI thread)."""
    answer: str
    """Markdown answer; factual sentences cite publications."""
    trace: Trace
    """Audit record."""
    records: list[dict[str, Any]] = Field(default_factory=list)
    """Records the answer used."""
    citations: list[Citation] = Field(default_factory=list)
    """Notices cited."""
    entities: list[EntityRef] = Field(default_factory=list)
    """Entities resolved in this turn (the focus for follow-ups)."""
