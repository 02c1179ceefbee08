"""The agent's view of the graph tools: which exist, which an intent may use, and how to run one.

The tools themselves live in `tools/` (a colleague's package); this adapter only validates the
arguments with each tool's own model, runs the (synchronous) tool in a worker thread and turns any
failure into an `error` ToolResult, so that a broken tool never breaks a turn.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable, Mapping
from typing import Any

from neo4j.exceptions import ServiceUnavailable, SessionExpired
from pydantic import BaseModel, ValidationError

from shabgraph.errors import DatabaseUnavailable, ShabgraphError
from tools.base import ToolContext, ToolResult
from tools.intents import INTENT_TOOLS

FATAL_PREFIX = "Neo4j is unreachable"
"""Message prefix of an error that ends the turn (no later round can succeed)."""


class ToolSpec(BaseModel):
    """One tool as the agent sees it."""

    name: str
    """Tool name."""
    description: str
    """What it does (shown to the LLM)."""
    fn: Callable[..., Any]
    """`(ctx, args_model) -> ToolResult`."""
    args_model: type[BaseModel] | None = None
    """Pydantic model of the arguments."""


def _spec_from(name: str, obj: Any) -> ToolSpec:
    """Accept the registry's spec objects, or plain functions annotated with their args model."""
    fn = next((getattr(obj, a) for a in ("fn", "func", "function", "run") if hasattr(obj, a)), obj)
    model = next(
        (
            getattr(obj, a)
            for a in ("args_model", "args_schema", "model", "Args")
            if isinstance(getattr(obj, a, None), type)
        ),
        None,
    )
    if model is None and callable(fn):
        params = list(inspect.signature(fn).parameters.values())
        hints = getattr(fn, "__annotations__", {})
        if len(params) >= 2:
            ann = hints.get(params[1].name)
            if isinstance(ann, str):
                ann = fn.__globals__.get(ann)
            if isinstance(ann, type) and issubclass(ann, BaseModel):
                model = ann
    desc = getattr(obj, "description", None) or inspect.getdoc(fn) or name
    return ToolSpec(name=name, description=str(desc).strip(), fn=fn, args_model=model)


def load_registry() -> dict[str, ToolSpec]:
    """The tools of `tools.registry.TOOLS` (a mapping or a list of named specs)."""
    from tools import registry

    raw = registry.TOOLS
    items = (
        raw.items()
        if isinstance(raw, Mapping)
        else ((getattr(t, "name", None) or t.__name__, t) for t in raw)
    )
    return {name: _spec_from(name, obj) for name, obj in items}


def load_intent_map() -> dict[str, list[str]]:
    """The paper's Table S3 (`tools.intents.INTENT_TOOLS`), as lists."""
    return {str(k): list(v) for k, v in INTENT_TOOLS.items()}


class Toolbox:
    """Tools, the intent map and the tool context of one agent."""

    def __init__(
        self,
        tools: Mapping[str, ToolSpec],
        ctx: ToolContext,
        intent_tools: Mapping[str, list[str]] | None = None,
    ) -> None:
        self.tools = dict(tools)
        self.ctx = ctx
        self.intent_tools = dict(intent_tools or load_intent_map())

    def allowed(self, intent: str, *, no_router: bool = False) -> list[str]:
        """Tools the act step may call for an intent (all of them without the router)."""
        names = list(self.tools) if no_router else self.intent_tools.get(intent, list(self.tools))
        return [n for n in names if n in self.tools]

    def has(self, name: str) -> bool:
        """True when the tool exists."""
        return name in self.tools

    def args_schema(self, name: str) -> dict[str, Any]:
        """JSON schema of a tool's arguments (for LLM tool binding)."""
        model = self.tools[name].args_model
        return model.model_json_schema() if model else {"type": "object", "properties": {}}

    def run_sync(self, tool: str, args: dict[str, Any]) -> ToolResult:
        """Run one tool; every failure becomes an `error` result the agent can read."""
        start = time.perf_counter()
        spec = self.tools.get(tool)
        if spec is None:
            return _error(
                tool, args, f"unknown tool '{tool}'; available: {', '.join(self.tools)}", start
            )
        try:
            parsed: Any = spec.args_model.model_validate(args) if spec.args_model else args
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
        if not isinstance(result, ToolResult):
            return _error(
                tool, args, f"{tool} returned {type(result).__name__}, not a ToolResult", start
            )
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
