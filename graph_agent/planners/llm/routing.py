"""The LLM router's structured output, and how it becomes the agent's slots.

The object is asked for by the strongest structured-output method the endpoint offers
(`shabgraph.structured`); a weak model's near misses (unknown keys, a wrong optional value) are
dropped there. What the rules read reliably from the words (dates, the UID, the language, the
attribute asked about) stays theirs; the model adds what it was asked for explicitly.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from graph_agent.planners.offline.slots import fill_slots, fold
from graph_agent.state import Slots
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
    at_least: int | None = Field(None, ge=2)
    """With metric 'mandates': keep persons at this many companies or more (more than one: 2)."""


RULED = frozenset({"language", "as_of", "date_from", "date_to", "canton"})
"""Slots the rules read from the words whenever they are there (a model misreads dates)."""


def in_question(mention: str, question: str) -> bool:
    """True when the mention's words are in the question (a weak model invents names)."""
    words = fold(mention).split()
    folded = fold(question)
    return bool(words) and all(w in folded for w in words)


def slots_of(out: RouterOutput, question: str, as_of: str | None) -> Slots:
    """The rules' slots, with what the model set explicitly on top (see RULED for the limits)."""
    ruled = fill_slots(question, as_of)
    given = {
        k: getattr(out, k)
        for k in out.model_fields_set
        if k in Slots.model_fields and not (k in RULED and getattr(ruled, k))
    }
    mentions = [m for m in out.mentions if in_question(m, question)]
    if mentions:
        given["spans"] = mentions
    copied = fold(out.text or "").strip(" ?.!") == fold(question).strip(" ?.!")
    if out.intent != "deep_text" or copied:
        given.pop("text", None)  # words to search only for a text search, never the question
    given.pop("uid", None)  # the UID is read by rule: models alter digits
    if as_of:
        given["as_of"] = as_of
    return ruled.model_copy(update=given)
