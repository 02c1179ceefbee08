# mypy: disallow-untyped-calls=False
# (Chainlit's `ErrorMessage.send` is unannotated.)
"""Failures as the user sees them: a clear message with an error id; details in the log.

Used for exceptions (`report_error`) and for turns the agent ended with an error of its own,
such as Neo4j being unreachable (`report_turn_error`): the user can quote the id, the log holds
what happened under it.
"""

from __future__ import annotations

import logging
import uuid

import chainlit as cl

from graph_agent.result import TurnResult
from shabgraph.errors import ShabgraphError
from shabgraph.markdown import escape_inline

log = logging.getLogger("shabgraph.ui")


def new_error_id() -> str:
    """A short id to quote."""
    return uuid.uuid4().hex[:8]


async def send_error(text: str, error_id: str) -> None:
    """The error message the user sees."""
    await cl.ErrorMessage(content=f"{escape_inline(text)} (error id {error_id})").send()


async def report_error(exc: BaseException) -> None:
    """A clear message with an id for the user; the details go to the log under that id."""
    error_id = getattr(exc, "error_id", None) or new_error_id()
    if isinstance(exc, ShabgraphError):
        log.warning("[%s] %s", error_id, exc, exc_info=exc)
        text = str(exc)
    else:
        log.error("[%s] unexpected error", error_id, exc_info=exc)
        text = "something went wrong on our side"
    await send_error(text, error_id)


async def report_turn_error(result: TurnResult) -> None:
    """The error a turn ended with (its trace shows where), as a message with an id."""
    if not result.trace.error:
        return
    error_id = new_error_id()
    log.warning(
        "[%s] turn on thread %s ended with an error: %s",
        error_id,
        result.thread_id,
        result.trace.error,
    )
    await send_error(result.trace.error, error_id)
