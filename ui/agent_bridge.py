"""The chat's link to the agent: build it from the user's chat settings, stream one turn.

The app talks to any object with the `AgentBackend` shape, built by a factory named in
`SHABGRAPH_UI_AGENT_FACTORY` (`module:function`). The default factory builds the project's
`graph_agent.service.AgentService`; the UI tests name a scripted one, so the UI can be tested
without depending on the agent's answers. A turn streams on two channels: progress events (the
items of `astream`, shown as the run step's bullets) and the answer's text as the LLM writes it
(`on_token`, streamed into the answer message).
"""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack
from datetime import date
from typing import Any, Protocol

from neo4j import Driver
from pydantic import BaseModel

from graph_agent.checkpoint import open_checkpointer as open_agent_checkpointer
from graph_agent.result import EntityRef, PlannerName, TurnResult
from graph_agent.service import AgentService, TokenSink
from shabgraph.errors import ConfigError
from shabgraph.settings import Settings


class AgentOptions(BaseModel):
    """The per-user chat settings that change how the agent runs."""

    planner: PlannerName
    """Planner backend."""
    max_rounds: int
    """Reflection limit."""


class AgentBackend(Protocol):
    """What the chat needs from an agent."""

    def astream(
        self,
        question: str,
        thread_id: str,
        *,
        selected_entity: EntityRef | None = None,
        as_of: date | None = None,
        on_token: TokenSink | None = None,
    ) -> AsyncIterator[Any]:
        """Progress events, then the `TurnResult` as the last item; answer text to `on_token`."""
        ...


AgentFactory = Callable[[Settings, Driver, Any, AgentOptions], AgentBackend]


def load_factory(spec: str) -> AgentFactory:
    """Import `module:function`; a clear error when it does not exist."""
    module_name, _, attr = spec.partition(":")
    try:
        factory = getattr(importlib.import_module(module_name), attr or "create_agent")
    except (ImportError, AttributeError) as exc:
        raise ConfigError(
            f"agent factory {spec!r} cannot be loaded: {exc}",
            hint="check SHABGRAPH_UI_AGENT_FACTORY",
        ) from exc
    return factory  # type: ignore[no-any-return]


def create_agent(
    settings: Settings, driver: Driver, checkpointer: Any, options: AgentOptions
) -> AgentBackend:
    """The project's agent (graph_agent.service), configured from the chat settings."""
    return AgentService(
        settings, driver, checkpointer, planner=options.planner, max_rounds=options.max_rounds
    )


async def open_checkpointer(settings: Settings) -> tuple[Any, Callable[[], Awaitable[None]]]:
    """The agent's checkpointer (entered) and the closer that exits it at app shutdown."""
    stack = AsyncExitStack()
    saver = await stack.enter_async_context(open_agent_checkpointer(settings))
    return saver, stack.aclose


def event_text(event: Any) -> str:
    """A one-line description of a progress event (the agent's dicts, models or strings)."""
    if isinstance(event, str):
        return event
    data = event.model_dump() if isinstance(event, BaseModel) else event
    if not isinstance(data, dict):
        return str(event)
    kind = data.get("type")
    if kind == "route":
        return f"route: {data.get('intent')} → {', '.join(data.get('allowed_tools') or [])}"
    if kind == "tool":
        return (
            f"{data.get('tool')} (round {data.get('round')}): {data.get('outcome')}, "
            f"{data.get('rows')} rows, {float(data.get('ms') or 0):.0f} ms"
        )
    if kind == "reflection":
        return f"reflection {data.get('round')}: {data.get('decision')} — {data.get('reason')}"
    if kind == "answer":
        return f"answer composed ({data.get('form')})"
    for key in ("message", "text", "status"):
        if data.get(key):
            return str(data[key])
    return str(event)


def is_turn_result(item: Any) -> bool:
    """True for the final item of a stream."""
    return isinstance(item, TurnResult)
