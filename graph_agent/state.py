"""The agent's state (persisted per thread by the checkpointer) and its run-time context.

State values are plain JSON-ready dicts and lists (model dumps), so that any checkpointer can store
them and a thread written by one process can be read by another.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypedDict

from pydantic import BaseModel, Field

PlannerName = Literal["offline", "llm"]


class AblationSwitches(BaseModel):
    """The paper's architectural ablations."""

    no_router: bool = False
    """All tools are allowed every time (the router still classifies, for the trace)."""
    no_reflection: bool = False
    """A single retrieval round, no recovery."""
    structured_only: bool = False
    """Weak (text-extracted) nodes are ignored by the tools."""


class ToolCall(BaseModel):
    """A tool call chosen by the act step."""

    tool: str
    """Tool name."""
    args: dict[str, Any] = Field(default_factory=dict)
    """Arguments (validated by the tool's own model)."""
    purpose: str = ""
    """Why the planner chose it (shown in the trace)."""
    call_id: str | None = None
    """The LLM's tool-call id, when the LLM planner chose it."""


class Slots(BaseModel):
    """What the offline router read from the question besides its intent."""

    language: Literal["de", "fr", "it", "en"] = "en"
    """Language of the question (the answer is written in it)."""
    spans: list[str] = Field(default_factory=list)
    """Candidate entity mentions, best first."""
    uid: str | None = None
    """A UID written in the question."""
    as_of: str | None = None
    """A reference date (ISO) from the question or the caller."""
    date_from: str | None = None
    """Start of a period (ISO)."""
    date_to: str | None = None
    """End of a period (ISO)."""
    canton: str | None = None
    """Canton code (ZH, GE, ...)."""
    seat: str | None = None
    """A place named as a filter."""
    legal_form: str | None = None
    """eCH-0097 legal-form code."""
    metric: str | None = None
    """Ranking metric (capital, mandates, events)."""
    event_type: str | None = None
    """Event type of the extraction schema (registration, merger, bankruptcy, ...)."""
    sub_rubric: str | None = None
    """HR01 / HR02 / HR03 when the question names one."""
    aspect: str | None = None
    """Which part of a neighbourhood is asked for (board, branches, mandates, mergers, ...)."""
    role: str | None = None
    """A role the question asks about (president, auditor, ...)."""
    past: bool = False
    """The question asks about earlier holders or former state ("vorher", "previously")."""
    other: bool = False
    """The question asks for the *other* items ("his other mandates")."""
    follow_up: bool = False
    """The question refers back to an earlier entity (pronoun, "ses", "his")."""
    limit: int = 10
    """Size of a ranking."""
    text: str | None = None
    """A phrase to search in the notice texts."""
    attribute: str | None = None
    """One company attribute asked about (capital, seat, registered, name), see `attributes`."""
    entity_kind: Literal["company", "person"] | None = None
    """Kind of entity the question asks about, when it says so."""


def _keep_last(_old: Any, new: Any) -> Any:
    return new


class AgentState(TypedDict, total=False):
    """One thread's state. Memory keys survive turns; the others are reset by `intake`."""

    # --- input of a turn
    question: str
    """The user's question."""
    as_of: str | None
    """Reference date given by the caller (ISO), overrides the question's."""
    selected_entity: dict[str, Any] | None
    """EntityRef the UI's dossier is open on."""
    # --- memory (kept across turns)
    focus: list[dict[str, Any]]
    """EntityRefs resolved by earlier turns, most recent first."""
    history: list[dict[str, Any]]
    """One line per earlier turn: question, intent, form."""
    traces: Annotated[list[dict[str, Any]], operator.add]
    """Trace of every finished turn, in order (stored with the thread)."""
    # --- working area of the current turn
    started: float
    """perf_counter() at the start of the turn."""
    route: dict[str, Any] | None
    """RouteDecision."""
    slots: dict[str, Any]
    """Slots."""
    carried: list[dict[str, Any]]
    """EntityRefs carried into this turn."""
    entities: list[dict[str, Any]]
    """EntityRefs resolved in this turn."""
    pending: list[dict[str, Any]]
    """ToolCalls for the tools node."""
    steps: list[dict[str, Any]]
    """ToolSteps so far."""
    reflections: list[dict[str, Any]]
    """Reflections so far."""
    round: int
    """Rounds done."""
    complete: bool
    """The planner's last calls finish its plan if they return evidence."""
    homonyms: list[dict[str, Any]]
    """EntityRefs that tie for a mention (the user must choose)."""
    form: str | None
    """Synthesis form."""
    answer: str
    """Markdown answer."""
    records: list[dict[str, Any]]
    """Records the answer used."""
    citations: list[dict[str, Any]]
    """Citations of the answer."""
    error: str | None
    """Error message (with id) when the turn failed."""
    llm_calls: int
    """LLM calls in this turn."""
    tokens: int
    """LLM tokens in this turn."""
    mentioned: list[dict[str, Any]]
    """EntityRefs the answer lists (kept in focus for follow-ups)."""
    provenance: list[dict[str, Any]]
    """QueryTraces of the citation-date lookup."""
    form_reason: str
    """Why the synthesis state machine chose its form."""
    last_trace: Annotated[dict[str, Any] | None, _keep_last]
    """The trace of the turn just finished."""


@dataclass
class AgentContext:
    """Run-time dependencies of the graph (LangGraph `context`); never stored in the thread."""

    driver: Any
    """neo4j.Driver used by the tools."""
    planner: Any
    """An object implementing `graph_agent.planner.Planner`."""
    toolbox: Any
    """A `graph_agent.toolbox.Toolbox` (the tools, their context and their runner)."""
    switches: AblationSwitches = field(default_factory=AblationSwitches)
    """Ablation switches."""
    max_rounds: int = 4
    """Upper bound of the reflection loop."""
