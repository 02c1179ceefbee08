"""The agent's state, persisted per thread by the checkpointer (the run-time context is `context`).

State values are plain JSON-ready dicts and lists (model dumps), so that any checkpointer can store
them and a thread written by one process can be read by another.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, Literal, TypedDict

from pydantic import BaseModel, Field

from graph_agent.result import SynthesisForm
from tools.intents import Intent


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
    fallback: bool = False
    """The offline rules chose it because the LLM's plan for the round was unusable."""


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
    at_least: int | None = None
    """Keep only ranked entities whose value reaches this ("in more than one company": 2)."""
    text: str | None = None
    """A phrase to search in the notice texts."""
    attribute: str | None = None
    """One company attribute asked about (capital, seat, registered, name), see `attributes`."""


def _keep_last(_old: Any, new: Any) -> Any:
    return new


class RouteRecord(TypedDict):
    """The router's decision as stored in the thread (a RouteDecision plus the routed task)."""

    intent: Intent
    """Classified intent."""
    allowed_tools: list[str]
    """Tools the act step may use."""
    reason: str
    """Why (rule that fired, the LLM's rationale, or the fallback's)."""
    task: str
    """Finer task within the intent (count, top, text, history, network, lookup, any)."""


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
    route: RouteRecord | None
    """The router's decision (set by `route`)."""
    slots: dict[str, Any]
    """What the router read from the question (a Slots dump)."""
    carried: list[dict[str, Any]]
    """EntityRefs carried into this turn."""
    entities: list[dict[str, Any]]
    """EntityRefs resolved in this turn."""
    pending: list[dict[str, Any]]
    """ToolCall dumps the act step chose, for the tools node to run."""
    steps: list[dict[str, Any]]
    """ToolStep dumps so far, with the call's `call_id`, `purpose`, `citations` and `linking`."""
    reflections: list[dict[str, Any]]
    """Reflection dumps so far, one per round."""
    round: int
    """Rounds done."""
    complete: bool
    """The planner's last calls finish its plan if they return evidence."""
    homonyms: list[dict[str, Any]]
    """EntityRefs that tie for a mention (the user must choose)."""
    form: SynthesisForm | None
    """The answer's shape, fixed by the synthesis state machine."""
    answer: str
    """Markdown answer."""
    records: list[dict[str, Any]]
    """Records the answer used."""
    citations: list[dict[str, Any]]
    """Citations of the answer."""
    error: str | None
    """Error message (with id) when the turn failed."""
    fallbacks: list[str]
    """Steps the offline rules decided because the LLM's output was unusable, and why."""
    llm_down: str | None
    """Why the LLM endpoint failed in this turn (timeout, server error); then it is not called again."""
    call_checks: list[str]
    """LLM tool calls refused, stopped or changed by the checks, and why (for the trace)."""
    structured_method: str | None
    """How the router's structured output was asked for in this turn (json_schema, tools, text)."""
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
