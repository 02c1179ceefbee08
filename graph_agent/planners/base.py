"""The interface both planners implement, so the state graph is the same whichever runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pydantic import BaseModel, Field

from graph_agent.result import EntityRef, PlannerName
from graph_agent.state import Slots, ToolCall
from tools.intents import Intent


class RouteOut(BaseModel):
    """What the route step decided."""

    intent: Intent
    """Intent of the question."""
    task: str = "any"
    """Finer task within the intent (count, top, text, history, network, lookup)."""
    reason: str = ""
    """Why."""
    slots: Slots = Field(default_factory=Slots)
    """Filled slots."""
    fallback: str = ""
    """Why the LLM's output was unusable and the offline rules routed instead (empty: they did not)."""
    llm_down: str = ""
    """Set when the endpoint failed (timeout, server error): the turn asks the LLM no more."""
    method: str = ""
    """How the structured route was asked for (json_schema, tools, text; empty: no LLM call)."""
    llm_calls: int = 0
    """LLM calls made."""
    tokens: int = 0
    """LLM tokens used."""


class ActOut(BaseModel):
    """What the act step chose."""

    calls: list[ToolCall] = Field(default_factory=list)
    """Tool calls for this round (empty: nothing more to do)."""
    complete: bool = True
    """The calls finish the plan if they return evidence (no further round needed)."""
    note: str = ""
    """Why (for the trace)."""
    fallback: str = ""
    """Why the LLM's plan was unusable and the offline rules chose instead (empty: they did not)."""
    llm_down: str = ""
    """Set when the endpoint failed (timeout, server error): the turn asks the LLM no more."""
    checks: list[str] = Field(default_factory=list)
    """LLM tool calls the checks refused, stopped (repeats) or changed (altered ids), and why."""
    reroute: RouteOut | None = None
    """The offline route the fallback decided under, when it differs from the turn's (LLM) route:
    the offline rules' calls need their own intent, task and slots."""
    llm_calls: int = 0
    """LLM calls made."""
    tokens: int = 0
    """LLM tokens used."""


class SynthOut(BaseModel):
    """The synthesised answer."""

    answer: str
    """Markdown answer."""
    llm_calls: int = 0
    """LLM calls made."""
    tokens: int = 0
    """LLM tokens used."""
    note: str = ""
    """E.g. why the template was kept instead of the LLM's text."""


class TurnView(BaseModel):
    """The part of the state a planner reads (typed, so planners do not poke into dicts)."""

    question: str
    """The question."""
    intent: Intent = "all"
    """Routed intent."""
    task: str = "any"
    """Routed task."""
    allowed: list[str] = Field(default_factory=list)
    """Tools allowed."""
    slots: Slots = Field(default_factory=Slots)
    """Slots."""
    focus: list[EntityRef] = Field(default_factory=list)
    """Entities carried over (selected entity first)."""
    entities: list[EntityRef] = Field(default_factory=list)
    """Entities linked in this turn."""
    homonyms: list[EntityRef] = Field(default_factory=list)
    """Tied candidates found in this turn."""
    steps: list[dict[str, Any]] = Field(default_factory=list)
    """Tool steps so far."""
    round: int = 0
    """Rounds done."""
    history: list[dict[str, Any]] = Field(default_factory=list)
    """Earlier turns (question, intent)."""
    llm_down: str = ""
    """Why the LLM endpoint failed earlier in this turn (empty: it did not); the LLM planner then
    decides by the offline rules without calling it again."""


class Planner(Protocol):
    """Route, act, synthesise: the three decisions of a turn."""

    @property
    def name(self) -> PlannerName:
        """Which planner this is (recorded in the trace)."""
        ...

    async def route(self, view: TurnView, tool_names: list[str]) -> RouteOut:
        """Classify the question and fill slots."""
        ...

    async def act(self, view: TurnView) -> ActOut:
        """Choose this round's tool calls."""
        ...

    async def synthesize(
        self, view: TurnView, form: str, draft: str, on_token: Callable[[str], None] | None = None
    ) -> SynthOut:
        """Write the answer in the form fixed by the state machine, from the cited draft."""
        ...
