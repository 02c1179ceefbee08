"""One exception hierarchy for the whole project.

Every error a user can see derives from `ShabgraphError`, carries a one-line cause and a hint of
what to do, and gets a short id so that a message in the UI can be found in the log.
"""

from __future__ import annotations

import uuid


class ShabgraphError(Exception):
    """Base of all expected errors; `str()` is the one-line message shown to users."""

    exit_code = 1

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.error_id = uuid.uuid4().hex[:8]

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message


class ConfigError(ShabgraphError):
    """Settings are missing or contradictory."""


class ServerError(ShabgraphError):
    """The managed Neo4j server cannot be installed, started or stopped."""


class DatabaseUnavailable(ShabgraphError):
    """Neo4j cannot be reached or refuses the credentials."""


class InputError(ShabgraphError):
    """A file or record given by the user cannot be read."""


class ToolError(ShabgraphError):
    """A graph tool failed; the message is written for the agent to act on."""


class CypherRejected(ToolError):
    """The Cypher sandbox refused a query; `reason` says which rule refused it."""

    exit_code = 3

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class AgentError(ShabgraphError):
    """A turn of the agent could not be completed."""


class LLMError(ShabgraphError):
    """The LLM endpoint failed, timed out or answered something unusable."""


class LLMUnavailable(LLMError):
    """The endpoint timed out, refused the connection or failed (5xx): no model output at all."""


class LLMUnsupported(LLMError):
    """The server refused a request feature (a JSON-schema response format, tool calling)."""


class LLMUnusable(LLMError):
    """The model answered, but its reply held nothing the caller could use."""
