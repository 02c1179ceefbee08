"""The agent's tools as MCP tools: listed with the agent's schemas, called through the same code.

Listing takes each `ToolSpec` of `tools.registry.TOOLS` as it is (name, description, the JSON
schema of its pydantic argument model), so an MCP client and the agent's LLM planner see exactly
the same parameters. A call is validated by that same model (its error names the field), runs the
same tool function in a worker thread (the Neo4j driver is synchronous) with the server's limits,
and returns `McpToolOutput` both as structured content and as its JSON text.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import anyio
import orjson
from mcp import types
from pydantic import ValidationError

from mcp_server.results import OUTPUT_SCHEMA, McpToolOutput, PubDates, dumped, tool_output
from shabgraph.errors import ShabgraphError
from tools.base import ToolContext, ToolResult
from tools.registry import TOOLS, ToolSpec


@dataclass(frozen=True)
class Toolset:
    """The tools one server offers, with the context (driver, timeout, row cap) they run with."""

    ctx: ToolContext
    """Driver, database, query timeout and row cap of every call."""
    max_result_bytes: int
    """Largest JSON result sent back (see `mcp_server.results.tool_output`)."""
    specs: Mapping[str, ToolSpec] = field(default_factory=lambda: dict(TOOLS))
    """The tools by name: the agent's registry."""
    dates: PubDates = field(default_factory=PubDates)
    """Publication dates read by earlier calls of this server."""

    def listing(self) -> list[types.Tool]:
        """Every tool with the agent's description and argument schema; all are read-only."""
        return [
            types.Tool(
                name=spec.name,
                description=spec.description,
                inputSchema=spec.args_model.model_json_schema(),
                outputSchema=OUTPUT_SCHEMA,
                annotations=types.ToolAnnotations(
                    readOnlyHint=True,
                    destructiveHint=False,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            )
            for spec in self.specs.values()
        ]

    async def call(self, name: str, arguments: dict[str, Any] | None) -> types.CallToolResult:
        """Validate, run and package one call; every failure is an `isError` result, not a crash."""
        started = time.perf_counter()
        raw = dict(arguments or {})
        spec = self.specs.get(name)
        if spec is None:
            return _error(name, raw, f"Unknown tool '{name}'. Available: {', '.join(self.specs)}.")
        try:
            args = spec.args_model.model_validate(raw)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg']}" for e in exc.errors()
            )
            return _error(name, raw, f"Invalid arguments for {name}: {problems}.", started)
        try:
            output = await anyio.to_thread.run_sync(self.run, spec, args)
        except ShabgraphError as exc:
            return _error(name, raw, f"{name} failed [{exc.error_id}]: {exc}", started)
        except Exception as exc:  # a tool bug must not take the server down
            return _error(name, raw, f"{name} failed: {type(exc).__name__}: {exc}", started)
        return _packaged(output)

    def run(self, spec: ToolSpec, args: Any) -> McpToolOutput:
        """Run one validated call synchronously and package it (what `call` runs in a thread)."""
        result: ToolResult = spec.fn(self.ctx, args)
        return tool_output(self.ctx, result, self.max_result_bytes, self.dates)


def _packaged(output: McpToolOutput) -> types.CallToolResult:
    """The output as structured content and as JSON text (for clients that read text only).

    Dumped once, by the size limit already for a tool's result (`results.dumped`).
    """
    data, raw = dumped(output)
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=raw.decode())],
        structuredContent=data,
        isError=output.outcome == "error",
    )


def _error(
    name: str, raw: dict[str, Any], message: str, started: float | None = None
) -> types.CallToolResult:
    ms = round((time.perf_counter() - started) * 1000, 2) if started is not None else 0.0
    args = orjson.loads(orjson.dumps(raw, default=str))
    return _packaged(McpToolOutput(tool=name, args=args, outcome="error", message=message, ms=ms))
