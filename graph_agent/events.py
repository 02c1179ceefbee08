"""The agent's custom stream: step progress for live UIs, and the answer's tokens.

Nodes write events with `emit`; `AgentService` yields the progress kinds and hands `token` events
to its token sink, so a UI never has to tell an answer's text from a step.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from langgraph.runtime import Runtime

from graph_agent.context import AgentContext

EventKind = Literal["route", "tool", "reflection", "answer", "token"]
"""Kinds of the custom stream's events; `token` is answer text, the others are step progress."""
TOKEN: Final = "token"
"""The event kind `AgentService` routes to its token sink instead of the progress stream."""


def emit(runtime: Runtime[AgentContext], kind: EventKind, **data: Any) -> None:
    """A progress event for live UIs (`stream_mode="custom"`)."""
    runtime.stream_writer({"type": kind, **data})
