"""Types every graph tool shares: its context, its result and the trace of its queries.

A tool is a plain function `(ctx: ToolContext, args: <ArgsModel>) -> ToolResult`. The agent, the
CLI and the UI only ever see `ToolResult`, so an answer can always be audited: which Cypher ran,
with which parameters, how many rows came back, how long it took, and which publications stand
behind each returned fact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from neo4j import Driver
from pydantic import BaseModel, Field

Outcome = Literal["evidence", "empty", "error"]


@dataclass(frozen=True)
class ToolContext:
    """What a tool needs to run; injected by the caller, never global."""

    driver: Driver
    """An open Neo4j driver (from `shabgraph.db.create_driver`)."""
    database: str = "neo4j"
    """Database name."""
    structured_only: bool = False
    """Ablation switch: ignore weak nodes (text-extracted entities)."""
    timeout_s: float = 10.0
    """Per-query timeout."""
    max_rows: int = 200
    """Row cap per query; more rows set `truncated`."""


class QueryTrace(BaseModel):
    """One Cypher query as it ran, for the audit trail (replayable with `shabgraph cypher`)."""

    cypher: str
    """The query text."""
    params: dict[str, Any] = Field(default_factory=dict)
    """Its parameters (JSON-serialisable)."""
    rows: int = 0
    """Rows returned."""
    ms: float = 0.0
    """Wall time in milliseconds."""
    truncated: bool = False
    """True when the row cap cut the result."""


class ToolResult(BaseModel):
    """The outcome of one tool call."""

    tool: str
    """Tool name, e.g. `search_companies`."""
    args: dict[str, Any] = Field(default_factory=dict)
    """Arguments as validated."""
    outcome: Outcome
    """`evidence` (rows found), `empty` (ran fine, nothing found) or `error`."""
    message: str = ""
    """A sentence for the agent: what was found, or why nothing, or what to try next."""
    records: list[dict[str, Any]] = Field(default_factory=list)
    """Returned facts as JSON-ready dicts; each carries `pubs` (publication numbers) if any."""
    citations: list[str] = Field(default_factory=list)
    """All publication numbers behind the records, de-duplicated, in order of appearance."""
    queries: list[QueryTrace] = Field(default_factory=list)
    """Every query the tool ran."""
    truncated: bool = False
    """True when any query hit its row cap."""
    ms: float = 0.0
    """Total wall time in milliseconds."""
