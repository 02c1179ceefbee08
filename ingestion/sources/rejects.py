"""Records that could not be read: where they are, why, and what they looked like.

A bad record never stops a batch: parsers yield a `Reject` in its place and carry on, the reader
counts them, `parse` writes them to a JSONL reject file next to its output and `ingest` to its
own reject file. Every text of a reject is made safe to write as JSON (a binary or mis-decoded
file leaves lone surrogates in Python strings, which no JSON encoder accepts).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, field_validator

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
    "conflicting_duplicate",
    "too_large",
    "too_deep",
    "date_out_of_range",
    "write_failed",
    "unreadable",
]
"""Why a record was rejected (one stable code per kind of bad input)."""

EXCERPT_CHARS = 300
"""How much of a bad record is kept in the reject file."""

_SURROGATES = re.compile("[\ud800-\udfff]")


def safe_text(text: str) -> str:
    """`text` with lone surrogates (undecodable bytes, broken escapes) shown as U+FFFD."""
    return _SURROGATES.sub("\ufffd", text)


class Reject(BaseModel):
    """One record (or whole file) that could not be turned into a `Publication`."""

    path: str
    """File path or URL."""
    location: str | None = None
    """Line number, JSON pointer, element index or byte offset within the file."""
    reason: RejectReason
    """Kind of bad input."""
    field: str | None = None
    """The field at fault (`after.name`, `text`, `publication_date`, `record`, `file`), if one."""
    size: int | None = None
    """Its size (characters, bytes, items or nesting levels) when the reason is a limit."""
    limit: int | None = None
    """The limit it broke (the setting is named in `detail`)."""
    detail: str = ""
    """Human-readable explanation (parser message, missing field, first occurrence)."""
    excerpt: str = ""
    """The start of the bad record as read, for a human to look at."""

    @field_validator("path", "location", "detail", "excerpt", "field")
    @classmethod
    def _safe(cls, value: str | None) -> str | None:
        return None if value is None else safe_text(value)


def excerpt_of(raw: str | bytes) -> str:
    """The first `EXCERPT_CHARS` characters of a raw record, decoded leniently."""
    if isinstance(raw, bytes):
        raw = raw[: EXCERPT_CHARS * 4].decode("utf-8", errors="replace")
    return safe_text(raw[:EXCERPT_CHARS])


def too_deep(path: str, location: str, depth: int, limit: int, excerpt: str) -> Reject:
    """The reject of a record nested deeper than `limit` (`depth` may be a lower bound)."""
    return Reject(
        path=path,
        location=location,
        reason="too_deep",
        field="record",
        size=depth,
        limit=limit,
        detail=f"record nested {depth:,}+ levels deep, at most {limit} (ingest_max_depth)",
        excerpt=excerpt,
    )


def too_large(path: str, location: str, size: int, limit: int, excerpt: str) -> Reject:
    """The reject of a raw record of `size` bytes, past `limit`."""
    return Reject(
        path=path,
        location=location,
        reason="too_large",
        field="record",
        size=size,
        limit=limit,
        detail=f"record of {size:,} bytes, at most {limit:,} (ingest_max_record_bytes)",
        excerpt=excerpt,
    )
