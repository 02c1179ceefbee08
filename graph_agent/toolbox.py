"""The agent's view of the graph tools: which exist, which an intent may use, and how to run one.

The tools, their specs and the intent map live in `tools/` (`tools.registry.TOOLS`,
`tools.intents.INTENT_TOOLS`); this adapter only validates the arguments with each tool's own
model, runs the (synchronous) tool in a worker thread and turns any failure into an `error`
ToolResult, so that a broken tool never breaks a turn.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import Any

from neo4j.exceptions import ServiceUnavailable, SessionExpired
from pydantic import ValidationError

from shabgraph.errors import DatabaseUnavailable, ShabgraphError
from tools.base import ToolContext, ToolResult
from tools.intents import INTENT_TOOLS, Intent
from tools.registry import TOOLS, ToolSpec

FATAL_PREFIX = "Neo4j is unreachable"
"""Message prefix of an error that ends the turn (no later round can succeed)."""


class Toolbox:
    """Tools, the intent map and the tool context of one agent."""

    def __init__(
        self,
        ctx: ToolContext,
        tools: Mapping[str, ToolSpec] | None = None,
        intent_tools: Mapping[Intent, tuple[str, ...]] | None = None,
    ) -> None:
        self.ctx = ctx
        """Driver, database and switches every tool runs with."""
        self.tools: dict[str, ToolSpec] = dict(TOOLS if tools is None else tools)
        """The tools by name (the registry's, or a test's replacement)."""
        self.intent_tools: dict[Intent, tuple[str, ...]] = dict(
            INTENT_TOOLS if intent_tools is None else intent_tools
        )
        """Intent -> the tools the act step may call for it."""

    def allowed(self, intent: Intent, *, no_router: bool = False) -> list[str]:
        """Tools the act step may call for an intent (all of them without the router)."""
        names = list(self.tools) if no_router else self.intent_tools.get(intent, list(self.tools))
        return [n for n in names if n in self.tools]

    def args_schema(self, name: str) -> dict[str, Any]:
        """JSON schema of a tool's arguments (for LLM tool binding)."""
        return self.tools[name].args_model.model_json_schema()

    def run_sync(self, tool: str, args: dict[str, Any]) -> ToolResult:
        """Run one tool; every failure becomes an `error` result the agent can read."""
        start = time.perf_counter()
        spec = self.tools.get(tool)
        if spec is None:
            return _error(
                tool, args, f"unknown tool '{tool}'; available: {', '.join(self.tools)}", start
            )
        try:
            parsed = spec.args_model.model_validate(args)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()
            )
            return _error(tool, args, f"invalid arguments for {tool}: {problems}", start)
        try:
            result = spec.fn(self.ctx, parsed)
        except (ServiceUnavailable, SessionExpired, DatabaseUnavailable, OSError) as exc:
            return _error(
                tool,
                args,
                f"{FATAL_PREFIX} ({type(exc).__name__}); the turn stops "
                "here, nothing was lost: retry once the database is back",
                start,
            )
        except ShabgraphError as exc:
            return _error(tool, args, f"{tool} failed [{exc.error_id}]: {exc}", start)
        except Exception as exc:  # a tool bug must not kill the conversation
            return _error(tool, args, f"{tool} failed: {type(exc).__name__}: {exc}", start)
        if _looks_unreachable(result) and not result.message.startswith(FATAL_PREFIX):
            result = result.model_copy(update={"message": f"{FATAL_PREFIX}: {result.message}"})
        return result

    async def run(self, tool: str, args: dict[str, Any]) -> ToolResult:
        """Run one tool in a worker thread (the Neo4j driver is synchronous)."""
        return await asyncio.to_thread(self.run_sync, tool, args)


def _looks_unreachable(result: ToolResult) -> bool:
    msg = result.message.lower()
    return result.outcome == "error" and (
        "unreachable" in msg or "serviceunavailable" in msg or "connection refused" in msg
    )


def _error(tool: str, args: dict[str, Any], message: str, start: float) -> ToolResult:
    return ToolResult(
        tool=tool,
        args=args,
        outcome="error",
        message=message,
        ms=(time.perf_counter() - start) * 1000,
    )


def is_fatal(message: str) -> bool:
    """True when an error message means no further round can succeed."""
    return message.startswith(FATAL_PREFIX)
