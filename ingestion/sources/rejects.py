"""Records that could not be read: where they are, why, and what they looked like.

A bad record never stops a batch: parsers yield a `Reject` in its place and carry on, the reader
counts them and the `parse` command writes them to a JSONL reject file next to its output.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

RejectReason = Literal[
    "malformed_json",
    "malformed_xml",
    "truncated",
    "encoding",
    "no_text",
    "unknown_schema",
    "unknown_format",
    "invalid_record",
    "not_commercial_register",
    "duplicate",
    "unreadable",
]
"""Why a record was rejected (one stable code per kind of bad input)."""

EXCERPT_CHARS = 300
"""How much of a bad record is kept in the reject file."""


class Reject(BaseModel):
    """One record (or whole file) that could not be turned into a `Publication`."""

    path: str
    """File path or URL."""
    location: str | None = None
    """Line number, JSON pointer, element index or byte offset within the file."""
    reason: RejectReason
    """Kind of bad input."""
    detail: str = ""
    """Human-readable explanation (parser message, missing field, first occurrence)."""
    excerpt: str = ""
    """The start of the bad record as read, for a human to look at."""


def excerpt_of(raw: str | bytes) -> str:
    """The first `EXCERPT_CHARS` characters of a raw record, decoded leniently."""
    if isinstance(raw, bytes):
        raw = raw[: EXCERPT_CHARS * 4].decode("utf-8", errors="replace")
    return raw[:EXCERPT_CHARS]
