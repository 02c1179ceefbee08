"""The LLM router's structured output, read from a native call or from JSON in the text.

A weak model may ignore the forced `RouterOutput` call and write the object in its reply; both
are validated by the same model, so the route is as well-formed either way.
"""

from __future__ import annotations

from typing import Literal

from langchain_core.messages import AIMessage
from pydantic import BaseModel, Field, ValidationError

from graph_agent.planners.llm import repair as R
from graph_agent.planners.offline.slots import fill_slots
from graph_agent.state import Slots
from shabgraph.errors import LLMError
from tools.intents import Intent


class RouterOutput(BaseModel):
    """Classify a commercial-register question and extract its slots."""

    intent: Intent
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


def router_output(reply: AIMessage) -> RouterOutput:
    """The router's decision: its `RouterOutput` call, or that object written as JSON in the text.

    Raises LLMError when neither is there or the object does not validate.
    """
    call = next((c for c in reply.tool_calls if c["name"] == "RouterOutput"), None)
    text = reply.content if isinstance(reply.content, str) else str(reply.content)
    args = call["args"] if call else R.object_in_text(text, "intent")
    if args is None:
        raise LLMError("the router did not call RouterOutput (malformed structured output)")
    try:
        return RouterOutput.model_validate(args)
    except ValidationError as exc:
        raise LLMError(f"the router's output is invalid: {exc.error_count()} errors") from exc


def slots_of(out: RouterOutput, question: str, as_of: str | None) -> Slots:
    """The agent's slots from the router's output (the UID is read by rule: models alter digits)."""
    ruled = fill_slots(question, as_of)
    return Slots(
        language=out.language,
        spans=out.mentions,
        uid=ruled.uid,
        as_of=as_of or out.as_of,
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
